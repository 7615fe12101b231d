#!/usr/bin/env node
// The same render code, three outputs.
//
// Trees: every catalogue document (conformance documents and
// component fixtures, example apps, narrow layouts, auto-renderer outputs) and every gallery
// view (`target/gallery`) drawn natively by `prefab-test`'s `trees` example and in Chromium
// by the viewer, compared as normalised trees: elements with their attributes and text, white
// space collapsed. A difference fails, with its path. Every document runs in wasm2js (the
// engine the default CSP gets) and every `--sample`th (default 5) in wasm too: the two are
// one compiled program, which catalog.mjs, a11y.mjs and e2e.mjs run in full under each.
// `--catalogue-checked`: `catalog.mjs --trees` compared the catalogue in wasm2js already
// (`cargo xtask test` runs it so), so wasm2js compares the other documents only.
//
// Scenarios (`prefab-renderer/tests/scenarios/*.json`: actions, forms, conditions and
// loops, toolCall chains, host actions, widgets driven by pointer and keys, streaming):
// replayed natively by `prefab-test`'s `scenarios` example and in Chromium inside the test
// host (the viewer in a host frame, its requests answered by the scenario's tools); the view's
// tree at the end and every request it sent the host are compared (each scenario in
// wasm2js, the `--sample`th in wasm too).
//
//   cargo build -p prefab-test --examples
//   node prefab-renderer/tests/equivalence.mjs --pages target/pages --trees target/debug/examples/trees
//        --scenarios target/debug/examples/scenarios [--only <substring>] [--sample N]
//        [--catalogue-checked] [--quiet]
//
// Left out of the comparison, because they come from layout the native document does not
// have (COMPATIBILITY.md, "The native renderer"): the geometry a chart computes from its
// measured width (its SVG after the first draw), listed in `LAYOUT`.
// Ends with `N passed, N failed`.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { catalogue, documentPages, renderIn } from "./catalog.mjs";
import { documents } from "./streaming.mjs";
import { difference, native, pageDifference, pageTree, withoutLayout } from "./trees.mjs";
import { PAGES_OPTION, STANDALONE_POLICY, cli, policyFor, tally, watchedPage, withHost } from "../../xtask/testhost/index.mjs";

const SCENARIOS = new URL("scenarios/", import.meta.url).pathname;

/** Every scenario: `{ name, order?, partials?, result?, tools?, steps }` (`order: "early"`: the tool's data before the initialize answer). */
function scenarios() {
  return readdirSync(SCENARIOS)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ name: f, ...JSON.parse(readFileSync(join(SCENARIOS, f), "utf8")) }));
}

/** The element a step names, in the view's frame (Playwright's own role, label and text queries). */
function locate(frame, step) {
  if (step.role) return frame.getByRole(step.role, { name: step.name, exact: true });
  if (step.label) return frame.getByLabel(step.label, { exact: true });
  return frame.getByText(step.text, { exact: true });
}

/** A host step (`{"host": …}`): the view's answer when the host asked something, else undefined. */
async function hostStep(view, step) {
  switch (step.host) {
    case "call-tool":
      // A refusal comes back as AppBridge's ProtocolError: compared by its message.
      return view.call("callTool", { name: step.name, arguments: step.arguments ?? {} }).catch((e) => ({ error: e.message.replace(/^[^]*ProtocolError: /, "").split("\n")[0] }));
    case "list-tools":
      return view.call("listTools", {});
    case "teardown": {
      const done = await view.teardown(3000);
      if (!done.ok) throw new Error(`teardown: ${JSON.stringify(done)}`);
      return done.result;
    }
    case "host-context":
      return void (await view.setHostContext(step.context));
    case "tool-result":
      return void (await view.call("sendToolResult", step.result));
    default:
      throw new Error(`unknown host step ${step.host}`);
  }
}

async function act(view, step) {
  const frame = view.frame();
  switch (step.do) {
    case "click":
      return locate(frame, step).click({ timeout: 5000 });
    case "fill":
      return locate(frame, step).fill(step.text, { timeout: 5000 });
    case "type":
      await locate(frame, step).click({ timeout: 5000 });
      return locate(frame, step).pressSequentially(step.text);
    case "check":
      return locate(frame, step).check({ timeout: 5000 });
    case "select":
      await locate(frame, step).click({ timeout: 5000 });
      return frame.getByRole("option", { name: step.option, exact: true }).click({ timeout: 5000 });
    case "press":
      return view.page.keyboard.press(step.key);
    default:
      throw new Error(`unknown step ${step.do}`);
  }
}

/** One scenario in the browser: the view's tree at the end and its requests. */
async function replay(host, pages, csp, scenario) {
  const tools = scenario.tools ?? {};
  const view = await host.open({
    app: join(pages, "viewer.html"),
    csp,
    order: scenario.order ?? "normal",
    toolInputPartial: scenario.partials ?? [],
    toolInput: scenario.result ? {} : null,
    toolResult: scenario.result,
    handlers: { "tools/call": (params) => tools[params.name] ?? { content: [] } },
  });
  try {
    await view.ready();
    await view.settle({ quietMs: 300 });
    const answers = [];
    for (const step of scenario.steps) {
      if (step.host) {
        const answer = await hostStep(view, step);
        if (answer !== undefined) answers.push(answer);
      } else {
        await act(view, step);
      }
      await view.settle({ quietMs: 200 });
    }
    const tree = await view.frame().evaluate(pageTree);
    const sent = (await view.transcript()).filter((e) => e.dir === "view->host" && e.kind === "request" && e.method !== "ui/initialize");
    return { tree, requests: sent.map((e) => ({ method: e.method, params: e.message.params })), answers };
  } finally {
    await view.close();
  }
}

async function scenarioSuite(host, opts, check) {
  const list = scenarios().filter((s) => s.name.includes(opts.only));
  const mine = native(opts.scenarios, list);
  for (const [engine, csp] of [["wasm2js", "default"], ["wasm", "default+wasm"]]) {
    for (const scenario of sampled(list, engine, opts)) {
      let problem = null;
      try {
        const browser = await replay(host, opts.pages, csp, scenario);
        const nat = mine[scenario.name];
        problem = difference(withoutLayout(["root", {}, ...nat.tree.slice(2)]), withoutLayout(["root", {}, ...browser.tree]));
        const [a, b] = [JSON.stringify(nat.requests), JSON.stringify(browser.requests)];
        if (!problem && a !== b) problem = `requests: native ${a} ≠ browser ${b}`;
        const [x, y] = [JSON.stringify(nat.answers), JSON.stringify(browser.answers)];
        if (!problem && x !== y) problem = `answers to the host: native ${x} ≠ browser ${y}`;
      } catch (e) {
        problem = `did not replay: ${e.message.split("\n")[0]}`;
      }
      check(`[${engine}] scenario ${scenario.name}`, problem === null, problem ? `native ≠ browser at ${problem}` : "");
    }
  }
}

/**
 * The documents `engine` compares: in wasm2js all of them, but for the catalogue when
 * `--catalogue-checked` says catalog.mjs compared it already (`catalog.mjs --trees`, which
 * renders it anyway); in wasm every `--sample`th document (1: all).
 */
function sampled(list, engine, opts, catalogued = new Set()) {
  const every = Math.max(1, Number.parseInt(opts.sample, 10) || 1);
  if (engine === "wasm2js") return opts["catalogue-checked"] ? list.filter((d) => !catalogued.has(d.name)) : list;
  return list.filter((_, i) => i % every === 0);
}

async function main() {
  const opts = cli("equivalence.mjs", { pages: PAGES_OPTION, trees: { type: "string" }, scenarios: { type: "string" }, only: { type: "string", default: "" }, sample: { type: "string", default: "5" }, "catalogue-checked": { type: "boolean" }, quiet: { type: "boolean" } });
  if (!opts.trees || !opts.scenarios) throw new Error("--trees and --scenarios: the example binaries of prefab-test (cargo build -p prefab-test --examples)");
  const seen = new Set();
  const catalogued = new Set(catalogue().docs.map((d) => d.name));
  const docs = [...catalogue().docs, ...documents().docs].filter((d) => !seen.has(d.name) && seen.add(d.name) && d.name.includes(opts.only));
  const trees = native(opts.trees, docs);
  const { check, finish } = tally({ quiet: opts.quiet });
  const engines = [
    ["wasm2js", STANDALONE_POLICY],
    ["wasm", policyFor("default+wasm")],
  ];
  await withHost(async (host) => {
    for (const [engine, policy] of engines) {
      const files = documentPages(opts.pages, policy);
      const { page } = await watchedPage(host.context, { viewport: { width: 1024, height: 800 } });
      for (const doc of sampled(docs, engine, opts, catalogued)) {
        let problem = null;
        try {
          await renderIn(page, files.url(doc.envelope));
          problem = await pageDifference(page, trees, doc.name);
        } catch (e) {
          problem = `did not render: ${e.message.split("\n")[0]}`;
        }
        check(`[${engine}] ${doc.name}`, problem === null, problem ? `native ≠ browser at ${problem}` : "");
      }
      await page.close();
      files.remove();
    }
    await scenarioSuite(host, opts, check);
  });
  finish();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
