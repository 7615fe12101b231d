#!/usr/bin/env node
// The streaming benchmark: a 200-node view (payloads/mixed200.json, 201 component nodes)
// streamed into the prefab-rs viewer as 100 `ui/notifications/tool-input-partial` messages
// (its `{"view": <envelope>}` arguments cut into 100 equal slices, each healed like a host
// heals partial JSON) and then the tool result, against one mount of the same view from the
// tool result alone. Both through the MCP Apps test host (official AppBridge) under each CSP
// preset, so both engines.
//
//   node benches/render/streaming.mjs --pages target/pages [--runs 5] [--out FILE.json]
//
// Cost = main-thread CPU from a Chromium trace (thread time of the outermost tasks of the
// view's main thread — shared with the host page and the sandbox proxy, same site — between a
// mark before the first message and one after the frame that follows the last), so it covers
// the messages' transport, JSON conversion, reconcile/render, style, layout and paint.
// Streamed = the 100 partial messages and the result; one-shot = the result alone, in a fresh
// view. Prints medians over --runs (after one warm-up run) and the median ratio (target ≤ 3).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ENGINE, PAGES_OPTION, PRESETS, cli, die, toolResult, withHost } from "../../xtask/testhost/index.mjs";
import { TRACE_CATEGORIES } from "./lib/trace.mjs";
import { heal } from "../../prefab-renderer/tests/streaming.mjs";

const opts = cli("streaming.mjs", { pages: PAGES_OPTION, runs: { type: "string", default: "5" }, out: { type: "string" } });
const RUNS = Number(opts.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) die("streaming.mjs", `--runs ${opts.runs}: expected a whole number ≥ 1`, 2);
const MESSAGES = 100;
const envelope = JSON.parse(readFileSync(resolve(new URL("./payloads/mixed200.json", import.meta.url).pathname), "utf8"));

/** The 100 healed partial arguments. */
function partials() {
  const text = JSON.stringify({ view: envelope });
  const out = [];
  for (let i = 1; i <= MESSAGES; i++) {
    const healed = heal(text.slice(0, Math.round((text.length * i) / MESSAGES)));
    if (healed !== undefined) out.push(JSON.parse(healed));
  }
  return out;
}

/** Counts the tool notifications the view receives. */
function countMessages(frame) {
  return frame.evaluate(() => {
    window.__received = 0;
    addEventListener("message", (e) => {
      const method = e.data?.method;
      if (method === "ui/notifications/tool-input-partial" || method === "ui/notifications/tool-result") window.__received++;
    });
  });
}

/**
 * Main-thread CPU (ms) of `body` in the view `v`: a Chromium trace between two marks the view
 * makes, summing the thread time of the outermost tasks of the thread that made them (the
 * view's main thread, which the host page and the sandbox proxy share: same site). The end
 * mark is made after the next frame, so style, layout and paint of the last message count.
 */
async function mainThreadMs(v, body) {
  const browser = v.page.context().browser();
  await browser.startTracing(v.page, { categories: TRACE_CATEGORIES });
  await v.frame().evaluate(() => performance.mark("bench:start"));
  await body();
  await v.frame().evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  await v.frame().evaluate(() => performance.mark("bench:end"));
  const events = JSON.parse((await browser.stopTracing()).toString("utf8")).traceEvents ?? [];
  const mark = (name) => events.find((e) => e.name === name && String(e.cat).includes("user_timing"));
  const [start, end] = [mark("bench:start"), mark("bench:end")];
  if (!start || !end) throw new Error("the trace holds no bench marks");
  const tasks = events
    .filter((e) => e.ph === "X" && e.pid === start.pid && e.tid === start.tid && e.ts > start.ts && e.ts < end.ts && TASKS.has(e.name))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let cpu = 0;
  let coveredUntil = -Infinity;
  for (const t of tasks) {
    if (t.ts < coveredUntil) continue;
    coveredUntil = t.ts + (t.dur ?? 0);
    cpu += (t.tdur ?? 0) / 1000;
  }
  return cpu;
}
const TASKS = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

async function run(host, csp, steps) {
  const open = async () => {
    const v = await host.open({ app: join(opts.pages, "viewer.html"), csp, toolInput: null });
    await v.ready();
    await countMessages(v.frame());
    return v;
  };
  const received = (v, n) => v.frame().waitForFunction((n) => window.__received === n, n, { timeout: 60000 });
  const v = await open();
  let streamed;
  try {
    streamed = await mainThreadMs(v, async () => {
      await v.page.evaluate(async (list) => {
        for (const args of list) await window.testhost.call("sendToolInputPartial", { arguments: args });
      }, steps);
      await v.call("sendToolResult", toolResult(envelope));
      await received(v, steps.length + 1);
    });
  } finally {
    await v.close();
  }
  const one = await open();
  let oneShot;
  try {
    oneShot = await mainThreadMs(one, async () => {
      await one.call("sendToolResult", toolResult(envelope));
      await received(one, 1);
    });
  } finally {
    await one.close();
  }
  return { streamed, oneShot };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const steps = partials();
const results = {};
await withHost(async (host) => {
  for (const csp of PRESETS) {
    const runs = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const r = await run(host, csp, steps);
      if (i > 0) runs.push(r); // the first run warms the browser up
    }
    const s = median(runs.map((r) => r.streamed));
    const o = median(runs.map((r) => r.oneShot));
    const ratio = median(runs.map((r) => r.streamed / r.oneShot));
    results[csp] = { runs, streamedMs: s, oneShotMs: o, ratio };
    console.log(`${csp} (${ENGINE[csp]}): ${steps.length} partial messages + result ${s.toFixed(1)} ms main-thread CPU, one-shot mount ${o.toFixed(1)} ms, ratio ${ratio.toFixed(2)} (medians of ${RUNS} runs)`);
  }
});
if (opts.out) writeFileSync(opts.out, JSON.stringify({ messages: steps.length, results }, null, 2));
