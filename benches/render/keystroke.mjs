#!/usr/bin/env node
// The interaction benchmark: keystroke in an Input → every dependent binding updated.
//
//   node benches/render/keystroke.mjs --candidate target/pages/bench-wasm.html[,PAGE2] [--name LABEL[,LABEL2]]
//        [--csp wasm,no-wasm] [--renderers candidate,ts,prefab-ui] [--keys 20] [--home DIR]
//        [--out FILE.json] [--timeout 30000]
//
// The payload (built here, in the form of the render benchmark's payloads) is a search box
// and a list: an Input bound to the state key `query`, and a ForEach over 1,000 items of the
// state list `items`, each row a Text "row N · {{ query }}" (what a "you searched for …"
// annotation or a highlighted filter term per row costs: 1,000 bindings on one key).
//
// Each renderer page (the candidate under every --csp value, and the anchors setup.mjs
// installed) is opened once in a fresh context. When the rows are there, --keys characters are
// typed into the input one at a time with Playwright. For each keystroke, in the page:
//   t0      = performance.now() in a keydown listener on window (capture, installed before
//             the page's own scripts);
//   updated = ms from t0 until a MutationObserver sees the last row's text end with the
//             input's new value (the DOM holds every dependent binding's new text);
//   frame   = ms from t0 to the end of the first frame after that (requestAnimationFrame, then
//             one more task): the keystroke is on screen.
// After each keystroke every row is checked (untimed) to show the new value. Medians and p95
// of the keystrokes after the first (a warm-up) are printed per renderer.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { cli, watch } from "../../xtask/testhost/harness.mjs";
import { PY_LABEL, TS_LABEL, benchHome, die, launchChromium, load, machine, requireSetup } from "./lib/env.mjs";
import { CANDIDATE_OPTIONS, HTML, candidates, folderFile, withPayload } from "./lib/page.mjs";

const opts = cli("keystroke.mjs", { ...CANDIDATE_OPTIONS, keys: { type: "string", default: "20" } });
const KEYS = Number(opts.keys);
const TIMEOUT = Number(opts.timeout);
if (!Number.isInteger(KEYS) || KEYS < 2) die("keystroke.mjs", `--keys ${opts.keys}: expected a whole number ≥ 2`, 2);
const ROWS = 1000;
const KEY_TIMEOUT = 5000; // a renderer that has not updated the rows by then never will
const ORIGIN = "http://keystroke.test";
const TYPED = "abcdefghijklmnopqrstuvwxyz";

/**
 * The $prefab 0.3 envelope: Input `query` above a ForEach of 1,000 rows showing it. The
 * ForEach names its list both as `key` (prefab-rs, prefab-ui) and `expression` (the TS
 * renderer). With `onChange`, the Input also fires a setState of its value: the TS renderer
 * stores an Input's value without re-rendering, so only an action updates its bindings.
 */
function payload(onChange) {
  const items = Array.from({ length: ROWS }, (_, i) => ({ id: i }));
  const view = {
    type: "Column",
    cssClass: "gap-2",
    children: [
      {
        type: "Input",
        name: "query",
        placeholder: "Search",
        inputType: "text",
        disabled: false,
        readOnly: false,
        required: false,
        ...(onChange ? { onChange: { action: "setState", key: "query", value: "{{ $event }}" } } : {}),
      },
      { type: "ForEach", key: "items", expression: "items", children: [{ type: "Text", content: "row {{ $item.id }} · {{ query }}" }] },
    ],
  };
  return { $prefab: { version: "0.3" }, view: { type: "Div", cssClass: "pf-app-root", children: [view] }, state: { query: "", items } };
}

/** In-page probe (runs before the page's scripts): keydown time, then watch for `expected`. */
const PROBE = `(() => {
  if (window !== window.top) return;
  const last = "row ${ROWS - 1} · ";
  const probe = (window.__keystroke = { t0: 0, expected: null, done: null });
  const textOf = (n) => (n.nodeType === 3 ? n.data : n.nodeType === 1 ? n.textContent : "");
  const shows = (s) => { const at = s.indexOf(last); return at >= 0 && s.startsWith(probe.expected, at + last.length); };
  const observer = new MutationObserver((records) => {
    if (probe.expected === null || !probe.t0) return;
    for (const r of records) {
      const seen = r.type === "characterData" ? shows(textOf(r.target)) : [...r.addedNodes].some((n) => shows(textOf(n)));
      if (!seen) continue;
      const updated = performance.now() - probe.t0;
      const finish = probe.done;
      probe.expected = null;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => finish({ updated, frame: performance.now() - probe.t0 });
        channel.port2.postMessage(null);
      });
      return;
    }
  });
  addEventListener("keydown", () => { probe.t0 = performance.now(); }, true);
  addEventListener("DOMContentLoaded", () => observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true }));
})();`;

function renderers(paths) {
  const want = opts.renderers.split(",");
  const list = want.includes("candidate") && opts.candidate ? candidates(opts, "keystroke.mjs") : [];
  if (want.includes("ts")) {
    const template = readFileSync(paths.tsPage, "utf8");
    list.push({ label: TS_LABEL, template }, { label: `${TS_LABEL} (onChange setState)`, template, onChange: true });
  }
  if (want.includes("prefab-ui")) list.push({ label: PY_LABEL, template: readFileSync(paths.pyPage, "utf8") });
  if (!list.length) die("keystroke.mjs", `--renderers ${opts.renderers}: nothing to run (a candidate needs --candidate)`, 2);
  return list;
}

/** Opens `r` on the payload at ORIGIN/ (files of the candidate's folder served beside it). */
async function open(browser, r, json) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const html = withPayload(r.template, json);
  await context.route(`${ORIGIN}/**`, (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname);
    if (path === "/") return route.fulfill({ status: 200, contentType: HTML, body: html });
    const file = folderFile(r.root, path);
    return route.fulfill(file ? { status: 200, contentType: file.type, body: file.body } : { status: 404, body: "not found" });
  });
  await context.addInitScript({ content: PROBE });
  const page = await context.newPage();
  const errors = watch(page, { max: 200, expected: () => true }); // page errors only
  await page.goto(`${ORIGIN}/`, { waitUntil: "load", timeout: TIMEOUT });
  await page.waitForFunction((n) => document.body && document.body.textContent.includes(`row ${n - 1} · `), ROWS, { timeout: TIMEOUT });
  return { context, page, errors };
}

/**
 * Types KEYS characters; returns [{updated, frame, rows}] (rows: how many rows showed the
 * value). Before each key (untimed) the input gets the focus and the caret goes to its end,
 * as a renderer may have replaced the element.
 */
async function type(page) {
  const input = page.locator("input:not([type=hidden])").first();
  const samples = [];
  let value = "";
  for (let k = 0; k < KEYS; k++) {
    value += TYPED[k % TYPED.length];
    const result = page.evaluate((expected) => {
      const probe = window.__keystroke;
      return new Promise((done) => {
        probe.expected = expected;
        probe.t0 = 0;
        probe.done = done;
      });
    }, value);
    // The probe must be armed before the key goes out.
    await page.waitForFunction((v) => window.__keystroke.expected === v, value, { timeout: TIMEOUT });
    await input.evaluate((e) => {
      e.focus();
      e.setSelectionRange(e.value.length, e.value.length);
    });
    await page.keyboard.press(value.at(-1));
    const timer = new Promise((_, fail) => setTimeout(() => fail(new Error(`keystroke ${k + 1}: the last row did not show "${value}" within ${KEY_TIMEOUT} ms`)), KEY_TIMEOUT));
    const sample = await Promise.race([result, timer]);
    const rows = await page.evaluate(
      ({ n, v }) => {
        const text = document.body.textContent;
        let shown = 0;
        for (let i = 0; i < n; i++) if (text.includes(`row ${i} · ${v}`)) shown++;
        return shown;
      },
      { n: ROWS, v: value },
    );
    samples.push({ ...sample, rows });
  }
  return samples;
}

const median = (xs) => quantile(xs, 0.5);
function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.ceil(at)] - s[lo]) * (at - lo);
}

async function main() {
  const home = benchHome(opts.home);
  const paths = requireSetup(home);
  const list = renderers(paths);
  const browser = await launchChromium(home);
  const env = { ...machine(browser), keys: KEYS, rows: ROWS };
  console.log(`keystroke: ${list.map((r) => r.label).join(", ")}; ${ROWS} bound rows, ${KEYS} keys; Chromium ${env.chromium}`);
  const json = [JSON.stringify(payload(false)), JSON.stringify(payload(true))];
  const results = [];
  for (const r of list) {
    let opened;
    const result = { renderer: r.label };
    try {
      opened = await open(browser, r, json[r.onChange ? 1 : 0]);
      const engine = await opened.page.evaluate(() => document.documentElement.getAttribute("data-prefab-engine"));
      if (r.engine && engine !== r.engine) throw new Error(`engine ${engine}, expected ${r.engine}`);
      const samples = await type(opened.page);
      const timed = samples.slice(1);
      Object.assign(result, {
        samples,
        allRows: samples.every((s) => s.rows === ROWS),
        updated: { median: median(timed.map((s) => s.updated)), p95: quantile(timed.map((s) => s.updated), 0.95) },
        frame: { median: median(timed.map((s) => s.frame)), p95: quantile(timed.map((s) => s.frame), 0.95) },
      });
    } catch (e) {
      result.failure = e.message.split("\n")[0];
    } finally {
      if (opened) result.errors = opened.errors;
      await opened?.context.close();
    }
    results.push(result);
    const f = (x) => x.toFixed(1);
    console.log(
      result.failure
        ? `  ${r.label}: FAILED: ${result.failure}`
        : `  ${r.label}: updated median ${f(result.updated.median)} ms, p95 ${f(result.updated.p95)} ms; frame median ${f(result.frame.median)} ms, p95 ${f(result.frame.p95)} ms; every row updated: ${result.allRows}`,
    );
  }
  await browser.close();
  env.loadAfter = load();
  console.log(`load average before ${env.loadBefore.join(" ")}, after ${env.loadAfter.join(" ")}`);
  if (opts.out) writeFileSync(resolve(opts.out), JSON.stringify({ env, results }, null, 2));
  if (results.some((r) => r.failure || !r.allRows)) process.exitCode = 1;
}

main().catch((e) => die("keystroke.mjs", e.message));
