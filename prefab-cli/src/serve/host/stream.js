// The preview host's "stream" switch: before a view gets its tool's complete arguments and
// result, the host replays the arguments to it the way a host does while the model is still
// writing them — the JSON text cut every N bytes, each prefix healed into a JSON object (open
// strings, arrays and objects closed; a dangling key, colon, comma or half-written literal
// dropped) and sent as `ui/notifications/tool-input-partial`, one every M ms.
// Loaded after host.js, whose `host`, `notify`, `log` and `sleep` it uses.
"use strict";

/** The switch and its speed (set from the header's controls). */
const streaming = { on: false, bytes: 64, ms: 50 };

/** The closing brackets of the open containers in `stack`, innermost first. */
const closers = (stack) => stack.map((c) => (c === "{" ? "}" : "]")).reverse().join("");

/** A number or literal at the start of `text` (a number may still be growing at the end). */
const SCALAR = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/;

/** An open string (from its quote to the end of the text) less a half-written escape. */
function openString(body) {
  let k = 1;
  while (k < body.length) {
    if (body[k] !== "\\") {
      k++;
      continue;
    }
    const length = body[k + 1] === "u" ? 6 : 2;
    if (k + length > body.length) return body.slice(0, k);
    k += length;
  }
  return body;
}

/**
 * The longest valid JSON a prefix of a JSON text stands for: what was written, with its open
 * strings, arrays and objects closed and whatever cannot be finished yet left out. An open
 * string value is kept (closed, less a half-written escape); an open key is dropped with its
 * object entry.
 */
function healJson(text) {
  const stack = [];
  let expectKey = false;
  let safe = 0;
  let safeStack = [];
  let i = 0;
  const mark = () => {
    safe = i;
    safeStack = stack.slice();
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const isKey = expectKey && stack.at(-1) === "{";
      if (j >= text.length) {
        if (isKey) break;
        return `${text.slice(0, i)}${openString(text.slice(i))}"${closers(stack)}`;
      }
      i = j + 1;
      if (isKey) expectKey = false;
      else mark();
    } else if (c === "{" || c === "[") {
      stack.push(c);
      expectKey = c === "{";
      i++;
      mark();
    } else if (c === "}" || c === "]") {
      stack.pop();
      expectKey = false;
      i++;
      mark();
    } else if (c === ",") {
      expectKey = stack.at(-1) === "{";
      i++;
    } else if (c === ":" || /\s/.test(c)) {
      i++;
    } else {
      const m = SCALAR.exec(text.slice(i, i + 64));
      if (!m) break;
      i += m[0].length;
      mark();
    }
  }
  return text.slice(0, safe) + closers(safeStack);
}

/** The healed object of a prefix, or null when it is not an object (or not JSON at all). */
function healedArguments(prefix) {
  try {
    const value = JSON.parse(healJson(prefix));
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** The byte offsets to cut the UTF-8 text `bytes` at: every `step` bytes, on character starts. */
function cuts(bytes, step) {
  const out = [];
  for (let cut = step; cut < bytes.length; cut += step) {
    let at = cut;
    while (at > 0 && (bytes[at] & 0xc0) === 0x80) at--;
    if (at > (out.at(-1) ?? 0)) out.push(at);
  }
  return out;
}

/**
 * Replays the view's arguments as `tool-input-partial` notifications (none when the switch is
 * off); stops early when the view was replaced. Identical consecutive healed objects are sent
 * once.
 */
async function streamArguments(view) {
  if (!streaming.on) return;
  const bytes = new TextEncoder().encode(JSON.stringify(view.args ?? {}));
  const decoder = new TextDecoder();
  let last = null;
  let sent = 0;
  for (const cut of cuts(bytes, Math.max(1, streaming.bytes))) {
    if (host.view !== view) return;
    const partial = healedArguments(decoder.decode(bytes.subarray(0, cut)));
    const text = JSON.stringify(partial);
    if (partial === null || text === last) continue;
    last = text;
    notify(view, "ui/notifications/tool-input-partial", { arguments: partial });
    sent++;
    await sleep(streaming.ms);
  }
  log(`streamed the arguments: ${sent} partial messages of ${bytes.length} bytes`);
}

/** Sends the tool's data to a view that just initialized: partials, input, then the result. */
async function deliverToolData(view) {
  await streamArguments(view);
  if (host.view !== view) return;
  notify(view, "ui/notifications/tool-input", { arguments: view.args });
  if (view.result) notify(view, "ui/notifications/tool-result", view.result);
}

/** Wires the header's stream controls. */
function setUpStreaming() {
  $("stream").addEventListener("change", (e) => {
    streaming.on = e.target.checked;
  });
  for (const [id, key] of [
    ["stream-bytes", "bytes"],
    ["stream-ms", "ms"],
  ]) {
    $(id).addEventListener("input", (e) => {
      const value = Number(e.target.value);
      if (Number.isFinite(value) && value >= 0) streaming[key] = value;
    });
  }
}
