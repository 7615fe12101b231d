#!/usr/bin/env node
// Command line of the test host: opens one view, lets it settle, takes the clicks, tears it
// down, prints the JSON-RPC transcript and checks the expectations.
//
//   node xtask/testhost/run.mjs --app view.html --csp default --tool-result payload.json \
//       --expect-text Hello
//
// Exit status: 0 when the handshake completed, the view went quiet and every expectation
// holds; 1 otherwise (each failure printed as `FAIL: …` on stderr); 2 for bad arguments.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PRESETS, launch, toolResult } from "./index.mjs";

const USAGE = `usage: node run.mjs --app VIEW.html [options]
  --csp PRESET          default (no WebAssembly, connect-src 'none') | default+wasm
  --ui FILE|JSON        the resource's _meta.ui ({"csp": {"resourceDomains": [...]}, "permissions": {...}})
  --order ORDER         normal | early (tool data before the initialize answer) | none
  --tool-input FILE     tool-input arguments (JSON object)
  --tool-result FILE    tool result: a $prefab envelope or a CallToolResult
  --click SELECTOR      click inside the view once it settled (repeatable)
  --expect METHOD       fail unless the view sent METHOD (repeatable)
  --expect-text TEXT    fail unless the view's text contains TEXT (repeatable)
  --settle MS           quiet time that counts as settled (default 500)
  --timeout MS          give up after MS (default 15000)
  --out FILE            write {transcript, state, viewText, cspViolations, console, policy} as JSON
  --quiet               print only the summary`;

const json = (text) => JSON.parse(text.trim().startsWith("{") ? text : readFileSync(text, "utf8"));

export function parseArgs(argv) {
  const o = { clicks: [], expect: [], expectText: [], settle: 500, timeout: 15000 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`);
      return argv[++i];
    };
    const number = () => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < 0) throw new Error(`${flag}: not a number of milliseconds`);
      return n;
    };
    switch (flag) {
      case "--app": o.app = value(); break;
      case "--csp": o.csp = value(); break;
      case "--ui": o.ui = json(value()); break;
      case "--order": o.order = value(); break;
      case "--tool-input": o.toolInput = json(value()); break;
      case "--tool-result": o.toolResult = toolResult(json(value())); break;
      case "--click": o.clicks.push(value()); break;
      case "--expect": o.expect.push(value()); break;
      case "--expect-text": o.expectText.push(value()); break;
      case "--settle": o.settle = number(); break;
      case "--timeout": o.timeout = number(); break;
      case "--out": o.out = value(); break;
      case "--quiet": o.quiet = true; break;
      case "--help": case "-h": console.log(USAGE); process.exit(0); break;
      default: throw new Error(`unknown argument ${flag}`);
    }
  }
  if (!o.app) throw new Error("--app is required");
  if (o.csp !== undefined && !PRESETS.includes(o.csp)) throw new Error(`--csp: expected one of ${PRESETS.join(", ")}`);
  if (o.order !== undefined && !["normal", "early", "none"].includes(o.order)) throw new Error("--order: expected normal, early or none");
  return o;
}

function line(e) {
  const body = JSON.stringify(e.message?.params ?? e.message?.result ?? e.message?.error ?? "");
  const id = e.id === null ? "" : `#${e.id} `;
  return `${String(e.t).padStart(8)}ms ${e.dir.padEnd(11)} ${e.kind.padEnd(12)} ${id}${e.method ?? ""} ${body.length > 140 ? `${body.slice(0, 137)}...` : body}`;
}

async function main(o) {
  const host = await launch();
  try {
    const view = await host.open({ app: o.app, csp: o.csp, ui: o.ui, order: o.order, toolInput: o.toolInput, toolResult: o.toolResult });
    const problems = [];
    const initialized = await view.ready(o.timeout).then(() => true, () => false);
    if (!initialized) problems.push("the view did not complete the ui/initialize handshake");
    let settled = await view.settle({ quietMs: o.settle, timeoutMs: o.timeout });
    for (const selector of o.clicks) {
      await view.click(selector);
      settled = (await view.settle({ quietMs: o.settle, timeoutMs: o.timeout })) && settled;
    }
    if (!settled) problems.push("the view did not go quiet before the timeout");
    const viewText = (await view.text()) ?? "";
    const cspViolations = await view.cspViolations();
    const teardown = await view.teardown();
    const transcript = await view.transcript();
    const state = await view.state();
    const sent = new Set(transcript.filter((e) => e.dir === "view->host").map((e) => e.method));
    for (const method of o.expect) if (!sent.has(method)) problems.push(`the view never sent ${method}`);
    for (const text of o.expectText) if (!viewText.includes(text)) problems.push(`the view's text lacks ${JSON.stringify(text)}`);
    if (o.out) writeFileSync(o.out, JSON.stringify({ policy: view.policy, transcript, state, viewText, cspViolations, console: view.console }, null, 2));
    if (!o.quiet) for (const e of transcript) console.log(line(e));
    console.log(`policy: ${view.policy}`);
    console.log(`initialized=${initialized} settled=${settled} teardown=${JSON.stringify(teardown)} messages=${transcript.length} cspViolations=${cspViolations.length}`);
    for (const v of cspViolations) console.log(`csp violation: ${v.effectiveDirective} ${v.blockedURI || "(inline)"}`);
    for (const p of problems) console.error(`FAIL: ${p}`);
    return problems.length ? 1 : 0;
  } finally {
    await host.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`run.mjs: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  process.exitCode = await main(options).catch((error) => {
    console.error(`run.mjs: ${error.stack ?? error}`);
    return 1;
  });
}
