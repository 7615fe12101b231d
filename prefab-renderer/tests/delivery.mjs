#!/usr/bin/env node
// How the viewer is delivered: the default viewer (`viewer-default.html`, the JavaScript
// engine only, compressed inside the page) and the two-engine one (`viewer.html`) boot
// inside the project's MCP Apps test host (`xtask/testhost`) under the default CSP (no
// WebAssembly) and a
// wasm-allowing one, on the sandbox's opaque origin, without any network request, and
// pick the engine the CSP allows. The CDN viewer (`viewer-cdn.html`) boots from the bundle
// (`target/pages/cdn`, served by a local static server standing in for the CDN) under the
// CSP built from what `Viewer::cdn` declares, and downloads only the engine it runs.
//
//   cargo xtask pages
//   node prefab-renderer/tests/delivery.mjs --pages target/pages [--cdn DIR]
//
// `--cdn DIR` serves the CDN viewer's bundle from DIR instead (`cargo xtask test` passes the
// npm package installed from its tarball) and runs the CDN cases only.
//
// Ends with a plain `N passed, N failed` line.
import http from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PAGES_OPTION, cli, tally, toolResult, withHost } from "../../xtask/testhost/index.mjs";

const { pages: PAGES, cdn: CDN_DIR } = cli("delivery.mjs", { pages: PAGES_OPTION, cdn: { type: "string", path: true } });
const { check, finish } = tally();

const envelope = {
  $prefab: { version: "0.3" },
  state: { name: "delivery" },
  view: { type: "Text", id: "greeting", content: "Hello {{ name }}" },
};

/** Serves the CDN bundle folder with CORS (subresource integrity needs it); logs paths. */
async function cdnServer(tampered) {
  const root = CDN_DIR ?? join(PAGES, "cdn");
  const types = { ".css": "text/css", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };
  const paths = [];
  const server = await new Promise((done) => {
    const s = http.createServer((req, resp) => {
      const path = new URL(req.url, "http://x").pathname;
      paths.push(path);
      let body;
      try {
        body = readFileSync(join(root, path.replace(/\.\./g, "")));
        if (tampered && path.endsWith(tampered)) body = Buffer.concat([body, Buffer.from("\n;")]);
      } catch {
        resp.writeHead(404);
        resp.end();
        return;
      }
      const type = types[path.slice(path.lastIndexOf("."))] ?? "application/octet-stream";
      resp.writeHead(200, { "content-type": type, "access-control-allow-origin": "*", "cache-control": "no-store" });
      resp.end(body);
    });
    s.listen(0, "127.0.0.1", () => done(s));
  });
  return { server, paths, origin: `http://127.0.0.1:${server.address().port}` };
}

/** Boots `page` in the test host under `csp`; returns what the view showed and fetched. */
async function boot(host, page, csp, cdn) {
  const requests = [];
  const record = (r) => requests.push(r.url());
  host.context.on("request", record);
  let view;
  try {
    view = await host.open({
      html: readFileSync(join(PAGES, page), "utf8").replaceAll("https://cdn.invalid", cdn?.origin ?? "https://cdn.invalid"),
      csp,
      // What `Viewer::cdn` declares in `_meta.ui.csp` (nothing for a self-contained page).
      ui: { csp: cdn ? { resourceDomains: [cdn.origin], connectDomains: [cdn.origin] } : {} },
      toolInputPartial: [],
      toolInput: {},
      toolResult: toolResult(envelope),
      hostContextChange: { theme: "dark" },
    });
    const deadline = Date.now() + 10000;
    let text = "";
    while (Date.now() < deadline) {
      text = (await view.text("#greeting").catch(() => "")) ?? "";
      if (text) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const frame = view.frame();
    const engine = frame ? await frame.evaluate(() => document.documentElement.dataset.prefabEngine) : undefined;
    const origin = frame ? await frame.evaluate(() => self.origin) : undefined;
    // The host page and the sandbox proxy are served locally; the view itself fetches nothing.
    const local = [host.hostOrigin, host.proxyOrigin];
    const fetched = requests.filter(
      (u) => !local.some((o) => u.startsWith(o)) && !u.startsWith("data:") && !u.startsWith("about:") && !(cdn && u.startsWith(cdn.origin)),
    );
    return { text, engine, origin, fetched };
  } finally {
    host.context.off("request", record);
    await view?.close?.().catch(() => {});
  }
}

const cases = [
  ["viewer-default.html", "default", "wasm2js"],
  ["viewer-default.html", "default+wasm", "wasm2js"],
  ["viewer.html", "default", "wasm2js"],
  ["viewer.html", "default+wasm", "wasm"],
];

await withHost(async (host) => {
  for (const [page, csp, expected] of CDN_DIR ? [] : cases) {
    const tag = `[${page} ${csp}]`;
    const r = await boot(host, page, csp).catch((e) => ({ error: String(e) }));
    check(`${tag} boots and renders the tool result`, r.text === "Hello delivery", JSON.stringify(r));
    check(`${tag} runs the ${expected} engine`, r.engine === expected, `data-prefab-engine=${r.engine}`);
    check(`${tag} on an opaque origin`, r.origin === "null", `origin=${r.origin}`);
    check(`${tag} without any network request`, Array.isArray(r.fetched) && r.fetched.length === 0, JSON.stringify(r.fetched));
  }
  for (const [csp, expected, unwanted] of [
    ["default", "wasm2js", "renderer_bg.wasm"],
    ["default+wasm", "wasm", "renderer.wasm2js.js"],
  ]) {
    const tag = `[viewer-cdn.html ${csp}]`;
    const cdn = await cdnServer();
    try {
      const r = await boot(host, "viewer-cdn.html", csp, cdn).catch((e) => ({ error: String(e) }));
      check(`${tag} boots from the bundle and renders the tool result`, r.text === "Hello delivery", JSON.stringify(r));
      check(`${tag} runs the ${expected} engine`, r.engine === expected, `data-prefab-engine=${r.engine}`);
      const got = cdn.paths.map((p) => p.slice(p.lastIndexOf("/") + 1));
      check(`${tag} downloads the ${expected} engine and not the other`, got.some((f) => f.startsWith(`renderer${expected === "wasm" ? "_bg.wasm" : ".wasm2js.js"}`)) && !got.includes(unwanted), got.join(","));
      check(`${tag} nothing outside the CDN origin`, Array.isArray(r.fetched) && r.fetched.length === 0, JSON.stringify(r.fetched));
    } finally {
      cdn.server.close();
    }
  }
  // Mermaid: a CDN page loads the bundle's Mermaid (with subresource integrity) the first time
  // a diagram draws, and draws an SVG under the CSP `Viewer::cdn` declares; a self-contained
  // page shows the source with a note.
  const diagram = { $prefab: { version: "0.3" }, view: { type: "Mermaid", chart: "graph TD\n  A[Start] --> B[Done]" } };
  const cdnPage = readFileSync(join(PAGES, "viewer-cdn.html"), "utf8");
  // The page prefab-ui's `get_renderer_html()` makes with `PREFAB_RENDERER_URL=<bundle base>`
  // (what every FastMCP UI tool serves): the stylesheet, `#root` and the `renderer.js` entry.
  const entryPage = (base) =>
    `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="${base}/renderer.css" crossorigin="anonymous"></head>` +
    `<body><div id="root"></div><script type="module" src="${base}/renderer.js" crossorigin="anonymous"></script></body></html>`;
  const drawIn = async (page, cdn) => {
    const base = cdnPage.match(/https:\/\/cdn\.invalid[^"]*?(?=\/renderer\.css)/)?.[0];
    const html = page === "renderer.js entry" ? entryPage(base) : readFileSync(join(PAGES, page), "utf8");
    const view = await host.open({
      html: html.replaceAll("https://cdn.invalid", cdn?.origin ?? "https://cdn.invalid"),
      csp: "default",
      // What `Viewer::cdn` declares; FastMCP declares the bundle's origin in `resourceDomains` only.
      ui: { csp: cdn ? { resourceDomains: [cdn.origin], connectDomains: page === "renderer.js entry" ? [] : [cdn.origin] } : {} },
      toolResult: toolResult(diagram),
    });
    try {
      const probe = () => view.frame()?.evaluate(() => {
        const el = document.querySelector(".pf-mermaid");
        return el && { svg: !!el.querySelector("svg"), text: el.textContent, note: getComputedStyle(el, "::before").content, labels: el.querySelectorAll("svg .nodeLabel").length };
      });
      await view.waitFor("the Mermaid element", probe);
      if (cdn) await view.waitFor("the diagram's SVG", async () => (await probe())?.svg, 20000).catch(() => {});
      return await probe();
    } finally {
      await view.close();
    }
  };
  {
    for (const page of ["viewer-cdn.html", "renderer.js entry"]) {
      const cdn = await cdnServer();
      try {
        const r = await drawIn(page, cdn).catch((e) => ({ error: String(e) }));
        check(`[${page} default] Mermaid draws the diagram as SVG`, r.svg === true && r.labels === 2, JSON.stringify(r));
        const loads = cdn.paths.filter((p) => p.endsWith("/mermaid.min.js"));
        check(`[${page} default] Mermaid is loaded from the bundle once`, loads.length === 1, cdn.paths.join(","));
      } finally {
        cdn.server.close();
      }
    }
    const cdn2 = await cdnServer();
    try {
      const r = await boot(host, "viewer-cdn.html", "default", cdn2).catch((e) => ({ error: String(e) }));
      check("[viewer-cdn.html default] no Mermaid download without a diagram", r.text === "Hello delivery" && !cdn2.paths.some((p) => p.endsWith("/mermaid.min.js")), cdn2.paths.join(","));
    } finally {
      cdn2.server.close();
    }
    const own = await drawIn("viewer-default.html").catch((e) => ({ error: String(e) }));
    check("[viewer-default.html default] Mermaid shows its source with a note", own.svg === false && own.text.includes("A[Start] --> B[Done]") && own.note.includes("Mermaid"), JSON.stringify(own));
  }

  // A file that is not the one hashed is refused by the browser: no engine starts.
  const cdn = await cdnServer("renderer.wasm2js.js");
  try {
    const r = await boot(host, "viewer-cdn.html", "default", cdn).catch((e) => ({ error: String(e) }));
    check("[viewer-cdn.html default] a tampered engine is refused (subresource integrity)", r.text === "" && r.engine === undefined, JSON.stringify(r));
  } finally {
    cdn.server.close();
  }
});
finish();
