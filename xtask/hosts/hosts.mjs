// The hosts suite (run by `cargo xtask hosts` and `cargo xtask test`): real third-party MCP
// Apps hosts open every UI tool of `prefab serve` in headless Chromium.
//
//   node xtask/hosts/hosts.mjs --bin target/debug/prefab --node NODE22 [--only inspector|apprenderer]
//
// Starts `prefab serve --port 0` with a fresh data directory, then
// * the MCP Inspector (web UI and its server on Node 22 `--node`): connects, opens each UI
//   tool from the Apps tab (arguments typed as JSON where the tool has a form);
// * our page around @mcp-ui/client's AppRenderer (`apprenderer/`, bundled by build.mjs into
//   target/hosts): the TypeScript SDK client over Streamable HTTP, a sandbox proxy on a
//   second origin; each UI tool called and rendered.
// In each view: the expected text, no error box or placeholder, the Kanban "Add card" and the
// sign-up form's submit calling their tools through the host (read back from the server),
// zero console errors and CSP refusals from the view. Prints "N passed, N failed".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cli, launchBrowser, tally } from "../testhost/index.mjs";
import { startPrefab } from "../../prefab-cli/tests/browser/support.mjs";
import { uiCases } from "./cases.mjs";
import { connectAppRenderer, openInAppRenderer, startAppRendererHost } from "./apprenderer.mjs";
import { connect, openApp, startInspector } from "./inspector.mjs";
import { checkView, watchViews } from "./views.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { bin, node, only } = cli("hosts.mjs", {
  bin: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
  node: { type: "string", default: join(ROOT, "target/mcp-conformance/node_modules/.bin/node"), path: true },
  only: { type: "string" },
});
const { test, finish } = tally({ timed: true });

/** Opens every case in one host (`open(page, case)` → the view frame) on a fresh page. */
async function everyView(host, browser, cases, setUp, open) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const seen = watchViews(page);
  try {
    await setUp(page);
    for (const testCase of cases) {
      const step = testCase.act ? ", its tools/call through the host" : "";
      await test(`${host}: ${testCase.name} shows "${testCase.text}"${step}; no console error or CSP refusal from the view`, async () => {
        if (testCase.missing.length) throw new Error(`no case in cases.mjs for its required arguments ${testCase.missing.join(", ")}`);
        const mark = seen.view.length;
        const frame = await open(page, testCase);
        await checkView(host, frame, testCase, seen, mark);
      });
    }
  } finally {
    if (seen.host.length) console.log(`     (${host}'s own console errors, not the view's: ${seen.host.length})\n${[...new Set(seen.host)].map((l) => `       ${l.slice(0, 400)}`).join("\n")}`);
    await page.close();
  }
}

const started = Date.now();
const dataDir = mkdtempSync(join(tmpdir(), "prefab-hosts-data-"));
// Warnings only: the per-request log lines would bury the results.
const server = await startPrefab(bin, ["serve", "--port", "0", "--data-dir", dataDir], { RUST_LOG: "warn" });
const browser = await launchBrowser();
const children = [server.child];
const closers = [];
try {
  if (!only || only === "inspector") {
    const inspector = await startInspector(node, server.mcp);
    children.push(inspector.child);
    const cases = await uiCases(server.mcp, "Inspector");
    await everyView("Inspector", browser, cases, (page) => connect(page, inspector.url), openApp);
  }
  if (!only || only === "apprenderer") {
    const host = await startAppRendererHost(server.mcp);
    closers.push(host.close);
    const cases = await uiCases(server.mcp, "AppRenderer");
    await everyView("AppRenderer", browser, cases, (page) => connectAppRenderer(page, host.url), openInAppRenderer);
  }
} finally {
  await browser.close();
  for (const child of children) child.kill();
  for (const close of closers) close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`     (hosts suite: ${Math.round((Date.now() - started) / 1000)} s)`);
}
finish();
