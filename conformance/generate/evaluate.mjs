// Computes the expected values of the expression vectors by running the evaluator that
// prefab-ui's bundled renderer ships (prefab_ui/renderer/app.html, one minified module).
//
//   TZ=UTC node conformance/generate/evaluate.mjs <app.html> <inputs-dir> <out-dir>
//
// Run by `cargo xtask conformance`. Nothing of app.html is written anywhere: the
// evaluator is located in the installed file at run time, loaded in memory, and only its
// results are written. How it is located:
//
// * the expression module begins with the function that reads the custom-pipe hook
//   (`globalThis.__prefab_handlers`) and ends with the lazy initializer of the
//   interpolation module, which initializes the expression module (the one holding the
//   pipe table, recognised by `pluralize(`); in between lie the tokenizer (error text
//   `Unexpected character: `), `evaluate`, the pipe table, the parser class (error text
//   `Expected pipe name or default value`) and the interpolation functions;
// * the condition evaluator is the function holding the warning text
//   `Failed to parse condition expression`; it calls `evaluate` as `!!evaluate(e,t)`;
// * `interpolateProps` is the function of the module that walks `Object.entries(`; the
//   value mapper it uses calls `interpolateString` for strings.
//
// The module refers to three bundler helpers defined elsewhere in the bundle: its lazy
// initializer, its class-field helper and an init hook. They get small stand-ins written
// here (same contract: run once and cache; define an own enumerable, writable,
// configurable property; do nothing).
//
// Each vector runs with a fresh deep copy of its state. Output format: see
// conformance/README.md. A summary (versions, located slices, counts) goes to stdout.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';

const APP_HTML_SHA256 = '9e90e31a53ccf5881dee07ce742117598e35d7cd5b850c01c7099acee3a959ad';
const FILES = ['expressions.json', 'interpolation.json', 'conditions.json', 'interpolate-props.json'];

function fail(message) {
  console.error(`evaluate.mjs: ${message}`);
  process.exit(1);
}

function indexOfOnce(text, marker, from = 0) {
  const at = text.indexOf(marker, from);
  if (at < 0) fail(`marker not found: ${marker}`);
  return at;
}

function escapeRe(s) {
  return s.replace(/[$.*+?()[\]{}|\\^]/g, '\\$&');
}

/** Finds the evaluator's code in the bundle; returns the source pieces and entry names. */
function locate(bundle) {
  const hook = indexOfOnce(bundle, 'globalThis.__prefab_handlers');
  const start = bundle.lastIndexOf('function ', hook);
  const table = indexOfOnce(bundle, 'pluralize(', hook);
  for (const marker of ['Unexpected character: ', 'Expected pipe name or default value']) {
    const at = indexOfOnce(bundle, marker, start);
    if (at > table + 20000) fail(`${marker} lies outside the expression module`);
  }
  // The lazy initializer of the expression module: `var a,b,init=lazy((()=>{` before the table.
  const declarations = [...bundle.slice(start, table).matchAll(/var [\w$,]*?([\w$]+)=([\w$]+)\(\(\(\)=>\{/g)];
  const last = declarations.at(-1);
  if (!last) fail('no lazy initializer before the pipe table');
  const [, init, lazy] = last;
  // The module ends after the next initializer that only runs `init()`.
  const ender = new RegExp(`var [\\w$]+=${escapeRe(lazy)}\\(\\(\\(\\)=>\\{${escapeRe(init)}\\(\\)\\}\\)\\);`, 'g');
  ender.lastIndex = table;
  const endMatch = ender.exec(bundle);
  if (!endMatch) fail('end of the interpolation module not found');
  const end = endMatch.index + endMatch[0].length;
  const engine = bundle.slice(start, end);

  const warning = indexOfOnce(bundle, 'Failed to parse condition expression');
  const condStart = bundle.lastIndexOf('function ', warning);
  ender.lastIndex = warning;
  const condEndMatch = ender.exec(bundle);
  if (!condEndMatch) fail('end of the condition module not found');
  const condEnd = condEndMatch.index + condEndMatch[0].length;
  const condition = bundle.slice(condStart, condEnd);

  const name = (text, re, what) => {
    const m = text.match(re);
    if (!m) fail(`${what} not found`);
    return m[1];
  };
  const evaluateCondition = name(condition, /^function ([\w$]+)\(/, 'condition function');
  const evaluate = name(condition, /!!([\w$]+)\(/, 'evaluate (called by the condition function)');
  const functions = [...engine.matchAll(/function ([\w$]+)\(/g)].map((m, i, all) => ({
    name: m[1],
    body: engine.slice(m.index, all[i + 1]?.index ?? engine.length),
  }));
  const props = functions.find((f) => f.body.includes('Object.entries('));
  if (!props) fail('interpolateProps not found');
  const mapper = name(props.body, /\]=([\w$]+)\(/, 'props value mapper');
  const mapperBody = functions.find((f) => f.name === mapper)?.body ?? '';
  const interpolateString = name(mapperBody, /typeof [\w$]+==`string`\?([\w$]+)\(/, 'interpolateString');
  if (!functions.some((f) => f.name === evaluate)) fail('evaluate is not defined in the module');

  // Helpers the module uses but does not define.
  const fieldHelper = name(engine, /([\w$]+)\(this,`tokens`/, 'class-field helper');
  const initBody = engine.slice(engine.indexOf(`${init}=${lazy}((()=>{`));
  const calls = [...initBody.slice(0, 200).matchAll(/[{,]([\w$]+)\(\)/g)].map((m) => m[1]);
  const hooks = calls.filter((c) => !new RegExp(`[\\s,]${escapeRe(c)}=`).test(engine) && !engine.includes(`function ${c}(`));

  return {
    engine,
    condition,
    offsets: {
      engine: { offset: start, length: end - start },
      condition: { offset: condStart, length: condEnd - condStart },
    },
    names: { lazy, init, fieldHelper, hooks, evaluate, interpolateString, interpolateProps: props.name, evaluateCondition },
    interpolationInit: endMatch[0].match(/^var ([\w$]+)=/)[1],
  };
}

/** Loads the located code in this realm (so values keep the ordinary prototypes). */
function load(found) {
  const n = found.names;
  const source = [
    `const ${n.lazy} = (fn, cached) => () => (fn && (cached = fn(fn = 0)), cached);`,
    `const ${n.fieldHelper} = (obj, key, value) => (Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true }), value);`,
    ...n.hooks.map((h) => `const ${h} = () => {};`),
    found.engine,
    found.condition,
    `${found.interpolationInit}();`,
    `return { evaluate: ${n.evaluate}, interpolateString: ${n.interpolateString}, interpolateProps: ${n.interpolateProps}, evaluateCondition: ${n.evaluateCondition} };`,
  ].join('\n');
  const factory = vm.runInThisContext(`(function () {\n${source}\n})`, { filename: 'prefab-ui-evaluator' });
  const api = factory();
  // Sanity checks before trusting it.
  const checks = [
    api.evaluate('1 + 2 * 3', {}) === 7,
    api.evaluate("name | upper", { name: 'ada' }) === 'ADA',
    api.interpolateString('{{ n }}', { n: 4 }) === 4,
    api.interpolateString('n={{ n }}', { n: 4 }) === 'n=4',
    api.interpolateProps({ a: '{{ n }}', b: ['{{ n }}!'] }, { n: 1 }).b[0] === '1!',
    api.evaluateCondition('{{ n > 0 }}', { n: 1 }) === true,
  ];
  if (!checks.every(Boolean)) fail(`sanity checks failed: ${JSON.stringify(checks)}`);
  return api;
}

/** The outcome fields of one run, in the pack's format. */
function outcome(run) {
  let value;
  try {
    value = run();
  } catch {
    return { throws: true };
  }
  if (value === undefined) return { expectedUndefined: true };
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return { expectedNumber: 'NaN' };
    if (value === Infinity) return { expectedNumber: 'Infinity' };
    if (value === -Infinity) return { expectedNumber: '-Infinity' };
    if (Object.is(value, -0)) return { expected: 0, expectedNumber: '-0' };
  }
  return { expected: JSON.parse(JSON.stringify(value)) };
}

/** `sole`: the trimmed template is exactly one `{{ … }}` (a label, not an engine output). */
function sole(template) {
  const t = template.trim();
  if (!t.startsWith('{{') || !t.endsWith('}}')) return false;
  const inner = t.slice(2, -2);
  return !inner.includes('{{') && !inner.includes('}}');
}

/** Rebuilds a vector: input fields, `sole`, state, outcome, then the remaining labels. */
function vector(input, result) {
  const out = {};
  for (const [key, value] of Object.entries(input)) {
    out[key] = value;
    if (key === 'template') out.sole = sole(value);
    if (key === 'state') Object.assign(out, result);
  }
  return out;
}

function main() {
  const [appHtml, inputs, outDir] = process.argv.slice(2);
  if (!outDir) fail('usage: evaluate.mjs <app.html> <inputs-dir> <out-dir>');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (process.env.TZ !== 'UTC' || zone !== 'UTC') fail(`run with TZ=UTC (time zone is ${zone})`);

  const bytes = readFileSync(appHtml);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== APP_HTML_SHA256) fail(`app.html sha256 ${sha256}, expected ${APP_HTML_SHA256}`);
  const found = locate(bytes.toString('utf8'));
  const api = load(found);
  const copy = (state) => structuredClone(state);

  const runners = {
    'expressions.json': (v) => () => api.evaluate(v.expr, copy(v.state)),
    'interpolation.json': (v) => () => api.interpolateString(v.template, copy(v.state)),
    'conditions.json': (v) => () => api.evaluateCondition(v.expr, copy(v.state)),
    'interpolate-props.json': (v) => () => api.interpolateProps(copy(v.props), copy(v.state)),
  };
  mkdirSync(outDir, { recursive: true });
  // The condition evaluator warns on every parse failure; those are expected here.
  console.warn = () => {};
  const counts = {};
  for (const file of FILES) {
    const cases = JSON.parse(readFileSync(join(inputs, file), 'utf8'));
    const ids = new Set();
    const out = cases.map((input) => {
      if (ids.has(input.id)) fail(`${file}: duplicate id ${input.id}`);
      ids.add(input.id);
      return vector(input, outcome(runners[file](input)));
    });
    writeFileSync(join(outDir, file), `${JSON.stringify(out, null, 2)}\n`);
    counts[file] = {
      total: out.length,
      throws: out.filter((v) => v.throws).length,
      undefined: out.filter((v) => v.expectedUndefined).length,
      special: out.filter((v) => v.expectedNumber).length,
    };
  }
  const summary = {
    appHtmlSha256: sha256,
    slices: found.offsets,
    environment: {
      TZ: process.env.TZ,
      locale: Intl.NumberFormat().resolvedOptions().locale,
      node: process.version,
      v8: process.versions.v8,
      icu: process.versions.icu,
      cldr: process.versions.cldr,
      tzdata: process.versions.tz,
      unicode: process.versions.unicode,
    },
    counts,
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
}

main();
