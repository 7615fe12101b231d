#!/usr/bin/env node
// Browser tests of the display, layout, table, media and markup components (Icon, Progress,
// Ring, Markdown, Svg, Embed, …) on the standalone page of `fixtures/display.json`.
//
//   cargo xtask pages && node prefab-renderer/tests/display.mjs --pages target/pages
//
// Requests to the fixture's `*.example` hosts are answered locally (an empty page), so the
// run needs no network. The page is opened under the default MCP Apps policy built from the
// `_meta.ui.csp` a server showing this document declares: the media and frame origins it
// loads from. Then gallery_media's document, with a base64 PNG added, in the viewer through
// the test host under the Inspector's policy for `resourceDomains: []` (`img-src 'none'`) on
// both engines and under Claude's (`img-src 'self' data: blob:`): its `data:` images show,
// with no CSP refusal. Needs `target/gallery` (`cargo test -p prefab-examples --test
// gallery`). Ends with a plain `N passed, N failed` line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hugePng } from "./image-bomb.mjs";
import { ENGINE, PAGES_OPTION, PRESETS, cli, launch, policyFor, standalone, tally, toolResult, waitFor, watchedPage } from "../../xtask/testhost/index.mjs";

const { pages: PAGES } = cli("display.mjs", { pages: PAGES_OPTION });
const { check, guard, finish } = tally();

const host = await launch();
const { page, errors } = await watchedPage(host.context);
await page.route(/^https?:\/\/[a-z]+\.example\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>frame</p>" }));
const attr = (sel, name) => page.$eval(sel, (e, n) => e.getAttribute(n), name);
const text = (sel) => page.$eval(sel, (e) => e.textContent);
const cls = (sel) => page.$eval(sel, (e) => e.getAttribute("class") ?? "");
const style = (sel, prop) => page.$eval(sel, (e, p) => getComputedStyle(e).getPropertyValue(p), prop);

await guard("suite ran to the end", async () => {
  const declared = { resourceDomains: ["https://media.example"], frameDomains: ["https://frames.example"] };
  await page.goto(standalone(PAGES, "display", policyFor("default", declared)));
  await waitFor("the markdown", async () => (await page.$("#markdown h1")) !== null);

  check("no Unknown-component placeholder", (await page.$$(".pf-unknown")).length === 0, await page.$$eval(".pf-unknown", (els) => els.map((e) => e.dataset.type).join(",")));
  check("no error box", (await page.$$(".pf-error")).length === 0, await page.$$eval(".pf-error", (els) => els.map((e) => e.textContent).join(" | ")));

  // Typography rows.
  check("BlockQuote is a <blockquote> with its content", (await page.$eval("#quote", (e) => e.tagName)) === "BLOCKQUOTE" && (await text("#quote")).startsWith("Simplicity"));
  check("Kbd is a <kbd> inside the Text (a span)", (await page.$eval("#kbd", (e) => e.tagName + e.parentElement.tagName)) === "KBDSPAN" && (await text("#kbd")) === "Ctrl+K");
  check("InlineCode is a <code>", (await page.$eval("#inline-code", (e) => e.tagName)) === "CODE");
  // As prefab-ui's renderer: `Code` is a block (`<pre>`, lines kept), `InlineCode` inline.
  const code = await page.$eval("#code-block", (e) => [e.tagName, getComputedStyle(e).display, e.getClientRects().length && e.textContent]);
  check("Code is a <pre> block keeping its lines", code.join("|") === "PRE|block|fn a() {}\nfn b() {}", code.join("|"));
  const dot = await cls("#dot");
  check("Dot carries the variant, size and shape hooks", ["pf-dot", "pf-dot-variant-success", "pf-dot-lg", "pf-dot-rounded"].every((c) => dot.split(" ").includes(c)), dot);
  const rem = Number.parseFloat(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize));
  check("Dot has its size (.75rem at lg)", (await style("#dot", "width")) === `${0.75 * rem}px`, await style("#dot", "width"));
  check("Loader is a status with its variant", (await attr("#loader-spin", "role")) === "status" && (await cls("#loader-spin")).includes("pf-loader-spin") && (await cls("#loader-dots")).includes("pf-loader-dots pf-loader-size-sm"));

  // Progress and Ring follow their bound value.
  const bar = "#progress .pf-progress-indicator";
  check("Progress shows its value", (await attr("#progress", "aria-valuenow")) === "40" && (await page.$eval(bar, (e) => e.style.width)) === "40%");
  check("Progress variant hook on the indicator", (await cls(bar)).includes("pf-progress-variant-success"));
  check("Progress target mark at 75%", (await page.$eval("#progress .pf-progress-target", (e) => e.style.left)) === "75%");
  check("Progress min/max scale the value", (await page.$eval("#progress-range .pf-progress-indicator", (e) => e.style.width)) === "50%");
  const arc = "#ring .pf-ring-fill";
  const offsetBefore = Number(await attr(arc, "stroke-dashoffset"));
  check("Ring label shows the value", (await text("#ring .pf-ring-label")) === "40%");
  check("Ring is 128px at size lg with the variant hook", (await style("#ring", "width")) === "128px" && (await cls(arc)).includes("pf-ring-variant-warning"));
  await page.click("#bump");
  await waitFor("the bound value", async () => (await attr("#progress", "aria-valuenow")) === "90");
  check("Progress updates when its state key changes", (await page.$eval(bar, (e) => e.style.width)) === "90%");
  const offsetAfter = Number(await attr(arc, "stroke-dashoffset"));
  const circumference = Number(await attr(arc, "stroke-dasharray"));
  check("Ring arc follows the value", Math.abs(offsetBefore - circumference * 0.6) < 0.01 && Math.abs(offsetAfter - circumference * 0.1) < 0.01, `${offsetBefore} ${offsetAfter} ${circumference}`);
  check("Ring label updates", (await text("#ring .pf-ring-label")) === "90%");

  // Icons.
  for (const id of ["icon-check", "icon-pascal", "icon-alias", "icon-bound"]) {
    check(`${id} draws a lucide path`, (await page.$$(`#${id} svg path`)).length === 1);
  }
  const box = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return `${r.width}x${r.height}`; });
  check("an unknown icon is an empty box of the default size", (await page.$$("#icon-unknown svg path")).length === 0 && (await box("#icon-unknown")) === (await box("#icon-check")) && (await box("#icon-check")) === `${rem}x${rem}`, await box("#icon-unknown"));
  check("icon sizes sm / lg (.875rem / 1.5rem)", (await box("#icon-alias")) === `${0.875 * rem}x${0.875 * rem}` && (await box("#icon-pascal")) === `${1.5 * rem}x${1.5 * rem}`, `${await box("#icon-alias")} ${await box("#icon-pascal")}`);

  // Grid, Dashboard, Detail.
  const tracks = async (sel) => (await style(sel, "grid-template-columns")).split(" ").length;
  check("Grid columns: 4 tracks", (await tracks("#grid")) === 4);
  check("GridItem spans 2 columns", (await style("#grid-item", "grid-column-start")) === "span 2");
  const responsive = (await cls("#grid-responsive")).split(" ");
  check("Grid responsive columns become break-point classes", responsive.includes("grid-cols-1") && responsive.includes("md:grid-cols-3"), responsive.join(" "));
  check("Grid minColumnWidth fills columns of at least that width", (await tracks("#grid-min")) >= 4, await style("#grid-min", "grid-template-columns"));
  check("Dashboard has 6 columns and 80px rows", (await tracks("#dashboard")) === 6 && (await style("#dashboard", "grid-auto-rows")) === "80px");
  const placed = [await style("#dash-item", "grid-column"), await style("#dash-item", "grid-row")].join(" ; ");
  check("DashboardItem is placed", placed === "2 / span 3 ; 1 / span 2", placed);
  check("DashboardItem spans 3 of 6 columns", Math.abs((await page.$eval("#dash-item", (e) => e.getBoundingClientRect().width / e.parentElement.getBoundingClientRect().width)) - 0.5) < 0.05);
  check("Detail shows its title and children", (await text("#detail .pf-detail-title")) === "User Ada" && (await text("#detail")).includes("detail body"));
  check("MasterDetail lays out its children", (await tracks("#master")) === 2);

  // Table family.
  check("Table sits in pf-table-container", (await page.$eval("#table", (e) => e.tagName + " " + e.parentElement.className)) === "TABLE pf-table-container");
  const cells = await page.$$eval("#table tbody .pf-table-cell", (els) => els.map((e) => e.textContent));
  check("Table rows and cells (templates included)", cells.join(",") === "Ada,3,Grace,5", cells.join(","));
  check("Table header, footer, caption", (await page.$$("#table thead th.pf-table-head")).length === 2 && (await page.$$("#table tfoot .pf-table-cell")).length === 2 && (await text("#table caption")) === "Scores");
  check("a component inside a TableCell renders as a component", (await page.$$("#table tbody .pf-badge")).length === 1);

  // Media.
  const image = await page.$eval("#image", (e) => [e.tagName, e.getAttribute("role"), e.getAttribute("aria-label"), e.style.width, e.className].join());
  check("Image with a data:image/gif src is a canvas with its alt, size and class", image === "CANVAS,img,pixel,16px,pf-image", image);
  check("Audio has controls by default", (await page.$eval("#audio", (e) => e.tagName + e.controls)) === "AUDIOtrue");
  const video = await page.$eval("#video", (e) => [e.controls, e.loop, e.hasAttribute("muted"), e.poster].join());
  check("Video flags and poster", video === "false,true,true,https://media.example/poster.png", video);
  check("Embed of a declared origin is a sandboxed iframe without top navigation", (await page.$eval("#embed-ok", (e) => e.tagName)) === "IFRAME" && (await attr("#embed-ok", "sandbox")) === "allow-scripts" && (await attr("#embed-ok", "src")) === "https://frames.example/widget");
  check("Embed html is sandboxed without allow-same-origin", (await attr("#embed-html", "sandbox")) === "" && (await attr("#embed-html", "srcdoc")) === "<p>inline</p>");
  check("Embed of an undeclared origin is a link box", (await page.$eval("#embed-undeclared", (e) => e.tagName)) === "DIV" && (await attr("#embed-undeclared a", "href")) === "https://elsewhere.example/page");
  check("PdfViewer of an undeclared origin is a link box with the page", (await attr("#pdf a", "href")) === "https://elsewhere.example/doc.pdf#page=2");
  check("Svg is rebuilt from its allowed parts", (await page.$$("#svg svg circle")).length === 1 && (await text("#svg svg text")) === "hi" && (await attr("#svg svg circle", "fill")) === "url(#g)");
  check("Mermaid without a Mermaid script is a readable code block", (await page.$eval("#mermaid", (e) => e.tagName)) === "PRE" && (await text("#mermaid")) === "graph TD; A-->B");

  // Markdown.
  const md = (sel) => page.$$eval(`#markdown ${sel}`, (els) => els.map((e) => e.textContent));
  check("Markdown heading with a template", (await md("h1")).join() === "Title Ada");
  check("Markdown emphasis, strike, code", (await md("strong")).join() === "bold" && (await md("em")).join() === "em,text" && (await md("del")).join() === "gone" && (await md("p code")).join() === "code");
  check("Markdown link checked and kept", (await page.$eval("#markdown a", (e) => e.getAttribute("href"))) === "https://example.com/a");
  check("Markdown keeps snake_case_name as text", (await text("#markdown")).includes("snake_case_name"));
  check("Markdown lists, nested", (await page.$$("#markdown > ul > li")).length === 2 && (await md("ul ul > li")).join() === "nested" && (await md("ol > li")).join() === "first,second");
  check("Markdown block quote and fenced code", (await md("blockquote")).join().trim() === "quoted text" && (await page.$eval("#markdown pre code", (e) => e.dataset.language + "|" + e.textContent)) === "rust|fn main() {}");
  check("Markdown table with alignment", (await md("th")).join() === "Name,Score" && (await md("td")).join() === "Ada,3" && (await page.$eval("#markdown td:last-child", (e) => e.style.textAlign)) === "right");
  check("Markdown rule, escapes, raw HTML as text", (await page.$$("#markdown hr")).length === 1 && (await text("#markdown")).includes("*stars*") && (await text("#markdown")).includes("<b>not html</b>") && (await page.$$("#markdown b")).length === 0);

  check("no console errors", errors.length === 0, errors.join(" | "));
});

/** A 3 × 2 PNG, every pixel rgb(220, 38, 38). */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEUlEQVR42mO4o6b2H4YZkDkApsEM64x4gygAAAAASUVORK5CYII=";
/** Claude's policy as far as images go: the Inspector's with `img-src 'self' data: blob:`. */
const CLAUDE = policyFor("default").replace("img-src 'none'", "img-src 'self' data: blob:");

/** gallery_media's document, its Image given an id, and a PNG Image after it. */
function mediaDocument() {
  const doc = JSON.parse(readFileSync(join(new URL("../../target/gallery", import.meta.url).pathname, "media.json"), "utf8"));
  const column = doc.view.children[0];
  const at = column.children.findIndex((n) => n.type === "Image");
  column.children[at] = { ...column.children[at], id: "gallery-image" };
  column.children.splice(at + 1, 0, { type: "Image", id: "png", src: `data:image/png;base64,${PNG}`, alt: "A red block" }, { type: "Image", id: "huge", src: `data:image/png;base64,${hugePng()}`, alt: "A huge picture" });
  return doc;
}

/**
 * What the view shows of the two images: element, role, size (the SVG's laid-out box; the
 * canvas's pixel size and its laid-out width-to-height ratio, since the column stretches it
 * as it would an `<img>`), labels and a pixel of the PNG.
 */
function shownImages() {
  const box = (el) => {
    if (!el) return "missing";
    const { width, height } = el.getBoundingClientRect();
    const size = el.tagName === "CANVAS" ? `${el.width} ${el.height} ratio ${(width / height).toFixed(2)}` : `${Math.round(width)} ${Math.round(height)}`;
    return `${el.tagName.toLowerCase()} ${el.getAttribute("role")} ${size}`;
  };
  const svg = document.getElementById("gallery-image");
  const png = document.getElementById("png");
  let pixel = "none";
  if (png?.width) {
    const probe = document.createElement("canvas");
    const ctx = probe.getContext("2d");
    ctx.drawImage(png, 0, 0);
    pixel = [...ctx.getImageData(2, 1, 1, 1).data].join(",");
  }
  const huge = document.getElementById("huge");
  return { huge: `${huge?.tagName.toLowerCase()} ${huge?.getAttribute("role")} ${huge?.getAttribute("aria-label")}`, svg: box(svg), svgLabel: svg?.getAttribute("aria-label"), rects: svg?.querySelectorAll("rect").length ?? 0, png: box(png), pngLabel: png?.getAttribute("aria-label"), pixel };
}

const html = readFileSync(join(PAGES, "viewer.html"), "utf8");
const doc = mediaDocument();
const policies = [...PRESETS.map((csp) => [`Inspector, ${ENGINE[csp]}`, { csp }]), ["Claude, wasm2js", { policy: CLAUDE }]];
for (const [name, policy] of policies) {
  await guard(`[${name}] data: images`, async () => {
    const v = await host.open({ html, layout: "shell", toolResult: toolResult(doc), ...policy });
    try {
      const shown = await waitFor("the painted PNG", async () => {
        const s = await v.frame()?.evaluate(shownImages);
        return s?.pixel !== "none" && s;
      });
      check(`[${name}] gallery_media's SVG data: image shows at its size with its alt`, shown.svg === "svg img 240 120" && shown.svgLabel === "A profile card illustration" && shown.rects === 3, JSON.stringify(shown));
      check(`[${name}] a base64 PNG data: image is painted at its size with its alt`, shown.png === "canvas img 3 2 ratio 1.50" && shown.pngLabel === "A red block" && shown.pixel === "220,38,38,255", JSON.stringify(shown));
      check(`[${name}] a PNG of 20000 × 20000 pixels is not decoded: an empty element with its alt`, shown.huge === "span img A huge picture", shown.huge);
      // The loader's WebAssembly probe is refused by design where WebAssembly is not allowed.
      const refused = (await v.cspViolations()).filter((r) => r.blockedURI !== "wasm-eval");
      check(`[${name}] no CSP refusal`, refused.length === 0, JSON.stringify(refused.slice(0, 3)));
    } finally {
      await v.close();
    }
  });
}
await host.close();
finish();
