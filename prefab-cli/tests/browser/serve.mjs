// Browser test of `prefab serve` and its preview host (run by `cargo xtask serve`).
//
//   node prefab-cli/tests/browser/serve.mjs --bin target/debug/prefab [--screenshot docs/preview-host.png]
//
// Starts `prefab serve --port 0` with a fresh data directory, opens the preview host in
// headless Chromium (Debian's /usr/bin/chromium or CHROMIUM_PATH; playwright-core from the
// test host `xtask/testhost`, installed by `cargo xtask install`), lists the tools (grouped
// by example, UI tools first) and checks the host opens with the gallery's dashboard
// selected but not called (nor is a tool named by `?tool=`, and a page on another loopback
// origin cannot frame the host), checks the argument form book_meeting's schema makes and the
// arguments it sends, calls a UI tool and reads the rendered UI in the sandboxed frame, streams render_ui's arguments to
// the frame (the Stream switch: healed tool-input-partial messages, observed from inside the
// frame, before the result), switches to dark mode, calls a
// data-only tool, runs a view that is not ours (the official
// @modelcontextprotocol/server-basic-vanillajs example, `npm pack`ed at test time) through
// the preview host's side of the protocol, checks every gallery view for unknown-component
// placeholders, error boxes and console errors, and drives the Kanban board (issue 13): a card
// dragged with the mouse is read back over MCP from node, and 10 rapid drags under the
// latency and jitter knobs (answers reordered) end in the last move's state in the view and
// on the server. Then host_hardening.mjs: a view's policy whatever precedes its <head>, a view
// navigating its frame, a self-referencing schema's form. Prints "N passed, N failed"; exits 1
// on failure.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { EXAMPLE_VIEW, axe, cli, fetchExampleView, launchBrowser, severe, tally, watch } from "../../../xtask/testhost/index.mjs";
import { GALLERY_HEADINGS, TIMEOUT, callForView, idle, mcpCall, pick, recordFrames, startPrefab, until } from "./support.mjs";
import { hostHardening } from "./host_hardening.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const { bin, screenshot } = cli("serve.mjs", {
  bin: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
  screenshot: { type: "string", path: true },
});
const { test, finish } = tally();

/** Starts `prefab serve --port 0`; resolves with the process and its printed URLs. */
const startServer = (dataDir) => startPrefab(bin, ["serve", "--port", "0", "--data-dir", dataDir]);

const sent = (page, dir, method) =>
  page.evaluate(([d, m]) => window.prefabHost.transcript.filter((t) => t.dir === d && t.message.method === m).map((t) => t.message), [dir, method]);

/** The `tools/call` requests `page` (any of its frames) sends to the server: their params, in order. */
function recordToolCalls(page) {
  const calls = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/mcp")) return;
    const body = JSON.parse(request.postData() ?? "null");
    if (body?.method === "tools/call") calls.push(body.params);
  });
  return calls;
}

/** A Kanban tool called over MCP from node: its structured answer. */
async function kanban(tool, args = {}) {
  const result = await mcpCall(server.mcp, "tools/call", { name: tool, arguments: args });
  if (result.isError) throw new Error(`${tool}: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

/** The board as the server has it (the state `open_board` puts in its view). */
const readBoard = async (id) => (await kanban("open_board", { board: id })).state.board;

/** Card ids per column id, as the server has them. */
const boardLayout = (board) => Object.fromEntries(board.columns.map((c) => [c.id, c.cards.map((k) => k.id).join(",")]));

/** Card ids per column id, as the view shows them (the Sortable groups and items). */
const viewLayout = (frame) =>
  frame.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll("[data-pf-group]")].map((g) => [
        g.dataset.pfGroup,
        [...g.querySelectorAll("[data-pf-item]")].map((i) => i.dataset.pfItem).join(","),
      ]),
    ),
  );

/** The element's box in page coordinates once it is scrolled into view. */
async function onScreen(frame, selector) {
  const element = frame.locator(selector);
  await element.scrollIntoViewIfNeeded({ timeout: TIMEOUT });
  return until(`${selector} on screen`, () => element.boundingBox());
}

/** Drags `item` with the mouse into the middle of `target` (across first, then down). */
async function drag(page, frame, item, target) {
  const from = await onScreen(frame, item);
  const y0 = from.y + from.height / 2;
  await page.mouse.move(from.x + from.width / 2, y0);
  await page.mouse.down();
  const across = await onScreen(frame, target);
  await page.mouse.move(across.x + across.width / 2, y0, { steps: 8 });
  const to = await onScreen(frame, target);
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** Sets one of the preview host's range knobs (latency, jitter) as a user's drag does. */
const knob = (page, id, ms) =>
  page.$eval(`#${id}`, (input, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, ms);

const dataDir = mkdtempSync(join(tmpdir(), "prefab-serve-data-"));
const server = await startServer(dataDir);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Every view frame records the messages it receives (the stream test reads them).
  await recordFrames(page);
  const errors = watch(page, { labelled: true });
  const toolCalls = recordToolCalls(page);

  await test("the server prints both URLs on one loopback port", () => {
    assert.match(server.mcp, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.equal(server.preview, server.mcp.replace(/mcp$/, ""));
  });

  await test("the preview host lists the server's tools (tools/list from the page)", async () => {
    await page.goto(server.preview);
    await page.waitForSelector("#tools button[data-tool=show_users]", { timeout: TIMEOUT });
    const names = await page.$$eval("#tools button", (bs) => bs.map((b) => b.dataset.tool));
    assert.ok(names.includes("show_users") && names.includes("user_stats"), names.join(", "));
    assert.equal(await page.textContent("#endpoint"), server.mcp);
  });

  await test("the preview host opens on a UI tool, selected but not called: the gallery's dashboard, UI tools first, grouped by example", async () => {
    await until("the start tool selected", async () => (await page.textContent("#tool-title")) === "gallery_sales_dashboard");
    // Selecting never calls: a call would have started in the same task as the selection.
    assert.equal(await page.evaluate(() => window.prefabHost.calling()), 0);
    assert.equal(await page.$("#frame-box iframe"), null);
    assert.deepEqual(toolCalls, []);
    const frame = await callForView(page);
    await until("the dashboard in the frame", async () => (await frame.textContent("body")).includes("Sales 2025"), 60_000);
    assert.deepEqual(toolCalls.map((c) => c.name), ["gallery_sales_dashboard"]);
    const groups = await page.$$eval("#tools .tool-group", (gs) =>
      gs.map((g) => ({ name: g.querySelector("h3").textContent, ui: [...g.querySelectorAll("button")].map((b) => !!b.querySelector(".ui-badge")) })));
    assert.deepEqual(groups.slice(0, 4).map((g) => g.name), ["Gallery", "Generative UI", "Kanban", "Hello"], JSON.stringify(groups));
    for (const g of groups) assert.ok(g.ui.indexOf(false) === -1 || g.ui.indexOf(false) >= g.ui.lastIndexOf(true), `${g.name}: UI tools first ${g.ui}`);
    const first = await page.$eval("#tools button", (b) => ({ tool: b.dataset.tool, ui: !!b.querySelector(".ui-badge") }));
    assert.ok(first.ui && first.tool.startsWith("gallery_"), JSON.stringify(first));
    const call = await page.evaluate(() => window.prefabHost.tools().find((t) => t.name === "gallery_sales_dashboard")?._meta);
    assert.equal(call["prefab/start"], true);
  });

  let firstUser;
  await test("calling a UI tool shows its UI in a sandboxed frame under the default MCP Apps CSP", async () => {
    await pick(page, "show_users");
    // What the start view exchanged is left out of the counts below.
    const seen = await page.evaluate(() => window.prefabHost.transcript.length);
    await idle(page);
    await page.click("#run");
    await idle(page);
    const frameElement = await page.waitForSelector("#frame-box iframe", { timeout: TIMEOUT });
    assert.equal(await frameElement.getAttribute("sandbox"), "allow-scripts allow-forms");
    const srcdoc = await frameElement.getAttribute("srcdoc");
    assert.match(srcdoc, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:/);
    const frame = await frameElement.contentFrame();
    // The first user's name (from the tool's text summary) appears once the viewer rendered
    // the table.
    firstUser = /\| 1 \| ([^|]+?) \|/.exec(await page.textContent("#result"))?.[1];
    assert.ok(firstUser, "the first user in the tool result");
    await until("the users table in the frame", async () => (await frame.textContent("body")).includes(firstUser));
    const init = (await sent(page, "view→host", "ui/initialize")).length;
    assert.equal(init, await page.evaluate((n) => window.prefabHost.transcript.slice(0, n).filter((t) => t.dir === "view→host" && t.message.method === "ui/initialize").length + 1, seen));
    const order = await page.evaluate((n) => window.prefabHost.transcript.slice(n).filter((t) => t.dir === "host→view" && t.message.method).map((t) => t.message.method), seen);
    assert.deepEqual(order.filter((m) => m !== "ui/resource-teardown").slice(0, 2), ["ui/notifications/tool-input", "ui/notifications/tool-result"]);
    assert.equal(await frame.evaluate(() => self.origin), "null", "opaque origin");
  });

  if (screenshot) {
    await test(`screenshot of the preview host written to ${screenshot}`, async () => {
      await page.waitForTimeout(500);
      await page.screenshot({ path: screenshot });
    });
  }

  await test("every gallery tool renders in the preview host", async () => {
    const names = await page.$$eval("#tools button", (bs) => bs.map((b) => b.dataset.tool).filter((n) => n.startsWith("gallery_")));
    assert.ok(names.length >= 10, names.join(", "));
    // Each view's heading proves the tool, the resource and the protocol worked; then no
    // component may be an unknown placeholder or an error box, nothing is logged as an
    // error, and axe-core finds no serious or critical violation.
    for (const name of names) {
      await pick(page, name);
      const frame = await callForView(page);
      const want = GALLERY_HEADINGS[name] ?? "";
      const started = Date.now();
      await until(`${name} rendered (${want})`, async () => (await frame.textContent("body")).includes(want), 90_000);
      if (name === "gallery_big_table") console.log(`     (10,000-row table rendered in ${Date.now() - started} ms after the handshake)`);
      const broken = await frame.$$eval(".pf-unknown, .pf-error", (es) => es.map((e) => `${e.className}: ${e.textContent.slice(0, 120)}`));
      assert.deepEqual(broken, [], `${name}: placeholders or error boxes`);
      assert.deepEqual(errors, [], `${name}: page or console errors`);
      // Accessibility of the rendered gallery: no serious or critical axe-core violation.
      const violations = severe(await axe(frame)).map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).join(", ")}`);
      assert.deepEqual(violations, [], `${name}: axe`);
    }
    await pick(page, "show_users");
    const frame = await callForView(page);
    await until("show_users again", async () => (await frame.textContent("body")).includes(firstUser));
  });

  await test("the dark switch sends host-context-changed and the view turns dark", async () => {
    await page.selectOption("#theme", "dark");
    const changes = await until("host-context-changed", async () => (await sent(page, "host→view", "ui/notifications/host-context-changed")).find((m) => m.params.theme === "dark"));
    assert.deepEqual(changes.params, { theme: "dark" });
    const frame = await (await page.$("#frame-box iframe")).contentFrame();
    await until("data-theme=dark in the view", () => frame.evaluate(() => document.documentElement.dataset.theme === "dark"));
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
  });

  await test("display modes: fullscreen is announced to the view and fills the window", async () => {
    await page.selectOption("#display-mode", "fullscreen");
    await until("displayMode change", async () => (await sent(page, "host→view", "ui/notifications/host-context-changed")).some((m) => m.params.displayMode === "fullscreen"));
    const box = await page.$eval("#frame-box", (b) => b.getBoundingClientRect().height);
    assert.equal(Math.round(box), 800);
    await page.selectOption("#display-mode", "inline");
    await until("back inline", async () => !(await page.$eval("#frame-box", (b) => b.classList.contains("fullscreen"))));
  });

  await test("a data-only tool shows its structured result and no frame", async () => {
    const teardowns = (await sent(page, "host→view", "ui/resource-teardown")).length;
    await pick(page, "user_stats");
    await page.click("#run");
    // A generous wait: the previous view may still be rendering on the page's thread.
    await until("the JSON result", async () => (await page.textContent("#result")).includes('"total": 300'), 60_000);
    await until("the previous view torn down and removed", async () => (await page.$("#frame-box iframe")) === null);
    assert.equal((await sent(page, "host→view", "ui/resource-teardown")).length, teardowns + 1);
  });

  await test("generative UI: render_ui with a view typed into the form renders it; a bad one lists its problems", async () => {
    await pick(page, "render_ui");
    const view = { type: "Card", children: [{ type: "CardTitle", content: "Made by the model" }, { type: "Badge", label: "{{ 1 + 1 }}" }] };
    await page.fill("#fields textarea[name=view]", JSON.stringify(view));
    const frame = await callForView(page);
    await until("the generated card", async () => (await frame.textContent("body")).includes("Made by the model"));
    await page.fill("#fields textarea[name=view]", JSON.stringify({ type: "Column", children: [{ type: "Buttn" }] }));
    await page.click("#run");
    await until("the error result", async () => (await page.textContent("#result")).includes("children[0]"));
    assert.match(await page.textContent("#status"), /render_ui: error/);
  });

  await test("stream: the switch replays render_ui's arguments to the frame as healed tool-input-partial messages before the result", async () => {
    await pick(page, "render_ui");
    const rows = Array.from({ length: 12 }, (_, i) => ({ city: `City ${i + 1}`, visits: 1000 + i * 37 }));
    const view = { type: "Column", children: [
      { type: "H2", content: "Streamed heading" },
      { type: "Text", content: "Structure first, long data last." },
      { type: "DataTable", columns: [{ key: "city", header: "City" }, { key: "visits", header: "Visits" }], rows },
    ] };
    await page.fill("#fields textarea[name=view]", JSON.stringify(view));
    await page.check("#stream");
    for (const [id, value] of [["stream-bytes", 48], ["stream-ms", 60]]) await page.fill(`#${id}`, String(value));
    const frame = await callForView(page);
    // What the frame itself received (recorded by the init script), read while it streams.
    const received = () => frame.evaluate(() => (window.__received ?? []).filter((m) => m?.method?.startsWith("ui/notifications/tool-")));
    const early = await until("the heading while the arguments stream", async () =>
      (await frame.textContent("body")).includes("Streamed heading") && (await received()).map((m) => m.method));
    assert.ok(!early.includes("ui/notifications/tool-result"), `the heading showed before the result: ${early.join(", ")}`);
    await until("the last row", async () => (await frame.textContent("body")).includes("City 10"));
    await until("the result in the frame", async () => (await received()).some((m) => m.method === "ui/notifications/tool-result"));
    const got = await received();
    const methods = got.map((m) => m.method);
    const partials = got.filter((m) => m.method === "ui/notifications/tool-input-partial").map((m) => m.params.arguments);
    const full = JSON.stringify({ view });
    assert.ok(partials.length >= Math.floor(full.length / 48) - 2, `${partials.length} partials for ${full.length} bytes`);
    assert.ok(methods.lastIndexOf("ui/notifications/tool-input-partial") < methods.indexOf("ui/notifications/tool-input"), methods.join(", "));
    assert.ok(methods.indexOf("ui/notifications/tool-input") < methods.indexOf("ui/notifications/tool-result"), methods.join(", "));
    assert.deepEqual(got.find((m) => m.method === "ui/notifications/tool-input").params.arguments, { view });
    // Healed like a host heals them: each is an object whose JSON, less the closing quotes and
    // brackets, is a prefix of the arguments' JSON; and they grow.
    for (const [i, partial] of partials.entries()) {
      const text = JSON.stringify(partial);
      assert.ok(full.startsWith(text.replace(/["\]}]+$/, "")), `partial ${i}: ${text}`);
      if (i > 0) assert.ok(text.length >= JSON.stringify(partials[i - 1]).length, `partial ${i} shrank`);
    }
    assert.notDeepEqual(partials.at(-1), { view });
    await page.uncheck("#stream");
  });

  await test(`a view that is not ours: ${EXAMPLE_VIEW} runs in the preview host`, async () => {
    const html = fetchExampleView();
    const before = (await sent(page, "view→host", "ui/notifications/initialized")).length;
    await page.evaluate((doc) => window.prefabHost.openView(doc, {
      tool: { name: "get-time", inputSchema: { type: "object" } },
      args: {},
      result: { content: [{ type: "text", text: "t0" }], structuredContent: { time: "first time" } },
    }), html);
    const frame = await (await page.waitForSelector("#frame-box iframe")).contentFrame();
    await until("the pushed result", async () => (await frame.textContent("#server-time")) === "first time");
    assert.equal((await sent(page, "view→host", "ui/notifications/initialized")).length, before + 1);
    await frame.click("#send-message-btn");
    await until("the ui/message in the side panel", async () => (await page.$$("#messages li")).length === 1);
    await frame.click("#send-log-btn");
    await until("the log notification", async () => (await sent(page, "view→host", "notifications/message")).length === 1);
    // The view's tools/call is relayed to our server, which has no get-time tool: the
    // view gets a JSON-RPC error back (not a hang).
    await frame.click("#get-time-btn");
    await until("the relayed call's answer", async () =>
      page.evaluate(() => window.prefabHost.transcript.some((t) => t.dir === "host→view" && t.message.error)));
  });

  // Issue 13: the Kanban board in the preview host, read back over MCP from node.
  let board;
  await test("Kanban: a card dragged to another column in the preview host is there over MCP", async () => {
    board = (await kanban("open_board")).state.board;
    const [todo, doing] = board.columns;
    for (const title of ["Write the tests", "Fix the bugs"]) await kanban("create_card", { board: board.id, column: todo.id, title });
    await pick(page, "open_board");
    const frame = await callForView(page);
    const card = (await readBoard(board.id)).columns[0].cards[0].id;
    await until("the board's cards in the view", async () => (await viewLayout(frame))[todo.id]?.split(",").length === 2);
    const calls = (await sent(page, "view→host", "tools/call")).length;
    await drag(page, frame, `[data-pf-item="${card}"]`, `[data-pf-group="${doing.id}"]`);
    await until("the move_card call", async () => (await sent(page, "view→host", "tools/call")).length === calls + 1);
    const server = await until("the card in Doing over MCP", async () => {
      const now = boardLayout(await readBoard(board.id));
      return now[doing.id].split(",").includes(card) && now;
    });
    assert.ok(!server[todo.id].split(",").includes(card), JSON.stringify(server));
    await until("the view shows the server's board", async () => JSON.stringify(await viewLayout(frame)) === JSON.stringify(server));
  });

  await test("Kanban: 10 rapid drags with latency and jittered (reordered) answers end in the last move's state", async () => {
    assert.ok(board, "the previous test opened the board");
    await knob(page, "latency", 600);
    await knob(page, "jitter", 1500);
    try {
      const frame = await (await page.$("#frame-box iframe")).contentFrame();
      const card = (await readBoard(board.id)).columns[1].cards[0].id;
      const columns = board.columns.map((c) => c.id);
      const calls = (await sent(page, "view→host", "tools/call")).length;
      const seqAnswers = () =>
        page.evaluate(() => window.prefabHost.transcript.filter((t) => t.dir === "host→view" && t.message.result?.structuredContent?.seq).map((t) => t.message.result.structuredContent.seq));
      const answered = (await seqAnswers()).length;
      // Doing → Done → To do → Doing → …: the tenth move ends in Done.
      const targets = Array.from({ length: 10 }, (_, i) => columns[(i + 2) % 3]);
      for (const [i, to] of targets.entries()) {
        await drag(page, frame, `[data-pf-item="${card}"]`, `[data-pf-group="${to}"]`);
        await until(`move ${i + 1} sent`, async () => (await sent(page, "view→host", "tools/call")).length === calls + i + 1);
        assert.ok((await viewLayout(frame))[to].split(",").includes(card), `move ${i + 1}: the card shows in ${to} at once`);
      }
      const last = targets[targets.length - 1];
      // Every answer has come back (the jitter may have delivered them in any order).
      const answers = await until("all 10 answers", async () => {
        const all = await seqAnswers();
        return all.length >= answered + 10 && all.slice(answered);
      }, 60_000);
      console.log(`     (answers in the order received: ${answers.join(", ")})`);
      const server = boardLayout(await readBoard(board.id));
      assert.ok(server[last].split(",").includes(card), `over MCP the card is in ${last}: ${JSON.stringify(server)}`);
      await until("the view in the server's state", async () => JSON.stringify(await viewLayout(frame)) === JSON.stringify(server), 60_000);
    } finally {
      await knob(page, "latency", 0);
      await knob(page, "jitter", 0);
    }
  });

  await test("?tool=NAME selects a tool without arguments and fills its form, and nothing is called until Call", async () => {
    const other = await browser.newPage();
    try {
      const calls = recordToolCalls(other);
      await other.goto(`${server.preview}?tool=user_stats`);
      await until("user_stats selected", async () => (await other.textContent("#tool-title")) === "user_stats");
      assert.equal(await other.evaluate(() => window.prefabHost.calling()), 0);
      assert.deepEqual(calls, []);
      assert.equal(await other.isHidden("#result-box"), true);
      await other.click("#run");
      await until("the JSON result", async () => (await other.textContent("#result")).includes('"total": 300'));
      assert.deepEqual(calls, [{ name: "user_stats", arguments: {} }]);
    } finally {
      await other.close();
    }
  });

  await test("a page on another loopback origin cannot frame the preview host, and its ?tool= calls nothing", async () => {
    // The attacker: a page served from another port of 127.0.0.1 framing the host on a tool
    // that changes state when called (open_board without a board creates one).
    const target = `${server.preview}?tool=open_board`;
    const attacker = createServer((_, res) => {
      res.setHeader("Content-Type", "text/html");
      res.end(`<!doctype html><iframe id="victim" src="${target}" onload="window.loaded = true"></iframe>`);
    });
    await new Promise((ready) => attacker.listen(0, "127.0.0.1", ready));
    const other = await browser.newPage();
    try {
      const hostRequests = [];
      other.on("request", (r) => r.url().startsWith(server.preview) && hostRequests.push(new URL(r.url()).pathname));
      const calls = recordToolCalls(other);
      await other.goto(`http://127.0.0.1:${attacker.address().port}/`);
      await until("the frame's load event", () => other.evaluate(() => window.loaded === true));
      const frame = other.frames().find((f) => f !== other.mainFrame());
      assert.ok(frame, "the iframe");
      // Refused by frame-ancestors 'none' / X-Frame-Options: DENY: the host's page never
      // ran (its scripts were not even fetched), so no tools/list and no tools/call.
      assert.deepEqual(hostRequests, ["/"]);
      assert.deepEqual(calls, []);
      assert.equal(await frame.$("#tools").catch(() => null), null);
    } finally {
      await other.close();
      attacker.close();
    }
  });

  await test("the argument form: widgets from book_meeting's input schema, and the arguments it sends", async () => {
    // A zone with a half-hour offset and no summer time: the date-time's offset is known.
    const other = await browser.newPage({ timezoneId: "Asia/Kolkata" });
    try {
      const calls = recordToolCalls(other);
      await other.goto(`${server.preview}?tool=book_meeting`);
      await until("book_meeting selected", async () => (await other.textContent("#tool-title")) === "book_meeting");
      const widget = (name) =>
        other.$eval(`#fields [name="${name}"]`, (e) => ({
          tag: e.tagName.toLowerCase(), type: e.type, required: e.required, multiple: e.multiple ?? false,
          min: e.min, max: e.max, step: e.step, minLength: e.minLength, maxLength: e.maxLength,
          options: e.options ? [...e.options].map((o) => [o.value, o.textContent]) : undefined,
          help: e.getAttribute("aria-describedby") ? document.getElementById(e.getAttribute("aria-describedby")).textContent : undefined,
          label: e.labels?.[0]?.textContent,
        }));
      const room = await widget("room");
      assert.deepEqual([room.tag, room.required, room.help, room.label], ["select", true, "Where it takes place.", "room *"]);
      assert.deepEqual(room.options, [["atlas", "Atlas (4 seats)"], ["borealis", "Borealis (10 seats)"], ["cosmos", "Cosmos (30 seats, stage)"]]);
      const reminder = await widget("reminder");
      assert.deepEqual([reminder.tag, reminder.required, reminder.options.map((o) => o[0])], ["select", false, ["", "quarter_hour", "hour", "day"]]);
      assert.deepEqual((await widget("starts_at")).type, "datetime-local");
      assert.equal((await widget("starts_at")).required, true);
      assert.deepEqual([(await widget("reply_by")).type, (await widget("reply_by")).required], ["date", false]);
      const minutes = await widget("minutes");
      assert.deepEqual([minutes.type, minutes.min, minutes.max, minutes.step, minutes.required], ["number", "15", "240", "15", true]);
      const title = await widget("title");
      assert.deepEqual([title.type, title.minLength, title.maxLength, title.required], ["text", 1, 80, true]);
      assert.deepEqual([(await widget("note")).tag, (await widget("note")).maxLength], ["textarea", 1000]);
      assert.equal((await widget("remote")).type, "checkbox");
      assert.deepEqual((await widget("catering")).options.map((o) => o[0]), ["", "true", "false"]);
      const equipment = await widget("equipment");
      assert.deepEqual([equipment.multiple, equipment.options.map((o) => o[0])], [true, ["projector", "whiteboard", "camera"]]);
      assert.equal(await other.$eval("#fields fieldset[data-field=organizer] legend", (l) => l.textContent), "organizer *");
      assert.deepEqual([(await widget("organizer.email")).type, (await widget("organizer.email")).required], ["email", true]);

      // A required field left empty: the browser keeps the form from being sent.
      await other.click("#run");
      assert.equal(await other.$eval("#fields [name=title]", (e) => e.validity.valueMissing), true);
      assert.deepEqual([await other.evaluate(() => window.prefabHost.calling()), await other.textContent("#status")], [0, ""]);
      await other.fill("#fields [name=title]", "Planning");
      await other.selectOption("#fields [name=room]", "borealis");
      await other.fill("#fields [name=starts_at]", "2026-03-04T10:30");
      await other.fill("#fields [name=minutes]", "45");
      await other.fill("#fields [name='organizer.name']", "Ada");
      await other.fill("#fields [name='organizer.email']", "ada@example.com");
      await other.check("#fields [name=remote]");
      await other.selectOption("#fields [name=equipment]", ["projector", "camera"]);
      await other.fill("#fields [name=reply_by]", "2026-03-01");
      await other.click("#run");
      await until("book_meeting's result", async () => (await other.textContent("#status")) === "book_meeting: done");
      const sent = {
        title: "Planning", room: "borealis", starts_at: "2026-03-04T10:30:00+05:30", minutes: 45,
        organizer: { name: "Ada", email: "ada@example.com" }, remote: true, equipment: ["projector", "camera"], reply_by: "2026-03-01",
      };
      // Exactly these: the empty optional fields (catering, reminder, note) are left out.
      assert.deepEqual(calls, [{ name: "book_meeting", arguments: sent }]);
      const result = JSON.parse(await other.textContent("#result"));
      assert.ok(!result.isError, JSON.stringify(result));
      assert.deepEqual(result.structuredContent, sent);
    } finally {
      await other.close();
    }
  });

  await test("the argument form reads the other schema spellings: definitions, allOf, nullable type lists, escaped pointers", async () => {
    const got = await page.evaluate(() => {
      const root = {
        definitions: { Color: { type: "string", enum: ["red", "blue"] }, Box: { type: "object", properties: { size: { type: "integer", exclusiveMinimum: 0 } }, required: ["size"] } },
        $defs: { "on/off": { type: "boolean" } },
        properties: {
          color: { $ref: "#/definitions/Color" },
          box: { allOf: [{ $ref: "#/definitions/Box" }] },
          shade: { type: ["string", "null"], enum: ["light", "dark", null] },
          power: { $ref: "#/$defs/on~1off" },
          at: { type: "string", format: "time" },
        },
        required: ["color", "box"],
      };
      const fields = Object.entries(root.properties).map(([name, prop]) => schemaField(name, prop, root.required.includes(name), root));
      const kinds = Object.fromEntries([...fields].map((f) => [f.dataset.field, f.className]));
      const size = fields[1].querySelector("[name='box.size']");
      const empty = readFields(fields);
      size.value = "3";
      fields[4].querySelector("input").value = "09:05";
      return { kinds, min: size.min, required: size.required, shade: [...fields[2].querySelector("select").options].map((o) => o.value), empty, filled: readFields(fields) };
    });
    assert.deepEqual(got.kinds, { color: "field field-enum", box: "field field-object", shade: "field field-enum", power: "field field-tristate", at: "field field-string" });
    assert.deepEqual([got.min, got.required, got.shade], ["1", true, ["", "light", "dark"]]);
    // A required object is sent even when empty (the browser's required check stops the form).
    assert.deepEqual(got.empty, { color: "red", box: {} });
    assert.deepEqual(got.filled, { color: "red", box: { size: 3 }, at: "09:05:00" });
  });

  await test("no page errors or console errors", () => {
    // The relayed call to a missing tool is expected to fail on the view's side only.
    assert.deepEqual(errors.filter((e) => !e.includes("tools/call: tool not found")), []);
  });

  // Hostile views and schemas (issue 38), on a page of their own: their CSP reports are expected.
  const hardened = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await hardened.goto(server.preview);
  await hardened.waitForSelector("#tools button[data-tool]", { timeout: TIMEOUT });
  await hostHardening(test, hardened);
} finally {
  await browser.close();
  server.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
finish({ exit: true });
