#!/usr/bin/env node
// Streaming mount through the MCP Apps test host: every conformance wire document
// (`conformance/wire/documents`) and every gallery view (`target/gallery/*.json`, written by
// `cargo test -p prefab-examples --test gallery`) is streamed into the viewer as `render_ui`
// arguments, the way a host forwards a model's tool call while it is being written: the
// arguments' JSON text cut every 32 bytes, each cut healed like a host heals partial JSON
// (open strings, arrays and objects closed; a dangling key, colon or comma dropped) and sent
// as `ui/notifications/tool-input-partial`, then the tool result. Documents alternate between
// the two shapes `render_ui` accepts: `{"view": <envelope>}` and
// `{"view": <component>, "state": …}` (the result then wraps the component in the root Div).
//
// Checked after every message, inside the view (a `message` listener added after the
// renderer's, so it runs once the renderer has handled the message): no "Unknown component"
// placeholder, no error box; every component node whose JSON text has been received whole
// (marked through an `id` the test gives it) keeps its DOM element, connected, from that step
// to the end; the root element, once drawn, is never drawn again (it grows in place). After the result: the view's DOM equals a one-shot mount of the final document in
// a fresh view (serialized `<body>`, generated ids renumbered in order of appearance), and no
// page error or console error. Both CSP presets, so both engines (wasm2js, wasm).
//
// With `--native target/debug/examples/streams` every document is also streamed natively by
// `prefab-test` with the same plan and checks, and `--sample N` limits the browser to N
// documents (CI: all natively, 4 per engine in Chromium).
//
//   cargo test -p prefab-examples --test gallery   # writes target/gallery
//   node prefab-renderer/tests/streaming.mjs --pages target/pages [--only <substring>] [--quiet]
//        [--native target/debug/examples/streams --sample 4]
//
// Ends with `N passed, N failed`.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PAGES_OPTION, PRESETS, cli, tally, toolResult, withHost } from "../../xtask/testhost/index.mjs";

const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const CUT = 32;

/** The documents streamed: `{ name, envelope }`. */
export function documents(root = ROOT) {
  const jsonFiles = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => join(dir, f)) : []);
  const read = (file) => JSON.parse(readFileSync(file, "utf8"));
  const docs = [];
  for (const file of jsonFiles(join(root, "conformance/wire/documents"))) docs.push({ name: `documents/${basename(file)}`, envelope: read(file) });
  const gallery = jsonFiles(join(root, "target/gallery"));
  for (const file of gallery) docs.push({ name: `gallery/${basename(file)}`, envelope: read(file) });
  return { docs, gallery: gallery.length };
}

/**
 * Heals a prefix of a JSON text the way MCP Apps hosts heal a tool call's partial arguments:
 * an open string is closed (a cut escape dropped), a cut number keeps its digits, open arrays
 * and objects are closed, a dangling key, colon or comma (or a cut `true`/`null`) is dropped.
 * Returns the healed text, or `undefined` when nothing is usable yet.
 */
export function heal(text) {
  const stack = [];
  const closers = () => stack.map((c) => (c.t === "{" ? "}" : "]")).reverse().join("");
  let safe;
  const mark = (len) => {
    safe = text.slice(0, len) + closers();
  };
  const valueDone = () => {
    const top = stack.at(-1);
    if (top) top.s = "next";
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const top = stack.at(-1);
    if (c === " " || c === "\n" || c === "\t" || c === "\r") {
      i++;
    } else if (c === "{" || c === "[") {
      stack.push({ t: c, s: c === "{" ? "key" : "value" });
      mark(++i);
    } else if (c === "}" || c === "]") {
      stack.pop();
      valueDone();
      mark(++i);
    } else if (c === ":") {
      top.s = "value";
      i++;
    } else if (c === ",") {
      top.s = top.t === "{" ? "key" : "value";
      i++;
    } else if (c === '"') {
      let j = i + 1;
      let cut = -1;
      while (j < n && text[j] !== '"') {
        if (text[j] === "\\") {
          const width = text[j + 1] === "u" ? 6 : 2;
          if (j + width > n) {
            cut = j;
            break;
          }
          j += width;
        } else {
          j++;
        }
      }
      if (cut >= 0 || j >= n) {
        if (top?.t === "{" && top.s === "key") break; // a dangling key
        return `${text.slice(0, cut >= 0 ? cut : n)}"${closers()}`;
      }
      if (top?.t === "{" && top.s === "key") {
        top.s = "colon";
      } else {
        valueDone();
        mark(j + 1);
      }
      i = j + 1;
    } else {
      let j = i;
      while (j < n && !" \t\n\r,:]}".includes(text[j])) j++;
      const token = text.slice(i, j);
      if (j < n || ["true", "false", "null"].includes(token)) {
        valueDone();
        mark(j);
        i = j;
        continue;
      }
      const digits = token.replace(/[^0-9]+$/, "");
      if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(digits)) return text.slice(0, i) + digits + closers();
      break;
    }
  }
  return safe;
}

/** Containers that draw their items themselves (tab trigger and panel, accordion item):
 * when an item is appended the container is drawn again and its items' own elements with
 * it, so only the items' contents are marked. */
const ITEM_CONTAINERS = new Set(["Tabs", "Pages", "Accordion"]);

/** A copy of `envelope` whose static component nodes (through `children`, not into a
 * `ForEach` template) get an id (`s1`, `s2`, …) as their last key when they have none: the
 * marks (the items of `ITEM_CONTAINERS` get none, nor does the root Div: `render_ui`'s result
 * wraps a bare component in a root Div without one). */
function withIds(envelope) {
  const copy = structuredClone(envelope);
  const ids = [];
  const walk = (node, item) => {
    if (!node || typeof node !== "object" || typeof node.type !== "string") return;
    if (node.id === undefined && !item && node !== copy.view) {
      node.id = `s${ids.length + 1}`;
      ids.push(node.id);
    }
    if (node.type !== "ForEach" && Array.isArray(node.children)) node.children.forEach((c) => walk(c, ITEM_CONTAINERS.has(node.type)));
  };
  walk(copy.view);
  return { copy, ids };
}

/** The stream of one document: arguments per step, ids finished at each step, the result. */
function plan(envelope, index) {
  const { copy: final, ids } = withIds(envelope);
  // Odd documents whose view is the root Div around one component stream as
  // `{"view": <component>, …rest}`; the others as `{"view": <envelope>}`.
  const root = final.view;
  const bare = index % 2 === 1 && root?.type === "Div" && root.cssClass === "pf-app-root" && root.children?.length === 1 && Object.keys(root).length === 4;
  let args;
  if (bare) {
    const { $prefab: _, view: __, ...rest } = final;
    args = { view: root.children[0], ...rest };
  } else {
    args = { view: final };
  }
  // A marked node's text ends just after its id, its last key.
  const text = JSON.stringify(args);
  const ends = new Map(ids.map((id) => {
    const key = `"id":${JSON.stringify(id)}}`;
    return [id, text.indexOf(key) + key.length];
  }));
  const steps = [];
  const finishing = [];
  for (let cut = CUT; ; cut += CUT) {
    const at = Math.min(cut, text.length);
    const healed = heal(text.slice(0, at));
    if (healed !== undefined) {
      const list = [];
      for (const [id, end] of ends) if (end <= at && end > at - CUT) list.push(id);
      steps.push(JSON.parse(healed));
      finishing.push(list);
    }
    if (at === text.length) break;
  }
  // Ids finished before the first usable step belong to it.
  for (const [id, end] of ends) if (end <= CUT && !finishing[0]?.includes(id)) finishing[0]?.push(id);
  return { final, steps, finishing, bare, marked: ids.length };
}

/** Installs the per-message checks in the view. */
function installChecks(frame, finishing) {
  return frame.evaluate((finishing) => {
    const st = (window.__stream = { step: -1, result: false, problems: [], marks: new Map(), waiting: new Set(), seen: 0 });
    const check = (where) => {
      const bad = document.querySelector(".pf-error,.pf-unknown");
      if (bad) st.problems.push(`${where}: ${bad.className} ${bad.dataset.path ?? bad.dataset.type ?? ""} ${bad.textContent.slice(0, 100)}`);
      for (const id of st.waiting) {
        const el = document.getElementById(id);
        if (el) {
          st.marks.set(id, el);
          st.waiting.delete(id);
          el.__streamMark = where;
        }
      }
      // The root Div's own props come before its children: once drawn, it is patched in
      // place (children appended), never drawn again, so focus and scroll inside survive.
      const root = document.getElementById("root")?.firstElementChild;
      if (root && !root.classList.contains("pf-pending") && !root.classList.contains("pf-waiting")) {
        st.root ??= root;
        if (st.root !== root) {
          st.problems.push(`${where}: the root element was drawn again`);
          st.root = root;
        }
      }
      for (const [id, el] of st.marks) {
        if (!el.isConnected || document.getElementById(id) !== el) {
          st.problems.push(`${where}: #${id} (complete since ${el.__streamMark}) was replaced`);
          st.marks.delete(id);
        }
      }
    };
    addEventListener("message", (e) => {
      const method = e.data?.method;
      if (method === "ui/notifications/tool-input-partial") {
        st.step++;
        for (const id of finishing[st.step] ?? []) st.waiting.add(id);
        check(`step ${st.step}`);
      } else if (method === "ui/notifications/tool-result") {
        st.result = true;
        check("result");
        st.seen = st.marks.size;
      }
    });
  }, finishing);
}

/** `<body>` serialized, generated ids (and their references) renumbered by appearance. */
function snapshot(frame) {
  return frame.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const html = document.body.innerHTML;
    const ids = [...new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]))].filter((id) => /\d/.test(id) && !/^s\d+$/.test(id));
    let out = html;
    ids.forEach((id, i) => {
      out = out.replace(new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`, "g"), `ID${i}`);
    });
    return out;
  });
}

async function streamOne(host, pages, csp, doc, index) {
  const { final, steps, finishing, bare, marked } = plan(doc.envelope, index);
  const problems = [];
  // Every refusal fails: the gallery's media view has a `data:` Image, which the renderer
  // draws without a fetch, so the test host's `img-src 'none'` refuses nothing.
  const open = (cfg) => host.open({ app: join(pages, "viewer.html"), csp, toolInput: null, ...cfg });
  const v = await open({});
  try {
    await v.ready();
    const frame = v.frame();
    await installChecks(frame, finishing);
    await v.page.evaluate(async (list) => {
      for (const args of list) await window.testhost.call("sendToolInputPartial", { arguments: args });
    }, steps);
    await frame.waitForFunction((n) => window.__stream.step === n - 1, steps.length, { timeout: 60000 });
    await v.call("sendToolResult", toolResult(final));
    await frame.waitForFunction(() => window.__stream.result, null, { timeout: 10000 });
    const streamed = await snapshot(frame);
    const st = await frame.evaluate(() => ({ problems: window.__stream.problems, kept: window.__stream.seen }));
    problems.push(...st.problems.slice(0, 5));
    if (st.problems.length > 5) problems.push(`… ${st.problems.length - 5} more`);
    const one = await open({ toolResult: toolResult(final) });
    try {
      await one.ready();
      await one.frame().waitForFunction(() => !document.querySelector(".pf-waiting") && document.getElementById("root")?.firstElementChild, null, { timeout: 10000 });
      const reference = await snapshot(one.frame());
      if (reference !== streamed) {
        let at = 0;
        while (at < reference.length && reference[at] === streamed[at]) at++;
        problems.push(`final DOM differs from a one-shot mount at ${at}: one-shot …${reference.slice(Math.max(0, at - 80), at + 120)}… streamed …${streamed.slice(Math.max(0, at - 80), at + 120)}…`);
      }
      // Page errors, and console errors a one-shot mount of the same document does not log.
      // CSP refusals are left out: the default policy refuses the stylesheet's data: icons
      // either way, and while a document streams its images load from their URLs as written
      // so far.
      const known = new Set(one.console);
      const errors = [...v.console, ...one.console].filter((l) => l.startsWith("[pageerror]") || (l.startsWith("[error]") && !known.has(l) && !l.includes("Failed to load resource") && !l.includes("Content Security Policy")));
      if (errors.length) problems.push(`console: ${errors.slice(0, 3).join(" | ")}`);
    } finally {
      await one.close();
    }
    return { problems, steps: steps.length, marked, kept: st.kept, shape: bare ? "component" : "envelope" };
  } finally {
    await v.close();
  }
}

/**
 * Every document streamed natively by `prefab-test`'s `streams` example (the same plan, the
 * same checks after every message and at the end).
 */
function nativeSuite(binary, docs, check) {
  const plans = docs.map((doc) => {
    const { final, steps, finishing } = plan(doc.envelope, docs.indexOf(doc));
    return { name: doc.name, steps, finishing, result: toolResult(final) };
  });
  const run = spawnSync(binary, { input: JSON.stringify(plans), maxBuffer: 1 << 30, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${binary} failed (${run.status}): ${run.stderr}`);
  const out = JSON.parse(run.stdout);
  for (const p of plans) {
    const r = out[p.name];
    check(`[native] ${p.name}: ${p.steps.length} steps, ${r.kept} marked nodes kept`, r.problems.length === 0, r.problems.slice(0, 5).join("; "));
  }
}

async function main() {
  const opts = cli("streaming.mjs", { pages: PAGES_OPTION, only: { type: "string", default: "" }, quiet: { type: "boolean" }, native: { type: "string" }, sample: { type: "string", default: "0" } });
  const { docs, gallery } = documents();
  if (!gallery) console.log("note: no target/gallery/*.json (run `cargo test -p prefab-examples --test gallery` first); gallery views not streamed");
  const { check, finish } = tally({ quiet: opts.quiet });
  if (opts.native) nativeSuite(opts.native, docs.filter((d) => d.name.includes(opts.only)), check);
  // With `--sample N`, the browser streams every k-th document only (N of them), the rest
  // being held natively: the engines' part is the same code.
  const sample = Number(opts.sample);
  const every = sample > 0 ? Math.ceil(docs.length / sample) : 1;
  const started = Date.now();
  let steps = 0;
  await withHost(async (host) => {
    for (const csp of PRESETS) {
      for (const [index, doc] of docs.entries()) {
        if (opts.only && !doc.name.includes(opts.only)) continue;
        if (index % every !== 0) continue;
        try {
          const r = await streamOne(host, opts.pages, csp, doc, index);
          steps += r.steps;
          check(`[${csp}] ${doc.name}: ${r.steps} steps (${r.shape}), ${r.kept}/${r.marked} marked nodes kept`, r.problems.length === 0, r.problems.join("; "));
        } catch (e) {
          check(`[${csp}] ${doc.name}`, false, `did not stream: ${e.message.split("\n")[0]}`);
        }
      }
    }
  });
  console.log(`${steps} partial messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  finish();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
