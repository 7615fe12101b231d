// Turning a renderer's page template into the page a benchmark load opens, and the probe
// that tells when the page shows the payload.

/** The empty data tag of prefab-ui's standalone page, which every template reads. */
export const DATA_TAG = '<script id="prefab:initial-data" type="application/json"></script>';

const DATA_TAG_RE = /<script\b[^>]*\bid\s*=\s*["']?prefab:initial-data["']?[^>]*>[\s\S]*?<\/script\s*>/gi;

/**
 * Puts the payload (JSON text) into the template's last prefab:initial-data tag, or before
 * </body> when it has none. Every "<" is written as the JSON escape \u003c, so the text
 * cannot end the script element and parses to the same document.
 */
export function withPayload(template, json) {
  const tag = DATA_TAG.replace("></script>", `>${json.replaceAll("<", "\\u003c")}</script>`);
  const matches = [...template.matchAll(DATA_TAG_RE)];
  const last = matches.at(-1);
  if (last) return template.slice(0, last.index) + tag + template.slice(last.index + last[0].length);
  const body = template.toLowerCase().lastIndexOf("</body>");
  return body < 0 ? template + tag : template.slice(0, body) + tag + template.slice(body);
}

/** Content-Security-Policy values for `--csp`: the candidate's engine follows from them. */
export const CSP = {
  none: null,
  // WebAssembly allowed: the viewer runs its wasm engine.
  wasm: "script-src 'unsafe-inline' 'wasm-unsafe-eval'",
  // The MCP Apps default has no 'wasm-unsafe-eval': the viewer falls back to wasm2js.
  "no-wasm": "script-src 'unsafe-inline'",
};

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
