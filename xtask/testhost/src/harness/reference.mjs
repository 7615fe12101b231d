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
 * mounted the document and settled (its React commits and the charts' first measurement):
 * `settle(page, ms)`.
 */
export async function renderInPrefabUi(page, url, ms = 250) {
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById("root")?.childElementCount > 0, null, { timeout: 15000, polling: 50 });
  await settle(page, ms);
}

/**
 * Two animation frames, then (when `ms` > 0) until the page's layout (`layoutSignature`) has
 * not changed for `ms`, for at most `timeoutMs` more: prefab-ui's charts measure their box
 * after a resize and draw again, later on a busy machine. Never returns sooner than the two
 * frames and `ms`; true once quiet, false when the time ran out (the caller then measures what
 * is there).
 */
export async function settle(page, ms = 250, { timeoutMs = 5000 } = {}) {
  const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await frames();
  if (ms <= 0) return true;
  const deadline = Date.now() + ms + timeoutMs;
  let seen = await page.evaluate(layoutSignature);
  let since = Date.now();
  while (Date.now() - since < ms) {
    if (Date.now() > deadline) return false;
    await page.waitForTimeout(Math.min(50, ms));
    await frames();
    const now = await page.evaluate(layoutSignature);
    if (now !== seen) [seen, since] = [now, Date.now()];
  }
  return true;
}

/**
 * Runs in the page: what a measurement depends on, as one string — the document's scroll
 * size, its number of elements, and each SVG's size attributes and text (a chart drawn at its
 * measured width, with the tick labels of that width). Path shapes are left out, so a chart's
 * entry animation does not keep the page from settling.
 */
export function layoutSignature() {
  const root = document.documentElement;
  const svgs = [...document.querySelectorAll("svg")].map((s) => {
    const texts = [...s.querySelectorAll("text")].map((t) => t.textContent).join("|");
    return `${s.getAttribute("width")}x${s.getAttribute("height")}:${texts}`;
  });
  return `${root.scrollWidth}x${root.scrollHeight}:${document.getElementsByTagName("*").length}:${svgs.join(";")}`;
}
