// @mcp-ui/client's AppRenderer as a host: our page around it (apprenderer/, bundled by
// build.mjs) on one loopback origin, the sandbox proxy on a second one, both served here.
import http from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { policyFor } from "../testhost/index.mjs";
import { until } from "../../prefab-cli/tests/browser/support.mjs";
import { newViewFrame } from "./views.mjs";
import { OUT } from "./build.mjs";

const PROXY = join(dirname(fileURLToPath(import.meta.url)), "../testhost/src/page/proxy.html");

/** One HTTP server on 127.0.0.1: `answer(url)` → `{type, body, headers}` or nothing (404). */
function serve(answer) {
  return new Promise((ready, fail) => {
    const server = http.createServer((request, response) => {
      const found = answer(new URL(request.url, "http://127.0.0.1"));
      response.writeHead(found ? 200 : 404, { "content-type": found?.type ?? "text/plain", "cache-control": "no-store", ...found?.headers });
      response.end(found ? found.body : "not found");
    });
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ready({ server, origin: `http://127.0.0.1:${server.address().port}` }));
  });
}

/**
 * Serves the host page (origin A) and the sandbox proxy (origin B: the test host's proxy,
 * which relays messages and puts the view into a srcdoc frame without allow-same-origin).
 * The proxy's policy is sent as a header, from the `csp` query AppRenderer adds (the
 * resource's `_meta.ui.csp`) as the test host builds it: the view's srcdoc document inherits
 * it. Resolves with the URL of the host page for the server at `mcp` and `close()`.
 */
export async function startAppRendererHost(mcp) {
  const page = join(OUT, "host.html");
  if (!existsSync(page)) throw new Error(`${page} is missing: run \`node xtask/hosts/build.mjs\` (cargo xtask install does)`);
  const host = await serve(({ pathname }) =>
    ({
      "/": { type: "text/html", body: readFileSync(page) },
      "/host.js": { type: "text/javascript", body: readFileSync(join(OUT, "host.js")) },
      // An empty icon, so the browser's request for one logs no 404.
      "/favicon.ico": { type: "image/x-icon", body: "" },
    })[pathname],
  );
  const sandbox = await serve(({ pathname, searchParams }) => {
    if (pathname !== "/proxy.html") return undefined;
    const csp = JSON.parse(searchParams.get("csp") ?? "{}");
    return { type: "text/html", body: readFileSync(PROXY), headers: { "content-security-policy": policyFor("default", csp) } };
  });
  const proxy = `${sandbox.origin}/proxy.html?host=${encodeURIComponent(host.origin)}`;
  return {
    url: `${host.origin}/?mcp=${encodeURIComponent(mcp)}&sandbox=${encodeURIComponent(proxy)}`,
    close: () => [host, sandbox].forEach(({ server }) => server.close()),
  };
}

/** Opens the host page and waits for its client to be connected. */
export async function connectAppRenderer(page, url) {
  await page.goto(url);
  await until("the AppRenderer host connected", async () => {
    const text = await page.textContent("#status");
    if (text.startsWith("connect failed")) throw new Error(text);
    return text === "connected";
  });
}

/** Calls one UI tool in the page and resolves with the frame of the view AppRenderer opened. */
export async function openInAppRenderer(page, { name, args }) {
  const before = new Set(page.frames());
  await page.evaluate(([tool, input]) => window.hostsOpen(tool, input), [name, args]);
  return until(`${name}: the view frame`, () => newViewFrame(page, before, "/proxy.html"));
}
