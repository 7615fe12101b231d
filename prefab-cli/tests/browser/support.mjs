// What the preview host's browser tests (serve.mjs, dev.mjs, forms_roundtrip.mjs, …) share: starting `prefab`,
// waiting, picking and calling tools in the page, and MCP requests from node.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchBrowser, watch } from "../../../xtask/testhost/index.mjs";

export const TIMEOUT = 30_000;

/**
 * A text each gallery view of `prefab serve` shows once rendered (its heading; the big
 * table's last page number): what the preview host's and the real hosts' suites wait for.
 */
export const GALLERY_HEADINGS = Object.freeze({
  gallery_layout: "Layout",
  gallery_typography: "Quarterly report",
  gallery_cards: "Cards and alerts",
  gallery_data: "Data display",
  gallery_forms: "Forms",
  gallery_interactive: "Interactive",
  gallery_media: "Media",
  gallery_charts: "Charts",
  gallery_sales_dashboard: "Sales 2025",
  gallery_big_table: "10001",
  gallery_signup_form: "Sign up",
});

/**
 * Starts `bin args…` (`prefab serve` or `prefab dev`) with `env` added; resolves with the
 * process and the values of the lines it printed (`lines["MCP endpoint"]`, …) once it
 * printed its MCP endpoint, its preview host and the line labelled `last`.
 */
export function startPrefab(bin, args, env = {}, last = "Preview host") {
  const child = spawn(bin, args, { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } });
  return new Promise((ready, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`prefab ${args[0]} printed no URLs in 20 s: ${out}`)), 20_000);
    child.on("exit", (code) => fail(new Error(`prefab ${args[0]} exited with ${code}: ${out}`)));
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const lines = Object.fromEntries([...out.matchAll(/^([A-Za-z ]+):\s+(.+)$/gm)].map((m) => [m[1], m[2].trim()]));
      const mcp = lines["MCP endpoint"];
      const preview = lines["Preview host"];
      if (mcp && preview && lines[last]) {
        clearTimeout(timer);
        ready({ child, mcp, preview, lines });
      }
    });
  });
}

/** Resolves with `check()`'s first truthy value, polling every 100 ms; throws after `timeout`. */
export async function until(what, check, timeout = TIMEOUT) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    try {
      last = await check();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what} (last: ${last})`);
}

/**
 * Selects a tool in the list (clicking again if a busy page dropped the click); `title` is
 * what the page shows for it (the tool's title, else its name).
 */
export async function pick(page, name, title = name) {
  await until(`${name} selected`, async () => {
    if ((await page.textContent("#tool-title")) === title) return true;
    await page.click(`#tools button[data-tool=${name}]`);
    return false;
  });
}

/**
 * A new page that is offline: a request to anything but the loopback interface is refused
 * and recorded in `refused`; view frames record their messages (`recordFrames`) and page
 * errors are collected in `errors`.
 */
export async function offlinePage(browser, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  const refused = [];
  await page.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/])[a-z-]+:\/\/.*/, (route) => {
    refused.push(route.request().url());
    return route.abort("internetdisconnected");
  });
  await recordFrames(page);
  const errors = watch(page, { labelled: true });
  return { page, errors, refused };
}

/** Waits until the page has no tool call in flight (its result and view are in place). */
export const idle = (page) => until("no tool call in flight", () => page.evaluate(() => window.prefabHost.calling() === 0));

/** Records, in every view frame, the messages it receives (`window.__received`). */
export const recordFrames = (page) =>
  page.addInitScript(() => {
    if (window !== window.top) addEventListener("message", (e) => (window.__received ??= []).push(e.data));
  });

/** The frame of the open view once it is initialized (it got the answer to ui/initialize). */
export async function viewFrame(page) {
  const frame = await (await page.waitForSelector("#frame-box iframe", { timeout: TIMEOUT })).contentFrame();
  await until("the view initialized", () => frame.evaluate(() => (window.__received ?? []).some((m) => m?.result?.protocolVersion)));
  return frame;
}

/**
 * Calls the selected tool and returns the frame of the view it opened, once initialized
 * (`recordFrames` must be set up). Calls still in flight finish first, so a view of an
 * earlier call is never taken for it.
 */
export async function callForView(page) {
  await idle(page);
  await page.click("#run");
  await idle(page);
  return viewFrame(page);
}

/** One MCP request from node (a plain JSON-RPC POST to the endpoint); its result. */
export async function mcpCall(endpoint, method, params) {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const text = await response.text();
  const line = text.trimStart().startsWith("{") ? text : text.split("\n").find((l) => l.startsWith("data:"))?.slice(5);
  const message = JSON.parse(line ?? "null");
  if (!message?.result) throw new Error(`${method}: ${text.slice(0, 300)}`);
  return message.result;
}

/**
 * Runs `body({ browser, server })` with `prefab serve --port 0` on a fresh data directory
 * (`label` names it) and a headless browser; both are stopped and the directory removed after.
 */
export async function withServe(bin, label, body) {
  const dataDir = mkdtempSync(join(tmpdir(), `prefab-${label}-data-`));
  const browser = await launchBrowser();
  let server;
  try {
    server = await startPrefab(bin, ["serve", "--port", "0", "--data-dir", dataDir]);
    await body({ browser, server });
  } finally {
    await browser.close();
    server?.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The form of the view in `frame`, per control (inputs by name; checkboxes — `<button
 * role=checkbox>` — and radio groups by id): its value (a checkbox's state, the checked
 * radio's value or null), and the texts of the alerts after it in its own Field.
 */
export const readForm = (frame) =>
  frame.evaluate(() => {
    const out = {};
    for (const control of document.querySelectorAll("form [name], form [role=checkbox][id], form [role=radiogroup][id]")) {
      const field = control.closest("[role=group]");
      const after = [...(field?.querySelectorAll("[role=alert]") ?? [])].filter(
        (alert) => control.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      const role = control.getAttribute("role");
      const value =
        role === "checkbox"
          ? control.getAttribute("aria-checked") === "true"
          : role === "radiogroup"
            ? (control.querySelector("[role=radio][aria-checked=true]")?.dataset.value ?? null)
            : control.value;
      out[role ? control.id : control.name] = { value, errors: after.map((alert) => alert.textContent.trim()) };
    }
    return out;
  });
