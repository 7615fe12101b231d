// The command line of a test or benchmark script: node's `parseArgs` with the script's own
// options, path options resolved, and one way to stop on a bad argument.
import { resolve } from "node:path";
import { parseArgs } from "node:util";

/** `--pages DIR`: the pages `cargo xtask pages` writes (default `target/pages`), resolved. */
export const PAGES_OPTION = Object.freeze({ type: "string", default: "target/pages", path: true });

/** Prints `script: message` on stderr and exits with `code` (2: a bad command line). */
export function die(script, message, code = 1) {
  console.error(`${script}: ${message}`);
  process.exit(code);
}

/**
 * The values of the command line. `options` is node's `parseArgs` option table
 * (`{name: {type: "string" | "boolean", default?, multiple?}}`); an entry with `path: true`
 * comes back resolved against the working directory. Unknown options end the script with
 * exit code 2. With `positionals: true` the other words are in `_`.
 */
export function cli(script, options = {}, { positionals = false, argv = process.argv.slice(2) } = {}) {
  const table = Object.fromEntries(Object.entries(options).map(([name, { path, ...spec }]) => [name, spec]));
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: table, allowPositionals: positionals });
  } catch (error) {
    die(script, error.message, 2);
  }
  const values = { ...parsed.values, _: parsed.positionals };
  for (const [name, spec] of Object.entries(options)) {
    if (spec.path && typeof values[name] === "string") values[name] = resolve(values[name]);
  }
  return values;
}
