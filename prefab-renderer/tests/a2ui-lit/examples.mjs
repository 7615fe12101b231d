// The official A2UI examples and the `prefab a2ui` command, shared by the two A2UI suites
// (`a2ui.mjs`: the viewer's reader against the native one; `a2ui-lit.mjs`: ours against Lit).
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

/** The vendored official v0.9 examples (`prefab/tests/data/a2ui/v0.9/examples`). */
const EXAMPLES = resolve(new URL("../../../prefab/tests/data/a2ui/v0.9/examples", import.meta.url).pathname);

/** Every official example, catalogue by catalogue: `{ name: "basic/01_….json", messages }`. */
export function officialExamples() {
  const out = [];
  for (const catalog of ["basic", "minimal"]) {
    for (const file of readdirSync(join(EXAMPLES, catalog)).filter((f) => f.endsWith(".json")).sort()) {
      out.push({ name: `${catalog}/${file}`, messages: JSON.parse(readFileSync(join(EXAMPLES, catalog, file), "utf8")).messages });
    }
  }
  return out;
}

/**
 * `prefab a2ui <args> -` of the binary `prefab`, as a function of its standard input: its
 * standard output. Standard error (the diagnostics) is captured, not printed; a failure throws
 * with it in `stderr`.
 */
export const a2uiCommand = (prefab) => (args, input) =>
  execFileSync(prefab, ["a2ui", ...args, "-"], { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });

/**
 * The origins of every http(s) URL in `value` (the examples' images and media), for the view's
 * `resourceDomains`; `a2ui.org` names catalogues, not media, and is left out.
 */
export function mediaOrigins(value) {
  const origins = new Set();
  JSON.stringify(value, (_, v) => {
    if (typeof v === "string" && /^https?:\/\//.test(v)) origins.add(new URL(v).origin);
    return v;
  });
  return [...origins].filter((o) => new URL(o).hostname !== "a2ui.org").sort();
}
