// The tests of unlzma.js under node, run by `cargo test -p xtask` (xtask/src/post/unlzma.rs
// writes the cases: LZMA-alone streams made by liblzma with several inputs and lc/lp/pb
// settings, and truncated or corrupt ones).
//
//   node unlzma.test.mjs CASES.json DECODER.js…
//
// CASES.json lists {name, input, expect}: `input` is a file of LZMA bytes, `expect` the file
// it must decode to, or null when decoding must throw. Each decoder script (the hand-written
// source and the minified asset) runs every case. Prints each failure and a summary; exits
// 1 if anything failed.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import vm from "node:vm";

const [casesPath, ...decoders] = process.argv.slice(2);
if (!casesPath || decoders.length === 0) {
  console.error("usage: node unlzma.test.mjs CASES.json DECODER.js…");
  process.exit(2);
}
const dir = dirname(casesPath);
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
let passed = 0;
const failed = [];

for (const decoder of decoders) {
  const context = vm.createContext({ Uint8Array, Uint16Array, Uint32Array, Math, Error });
  vm.runInContext(readFileSync(decoder, "utf8"), context, { filename: decoder });
  const unlzma = context.prefabUnlzma;
  for (const { name, input, expect } of cases) {
    const bytes = new Uint8Array(readFileSync(join(dir, input)));
    let result;
    try {
      result = { out: unlzma(bytes) };
    } catch (e) {
      result = { error: String(e && e.message) };
    }
    const problem = check(result, expect && new Uint8Array(readFileSync(join(dir, expect))));
    if (problem) failed.push(`${decoder}: ${name}: ${problem}`);
    else passed++;
  }
}

/** What is wrong with `result` (null when it is right). */
function check(result, want) {
  if (!want) return result.error ? null : `decoded ${result.out.length} bytes, expected an error`;
  if (result.error) return `threw "${result.error}"`;
  if (result.out.length !== want.length) return `${result.out.length} bytes, expected ${want.length}`;
  const at = result.out.findIndex((b, i) => b !== want[i]);
  return at < 0 ? null : `differs at byte ${at}`;
}

for (const line of failed) console.log(`FAIL ${line}`);
console.log(`unlzma: ${passed} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
