// The official A2UI Lit renderer (npm `@a2ui/lit`, v0.9 basic catalog) in a page of its own,
// and the text a rendered page shows. Used by `a2ui-lit.mjs`.
//
// `@a2ui/lit`, `@a2ui/web_core` and `@a2ui/markdown-it` are installed by `cargo xtask install` into the shared
// `target/npm` folder (pinned there, never committed); the page's script is bundled at test
// time with the esbuild of the same folder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The basic catalog's id; the minimal catalog's examples are shown with its components. */
export const MINIMAL_CATALOG = "https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json";

// The page's entry: the v0.9 message processor and the Lit basic catalog, the same
// components registered under the minimal catalog's id (a subset of the basic one), so the
// minimal catalog's examples find their catalog, and the official Markdown renderer
// (`@a2ui/markdown-it`, provided through the basic catalog's markdown context) so `Text`
// shows its Markdown as a deployed Lit renderer does.
const ENTRY = `
import { MessageProcessor, Catalog } from "@a2ui/web_core/v0_9";
import { Context } from "@a2ui/web_core/v0_9/basic_catalog";
import { basicCatalog } from "@a2ui/lit/v0_9";
import { renderMarkdown } from "@a2ui/markdown-it";
import { ContextProvider } from "@lit/context";
const minimal = new Catalog(${JSON.stringify(MINIMAL_CATALOG)}, [...basicCatalog.components.values()], [...basicCatalog.functions.values()]);
window.a2uiLit = {
  /** Processes the messages; resolves with the first surface's element once it has rendered. */
  async render(messages) {
    const processor = new MessageProcessor([basicCatalog, minimal]);
    let surface = null;
    processor.onSurfaceCreated((s) => { surface ??= s; });
    processor.processMessages(messages);
    if (!surface) throw new Error("no surface was created");
    const holder = document.createElement("div");
    document.body.append(holder);
    new ContextProvider(holder, { context: Context.markdown, initialValue: renderMarkdown });
    const element = document.createElement("a2ui-surface");
    element.surface = surface;
    holder.append(element);
    await element.updateComplete;
    return element;
  },
};
`;

/** The installed version of an npm package of `target/npm`. */
export function installedVersion(npm, name) {
  return JSON.parse(readFileSync(join(npm, "node_modules", name, "package.json"), "utf8")).version;
}

/** The page's script: `ENTRY` bundled (one IIFE) with `target/npm`'s esbuild and packages. */
export async function bundle(npm) {
  const require = createRequire(join(npm, "package.json"));
  const esbuild = require("esbuild");
  const out = await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: npm, loader: "js" },
    bundle: true,
    format: "iife",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

/** Pages rendering messages in Lit: `url(messages)` writes one, `remove()` deletes them all. */
export function litPages(script) {
  const dir = mkdtempSync(join(tmpdir(), "prefab-a2ui-lit-"));
  let n = 0;
  return {
    url(messages) {
      const file = join(dir, `lit-${++n}.html`);
      const data = JSON.stringify(messages).replaceAll("<", "\\u003c");
      const html = `<!doctype html><html><head><meta charset="utf-8"><title>A2UI Lit</title></head><body>
<script id="messages" type="application/json">${data}</script>
<script>${script.replaceAll("</script", "<\\/script")}</script>
<script>
window.rendered = a2uiLit.render(JSON.parse(document.getElementById("messages").textContent)).then(() => "ok", (e) => "render error: " + (e && e.message));
</script></body></html>`;
      writeFileSync(file, html);
      return pathToFileURL(file).href;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Runs in the page: what it shows. `texts`: one entry per text node with its whitespace
 * collapsed, walking shadow roots too (Lit's components render into them); a text counts when
 * its element is rendered (`checkVisibility`), so a closed modal's or another tab's is left
 * out, and an `<audio>`/`<video>` element's fallback content (not shown where the element
 * plays) is skipped. Form controls add what they show: a value, else a placeholder, and a
 * select's chosen option. `icons`: the names of the icons drawn — Lit's Material Icons
 * ligatures (`i.material-icons`, whose text is a glyph name, so not in `texts`) and our
 * `svg[data-icon]`.
 */
export function shownTexts() {
  const texts = [];
  const icons = [];
  const norm = (s) => s.replace(/\s+/g, " ").trim();
  const visible = (el) => !el || el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  const walk = (node, host) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const t = norm(node.data);
      if (t && visible(node.parentElement ?? host)) texts.push(t);
      return;
    }
    if (node.nodeType === Node.ELEMENT_NODE) {
      if (["STYLE", "SCRIPT", "TEMPLATE", "OPTION", "AUDIO", "VIDEO"].includes(node.tagName)) return;
      if (node.matches("i.material-icons, svg[data-icon]")) {
        if (visible(node)) icons.push(node.dataset?.icon ?? norm(node.textContent));
        return;
      }
      if (["INPUT", "TEXTAREA"].includes(node.tagName) && visible(node) && !["checkbox", "radio", "range", "hidden"].includes(node.type)) {
        const t = norm(node.value || node.placeholder || "");
        if (t) texts.push(t);
      }
      if (node.tagName === "SELECT" && visible(node)) {
        const t = norm(node.selectedOptions[0]?.textContent ?? "");
        if (t) texts.push(t);
      }
      if (node.shadowRoot) walk(node.shadowRoot, node);
    }
    for (const child of node.childNodes) walk(child, node.nodeType === Node.ELEMENT_NODE ? node : host);
  };
  walk(document.body, null);
  return { texts, icons };
}
