#!/usr/bin/env node
// Transfer sizes of renderer assets next to the two anchors' (installed by setup.mjs):
// raw bytes, `gzip -9` (the system gzip with -n, as `gzip -9 -n -c < FILE | wc -c`; zlib
// level 9 when there is no gzip binary, labelled so) and brotli quality 11.
//
//   node benches/render/size.mjs [--home DIR] [--name LABEL] [--json FILE] FILE...
//
// Totals add the sizes of the files compressed one by one (what a page loading them
// separately sends). The TS total is renderer.min.js + prefab.css (what its standalone page
// loads); prefab-ui's is its one-file app.html.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { cli } from "../../xtask/testhost/harness.mjs";
import { PY_LABEL, TS_LABEL, benchHome, die, homePaths } from "./lib/env.mjs";

const opts = cli("size.mjs", { home: { type: "string" }, name: { type: "string", default: "candidate" }, json: { type: "string" } }, { positionals: true });
const files = opts._;

const systemGzip = spawnSync("gzip", ["--version"], { stdio: "ignore" }).status === 0;
const GZIP = systemGzip ? "gzip -9" : "zlib -9";

function sizes(file) {
  const bytes = readFileSync(file);
  let gzip;
  if (systemGzip) {
    const r = spawnSync("gzip", ["-9", "-n", "-c"], { input: bytes, maxBuffer: 1 << 30 });
    if (r.status !== 0) die("size.mjs", `gzip failed on ${file}: ${r.stderr}`);
    gzip = r.stdout.length;
  } else {
    gzip = gzipSync(bytes, { level: 9 }).length;
  }
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;
  return { name: basename(file), raw: bytes.length, gzip, brotli };
}

const sum = (rows) => rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), { raw: 0, gzip: 0, brotli: 0 });

const groups = [];
for (const f of files) if (!existsSync(f)) die("size.mjs", `no such file: ${f}`, 2);
if (files.length) {
  const rows = files.map(sizes);
  groups.push({ id: "candidate", label: opts.name, rows, total: sum(rows), totalOf: "the files above" });
}
const p = homePaths(benchHome(opts.home));
if (existsSync(p.tsDist) && existsSync(p.appHtml)) {
  const ts = ["renderer.min.js", "prefab.css", "renderer.auto.min.js"].map((f) => sizes(join(p.tsDist, f)));
  groups.push({ id: "ts", label: TS_LABEL, rows: ts, total: sum(ts.slice(0, 2)), totalOf: "renderer.min.js + prefab.css" });
  const py = [sizes(p.appHtml)];
  groups.push({ id: "prefab-ui", label: PY_LABEL, rows: py, total: sum(py), totalOf: "app.html, one file" });
} else {
  console.error(`note: no anchors in ${p.home} (run setup.mjs); listing the given files only`);
}
if (!groups.length) die("size.mjs", "usage: node benches/render/size.mjs [--home DIR] [--name LABEL] [--json FILE] FILE...", 2);

const n = (x) => x.toLocaleString("en-US");
const lines = [`| asset | raw | ${GZIP} | brotli 11 |`, "| --- | ---: | ---: | ---: |"];
for (const g of groups) {
  for (const r of g.rows) lines.push(`| ${g.label}: \`${r.name}\` | ${n(r.raw)} | ${n(r.gzip)} | ${n(r.brotli)} |`);
  lines.push(`| **${g.label} total** (${g.totalOf}) | **${n(g.total.raw)}** | **${n(g.total.gzip)}** | **${n(g.total.brotli)}** |`);
}
const ratios = {};
const cand = groups.find((g) => g.id === "candidate");
if (cand) {
  for (const g of groups.filter((x) => x !== cand)) {
    const q = Object.fromEntries(["raw", "gzip", "brotli"].map((k) => [k, Number((cand.total[k] / g.total[k]).toFixed(3))]));
    ratios[g.id] = q;
    lines.push(`| ${cand.label} / ${g.label} | ${q.raw} | ${q.gzip} | ${q.brotli} |`);
  }
}
console.log(lines.join("\n"));
if (opts.json) {
  writeFileSync(opts.json, JSON.stringify({ gzip: GZIP, groups, ratios }, null, 2));
  console.log(`written: ${opts.json}`);
}
