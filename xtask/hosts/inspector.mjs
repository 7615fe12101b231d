// The MCP Inspector (npm @modelcontextprotocol/inspector, pinned in package.json) as a host:
// its web server started on Node 22 against `prefab serve`'s Streamable HTTP endpoint, and its
// Apps tab driven in the browser.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TIMEOUT, until } from "../../prefab-cli/tests/browser/support.mjs";
import { newViewFrame } from "./views.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const LAUNCHER = join(HERE, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");

/** A TCP port free right now on 127.0.0.1 (the Inspector's web port cannot be 0). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts the Inspector's web UI on `node` (Node 22: the Inspector needs >= 22.19) for the
 * Streamable HTTP server at `mcp`, with no browser opened, secrets kept in memory and its
 * storage in a temporary folder; the sandbox and app origins on ports the system picks.
 * Resolves with the process and the URL that opens the UI with its API token.
 */
export async function startInspector(node, mcp) {
  const env = {
    ...process.env,
    CLIENT_PORT: String(await freePort()),
    MCP_SANDBOX_PORT: "0",
    MCP_APP_ORIGIN_PORT: "0",
    MCP_AUTO_OPEN_ENABLED: "false",
    MCP_INSPECTOR_SECRET_STORE: "memory",
    MCP_STORAGE_DIR: mkdtempSync(join(tmpdir(), "prefab-inspector-")),
  };
  const child = spawn(node, [LAUNCHER, "--web", "--transport", "http", "--server-url", mcp], { stdio: ["ignore", "pipe", "pipe"], env });
  let out = "";
  const collect = (chunk) => (out += chunk);
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const url = await new Promise((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the Inspector printed no URL in 60 s: ${out}`)), 60_000);
    child.on("exit", (code) => fail(new Error(`the Inspector exited with ${code}: ${out}`)));
    child.stdout.on("data", () => {
      const found = /(http:\/\/\S+\?MCP_INSPECTOR_API_TOKEN=\w+)/.exec(out)?.[1];
      if (found) {
        clearTimeout(timer);
        ready(found);
      }
    });
  });
  return { child, url, output: () => out };
}

/** Opens the Inspector, connects to its one server and shows the Apps tab. */
export async function connect(page, url) {
  await page.goto(url);
  // Mantine's switch: its track covers the input, so the input is clicked directly. A click
  // before the page has hydrated changes nothing (seen once in CI), so it is clicked again,
  // only while it is off, until the Inspector says it is connected.
  const toggle = page.getByRole("switch", { name: /Connect or disconnect/ });
  const connected = page.getByText("Connected", { exact: true });
  await until("the Inspector connected", async () => {
    if (await connected.isVisible()) return true;
    if (!(await toggle.isChecked())) await toggle.click({ force: true, timeout: 2000 });
    return false;
  });
  await page.getByRole("button", { name: "Apps", exact: true }).or(page.getByText("Apps", { exact: true })).first().click();
  await page.getByText(/MCP Apps \(\d+\)/).waitFor({ timeout: TIMEOUT });
}

/**
 * Opens one UI tool in the Apps tab: a click on it in the list; when the Inspector shows
 * the tool's argument form, the arguments go in as JSON ("Edit as JSON") and "Open App"
 * calls it. Resolves with the view's frame (the srcdoc frame inside the Inspector's sandbox
 * proxy), a new one.
 */
export async function openApp(page, { name, args }) {
  // The message log grows with every view and slows the page down: each app starts with it empty.
  await page.getByRole("button", { name: "Clear", exact: true }).first().click();
  const before = new Set(page.frames());
  const named = page.getByText(name, { exact: true });
  await named.first().click();
  // The panel is this tool's once it shows its name too (a form still on screen may be the
  // previous tool's).
  await until(`${name}: its panel`, async () => (await named.count()) >= 2);
  const open = page.getByRole("button", { name: "Open App" });
  const form = await until(`${name}: its view or its form`, async () => {
    if (await open.isVisible()) return "form";
    return newViewFrame(page, before, "/sandbox") ? "view" : false;
  });
  if (form === "form") {
    await page.getByRole("switch", { name: /JSON/ }).check({ force: true });
    const editor = page.getByRole("textbox", { name: /Arguments JSON/ });
    await editor.focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.insertText(JSON.stringify(args));
    await open.click();
  }
  return until(`${name}: the view frame`, () => newViewFrame(page, before, "/sandbox"));
}
