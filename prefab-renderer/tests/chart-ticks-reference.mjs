#!/usr/bin/env node
// The axis tick labels of prefab-ui's charts, as reference data for charts.mjs.
//
// Every Cartesian chart (Bar, Line, Area, Scatter, Waterfall) of the conformance wire documents
// and component fixtures (`conformance/wire/{documents,components}`) and of the chart fixtures
// (`tests/fixtures/{charts,charts-auto,chart-ticks}.json`) is rendered on its own, with its
// document's state, by prefab-ui 0.21.1's bundled renderer (the page the render benchmark's
// setup builds: `node benches/render/setup.mjs --home target/bench-render`), 1024 px wide; the
// labels of its x and y axes are written to `tests/fixtures/chart-ticks.prefab-ui.json`.
//
//   node prefab-renderer/tests/chart-ticks-reference.mjs
//
// charts.mjs imports `chartCases` and renders the same charts with ours.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { pageFiles, renderInPrefabUi, withHost } from "../../xtask/testhost/index.mjs";

const ROOT = resolve(new URL("../..", import.meta.url).pathname);
/** Where the reference labels are kept. */
export const REFERENCE_FILE = join(ROOT, "prefab-renderer/tests/fixtures/chart-ticks.prefab-ui.json");
const CARTESIAN = new Set(["BarChart", "LineChart", "AreaChart", "ScatterChart", "WaterfallChart"]);

/** The Cartesian chart nodes anywhere under `node`, in document order. */
function charts(node, out = []) {
  if (Array.isArray(node)) node.forEach((n) => charts(n, out));
  else if (node && typeof node === "object") {
    if (CARTESIAN.has(node.type)) out.push(node);
    else Object.values(node).forEach((v) => charts(v, out));
  }
  return out;
}

/**
 * Every chart case: `{ key, envelope }`, `key` = `<file>#<n>` (repository path, n-th chart),
 * the envelope showing that chart alone with its document's state.
 */
export function chartCases(root = ROOT) {
  const files = [];
  for (const sub of ["documents", "components"]) {
    const dir = join(root, "conformance/wire", sub);
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) files.push(`conformance/wire/${sub}/${f}`);
  }
  for (const f of ["charts", "charts-auto", "chart-ticks"]) files.push(`prefab-renderer/tests/fixtures/${f}.json`);
  const cases = [];
  for (const file of files) {
    const doc = JSON.parse(readFileSync(join(root, file), "utf8"));
    const envelope = doc.$prefab ? doc : { $prefab: { version: "0.3" }, view: doc };
    charts(envelope.view).forEach((chart, n) => {
      cases.push({ key: `${file}#${n}`, envelope: { ...envelope, view: { type: "Div", cssClass: "pf-app-root", children: [chart] } } });
    });
  }
  return cases;
}

async function main() {
  const template = join(ROOT, "target/bench-render/anchors/prefab-ui.html");
  if (!existsSync(template)) throw new Error(`${template} is missing: run \`node benches/render/setup.mjs --home target/bench-render\``);
  const theirs = pageFiles(readFileSync(template, "utf8"), "prefab-ticks-");
  const labels = {};
  await withHost(async (host) => {
    const page = await host.context.newPage();
    await page.setViewportSize({ width: 1024, height: 700 });
    for (const { key, envelope } of chartCases()) {
      // Mounted, then its layout (the tick labels included) unchanged for 800 ms.
      await renderInPrefabUi(page, theirs.url(envelope), 800);
      await page.waitForSelector(".recharts-wrapper");
      labels[key] = await page.evaluate(() => {
        const all = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent);
        return { x: all(".recharts-xAxis-tick-labels text"), y: all(".recharts-yAxis-tick-labels text") };
      });
      console.log(`${key}: x ${labels[key].x.join(" ")} | y ${labels[key].y.join(" ")}`);
    }
  }).finally(() => theirs.remove());
  const provenance =
    "Axis tick labels drawn by prefab-ui 0.21.1's bundled renderer (prefab_ui/renderer/app.html of the PyPI wheel, " +
    "in the page benches/render/setup.mjs builds) in headless Chromium at 1024 px, one chart per page; " +
    "written by prefab-renderer/tests/chart-ticks-reference.mjs.";
  writeFileSync(REFERENCE_FILE, `${JSON.stringify({ provenance, labels }, null, 1)}\n`);
  console.log(`wrote ${REFERENCE_FILE} (${Object.keys(labels).length} charts)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
