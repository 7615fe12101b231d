// Where the render benchmark keeps things, and the pinned versions of the two reference
// renderers ("anchors") it compares against.
//
// Everything downloaded or produced goes to the bench home, never into tracked files:
//   --home DIR, else $PREFAB_BENCH_HOME, else <repository>/target/bench-render.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PREFAB_UI, chromiumPath, die, launchBrowser } from "../../../xtask/testhost/harness.mjs";

export { chromiumPath, die };

export const RENDER_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = resolve(RENDER_DIR, "..", "..");
export const PAYLOAD_DIR = join(RENDER_DIR, "payloads");

export const TS = { pkg: "@maxhealth.tech/prefab", version: "0.3.13" };
// `PREFAB_UI.appHtmlSha256`: sha256 of prefab_ui/renderer/app.html inside the wheel.
export const PY = { pkg: "prefab-ui", ...PREFAB_UI };
export const TS_LABEL = `TS ${TS.version}`;
export const PY_LABEL = `prefab-ui ${PY.version}`;

export function benchHome(flag) {
  return resolve(flag ?? process.env.PREFAB_BENCH_HOME ?? join(REPO_ROOT, "target", "bench-render"));
}

/** Files setup.mjs writes into the bench home. */
export function homePaths(home) {
  const tsDist = join(home, "node_modules", ...TS.pkg.split("/"), "dist");
  return {
    home,
    tsDist,
    wheelDir: join(home, "wheel"),
    appHtml: join(home, "anchors", "app.html"),
    tsPage: join(home, "anchors", "ts.html"),
    pyPage: join(home, "anchors", "prefab-ui.html"),
    stamp: join(home, "setup.json"),
  };
}

/** Fails with the command to run when setup.mjs has not completed in `home`. */
export function requireSetup(home) {
  const p = homePaths(home);
  if (!existsSync(p.stamp)) {
    throw new Error(`the bench home ${home} is not set up: run \`node benches/render/setup.mjs\` first`);
  }
  return p;
}

/** `require` resolving from the bench home's node_modules (playwright-core lives there). */
export function requireFromHome(home, name) {
  try {
    return createRequire(join(home, "package.json"))(name);
  } catch (e) {
    throw new Error(`${name} is not installed in ${home} (${e.code ?? e.message}): run setup.mjs`);
  }
}

/** The payload list: names, files and the marker texts that define "rendered". */
export function readManifest() {
  return JSON.parse(readFileSync(join(PAYLOAD_DIR, "manifest.json"), "utf8"));
}

export function readPayloadText(name) {
  const manifest = readManifest();
  const entry = manifest.payloads[name];
  if (!entry) throw new Error(`unknown payload "${name}" (known: ${Object.keys(manifest.payloads).join(", ")})`);
  return readFileSync(join(PAYLOAD_DIR, entry.file), "utf8");
}

/**
 * Headless Chromium (the flags of every browser script of the project, without the tests'
 * `--disable-dev-shm-usage`) driven by the bench home's playwright-core.
 */
export const launchChromium = (home) => launchBrowser({ playwright: requireFromHome(home, "playwright-core"), extraArgs: [] });

/** The machine a run measures on: date, browser and node versions, CPUs, load average now. */
export const machine = (browser) => ({
  date: new Date().toISOString(),
  chromium: browser.version(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  loadBefore: load(),
});

/** The load average, as `machine` records it. */
export const load = () => loadavg().map((x) => x.toFixed(1));
