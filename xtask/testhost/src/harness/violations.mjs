// Every Content-Security-Policy violation a browser script's pages reported, so that any one
// fails the script: `watch` (standalone pages) and the test host's views record them here, and
// `tally().finish()` counts them as a failed check. Chromium logs each refusal as a console
// error naming the "Content Security Policy"; the test host's views also keep the
// `securitypolicyviolation` events of the view document.

const found = [];

/** Whether a console message is a CSP refusal. */
export const isCspMessage = (text) => /Content Security Policy/.test(String(text));

/**
 * A refusal that is the design, not a fault: the loader compiles an empty WebAssembly module
 * to learn whether the page may run the wasm engine, and a policy without
 * `'wasm-unsafe-eval'` refuses that probe (the JavaScript engine then runs).
 */
export const isWasmProbe = (text) => /WebAssembly/.test(String(text)) && /'(wasm-)?unsafe-eval'/.test(String(text));

/** Records one violation (`where`: the page or view, `text`: the browser's message). */
export function noteViolation(where, text) {
  found.push(`${where}: ${String(text).slice(0, 300)}`);
}

/** The violations recorded so far. */
export const violations = () => [...found];
