// The prefab preview host: an MCP client of the server that served this page (Streamable
// HTTP at /mcp, stateless JSON responses) and the host side of the MCP Apps protocol
// (io.modelcontextprotocol/ui, 2026-01-26) for the views its UI tools return.
//
// A view runs in an <iframe sandbox="allow-scripts allow-forms" srcdoc> (opaque origin,
// never allow-same-origin) under the default MCP Apps CSP, set as the first element of its
// <head>; messages are JSON-RPC objects exchanged with postMessage and accepted only from
// that frame's window.
"use strict";

const PROTOCOL_VERSION = "2026-01-26";
const HOST_INFO = { name: "prefab-preview-host", version: "0.1.0" };
const DISPLAY_MODES = ["inline", "fullscreen", "pip"];
const $ = (id) => document.getElementById(id);

/** What a test (or a curious user) can read: every message to and from the view. */
const transcript = [];

// ---------------------------------------------------------------------------------------
// MCP client (stateless Streamable HTTP: one POST per request, JSON answer)

let rpcId = 0;

/** Sends one MCP request to the server; returns its result or throws with its error. */
async function mcp(method, params) {
  const response = await fetch("/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params: params ?? {} }),
  });
  const text = await response.text();
  const message = parseAnswer(text);
  if (!message) throw new Error(`${method}: HTTP ${response.status}: ${text.slice(0, 200)}`);
  if (message.error) throw new Error(`${method}: ${message.error.message} (${message.error.code})`);
  return message.result;
}

/** The JSON-RPC answer in a JSON body or in the first `data:` line of an SSE body. */
function parseAnswer(text) {
  try {
    return JSON.parse(text);
  } catch {
    const line = text.split("\n").find((l) => l.startsWith("data:"));
    try {
      return line ? JSON.parse(line.slice(5)) : null;
    } catch {
      return null;
    }
  }
}

/** The `ui://` resource a tool's UI lives in, or null (nested form wins, flat key accepted). */
function uiResourceUri(tool) {
  const meta = tool?._meta ?? {};
  const uri = meta.ui?.resourceUri ?? meta["ui/resourceUri"];
  return typeof uri === "string" && uri.startsWith("ui://") ? uri : null;
}

// ---------------------------------------------------------------------------------------
// Side panel

function log(text) {
  const li = document.createElement("li");
  li.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  $("log").prepend(li);
}

function showMessage(params) {
  const li = document.createElement("li");
  li.className = "ui-message";
  li.textContent = contentText(params?.content) || JSON.stringify(params);
  $("messages").append(li);
}

function showModelContext(params) {
  const parts = [];
  const text = contentText(params?.content);
  if (text) parts.push(text);
  if (params?.structuredContent !== undefined) parts.push(JSON.stringify(params.structuredContent, null, 2));
  $("model-context").textContent = parts.join("\n\n") || "(empty)";
  $("model-context").classList.remove("muted");
}

/** Most calls from the view the panel keeps (the oldest go first). */
const MAX_VIEW_CALLS = 50;

/** Lists a `tools/call` the view made, its arguments and its result (or error), newest first. */
function showViewCall(params, outcome) {
  const item = document.createElement("li");
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  const failed = outcome.error !== undefined || outcome.result?.isError === true;
  summary.textContent = `${params?.name}${failed ? " (error)" : ""}`;
  const pre = document.createElement("pre");
  pre.textContent = JSON.stringify({ arguments: params?.arguments ?? {}, ...outcome }, null, 2);
  details.append(summary, pre);
  item.append(details);
  const list = $("view-calls");
  list.prepend(item);
  while (list.children.length > MAX_VIEW_CALLS) list.lastElementChild.remove();
  viewCalls++;
  $("view-calls-count").textContent = String(viewCalls);
  $("view-calls-box").hidden = false;
}
let viewCalls = 0;

function contentText(content) {
  if (!Array.isArray(content)) return "";
  return content.map((c) => (c?.type === "text" ? c.text : `[${c?.type}]`)).join("\n");
}

// ---------------------------------------------------------------------------------------
// The view's frame and its Content-Security-Policy

/** The default MCP Apps policy, opened only by the resource's declared origin lists. */
function policyFor(csp = {}) {
  const list = (field) => {
    const value = csp?.[field];
    if (value == null) return [];
    if (!Array.isArray(value)) throw new Error(`_meta.ui.csp.${field}: expected an array`);
    for (const origin of value) {
      // An entry that could end a directive or add a keyword would widen the policy.
      if (typeof origin !== "string" || origin === "" || /[\s;,'"]/.test(origin)) {
        throw new Error(`_meta.ui.csp.${field}: not an origin: ${JSON.stringify(origin)}`);
      }
    }
    return value;
  };
  const connect = list("connectDomains");
  const resource = list("resourceDomains");
  const frame = list("frameDomains");
  const base = list("baseUriDomains");
  const or = (l, closed) => (l.length ? l.join(" ") : closed);
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resource.join(" ")}`.trim(),
    `style-src 'unsafe-inline' ${resource.join(" ")}`.trim(),
    `img-src data: ${resource.join(" ")}`.trim(),
    `font-src data: ${resource.join(" ")}`.trim(),
    `media-src data: ${resource.join(" ")}`.trim(),
    `connect-src ${or(connect, "'none'")}`,
    `frame-src ${or(frame, "'none'")}`,
    `base-uri ${or(base, "'self'")}`,
    "form-action 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** The message the view's document posts to the host when it is unloaded. */
const UNLOADED = "prefab/view-unloaded";

/**
 * The document with the policy as the first element of its <head>. The document is parsed
 * (DOMParser: no script runs, nothing loads) and written out again, so the policy is where
 * the browser will read it whatever text comes before the real <head> (a comment, a string
 * that reads "<head>", no <head> at all).
 */
function withPolicy(html, policy, nonce = "") {
  const doc = new DOMParser().parseFromString(String(html), "text/html");
  const meta = doc.createElement("meta");
  meta.httpEquiv = "Content-Security-Policy";
  meta.content = policy;
  // Before any of the view's own scripts: tells the host when the document is unloaded (the
  // view navigating its frame, even while it is still being parsed). A view cannot take the
  // listener off (it is registered first, on the window itself). The message arrives with
  // no source (its window is gone), so it carries the view's nonce instead.
  const watch = doc.createElement("script");
  watch.textContent = `{const p=parent;addEventListener("pagehide",()=>p.postMessage({"${UNLOADED}":${JSON.stringify(nonce)}},"*"));}`;
  doc.head.prepend(meta, watch);
  return [...doc.childNodes].map(serialize).join("");
}

/** One top-level node of a parsed document as HTML (doctype, comment or the <html> element). */
function serialize(node) {
  if (node.nodeType === Node.DOCUMENT_TYPE_NODE) return `${new XMLSerializer().serializeToString(node)}\n`;
  if (node.nodeType === Node.COMMENT_NODE) return `<!--${node.data}-->`;
  return node.outerHTML ?? "";
}

// ---------------------------------------------------------------------------------------
// The host side of the ui/* protocol

const host = {
  theme: "light",
  displayMode: "inline",
  latency: 0,
  jitter: 0,
  view: null, // {frame, window, tool, args, result, initialized, pending: Map}
  nextId: 0,
};

function hostContext(view) {
  const box = $("frame-box");
  return {
    toolInfo: { tool: view.tool },
    theme: host.theme,
    displayMode: host.displayMode,
    availableDisplayModes: DISPLAY_MODES,
    containerDimensions: { width: Math.round(box.clientWidth), maxHeight: 2000 },
    locale: navigator.language || "en-US",
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: "prefab preview host",
    platform: "web",
    deviceCapabilities: { touch: matchMedia("(pointer: coarse)").matches, hover: matchMedia("(hover: hover)").matches },
  };
}

const HOST_CAPABILITIES = {
  openLinks: {},
  serverTools: {},
  serverResources: {},
  logging: {},
  message: { text: {} },
  updateModelContext: { text: {}, structuredContent: {} },
};

function post(view, message) {
  transcript.push({ dir: "host→view", message });
  view.window.postMessage(message, "*");
}

const notify = (view, method, params) => post(view, { jsonrpc: "2.0", method, params: params ?? {} });
const answer = (view, id, result) => post(view, { jsonrpc: "2.0", id, result: result ?? {} });
const fail = (view, id, code, message) => post(view, { jsonrpc: "2.0", id, error: { code, message } });

/** Sends a request to the view; resolves with its answer (or undefined after `timeout` ms). */
function request(view, method, params, timeout = 2000) {
  const id = `host-${++host.nextId}`;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      view.pending.delete(id);
      resolve(undefined);
    }, timeout);
    view.pending.set(id, (message) => {
      clearTimeout(timer);
      resolve(message);
    });
    post(view, { jsonrpc: "2.0", id, method, params: params ?? {} });
  });
}

/** Tears the current view down (`ui/resource-teardown`, then the frame is removed). */
async function closeView() {
  const view = host.view;
  if (!view) return;
  host.view = null;
  await request(view, "ui/resource-teardown", {}, 500);
  view.frame.remove();
}

/** Mounts a view document and runs the protocol with it for a tool call. */
async function openView(html, options = {}) {
  const { tool, args = {}, result, csp, prefersBorder } = options;
  await closeView();
  const box = $("frame-box");
  box.classList.toggle("no-border", prefersBorder === false);
  const frame = document.createElement("iframe");
  frame.title = `${tool?.name ?? "view"} (MCP App)`;
  // No allow-top-navigation, allow-popups or allow-same-origin: the view can navigate only
  // its own frame, which keepInPlace undoes.
  frame.setAttribute("sandbox", "allow-scripts allow-forms");
  const nonce = crypto.randomUUID();
  frame.srcdoc = withPolicy(html, policyFor(csp), nonce);
  const view = { frame, window: null, tool, args, result, initialized: false, pending: new Map(), nonce };
  host.view = view;
  keepInPlace(view, html, options);
  box.append(frame);
  view.window = frame.contentWindow;
  log(`view mounted for ${tool?.name ?? "a document"}`);
  return view;
}

/**
 * A view's frame loads its document once: its document unloaded (UNLOADED), or any further
 * `load`, is the view navigating itself (`location = …`, a meta refresh) or reloading. The host
 * then puts the view's own document back in a new frame, once; a view that navigates again is
 * closed.
 */
function keepInPlace(view, html, options) {
  let loads = 0;
  const away = () => {
    if (host.view !== view) return;
    const again = options.navigated === true;
    log(`the view navigated its frame away: ${again ? "closed" : "its document put back"}`);
    // Whatever is in the frame now is not the view: it gets no teardown and no message.
    host.view = null;
    view.frame.remove();
    if (again) $("status").textContent = "The view was closed: it navigated its frame away from its document.";
    else openView(html, { ...options, navigated: true });
  };
  view.frame.addEventListener("load", () => ++loads > 1 && away());
  view.leave = away;
}

window.addEventListener("message", (event) => {
  const view = host.view;
  if (view && event.data?.[UNLOADED] === view.nonce) return view.leave();
  // Only the current view's own window may talk to the host.
  if (!view || event.source !== view.window) return;
  const message = event.data;
  if (!message || typeof message !== "object" || message.jsonrpc !== "2.0") return;
  transcript.push({ dir: "view→host", message });
  if (message.method === undefined) {
    const done = view.pending.get(message.id);
    if (done) {
      view.pending.delete(message.id);
      done(message);
    }
    return;
  }
  const params = message.params ?? {};
  if (message.id === undefined) onNotification(view, message.method, params);
  else
    onRequest(view, message.method, params).then(
      (result) => host.view === view && answer(view, message.id, result),
      (e) => host.view === view && fail(view, message.id, e.code ?? -32603, e.message),
    );
});

function onNotification(view, method, params) {
  switch (method) {
    case "ui/notifications/initialized":
      view.initialized = true;
      log("view initialized");
      deliverToolData(view);
      break;
    case "ui/notifications/size-changed":
      if (typeof params.height === "number" && host.displayMode === "inline") {
        view.frame.style.height = `${Math.min(Math.max(Math.ceil(params.height), 40), 2000)}px`;
      }
      break;
    case "ui/notifications/request-teardown":
      log("view asked to close");
      closeView();
      break;
    case "notifications/message":
      log(`view log (${params.level}): ${typeof params.data === "string" ? params.data : JSON.stringify(params.data)}`);
      break;
    default:
      break; // unknown notifications are ignored
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function onRequest(view, method, params) {
  switch (method) {
    case "ui/initialize":
      return {
        protocolVersion: PROTOCOL_VERSION,
        hostInfo: HOST_INFO,
        hostCapabilities: HOST_CAPABILITIES,
        hostContext: hostContext(view),
      };
    case "ping":
      return {};
    case "tools/call": {
      // Real hosts relay through the model provider: delay as the slider says.
      const delay = host.latency;
      log(`view → tools/call ${params.name}${delay ? ` (+${delay} ms)` : ""}`);
      if (delay) await sleep(delay);
      let result;
      try {
        result = await mcp("tools/call", params);
      } catch (e) {
        showViewCall(params, { error: e.message });
        throw e;
      }
      showViewCall(params, { result });
      // Jitter: a random extra delay on the way back, so answers can overtake each other.
      if (host.jitter) await sleep(Math.random() * host.jitter);
      return result;
    }
    case "resources/read":
    case "resources/list":
    case "resources/templates/list":
      return mcp(method, params);
    case "ui/message":
      showMessage(params);
      log("view → ui/message");
      return {};
    case "ui/update-model-context":
      showModelContext(params);
      log("view → ui/update-model-context");
      return {};
    case "ui/open-link": {
      let url;
      try {
        url = new URL(String(params.url));
      } catch {
        return { isError: true };
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") return { isError: true };
      window.open(url.href, "_blank", "noopener,noreferrer");
      return {};
    }
    case "ui/request-display-mode": {
      if (DISPLAY_MODES.includes(params.mode)) setDisplayMode(params.mode);
      return { mode: host.displayMode };
    }
    default:
      throw Object.assign(new Error("Method not found"), { code: -32601 });
  }
}

function setTheme(theme) {
  host.theme = theme;
  document.documentElement.dataset.theme = theme;
  $("theme").value = theme;
  if (host.view?.initialized) notify(host.view, "ui/notifications/host-context-changed", { theme });
}

/** The inline width the view is given (`""`: the whole column), announced to the view. */
function setWidth(width) {
  $("width").value = width;
  const box = $("frame-box");
  box.style.setProperty("--view-width", width ? `${width}px` : "none");
  if (host.view?.initialized) {
    const { containerDimensions } = hostContext(host.view);
    notify(host.view, "ui/notifications/host-context-changed", { containerDimensions });
  }
}

function setDisplayMode(mode) {
  host.displayMode = mode;
  $("display-mode").value = mode;
  const box = $("frame-box");
  for (const m of DISPLAY_MODES) box.classList.toggle(m, m === mode && m !== "inline");
  if (host.view?.initialized) notify(host.view, "ui/notifications/host-context-changed", { displayMode: mode });
}

// ---------------------------------------------------------------------------------------
// Start

document.addEventListener("DOMContentLoaded", () => {
  $("endpoint").textContent = new URL("/mcp", location.href).href;
  $("theme").addEventListener("change", (e) => setTheme(e.target.value));
  $("display-mode").addEventListener("change", (e) => setDisplayMode(e.target.value));
  $("width").addEventListener("change", (e) => setWidth(e.target.value));
  for (const knob of ["latency", "jitter"]) {
    $(knob).addEventListener("input", (e) => {
      host[knob] = Number(e.target.value);
      $(`${knob}-value`).textContent = `${host[knob]} ms`;
    });
  }
  addEventListener("keydown", (e) => {
    if (e.key === "Escape" && host.displayMode !== "inline") setDisplayMode("inline");
  });
  $("tool-form").addEventListener("submit", callSelected);
  $("open-form").addEventListener("click", openForm);
  setUpStreaming();
  if (matchMedia("(prefers-color-scheme: dark)").matches) setTheme("dark");
  loadTools();
});

// For tests and the console: open any view document under this host, read the transcript.
window.prefabHost = { openView, transcript, setTheme, setDisplayMode, setWidth, tools: () => tools, mcp };
