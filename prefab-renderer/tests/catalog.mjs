#!/usr/bin/env node
// The whole catalogue in headless Chromium: every conformance wire document and component
// fixture (`conformance/wire/{documents,components,legacy}`), every example app
// (`examples/apps/*.json`), the layouts of defects reported at narrow widths
// (`prefab-renderer/tests/narrow/*.json`, see widths.mjs) and every auto-renderer output
// (`target/catalog/*.json`, written by `cargo test -p prefab-rs --test catalog_outputs`), each
// rendered in a standalone page. Per file it reports placeholders (`.pf-unknown`), error boxes
// (`.pf-error`) and console/page errors. With `--trees` (prefab-test's `trees` example,
// `cargo build -p prefab-test --examples`) each page's tree must also be the one the native
// renderer draws (equivalence.mjs, which then skips these documents in this engine).
//
//   node prefab-renderer/tests/catalog.mjs --pages target/pages [--allow-unknown Type,Type]
//                    [--only <substring>] [--quiet] [--axe] [--trees target/debug/examples/trees]
//
// Strict by default: any placeholder fails. `--allow-unknown` lists component types whose
// placeholders are tolerated (reported, not failed) until they are implemented.
// `--axe` also runs axe-core on every rendered document: a serious or critical violation fails.
// `conformance/wire/actions` holds action objects, not views; they are not rendered here.
// Ends with `N passed, N failed`.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PAGES_OPTION, STANDALONE_POLICY, axe, cli, pageFiles, severe, tally, watchedPage, withHost } from "../../xtask/testhost/index.mjs";
import { native, pageDifference } from "./trees.mjs";

export const ROOT = resolve(new URL("../..", import.meta.url).pathname);
// Fixtures axe cannot pass whatever the renderer does: a bare control with no label, text or
// `ariaLabel` (prefab-ui's fixture gives it no name), or an option outside its list.
const AXE_EXEMPT = new Set(["Checkbox", "Combobox", "ComboboxOption", "Input", "Radio", "Select", "SelectOption", "Switch", "Textarea"].map((t) => `components/${t}.json`));

/**
 * What prefab-ui 0.21.1's renderer draws for some fixtures (seen in its bundled renderer),
 * checked in the page: each returns a problem, or null.
 */
const PARITY = {
  "components/Combobox.json": () => {
    const t = document.querySelector(".pf-combobox-trigger");
    return t?.textContent === "Select..." && t.querySelector("svg[data-icon=chevrons-up-down] path") ? null : `trigger ${t?.outerHTML.slice(0, 200)}`;
  },
  "components/ComboboxLabel.json": () => (document.querySelector(".pf-app-root").innerText.trim() === "" ? null : "a lone ComboboxLabel shows text"),
  "components/ComboboxOption.json": () => (document.querySelector(".pf-app-root").innerText.trim() === "" ? null : "a lone ComboboxOption shows text"),
  "components/Calendar.json": () => {
    const rows = [...document.querySelectorAll(".pf-calendar tbody tr")];
    const full = rows.every((r) => r.querySelectorAll("[data-day]").length === 7);
    return full && document.querySelector(".pf-calendar [data-outside]") ? null : "weeks without the neighbouring months' days";
  },
  // Carousel arrows by `controlsPosition`, as prefab-ui places them: `outside` beside the
  // slides, `gutter` in a row below them (previous, the dots, next) or a column beside
  // vertical ones.
  "narrow/carousel-horizontal.json": carouselControls,
  "narrow/carousel-vertical.json": carouselControls,
  "components/BarChart.json": () => (document.querySelectorAll(".pf-chart-tick").length === 0 && document.querySelectorAll(".pf-chart-grid").length === 2 ? null : "an empty chart draws ticks or more than its two edge lines"),
};

/** In the page: where each carousel's arrows sit against its slides, or a problem. */
function carouselControls() {
  for (const [i, c] of [...document.querySelectorAll(".pf-carousel[data-controls]")].entries()) {
    const box = (sel) => c.querySelector(sel)?.getBoundingClientRect();
    const [slides, prev, next, dots] = [".pf-carousel-viewport", ".pf-carousel-previous", ".pf-carousel-next", ".pf-carousel-dots"].map(box);
    const vertical = c.dataset.orientation === "vertical";
    const inRow = !dots || (prev.right <= dots.left && dots.right <= next.left);
    const inColumn = !dots || (prev.bottom <= dots.top && dots.bottom <= next.top);
    const ok = {
      // Vertical: above and below the slides (`outside`), inside them at the right (`overlay`).
      outside: vertical ? prev.bottom <= slides.top && next.top >= slides.bottom : prev.right <= slides.left && next.left >= slides.right,
      overlay: prev.left >= slides.left && next.right <= slides.right && (!vertical || (prev.top >= slides.top && next.bottom <= slides.bottom && prev.left > (slides.left + slides.right) / 2)),
      gutter: vertical ? prev.left >= slides.right && next.left >= slides.right && inColumn : prev.top >= slides.bottom && next.top >= slides.bottom && inRow,
    }[c.dataset.controls];
    if (!ok) return `carousel ${i} (${c.dataset.orientation}, ${c.dataset.controls}): arrows at ${Math.round(prev.left)},${Math.round(prev.top)} and ${Math.round(next.left)},${Math.round(next.top)}, slides ${Math.round(slides.left)}..${Math.round(slides.right)} x ${Math.round(slides.top)}..${Math.round(slides.bottom)}`;
  }
  return null;
}

/** Every document of the catalogue: `{ name, envelope }`. */
export function catalogue(root = ROOT) {
  const docs = [];
  const wrap = (component) => ({
    $prefab: { version: "0.3" },
    view: { type: "Div", cssClass: "pf-app-root", children: [component] },
  });
  const read = (file) => JSON.parse(readFileSync(file, "utf8"));
  const jsonFiles = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => join(dir, f)) : []);
  const wire = join(root, "conformance/wire");
  for (const file of jsonFiles(join(wire, "documents"))) docs.push({ name: `documents/${basename(file)}`, envelope: read(file) });
  for (const sub of ["components", "legacy"]) {
    for (const file of jsonFiles(join(wire, sub))) docs.push({ name: `${sub}/${basename(file)}`, envelope: wrap(read(file)) });
  }
  for (const file of jsonFiles(join(root, "examples/apps"))) docs.push({ name: `examples/${basename(file)}`, envelope: read(file) });
  for (const file of jsonFiles(join(root, "prefab-renderer/tests/narrow"))) docs.push({ name: `narrow/${basename(file)}`, envelope: read(file) });
  const generated = jsonFiles(join(root, "target/catalog"));
  for (const file of generated) docs.push({ name: `auto/${basename(file)}`, envelope: read(file) });
  return { docs, generated: generated.length };
}

/**
 * Pages of any document: the standalone page of `e2e`, its data swapped per document, under
 * the default MCP Apps policy of an empty `_meta.ui.csp` (as every standalone page is opened),
 * or under `policy`.
 */
export const documentPages = (pages, policy = STANDALONE_POLICY) => pageFiles(readFileSync(join(pages, "standalone-e2e.html"), "utf8"), "prefab-catalog-", { policy });

/** Opens `url` in `page` and waits until the envelope is mounted and settled. */
export async function renderIn(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName("prefab:mounted").length > 0, null, { timeout: 10000 });
  // onMount actions and the utility stylesheet run one microtask/frame later.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function main() {
  const opts = cli("catalog.mjs", { pages: PAGES_OPTION, "allow-unknown": { type: "string", default: "" }, only: { type: "string", default: "" }, quiet: { type: "boolean" }, axe: { type: "boolean" }, trees: { type: "string" } });
  const allow = new Set(opts["allow-unknown"].split(",").map((s) => s.trim()).filter(Boolean));
  const { docs, generated } = catalogue();
  const trees = opts.trees ? native(opts.trees, docs.filter((d) => d.name.includes(opts.only))) : null;
  if (!generated) {
    console.log("note: no target/catalog/*.json (run `cargo test -p prefab-rs --test catalog_outputs` first); auto-renderer outputs not checked");
  }
  const files = documentPages(opts.pages);
  const { check, finish } = tally({ quiet: opts.quiet });
  const tolerated = new Map();
  await withHost(async (host) => {
    const { page, errors } = await watchedPage(host.context, { viewport: { width: 1024, height: 800 } });
    for (const doc of docs) {
      if (opts.only && !doc.name.includes(opts.only)) continue;
      errors.length = 0;
      const problems = [];
      try {
        await renderIn(page, files.url(doc.envelope));
        const found = await page.evaluate(() => ({
          unknown: [...document.querySelectorAll(".pf-unknown")].map((e) => e.dataset.type),
          boxes: [...document.querySelectorAll(".pf-error")].map((e) => `${e.dataset.path ?? ""} ${e.textContent}`),
        }));
        const strict = found.unknown.filter((t) => !allow.has(t));
        for (const t of found.unknown.filter((t) => allow.has(t))) tolerated.set(t, (tolerated.get(t) ?? 0) + 1);
        if (strict.length) problems.push(`placeholders: ${[...new Set(strict)].join(", ")}`);
        if (found.boxes.length) problems.push(`error boxes: ${found.boxes.join(" | ")}`);
        // auto_table's 300 rows with `paginated: true, pageSize: 10`: one page and a footer.
        if (doc.name === "auto/auto_table.json") {
          const shown = await page.evaluate(() => ({
            rows: document.querySelectorAll(".pf-data-table tbody tr[data-row]").length,
            footer: document.querySelector(".pf-data-table-page")?.textContent,
          }));
          if (shown.rows !== 10 || shown.footer !== "Page 1 of 30") problems.push(`auto_table shows ${shown.rows} rows, footer ${shown.footer}`);
        }
        const parity = PARITY[doc.name];
        if (parity) {
          const problem = await page.evaluate(parity);
          if (problem) problems.push(`differs from prefab-ui: ${problem}`);
        }
        if (trees) {
          const problem = await pageDifference(page, trees, doc.name);
          if (problem) problems.push(`native ≠ browser at ${problem}`);
        }
        if (opts.axe && !AXE_EXEMPT.has(doc.name)) {
          for (const v of severe(await axe(page))) problems.push(`axe ${v.impact} ${v.id}: ${v.nodes.slice(0, 3).join(", ")}`);
        }
      } catch (e) {
        problems.push(`did not render: ${e.message.split("\n")[0]}`);
      }
      if (errors.length) problems.push(`console: ${errors.join(" | ")}`);
      check(doc.name, problems.length === 0, problems.join("; "));
    }
  }).finally(() => files.remove());
  if (tolerated.size) {
    console.log(`tolerated placeholders (--allow-unknown): ${[...tolerated].map(([t, n]) => `${t}×${n}`).join(", ")}`);
  }
  finish();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
