// Bundles the host page script (src/page/host.js, which imports the official AppBridge) into
// dist/host.js. `npm test` runs it first; `cargo xtask install` runs it after `npm ci`.
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, "src/page/host.js")],
  outfile: join(here, "dist/host.js"),
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2022",
  logLevel: "warning",
});
console.log("built dist/host.js");
