// Bundles the AppRenderer host page (apprenderer/host.jsx: React, @mcp-ui/client, the
// TypeScript SDK client) into target/hosts/apprenderer/ with its HTML. `cargo xtask install`
// runs it after `npm ci`; the output is not committed.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const OUT = join(here, "../../target/hosts/apprenderer");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(OUT, { recursive: true });
  await build({
    entryPoints: [join(here, "apprenderer/host.jsx")],
    outfile: join(OUT, "host.js"),
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  copyFileSync(join(here, "apprenderer/host.html"), join(OUT, "host.html"));
  console.log("built target/hosts/apprenderer/host.js");
}
