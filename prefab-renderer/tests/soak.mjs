#!/usr/bin/env node
// A view left open: memory, DOM nodes and event listeners of the viewer over many updates,
// on both engines (wasm under `default+wasm`, the wasm2js JavaScript engine under `default`),
// through the project's MCP Apps test host (`xtask/testhost`) in headless Chromium.
//
//   node prefab-renderer/tests/soak.mjs --pages target/pages [--short]
//       [--variant target/renderer-dlmalloc]
//
// Two views per engine:
// * a dashboard whose `onMount` starts a `SetInterval` (duration 1 ms: the browser's 4 ms
//   floor) that sets a counter, appends to and pops from a short list and flips a Condition
//   holding a Button (a mount and unmount with a listener per tick): 20,000 ticks
//   (`--short`: 2,000);
// * the Kanban fixture (`fixtures/sortable.json`, a `Sortable` board) receiving 2,000 board
//   updates (`--short`: 200) as `display_update` tool results: a card moves to the next
//   column, a new card comes in and the oldest leaves, so items mount and unmount.
//
// Each series is sampled 40 times after a forced garbage collection (Chromium runs with
// `--js-flags=--expose-gc`): the engine's linear memory (the exported memory's
// `buffer.byteLength`; the wasm2js engine's memory is an ArrayBuffer too), the JavaScript
// heap of the view's renderer process (`performance.memory.usedJSHeapSize`, precise with
// `--enable-precise-memory-info`), the view document's element count, and the process's
// `Memory.getDOMCounters` (nodes, jsEventListeners) over the Chrome DevTools Protocol. After
// a warm-up (the first 20% of the updates) the least-squares slope per 1,000 updates of each
// series must be within its tolerance (`TOLERANCE`); the JavaScript heap's slope (over the
// second half) is printed, not checked. Then the host sends `ui/resource-teardown`: the timer
// stops (the counter stays, the view sends nothing more).
//
// The long form judges the JavaScript heap by what a page's script can retain: at five
// points of the second half (50, 62.5, 75, 87.5 and 100% of the updates) it takes a CDP
// heap snapshot of the view's process (`HeapProfiler.takeHeapSnapshot` after
// `HeapProfiler.collectGarbage`), sums the nodes' self sizes (`snapshot.meta.node_fields`,
// `node_types`) into parts, and checks the least-squares slope of the `retained` part:
// under 1 KB per 1,000 updates (1 byte an update; a measured run gave -0.6 to +0.2 KB, see
// benches/README.md). The parts, by node type and name:
// * code: V8's code and its metadata, which grows as V8 compiles more paths of the engine
//   (above all the wasm2js engine's very large functions): nodes of type `code` (bytecode,
//   `SharedFunctionInfo`, feedback, scope infos, scripts, builtins), and V8 system nodes of
//   any type named `system / X` for X one of `InstructionStream`, `Code`, `CodeWrapper`,
//   `SharedFunctionInfoWrapper`, `Trusted*` and `Protected*` (V8's trusted space: bytecode,
//   deoptimization data), `WeakArrayList` (the dependent-code lists of maps and property
//   cells that optimised code registers) and `CppGCManaged (WasmNativeModule)` (the wasm
//   engine's compiled module);
// * timeline: Blink's performance timeline buffers, `native` nodes whose name holds
//   `Performance*Timing`, `PerformanceEntry`, `TaskAttributionTiming`,
//   `LargestContentfulPaint`, `ScriptTimingInfo` or `AnimationFrameTimingInfo` (the
//   entries, their data and their vectors);
// * tables: the stores of Blink's hash tables, `native` nodes named
//   `blink::HeapHashTableBacking<…>` (the DOM wrapper map, the text shaping cache, the
//   paint-timing detector's sets, …): sized in powers of two, they jump by KBs as they
//   resize (the wrapper map 8 ↔ 16 KB from one snapshot to the next) while what they hold
//   is counted in its own part;
// * retained: every other node (objects, arrays, strings, closures and their contexts,
//   numbers, object shapes, DOM nodes and wrappers, the wasm-bindgen table).
// It prints every part's slope and the whole heap's (information), and the retained
// groups of the steepest slopes. The short form takes no snapshot (they take seconds each).
// Prints the slopes, then `N passed, N failed`; `--samples FILE` also writes every sample.
// `--variant DIR` soaks a second build's `viewer.html` too, in the same run (the allocator
// comparison: `cargo xtask build-renderer --allocator dlmalloc` writes one), its lines
// tagged with the folder's name; every line also gives the peak of the series.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { PAGES_OPTION, PRESETS, ENGINE, cli, tally, toolResult, waitFor, withHost } from "../../xtask/testhost/index.mjs";

const { pages: PAGES, short: SHORT, samples: SAMPLES_FILE, variant: VARIANT } = cli("soak.mjs", {
  pages: PAGES_OPTION,
  short: { type: "boolean", default: false },
  samples: { type: "string", path: true },
  variant: { type: "string", path: true },
});
const recorded = {};
const FIXTURES = resolve(new URL("./fixtures", import.meta.url).pathname);
const TICKS = SHORT ? 2000 : 20000;
const BOARD_UPDATES = SHORT ? 200 : 2000;
const SAMPLES = 40;
const WARM_UP = 0.2;
/**
 * The JavaScript heap warms up longer: V8 compiles and optimises the engine's code (above all
 * the wasm2js engine's) as paths get hot, a growth that slows down but goes on for a long
 * time. Its slope is taken over the second half and printed; the long form checks the heap
 * by snapshots instead (`judgeSnapshots`), without that code.
 */
const warmUp = (key) => (key === "heap" ? 0.5 : WARM_UP);
const { check, guard, finish } = tally();

/**
 * The growth allowed per 1,000 updates after warm-up, by series. The view's elements exactly
 * flat. The process's DOM nodes and listeners under one per 1,000 updates: a reading may
 * catch a tick mid-way (the dashboard's timer keeps running), which adds noise but no trend,
 * while anything kept per update, even once every 2,000, gives a slope of 0.5 or more.
 * Linear memory flat: the allocator reuses freed blocks of a class and grows the memory by
 * 1 MiB at least, so a steady workload past warm-up never grows it. The heap's retained
 * part (snapshots, long form) under 1 KB per 1,000 updates, 1 byte an update.
 */
const TOLERANCE = { elements: 0, nodes: 0.5, listeners: 0.5, linear: 0 };
const SERIES = [...Object.keys(TOLERANCE), "heap"];
const RETAINED_TOLERANCE = 1024;
/**
 * The series the short form checks: the view's own elements and the engine's linear memory,
 * which are read exactly. The process's DOM nodes and listeners (and the heap) are printed
 * only: over 2,000 updates one node of noise between readings is a slope of 0.5 (a CI run
 * saw 0.7 with the same count at both ends), so only the long form can judge them.
 */
const SHORT_CHECKS = new Set(["elements", "linear"]);

/**
 * Captures the engine's exported memory as `window.__soakMemory` before the loader runs:
 * the wasm engine's `WebAssembly.Instance` (the glue instantiates through the global), and
 * the wasm2js engine's `prefabWasm2js` (a global `var`: its assignment goes through this
 * setter, which wraps the factory). Nothing else of the page changes.
 */
const PROBE = `<script>(()=>{const keep=(x)=>{if(x&&x.memory)window.__soakMemory=x.memory;return x};
const I=WebAssembly.Instance;WebAssembly.Instance=function(m,i){const x=new I(m,i);keep(x.exports);return x};
WebAssembly.Instance.prototype=I.prototype;
let f;Object.defineProperty(window,"prefabWasm2js",{configurable:true,get:()=>f,set:(v)=>{f=(imports)=>keep(v(imports))}});})()</script>`;

/** The viewer page with the probe first in its <head> (after the host's policy). */
function viewerWithProbe(pages) {
  const html = readFileSync(join(pages, "viewer.html"), "utf8");
  const head = /<head\b[^>]*>/i.exec(html);
  return `${html.slice(0, head.index + head[0].length)}${PROBE}${html.slice(head.index + head[0].length)}`;
}

/** The SetInterval dashboard: ticks forever until teardown. */
const dashboard = {
  $prefab: { version: "0.3" },
  view: {
    type: "Div",
    cssClass: "pf-app-root",
    onMount: {
      action: "setInterval",
      duration: 1,
      onTick: [
        { action: "setState", key: "n", value: "{{ $event }}" },
        { action: "appendState", key: "log", value: { tick: "{{ $event }}" } },
        { action: "popState", key: "log", index: 0 },
      ],
    },
    children: [
      { type: "Text", id: "n", content: "{{ n }}" },
      { type: "ForEach", key: "log", children: [{ type: "Text", content: "tick {{ $item.tick }}" }] },
      {
        type: "Condition",
        cases: [{ when: "{{ n % 2 == 0 }}", children: [{ type: "Button", label: "Even {{ n }}", onClick: { action: "toggleState", key: "pressed" } }] }],
        else: [{ type: "Button", label: "Odd {{ n }}", onClick: { action: "toggleState", key: "pressed" } }],
      },
    ],
  },
  state: { n: 0, pressed: false, log: [{ tick: -2 }, { tick: -1 }, { tick: 0 }] },
};

const board = JSON.parse(readFileSync(join(FIXTURES, "sortable.json"), "utf8"));

/** Board `i`: card `i` moves one column on, card `i + 6` comes in, card `i` ... leaves. */
function boardAt(i) {
  const cols = [
    { id: "todo", title: "To do", cards: [] },
    { id: "doing", title: "Doing", cards: [] },
    { id: "done", title: "Done", cards: [] },
  ];
  for (let k = i; k < i + 6; k++) cols[(k + i) % 3].cards.push({ id: `card-${k}`, title: `Card ${k}` });
  return { content: [{ type: "text", text: `board ${i}` }], structuredContent: { $prefab: { version: "0.3" }, update: { state: { cols, answers: i } } } };
}

/** The Chrome DevTools Protocol session of the view's process (its own, or its parent's). */
async function cdpFor(host, v) {
  for (const [name, target] of [["view frame", v.frame()], ["proxy frame", v.frame().parentFrame()], ["host page", v.page]]) {
    try {
      const session = await host.context.newCDPSession(target);
      console.log(`     counters of the ${name}'s process`);
      return session;
    } catch {
      // Not a separate target: the frame runs in its parent's process.
    }
  }
  throw new Error("no CDP session for the view");
}

/**
 * One sample of every series: the median of five readings, each after a forced collection
 * (the dashboard's timer keeps ticking between the calls, so a reading may catch a tick
 * mid-way; the median is the steady count).
 */
async function sample(v, cdp, updates) {
  const readings = [];
  for (let i = 0; i < 5; i++) {
    await cdp.send("HeapProfiler.collectGarbage");
    const counters = await cdp.send("Memory.getDOMCounters");
    const inFrame = await v.evaluate(() => {
      globalThis.gc?.();
      return { linear: window.__soakMemory?.buffer.byteLength ?? -1, heap: performance.memory.usedJSHeapSize, elements: document.getElementsByTagName("*").length };
    });
    readings.push({ ...inFrame, nodes: counters.nodes, listeners: counters.jsEventListeners });
  }
  const median = (key) => readings.map((r) => r[key]).sort((a, b) => a - b)[2];
  return { updates, ...Object.fromEntries(Object.keys(readings[0]).map((key) => [key, median(key)])) };
}

/**
 * The heap snapshot points of the long form: every fifth sample from the middle on (after
 * 50%, 62.5%, 75%, 87.5% and 100% of the updates), five points for a slope.
 */
const snapshotAt = (i) => !SHORT && i >= SAMPLES / 2 && i % 5 === 0;

/**
 * The part of the heap a snapshot node belongs to (the rule is in the header comment):
 * `code` (V8's code and its metadata), `timeline` (Blink's performance timeline entries),
 * `tables` (the stores of Blink's hash tables) or `retained` (everything else: what a page's
 * script can keep alive).
 */
function heapPart(type, name) {
  if (type === "code" || CODE_SYSTEM.test(name)) return "code";
  if (type === "native" && TIMELINE.test(name)) return "timeline";
  if (type === "native" && TABLES.test(name)) return "tables";
  return "retained";
}
const CODE_SYSTEM =
  /^system \/ (?:InstructionStream|Code|CodeWrapper|SharedFunctionInfoWrapper|Trusted\w+|Protected\w+|WeakArrayList|CppGCManaged \(WasmNativeModule\))(?: \/|$)/;
const TABLES = /^blink::HeapHashTableBacking</;
const TIMELINE = /\b(?:Performance\w*Timing|PerformanceEntry|TaskAttributionTiming|LargestContentfulPaint|ScriptTimingInfo|AnimationFrameTimingInfo)\b/;

/**
 * One heap snapshot of the view's process after a forced collection, summed by part (self
 * sizes), and by part, node type and name (strings and numbers by type only): `groups`.
 */
async function heapSnapshot(cdp) {
  const chunks = [];
  const onChunk = ({ chunk }) => chunks.push(chunk);
  cdp.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  try {
    await cdp.send("HeapProfiler.enable");
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  } finally {
    cdp.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
  }
  const { snapshot, nodes, strings } = JSON.parse(chunks.join(""));
  const fields = snapshot.meta.node_fields;
  const [type, name, size] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const types = snapshot.meta.node_types[type];
  const parts = { retained: 0, code: 0, timeline: 0, tables: 0, groups: {} };
  for (let i = 0; i < nodes.length; i += fields.length) {
    const t = types[nodes[i + type]];
    const n = strings[nodes[i + name]];
    const part = heapPart(t, n);
    parts[part] += nodes[i + size];
    const key = `${part} ${t}${/string|number/.test(t) ? "" : ` ${n.slice(0, 60)}`}`;
    parts.groups[key] = (parts.groups[key] ?? 0) + nodes[i + size];
  }
  return { ...parts, whole: parts.retained + parts.code + parts.timeline + parts.tables };
}

/** Least-squares slope of `key` per 1,000 updates over the samples after warm-up. */
function slope(samples, key, total) {
  return fit(samples.filter((s) => s.updates >= total * warmUp(key)).map((s) => [s.updates, s[key]]));
}

/** Least-squares slope per 1,000 updates of `[updates, value]` points. */
function fit(points) {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const sxy = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : (sxy / sxx) * 1000;
}

/** Checks and prints the slopes of every series. */
function judge(tag, samples, total) {
  recorded[tag] = samples;
  const last = samples[samples.length - 1];
  for (const key of SERIES) {
    const first = samples.find((s) => s.updates >= total * warmUp(key));
    const per1000 = slope(samples, key, total);
    const peak = Math.max(...samples.map((s) => s[key]));
    const line = `${tag} ${key}: slope ${per1000.toFixed(1)} per 1,000 updates (after warm-up ${first[key]} → ${last[key]}, peak ${peak})`;
    console.log(`     ${line}`);
    if (!(key in TOLERANCE) || (SHORT && !SHORT_CHECKS.has(key))) continue;
    check(`${tag} ${key} does not grow (tolerance ${TOLERANCE[key]} per 1,000)`, per1000 <= TOLERANCE[key], line);
  }
}

/**
 * Checks the retained part of the heap snapshots (long form) and prints every part's slope,
 * with the retained groups of the steepest slopes (either way: what to look at first).
 */
function judgeSnapshots(tag, samples) {
  const snaps = samples.filter((s) => s.snap);
  if (snaps.length === 0) return;
  const per1000 = (part) => fit(snaps.map((s) => [s.updates, s.snap[part]]));
  for (const part of ["retained", "code", "timeline", "tables", "whole"]) {
    const bytes = snaps.map((s) => s.snap[part].toLocaleString("en")).join(", ");
    console.log(`     ${tag} heap snapshots, ${part}: slope ${per1000(part).toFixed(0)} B per 1,000 updates (at ${snaps.map((s) => s.updates).join(", ")}: ${bytes} B)`);
  }
  const steepest = Object.keys(Object.assign({}, ...snaps.map((s) => s.snap.groups)))
    .filter((key) => key.startsWith("retained "))
    .map((key) => [key.slice("retained ".length), fit(snaps.map((s) => [s.updates, s.snap.groups[key] ?? 0]))])
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, 6);
  console.log(`     ${tag} retained, steepest groups (B per 1,000): ${steepest.map(([key, d]) => `${key} ${d.toFixed(0)}`).join(", ")}`);
  const retained = per1000("retained");
  check(`${tag} the objects a script can retain do not grow (tolerance ${RETAINED_TOLERANCE} B per 1,000)`, retained <= RETAINED_TOLERANCE, `${retained.toFixed(0)} B per 1,000 updates`);
}

/** Runs `step(i)` for i in 1..total, sampling SAMPLES times (and once before). */
async function soak(v, cdp, total, step) {
  const samples = [await sample(v, cdp, 0)];
  const every = total / SAMPLES;
  for (let i = 1; i <= SAMPLES; i++) {
    await step(Math.round(i * every));
    const at = await sample(v, cdp, Math.round(i * every));
    if (snapshotAt(i)) at.snap = await heapSnapshot(cdp);
    samples.push(at);
  }
  return samples;
}

async function intervalView(host, csp, [build, pages]) {
  const tag = `[${build}${ENGINE[csp]}] SetInterval`;
  const v = await host.open({ html: viewerWithProbe(pages), csp, toolResult: toolResult(dashboard) });
  await guard(`${tag} ran to the end`, async () => {
    await waitFor("the first tick", async () => Number(await v.text("#n")) > 0, 15000);
    const cdp = await cdpFor(host, v);
    const ticks = () => v.text("#n").then(Number);
    const samples = await soak(v, cdp, TICKS, (at) => waitFor(`tick ${at}`, async () => (await ticks()) >= at, 120000));
    check(`${tag} the engine's memory is visible`, samples.every((s) => s.linear > 0), JSON.stringify(samples[0]));
    judge(tag, samples, TICKS);
    judgeSnapshots(tag, samples);

    const before = await sample(v, cdp, TICKS);
    const answer = await v.teardown();
    check(`${tag} teardown is answered`, answer.ok, JSON.stringify(answer));
    const stopped = await ticks();
    const sentBefore = (await v.transcript()).filter((e) => e.dir === "view->host").length;
    await waitFor("a quiet view", () => v.settle({ quietMs: 300 }));
    const still = await ticks();
    check(`${tag} teardown stops the timer`, still - stopped <= 1, `${stopped} → ${still}`);
    const sentAfter = (await v.transcript()).filter((e) => e.dir === "view->host").length;
    check(`${tag} the view sends nothing after teardown`, sentAfter === sentBefore, `${sentBefore} → ${sentAfter}`);
    const after = await sample(v, cdp, TICKS);
    console.log(`     ${tag} at teardown: listeners ${before.listeners} → ${after.listeners}, nodes ${before.nodes} → ${after.nodes}`);
    check(`${tag} teardown keeps no more listeners than before`, after.listeners <= before.listeners, `${before.listeners} → ${after.listeners}`);
    const errors = v.console.filter((l) => l.startsWith("[pageerror]"));
    check(`${tag} no page errors`, errors.length === 0, errors.slice(0, 3).join(" | "));
  }).finally(() => v.close());
}

async function boardView(host, csp, [build, pages]) {
  const tag = `[${build}${ENGINE[csp]}] Kanban`;
  const v = await host.open({ html: viewerWithProbe(pages), csp, toolResult: toolResult(board) });
  await guard(`${tag} ran to the end`, async () => {
    await waitFor("the board", async () => (await v.frame()?.$('[data-pf-item="a"]')) != null, 15000);
    const cdp = await cdpFor(host, v);
    let sent = 0;
    const samples = await soak(v, cdp, BOARD_UPDATES, async (at) => {
      while (sent < at) await v.call("sendToolResult", boardAt(++sent));
      await waitFor(`board ${at}`, async () => (await v.text("#answers")) === String(at));
    });
    const cards = await v.frame().$$eval("[data-pf-item]", (items) => items.map((i) => i.dataset.pfItem).join(","));
    check(`${tag} the last board is shown`, cards.split(",").length === 6 && cards.includes(`card-${BOARD_UPDATES}`), cards);
    judge(tag, samples, BOARD_UPDATES);
    judgeSnapshots(tag, samples);
    const errors = v.console.filter((l) => l.startsWith("[pageerror]"));
    check(`${tag} no page errors`, errors.length === 0, errors.slice(0, 3).join(" | "));
  }).finally(() => v.close());
}

await withHost(
  async (host) => {
    const builds = [["", PAGES], ...(VARIANT ? [[`${basename(VARIANT)} `, VARIANT]] : [])];
    for (const csp of PRESETS) {
      for (const build of builds) {
        await intervalView(host, csp, build);
        await boardView(host, csp, build);
      }
    }
  },
  { chromiumArgs: ["--js-flags=--expose-gc", "--enable-precise-memory-info"] },
);
if (SAMPLES_FILE) writeFileSync(SAMPLES_FILE, JSON.stringify(recorded, null, 1));
finish();
