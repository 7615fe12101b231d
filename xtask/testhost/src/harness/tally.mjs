// The one pass/fail tally of the test scripts: a line per check (`ok   name`, `FAIL name — …`),
// then the summary line CI reads, `N passed, N failed` (`, N skipped` when any was skipped),
// and the exit code.

import { violations } from "./violations.mjs";

/** Thrown by a `test` body that cannot run here: the test counts as skipped, not failed. */
export class Skip extends Error {}

/**
 * A new tally. Options:
 *   quiet       print only failures (and the summary)
 *   label       prefix of the summary line (`label: N passed, N failed`)
 *   timed       `test` lines end with the time the body took
 *   stackLines  how many lines of a failed `test`'s stack to print (default all)
 */
export function tally({ quiet = false, label = "", timed = false, stackLines = Infinity } = {}) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const t = {
    counts,
    /** Counts and prints one check; `detail` is printed when it fails. */
    check(name, ok, detail = "") {
      if (ok) counts.passed++;
      else counts.failed++;
      if (ok && quiet) return;
      console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : ` — ${detail}`}`);
    },
    /** Runs `body`; it passes unless it throws (a `Skip` skips it). The stack of a failure is printed. */
    async test(name, body) {
      const started = Date.now();
      try {
        await body();
      } catch (error) {
        if (error instanceof Skip) {
          counts.skipped++;
          console.log(`skip ${name}: ${error.message}`);
          return;
        }
        counts.failed++;
        const stack = String(error?.stack ?? error).split("\n").slice(0, stackLines);
        console.log(`FAIL ${name}\n     ${stack.join("\n     ")}`);
        return;
      }
      counts.passed++;
      if (!quiet) console.log(`ok   ${name}${timed ? ` (${Date.now() - started} ms)` : ""}`);
    },
    /**
     * Runs a group of checks; an exception ends the group as one failed check named `name`
     * (detail: `detail(error)`, by default its message) instead of ending the script.
     */
    async guard(name, body, detail = (error) => error.message) {
      try {
        await body();
      } catch (error) {
        t.check(name, false, detail(error));
      }
    },
    /**
     * Fails a check when a page reported a Content-Security-Policy violation (violations.mjs),
     * then prints the summary and sets the exit code (`exit: true` exits at once).
     */
    finish({ exit = false } = {}) {
      const refused = violations();
      if (refused.length) t.check("no Content-Security-Policy violation in any page", false, refused.join(" | "));
      const skipped = counts.skipped ? `, ${counts.skipped} skipped` : "";
      console.log(`${label ? `${label}: ` : ""}${counts.passed} passed, ${counts.failed} failed${skipped}`);
      process.exitCode = counts.failed ? 1 : 0;
      if (exit) process.exit(process.exitCode);
    },
  };
  return t;
}
