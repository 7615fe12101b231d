// What the test host tells a view about itself, and how it answers a view's requests when a
// test gives no handler of its own.

export const HOST_INFO = Object.freeze({ name: "prefab-testhost", version: "0.1.0" });

/** The tool whose UI the view is (`hostContext.toolInfo`). */
const TOOL = {
  name: "show_view",
  description: "The tool whose result the view under test displays.",
  inputSchema: { type: "object" },
  _meta: { ui: { resourceUri: "ui://testhost/view.html" } },
};

/** The host context of the initialize result; `options.hostContext` is merged over it. */
export function hostContext(options) {
  return {
    theme: "light",
    displayMode: "inline",
    availableDisplayModes: ["inline", "fullscreen"],
    containerDimensions: { width: 720, maxHeight: 1200 },
    locale: "en-US",
    timeZone: "UTC",
    platform: "web",
    userAgent: `${HOST_INFO.name}/${HOST_INFO.version}`,
    deviceCapabilities: { touch: false, hover: true },
    safeAreaInsets: { top: 0, right: 0, bottom: 0, left: 0 },
    toolInfo: { id: "call-1", tool: options.tool ?? TOOL },
    ...options.hostContext,
  };
}

/** The host capabilities of the initialize result (the sandbox part echoes `_meta.ui`). */
export function hostCapabilities(options) {
  return (
    options.hostCapabilities ?? {
      openLinks: {},
      downloadFile: {},
      serverTools: { listChanged: false },
      serverResources: { listChanged: false },
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {}, structuredContent: {} },
      sandbox: { csp: options.ui?.csp ?? {}, permissions: options.ui?.permissions ?? {} },
    }
  );
}

/**
 * Answers to the view's requests, by method. Each receives `(params, view)`; a test replaces
 * any of them with `options.handlers[method]` (a function, or a plain value to answer with).
 */
export const ANSWERS = {
  "tools/call": (params) => ({
    content: [{ type: "text", text: `testhost answer to ${params.name}` }],
    structuredContent: { tool: params.name, echo: params.arguments ?? {} },
  }),
  "ui/message": () => ({}),
  "ui/open-link": () => ({}),
  "ui/download-file": () => ({}),
  "ui/update-model-context": () => ({}),
  // Grants a mode the host context lists, tells the view through host-context-changed first,
  // and answers with the mode now in force.
  "ui/request-display-mode": async ({ mode }, view) => {
    const context = view.hostContext();
    if ((context.availableDisplayModes ?? []).includes(mode)) await view.setHostContext({ displayMode: mode });
    return { mode: view.hostContext().displayMode };
  },
  "resources/read": ({ uri }) => ({ contents: [{ uri, mimeType: "text/plain", text: `testhost resource ${uri}` }] }),
  "resources/list": () => ({ resources: [] }),
  "resources/templates/list": () => ({ resourceTemplates: [] }),
  "prompts/list": () => ({ prompts: [] }),
  "sampling/createMessage": () => ({ role: "assistant", model: "testhost", content: { type: "text", text: "testhost sample" } }),
};

/**
 * A tool result for the view from a JSON document: a `$prefab` envelope becomes the
 * `structuredContent` of a CallToolResult; an object with `content` or `structuredContent`
 * is taken as a CallToolResult already.
 */
export function toolResult(json) {
  if (json && typeof json === "object" && "$prefab" in json) {
    return { content: [{ type: "text", text: "(rendered by the prefab view)" }], structuredContent: json };
  }
  if (json && typeof json === "object" && ("content" in json || "structuredContent" in json)) return json;
  throw new TypeError("tool result: expected a $prefab envelope or a CallToolResult object");
}
