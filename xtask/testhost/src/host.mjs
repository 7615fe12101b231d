// Launches headless Chromium (Debian's, through playwright-core) and serves the two origins of
// the test host: origin A holds the host page, origin B the sandbox proxy.
import http from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "./harness/browser.mjs";
import { View } from "./view.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** One HTTP server on 127.0.0.1 answering fixed paths (`{path: {type, body()}}`). */
function serve(routes, headers = {}) {
  return new Promise((ready, fail) => {
    const server = http.createServer((request, response) => {
      const route = routes[new URL(request.url, "http://localhost").pathname];
      response.writeHead(route ? 200 : 404, { "content-type": route?.type ?? "text/plain", "cache-control": "no-store", ...headers });
      response.end(route ? route.body() : "not found");
    });
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ready(server));
  });
}

const origin = (server) => `http://127.0.0.1:${server.address().port}`;

/**
 * A further origin for a test, e.g. the CDN of a `resourceDomains` test or the API of a
 * `connectDomains` test: `{path: text | {type, body}}`, served with
 * `access-control-allow-origin: *` (the view's origin is opaque). Returns `{origin, close()}`.
 */
export async function serveOrigin(routes) {
  const table = Object.fromEntries(
    Object.entries(routes).map(([path, route]) => [path, typeof route === "object" && "body" in route ? { type: route.type ?? "text/plain", body: () => route.body } : { type: "text/plain", body: () => route }]),
  );
  const server = await serve(table, { "access-control-allow-origin": "*" });
  return { origin: origin(server), close: () => server.close() };
}

/**
 * Starts the browser and both origins. `options.chromiumPath` (or `CHROMIUM_PATH`, default
 * /usr/bin/chromium) picks the browser binary; `options.chromiumArgs` adds flags.
 */
export async function launch(options = {}) {
  const bundle = join(ROOT, "dist/host.js");
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build\` in xtask/testhost`);
  const file = (name, type) => ({ type, body: () => readFileSync(join(ROOT, name)) });
  const browser = await launchBrowser({ executablePath: options.chromiumPath, moreArgs: options.chromiumArgs });
  const hostServer = await serve({ "/": file("src/page/host.html", "text/html"), "/host.js": file("dist/host.js", "text/javascript") });
  const proxyServer = await serve({ "/proxy.html": file("src/page/proxy.html", "text/html") });
  const context = await browser.newContext({ viewport: { width: 800, height: 1000 } });
  const hostOrigin = origin(hostServer);
  const proxyUrl = `${origin(proxyServer)}/proxy.html?host=${encodeURIComponent(hostOrigin)}`;
  return {
    browser,
    context,
    hostOrigin,
    proxyOrigin: origin(proxyServer),
    /** Opens one view in a fresh host page (see `View.open` for the options). */
    open: (viewOptions) => View.open(context, `${hostOrigin}/`, proxyUrl, viewOptions),
    async close() {
      await browser.close();
      hostServer.close();
      proxyServer.close();
    },
  };
}

/** Launches the host, runs `body(host)` and closes the host, whatever happens; returns what `body` returns. */
export async function withHost(body, options) {
  const host = await launch(options);
  try {
    return await body(host);
  } finally {
    await host.close();
  }
}
