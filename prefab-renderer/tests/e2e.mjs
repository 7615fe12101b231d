#!/usr/bin/env node
// End-to-end tests of the prefab viewer in headless Chromium, through the project's MCP Apps
// test host (`xtask/testhost`: the official AppBridge from @modelcontextprotocol/ext-apps, a
// sandbox proxy on another origin, the default MCP Apps CSP built from `_meta.ui.csp`).
//
//   node prefab-renderer/tests/e2e.mjs --pages target/pages
//
// `cargo xtask test` installs the test host (npm ci in xtask/testhost), writes the pages
// (`cargo xtask pages`) and runs this script. Ends with a plain `N passed, N failed` line.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ENGINE, PAGES_OPTION, PRESETS, cli, standalone, tally, toolResult, waitFor, watchedPage, withHost } from "../../xtask/testhost/index.mjs";

const { pages: PAGES } = cli("e2e.mjs", { pages: PAGES_OPTION });
const FIXTURES = resolve(new URL("./fixtures", import.meta.url).pathname);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const { check, guard, finish } = tally();

/** Opens the viewer in the test host. */
function openView(host, cfg) {
  return host.open({
    app: join(PAGES, "viewer.html"),
    csp: cfg.csp,
    order: cfg.order ?? "normal",
    toolInputPartial: cfg.toolInputPartial ?? [],
    toolInput: "toolInput" in cfg ? cfg.toolInput : {},
    toolResult: cfg.toolResult,
    hostContextChange: { theme: "dark" },
    handlers: cfg.handlers,
  });
}

const e2eEnvelope = JSON.parse(readFileSync(join(FIXTURES, "e2e.json"), "utf8"));

// Host behaviour for the ordering test: answers to `mutate` are held until ten calls are in,
// then released newest first; `patch` answers with a display_update.
function reverseMutations() {
  const held = [];
  return {
    "tools/call": (params) => {
      if (params.name === "patch") {
        return { content: [{ type: "text", text: "patched" }], structuredContent: { "$prefab": { version: "0.3" }, update: { state: { patched: "by reply" } } } };
      }
      if (params.name !== "mutate") {
        return { content: [{ type: "text", text: `testhost result for ${params.name}` }], structuredContent: { tool: params.name, echo: params.arguments ?? {} } };
      }
      return new Promise((answer) => {
        held.push(() => answer({ content: [{ type: "text", text: "ok" }], structuredContent: { tool: "mutate", echo: params.arguments } }));
        if (held.length === 10) {
          held.reverse().forEach((release, i) => setTimeout(release, i * 30));
        }
      });
    },
  };
}

async function hostSuite(host, csp) {
  const engine = ENGINE[csp];
  const tag = `[${csp}]`;
  const v = await openView(host, { csp, toolResult: toolResult(e2eEnvelope), handlers: reverseMutations() });
  await guard(`${tag} suite ran to the end`, async () => {
    await waitFor("the greeting", async () => (await v.text("#greeting")) === "Hello harness");
    check(`${tag} a $prefab tool result renders`, true);

    // Utility classes (including one chosen by a template) are compiled into CSS on demand.
    const utilities = await waitFor("utility classes compiled", () =>
      v.evaluate(() => {
        const s = getComputedStyle(document.getElementById("utilities"));
        const rem = getComputedStyle(document.documentElement).fontSize;
        return s.display === "grid" ? { columns: s.gridTemplateColumns.split(" ").length, weight: s.fontWeight, gap: s.columnGap, rem } : null;
      }),
    );
    check(`${tag} cssClass utilities apply (grid-cols-4, gap-4, templated font-bold)`, utilities.columns === 4 && utilities.weight === "700" && utilities.gap === utilities.rem, JSON.stringify(utilities));

    await waitFor("onMount to switch its Condition", async () => (await v.frame().$("#mounted")) !== null);
    const mountedTwice = await v.frame().$$eval("#mounted, #mounting", (els) => els.map((e) => e.id));
    check(`${tag} onMount runs after the render and its state change re-renders cleanly`, mountedTwice.join() === "mounted", mountedTwice.join());

    const running = await v.frame().evaluate(() => document.documentElement.dataset.prefabEngine);
    check(`${tag} the ${engine} engine runs`, running === engine, `data-prefab-engine=${running}`);

    const ev = await v.transcript();
    const idx = (pred) => ev.findIndex(pred);
    const initReq = idx((e) => e.dir === "view->host" && e.method === "ui/initialize" && e.kind === "request");
    const initRes = idx((e) => e.dir === "host->view" && e.kind === "response" && e.method === "ui/initialize");
    const initialized = idx((e) => e.dir === "view->host" && e.method === "ui/notifications/initialized");
    const firstOther = idx((e, i) => e.dir === "view->host" && i !== initReq && i !== initialized);
    const params = ev[initReq]?.message?.params ?? {};
    check(
      `${tag} handshake order: initialize → result → initialized, nothing sent before`,
      initReq >= 0 && initReq < initRes && initRes < initialized && (firstOther === -1 || firstOther > initialized),
      JSON.stringify({ initReq, initRes, initialized, firstOther }),
    );
    check(
      `${tag} ui/initialize declares appInfo, protocol version and display modes`,
      params.protocolVersion === "2026-01-26" && params.appInfo?.name && Array.isArray(params.appCapabilities?.availableDisplayModes),
      JSON.stringify(params),
    );
    check(
      `${tag} no envelope carries "params": null`,
      ev.filter((e) => e.dir === "view->host").every((e) => !("params" in (e.message ?? {})) || (e.message.params && typeof e.message.params === "object")),
    );

    // Live binding while typing; the input keeps focus and caret.
    const input = v.frame().locator("#name-input");
    await input.click();
    await input.press("End");
    await input.pressSequentially("X", { delay: 20 });
    await waitFor("the greeting to follow typing", async () => (await v.text("#greeting")) === "Hello harnessX");
    const focus = await v.frame().evaluate(() => {
      const el = document.getElementById("name-input");
      return { active: document.activeElement === el, caret: el.selectionStart, len: el.value.length };
    });
    check(`${tag} typing updates {{ name }} elsewhere`, true);
    check(`${tag} the input keeps focus and caret while typing`, focus.active && focus.caret === focus.len, JSON.stringify(focus));
    const todos = await v.frame().$$eval(".todo", (els) => els.map((e) => e.textContent));
    check(`${tag} ForEach rows re-evaluate bindings on a state change`, todos.join("|") === "0: first (harnessX)|1: second (harnessX)", todos.join("|"));

    await input.fill("bob");
    await waitFor("the Condition branch", async () => (await v.frame().$("#is-bob")) !== null);
    check(`${tag} Condition switches branch on a state change`, (await v.frame().$("#not-bob")) === null);

    // toolCall round trip with resultKey.
    await v.frame().click("#call");
    await waitFor("the tool result", async () => (await v.text("#echoed")) === "echo=echo:bob");
    const calls = await v.sent("tools/call");
    check(`${tag} toolCall → tools/call → resultKey`, calls.length === 1 && calls[0].message.params.name === "echo" && calls[0].message.params.arguments.who === "bob");

    await v.frame().click("#send");
    await waitFor("ui/message", async () => (await v.sent("ui/message")).length === 1);
    const message = (await v.sent("ui/message"))[0].message.params;
    check(`${tag} sendMessage → ui/message`, message.role === "user" && message.content[0].text === "hello from bob", JSON.stringify(message));

    await v.frame().click("#link");
    await waitFor("ui/open-link", async () => (await v.sent("ui/open-link")).length === 1);
    const link = (await v.sent("ui/open-link"))[0].message.params;
    check(`${tag} openLink → ui/open-link`, link.url === "https://example.com/docs", JSON.stringify(link));

    await v.frame().click("#bad-link");
    await waitFor("the refused link error", async () => (await v.text("#link-error")).includes("refused"));
    check(`${tag} openLink refuses java\\tscript: (no ui/open-link sent)`, (await v.sent("ui/open-link")).length === 1);

    await v.frame().click("#fullscreen");
    await waitFor("$host.displayMode to follow the host", async () => (await v.text("#mode")) === "mode=fullscreen");
    check(`${tag} requestDisplayMode → ui/request-display-mode; $host.displayMode updates`, (await v.sent("ui/request-display-mode")).length === 1);

    await v.frame().click("#context");
    await waitFor("ui/update-model-context", async () => (await v.sent("ui/update-model-context")).length === 1);
    const context = (await v.sent("ui/update-model-context"))[0].message.params;
    check(`${tag} updateContext → ui/update-model-context`, context.content[0].text === "user is bob" && context.structuredContent.name === "bob", JSON.stringify(context));

    await appTools(v, tag, "v1");

    // display_update patches merge, as a tool-result notification and as a tools/call reply.
    await v.call("sendToolResult", { content: [], structuredContent: { "$prefab": { version: "0.3" }, update: { state: { patched: "by notification" } } } });
    await waitFor("the notified patch", async () => (await v.text("#patched")) === "patched=by notification");
    check(`${tag} a display_update tool-result merges into the state and keeps the view`, (await v.text("#greeting")) === "Hello bob");
    await v.frame().click("#patch");
    await waitFor("the replied patch", async () => (await v.text("#patched")) === "patched=by reply");
    check(`${tag} a display_update in a tools/call reply merges into the state`, true);

    // Ten mutations answered newest first: the last one wins.
    for (let i = 0; i < 10; i++) await v.frame().click("#burst");
    await waitFor("ten tools/call mutate", async () => (await v.sent("tools/call")).filter((e) => e.message.params.name === "mutate").length === 10);
    await waitFor("the reversed answers", async () => {
      const ev2 = await v.transcript();
      const asked = new Set(ev2.filter((e) => e.dir === "view->host" && e.kind === "request" && e.method === "tools/call" && e.message.params.name === "mutate").map((e) => e.id));
      const answered = ev2.filter((e) => e.dir === "host->view" && e.kind === "response" && asked.has(e.id));
      return asked.size === 10 && answered.length === 10;
    });
    // The view may still be applying the answers: a notification sent after them reaches the
    // view after them (one path, in order), so once its patch shows, all ten were applied.
    await v.call("sendToolResult", { content: [], structuredContent: { "$prefab": { version: "0.3" }, update: { state: { patched: "after the burst" } } } });
    await waitFor("a patch sent after the answers", async () => (await v.text("#patched")) === "patched=after the burst");
    const last = await waitFor("the last call's state", async () => ((await v.text("#last")) === "last=10" ? "last=10" : null), 3000).catch(async () => v.text("#last"));
    check(`${tag} 10 toolCalls answered in reverse order leave the last one's state`, last === "last=10", last);

    // Forged messages from a second iframe (a sibling of the sandbox proxy in the host page).
    const envelope = { "$prefab": { version: "0.3" }, view: { type: "Text", content: "FORGED" }, state: { name: "FORGED" } };
    const forged = [
      { jsonrpc: "2.0", method: "ui/notifications/tool-result", params: { content: [], structuredContent: envelope } },
      { jsonrpc: "2.0", method: "ui/notifications/host-context-changed", params: { theme: "FORGED" } },
      ...Array.from({ length: 40 }, (_, id) => ({ jsonrpc: "2.0", id, result: { content: [], structuredContent: { "$prefab": { version: "0.3" }, update: { state: { name: "FORGED" } } } } })),
    ];
    await v.forge(forged);
    // Posted before a message the host sends now (which takes the longer way, through the
    // proxy): once that one's patch shows, the forged ones have reached the view too.
    await v.call("sendToolResult", { content: [], structuredContent: { "$prefab": { version: "0.3" }, update: { state: { patched: "after the forgery" } } } });
    await waitFor("a patch sent after the forged messages", async () => (await v.text("#patched")) === "patched=after the forgery");
    const afterForgery = await v.frame().evaluate(() => document.body.innerText);
    check(`${tag} messages forged by a second iframe are ignored`, !afterForgery.includes("FORGED") && afterForgery.includes("Hello bob"), afterForgery.slice(0, 120));

    // Host context: theme from host-context-changed, exposed and applied.
    const theme = await v.frame().evaluate(() => document.documentElement.dataset.theme);
    check(`${tag} host-context-changed theme is applied`, theme === "dark", theme);

    const sizes = (await v.sent("ui/notifications/size-changed")).map((e) => e.message.params);
    check(`${tag} size-changed sent, never a zero height`, sizes.length >= 1 && sizes.every((s) => s.height > 0 && s.width > 0), JSON.stringify(sizes));

    // Teardown answers {} and stops timers.
    await v.frame().click("#ticker");
    await waitFor("a tick", async () => (await v.text("#ticks")) !== "ticks=");
    const teardown = await v.teardown(3000);
    const ticksAtTeardown = await v.text("#ticks");
    // A fixed wait on purpose: the behaviour under test is that nothing happens in it (six
    // 50 ms intervals that must not tick).
    await sleep(300);
    const ticksLater = await v.text("#ticks");
    check(`${tag} ui/resource-teardown answered with {}`, teardown?.ok && JSON.stringify(teardown.result) === "{}", JSON.stringify(teardown));
    check(`${tag} teardown stops setInterval timers`, ticksAtTeardown === ticksLater, `${ticksAtTeardown} → ${ticksLater}`);

    const errors = v.console.filter((l) => l.startsWith("[error]") && !l.includes("Failed to load resource"));
    check(`${tag} no console errors`, errors.length === 0, errors.join(" | "));
  }).finally(() => v.close());
}

/** The wire names of the host→view tool requests and the view's log, per host generation. */
const GENERATION_NAMES = {
  v1: { call: "tools/call", list: "tools/list", log: "notifications/message" },
  v2: { call: "ui/call-view-tool", list: "ui/list-view-tools", log: "ui/log" },
};

/** App tools: listed and called by the host (under `generation`'s names), invoked from the view. */
async function appTools(v, tag, generation) {
  const names = GENERATION_NAMES[generation];
  const listed = await v.call("listTools", {});
  check(`${tag} the host lists the envelope's app tools (${names.list})`, listed.tools.length === 1 && listed.tools[0].name === "add_todo", JSON.stringify(listed));
  check(`${tag} mounting an envelope with tools sends notifications/tools/list_changed`, (await v.sent("notifications/tools/list_changed")).length === 1);
  const called = await v.call("callTool", { name: "add_todo", arguments: { id: 3, title: "third" } });
  check(`${tag} the host calls an app tool (${names.call} → actions → result)`, called.structuredContent?.count === 3 && !called.isError, JSON.stringify(called));
  const asked = [...(await v.received(names.list)), ...(await v.received(names.call))];
  check(`${tag} the host asked under the ${generation} names`, asked.length === 2, JSON.stringify(asked.map((e) => e.method)));
  await v.frame().click("#invoke");
  await waitFor("invokeAppTool's result", async () => (await v.text("#invoked")) === "invoked=4");
  const rows = await v.frame().$$eval(".todo", (els) => els.map((e) => e.textContent));
  check(`${tag} invokeAppTool runs the same tool in the view`, rows.length === 4 && rows[3].startsWith("3: ninth"), rows.join("|"));
}

/**
 * An ext-apps v2 host: the app tools under `ui/list-view-tools` / `ui/call-view-tool`, and the
 * view's log under `ui/log` (as well as v1's `notifications/message`).
 */
async function generationSuite(host, csp) {
  const tag = `[${csp} v2 host]`;
  const v = await host.open({ app: join(PAGES, "viewer.html"), csp, generation: "v2", toolResult: toolResult(e2eEnvelope), handlers: reverseMutations() });
  await guard(`${tag} suite ran to the end`, async () => {
    await waitFor("the greeting", async () => (await v.text("#greeting")) === "Hello harness");
    await appTools(v, tag, "v2");
    // A result without an envelope is logged (a warning): both generations' log methods carry it.
    await v.call("sendToolResult", { content: [{ type: "text", text: "plain text" }] });
    const logged = async (method) => (await v.sent(method)).filter((e) => String(e.message.params?.data).includes("without a $prefab envelope"));
    await waitFor("the warning in ui/log", async () => (await logged("ui/log")).length === 1);
    const v1 = await logged("notifications/message");
    const v2 = await logged("ui/log");
    check(`${tag} the view's log goes out as ui/log and notifications/message`, v1.length === 1 && JSON.stringify(v1[0].message.params) === JSON.stringify(v2[0].message.params), JSON.stringify(v2));
    const state = await v.state();
    check(`${tag} the host's AppBridge reported no error`, state.errors.length === 0, state.errors.join(" | "));
  }).finally(() => v.close());
}

async function earlySuite(host, csp) {
  const tag = `[${csp} order=early]`;
  const v = await openView(host, { csp, order: "early", toolResult: toolResult(e2eEnvelope) });
  await guard(`${tag} early results render`, async () => {
    await waitFor("the greeting", async () => (await v.text("#greeting")) === "Hello harness");
    check(`${tag} tool data pushed before the initialize response still renders`, true);
    const ev = await v.transcript();
    const initialized = ev.findIndex((e) => e.dir === "view->host" && e.method === "ui/notifications/initialized");
    const firstRequest = ev.findIndex((e) => e.dir === "view->host" && e.kind === "request" && e.method !== "ui/initialize");
    check(`${tag} no request before initialized`, firstRequest === -1 || firstRequest > initialized);
  }).finally(() => v.close());
}

async function streamingSuite(host) {
  const tag = "[default streaming]";
  const partial = (text) => ({ ui: { "$prefab": { version: "0.3" }, view: { type: "Text", id: "preview", content: text } } });
  const v = await openView(host, {
    csp: "default",
    toolInputPartial: [partial("draft 1"), partial("draft 2")],
    toolInput: null,
    toolResult: undefined,
  });
  await guard(`${tag} previews render`, async () => {
    await waitFor("the streamed preview", async () => (await v.text("#preview")) === "draft 2");
    check(`${tag} tool-input-partial renders a preview before any tool result`, true);
  }).finally(() => v.close());
}

async function standaloneSuite(host) {
  const { page, errors } = await watchedPage(host.context, { expected: () => true });
  await guard("[standalone] suite ran to the end", async () => {
    await page.goto(standalone(PAGES, "e2e"));
    await waitFor("the standalone greeting", async () => (await page.textContent("#greeting")) === "Hello harness");
    check("[standalone] a page with prefab:initial-data mounts without a host", true);

    await page.goto(standalone(PAGES, "errors"));
    await waitFor("the sibling after the bad node", async () => (await page.textContent("#after")) === "after the bad node");
    const boxes = await page.$$eval(".pf-error", (els) => els.map((e) => e.dataset.path + " :: " + e.textContent));
    check("[standalone] an invalid node shows an error box naming its JSON path", boxes.some((b) => b.startsWith("view.children[1] ") && b.includes("Button.label")), boxes.join(" | "));
    check("[standalone] a non-object node shows an error box", boxes.some((b) => b.startsWith("view.children[3] ")), boxes.join(" | "));
    check("[standalone] a $ref cycle shows an error box", boxes.some((b) => b.includes("refers to itself")), boxes.join(" | "));
    const unknown = await page.$eval(".pf-unknown", (e) => e.dataset.type);
    check("[standalone] an unknown component renders a placeholder", unknown === "NoSuchThing");
    check("[standalone] $ref with let renders the definition", (await page.textContent(".pf-card-title")) === "Referenced 2");
    check("[standalone] Slot falls back to its children", (await page.textContent("#fallback")) === "slot fallback");
    const cells = await page.$$eval("#table td", (els) => els.map((e) => e.textContent));
    check("[standalone] DataTable keeps snake_case row keys", cells.join(",") === "Ada,3,Grace,5", cells.join(","));
    const evil = await page.$eval("#evil", (e) => e.getAttribute("href"));
    const good = await page.$eval("#good", (e) => e.getAttribute("href"));
    check("[standalone] Link drops a java\\tscript: href, keeps https", evil === null && good === "https://example.com/", `${evil} ${good}`);
    check("[standalone] no uncaught page errors", errors.length === 0, errors.join(" | "));
  }).finally(() => page.close());
}

await withHost(async (host) => {
  for (const csp of PRESETS) {
    await hostSuite(host, csp);
    await generationSuite(host, csp);
    await earlySuite(host, csp);
  }
  await streamingSuite(host);
  await standaloneSuite(host);
});
finish();
