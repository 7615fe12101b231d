#!/usr/bin/env node
// Browser tests of A2UI in the viewer: a tool result whose content carries an A2UI surface
// (an `a2ui://prefab/surface` resource item of MIME `application/a2ui+json`, text
// `{"messages": [...]}`, as prefab-mcp's `display_a2ui` returns it) renders through the
// viewer's own reader, and later results update the view in place.
//
//   cargo build -p prefab-cli && cargo xtask pages
//   node prefab-renderer/tests/a2ui.mjs --pages target/pages --prefab target/debug/prefab
//
// The reference is the native reader, `prefab::a2ui` (run as `prefab a2ui from`, at test time):
// for every official A2UI v0.9 example vendored in `prefab/tests/data/a2ui/v0.9/examples`,
// the viewer's DOM for the A2UI result equals its DOM for the envelope `prefab a2ui from`
// prints for the same messages, with no placeholder, no error box, no page error and no CSP
// violation, under both CSPs (so both engines: wasm2js and wasm). The v1.0 batch form
// (`prefab a2ui to --a2ui-version v1.0` of each native envelope) is compared the same way.
// Ends with a plain `N passed, N failed` line.
import { join } from "node:path";
import { ENGINE, PAGES_OPTION, PRESETS, cli, tally, waitFor, withHost } from "../../xtask/testhost/index.mjs";
import { a2uiCommand, mediaOrigins, officialExamples } from "./a2ui-lit/examples.mjs";

const { pages: PAGES, prefab: PREFAB } = cli("a2ui.mjs", {
  pages: PAGES_OPTION,
  prefab: { type: "string", default: "target/debug/prefab", path: true },
});
const { check, guard, finish } = tally({ quiet: true });
const started = Date.now();

const prefab = a2uiCommand(PREFAB);

/** The tool result `display_a2ui` makes for `messages`. */
const a2uiResult = (messages) => ({
  content: [{ type: "resource", resource: { uri: "a2ui://prefab/surface", mimeType: "application/a2ui+json", text: JSON.stringify({ messages }) } }],
});

// Every example: its messages, the native envelope, and the v1.0 batch form of that envelope
// with the envelope the native reader reads back from it.
const cases = [];
for (const { name, messages } of officialExamples()) {
  const envelope = JSON.parse(prefab(["from"], JSON.stringify({ messages })));
  const batch = prefab(["to", "--a2ui-version", "v1.0"], JSON.stringify(envelope)).trim().split("\n").map((l) => JSON.parse(l));
  const batchEnvelope = JSON.parse(prefab(["from"], JSON.stringify({ messages: batch })));
  cases.push({ name, messages, envelope, batch, batchEnvelope });
}
// The examples' images and media load from a few origins: the view's `_meta.ui.csp` declares
// them (as a server showing these surfaces would) and the requests are answered locally.
const origins = mediaOrigins(cases.map((c) => c.messages));
check(`${cases.length} official v0.9 examples read by the native reader`, cases.length === 43, String(cases.length));

const root = (v) => v.evaluate(() => document.getElementById("root")?.innerHTML ?? "");
const SEPARATOR = { content: [], structuredContent: { $prefab: { version: "0.3" }, view: { type: "Text", content: "-" } } };
let separatorHtml = null;

/** The view's DOM after `result` (a separator view is shown first, so the change is seen). */
async function show(v, result) {
  await v.call("sendToolResult", SEPARATOR);
  separatorHtml = await waitFor("the separator", async () => {
    const html = await root(v);
    return html.includes(">-<") && (separatorHtml === null || html === separatorHtml) ? html : null;
  });
  await v.call("sendToolResult", result);
  let last = null;
  return waitFor("the view to render", async () => {
    const html = await root(v);
    const done = html !== separatorHtml && html === last;
    last = html;
    return done ? html : null;
  });
}

/** Problems of the view as it stands: placeholders and error boxes. */
const problems = (v) =>
  v.evaluate(() => [...document.querySelectorAll("#root .pf-unknown, #root .pf-error")].map((e) => `${e.className}: ${e.textContent}`).join(" | "));

/** Ids the renderer generates per mount (`pf-…-N`) are numbered, not compared. */
const normalise = (html) => html.replace(/(pf-[a-z-]*?)\d+/g, "$1#");

async function examples(v, tag) {
  for (const c of cases) {
    for (const [form, messages, envelope] of [["v0.9", c.messages, c.envelope], ["v1.0 batch", c.batch, c.batchEnvelope]]) {
      const native = await show(v, { content: [], structuredContent: envelope });
      const viewer = await show(v, a2uiResult(messages));
      const wrong = await problems(v);
      check(`${tag} ${c.name} (${form}): no placeholder, no error box`, wrong === "", wrong);
      check(`${tag} ${c.name} (${form}): the DOM equals the native conversion's`, normalise(viewer) === normalise(native), diff(native, viewer));
    }
  }
}

/** Where two DOM texts part. */
function diff(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `native …${a.slice(Math.max(0, i - 80), i + 120)}\n      viewer …${b.slice(Math.max(0, i - 80), i + 120)}`;
}

/** A stream over several results: data-model changes patch the state of the same view. */
async function stream(v, tag) {
  const surface = { surfaceId: "s", catalogId: "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" };
  const msg = (kind, body) => ({ version: "v0.9", [kind]: { surfaceId: "s", ...body } });
  await v.call("sendToolResult", a2uiResult([
    msg("createSurface", { catalogId: surface.catalogId }),
    msg("updateComponents", { components: [
      { id: "root", component: "Column", children: ["title", "count", "items"] },
      { id: "title", component: "Text", text: { path: "/title" }, variant: "h2" },
      { id: "count", component: "Text", text: { call: "formatString", args: { value: "Count: ${/count}" } } },
      { id: "items", component: "List", children: { path: "/items", componentId: "item" } },
      { id: "item", component: "Text", text: { path: "name" } },
    ] }),
    msg("updateDataModel", { path: "/", value: { title: "First", count: 1, items: [{ name: "a" }] } }),
  ]));
  await waitFor("the first surface", async () => (await v.text("#title")) === "First");
  await v.evaluate(() => { document.getElementById("title").dataset.mark = "kept"; });
  await v.call("sendToolResult", a2uiResult([msg("updateDataModel", { path: "/count", value: 2 }), msg("updateDataModel", { path: "/items/1", value: { name: "b" } })]));
  const second = await waitFor("the data-model update", async () => {
    const text = await v.evaluate(() => document.getElementById("root").textContent);
    return text.includes("Count: 2") && text.includes("b") ? text : null;
  });
  check(`${tag} stream: a later data-model update patches the state (formatString, list append)`, second.includes("Count: 2") && second.includes("ab"), second);
  check(`${tag} stream: the view stays mounted (a marked element keeps its identity)`, (await v.evaluate(() => document.getElementById("title").dataset.mark)) === "kept");
  await v.call("sendToolResult", a2uiResult([msg("updateComponents", { components: [{ id: "title", component: "Text", text: { path: "/title" }, variant: "h1" }] })]));
  await waitFor("the component update", async () => (await v.evaluate(() => document.getElementById("title")?.tagName)) === "H1");
  const third = await v.evaluate(() => document.getElementById("root").textContent);
  check(`${tag} stream: a component update redraws the surface with its data model`, third.includes("First") && third.includes("Count: 2") && third.includes("ab"), third);
}

/**
 * Checks, dates and slider values in the viewer, live: a failing check's message shows from
 * the start and goes once the input satisfies it; a date-time with a zone shows its digits in
 * the browser's input; a Slider's value follows it.
 */
async function controls(v, tag) {
  const msg = (kind, body) => ({ version: "v0.9", [kind]: { surfaceId: "c", ...body } });
  const path = (p) => ({ path: p });
  const rule = (call, args, message) => ({ condition: { call, args: { value: path("/zip"), ...args } }, message });
  await show(v, a2uiResult([
    msg("createSurface", { catalogId: "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" }),
    msg("updateComponents", { components: [
      { id: "root", component: "Column", children: ["zip", "due", "volume"] },
      { id: "zip", component: "TextField", label: "Zip", value: path("/zip"), checks: [
        rule("required", {}, "Zip is required"),
        rule("regex", { pattern: "^[0-9]{5}$" }, "Five digits"),
        rule("length", { max: 5 }, "At most five"),
      ] },
      { id: "due", component: "DateTimeInput", label: "Due", value: path("/due"), enableDate: true, enableTime: true },
      { id: "volume", component: "Slider", label: "Volume", value: path("/volume"), max: 1 },
    ] }),
    msg("updateDataModel", { path: "/", value: { due: "2025-12-15T17:00:00Z", volume: 0.45 } }),
  ]));
  const errors = () => v.evaluate(() => [...document.querySelectorAll("#root [role=alert]")].map((e) => e.textContent).join("|"));
  const shown = (want) => waitFor(`messages ${JSON.stringify(want)}`, async () => ((await errors()) === want ? [want] : null));
  check(`${tag} checks: the failing checks' messages show before any input`, (await shown("Zip is required|Five digits")) !== null);
  await v.fill("#zip", "12a");
  check(`${tag} checks: typing re-checks (regex fails, required holds)`, (await shown("Five digits")) !== null);
  await v.fill("#zip", "123456");
  check(`${tag} checks: each failing check shows its message`, (await shown("Five digits|At most five")) !== null);
  await v.fill("#zip", "12345");
  check(`${tag} checks: no message once every check holds`, (await shown("")) !== null);
  const due = await v.evaluate(() => { const e = document.getElementById("due"); return `${e.type} ${e.value}`; });
  check(`${tag} a date-time with a zone shows its digits in the browser's input`, due === "datetime-local 2025-12-15T17:00", due);
  const volume = await v.evaluate(() => document.getElementById("volume").closest("[role=group]")?.textContent ?? "");
  check(`${tag} a Slider's value follows it`, volume.includes("Volume") && volume.includes("0.45"), volume);
}

await withHost(async (host) => {
  await host.context.route((url) => origins.includes(new URL(url).origin), (route) => route.fulfill({ status: 200, contentType: "image/gif", body: "" }));
  for (const csp of PRESETS) {
    const tag = `[${csp} ${ENGINE[csp]}]`;
    const v = await host.open({ app: join(PAGES, "viewer.html"), csp, toolInput: {}, ui: { csp: { resourceDomains: origins } } });
    await guard(`${tag} suite ran to the end`, async () => {
      await v.ready();
      const engine = await v.evaluate(() => document.documentElement.dataset.prefabEngine);
      check(`${tag} the ${ENGINE[csp]} engine runs`, engine === ENGINE[csp], engine);
      await examples(v, tag);
      await stream(v, tag);
      await controls(v, tag);
      const errors = v.console.filter((l) => (l.startsWith("[error]") && !l.includes("Failed to load resource")) || l.startsWith("[pageerror]"));
      check(`${tag} no page or console error`, errors.length === 0, errors.join(" | "));
    }).finally(() => v.close());
  }
});
console.log(`a2ui.mjs: ${((Date.now() - started) / 1000).toFixed(1)} s`);
finish();
