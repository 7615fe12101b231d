#!/usr/bin/env node
// Prepares the bench home for bench.mjs and size.mjs (see benches/README.md):
//
//   1. `npm ci` of this folder's package.json + package-lock.json in the home:
//      @maxhealth.tech/prefab 0.3.13 (the TS renderer) and playwright-core;
//   2. `python3 -m pip download prefab-ui==0.21.1 --no-deps --only-binary=:all:` and
//      prefab_ui/renderer/app.html out of the wheel, checked against its known sha256;
//   3. the two anchor pages, each with an empty prefab:initial-data tag for bench.mjs to fill:
//      anchors/ts.html         prefab.css and renderer.min.js inlined, then the renderer
//                              mounted on the parsed data (the package's standalone pattern,
//                              without its CDN);
//      anchors/prefab-ui.html  the page PrefabApp().html(renderer_mode="bundled") writes
//                              for a default app: app.html's head inside prefab-ui's page
//                              template.
//
//   node benches/render/setup.mjs [--home DIR] [--force]
//
// Finished steps are skipped on a re-run unless --force. Only the npm registry and PyPI are
// contacted; nothing is written outside the bench home.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli, prefabUiPage } from "../../xtask/testhost/harness.mjs";
import { PY, RENDER_DIR, TS, benchHome, chromiumPath, die, homePaths } from "./lib/env.mjs";
import { DATA_TAG } from "./lib/page.mjs";

const opts = cli("setup.mjs", { home: { type: "string" }, force: { type: "boolean", default: false } });
const p = homePaths(benchHome(opts.home));
const started = Date.now();
const say = (what) => console.log(`setup [${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

function exec(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"], ...options });
  if (r.error) throw new Error(`cannot run ${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`\`${cmd} ${args.join(" ")}\` exited with status ${r.status}`);
  return r;
}

function installNpm() {
  const lock = readFileSync(join(RENDER_DIR, "package-lock.json"), "utf8");
  const marker = join(p.home, "node_modules", ".prefab-bench-lock");
  if (!opts.force && existsSync(marker) && readFileSync(marker, "utf8") === lock) {
    say("npm packages: already installed");
    return;
  }
  for (const f of ["package.json", "package-lock.json"]) copyFileSync(join(RENDER_DIR, f), join(p.home, f));
  say(`npm ci (${TS.pkg}@${TS.version}, playwright-core)`);
  exec("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: p.home });
  writeFileSync(marker, lock);
}

function extractAppHtml() {
  if (!opts.force && existsSync(p.appHtml) && sha256(readFileSync(p.appHtml)) === PY.appHtmlSha256) {
    say(`${PY.pkg} ${PY.version}: app.html already extracted`);
    return;
  }
  const python = process.env.PYTHON || "python3";
  rmSync(p.wheelDir, { recursive: true, force: true });
  say(`pip download ${PY.pkg}==${PY.version}`);
  exec(python, ["-m", "pip", "download", `${PY.pkg}==${PY.version}`, "--no-deps", "--only-binary=:all:", "--disable-pip-version-check", "-q", "-d", p.wheelDir]);
  const wheel = readdirSync(p.wheelDir).find((f) => f.endsWith(".whl"));
  if (!wheel) throw new Error(`pip left no wheel in ${p.wheelDir}`);
  // A wheel is a zip archive; Python is at hand (pip needs it), so it does the unzipping.
  const unzip = "import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))";
  const r = exec(python, ["-c", unzip, join(p.wheelDir, wheel), "prefab_ui/renderer/app.html"], { stdio: "pipe", maxBuffer: 1 << 28 });
  const digest = sha256(r.stdout);
  if (digest !== PY.appHtmlSha256) throw new Error(`${wheel}: app.html has sha256 ${digest}, expected ${PY.appHtmlSha256}`);
  writeFileSync(p.appHtml, r.stdout);
  say(`extracted prefab_ui/renderer/app.html (${r.stdout.length} bytes, sha256 as expected)`);
}

/** Text for inside a <style> or <script> element; refuses text that would end it early. */
function inlinable(text, element, what) {
  if (text.toLowerCase().includes(`</${element}`)) throw new Error(`${what} contains </${element} and cannot be inlined`);
  return text;
}

function tsPage() {
  const css = readFileSync(join(p.tsDist, "prefab.css"), "utf8");
  const js = readFileSync(join(p.tsDist, "renderer.min.js"), "utf8");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TS.pkg} ${TS.version} (render bench anchor)</title>
<style>${inlinable(css, "style", "prefab.css")}</style>
<script>${inlinable(js, "script", "renderer.min.js")}</script>
</head>
<body>
<div id="prefab-root"></div>
${DATA_TAG}
<script>
var data = JSON.parse(document.getElementById("prefab:initial-data").textContent);
PrefabRenderer.mount(document.getElementById("prefab-root"), data);
</script>
</body>
</html>
`;
}

try {
  mkdirSync(join(p.home, "anchors"), { recursive: true });
  say(`bench home ${p.home}`);
  installNpm();
  extractAppHtml();
  writeFileSync(p.tsPage, tsPage());
  writeFileSync(p.pyPage, prefabUiPage(readFileSync(p.appHtml, "utf8")));
  say("wrote anchors/ts.html and anchors/prefab-ui.html");
  writeFileSync(p.stamp, JSON.stringify({ ts: TS, prefabUi: PY, at: new Date().toISOString() }, null, 2));
  if (!existsSync(chromiumPath())) console.warn(`note: no Chromium at ${chromiumPath()}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  say("done");
} catch (e) {
  die("setup.mjs", e.message);
}
