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

function contentText(content) {
  if (!Array.isArray(content)) return "";
  return content.map((c) => (c?.type === "text" ? c.text : `[${c?.type}]`)).join("\n");
}

// ---------------------------------------------------------------------------------------
// Tools list and the form generated from a tool's input schema

let tools = [];

async function loadTools() {
  const list = $("tools");
  try {
    const result = await mcp("tools/list", {});
    tools = result.tools ?? [];
  } catch (e) {
    list.innerHTML = "";
    const li = document.createElement("li");
    li.textContent = `tools/list failed: ${e.message}`;
    list.append(li);
    return;
  }
  list.innerHTML = "";
  for (const tool of tools) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.tool = tool.name;
    button.textContent = tool.title ?? tool.name;
    if (uiResourceUri(tool)) {
      const badge = document.createElement("span");
      badge.className = "ui-badge";
      badge.textContent = "UI";
      button.append(badge);
    }
    button.addEventListener("click", () => selectTool(tool));
    li.append(button);
    list.append(li);
  }
  log(`tools/list: ${tools.length} tools`);
}

let selected = null;

function selectTool(tool) {
  selected = tool;
  for (const b of $("tools").querySelectorAll("button")) {
    b.setAttribute("aria-current", String(b.dataset.tool === tool.name));
  }
  $("tool-title").textContent = tool.title ?? tool.name;
  $("tool-description").textContent = tool.description ?? "";
  const fields = $("fields");
  fields.innerHTML = "";
  const schema = tool.inputSchema ?? {};
  const required = new Set(schema.required ?? []);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    fields.append(field(name, prop ?? {}, required.has(name)));
  }
  $("tool-form").hidden = false;
}

/** One form field for a schema property: text, number, checkbox, select or JSON text. */
function field(name, prop, required) {
  const wrap = document.createElement("label");
  wrap.className = "field";
  const title = document.createElement("span");
  title.textContent = `${prop.title ?? name}${required ? " *" : ""}`;
  if (prop.description) title.title = prop.description;
  wrap.append(title);
  const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== "null") : prop.type;
  let input;
  if (Array.isArray(prop.enum)) {
    input = document.createElement("select");
    if (!required) input.append(new Option("", ""));
    for (const v of prop.enum) input.append(new Option(String(v), JSON.stringify(v)));
    input.dataset.kind = "enum";
  } else if (type === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = prop.default === true;
    input.dataset.kind = "boolean";
  } else if (type === "number" || type === "integer") {
    input = document.createElement("input");
    input.type = "number";
    if (type === "integer") input.step = "1";
    if (prop.default !== undefined) input.value = String(prop.default);
    input.dataset.kind = "number";
  } else if (type === "string") {
    input = document.createElement("input");
    if (prop.default !== undefined) input.value = String(prop.default);
    input.dataset.kind = "string";
  } else {
    input = document.createElement("textarea");
    input.rows = 3;
    input.placeholder = "JSON";
    if (prop.default !== undefined) input.value = JSON.stringify(prop.default);
    input.dataset.kind = "json";
  }
  input.name = name;
  input.required = required && input.type !== "checkbox";
  wrap.append(input);
  return wrap;
}

/** The arguments the form holds; empty optional fields are left out. */
function formArguments() {
  const args = {};
  for (const input of $("fields").querySelectorAll("[name]")) {
    const kind = input.dataset.kind;
    if (kind === "boolean") {
      args[input.name] = input.checked;
      continue;
    }
    if (input.value === "") continue;
    if (kind === "number") args[input.name] = Number(input.value);
    else if (kind === "string") args[input.name] = input.value;
    else {
      try {
        args[input.name] = JSON.parse(input.value);
      } catch (e) {
        throw new Error(`${input.name}: not JSON: ${e.message}`);
      }
    }
  }
  return args;
}

async function callSelected(event) {
  event.preventDefault();
  if (!selected) return;
  const tool = selected;
  let args;
  try {
    args = formArguments();
  } catch (e) {
    $("status").textContent = e.message;
    return;
  }
  $("status").textContent = `calling ${tool.name}…`;
  let result;
  try {
    result = await mcp("tools/call", { name: tool.name, arguments: args });
  } catch (e) {
    $("status").textContent = e.message;
    return;
  }
  $("result").textContent = JSON.stringify(result, null, 2);
  $("result-box").hidden = false;
  $("status").textContent = `${tool.name}: ${result.isError ? "error" : "done"}`;
  log(`tools/call ${tool.name}${result.isError ? " (error)" : ""}`);
  const uri = uiResourceUri(tool);
  if (!uri) {
    await closeView();
    return;
  }
  try {
    const read = await mcp("resources/read", { uri });
    const item = (read.contents ?? []).find((c) => typeof c.text === "string");
    if (!item) throw new Error(`${uri}: the resource has no text (HTML) content`);
    const ui = item._meta?.ui ?? read._meta?.ui ?? {};
    await openView(item.text, { tool, args, result, csp: ui.csp, prefersBorder: ui.prefersBorder });
  } catch (e) {
    $("status").textContent = `cannot show the UI: ${e.message}`;
  }
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

/** The document with the policy as the first element of its <head>. */
function withPolicy(html, policy) {
  const attr = policy.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const meta = `<meta http-equiv="Content-Security-Policy" content="${attr}">`;
  for (const tag of [/<head(\s[^>]*)?>/i, /<html(\s[^>]*)?>/i, /<!doctype[^>]*>/i]) {
    const m = tag.exec(html);
    if (m) {
      const at = m.index + m[0].length;
      const head = tag.source.startsWith("<head") ? meta : `<head>${meta}</head>`;
      return html.slice(0, at) + head + html.slice(at);
    }
  }
  return `<head>${meta}</head>${html}`;
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
async function openView(html, { tool, args = {}, result, csp, prefersBorder } = {}) {
  await closeView();
  const box = $("frame-box");
  box.classList.toggle("no-border", prefersBorder === false);
  const frame = document.createElement("iframe");
  frame.title = `${tool?.name ?? "view"} (MCP App)`;
  frame.setAttribute("sandbox", "allow-scripts allow-forms");
  frame.srcdoc = withPolicy(html, policyFor(csp));
  const view = { frame, window: null, tool, args, result, initialized: false, pending: new Map() };
  host.view = view;
  box.append(frame);
  view.window = frame.contentWindow;
  log(`view mounted for ${tool?.name ?? "a document"}`);
  return view;
}

window.addEventListener("message", (event) => {
  const view = host.view;
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
      notify(view, "ui/notifications/tool-input", { arguments: view.args });
      if (view.result) notify(view, "ui/notifications/tool-result", view.result);
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
      const result = await mcp("tools/call", params);
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
  if (matchMedia("(prefers-color-scheme: dark)").matches) setTheme("dark");
  loadTools();
});

// For tests and the console: open any view document under this host, read the transcript.
window.prefabHost = { openView, transcript, setTheme, setDisplayMode, tools: () => tools, mcp };
