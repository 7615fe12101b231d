// Pages of the browser scripts: the errors a page reports, the standalone pages `cargo xtask
// pages` writes, and renderer pages with another document in their data tag.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { documentWithPolicy, policyFor } from "../csp.mjs";
import { isCspMessage, isWasmProbe, noteViolation } from "./violations.mjs";

/**
 * The policy our standalone pages are opened under: the default MCP Apps policy of an empty
 * `_meta.ui.csp` (no WebAssembly, so the JavaScript engine runs; `img-src 'none'`, …).
 */
export const STANDALONE_POLICY = policyFor("default");

/**
 * The list that `page`'s uncaught errors and `console.error` lines go to, except console
 * messages `expected(message)` accepts. `labelled` prefixes them (`page error: `,
 * `console error: `); `max` cuts each to that many characters. A Content-Security-Policy
 * refusal is also recorded for `tally().finish()`, which fails the script on it (see
 * violations.mjs), unless `expected` accepts it.
 */
export function watch(page, { expected = () => false, labelled = false, max = Infinity } = {}) {
  const errors = [];
  const push = (label, text) => errors.push(`${labelled ? `${label}: ` : ""}${String(text).slice(0, max)}`);
  page.on("pageerror", (e) => push("page error", e.message));
  page.on("console", (m) => {
    // The loader's WebAssembly probe, refused by design under a policy without WebAssembly.
    if (m.type() !== "error" || expected(m) || isWasmProbe(m.text())) return;
    push("console error", m.text());
    if (isCspMessage(m.text())) noteViolation(page.url().slice(0, 120), m.text());
  });
  return errors;
}

/**
 * A new page of a browser context (e.g. `host.context`) and its `watch` list (`options` go to
 * `watch`); `viewport` sets its size, `url` is then opened in it.
 */
export async function watchedPage(context, { viewport, url, ...options } = {}) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = watch(page, options);
  if (url) await page.goto(url);
  return { page, errors };
}

/**
 * The file URL of `standalone-<name>.html` of the pages folder as a test opens it: a copy in
 * `<pages>/csp/` carrying `policy` (default: `STANDALONE_POLICY`; `null`: the page as written).
 */
export function standalone(pages, name, policy = STANDALONE_POLICY) {
  const file = join(pages, `standalone-${name}.html`);
  if (policy === null) return pathToFileURL(file).href;
  const copy = join(pages, "csp", `standalone-${name}.html`);
  mkdirSync(join(pages, "csp"), { recursive: true });
  writeFileSync(copy, documentWithPolicy(readFileSync(file, "utf8"), policy));
  return pathToFileURL(copy).href;
}

/** The empty data tag of a renderer page (prefab-ui's standalone page has it too). */
export const DATA_TAG = '<script id="prefab:initial-data" type="application/json"></script>';

const DATA_TAG_RE = /<script\b[^>]*\bid\s*=\s*["']?prefab:initial-data["']?[^>]*>[\s\S]*?<\/script\s*>/gi;

/**
 * Puts the payload (JSON text) into the template's last prefab:initial-data tag, or before
 * </body> when it has none. Every "<" is written as the JSON escape \u003c, so the text
 * cannot end the script element and parses to the same document.
 */
export function withPayload(template, json) {
  // A function, not a replacement string: `$$`, `$&`, … in the payload stay as written.
  const tag = DATA_TAG.replace("></script>", () => `>${json.replaceAll("<", "\\u003c")}</script>`);
  const last = [...template.matchAll(DATA_TAG_RE)].at(-1);
  if (last) return template.slice(0, last.index) + tag + template.slice(last.index + last[0].length);
  const body = template.toLowerCase().lastIndexOf("</body>");
  return body < 0 ? template + tag : template.slice(0, body) + tag + template.slice(body);
}

/**
 * Pages made from one renderer page: `url(envelope)` writes the template with `envelope` in
 * its data tag to a file of a new temporary folder and returns its file URL; `remove()`
 * deletes the folder. `policy` (a CSP text, e.g. `STANDALONE_POLICY`) is put first in the
 * page's `<head>`.
 */
export function pageFiles(template, prefix = "prefab-pages-", { policy = null } = {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (policy !== null) template = documentWithPolicy(template, policy);
  let n = 0;
  return {
    url(envelope) {
      const file = join(dir, `page-${++n}.html`);
      writeFileSync(file, withPayload(template, JSON.stringify(envelope)));
      return pathToFileURL(file).href;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
