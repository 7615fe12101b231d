#!/usr/bin/env node
// A2UI against the official Lit renderer (npm `@a2ui/lit`), in headless Chromium, both ways:
//
// 1. Every vendored official A2UI v0.9 example (`prefab/tests/data/a2ui/v0.9/examples`) is
//    rendered by `@a2ui/lit`, converted to `$prefab` by `prefab a2ui from`, and rendered by our
//    viewer with each engine (wasm, wasm2js). Ours must show no placeholder, no error box and
//    no console/page error, and every text Lit shows must appear among ours (whitespace
//    collapsed), except the differences listed in `KNOWN`, each with its reason.
// 2. Every gallery view (`target/a2ui-gallery/*.json`, written by
//    `cargo test -p prefab-examples --test a2ui_gallery`) is converted to A2UI v0.9 messages by
//    `prefab a2ui to` and rendered by `@a2ui/lit`: no render error, no console/page error,
//    and its text shows. "Its text" is the literal strings the messages carry: every string
//    `text` of a `Text` component that sits in the shown tree (not in a `Modal`'s content,
//    a `Tabs` tab other than the first or a `List` template), each line as its Markdown shows
//    it, every `Tabs` title, and every `label` of a `TextField`, `CheckBox`, `ChoicePicker`,
//    `Slider` and `DateTimeInput`; each must appear in Lit's page (whitespace ignored).
//
//   node prefab-renderer/tests/a2ui-lit.mjs --pages target/pages [--prefab target/debug/prefab]
//                                           [--only <substring>] [--quiet]
// Ends with `N passed, N failed`.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { PAGES_OPTION, cli, die, launchBrowser, pageFiles, policyFor, tally, watch } from "../../xtask/testhost/index.mjs";
import { renderIn } from "./catalog.mjs";
import { bundle, installedVersion, litPages, shownTexts } from "./a2ui-lit/lit-page.mjs";
import { galleryTexts } from "./a2ui-lit/messages.mjs";
import { a2uiCommand, mediaOrigins, officialExamples } from "./a2ui-lit/examples.mjs";

const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const NPM = join(ROOT, "target/npm");
const GALLERY = join(ROOT, "target/a2ui-gallery");

/** Why a text Lit shows is legitimately not among ours (see `KNOWN`); none today. */
const REASONS = {};

/**
 * Texts Lit shows that ours legitimately shows differently, by example: `[text, reason]`
 * (`"icons"`: fewer icons drawn), each reason a key of `REASONS`. Nothing else is skipped,
 * and an entry that no longer differs fails the check, so the list stays exact.
 */
const KNOWN = {};

const opts = cli("a2ui-lit.mjs", {
  pages: PAGES_OPTION,
  prefab: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
  only: { type: "string", default: "" },
  quiet: { type: "boolean" },
});
if (!existsSync(opts.prefab)) die("a2ui-lit.mjs", `${opts.prefab} not found (cargo build -p prefab-cli --bin prefab)`);
if (!existsSync(join(NPM, "node_modules/@a2ui/lit"))) die("a2ui-lit.mjs", "@a2ui/lit is not installed in target/npm (cargo xtask install)");

const prefab = a2uiCommand(opts.prefab);

const jsonFiles = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")).sort() : []);
const norm = (s) => s.replace(/\s+/g, " ").trim();

/**
 * Renders `messages` in the Lit page; its texts, or throws with the render error. Lit's children
 * render in their own update cycles, and Markdown is rendered asynchronously: what it shows is
 * read until two reads two animation frames (and 50 ms) apart agree and show some text, for at
 * most `LIT_SETTLE_MS` (then the last read is returned, and the checks report it).
 */
async function litRender(page, url) {
  await page.goto(url);
  const status = await page.evaluate(() => window.rendered);
  if (status !== "ok") throw new Error(status);
  const deadline = Date.now() + LIT_SETTLE_MS;
  let shown = await page.evaluate(shownTexts);
  for (;;) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
    const again = await page.evaluate(shownTexts);
    const same = JSON.stringify(again) === JSON.stringify(shown);
    shown = again;
    if ((same && shown.texts.length > 0) || Date.now() > deadline) return shown;
  }
}

/** How long Lit's page may take to settle (see `litRender`). */
const LIT_SETTLE_MS = 5000;

/** Renders an envelope in our viewer; what it shows and the problems it reports. */
async function oursRender(page, url) {
  await renderIn(page, url);
  const found = await page.evaluate(() => ({
    unknown: [...document.querySelectorAll(".pf-unknown")].map((e) => e.dataset.type),
    boxes: [...document.querySelectorAll(".pf-error")].map((e) => e.textContent),
  }));
  return { ...found, ...(await page.evaluate(shownTexts)) };
}

const started = Date.now();
/** How many known differences were met, by reason (each engine counts). */
const differences = new Map();
const { check, finish } = tally({ quiet: opts.quiet });
const script = await bundle(NPM);
console.log(`@a2ui/lit ${installedVersion(NPM, "@a2ui/lit")}, @a2ui/web_core ${installedVersion(NPM, "@a2ui/web_core")}, @a2ui/markdown-it ${installedVersion(NPM, "@a2ui/markdown-it")} (bundle ${Math.round(script.length / 1024)} KB)`);
const lit = litPages(script);
const template = readFileSync(join(opts.pages, "standalone-e2e.html"), "utf8");
// Our pages run under the MCP Apps policy, granting the origins the examples' images and
// media come from as a host would (`_meta.ui.csp.resourceDomains`).
const csp = { resourceDomains: mediaOrigins(officialExamples()) };
const engines = [
  ["wasm", pageFiles(template, "prefab-a2ui-wasm-", { policy: policyFor("default+wasm", csp) })],
  ["wasm2js", pageFiles(template, "prefab-a2ui-js-", { policy: policyFor("default", csp) })],
];
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  // Nothing leaves the machine: the examples' image and video URLs get an empty answer.
  await context.route(/^https?:/, (route) => route.fulfill({ status: 204, body: "" }));
  const page = await context.newPage();
  const errors = watch(page);

  for (const { name, messages } of officialExamples()) {
    if (opts.only && !name.includes(opts.only)) continue;
    const problems = [];
    errors.length = 0;
    let litTexts = [];
    let litIcons = [];
    try {
      ({ texts: litTexts, icons: litIcons } = await litRender(page, lit.url(messages)));
    } catch (e) {
      problems.push(`Lit: ${e.message.split("\n")[0]}`);
    }
    if (errors.length) problems.push(`Lit console: ${errors.join(" | ")}`);
    if (!litTexts.length) problems.push("Lit shows no text");
    let envelope = null;
    try {
      envelope = JSON.parse(prefab(["from"], JSON.stringify({ messages })));
    } catch (e) {
      problems.push(`prefab a2ui from: ${String(e.stderr ?? e.message).split("\n")[0]}`);
    }
    for (const [engine, files] of envelope ? engines : []) {
      errors.length = 0;
      try {
        const ours = await oursRender(page, files.url(envelope));
        if (ours.unknown.length) problems.push(`${engine}: placeholders ${[...new Set(ours.unknown)].join(", ")}`);
        if (ours.boxes.length) problems.push(`${engine}: error boxes ${ours.boxes.join(" | ")}`);
        const shown = ` ${ours.texts.join(" ")} `;
        const known = new Map(KNOWN[name] ?? []);
        const missing = litTexts.filter((t) => !shown.includes(norm(t)));
        if (ours.icons.length < litIcons.length) missing.push("icons");
        const unexplained = missing.filter((t) => !known.has(t));
        const stale = [...known.keys()].filter((t) => !missing.includes(t));
        if (unexplained.length) problems.push(`${engine}: Lit's text missing from ours: ${unexplained.map((t) => JSON.stringify(t)).join(", ")} (ours: ${ours.icons.length} icons; Lit: ${litIcons.join(", ") || "none"})`);
        if (stale.length) problems.push(`${engine}: listed in KNOWN but no longer differs: ${stale.map((t) => JSON.stringify(t)).join(", ")}`);
        for (const t of missing.filter((t) => known.has(t))) differences.set(known.get(t), (differences.get(known.get(t)) ?? 0) + 1);
      } catch (e) {
        problems.push(`${engine}: did not render: ${e.message.split("\n")[0]}`);
      }
      if (errors.length) problems.push(`${engine} console: ${errors.join(" | ")}`);
    }
    check(`example ${name} (${litTexts.length} texts)`, problems.length === 0, problems.join("; "));
  }

  const gallery = jsonFiles(GALLERY);
  check("gallery views written (cargo test -p prefab-examples --test a2ui_gallery)", gallery.length > 0, `none in ${GALLERY}`);
  for (const file of gallery) {
    const name = `gallery ${file}`;
    if (opts.only && !name.includes(opts.only)) continue;
    const problems = [];
    errors.length = 0;
    const out = prefab(["to"], readFileSync(join(GALLERY, file), "utf8"));
    const messages = out.split("\n").filter(Boolean).map((line) => JSON.parse(line));
    const wanted = galleryTexts(messages);
    if (!wanted.length) problems.push("its messages carry no literal text");
    try {
      // Compared without whitespace: Markdown splits a line into several text nodes.
      const compact = (s) => s.replace(/\s+/g, "");
      const missingFrom = ({ texts }) => wanted.filter((t) => !compact(texts.join("")).includes(compact(t)));
      let missing = missingFrom(await litRender(page, lit.url(messages)));
      // A busy machine may not have finished Lit's asynchronous Markdown: look again until
      // every text shows, for at most LIT_SETTLE_MS.
      const deadline = Date.now() + LIT_SETTLE_MS;
      while (missing.length && Date.now() < deadline) {
        await page.waitForTimeout(50);
        missing = missingFrom(await page.evaluate(shownTexts));
      }
      if (missing.length) problems.push(`not shown by Lit: ${missing.map((t) => JSON.stringify(t)).join(", ")}`);
    } catch (e) {
      problems.push(`Lit: ${e.message.split("\n")[0]}`);
    }
    if (errors.length) problems.push(`Lit console: ${errors.join(" | ")}`);
    check(`${name} (${wanted.length} texts)`, problems.length === 0, problems.join("; "));
  }
} finally {
  await browser.close();
  lit.remove();
  for (const [, files] of engines) files.remove();
}
for (const [reason, n] of differences) console.log(`known difference ×${n}: ${reason} — ${REASONS[reason]}`);
console.log(`a2ui-lit: ${((Date.now() - started) / 1000).toFixed(1)} s`);
finish();
