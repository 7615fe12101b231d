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
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PAGES_OPTION, cli, pageFiles, renderInPrefabUi, withHost } from "../../xtask/testhost/index.mjs";
import { catalogue, documentPages, renderIn } from "./catalog.mjs";

const opts = cli("contact-sheet.mjs", { pages: PAGES_OPTION, out: { type: "string", default: "target/contact-sheet", path: true }, only: { type: "string", default: "" } });
const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const REFERENCE = join(ROOT, "target/bench-render/anchors/prefab-ui.html");

const escape = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const fileName = (name) => name.replace(/[^A-Za-z0-9_.-]+/g, "_").replace(/\.json$/, "");

const { docs } = catalogue(ROOT);
const ours = documentPages(opts.pages);
const theirs = existsSync(REFERENCE) ? pageFiles(readFileSync(REFERENCE, "utf8"), "prefab-contact-") : null;
mkdirSync(opts.out, { recursive: true });
const rows = [];
await withHost(async (host) => {
  const page = await host.context.newPage();
  await page.setViewportSize({ width: 1024, height: 700 });
  /** Runs `open`, then screenshots the page into `file`; the file name, or null when it failed. */
  const shoot = async (file, what, open) => {
    try {
      await open();
      await page.screenshot({ path: join(opts.out, file), fullPage: true });
      return file;
    } catch (e) {
      console.log(`FAIL ${what}: ${e.message.split("\n")[0]}`);
      return null;
    }
  };
  for (const doc of docs) {
    if (opts.only && !doc.name.includes(opts.only)) continue;
    const base = fileName(doc.name);
    const shots = [];
    for (const mode of ["light", "dark"]) {
      shots.push(await shoot(`${base}.${mode}.png`, `${doc.name} (${mode})`, () => renderIn(page, ours.url({ ...doc.envelope, mode }))));
    }
    if (theirs) {
      shots.push(
        await shoot(`${base}.prefab-ui.png`, `${doc.name} (prefab-ui)`, async () => {
          // Mounted, then its layout unchanged for 600 ms (see `settle`).
          await renderInPrefabUi(page, theirs.url(doc.envelope), 600);
        }),
      );
    }
    rows.push({ name: doc.name, shots });
    console.log(`shot ${doc.name}`);
  }
}).finally(() => {
  ours.remove();
  theirs?.remove();
});
const heads = ["light", "dark", ...(theirs ? ["prefab-ui (light)"] : [])];
const html = `<!doctype html><meta charset="utf-8"><title>prefab-rs contact sheet</title>
<style>body{font:14px system-ui,sans-serif;margin:1rem}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.5rem;vertical-align:top}img{width:360px;display:block}th{text-align:left}</style>
<h1>Contact sheet (${rows.length} documents)</h1>
<table><tr><th>document</th>${heads.map((h) => `<th>${h}</th>`).join("")}</tr>
${rows.map((r) => `<tr><td>${escape(r.name)}</td>${r.shots.map((s) => (s ? `<td><a href="${s}"><img loading="lazy" src="${s}" alt=""></a></td>` : "<td>failed</td>")).join("")}</tr>`).join("\n")}
</table>\n`;
writeFileSync(join(opts.out, "index.html"), html);
console.log(`contact sheet: ${join(opts.out, "index.html")} (${rows.length} documents${theirs ? ", with prefab-ui's renderer" : ""})`);
