// The TypeScript port's side of run.sh: display(autoTable(rows)) serialized to bytes.
// Usage: node ts.mjs ROWS.json ITERATIONS  (run.sh installs the package into .npm/)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [rowsPath, iterations] = process.argv.slice(2);
const here = new URL('.', import.meta.url).pathname;
const require = createRequire(here + '.npm/');
const resolve = (spec) => pathToFileURL(require.resolve(spec)).href;
// The package's exports only declare `import`; resolve its files by path.
const pkgDir = here + '.npm/node_modules/@maxhealth.tech/prefab/dist/';
const { display } = await import(pathToFileURL(pkgDir + 'mcp/index.js').href);
const { autoTable } = await import(pathToFileURL(pkgDir + 'auto/index.js').href);
void resolve;

const statusKb = (key) => {
  const line = readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith(key));
  return line ? Number(line.split(/\s+/)[1]) : 0;
};

const rows = JSON.parse(readFileSync(rowsPath, 'utf8'));
const before = statusKb('VmRSS:');
const times = [];
let bytes = 0;
const n = Number(iterations);
for (let i = 0; i < n + 3; i++) {
  const start = process.hrtime.bigint();
  const out = Buffer.from(JSON.stringify(display(autoTable(rows))));
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  bytes = out.length;
  if (i >= 3) times.push(ms);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({
  impl: 'TS @maxhealth.tech/prefab 0.3.13 display(autoTable(rows))',
  median_ms: +times[Math.floor(times.length / 2)].toFixed(2),
  min_ms: +times[0].toFixed(2),
  bytes,
  rss_before_kb: before,
  peak_rss_kb: statusKb('VmHWM:'),
}));
