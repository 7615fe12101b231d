// A tiny pass/fail tally for test scripts: `ok`/`FAIL` lines, then `N passed, N failed`.

/** `{check(name, ok, detail), finish()}`; `finish` prints the summary and sets the exit code. */
export function checker() {
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
