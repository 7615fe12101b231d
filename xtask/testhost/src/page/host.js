// The host page: one MCP Apps view driven by the official AppBridge + PostMessageTransport
// from @modelcontextprotocol/ext-apps. Bundled by esbuild into dist/host.js; the node side
// (src/session.mjs) calls `window.testhost.*` through Playwright and answers the view's
// requests through the exposed `__testhostAnswer(method, params)` binding.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

const origin = performance.now();
const transcript = [];
const state = { initialized: false, teardown: null, errors: [] };
/** Request ids still waiting for an answer, per asking side: id → method. */
const asked = { "view->host": new Map(), "host->view": new Map() };
let lastTraffic = origin;
let bridge = null;
let proxyFrame = null;

const copy = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function kindOf(message) {
  if (!message || typeof message !== "object") return "other";
  if ("method" in message) return "id" in message ? "request" : "notification";
  if ("error" in message) return "error";
  if ("result" in message) return "response";
  return "other";
}

/** One transcript entry; answers are labelled with the method of the request they answer. */
function log(dir, message) {
  lastTraffic = performance.now();
  const kind = kindOf(message);
  let method = typeof message?.method === "string" ? message.method : null;
  if (kind === "request" && asked[dir]) asked[dir].set(message.id, method);
  if (kind === "response" || kind === "error") {
    const asker = dir === "view->host" ? "host->view" : "view->host";
    method = asked[asker].get(message.id) ?? null;
    asked[asker].delete(message.id);
  }
  transcript.push({
    seq: transcript.length,
    t: Math.round((performance.now() - origin) * 10) / 10,
    at: new Date().toISOString(),
    dir,
    kind,
    method,
    id: message && typeof message === "object" && "id" in message ? message.id : null,
    message: copy(message),
  });
}

/** Asks the node side for the answer to one request of the view. */
const answer = (method) => (params) => window.__testhostAnswer(method, copy(params) ?? {});

function pushToolData(cfg) {
  for (const args of cfg.toolInputPartial ?? []) bridge.sendToolInputPartial({ arguments: args });
  if (cfg.toolInput !== null && cfg.toolInput !== undefined) bridge.sendToolInput({ arguments: cfg.toolInput });
  if (cfg.toolResult) bridge.sendToolResult(cfg.toolResult);
  if (cfg.toolCancelled) bridge.sendToolCancelled(cfg.toolCancelled);
  if (cfg.hostContextChange) setHostContext(cfg.hostContextChange);
}

let context = {};
/** Merges a patch into the host context; AppBridge sends the difference to the view. */
function setHostContext(patch) {
  context = { ...context, ...patch };
  bridge.setHostContext(context);
}

async function start(cfg) {
  context = cfg.hostContext;
  generation = cfg.generation ?? "v1";
  bridge = new AppBridge(null, cfg.hostInfo, cfg.hostCapabilities, { hostContext: context });
  bridge.oncalltool = answer("tools/call");
  bridge.onmessage = answer("ui/message");
  bridge.onopenlink = answer("ui/open-link");
  bridge.ondownloadfile = answer("ui/download-file");
  bridge.onupdatemodelcontext = answer("ui/update-model-context");
  bridge.onrequestdisplaymode = answer("ui/request-display-mode");
  bridge.onreadresource = answer("resources/read");
  bridge.onlistresources = answer("resources/list");
  bridge.onlistresourcetemplates = answer("resources/templates/list");
  bridge.onlistprompts = answer("prompts/list");
  bridge.oncreatesamplingmessage = answer("sampling/createMessage");
  bridge.onerror = (error) => state.errors.push(String(error?.message ?? error));

  proxyFrame = document.createElement("iframe");
  proxyFrame.id = "sandbox-proxy";
  document.getElementById("slot").append(proxyFrame);
  const proxy = proxyFrame.contentWindow;
  bridge.addEventListener("sizechange", ({ height }) => {
    if (typeof height === "number" && height > 0) proxyFrame.style.height = `${height}px`;
  });

  // Everything the proxy relays, as it arrives (before the transport parses it, so a
  // message the transport rejects is still in the transcript). Registered before connect().
  addEventListener("message", ({ source, data }) => {
    if (source !== proxy) return;
    const fromProxy = data?.method === "ui/notifications/sandbox-proxy-ready";
    log(fromProxy ? "proxy->host" : "view->host", data);
    if (data?.method === "ui/initialize" && cfg.order === "early") pushToolData(cfg);
  });

  const transport = new PostMessageTransport(proxy, proxy);
  const post = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message?.method === "ui/notifications/sandbox-resource-ready") {
      const params = { ...message.params, html: `(${message.params.html.length} characters)` };
      log("host->proxy", { ...message, params });
    } else {
      log("host->view", message);
    }
    return post(message, options);
  };

  bridge.addEventListener("sandboxready", () => {
    bridge.sendSandboxResourceReady({
      html: cfg.html,
      sandbox: cfg.sandbox,
      csp: cfg.ui.csp ?? {},
      permissions: cfg.ui.permissions ?? {},
    });
  });
  bridge.addEventListener("initialized", () => {
    state.initialized = true;
    if (cfg.order === "normal") pushToolData(cfg);
  });

  await bridge.connect(transport);
  proxyFrame.src = cfg.proxyUrl;
}

async function teardown(timeoutMs) {
  try {
    state.teardown = { ok: true, result: copy(await bridge.teardownResource({}, { timeout: timeoutMs })) };
  } catch (error) {
    state.teardown = { ok: false, error: String(error?.message ?? error) };
  }
  return state.teardown;
}

/**
 * Posts messages to the view window from a second frame of the host page (a sibling of the
 * proxy): a view that checks `event.source === window.parent` must ignore all of them.
 */
function forge(messages) {
  return new Promise((done) => {
    const forger = document.createElement("iframe");
    forger.style.display = "none";
    const payload = JSON.stringify(messages).replace(/</g, "\\u003c");
    forger.srcdoc = `<script>
      const view = parent.document.getElementById("sandbox-proxy").contentWindow.frames[0];
      for (const message of ${payload}) view.postMessage(message, "*");
      parent.postMessage({ testhostForged: ${messages.length} }, "*");
    <\/script>`;
    const posted = ({ source, data }) => {
      if (source !== forger.contentWindow || !data?.testhostForged) return;
      removeEventListener("message", posted);
      done(data.testhostForged);
    };
    addEventListener("message", posted);
    document.body.append(forger);
  });
}

/**
 * The host→view tool requests under each generation's wire names: ext-apps v2 renamed
 * `tools/call` / `tools/list` to `ui/call-view-tool` / `ui/list-view-tools`. The AppBridge
 * bundled here speaks v1; as a v2 host the page sends the v2 names through the same bridge.
 */
const VIEW_TOOL_METHODS = {
  v2: { callTool: "ui/call-view-tool", listTools: "ui/list-view-tools" },
};
/** A result "schema" that accepts any answer (the test checks it), as the SDK's request() wants. */
const ANY_RESULT = { "~standard": { version: 1, vendor: "testhost", validate: (value) => ({ value }) } };
let generation = "v1";

/** A host→view tool request under the current generation's name. */
function viewTool(name, params) {
  const method = VIEW_TOOL_METHODS[generation]?.[name];
  return method ? bridge.request({ method, params }, ANY_RESULT) : bridge[name](params);
}

/** The AppBridge calls a test may make directly (host → view). */
const calls = {
  callTool: (params) => viewTool("callTool", params),
  listTools: (params) => viewTool("listTools", params ?? {}),
  sendToolInput: (params) => bridge.sendToolInput(params),
  sendToolInputPartial: (params) => bridge.sendToolInputPartial(params),
  sendToolResult: (params) => bridge.sendToolResult(params),
  sendToolCancelled: (params) => bridge.sendToolCancelled(params),
  setHostContext: (patch) => setHostContext(patch),
};

window.testhost = {
  start,
  teardown,
  forge,
  call: async (name, params) => copy(await calls[name](params)),
  transcript: () => transcript,
  state: () => state,
  quietFor: () => performance.now() - lastTraffic,
};
