// The Content-Security-Policy the test host puts on a view document.
//
// AppBridge applies no policy itself: a web host's sandbox layer does. Ours builds the policy
// from the resource's `_meta.ui.csp` the way the MCP Inspector's web client does: every
// directive starts closed (`default-src 'none'`), the declared origin lists open exactly the
// matching directives, and no eval keyword is ever added, so WebAssembly compilation is
// refused. The `default+wasm` preset is the one difference we allow on purpose: it appends
// `'wasm-unsafe-eval'` to `script-src`, as a host that tolerates WebAssembly would.

/** The policy presets a test can ask for. */
export const PRESETS = Object.freeze(["default", "default+wasm"]);

/** The engine the prefab viewer runs under each preset: wasm2js unless WebAssembly is allowed. */
export const ENGINE = Object.freeze({ default: "wasm2js", "default+wasm": "wasm" });

/** The `_meta.ui.csp` fields that carry origin lists. */
const LIST_FIELDS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"];

/**
 * The origins of one `_meta.ui.csp` field, checked: an entry that could end a directive or
 * add a keyword (`;`, `,`, a quote, white space) would let a resource widen its own policy.
 */
function origins(uiCsp, field) {
  const list = uiCsp?.[field];
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new TypeError(`_meta.ui.csp.${field}: expected an array, got ${JSON.stringify(list)}`);
  list.forEach((entry, i) => {
    if (typeof entry !== "string" || entry === "" || /[\s;,'"]/.test(entry)) {
      throw new TypeError(`_meta.ui.csp.${field}[${i}]: not an origin: ${JSON.stringify(entry)}`);
    }
  });
  return list;
}

/**
 * The policy text for a preset and a resource's `_meta.ui.csp` object
 * (`{connectDomains?, resourceDomains?, frameDomains?, baseUriDomains?}`).
 */
export function policyFor(preset = "default", uiCsp = {}) {
  if (!PRESETS.includes(preset)) throw new TypeError(`csp preset: expected one of ${PRESETS.join(", ")}, got ${JSON.stringify(preset)}`);
  for (const key of Object.keys(uiCsp ?? {})) {
    if (!LIST_FIELDS.includes(key)) throw new TypeError(`_meta.ui.csp.${key}: unknown field (known: ${LIST_FIELDS.join(", ")})`);
  }
  const [connect, resource, frame, baseUri] = LIST_FIELDS.map((field) => origins(uiCsp, field));
  const or = (list, closed) => (list.length ? list.join(" ") : closed);
  const script = ["'unsafe-inline'", ...resource];
  if (preset === "default+wasm") script.push("'wasm-unsafe-eval'");
  const directives = {
    "default-src": "'none'",
    "script-src": script.join(" "),
    "style-src": ["'unsafe-inline'", ...resource].join(" "),
    "img-src": or(resource, "'none'"),
    "font-src": or(resource, "'none'"),
    "media-src": or(resource, "'none'"),
    "connect-src": or(connect, "'none'"),
    "frame-src": or(frame, "'none'"),
    "base-uri": or(baseUri, "'self'"),
    "form-action": "'none'",
    "object-src": "'none'",
    "worker-src": "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");
}

const ATTRIBUTE = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };

/** The `<meta http-equiv>` element carrying a policy. */
export function policyMeta(policy) {
  return `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/[&"<>]/g, (c) => ATTRIBUTE[c])}">`;
}

/**
 * A script placed right after the policy, before any script of the view: it keeps every
 * `securitypolicyviolation` of the view document in `window.__testhostViolations`, where the
 * node side reads it. (Playwright's init scripts reach a srcdoc frame only after its own
 * scripts ran, so a refusal at load time would be missed there.) `'unsafe-inline'` is in
 * every preset, so the policy lets it run.
 */
const RECORDER =
  "<script>(()=>{const seen=[];Object.defineProperty(window,'__testhostViolations',{value:seen});" +
  "document.addEventListener('securitypolicyviolation',(e)=>seen.push({effectiveDirective:e.effectiveDirective," +
  "blockedURI:e.blockedURI,disposition:e.disposition,sample:e.sample}),true)})()</script>";

/**
 * The document the sandbox proxy puts into the view frame.
 *   layout "head"  (default) the policy (and the violation recorder) start the view's own
 *                  <head>, the rest of the view's DOM stays as written;
 *   layout "shell" the Inspector's layout: a fixed outer document whose <head> starts with
 *                  the policy, the whole view document inside its <body>.
 */
export function documentWithPolicy(html, policy, layout = "head") {
  const meta = policyMeta(policy) + RECORDER;
  const shell = () => `<!doctype html><html><head>${meta}<meta charset="utf-8"></head><body>${html}</body></html>`;
  if (layout === "shell") return shell();
  if (layout !== "head") throw new TypeError(`layout: expected "head" or "shell", got ${JSON.stringify(layout)}`);
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) return shell();
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
