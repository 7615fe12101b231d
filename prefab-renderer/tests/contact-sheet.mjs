#!/usr/bin/env node
// A contact sheet for review: a PNG screenshot (1024 px wide, light and dark) of every
// document of the catalogue (see catalog.mjs) into `--out`, plus an `index.html` grid. When
// prefab-ui's renderer is installed in the bench home (`node benches/render/setup.mjs`, the
// `cargo xtask bench-render` setup, in target/bench-render), its light screenshot of the same
// document is put beside ours.
//
//   node prefab-renderer/tests/contact-sheet.mjs --pages target/pages --out target/contact-sheet
//                                                [--only <substring>]
//
// `cargo xtask contact-sheet` writes the pages and the auto-renderer outputs, then runs this.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { launch } from "../../xtask/testhost/index.mjs";
import { withPayload } from "../../benches/render/lib/page.mjs";
import { catalogue, pageMaker, renderIn } from "./catalog.mjs";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const PAGES = resolve(arg("--pages", "target/pages"));
const OUT = resolve(arg("--out", "target/contact-sheet"));
const ONLY = arg("--only", "");
const REFERENCE = join(ROOT, "target/bench-render/anchors/prefab-ui.html");

const escape = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const fileName = (name) => name.replace(/[^A-Za-z0-9_.-]+/g, "_").replace(/\.json$/, "");

const { docs } = catalogue(ROOT);
const tmp = mkdtempSync(join(tmpdir(), "prefab-contact-"));
const makePage = pageMaker(PAGES, tmp);
const reference = existsSync(REFERENCE) ? readFileSync(REFERENCE, "utf8") : null;
mkdirSync(OUT, { recursive: true });
const rows = [];
const host = await launch();
try {
  const page = await host.context.newPage();
  await page.setViewportSize({ width: 1024, height: 700 });
  for (const doc of docs) {
    if (ONLY && !doc.name.includes(ONLY)) continue;
    const base = fileName(doc.name);
    const shots = [];
    for (const mode of ["light", "dark"]) {
      const file = `${base}.${mode}.png`;
      try {
        await renderIn(page, makePage({ ...doc.envelope, mode }));
        await page.screenshot({ path: join(OUT, file), fullPage: true });
        shots.push(file);
      } catch (e) {
        shots.push(null);
        console.log(`FAIL ${doc.name} (${mode}): ${e.message.split("\n")[0]}`);
      }
    }
    if (reference) {
      const file = `${base}.prefab-ui.png`;
      const url = join(tmp, `${base}.reference.html`);
      try {
        writeFileSync(url, withPayload(reference, JSON.stringify(doc.envelope)));
        await page.goto(pathToFileURL(url).href);
        await page.waitForTimeout(600);
        await page.screenshot({ path: join(OUT, file), fullPage: true });
        shots.push(file);
      } catch (e) {
        shots.push(null);
        console.log(`FAIL ${doc.name} (prefab-ui): ${e.message.split("\n")[0]}`);
      }
    }
    rows.push({ name: doc.name, shots });
    console.log(`shot ${doc.name}`);
  }
} finally {
  await host.close();
  rmSync(tmp, { recursive: true, force: true });
}
const heads = ["light", "dark", ...(reference ? ["prefab-ui (light)"] : [])];
const html = `<!doctype html><meta charset="utf-8"><title>prefab-rs contact sheet</title>
<style>body{font:14px system-ui,sans-serif;margin:1rem}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.5rem;vertical-align:top}img{width:360px;display:block}th{text-align:left}</style>
<h1>Contact sheet (${rows.length} documents)</h1>
<table><tr><th>document</th>${heads.map((h) => `<th>${h}</th>`).join("")}</tr>
${rows.map((r) => `<tr><td>${escape(r.name)}</td>${r.shots.map((s) => (s ? `<td><a href="${s}"><img loading="lazy" src="${s}" alt=""></a></td>` : "<td>failed</td>")).join("")}</tr>`).join("\n")}
</table>\n`;
writeFileSync(join(OUT, "index.html"), html);
console.log(`contact sheet: ${join(OUT, "index.html")} (${rows.length} documents${reference ? ", with prefab-ui's renderer" : ""})`);
