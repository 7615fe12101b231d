// End-to-end test of the `hello` example server with a client this project did not write:
// the official TypeScript MCP SDK (`@modelcontextprotocol/sdk`), over stdio and over
// stateless Streamable HTTP, plus raw 2026-07-28 requests and a CORS preflight.
//
// Usage: HELLO_BIN=<path to hello> PREFAB_BIN=<path to prefab> node e2e.mjs
// (`cargo xtask test` builds both binaries, installs the SDK and the test host, and runs this.)
// The viewer HTML read over MCP is also loaded into the project's MCP Apps test host
// (`xtask/testhost`: the official AppBridge, headless Chromium, the default CSP built from the
// resource's `_meta.ui.csp`) with the show_users result, and must show the table's first row.
// Prints one line per check and a closing `N passed, N failed[, N skipped]` line.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deepStrictEqual, ok, strictEqual } from "node:assert/strict";
import { Skip, tally } from "../../../xtask/testhost/harness.mjs";

const HELLO_BIN = process.env.HELLO_BIN;
const PREFAB_BIN = process.env.PREFAB_BIN;
if (!HELLO_BIN || !PREFAB_BIN) {
  console.error("set HELLO_BIN and PREFAB_BIN");
  process.exit(2);
}

// ---- What the MCP Apps spec asks for, written out by hand. A change to the MIME string,
// ---- either CSP location or the cache hints makes a check below fail.
const MIME = "text/html;profile=mcp-app";
const UI_EXTENSION = "io.modelcontextprotocol/ui";
const RESOURCE_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    permissions: {},
    prefersBorder: true,
  },
};
const TTL_MS = 24 * 60 * 60 * 1000;
const CACHE_SCOPE = "public";

const { check: record, test: check, counts, finish } = tally({ label: "e2e" });

/// Loads of remote content in an HTML page: attributes, CSS url()/@import, JS import.
function remoteReferences(html) {
  const patterns = [
    /\b(?:src|href|action|srcset)\s*=\s*["']?\s*(?:https?:)?\/\/[^"'\s>]*/gi,
    /url\(\s*["']?\s*(?:https?:)?\/\/[^)"']*/gi,
    /@import\s+(?:url\()?\s*["']?\s*(?:https?:)?\/\//gi,
    /\bimport\s*(?:\(\s*)?["']\s*(?:https?:)?\/\//gi,
    /\bfrom\s*["']\s*(?:https?:)?\/\//gi,
  ];
  return patterns.flatMap((p) => html.match(p) ?? []);
}

/// The `rows` of the first DataTable in a component tree.
function findRows(node) {
  if (!node || typeof node !== "object") return undefined;
  if (node.type === "DataTable" && Array.isArray(node.rows)) return node.rows;
  for (const value of Object.values(node)) {
    const rows = Array.isArray(value) ? value.map(findRows).find(Boolean) : findRows(value);
    if (rows) return rows;
  }
  return undefined;
}

/// The checks every transport must pass.
async function suite(label, client) {
  const tools = (await client.listTools()).tools;
  const uiTool = tools.find((t) => t.name === "show_users");
  const dataTool = tools.find((t) => t.name === "user_stats");

  await check(`${label}: server declares the ${UI_EXTENSION} capability`, async () => {
    const caps = client.getServerCapabilities();
    deepStrictEqual(caps.extensions?.[UI_EXTENSION], { mimeTypes: [MIME] });
    ok(caps.resources, "resources capability");
    ok(caps.tools, "tools capability");
  });

  // UI tools: the table, and invite_user, whose missing arguments come back as a form view.
  const uiTools = new Set(["show_users", "invite_user"]);
  await check(`${label}: tools/list has _meta.ui.resourceUri on the UI tools only`, async () => {
    ok(uiTool && dataTool, "both tools listed");
    for (const t of tools.filter((t) => uiTools.has(t.name))) {
      ok(/^ui:\/\/prefab\/viewer/.test(t._meta?.ui?.resourceUri), `${t.name}: ${JSON.stringify(t._meta)}`);
    }
    for (const t of tools.filter((t) => !uiTools.has(t.name))) {
      strictEqual(t._meta?.ui, undefined, `${t.name} must be data-only`);
      strictEqual(t._meta?.["ui/resourceUri"], undefined, `${t.name} must be data-only`);
    }
  });

  const list = await client.listResources();
  await check(`${label}: resources/list entries carry the exact MIME, _meta.ui and cache hints`, async () => {
    strictEqual(list.ttlMs, TTL_MS);
    strictEqual(list.cacheScope, CACHE_SCOPE);
    const uris = list.resources.map((r) => r.uri);
    ok(uris.includes("ui://prefab/viewer"), uris.join());
    ok(uris.includes(uiTool._meta.ui.resourceUri), `the tool's resource is listed: ${uris.join()}`);
    for (const r of list.resources) {
      strictEqual(r.mimeType, MIME);
      deepStrictEqual(r._meta, RESOURCE_META);
    }
  });

  for (const uri of ["ui://prefab/viewer", uiTool._meta.ui.resourceUri]) {
    const read = await client.readResource({ uri });
    await check(`${label}: resources/read ${uri} carries the same MIME, _meta.ui and cache hints`, async () => {
      strictEqual(read.ttlMs, TTL_MS);
      strictEqual(read.cacheScope, CACHE_SCOPE);
      strictEqual(read.contents.length, 1);
      const item = read.contents[0];
      strictEqual(item.uri, uri);
      strictEqual(item.mimeType, MIME);
      deepStrictEqual(item._meta, RESOURCE_META);
      deepStrictEqual(item._meta, list.resources.find((r) => r.uri === uri)._meta);
    });
    await check(`${label}: viewer HTML ${uri} references no remote origin`, async () => {
      const html = read.contents[0].text;
      ok(typeof html === "string" && /<html/i.test(html), "an HTML document");
      deepStrictEqual(remoteReferences(html), []);
    });
  }

  await check(`${label}: unknown resources are an error`, async () => {
    let threw = false;
    try {
      await client.readResource({ uri: "ui://prefab/nope" });
    } catch {
      threw = true;
    }
    ok(threw);
  });

  const result = await client.callTool({ name: "show_users", arguments: {} });
  await check(`${label}: tools/call show_users returns a small, readable text fallback`, async () => {
    strictEqual(result.isError ?? false, false);
    strictEqual(result.content.length, 1);
    strictEqual(result.content[0].type, "text");
    const text = result.content[0].text;
    const json = JSON.stringify(result.structuredContent).length;
    ok(text.length > 0 && text.length <= 2000, `bounded (${text.length} chars): ${text}`);
    ok(text.length * 10 < json, `far smaller than the envelope (${text.length} vs ${json} chars)`);
    ok(!text.includes("$prefab") && !text.trim().startsWith("{"), `not raw JSON: ${text}`);
    ok(/\b\d+ users\b/.test(text), `says how many users: ${text}`);
  });

  await check(`${label}: show_users structuredContent is a $prefab envelope with a few hundred rows`, async () => {
    const env = result.structuredContent;
    ok(env && env.$prefab && typeof env.$prefab.version === "string", JSON.stringify(env).slice(0, 200));
    const json = JSON.stringify(env);
    const rows = (json.match(/"email":/g) ?? []).length;
    ok(rows >= 200 && rows <= 1000, `${rows} user rows`);
  });

  await check(`${label}: prefab validate accepts the structuredContent`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "prefab-e2e-"));
    try {
      const file = join(dir, "show_users.json");
      writeFileSync(file, JSON.stringify(result.structuredContent));
      const run = spawnSync(PREFAB_BIN, ["validate", file], { encoding: "utf8" });
      if (run.status !== 0 && /not implemented/i.test(run.stderr)) {
        throw new Skip(`prefab validate is not implemented on this branch (${run.stderr.trim()})`);
      }
      strictEqual(run.status, 0, `prefab validate failed:\n${run.stdout}${run.stderr}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  await check(`${label}: the viewer renders the show_users result in an MCP Apps host`, async () => {
    const host = await testHost();
    const read = await client.readResource({ uri: uiTool._meta.ui.resourceUri });
    const item = read.contents[0];
    const firstRow = findRows(result.structuredContent)?.[0];
    ok(firstRow, "the envelope holds a table with rows");
    const expected = String(Object.values(firstRow).find((v) => typeof v === "string"));
    const { csp, permissions } = item._meta.ui;
    const view = await host.open({ html: item.text, csp: "default", ui: { csp, permissions }, toolResult: result });
    try {
      await view.ready();
      await view.waitFor(`the text ${JSON.stringify(expected)}`, async () => (await view.text())?.includes(expected), 15000);
      await view.waitFor("ui/notifications/size-changed", async () => (await view.sent("ui/notifications/size-changed")).length > 0);
    } finally {
      await view.close();
    }
  });

  await check(`${label}: the data-only tool returns data and no UI`, async () => {
    const stats = await client.callTool({ name: "user_stats", arguments: {} });
    strictEqual(stats.isError ?? false, false);
    ok(Number.isInteger(stats.structuredContent?.total), JSON.stringify(stats.structuredContent));
    strictEqual(stats.structuredContent.$prefab, undefined);
  });
}

/// The project's MCP Apps test host, launched once (`npm ci` in xtask/testhost installs it).
let host = null;
async function testHost() {
  if (!host) {
    const { launch } = await import("../../../xtask/testhost/index.mjs");
    host = await launch();
  }
  return host;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`hello exited with ${child.exitCode}`);
    try {
      await fetch(url, { method: "GET" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${url} did not come up`);
}

const CLIENT_INFO = { name: "prefab-e2e", version: "0.1.0" };
const CLIENT_CAPS = { capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [MIME] } } } };

async function overStdio() {
  const client = new Client(CLIENT_INFO, CLIENT_CAPS);
  await client.connect(new StdioClientTransport({ command: HELLO_BIN, args: ["stdio"], stderr: "ignore" }));
  try {
    await suite("stdio", client);
  } finally {
    await client.close();
  }
}

/// Raw JSON-RPC over HTTP with the 2026-07-28 stateless headers (no initialize, no session).
async function raw2026(url, method, name, params) {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": method,
  };
  if (name) headers["mcp-name"] = name;
  const res = await fetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } }),
  });
  strictEqual(res.status, 200, await res.clone().text());
  return (await res.json()).result;
}

async function overHttp() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const child = spawn(HELLO_BIN, ["http", "--port", String(port)], { stdio: ["ignore", "ignore", "pipe"] });
  let serverLog = "";
  child.stderr.on("data", (d) => (serverLog += d));
  try {
    await waitForHttp(url, child);
    const client = new Client(CLIENT_INFO, CLIENT_CAPS);
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    try {
      await check("http: stateless (no session id issued)", async () => {
        strictEqual(transport.sessionId, undefined);
      });
      await suite("http", client);
    } finally {
      await client.close();
    }

    await check("http: CORS preflight lets a browser client send MCP headers", async () => {
      const res = await fetch(url, {
        method: "OPTIONS",
        headers: {
          origin: "http://localhost:5173",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, mcp-protocol-version, mcp-method, mcp-name, mcp-param-city, x-evil",
        },
      });
      strictEqual(res.status, 204);
      strictEqual(res.headers.get("access-control-allow-origin"), "http://localhost:5173");
      strictEqual(res.headers.get("access-control-allow-methods"), "POST");
      const allowed = res.headers.get("access-control-allow-headers").split(",").map((h) => h.trim());
      deepStrictEqual(allowed, ["content-type", "mcp-protocol-version", "mcp-method", "mcp-name", "mcp-param-city"]);
    });

    await check("http: a page from a foreign origin can neither preflight nor call a tool", async () => {
      const foreign = { origin: "http://evil.example" };
      const preflight = await fetch(url, {
        method: "OPTIONS",
        headers: { ...foreign, "access-control-request-method": "POST" },
      });
      strictEqual(preflight.status, 403);
      strictEqual(preflight.headers.get("access-control-allow-origin"), null);
      const call = await fetch(url, {
        method: "POST",
        headers: {
          ...foreign,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "show_users", arguments: {} },
        }),
      });
      strictEqual(call.status, 403);
      ok(!(await call.text()).includes("$prefab"), "no tool result for a foreign origin");
    });

    await check("http: 2026-07-28 stateless server/discover, resources/read and tools/call", async () => {
      const discover = await raw2026(url, "server/discover", null, {});
      deepStrictEqual(discover.capabilities.extensions[UI_EXTENSION], { mimeTypes: [MIME] });
      ok(discover.supportedVersions.includes("2026-07-28"));
      const read = await raw2026(url, "resources/read", "ui://prefab/viewer", { uri: "ui://prefab/viewer" });
      strictEqual(read.ttlMs, TTL_MS);
      strictEqual(read.cacheScope, CACHE_SCOPE);
      strictEqual(read.contents[0].mimeType, MIME);
      deepStrictEqual(read.contents[0]._meta, RESOURCE_META);
      const call = await raw2026(url, "tools/call", "show_users", { name: "show_users", arguments: {} });
      ok(call.structuredContent.$prefab, "envelope");
      strictEqual(call.content[0].type, "text");
    });
  } finally {
    child.kill();
    if (counts.failed > 0) console.log(`hello http stderr:\n${serverLog}`);
  }
}

await overStdio().catch((e) => record("stdio", false, e.stack ?? e));
await overHttp().catch((e) => record("http", false, e.stack ?? e));

await host?.close();
finish({ exit: true });
