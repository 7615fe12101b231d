// Browser test of `prefab dev`, the preview host in front of any MCP server (run by
// `cargo xtask dev`).
//
//   node prefab-cli/tests/browser/dev.mjs --bin target/debug/prefab --hello target/debug/hello \
//     --python target/fastmcp/venv/bin/python
//
// Starts `prefab dev` in front of (a) the `hello` example over stdio, (b) a FastMCP server
// with a prefab-ui app tool (`servers/fastmcp_app.py`) over stdio, started by `prefab dev`
// with `PREFAB_RENDERER_URL` set to the bundle the dev host serves (and, with
// `--renderer theirs`, without it), and (c) the same server over Streamable HTTP (`--url`),
// started with that variable; opens the preview host in headless Chromium with every request
// off the loopback interface refused (offline: prefab-ui's default renderer is on a CDN) and
// reads the tool list and the UI tool's view in the sandboxed frame; presses Restart (nothing is called until "Run again" is clicked; then
// the view comes back on the new process). Then
// (d) `--watch DIR` in front of a stdio server whose tools come from a JSON file in DIR: an
// edit of the file shows the new tool list in the open page without a reload, a titled
// tool labelled by its title with its name under it. Prints
// "N passed, N failed"; exits 1 on failure.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { cli, launchBrowser, tally } from "../../../xtask/testhost/index.mjs";
import { TIMEOUT, callForView, mcpCall, offlinePage, pick, startPrefab, until, viewFrame } from "./support.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../../..");

const opts = cli("dev.mjs", {
  bin: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
  hello: { type: "string", default: join(ROOT, "target/debug/hello"), path: true },
  python: { type: "string", default: join(ROOT, "target/fastmcp/venv/bin/python"), path: true },
});
const { test, finish } = tally();
const FASTMCP_APP = join(HERE, "servers/fastmcp_app.py");

/** A port free now (the FastMCP server must know the dev host's port before it starts). */
const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

/** `prefab dev` on `port` (0: any) with `args`; killed by `stop()`. */
async function dev(args, { port = 0, env = {} } = {}) {
  // The Renderer line is the last one `prefab dev` prints.
  const started = await startPrefab(opts.bin, ["dev", "--port", String(port), ...args], env, "Renderer");
  running.push(started.child);
  return started;
}
const running = [];

/**
 * Opens the dev host's page offline (a request to anything but the loopback interface is
 * refused and recorded in `refused`); waits for the tool `name` in the list and a running
 * server.
 */
async function open(browser, preview, name) {
  const { page, errors, refused } = await offlinePage(browser);
  await page.goto(preview);
  await page.waitForSelector(`#tools button[data-tool=${name}]`, { timeout: TIMEOUT });
  await until("the server shown running", async () => (await page.textContent("#dev-status")).endsWith(": running"));
  return { page, errors, refused };
}

const tools = (page) => page.$$eval("#tools button", (bs) => bs.map((b) => b.dataset.tool).sort());
const text = async (frame, want) => until(`"${want}" in the view`, async () => (await frame.textContent("body")).includes(want));

/** The HTML of the `greet` tool's UI resource, read through the dev host. */
async function greetHtml(target) {
  const listed = await mcpCall(target.mcp, "tools/list", {});
  const uri = listed.tools.find((t) => t.name === "greet")?._meta?.ui?.resourceUri;
  const read = await mcpCall(target.mcp, "resources/read", { uri });
  return read.contents[0].text;
}

/** The base URL of the renderer bundle `prefab dev` printed. */
const rendererBase = (target) => /PREFAB_RENDERER_URL=(\S+)\)/.exec(target.lines.Renderer)?.[1];

/** The FastMCP checks, for the stdio and the HTTP target alike: the view renders offline. */
async function fastmcpApp(browser, target) {
  const { page, errors, refused } = await open(browser, target.preview, "greet");
  assert.deepEqual(await tools(page), ["add", "greet"]);
  const listed = await mcpCall(target.mcp, "tools/list", {});
  assert.ok(listed.tools.find((t) => t.name === "greet")?._meta?.ui?.resourceUri?.startsWith("ui://"), JSON.stringify(listed.tools));
  await pick(page, "greet", "Greet");
  const frame = await callForView(page);
  await text(frame, "Hello, Ada");
  await text(frame, "Served by FastMCP through prefab dev");
  assert.deepEqual(errors, []);
  assert.deepEqual(refused, [], "nothing loaded from off the machine");
  await page.close();
}

/**
 * A test of a FastMCP server: run when the FastMCP venv (`cargo xtask install`) is there or
 * under CI (where its absence is a failure), else skipped with the reason printed.
 */
const fastmcp = (name, body) => {
  if (existsSync(opts.python) || process.env.CI) return test(name, body);
  console.log(`skip ${name}: no FastMCP venv at ${opts.python} (cargo xtask install makes it)`);
};

const browser = await launchBrowser();
const scratch = mkdtempSync(join(tmpdir(), "prefab-dev-"));
try {
  await test("hello over stdio: the tool list, show_users' view, and after Restart the view again only on Run again", async () => {
    const target = await dev(["--", opts.hello, "stdio"]);
    assert.equal(target.lines.Target, `${opts.hello} stdio (stdio)`);
    assert.match(target.mcp, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { page, errors } = await open(browser, target.preview, "show_users");
    const names = await tools(page);
    for (const name of ["show_users", "user_stats", "invite_user"]) assert.ok(names.includes(name), names.join(", "));
    assert.equal(await page.getAttribute("html", "data-dev-generation"), "1");
    await pick(page, "show_users");
    let frame = await callForView(page);
    const firstUser = /\| 1 \| ([^|]+?) \|/.exec(await page.textContent("#result"))?.[1];
    assert.ok(firstUser, "the first user in the tool result");
    await text(frame, firstUser);
    // Restart: a new process, the same page (not reloaded); the tool is not called again
    // until the user clicks "Run again" (issue 38: a restart replayed the last call).
    await page.evaluate(() => (window.__samePage = true));
    const calls = [];
    page.on("request", (r) => r.url().endsWith("/mcp") && JSON.parse(r.postData() ?? "null")?.method === "tools/call" && calls.push(r.postDataJSON().params));
    const before = await page.$("#frame-box iframe");
    assert.ok(await page.isVisible("#dev-restart"));
    await page.click("#dev-restart");
    await until("generation 2", async () => (await page.getAttribute("html", "data-dev-generation")) === "2");
    await page.waitForSelector("#dev-run-again", { state: "visible", timeout: TIMEOUT });
    await until("the tool list reloaded", () => page.evaluate(() => window.prefabHost.calling() === 0));
    assert.deepEqual(calls, [], "no tools/call after the restart without a click");
    await page.click("#dev-run-again");
    await until("the call made again", () => calls.length === 1);
    assert.deepEqual(calls, [{ name: "show_users", arguments: {} }]);
    assert.equal(await page.isVisible("#dev-run-again"), false);
    await until("a new view", async () => (await page.$("#frame-box iframe")) && !(await before.evaluate((f) => f.isConnected)));
    frame = await viewFrame(page);
    await text(frame, firstUser);
    assert.equal(await page.evaluate(() => window.__samePage), true, "the page was not reloaded");
    assert.deepEqual(errors, []);
    await page.close();
  });

  await fastmcp("a FastMCP server over stdio renders offline: prefab dev sets PREFAB_RENDERER_URL for it", async () => {
    // An empty variable in prefab dev's own environment: prefab-ui reads it as unset.
    const target = await dev(["--", opts.python, FASTMCP_APP], { env: { PREFAB_RENDERER_URL: "" } });
    const base = rendererBase(target);
    assert.equal(base, new URL("/renderer", target.preview).href);
    assert.match(target.lines.Renderer, /\), set for the server \(--renderer theirs: not set\)$/);
    assert.ok((await greetHtml(target)).includes(`${base}/renderer.js`), "the app loads the dev host's bundle");
    await fastmcpApp(browser, target);
  });

  await fastmcp("--renderer theirs: the server's environment untouched, its app's own renderer", async () => {
    const target = await dev(["--renderer", "theirs", "--", opts.python, FASTMCP_APP], { env: { PREFAB_RENDERER_URL: "" } });
    assert.match(target.lines.Renderer, /\), not set for the server \(--renderer theirs\)$/);
    const html = await greetHtml(target);
    assert.ok(!html.includes(rendererBase(target)), "the app does not name the dev host's bundle");
    assert.match(html, /<script[^>]+src="https:\/\//, "prefab-ui's own renderer, from off the machine");
  });

  await fastmcp("the same FastMCP server over Streamable HTTP (--url), started with PREFAB_RENDERER_URL", async () => {
    const [port, serverPort] = [await freePort(), await freePort()];
    const server = spawn(opts.python, [FASTMCP_APP, "http", String(serverPort)], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PREFAB_RENDERER_URL: `http://127.0.0.1:${port}/renderer` },
    });
    running.push(server);
    const url = `http://127.0.0.1:${serverPort}/mcp`;
    await until("the FastMCP server listening", () => fetch(url, { method: "GET" }).then(() => true, () => false));
    const target = await dev(["--url", url], { port });
    assert.equal(target.lines.Target, url);
    await fastmcpApp(browser, target);
  });

  await test("--watch: an edit under the watched folder shows the new tool list without a reload; a tool is labelled by its title, its name under it", async () => {
    const dir = join(scratch, "watched");
    const file = join(dir, "tools.json");
    mkdirSync(dir);
    writeFileSync(file, JSON.stringify(["alpha"]));
    const target = await dev(["--watch", dir, "--", process.execPath, join(HERE, "servers/tools_file.mjs"), file]);
    assert.equal(target.lines.Watching, dir);
    const { page, errors } = await open(browser, target.preview, "alpha");
    assert.deepEqual(await tools(page), ["alpha"]);
    await page.evaluate(() => (window.__samePage = true));
    writeFileSync(file, JSON.stringify(["alpha", { name: "beta", title: "Beta tool" }]));
    await page.waitForSelector("#tools button[data-tool=beta]", { timeout: TIMEOUT });
    assert.deepEqual(await tools(page), ["alpha", "beta"]);
    const labels = await page.$$eval("#tools button", (bs) => bs.map((b) => [b.firstChild.textContent, b.querySelector(".tool-name")?.textContent ?? null]));
    assert.deepEqual(labels, [["alpha", null], ["Beta tool", "beta"]]);
    await pick(page, "beta", "Beta tool");
    assert.equal(await page.textContent("#tool-name"), "beta");
    await pick(page, "alpha");
    assert.equal(await page.isVisible("#tool-name"), false, "no name under a label that is the name");
    assert.equal(await page.getAttribute("html", "data-dev-generation"), "2");
    assert.equal(await page.evaluate(() => window.__samePage), true, "the page was not reloaded");
    assert.deepEqual(errors, []);
    await page.close();
  });
} finally {
  await browser.close();
  for (const child of running) child.kill();
  rmSync(scratch, { recursive: true, force: true });
}
finish({ exit: true });
