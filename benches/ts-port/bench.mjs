// Times the expression evaluator of the TypeScript port (npm @maxhealth.tech/prefab@0.3.13)
// over the vectors of conformance/expressions.json that it can evaluate (those
// where it does not throw), and writes their ids to target/ts-port-subset.json so that the
// criterion bench `expr/parse+eval/ts-subset` measures prefab::expr on the same vectors.
//
//   node benches/ts-port/bench.mjs        (from the workspace root; installs on first run)
//
// The package is installed with npm into benches/ts-port/node_modules (git-ignored). Its
// evaluator is not exported from the package root, so the script imports the built module
// files by path.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const pkg = join(here, 'node_modules', '@maxhealth.tech', 'prefab');

if (!existsSync(join(pkg, 'package.json'))) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save'], { cwd: here, stdio: 'inherit' });
}
const version = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).version;
const { evaluateExpression } = await import(pathToFileURL(join(pkg, 'dist/renderer/rx.js')));
const { Store } = await import(pathToFileURL(join(pkg, 'dist/renderer/state.js')));

const vectors = JSON.parse(
  readFileSync(join(root, 'conformance', 'expressions.json'), 'utf8'),
);

// Scoped names ($item, $index, $event, …) go to the port's scope argument, the rest to its store.
function prepare(v) {
  const state = {};
  const scope = {};
  for (const [k, val] of Object.entries(v.state)) (k.startsWith('$') ? scope : state)[k] = val;
  return { id: v.id, expr: v.expr, store: new Store(state), scope };
}

const cases = [];
let thrown = 0;
let agree = 0;
for (const v of vectors) {
  const c = prepare(v);
  try {
    const got = evaluateExpression(c.expr, c.store, c.scope);
    cases.push(c);
    if (!v.throws && !v.expectedUndefined && !v.expectedNumber && JSON.stringify(got) === JSON.stringify(v.expected)) agree++;
  } catch {
    thrown++;
  }
}

mkdirSync(join(root, 'target'), { recursive: true });
writeFileSync(join(root, 'target', 'ts-port-subset.json'), JSON.stringify(cases.map((c) => c.id)));

// Nanoseconds per expression over `set`: each sample repeats the whole set until at least
// 300 ms have passed; the median of 7 samples is reported (after a warm-up for the JIT).
function measure(set) {
  let sink = 0;
  const once = () => {
    for (const c of set) {
      const v = evaluateExpression(c.expr, c.store, c.scope);
      if (v === sink) sink = 0;
    }
  };
  const warmUntil = process.hrtime.bigint() + 500_000_000n;
  while (process.hrtime.bigint() < warmUntil) once();
  const samples = [];
  for (let i = 0; i < 7; i++) {
    let rounds = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < 300_000_000n) {
      once();
      rounds++;
      elapsed = process.hrtime.bigint() - start;
    }
    samples.push(Number(elapsed) / (rounds * set.length));
  }
  samples.sort((a, b) => a - b);
  return { median: samples[3], min: samples[0], max: samples[6] };
}

// The `long` category (1000-term sums, 200 nested parentheses, …) costs this evaluator
// seconds per call, so it is reported separately from the rest.
const short = cases.filter((c) => !c.id.startsWith('x.expr.long.'));
console.log(`@maxhealth.tech/prefab@${version} evaluateExpression, node ${process.version}`);
console.log(`vectors: ${vectors.length}; evaluated without throwing: ${cases.length} (threw: ${thrown}); ` +
  `same JSON result as prefab-ui 0.21.1: ${agree}`);
for (const [name, set] of [['ts-subset-short', short], ['ts-subset', cases]]) {
  const m = measure(set);
  console.log(`${name} (${set.length} vectors): median ${m.median.toFixed(1)} ns per expression ` +
    `(${(1e3 / m.median).toFixed(3)} M expressions/s), min ${m.min.toFixed(1)}, max ${m.max.toFixed(1)}`);
}
