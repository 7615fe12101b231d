// Browser test of `prefab export --static` (run by `cargo xtask serve`):
//
//   node prefab-cli/tests/browser/static_export.mjs --bin target/debug/prefab
//
// Exports a few documents that exercise layout (the fixtures in `static/`: a Row of Cards,
// Grids with columns, a Table filled by a ForEach, Badges, Buttons, Progress bars, an Alert;
// and two conformance documents: nested layout, a paginated DataTable) as pages with no
// script, and opens each in headless Chromium with JavaScript disabled at 1024 px. Each page
// has no script and loads nothing else; every text of the document is in it, visible, with
// a box of its own; Rows keep their children side by side, Grids their columns, Cards have a
// size, Progress bars are filled to their value, and nothing is wider than the window.
// Prints "N passed, N failed"; exits 1 on failure.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import assert from "node:assert/strict";
import { cli, launchBrowser, tally } from "../../../xtask/testhost/index.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const { bin } = cli("static_export.mjs", {
  bin: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
});
const { test, finish } = tally({ timed: true });

const fixture = (name) => join(ROOT, "prefab-cli/tests/browser/static", name);
const conformance = (name) => join(ROOT, "conformance/wire/documents", name);

/**
 * The documents. Besides their literal texts (found in the document itself), `texts` are the
 * ones the renderer computes (templates, table rows), `absent` those the initial state does
 * not show; `rows`, `grids`, `cards` and `bars` are how many of each the page has at least,
 * so that no layout check passes for want of something to check.
 */
const CASES = [
  {
    file: fixture("report.json"),
    texts: ["Revenue grew 12% this quarter.", "1234", "+5%"],
    rows: 2,
    cards: 3,
    bars: 1,
  },
  { file: fixture("grid.json"), grids: 2, cards: 6 },
  {
    file: fixture("table.json"),
    texts: ["3 items, counted this morning.", "Bolts", "120", "Nuts", "Low", "Washers", "64"],
    bars: 1,
  },
  { file: conformance("07_nested_layout.json"), texts: ["3", "n/a", "5"], rows: 3, grids: 1, cards: 3 },
  {
    file: conformance("02_data_table.json"),
    texts: ["Ada", "Grace", "Page 1 of 2", "Previous", "Next"],
    absent: ["Alan"],
  },
];

/** The texts a document states outright: every content, label, title and header without a template. */
function literalTexts(node, out = []) {
  if (Array.isArray(node)) node.forEach((child) => literalTexts(child, out));
  else if (node && typeof node === "object") {
    for (const key of ["content", "label", "title", "header"]) {
      const text = node[key];
      if (typeof text === "string" && text.trim() && !text.includes("{{")) out.push(text.trim());
    }
    for (const [key, value] of Object.entries(node)) if (key !== "state") literalTexts(value, out);
  }
  return out;
}

/** `prefab export FILE -o PAGE --static --title TITLE`; fails unless it succeeds. */
function exportStatic(file, page, title) {
  const run = spawnSync(bin, ["export", file, "-o", page, "--static", "--title", title], { encoding: "utf8", timeout: 30_000 });
  assert.equal(run.status, 0, `prefab export --static ${file}: ${run.error ?? run.stderr}`);
}

/** In the page: what could run or load — scripts, inline handlers, `javascript:` links. */
function scripting() {
  const all = [...document.querySelectorAll("*")];
  return {
    scripts: document.scripts.length,
    handlers: all.flatMap((e) => e.getAttributeNames().filter((a) => a.startsWith("on")).map((a) => `${e.localName}[${a}]`)),
    jsLinks: all.filter((e) => /^\s*javascript:/i.test(e.getAttribute("href") ?? e.getAttribute("src") ?? "")).length,
    styles: document.querySelectorAll("style").length,
    title: document.title,
  };
}

/**
 * In the page: for each text, the first text node that is it (else contains it), the box of
 * that text, whether it and its ancestors are shown, and whether the point at its middle is
 * on it once scrolled into view. Also every text node drawn with no box (outside screen-reader
 * text and hidden parts).
 */
function textBoxes(texts) {
  const root = document.getElementById("root");
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.data.trim()) nodes.push(n);
  const range = (node, start, end) => {
    const r = document.createRange();
    r.setStart(node, start);
    r.setEnd(node, end);
    return r.getBoundingClientRect();
  };
  const shown = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return false;
    }
    return true;
  };
  // Hit-testing skips what takes no pointer events (a disabled button): here everything does.
  const hits = document.head.appendChild(document.createElement("style"));
  hits.textContent = "* { pointer-events: auto !important }";
  const found = texts.map((text) => {
    const node = nodes.find((n) => n.data.trim() === text) ?? nodes.find((n) => n.data.includes(text));
    if (!node) return { text, found: false };
    const start = node.data.indexOf(text);
    node.parentElement.scrollIntoView({ block: "center", inline: "nearest" });
    const box = range(node, start, start + text.length);
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { text, found: true, box: box.toJSON(), shown: shown(node.parentElement), onTop: !!hit && node.parentElement.contains(hit) };
  });
  hits.remove();
  window.scrollTo(0, 0);
  const hidden = (n) => n.parentElement.closest(".pf-sr-only, [hidden], [aria-hidden=true]");
  const boxless = nodes.filter((n) => !hidden(n) && range(n, 0, n.data.length).width === 0).map((n) => n.data.trim());
  return { found, boxless, width: innerWidth };
}

/** In the page: the boxes of Rows' and Grids' children, of Cards and Progress bars, and the page's width. */
function layout() {
  const rect = (e) => e.getBoundingClientRect().toJSON();
  const kids = (e) => [...e.children].map(rect).filter((r) => r.width > 0 || r.height > 0);
  const every = (selector) => [...document.querySelectorAll(selector)];
  return {
    rows: every(".pf-row").map((row) => ({ align: getComputedStyle(row).alignItems, boxes: kids(row) })),
    grids: every(".pf-grid").map((grid) => ({
      tracks: getComputedStyle(grid).gridTemplateColumns.split(" ").length,
      declared: Number(/\bgrid-cols-(\d+)\b/.exec(grid.className)?.[1] ?? 0),
      boxes: kids(grid),
    })),
    cards: every(".pf-card").map(rect),
    bars: every(".pf-progress").map((bar) => ({ value: Number(bar.getAttribute("aria-valuenow")), track: rect(bar).width, fill: rect(bar.firstElementChild).width })),
    widest: Math.max(...every("body *").map((e) => e.getBoundingClientRect().right)),
    scrollWidth: document.documentElement.scrollWidth,
    width: innerWidth,
  };
}

const near = (a, b, slack = 1) => Math.abs(a - b) <= slack;
const show = (value) => JSON.stringify(value);

/** A Row's children side by side, aligned as the row says (`align-items`). */
function assertRow({ align, boxes }, where) {
  const edge = align === "center" ? (b) => b.top + b.height / 2 : /end/.test(align) ? (b) => b.bottom : (b) => b.top;
  for (let i = 1; i < boxes.length; i++) {
    const [before, box] = [boxes[i - 1], boxes[i]];
    assert.ok(box.left >= before.right - 0.5, `${where}: child ${i} starts right of child ${i - 1}: ${show(boxes)}`);
    if (!/baseline/.test(align)) assert.ok(near(edge(box), edge(boxes[0])), `${where}: child ${i} in line with the first (align ${align}): ${show(boxes)}`);
  }
}

/**
 * A Grid's children in lines of its column count (the `grid-cols-N` it was given): side by
 * side in a line, equal widths, lines one below the other.
 */
function assertGrid({ tracks, declared, boxes }, where) {
  assert.ok(tracks > 1, `${where}: more than one column (${tracks})`);
  if (declared) assert.equal(tracks, declared, `${where}: as many columns as grid-cols-${declared} says`);
  const lines = [];
  for (const box of boxes) {
    const line = lines.find((l) => near(l[0].top, box.top));
    if (line) line.push(box);
    else lines.push([box]);
  }
  assert.equal(lines[0].length, Math.min(tracks, boxes.length), `${where}: the first line holds ${tracks} columns: ${show(boxes)}`);
  for (const [n, line] of lines.entries()) {
    assert.ok(line.length <= tracks, `${where}: line ${n} has at most ${tracks} children`);
    assertRow({ align: "start", boxes: line }, `${where} line ${n}`);
    for (const box of line) assert.ok(near(box.width, line[0].width), `${where}: equal columns: ${show(line)}`);
    if (n) assert.ok(line[0].top >= lines[n - 1][0].bottom - 0.5, `${where}: line ${n} below line ${n - 1}`);
  }
}

/** Opens the exported page of `doc` at 1024 px and runs the three checks. */
async function checkCase(context, dir, { file, texts = [], absent = [], rows = 0, grids = 0, cards = 0, bars = 0 }) {
  const name = file.slice(file.lastIndexOf("/") + 1, -".json".length);
  const html = join(dir, `${name}.html`);
  const url = pathToFileURL(html).href;
  const page = await context.newPage();
  const requests = [];
  page.on("request", (request) => requests.push(request.url()));

  await test(`${name}: exported with no script; Chromium without JavaScript loads nothing else`, async () => {
    exportStatic(file, html, `Static ${name}`);
    await page.goto(url, { waitUntil: "load", timeout: 10_000 });
    const found = await page.evaluate(scripting);
    assert.deepEqual(found, { scripts: 0, handlers: [], jsLinks: 0, styles: 1, title: `Static ${name}` });
    assert.deepEqual(requests, [url], "the page is all there is to load");
    assert.ok(!readFileSync(html, "utf8").includes("<script"), "no <script in the file");
  });

  await test(`${name}: every text of the document is visible, and only what the initial state shows`, async () => {
    const wanted = [...new Set([...literalTexts(JSON.parse(readFileSync(file, "utf8")).view), ...texts])];
    const { found, boxless, width } = await page.evaluate(textBoxes, [...wanted, ...absent]);
    for (const t of found.slice(0, wanted.length)) {
      assert.ok(t.found, `"${t.text}" is in the page`);
      const { box } = t;
      assert.ok(box.width > 0 && box.height > 0 && t.shown, `"${t.text}" has a box and is shown: ${show(t)}`);
      assert.ok(box.left >= 0 && box.right <= width + 0.5, `"${t.text}" inside the window's width: ${show(box)}`);
      assert.ok(t.onTop, `"${t.text}" is not covered: ${show(t)}`);
    }
    for (const t of found.slice(wanted.length)) assert.ok(!t.found, `"${t.text}" is not shown in the initial state`);
    assert.deepEqual(boxless, [], "every text drawn has a box");
  });

  await test(`${name}: the layout holds at 1024 px (rows, grid columns, cards, bars, no overflow)`, async () => {
    const got = await page.evaluate(layout);
    assert.ok(got.scrollWidth <= got.width && got.widest <= got.width + 0.5, `nothing wider than ${got.width} px: scroll ${got.scrollWidth}, widest ${got.widest}`);
    const sized = (list, what, min) => assert.ok(list.length >= min, `at least ${min} ${what}: ${list.length}`);
    sized(got.rows.filter((r) => r.boxes.length > 1), "rows of two or more", rows);
    sized(got.grids, "grids", grids);
    sized(got.cards, "cards", cards);
    sized(got.bars, "progress bars", bars);
    got.rows.forEach((row, i) => assertRow(row, `row ${i}`));
    got.grids.forEach((grid, i) => assertGrid(grid, `grid ${i}`));
    for (const card of got.cards) assert.ok(card.width > 0 && card.height > 0, `a card with a size: ${show(card)}`);
    for (const bar of got.bars) assert.ok(bar.track > 0 && near(bar.fill, (bar.track * bar.value) / 100, 1.5), `bar filled to ${bar.value}%: ${show(bar)}`);
  });
  await page.close();
}

const dir = mkdtempSync(join(tmpdir(), "prefab-static-"));
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1024, height: 768 } });
  for (const doc of CASES) await checkCase(context, dir, doc);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
finish();
