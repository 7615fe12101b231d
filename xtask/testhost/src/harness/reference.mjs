// prefab-ui's own renderer as a page a script can open: the page `PrefabApp().html()` of
// prefab-ui 0.21.1 writes for a default app in `renderer_mode="bundled"`, made from its
// `prefab_ui/renderer/app.html` (the bundled renderer, an inline ES module app that mounts the
// document of its `prefab:initial-data` tag).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DATA_TAG } from "./pages.mjs";

/** The reference release and the sha256 of `prefab_ui/renderer/app.html` in its wheel. */
export const PREFAB_UI = Object.freeze({
  version: "0.21.1",
  appHtmlSha256: "9e90e31a53ccf5881dee07ce742117598e35d7cd5b850c01c7099acee3a959ad",
});

/**
 * The page prefab-ui writes around `app.html` (its text): `get_renderer_head("bundled")`, from
 * after the first `<head>` to the first `</head>` after the first `</script>` (the bundle holds
 * "</head>" in string literals), right-trimmed, inside `PrefabApp.html()`'s page template with
 * the default title and no theme, css or scripts; its data tag is empty, for `withPayload`.
 */
export function prefabUiPage(appHtml) {
  const from = appHtml.indexOf("<head>");
  const to = appHtml.indexOf("</head>", appHtml.indexOf("</script>"));
  if (from < 0 || to < from) throw new Error("app.html: no <head>…</head> where prefab-ui expects it");
  const head = appHtml.slice(from + "<head>".length, to).trimEnd();
  return `<!doctype html>
<html lang="en">
<head>
  <title>Prefab</title>
${head}
</head>
<body>
  <div id="root" style="max-width:64rem;margin:0 auto;padding:2rem"></div>
  ${DATA_TAG}
</body>
</html>`;
}

/**
 * prefab-ui's page (`prefabUiPage`) from the `app.html` that the FastMCP suite's virtual
 * environment (`<root>/target/fastmcp/venv`, made by `cargo xtask install`) holds, after
 * checking it is the pinned release's.
 */
export function prefabUiTemplate(root) {
  const lib = join(root, "target/fastmcp/venv/lib");
  const python = existsSync(lib) ? readdirSync(lib).find((d) => d.startsWith("python")) : undefined;
  const file = python && join(lib, python, "site-packages/prefab_ui/renderer/app.html");
  if (!file || !existsSync(file)) throw new Error(`no prefab_ui/renderer/app.html under ${lib}: run \`cargo xtask install\``);
  const bytes = readFileSync(file);
  const digest = createHash("sha256").update(bytes).digest("hex");
  if (digest !== PREFAB_UI.appHtmlSha256) throw new Error(`${file}: sha256 ${digest}, not prefab-ui ${PREFAB_UI.version}'s`);
  return prefabUiPage(bytes.toString("utf8"));
}

/**
 * Opens `url` (prefab-ui's page with a document) in `page` and waits until its renderer has
 * mounted the document and settled (its React commits and the charts' first measurement).
 */
export async function renderInPrefabUi(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById("root")?.childElementCount > 0, null, { timeout: 15000, polling: 50 });
  await settle(page);
}

/** Two animation frames, then `ms` more (prefab-ui's charts measure their box after a resize). */
export async function settle(page, ms = 250) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(ms);
}
