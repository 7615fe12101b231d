// One view under test: its host page, the steps a test takes on it, and what it recorded.
import { readFileSync } from "node:fs";
import { ANSWERS, HOST_INFO, hostCapabilities, hostContext } from "./defaults.mjs";
import { documentWithPolicy, policyFor } from "./csp.mjs";
import { axe } from "./axe.mjs";
import { isCspMessage, isWasmProbe, noteViolation } from "./harness/violations.mjs";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const ORDERS = ["normal", "early", "none"];
/** MCP Apps host generations: the wire names of the host→view tool requests differ. */
export const GENERATIONS = ["v1", "v2"];

/** Polls `probe` until it returns a truthy value; throws naming `what` (and the last value). */
export async function waitFor(what, probe, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) return last;
    } catch (error) {
      last = `threw ${error.message}`;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await sleep(40);
  }
}

export class View {
  /**
   * Opens a view. Options:
   *   html | app         the view document, as text or as a file path
   *   csp                "default" (no WebAssembly, connect-src 'none') | "default+wasm"
   *   ui                 the resource's `_meta.ui` ({csp: {connectDomains, resourceDomains,
   *                      frameDomains, baseUriDomains}, permissions}); the policy is built from it
   *   policy             the policy text itself, in place of the one `csp` and `ui` build (a
   *                      host whose policy is not the MCP Apps default's shape)
   *   layout             "head" (policy <meta> first in the view's <head>) | "shell" (Inspector)
   *   sandbox            the view frame's sandbox tokens (default "allow-scripts")
   *   order              "normal" (tool data after initialized) | "early" (tool data pushed when
   *                      ui/initialize arrives, before its answer) | "none"
   *   toolInputPartial   argument objects pushed as tool-input-partial, in order
   *   toolInput          arguments pushed as tool-input (default {}; null sends none)
   *   toolResult         CallToolResult pushed as tool-result (none by default)
   *   toolCancelled      {reason} pushed as tool-cancelled
   *   hostContext        merged over the default host context of the initialize answer
   *   hostContextChange  patch sent as host-context-changed after the tool data
   *   hostCapabilities   replaces the default host capabilities
   *   handlers           {method: (params, view) => answer | answer}: how the host answers the
   *                      view's requests (tools/call, ui/message, resources/read, …)
   *   cspExpected        (message) => bool: CSP refusals the test provokes on purpose; any
   *                      other refusal (console message of any frame) fails the script at
   *                      `tally().finish()` (see harness/violations.mjs)
   *   generation         "v1" (default: host→view `tools/call` / `tools/list`) | "v2" (ext-apps
   *                      v2's `ui/call-view-tool` / `ui/list-view-tools`) for `call("callTool")`
   *                      and `call("listTools")`
   */
  static async open(context, hostUrl, proxyUrl, options = {}) {
    const order = options.order ?? "normal";
    if (!ORDERS.includes(order)) throw new TypeError(`order: expected one of ${ORDERS.join(", ")}, got ${JSON.stringify(order)}`);
    const generation = options.generation ?? "v1";
    if (!GENERATIONS.includes(generation)) throw new TypeError(`generation: expected one of ${GENERATIONS.join(", ")}, got ${JSON.stringify(generation)}`);
    const ui = options.ui ?? {};
    const policy = options.policy ?? policyFor(options.csp ?? "default", ui.csp ?? {});
    const source = options.html ?? readFileSync(options.app, "utf8");
    const page = await context.newPage();
    const view = new View(page, options, policy);
    // Playwright puts the binding into every frame; only the host page may use it.
    await page.exposeBinding("__testhostAnswer", ({ frame }, method, params) => {
      if (frame !== page.mainFrame()) throw new Error("testhost: answers are for the host page only");
      return view.#answer(method, params);
    });
    page.on("console", (m) => {
      view.console.push(`[${m.type()}] ${m.text()}`);
      if (isCspMessage(m.text()) && !view.#expectedRefusal(m.text())) noteViolation(`view (csp ${options.csp ?? "default"})`, m.text());
    });
    page.on("pageerror", (e) => view.console.push(`[pageerror] ${e.message}`));
    await page.goto(hostUrl);
    await page.evaluate((cfg) => window.testhost.start(cfg), {
      html: documentWithPolicy(source, policy, options.layout ?? "head"),
      proxyUrl,
      order,
      generation,
      sandbox: options.sandbox ?? "allow-scripts",
      ui,
      hostInfo: HOST_INFO,
      hostContext: view.#context,
      hostCapabilities: hostCapabilities(options),
      toolInputPartial: options.toolInputPartial ?? [],
      toolInput: options.toolInput === undefined ? {} : options.toolInput,
      toolResult: options.toolResult,
      toolCancelled: options.toolCancelled,
      hostContextChange: options.hostContextChange,
    });
    return view;
  }

  #handlers;
  #context;
  #cspExpected;

  /**
   * Whether a CSP refusal is expected: the loader's WebAssembly probe under a policy without
   * `'wasm-unsafe-eval'`, or one the test's `cspExpected(text)` accepts. Any other fails the
   * script at `tally().finish()`.
   */
  #expectedRefusal(text) {
    return (isWasmProbe(text) && !this.policy.includes("'wasm-unsafe-eval'")) || this.#cspExpected(text);
  }

  constructor(page, options, policy) {
    /** The Playwright page of the host (origin A). */
    this.page = page;
    /** The policy text the view document carries. */
    this.policy = policy;
    /** Console lines of every frame of the page, `[type] text`. */
    this.console = [];
    this.#handlers = { ...ANSWERS, ...options.handlers };
    this.#context = hostContext(options);
    this.#cspExpected = options.cspExpected ?? (() => false);
  }

  async #answer(method, params) {
    const handler = this.#handlers[method];
    if (handler === undefined) throw new Error(`testhost: no answer for ${method}`);
    return typeof handler === "function" ? handler(params, this) : handler;
  }

  /** The Playwright frame of the view (inside the proxy frame), once it exists. */
  frame() {
    const top = this.page.mainFrame();
    return this.page.frames().find((f) => f.parentFrame()?.parentFrame() === top) ?? null;
  }

  /** Waits until the view answered the handshake (`ui/notifications/initialized`). */
  ready(timeoutMs = 15000) {
    return waitFor("the ui/initialize handshake", async () => (await this.state()).initialized, timeoutMs);
  }

  /** Waits until no message crossed for `quietMs`; false when `timeoutMs` passes first. */
  async settle({ quietMs = 500, timeoutMs = 15000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await this.page.evaluate(() => window.testhost.quietFor())) >= quietMs) return true;
      await sleep(50);
    }
    return false;
  }

  /** Every JSON-RPC message both ways (and the proxy's own), with timestamps. */
  transcript() {
    return this.page.evaluate(() => window.testhost.transcript());
  }

  /** `{initialized, teardown, errors}` of the host page (errors: AppBridge's onerror). */
  state() {
    return this.page.evaluate(() => window.testhost.state());
  }

  /** The requests and notifications (not answers) the view sent with this method. */
  async sent(method) {
    return (await this.transcript()).filter((e) => e.dir === "view->host" && e.method === method && (e.kind === "request" || e.kind === "notification"));
  }

  /** The requests and notifications the host sent the view with this method. */
  async received(method) {
    return (await this.transcript()).filter((e) => e.dir === "host->view" && e.method === method && (e.kind === "request" || e.kind === "notification"));
  }

  /** The text of the first element matching `selector`, or the view's whole `innerText`. */
  async text(selector) {
    const frame = this.frame();
    if (!frame) return null;
    if (selector) return (await frame.textContent(selector, { timeout: 3000 })) ?? "";
    return frame.evaluate(() => document.body?.innerText ?? "");
  }

  click(selector) {
    return this.frame().click(selector, { timeout: 5000 });
  }

  /** Focuses `selector` and types `text` key by key (`delay` ms between keys). */
  async type(selector, text, { delay = 20 } = {}) {
    await this.frame().click(selector, { timeout: 5000 });
    await this.frame().locator(selector).pressSequentially(text, { delay });
  }

  press(selector, key) {
    return this.frame().locator(selector).press(key);
  }

  fill(selector, text) {
    return this.frame().fill(selector, text, { timeout: 5000 });
  }

  /** Runs `fn(arg)` inside the view document. */
  evaluate(fn, arg) {
    return this.frame().evaluate(fn, arg);
  }

  /** axe-core's accessibility violations in the view document (see `axe.mjs`). */
  axe(options) {
    return axe(this.frame(), options);
  }

  /** The CSP violations the view document reported. */
  async cspViolations() {
    return (await this.frame()?.evaluate(() => window.__testhostViolations ?? []).catch(() => [])) ?? [];
  }

  /** Polls `probe` (see `waitFor`). */
  waitFor(what, probe, timeoutMs) {
    return waitFor(what, probe, timeoutMs);
  }

  /**
   * Host → view through AppBridge: `callTool`, `listTools` (under the `generation`'s wire
   * names), `sendToolResult`, `sendToolInput`, …
   */
  call(name, params) {
    return this.page.evaluate(([n, p]) => window.testhost.call(n, p), [name, params]);
  }

  /** The host context as the host holds it now. */
  hostContext() {
    return structuredClone(this.#context);
  }

  /** Merges `patch` into the host context; the view gets host-context-changed. */
  async setHostContext(patch) {
    this.#context = { ...this.#context, ...patch };
    await this.call("setHostContext", patch);
  }

  /** Posts `messages` to the view from a second frame of the host page; resolves once posted. */
  forge(messages) {
    return this.page.evaluate((m) => window.testhost.forge(m), messages);
  }

  /** Sends ui/resource-teardown; `{ok, result}` or `{ok: false, error}`. */
  teardown(timeoutMs = 3000) {
    return this.page.evaluate((ms) => window.testhost.teardown(ms), timeoutMs);
  }

  close() {
    return this.page.close();
  }
}
