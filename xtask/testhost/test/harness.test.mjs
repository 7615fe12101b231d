// Tests of the scripts' harness (`harness.mjs`) under node's test runner, no browser:
// `node --test test/harness.test.mjs` (part of `npm test`).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import test from "node:test";
import { STANDALONE_POLICY, cli, isCspMessage, isWasmProbe, pageFiles, prefabUiPage, prefabUiTemplate, standalone, watch, withPayload } from "../harness.mjs";

const HARNESS = new URL("../harness.mjs", import.meta.url).href;

/** Runs `body` (module source importing the harness as `h`) in a child node; {stdout, stderr, status}. */
function script(body, args = []) {
  const source = `import * as h from ${JSON.stringify(HARNESS)};\n${body}`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", source, "--", ...args], { encoding: "utf8" });
}

test("tally: a line per check, failures with their detail or stack, the summary and the exit code", () => {
  const run = script(`
    const t = h.tally({ label: "demo" });
    t.check("fine", true);
    t.check("broken", false, "why");
    await t.test("throws", () => { throw new Error("boom"); });
    await t.test("skipped", () => { throw new h.Skip("not here"); });
    await t.guard("group ran to the end", async () => { throw new Error("mid-group"); });
    await t.test("passes", async () => {});
    t.finish();`);
  const lines = run.stdout.split("\n");
  assert.equal(lines[0], "ok   fine");
  assert.equal(lines[1], "FAIL broken — why");
  assert.equal(lines[2], "FAIL throws");
  assert.match(lines[3], /^ {5}Error: boom$/);
  assert.ok(lines.includes("skip skipped: not here"));
  assert.ok(lines.includes("FAIL group ran to the end — mid-group"));
  assert.ok(lines.includes("ok   passes"));
  assert.equal(lines.at(-2), "demo: 2 passed, 3 failed, 1 skipped");
  assert.equal(run.status, 1);
});

test("tally: quiet prints failures only; all passed exits 0 with `N passed, 0 failed`", () => {
  const run = script(`const t = h.tally({ quiet: true }); t.check("a", true); await t.test("b", () => {}); t.finish();`);
  assert.equal(run.stdout, "2 passed, 0 failed\n");
  assert.equal(run.status, 0);
});

test("cli: options by node's parseArgs, path options resolved, an unknown option exits 2", () => {
  const o = cli("x.mjs", { pages: { type: "string", default: "target/pages", path: true }, quiet: { type: "boolean" } }, { argv: ["--quiet"] });
  assert.deepEqual(o, { pages: resolve("target/pages"), quiet: true, _: [] });
  assert.deepEqual(cli("x.mjs", {}, { argv: ["a", "b"], positionals: true })._, ["a", "b"]);
  // With `-e` the arguments start at argv[1].
  const bad = script(`h.cli("x.mjs", {}, { argv: process.argv.slice(1) });`, ["--nope"]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^x\.mjs: Unknown option '--nope'/);
});

test("withPayload fills the last data tag (every < escaped), or adds one before </body>", () => {
  const json = JSON.stringify({ text: "</script><b>" });
  const tag = (inner) => `<script id="prefab:initial-data" type="application/json">${inner}</script>`;
  const filled = withPayload(`<html><body>${tag("{}")}<p>x</p>${tag("{}")}</body></html>`, json);
  assert.equal(filled, `<html><body>${tag("{}")}<p>x</p>${tag('{"text":"\\u003c/script>\\u003cb>"}')}</body></html>`);
  assert.equal(withPayload("<body></body>", "{}"), `<body>${tag("{}")}</body>`);
  // `$` sequences are text, not replacement patterns (`$$` once became `$`).
  const dollars = JSON.stringify({ price: "$$$ $& $'" });
  assert.equal(withPayload(`<body>${tag("")}</body>`, dollars), `<body>${tag(dollars)}</body>`);
});

test("pageFiles writes pages with a document into a temporary folder; remove() deletes it", () => {
  const files = pageFiles(`<body>${'<script id="prefab:initial-data" type="application/json"></script>'}</body>`);
  const path = fileURLToPath(files.url({ a: 1 }));
  assert.match(readFileSync(path, "utf8"), /application\/json">\{"a":1\}<\/script>/);
  files.remove();
  assert.equal(existsSync(path), false);
  assert.equal(standalone("/pages", "forms", null), "file:///pages/standalone-forms.html");
  const policed = pageFiles("<html><head><title>t</title></head><body></body></html>", "prefab-test-", { policy: STANDALONE_POLICY });
  const page = readFileSync(fileURLToPath(policed.url({})), "utf8");
  assert.match(page, /^<html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; [^"]*img-src 'none'/);
  policed.remove();
});

test("prefabUiPage keeps app.html's head up to the </head> after its script, in prefab-ui's page", () => {
  const app = '<html><head><meta charset="utf-8"><script type="module">const s = "</head>";</script>\n</head><body><div id="root"></div></body></html>';
  const page = prefabUiPage(app);
  assert.ok(page.includes('<title>Prefab</title>\n<meta charset="utf-8"><script type="module">const s = "</head>";</script>\n</head>'), page);
  assert.ok(page.includes('<div id="root" style="max-width:64rem;margin:0 auto;padding:2rem"></div>'), page);
  assert.match(withPayload(page, "{}"), /json">\{\}<\/script>/);
  assert.throws(() => prefabUiPage("<html><body></body></html>"), /no <head>/);
  const empty = mkdtempSync(join(tmpdir(), "prefab-no-venv-"));
  assert.throws(() => prefabUiTemplate(empty), /cargo xtask install/);
  rmSync(empty, { recursive: true });
});

test("standalone pages are opened under the default MCP Apps policy (a copy in <pages>/csp/)", () => {
  const pages = mkdtempSync(join(tmpdir(), "prefab-standalone-"));
  writeFileSync(join(pages, "standalone-demo.html"), "<!doctype html><html><head><title>d</title></head><body></body></html>");
  const url = standalone(pages, "demo");
  assert.equal(url, pathToFileURL(join(pages, "csp", "standalone-demo.html")).href);
  assert.ok(readFileSync(fileURLToPath(url), "utf8").includes(`content="${STANDALONE_POLICY}"`));
  rmSync(pages, { recursive: true });
});

test("tally: any Content-Security-Policy violation a page reported fails the script", () => {
  const run = script(`
    const t = h.tally();
    t.check("fine", true);
    const page = new (await import("node:events")).EventEmitter();
    page.url = () => "file:///page.html";
    h.watch(page);
    page.emit("console", { type: () => "error", text: () => "Loading the image 'data:x' violates the following Content Security Policy directive: \\"img-src 'none'\\"." });
    page.emit("console", { type: () => "error", text: () => "an error, not a refusal" });
    t.finish();`);
  const lines = run.stdout.split("\n");
  assert.match(lines.find((l) => l.startsWith("FAIL")) ?? "", /^FAIL no Content-Security-Policy violation in any page — file:\/\/\/page\.html: Loading the image 'data:x'/);
  assert.equal(lines.at(-2), "1 passed, 1 failed");
  assert.equal(run.status, 1);
  const clean = script(`const t = h.tally(); t.check("fine", true); t.finish();`);
  assert.equal(clean.stdout, "ok   fine\n1 passed, 0 failed\n");
  assert.equal(clean.status, 0);
});

test("the WebAssembly probe's refusal is told apart from other refusals", () => {
  const probe = "Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is not an allowed source of script in the following Content Security Policy directive: \"script-src 'unsafe-inline'\".";
  assert.ok(isCspMessage(probe) && isWasmProbe(probe));
  const image = "Loading the image 'data:x' violates the following Content Security Policy directive: \"img-src 'none'\".";
  assert.ok(isCspMessage(image) && !isWasmProbe(image));
  assert.ok(!isCspMessage("Failed to load resource: 404"));
});

test("watch keeps page errors and console errors, except the expected ones; labelled and cut", () => {
  const page = new EventEmitter();
  const message = (type, text) => ({ type: () => type, text: () => text });
  const errors = watch(page, { expected: (m) => m.text().startsWith("fine"), labelled: true, max: 12 });
  page.emit("pageerror", new Error("thrown in the page"));
  page.emit("console", message("error", "logged as an error"));
  page.emit("console", message("error", "fine, expected"));
  page.emit("console", message("log", "a plain log"));
  assert.deepEqual(errors, ["page error: thrown in th", "console error: logged as an"]);
});
