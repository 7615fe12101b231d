#!/usr/bin/env node
// Narrow hosts: every document of the catalogue (conformance wire documents and component
// fixtures, examples, auto-renderer outputs in `target/catalog`, see catalog.mjs) and every
// gallery view (`target/gallery`, see streaming.mjs) rendered in a standalone page at the
// widths MCP Apps hosts give a view (360, 512 and 720 px: a phone, the MCP Inspector's inline
// pane, a chat column) and at the 1024 px of the other suites. Per document and width:
//   - no horizontal overflow of the page (`scrollWidth > clientWidth` of <html>);
//   - no text overlapping other text: the line boxes of every visible text node (from a Range
//     over it), each cut to the boxes of the elements that clip it (an element that scrolls
//     on its own, like a wide table's wrapper, or hides its overflow, like a carousel's
//     viewport), compared with those of every other text node.
// Engines: the whole set under the default MCP Apps policy (no WebAssembly: wasm2js; `data:`
// images allowed, as a server declaring them would, so images take their place), the
// conformance documents and gallery views again with WebAssembly allowed (wasm).
//
//   cargo xtask pages && node prefab-renderer/tests/widths.mjs --pages target/pages
//                                                      [--only <substring>] [--quiet]
//
// Prints each failure (document, width, engine, the two texts or the overflow in px), then
// `N passed, N failed`.
import { pathToFileURL } from "node:url";
import { PAGES_OPTION, cli, isCspMessage, policyFor, tally, watchedPage, withHost } from "../../xtask/testhost/index.mjs";
import { catalogue, documentPages, renderIn } from "./catalog.mjs";
import { documents } from "./streaming.mjs";

export const WIDTHS = [360, 512, 720, 1024];

/** The documents: the catalogue and the gallery views, each `{ name, envelope }`. */
function allDocuments() {
  const { docs } = catalogue();
  const gallery = documents().docs.filter((d) => d.name.startsWith("gallery/"));
  return [...docs, ...gallery];
}

/** The subset the second engine renders: conformance documents and gallery views. */
const SECOND_ENGINE = (name) => name.startsWith("documents/") || name.startsWith("gallery/");

/**
 * Measured in the page: `{ overflow, overlaps }`. `overflow` is how many px the page is wider
 * than its viewport; `overlaps` lists pairs of visible texts whose boxes intersect (by more
 * than `slack` px each way, so glyph boxes that merely touch do not count).
 */
function measure(slack) {
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
      if (b.right - b.left > slack && b.bottom - b.top > slack) boxes.push(b);
    }
    if (boxes.length) texts.push({ text: node.data.trim().slice(0, 40), boxes });
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
  // Controls cut by the page's edges (a carousel arrow outside its slides), which
  // `scrollWidth` does not see on the left.
  const clipped = [...document.querySelectorAll("button,input,select,textarea,a[href]")]
    .filter((e) => e.checkVisibility({ visibilityProperty: true }))
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width > 0 && (r.left < -slack || r.right > root.clientWidth + slack) && clipOf(e).right - clipOf(e).left === Infinity)
    .map(([e, r]) => `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 30)}" at ${Math.round(r.left)}..${Math.round(r.right)}`);
  return { overflow: root.scrollWidth - root.clientWidth, overlaps, clipped };
}

/** Renders each document once per engine and measures it at every width. */
async function run(host, { pagesDir, docs, engine, policy, widths, check }) {
  const pages = documentPages(pagesDir, policy);
  try {
    // A `data:` image refused by the page's own policy is a matter of image policies (see
    // display.mjs), not of widths: such a refusal is not counted here.
    const expected = (m) => isCspMessage(m.text()) && m.text().includes("img-src");
    const { page, errors } = await watchedPage(host.context, { viewport: { width: widths[0], height: 800 }, expected });
    for (const doc of docs) {
      errors.length = 0;
      try {
        await page.setViewportSize({ width: widths[0], height: 800 });
        await renderIn(page, pages.url(doc.envelope));
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const { overflow, overlaps, clipped } = await page.evaluate(measure, 1);
          const problems = [];
          if (overflow > 0) problems.push(`page overflows by ${overflow} px`);
          if (clipped.length) problems.push(`cut by the page's edge: ${clipped.slice(0, 4).join("; ")}`);
          if (overlaps.length) problems.push(`${overlaps.length} overlap(s): ${overlaps.slice(0, 4).join("; ")}`);
          check(`${doc.name} @${width} ${engine}`, problems.length === 0, problems.join("; "));
        }
      } catch (e) {
        check(`${doc.name} ${engine}`, false, `did not render: ${e.message.split("\n")[0]}`);
      }
      if (errors.length) check(`${doc.name} ${engine} console`, false, errors.join(" | "));
    }
    await page.close();
  } finally {
    pages.remove();
  }
}

async function main() {
  const opts = cli("widths.mjs", { pages: PAGES_OPTION, only: { type: "string", default: "" }, quiet: { type: "boolean" } });
  const docs = allDocuments().filter((d) => !opts.only || d.name.includes(opts.only));
  const { check, finish } = tally({ quiet: opts.quiet });
  const started = Date.now();
  await withHost(async (host) => {
    const pagesDir = opts.pages;
    const images = { resourceDomains: ["data:"] };
    await run(host, { pagesDir, docs, engine: "wasm2js", policy: policyFor("default", images), widths: WIDTHS, check });
    const second = docs.filter((d) => SECOND_ENGINE(d.name));
    await run(host, { pagesDir, docs: second, engine: "wasm", policy: policyFor("default+wasm", images), widths: WIDTHS.slice(0, 3), check });
  });
  console.log(`widths: ${docs.length} documents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  finish();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
