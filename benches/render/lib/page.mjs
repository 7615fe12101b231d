// Turning a renderer's page template into the page a benchmark load opens (the candidate
// under each --csp value, the files beside it), and the probe that tells when the page shows
// the payload.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, resolve, sep } from "node:path";
import { die } from "../../../xtask/testhost/harness.mjs";

export { DATA_TAG, withPayload } from "../../../xtask/testhost/harness.mjs";

/** Content-Security-Policy values for `--csp`: the candidate's engine follows from them. */
export const CSP = {
  none: null,
  // WebAssembly allowed: the viewer runs its wasm engine.
  wasm: "script-src 'unsafe-inline' 'wasm-unsafe-eval'",
  // The MCP Apps default has no 'wasm-unsafe-eval': the viewer falls back to wasm2js.
  "no-wasm": "script-src 'unsafe-inline'",
};

/** The engine the prefab-rs viewer runs under each --csp value (`none`: whichever it picks). */
export const ENGINE = { wasm: "wasm", "no-wasm": "wasm2js" };

/** Command-line options the render and keystroke benchmarks share (node's `parseArgs` table). */
export const CANDIDATE_OPTIONS = {
  candidate: { type: "string" },
  name: { type: "string", default: "prefab-rs" },
  csp: { type: "string", default: "wasm,no-wasm" },
  renderers: { type: "string", default: "candidate,ts,prefab-ui" },
  home: { type: "string" },
  out: { type: "string" },
  timeout: { type: "string", default: "30000" },
};

/**
 * The candidate pages (`--candidate A.html[,B.html…]`, labelled by the matching
 * `--name`s), each once per `--csp` value:
 * `{id, label, short, engine, candidate: true, root, template}` (`root`: its folder). Several
 * candidates (e.g. a build before and after a change) are measured in the same rounds.
 */
export function candidates(opts, script) {
  const files = opts.candidate.split(",");
  const names = opts.name.split(",");
  if (files.length > 1 && names.length !== files.length) die(script, `--name ${opts.name}: one name per --candidate page`, 2);
  return files.flatMap((path, i) => {
    const file = resolve(path);
    if (!existsSync(file)) die(script, `--candidate: no file ${file}`, 2);
    const template = readFileSync(file, "utf8");
    const name = names[i] ?? names[0];
    const prefix = files.length > 1 ? `candidate${i + 1}` : "candidate";
    return opts.csp.split(",").map((mode) => {
      if (!(mode in CSP)) die(script, `--csp ${mode}: expected none, wasm or no-wasm`, 2);
      const engine = ENGINE[mode];
      const label = engine ? `${name} (${engine})` : name;
      const short = files.length > 1 ? `${name} ${engine ?? ""}`.trim() : (engine ?? "candidate");
      return { id: `${prefix}-${mode}`, label, short, engine, candidate: true, root: dirname(file), template: withCsp(template, CSP[mode]) };
    });
  });
}

export const HTML = "text/html; charset=utf-8";
const MIME = { ".html": HTML, ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm", ".svg": "image/svg+xml", ".woff2": "font/woff2" };

/** The file at URL `path` inside the folder `root`, as `{type, body}`; null when there is none. */
export function folderFile(root, path) {
  const file = root && resolve(root, "." + path);
  if (!file || !file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return null;
  return { type: MIME[extname(file)] ?? "application/octet-stream", body: readFileSync(file) };
}

/** Adds a CSP <meta> as the first element of <head> (before any script can run). */
export function withCsp(template, policy) {
  if (!policy) return template;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  const head = /<head\b[^>]*>/i.exec(template);
  if (!head) throw new Error("the template has no <head>: cannot add a CSP");
  const at = head.index + head[0].length;
  return template.slice(0, at) + meta + template.slice(at);
}

/**
 * Source of the probe installed before the page's own scripts. It watches the document for
 * the marker texts (each must be the text of one text node outside script, style, template,
 * noscript and title). When all are seen it marks `bench:ready`, waits for the next frame and
 * one more task, marks `bench:rendered` and resolves `window.__prefabBench` with the times
 * (ms since navigation start), the element count and the engine the viewer reports.
 */
export function probeScript(markers) {
  return `(() => {
  if (window !== window.top) return;
  const pending = new Set(${JSON.stringify(markers)});
  const IGNORED = ["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "TITLE"];
  let finish;
  window.__prefabBench = new Promise((resolve) => { finish = resolve; });
  const visible = (node) => {
    for (let n = node.parentNode; n; n = n.parentNode) if (IGNORED.includes(n.nodeName)) return false;
    return true;
  };
  const scanText = (s) => { for (const m of pending) if (s.includes(m)) pending.delete(m); };
  const scanTree = (root) => {
    if (root.nodeType === 3) { if (visible(root)) scanText(root.data); return; }
    if (root.nodeType !== 1 || IGNORED.includes(root.nodeName) || !visible(root)) return;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => n.nodeType === 3 ? NodeFilter.FILTER_ACCEPT
        : IGNORED.includes(n.nodeName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP,
    });
    while (walker.nextNode()) scanText(walker.currentNode.data);
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "characterData") { if (r.target.isConnected) scanTree(r.target); continue; }
      for (const n of r.addedNodes) if (n.isConnected) scanTree(n);
    }
    if (pending.size) return;
    observer.disconnect();
    const ready = performance.now();
    performance.mark("bench:ready");
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark("bench:rendered");
        finish({
          ready,
          rendered: performance.now(),
          elements: document.getElementsByTagName("*").length,
          engine: document.documentElement.getAttribute("data-prefab-engine"),
        });
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;
}
