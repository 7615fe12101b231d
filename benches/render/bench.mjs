#!/usr/bin/env node
// The render benchmark: a candidate renderer page against the two anchors that setup.mjs
// installs (@maxhealth.tech/prefab 0.3.13 and prefab-ui 0.21.1's bundled renderer), in
// headless Chromium, on the payloads of payloads/ (see benches/README.md).
//
//   node benches/render/bench.mjs --candidate PAGE.html[,PAGE2.html] [--name LABEL[,LABEL2]] [--runs 5] [--warmup 1]
//        [--csp wasm,no-wasm] [--payloads table1000,mixed200] [--renderers candidate,ts,prefab-ui]
//        [--home DIR] [--out DIR] [--timeout 30000] [--no-trace]
//
// A renderer page reads its input from <script id="prefab:initial-data"
// type="application/json">; the payload is written into that tag. --csp puts a CSP <meta>
// into the candidate page, one candidate per value: `wasm` allows WebAssembly, `no-wasm` does
// not (the MCP Apps default; the prefab-rs viewer then runs its wasm2js engine), `none`
// leaves the page as it is. Pages are served from 127.0.0.1; relative URLs of the candidate
// resolve in its folder.
//
// For every payload, rounds load each renderer once, the first renderer rotating from round
// to round; the first --warmup rounds are dropped. Each load is a fresh browser context:
//   wall = ms from navigation start to the end of the first frame after every marker text of
//          the payload is in the document (an untraced load);
//   CPU  = main-thread CPU (thread time of the page's top-level tasks) over the same span,
//          from a Chromium trace of a second load.
// Prints a table of medians and ratios against the anchors, and writes results.json and
// results.md to --out (default target/bench-render/results/<time>/).
import { createServer } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { cli, watch } from "../../xtask/testhost/harness.mjs";
import { PY_LABEL, TS_LABEL, benchHome, die, launchChromium, load as loadAverage, machine, readManifest, readPayloadText, requireSetup } from "./lib/env.mjs";
import { CANDIDATE_OPTIONS, HTML, candidates, folderFile, probeScript, withPayload } from "./lib/page.mjs";
import { markdown, ratios, summarise } from "./lib/report.mjs";
import { TRACE_CATEGORIES, mainThreadCpu } from "./lib/trace.mjs";

const opts = cli("bench.mjs", {
  ...CANDIDATE_OPTIONS,
  runs: { type: "string", default: "5" },
  warmup: { type: "string", default: "1" },
  payloads: { type: "string" },
  "no-trace": { type: "boolean", default: false },
});
const RUNS = Number(opts.runs);
const WARMUP = Number(opts.warmup);
const TIMEOUT = Number(opts.timeout);
const TRACED = !opts["no-trace"];
for (const [flag, value, least] of [["--runs", RUNS, 1], ["--warmup", WARMUP, 0], ["--timeout", TIMEOUT, 1]]) {
  if (!Number.isInteger(value) || value < least) die("bench.mjs", `${flag} ${value}: expected a whole number ≥ ${least}`, 2);
}
const PAUSE_MS = 300; // lets the previous renderer process wind down before the next load
const home = benchHome(opts.home);
const manifest = readManifest();
const payloads = opts.payloads ? opts.payloads.split(",") : Object.keys(manifest.payloads);
const wanted = opts.renderers.split(",");

function renderers(paths) {
  const list = wanted.includes("candidate") && opts.candidate ? candidates(opts, "bench.mjs") : [];
  if (wanted.includes("ts")) list.push({ id: "ts", label: TS_LABEL, short: "TS", template: readFileSync(paths.tsPage, "utf8") });
  if (wanted.includes("prefab-ui")) list.push({ id: "prefab-ui", label: PY_LABEL, short: "prefab-ui", template: readFileSync(paths.pyPage, "utf8") });
  return list;
}

/** One server: /<renderer>/<payload> is a prepared page; other paths are files of the candidate's folder. */
function serve(list) {
  const pages = new Map();
  for (const r of list) for (const p of payloads) pages.set(`/${r.id}--${p}.html`, withPayload(r.template, readPayloadText(p)));
  const root = list.find((r) => r.candidate)?.root;
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://127.0.0.1").pathname);
    const reply = (status, type, body) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    if (pages.has(path)) return reply(200, HTML, pages.get(path));
    if (path === "/favicon.ico") return reply(204, "image/x-icon", "");
    const file = folderFile(root, path);
    return file ? reply(200, file.type, file.body) : reply(404, "text/plain", "not found");
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

/** One page load in a fresh context: {wall} or {trace}, or {failure}; page errors in {errors}. */
async function load(browser, url, markers, traced) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await context.addInitScript({ content: probeScript(markers) });
  const page = await context.newPage();
  const errors = watch(page, { labelled: true, max: 200 });
  let tracing = false;
  let timer;
  try {
    if (traced) {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      tracing = true;
    }
    await page.goto(url, { waitUntil: "commit", timeout: TIMEOUT });
    const timeout = new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(`not rendered within ${TIMEOUT} ms`)), TIMEOUT)));
    const wall = await Promise.race([page.evaluate(() => window.__prefabBench), timeout]);
    if (!traced) return { wall, errors };
    tracing = false;
    const buffer = await browser.stopTracing();
    return { trace: mainThreadCpu(buffer.toString("utf8")), errors };
  } catch (e) {
    return { failure: e.message, errors };
  } finally {
    clearTimeout(timer);
    if (tracing) await browser.stopTracing().catch(() => {});
    await context.close();
  }
}

async function main() {
  const paths = requireSetup(home);
  const list = renderers(paths);
  if (!list.length) throw new Error(`--renderers ${opts.renderers}: nothing to run (a candidate needs --candidate)`);
  const out = resolve(opts.out ?? join(home, "results", new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)));
  mkdirSync(out, { recursive: true });
  const browser = await launchChromium(home);
  const server = await serve(list);
  const base = `http://127.0.0.1:${server.address().port}`;
  const env = { ...machine(browser), runs: RUNS, warmup: WARMUP };
  console.log(`bench: ${list.map((r) => r.label).join(", ")}; payloads ${payloads.join(", ")}; ${RUNS} runs + ${WARMUP} warm-up; Chromium ${env.chromium}`);
  const started = Date.now();
  const samples = [];
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  for (const payload of payloads) {
    const markers = manifest.payloads[payload].markers;
    const strikes = new Map();
    for (let round = 0; round < WARMUP + RUNS; round++) {
      for (let k = 0; k < list.length; k++) {
        const r = list[(k + round) % list.length];
        if ((strikes.get(r.id) ?? 0) >= 2) continue;
        const url = `${base}/${r.id}--${payload}.html`;
        const sample = { payload, renderer: r.id, round, warmup: round < WARMUP, errors: [] };
        await sleep(PAUSE_MS);
        const untraced = await load(browser, url, markers, false);
        Object.assign(sample, { wall: untraced.wall, failure: untraced.failure, errors: untraced.errors });
        if (TRACED && !untraced.failure) {
          await sleep(PAUSE_MS);
          const traced = await load(browser, url, markers, true);
          Object.assign(sample, { trace: traced.trace, failure: traced.failure });
          sample.errors.push(...traced.errors);
        }
        samples.push(sample);
        strikes.set(r.id, sample.failure ? (strikes.get(r.id) ?? 0) + 1 : 0);
        const what = sample.failure
          ? `FAILED: ${sample.failure}`
          : `wall ${Math.round(sample.wall.rendered)} ms${sample.trace ? `, CPU ${Math.round(sample.trace.cpu)} ms` : ""}${sample.wall.engine ? `, engine ${sample.wall.engine}` : ""}`;
        console.log(`  ${payload} round ${round + 1}/${WARMUP + RUNS}${sample.warmup ? " (warm-up)" : ""} ${r.label}: ${what}`);
      }
    }
  }
  await browser.close();
  server.close();
  Object.assign(env, { loadAfter: loadAverage(), seconds: Math.round((Date.now() - started) / 1000) });
  const candidates = list.filter((r) => r.candidate);
  const anchors = list.filter((r) => !r.candidate);
  const summary = summarise(samples, payloads, list);
  const rat = ratios(summary, candidates, anchors);
  const md = markdown({ env, renderers: list, candidates, anchors, summary, ratios: rat, traced: TRACED });
  const meta = list.map(({ id, label, engine }) => ({ id, label, engine }));
  writeFileSync(join(out, "results.json"), JSON.stringify({ env, candidate: opts.candidate ?? null, renderers: meta, payloads, summary, ratios: rat, samples }, null, 2));
  writeFileSync(join(out, "results.md"), md);
  console.log(`\n${md}\nwritten: ${join(out, "results.json")}, results.md`);
  if (samples.some((s) => s.failure)) process.exitCode = 1;
}

main().catch((e) => die("bench.mjs", e.message));
