#!/usr/bin/env node
// Narrow hosts: every document of the catalogue (conformance wire documents and component
// fixtures, examples, auto-renderer outputs in `target/catalog`, see catalog.mjs) and every
// gallery view (`target/gallery`, see streaming.mjs) rendered in a standalone page at the
// widths MCP Apps hosts give a view (360, 390, 512 and 720 px: phones, the MCP Inspector's
// inline pane, a chat column) and at the 1024 px of the other suites. The catalogue holds the
// layouts of defects reported at these widths (`prefab-renderer/tests/narrow/`: carousels by
// orientation, `controlsPosition` and `showDots`, alone and in cards, rows, columns and grids;
// Containers, Divs, Spans and Links with utility classes and long URLs; names in Metrics,
// cards and tables). Per document and width:
//   - no horizontal overflow of the page (`scrollWidth > clientWidth` of <html>), and no
//     control cut by the page's edges;
//   - no text overlapping other text: the line boxes of every visible text node (from a Range
//     over it), each cut to the boxes of the elements that clip it (an element that scrolls
//     on its own, like a wide table's wrapper, or hides its overflow, like a carousel's
//     viewport), compared with those of every other text node;
//   - no control (a button, its icon) over a visible text, except a Carousel's arrows with
//     `controlsPosition: overlay`, which sit on the slides by design;
//   - no word split across lines though it fits its box (a Range per word, its client rects
//     on one line; see `widthFor`): a word longer than its box (a URL) still breaks.
// Engines: the whole set under the default MCP Apps policy (no WebAssembly: wasm2js; `data:`
// images allowed, as a server declaring them would, so images take their place), the
// conformance documents and gallery views again with WebAssembly allowed (wasm).
//
// `--against-prefab-ui` also renders the same documents with prefab-ui 0.21.1's bundled
// renderer (its `app.html`, from the FastMCP suite's venv: see reference.mjs of the test
// host), measures them the same way and prints its figures beside ours (a report: theirs do
// not fail), then the line structure of the conformance documents and gallery views at 1024 px
// in both renderers and their agreement (fidelity.mjs). About 2 s a document more: run by
// hand, not in `cargo xtask test`.
//
//   cargo xtask pages && node prefab-renderer/tests/widths.mjs --pages target/pages
//                                 [--only <substring>] [--quiet] [--against-prefab-ui]
//
// Prints each failure (document, width, engine, the two texts, the control, the split word or
// the overflow in px), then `N passed, N failed`.
import { pathToFileURL } from "node:url";
import { PAGES_OPTION, PREFAB_UI, cli, isCspMessage, pageFiles, policyFor, prefabUiTemplate, renderInPrefabUi, settle, tally, watchedPage, withHost } from "../../xtask/testhost/index.mjs";
import { ROOT, catalogue, documentPages, renderIn } from "./catalog.mjs";
import { compareLines, printFigures, printLines } from "./fidelity.mjs";
import { documents } from "./streaming.mjs";

export const WIDTHS = [360, 390, 512, 720, 1024];
/** The width at which line structure is compared with prefab-ui's renderer. */
const LINE_WIDTH = 1024;

/** The documents: the catalogue and the gallery views, each `{ name, envelope }`. */
function allDocuments() {
  const { docs } = catalogue();
  const gallery = documents().docs.filter((d) => d.name.startsWith("gallery/"));
  return [...docs, ...gallery];
}

/** The subset the second engine renders and whose line structure is compared: conformance
 * documents and gallery views. */
const SECOND_ENGINE = (name) => name.startsWith("documents/") || name.startsWith("gallery/");

/**
 * Measured in the page: `{ overflow, overlaps, clipped, texts }`. `overflow` is how many px the
 * page is wider than its viewport; `overlaps` lists pairs of visible texts whose boxes
 * intersect (by more than `slack` px each way, so glyph boxes that merely touch do not count);
 * `texts` (with `lines`) the visible texts, `{ key, boxes }`, white space collapsed (text nodes
 * that follow each other in one element joined).
 */
function measure({ slack, lines }) {
  const root = document.documentElement;
  // `clip-path` clips to the border box at most; `inset(50%)` (a visually hidden chart
  // table, whose box a table's content keeps large) to nothing.
  const clipsX = (s) => s.overflowX !== "visible" || s.clipPath !== "none";
  const clipsY = (s) => s.overflowY !== "visible" || s.clipPath !== "none";
  const NOTHING = { left: 0, top: 0, right: 0, bottom: 0 };
  /** The box a text's element is visible in: the viewport-free intersection of its clippers. */
  const clipOf = (el) => {
    let box = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
    for (let e = el; e && e !== root && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.clipPath === "inset(50%)") return NOTHING;
      if (!clipsX(s) && !clipsY(s)) continue;
      const r = e.getBoundingClientRect();
      if (clipsX(s)) box = { ...box, left: Math.max(box.left, r.left), right: Math.min(box.right, r.right) };
      if (clipsY(s)) box = { ...box, top: Math.max(box.top, r.top), bottom: Math.min(box.bottom, r.bottom) };
    }
    return box;
  };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.trim() || !el || el.closest("script,style,template,noscript")) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const clip = clipOf(el);
    const range = document.createRange();
    range.selectNodeContents(node);
    const boxes = [];
    for (const r of range.getClientRects()) {
      const b = { left: Math.max(r.left, clip.left), top: Math.max(r.top, clip.top), right: Math.min(r.right, clip.right), bottom: Math.min(r.bottom, clip.bottom) };
      // Wholly above or left of the page (a measuring element parked off screen): never seen.
      const offPage = r.bottom + scrollY <= 0 || r.right + scrollX <= 0;
      if (b.right - b.left > slack && b.bottom - b.top > slack && !offPage) boxes.push(b);
    }
    const key = node.data.replace(/\s+/g, " ").trim();
    if (boxes.length) texts.push({ key, text: key.slice(0, 40), boxes, node });
  }
  const overlaps = [];
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const hit = texts[i].boxes.some((a) =>
        texts[j].boxes.some((b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack),
      );
      if (hit) overlaps.push(`"${texts[i].text}" × "${texts[j].text}"`);
    }
  }
  // Controls (a button and its icon) drawn over a visible text, as a carousel's arrows over its
  // slide: overlay controls (`controlsPosition: overlay`) sit on the slides by design.
  const cut = (r, c) => ({ left: Math.max(r.left, c.left), top: Math.max(r.top, c.top), right: Math.min(r.right, c.right), bottom: Math.min(r.bottom, c.bottom) });
  const meets = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack;
  const covered = [];
  for (const b of document.querySelectorAll("button")) {
    if (b.closest("[data-controls=overlay]") || !b.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const boxes = [b, ...b.querySelectorAll("svg")].map((e) => cut(e.getBoundingClientRect(), clipOf(e)));
    const under = texts.find((t) => !b.contains(t.node) && t.boxes.some((r) => boxes.some((c) => meets(r, c))));
    if (under) covered.push(`button "${(b.textContent || b.getAttribute("aria-label") || "").trim().slice(0, 30)}" × "${under.text}"`);
  }
  // Words split across lines though they fit the box their text could have: the box whose
  // width does not come from its content, the parent of the outermost content-sized box
  // around the text (an inline box, a table part, the item of a row flexbox; a grid item
  // takes its track's width, a flex item with a basis its share), less the padding and
  // borders in between. A word wider than that box (a long URL) may break, and any word after
  // a hyphen, dash or slash; a name in a Metric, a card title or a table cell must not.
  const sides = (s) => ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"].reduce((w, k) => w + parseFloat(s[k]), 0);
  const widthFor = (el) => {
    let [box, edges, run] = [el, 0, 0];
    for (let e = el; e.parentElement && e.parentElement !== document.body; e = e.parentElement) {
      const [s, p] = [getComputedStyle(e), getComputedStyle(e.parentElement)];
      const rowItem = /flex/.test(p.display) && p.flexDirection.startsWith("row");
      if (/grid/.test(p.display) || (rowItem && !/auto|content/.test(s.flexBasis))) break;
      run += sides(s);
      if (rowItem || /^inline|^table|^contents$/.test(s.display)) [box, edges] = [e.parentElement, run];
    }
    return box.getBoundingClientRect().width - sides(getComputedStyle(box)) - edges;
  };
  const lineOf = (node, from, to) => {
    const r = document.createRange();
    r.setStart(node, from);
    r.setEnd(node, to);
    return [...r.getClientRects()].filter((b) => b.width > 0);
  };
  const split = [];
  for (const { node, boxes } of texts) {
    if (boxes.length < 2) continue;
    for (const m of node.data.matchAll(/\S+/g)) {
      const parts = lineOf(node, m.index, m.index + m[0].length);
      const wide = parts.reduce((w, r) => w + r.width, 0);
      if (new Set(parts.map((r) => Math.round(r.top))).size < 2 || wide > widthFor(node.parentElement)) continue;
      // Where the word goes to the next line: only after a hyphen, a dash or a slash.
      let top = null;
      for (let k = 0; k < m[0].length; k++) {
        const [c] = lineOf(node, m.index + k, m.index + k + 1);
        if (!c) continue;
        if (top !== null && Math.abs(c.top - top) > slack && !/[-\u00ad\u2010-\u2014/]/.test(m[0][k - 1])) {
          split.push(`"${m[0].slice(0, 40)}" (${Math.round(wide)} px, in .${node.parentElement.className.split(" ")[0]})`);
          break;
        }
        top = c.top;
      }
    }
  }
  // Controls cut by the page's edges (a carousel arrow outside its slides), which
  // `scrollWidth` does not see on the left.
  const clipped = [...document.querySelectorAll("button,input,select,textarea,a[href]")]
    .filter((e) => e.checkVisibility({ visibilityProperty: true }))
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width > 0 && (r.left < -slack || r.right > root.clientWidth + slack) && clipOf(e).right - clipOf(e).left === Infinity)
    .map(([e, r]) => `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 30)}" at ${Math.round(r.left)}..${Math.round(r.right)}`);
  // For lines, the text nodes next to each other in one element are one text (React writes
  // `Page {n} of {m}` as four nodes).
  const found = [];
  for (const { node, boxes } of lines ? texts : []) {
    const last = found.at(-1);
    let prev = node.previousSibling;
    while (prev?.nodeType === Node.TEXT_NODE && !prev.data.trim()) prev = prev.previousSibling;
    if (last && prev === last.node) Object.assign(last, { node, raw: `${last.raw} ${node.data}`, boxes: [...last.boxes, ...boxes] });
    else found.push({ node, raw: node.data, boxes });
  }
  const named = found.map(({ raw, boxes }) => ({ key: raw.replace(/\s+/g, " ").trim(), boxes }));
  return { overflow: root.scrollWidth - root.clientWidth, overlaps, covered, split, clipped, texts: lines ? named : undefined };
}

/**
 * Renders each document of `docs` in `page` (`open(page, doc)`) and measures it at every width;
 * `each(doc, width, measured)` gets the figures (with the texts at `LINE_WIDTH` when
 * `lines(doc)`), `failed(doc, error)` a document that did not render.
 */
async function sweep(page, { docs, widths, open, lines, each, failed }) {
  for (const doc of docs) {
    try {
      await page.setViewportSize({ width: widths[0], height: 800 });
      await open(page, doc);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await settle(page, open.settleMs ?? 0);
        await each(doc, width, await page.evaluate(measure, { slack: 1, lines: width === LINE_WIDTH && lines(doc) }));
      }
    } catch (e) {
      failed(doc, e);
    }
  }
}

/** Renders each document on our renderer under one engine and checks it at every width;
 * `record(doc, width, measured)` keeps the figures. */
async function run(host, { pagesDir, docs, engine, policy, widths, check, lines = () => false, record = () => {} }) {
  const pages = documentPages(pagesDir, policy);
  try {
    // A `data:` image refused by the page's own policy is a matter of image policies (see
    // display.mjs), not of widths: such a refusal is not counted here.
    const expected = (m) => isCspMessage(m.text()) && m.text().includes("img-src");
    const { page, errors } = await watchedPage(host.context, { viewport: { width: widths[0], height: 800 }, expected });
    const open = async (p, doc) => {
      errors.length = 0;
      await renderIn(p, pages.url(doc.envelope));
    };
    const each = (doc, width, measured) => {
      const { overflow, overlaps, covered, split, clipped } = measured;
      record(doc, width, measured);
      const problems = [];
      if (overflow > 0) problems.push(`page overflows by ${overflow} px`);
      if (clipped.length) problems.push(`cut by the page's edge: ${clipped.slice(0, 4).join("; ")}`);
      if (overlaps.length) problems.push(`${overlaps.length} overlap(s): ${overlaps.slice(0, 4).join("; ")}`);
      if (split.length) problems.push(`${split.length} word(s) split though they fit: ${split.slice(0, 4).join("; ")}`);
      if (covered.length) problems.push(`${covered.length} control(s) over text: ${covered.slice(0, 4).join("; ")}`);
      check(`${doc.name} @${width} ${engine}`, problems.length === 0, problems.join("; "));
      if (width === widths.at(-1) && errors.length) check(`${doc.name} ${engine} console`, false, errors.join(" | "));
    };
    const failed = (doc, e) => check(`${doc.name} ${engine}`, false, `did not render: ${e.message.split("\n")[0]} ${errors.join(" | ")}`);
    await sweep(page, { docs, widths, open, lines, each, failed });
    await page.close();
  } finally {
    pages.remove();
  }
}

/** Renders each document with prefab-ui's renderer and measures it at every width; its
 * figures go to `record`. A page of theirs that does not render is reported, not failed. */
async function runPrefabUi(host, { docs, widths, lines, record }) {
  const pages = pageFiles(prefabUiTemplate(ROOT), "prefab-widths-ui-");
  const page = await host.context.newPage();
  try {
    const open = Object.assign(async (p, doc) => renderInPrefabUi(p, pages.url(doc.envelope)), { settleMs: 250 });
    const failed = (doc, e) => console.log(`prefab-ui did not render ${doc.name}: ${e.message.split("\n")[0]}`);
    await sweep(page, { docs, widths, open, lines, each: record, failed });
  } finally {
    await page.close();
    pages.remove();
  }
}

async function main() {
  const opts = cli("widths.mjs", { pages: PAGES_OPTION, only: { type: "string", default: "" }, quiet: { type: "boolean" }, "against-prefab-ui": { type: "boolean" } });
  const docs = allDocuments().filter((d) => !opts.only || d.name.includes(opts.only));
  const against = opts["against-prefab-ui"];
  const { check, finish } = tally({ quiet: opts.quiet });
  const started = Date.now();
  // Per document: `{ ours: {width → figures}, theirs: {…}, texts: {ours, theirs} }`.
  const figures = new Map(docs.map((d) => [d.name, { ours: {}, theirs: {}, texts: {} }]));
  const keep = (side) => (doc, width, { overflow, overlaps, texts }) => {
    const f = figures.get(doc.name);
    f[side][width] = { overflow, overlaps: overlaps.length };
    if (texts) f.texts[side] = texts;
  };
  const lines = (doc) => against && SECOND_ENGINE(doc.name);
  await withHost(async (host) => {
    const pagesDir = opts.pages;
    const images = { resourceDomains: ["data:"] };
    await run(host, { pagesDir, docs, engine: "wasm2js", policy: policyFor("default", images), widths: WIDTHS, check, lines, record: keep("ours") });
    const second = docs.filter((d) => SECOND_ENGINE(d.name));
    await run(host, { pagesDir, docs: second, engine: "wasm", policy: policyFor("default+wasm", images), widths: WIDTHS.slice(0, -1), check });
    if (against) await runPrefabUi(host, { docs, widths: WIDTHS, lines, record: keep("theirs") });
  });
  console.log(`widths: ${docs.length} documents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (against) {
    console.log(`\nprefab-ui ${PREFAB_UI.version}'s bundled renderer, same documents and widths:`);
    printFigures(figures, WIDTHS);
    const compared = [...figures].filter(([, f]) => f.texts.ours && f.texts.theirs);
    printLines(new Map(compared.map(([name, f]) => [name, compareLines(f.texts.theirs, f.texts.ours)])), { quiet: opts.quiet, width: LINE_WIDTH });
  }
  finish();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
