// A view this project did not write: the official MCP Apps example view, fetched from npm at
// test time (not committed).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The npm package (and version) of the example. */
export const EXAMPLE_VIEW = "@modelcontextprotocol/server-basic-vanillajs@2.0.3";

/** `npm pack`s the example into a temporary folder; returns its view document. */
export function fetchExampleView() {
  const dir = mkdtempSync(join(tmpdir(), "testhost-example-"));
  try {
    const tarball = execFileSync("npm", ["pack", EXAMPLE_VIEW, "--silent", "--pack-destination", dir], { encoding: "utf8" }).trim().split("\n").pop();
    execFileSync("tar", ["xzf", join(dir, tarball), "-C", dir]);
    return readFileSync(join(dir, "package/dist/mcp-app.html"), "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
