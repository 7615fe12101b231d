#!/usr/bin/env node
// Visual parity with prefab-ui 0.21.1's bundled renderer: every document of the catalogue
// (see catalog.mjs) and every gallery view (`target/gallery`, see streaming.mjs) rendered in our
// standalone page in three modes — 1024 px light, 1024 px dark (the envelope's `mode`, which
// both renderers apply as the `dark` class on <html>), 390 px light — and measured as a person
// sees it (visual/measure.mjs): each visible text's size, weight, colour (sRGB through a canvas,
// so oklch() and rgb() compare) and alignment; each control's height, width share, font size,
// border colour and radius; each chart mark's painted area; a screenshot of the conformance
// documents and gallery views. Then compared with prefab-ui's figures (visual/compare.mjs).
// Open states too (visual/states.mjs): a Select's list, a Combobox's, a DatePicker's calendar,
// a Dialog, a Popover, a Tooltip, a HoverCard, the second Tab, an open Accordion item, a sorted
// DataTable, each opened the same way in both renderers and measured at 1024 px light.
//
// prefab-ui's figures are measured once, with its renderer in the same Chromium, and committed
// with their provenance: `--measure-prefab-ui` writes `visual/prefab-ui-0.21.1.json` and the
// screenshots (halved, grey) in `visual/prefab-ui-0.21.1/`. A normal run renders only ours.
// Views where prefab-ui shows an error box, draws nothing or does not render are not held.
// Engines: every view under the default MCP Apps policy (wasm2js), the conformance documents
// and gallery views again with WebAssembly allowed (wasm).
//
//   cargo xtask pages && node prefab-renderer/tests/visual.mjs --pages target/pages
//        [--only <substring>] [--quiet] [--report-only] [--measure-prefab-ui]
//
// Prints every disagreement, the figures per family and mode, the views below a threshold,
// then `visual: N passed, N failed` over the held modes (each mode and engine: texts ≥ 98 %,
// controls ≥ 97 %, no chart mark missing; the open states are a mode of their own, and one
// whose action changed nothing on the page counts as failed). It fails
// when a held mode is below those, unless `--report-only`.
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PAGES_OPTION, PREFAB_UI, cli, pageFiles, policyFor, prefabUiTemplate, renderInPrefabUi, shrinkGrey, similarity, tally, withHost } from "../../xtask/testhost/index.mjs";
import { ROOT, catalogue, documentPages, renderIn } from "./catalog.mjs";
import { documents } from "./streaming.mjs";
import { compareView, meets, report } from "./visual/compare.mjs";
import { MARKS, measureView, waitStable } from "./visual/measure.mjs";
import { STATES, STATE_MODE, renderState } from "./visual/states.mjs";

/** The modes, in the order they are rendered (light at 1024, the same page at 390, then dark). */
const MODES = [
  { name: "1024 light", width: 1024, mode: "light" },
  { name: "390 light", width: 390, mode: "light" },
  { name: "1024 dark", width: 1024, mode: "dark" },
];
const REFERENCE = join(ROOT, `prefab-renderer/tests/visual/prefab-ui-${PREFAB_UI.version}.json`);
const SHOTS_DIR = join(ROOT, `prefab-renderer/tests/visual/prefab-ui-${PREFAB_UI.version}`);
/** The views screenshotted and rendered on the second engine: conformance documents, gallery. */
const SUBSET = (name) => name.startsWith("documents/") || name.startsWith("gallery/");
const shotName = (view, mode) => `${view.replace(/\.json$/, "").replace(/[^A-Za-z0-9_-]+/g, "_")}.${mode.replace(" ", "-")}.png`;

/** Every view: the catalogue and the gallery views, `{ name, envelope }`. */
function views() {
  const gallery = documents().docs.filter((d) => d.name.startsWith("gallery/"));
  return [...catalogue().docs, ...gallery];
}

/**
 * Renders `doc` in `page` in every mode (`open(page, envelope)` mounts it) and measures it:
 * `{ mode → { texts, controls, marks, drawn, errors, stable, png? } }` (`png`, the screenshot,
 * for the subset); a mode that did not render has `{ failed }`.
 */
async function renderModes(page, doc, open) {
  const out = {};
  let opened;
  for (const m of MODES) {
    try {
      await page.setViewportSize({ width: m.width, height: 800 });
      if (opened !== m.mode) {
        opened = m.mode;
        await open(page, { ...doc.envelope, mode: m.mode });
      }
      const stable = await waitStable(page);
      out[m.name] = { ...(await page.evaluate(measureView, MARKS)), stable };
      if (SUBSET(doc.name)) out[m.name].png = await page.screenshot({ fullPage: true });
    } catch (e) {
      opened = undefined;
      out[m.name] = { failed: e.message.split("\n")[0] };
    }
  }
  return out;
}

/** Why prefab-ui's rendering of a view does not hold ours, or null. */
function notHeldWhy(theirs) {
  if (!theirs) return "no reference measured";
  if (theirs.failed) return `did not render: ${theirs.failed}`;
  if (theirs.errors.length) return `error box: ${theirs.errors.slice(0, 2).join(" | ").slice(0, 160)}`;
  if (!theirs.drawn) return "draws nothing";
  if (theirs.changed === false) return "the action changed nothing";
  return null;
}

/** `--measure-prefab-ui`: prefab-ui's figures and screenshots, written with their provenance. */
async function measurePrefabUi(jobs, opts) {
  const template = prefabUiTemplate(ROOT);
  const pages = pageFiles(template, "prefab-visual-ui-");
  // With `--only`, the other views' figures are kept.
  if (!opts.only) rmSync(SHOTS_DIR, { recursive: true, force: true });
  mkdirSync(SHOTS_DIR, { recursive: true });
  const data = opts.only && existsSync(REFERENCE) ? JSON.parse(readFileSync(REFERENCE, "utf8")).views : {};
  let chromium;
  await withHost(async (host) => {
    chromium = host.browser.version();
    const page = await host.context.newPage();
    for (const job of jobs) {
      data[job.name] = await job.run(page, (p, envelope) => renderInPrefabUi(p, pages.url(envelope)));
      for (const [mode, m] of Object.entries(data[job.name])) {
        if (!m.png) continue;
        writeFileSync(join(SHOTS_DIR, shotName(job.name, mode)), shrinkGrey(m.png));
        delete m.png;
        m.shot = shotName(job.name, mode);
      }
      if (!opts.quiet) console.log(`measured ${job.name}`);
    }
  }).finally(() => pages.remove());
  const provenance = {
    renderer: "prefab-ui",
    version: PREFAB_UI.version,
    appHtmlSha256: PREFAB_UI.appHtmlSha256,
    page: "prefabUiPage(app.html) of xtask/testhost/src/harness/reference.mjs, the document in its data tag, the envelope's mode set per mode",
    command: "cargo xtask visual --measure-prefab-ui (node prefab-renderer/tests/visual.mjs --measure-prefab-ui)",
    date: new Date().toISOString().slice(0, 10),
    chromium,
    templateSha256: createHash("sha256").update(template).digest("hex"),
    modes: MODES,
    screenshots: `prefab-ui-${PREFAB_UI.version}/: the conformance documents and gallery views, full page, halved and grey`,
  };
  const lines = Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, modes]) => `  ${JSON.stringify(name)}: {\n${Object.entries(modes).map(([m, v]) => `    ${JSON.stringify(m)}: ${JSON.stringify(v)}`).join(",\n")}\n  }`);
  writeFileSync(REFERENCE, `{\n"provenance": ${JSON.stringify(provenance, null, 2)},\n"views": {\n${lines.join(",\n")}\n}\n}\n`);
  console.log(`wrote ${REFERENCE} (${lines.length} views) and ${SHOTS_DIR}`);
}

/** Renders `docs` on our renderer under `policy` and compares each mode with `reference`. */
async function runOurs(host, { jobs, pagesDir, policy, engine, reference, rows, notHeld }) {
  const pages = documentPages(pagesDir, policy);
  const page = await host.context.newPage();
  try {
    for (const job of jobs) {
      const ours = await job.run(page, (p, envelope) => renderIn(p, pages.url(envelope)));
      for (const [mode, mine] of Object.entries(ours)) {
        const theirs = reference.views[job.name]?.[mode];
        const why = notHeldWhy(theirs);
        if (why) {
          if (engine === "wasm2js") notHeld.push({ view: job.name, mode, why });
          continue;
        }
        if (mine.failed) mine.texts = mine.controls = mine.marks = [];
        const row = { view: job.name, mode, engine, c: compareView(theirs, mine), failed: mine.failed, unsettled: !mine.stable || !theirs.stable };
        if (mine.png && theirs.shot && existsSync(join(SHOTS_DIR, theirs.shot))) row.similarity = similarity(shrinkGrey(mine.png), readFileSync(join(SHOTS_DIR, theirs.shot)));
        rows.push(row);
      }
    }
  } finally {
    await page.close();
    pages.remove();
  }
}

async function main() {
  const opts = cli("visual.mjs", { pages: PAGES_OPTION, only: { type: "string", default: "" }, quiet: { type: "boolean" }, "report-only": { type: "boolean" }, "measure-prefab-ui": { type: "boolean" } });
  const all = views();
  const wanted = (name) => !opts.only || name.includes(opts.only);
  const docs = all.filter((d) => wanted(d.name));
  // A job renders and measures one view (every mode) or one open state.
  const jobs = [...docs.map((doc) => ({ name: doc.name, run: (page, open) => renderModes(page, doc, open) })), ...STATES.filter((s) => wanted(s.name)).map((state) => ({ name: state.name, run: (page, open) => renderState(page, state, all, open) }))];
  const started = Date.now();
  if (opts["measure-prefab-ui"]) return measurePrefabUi(jobs, opts);
  const reference = JSON.parse(readFileSync(REFERENCE, "utf8"));
  const rows = [];
  const notHeld = [];
  const images = { resourceDomains: ["data:"] };
  await withHost(async (host) => {
    await runOurs(host, { jobs, pagesDir: opts.pages, policy: policyFor("default", images), engine: "wasm2js", reference, rows, notHeld });
    const second = jobs.filter((j) => SUBSET(j.name));
    await runOurs(host, { jobs: second, pagesDir: opts.pages, policy: policyFor("default+wasm", images), engine: "wasm", reference, rows, notHeld });
  });
  const { check, finish } = tally({ quiet: true, label: "visual" });
  const { modesMet, modeResults } = report(rows, notHeld, [...MODES.map((m) => m.name), STATE_MODE], { quiet: opts.quiet });
  console.log(`\nvisual: ${jobs.length} views and open states, ${rows.length} views×modes×engines compared in ${((Date.now() - started) / 1000).toFixed(1)} s (reference: prefab-ui ${reference.provenance.version}, measured ${reference.provenance.date} in Chromium ${reference.provenance.chromium})`);
  // A view below a threshold is listed (above); what passes or fails is each held mode.
  const below = rows.filter((r) => !(meets(r.c) && !r.failed));
  console.log(`visual: ${rows.length - below.length} of ${rows.length} views×modes×engines at every threshold; below: ${below.map((r) => `${r.view} @${r.mode} ${r.engine}`).join(", ") || "none"}`);
  for (const m of modeResults) check(`mode ${m.label} meets the thresholds`, m.met);
  if (!modesMet) console.log("visual: a mode is below the thresholds");
  finish();
  if (opts["report-only"]) process.exitCode = 0;
  else if (!modesMet) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
