// Shared bits of the browser test scripts: the `--pages` argument and the pass/fail tally
// that ends every script with a plain `N passed, N failed` line.
import { resolve } from "node:path";

/** The pages directory given by `--pages` (default `target/pages`). */
export function pagesDir(argv = process.argv.slice(2)) {
  const i = argv.indexOf("--pages");
  return resolve(i >= 0 && i + 1 < argv.length ? argv[i + 1] : "target/pages");
}

/** A tally: `check(name, ok, detail)` prints a line; `finish()` prints the totals and sets the exit code. */
export function tally() {
  let passed = 0;
  let failed = 0;
  return {
    check(name, ok, detail = "") {
      if (ok) passed++;
      else failed++;
      console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : ` — ${detail}`}`);
    },
    finish() {
      console.log(`${passed} passed, ${failed} failed`);
      process.exitCode = failed ? 1 : 0;
    },
  };
}

/**
 * A new page of `host` and the list its uncaught errors and `console.error` lines go to
 * (except console messages `expected(message)` accepts).
 */
export async function watchedPage(host, expected = () => false) {
  const page = await host.context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && !expected(m) && errors.push(m.text()));
  return { page, errors };
}
