// Headless Chromium for every browser script: Debian's /usr/bin/chromium (or CHROMIUM_PATH)
// driven by playwright-core, with one set of flags.
import { existsSync } from "node:fs";

/** Flags of every launch: no sandbox or GPU (containers, CI), nothing fetched in the background. */
export const CHROMIUM_ARGS = Object.freeze(["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]);

/** Tests add this one: shared memory in /tmp, since a container's /dev/shm is small. */
const TEST_ARGS = ["--disable-dev-shm-usage"];

/** The browser binary: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * Launches headless Chromium. Options:
 *   playwright      the playwright-core module to use (default: the test host's own)
 *   executablePath  the browser binary (default `chromiumPath()`)
 *   extraArgs       flags after `CHROMIUM_ARGS` (default `--disable-dev-shm-usage`; the
 *                   benchmarks pass none)
 *   moreArgs        flags after those (e.g. `--js-flags=--expose-gc` for a memory test)
 */
export async function launchBrowser({ playwright, executablePath = chromiumPath(), extraArgs = TEST_ARGS, moreArgs = [] } = {}) {
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  const { chromium } = playwright ?? (await import("playwright-core"));
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs, ...moreArgs] });
}
