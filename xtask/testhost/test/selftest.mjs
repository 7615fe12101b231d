// Self-test of the test host (`npm test`): a plain-JS probe view and the official
// server-basic-vanillajs example view, driven through the JS API and the command line.
// Prints one line per case and closes with `N passed, N failed`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EXAMPLE_VIEW, fetchExampleView, launch, policyFor, serveOrigin, tally } from "../index.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const PROBE = join(HERE, "views/probe.html");
const RESULT = { content: [{ type: "text", text: "Hello probe" }], structuredContent: { text: "Hello probe" } };

const { test, finish } = tally({ timed: true, stackLines: 6 });

const position = (transcript, dir, method, kind) => transcript.findIndex((e) => e.dir === dir && e.method === method && (!kind || e.kind === kind));

/** Opens the probe, runs `body(view)`, closes the page whatever happens. */
async function withView(host, options, body) {
  const view = await host.open({ app: PROBE, ...options });
  try {
    await view.ready();
    await body(view);
  } finally {
    await view.close();
  }
}

const host = await launch();
try {
  await test("handshake, then tool-input-partial, tool-input, tool-result and host-context-changed in order; teardown answered {}", () =>
    withView(host, { toolInputPartial: [{ q: "he" }, { q: "hell" }], toolInput: { q: "hello" }, toolResult: RESULT, hostContextChange: { theme: "dark" } }, async (view) => {
      await view.waitFor("the result", async () => (await view.text("#result")) === "Hello probe");
      await view.waitFor("the theme", async () => (await view.text("#theme")) === "dark");
      assert.equal(await view.text("#partials"), "2");
      assert.equal(await view.text("#input"), '{"q":"hello"}');
      const t = await view.transcript();
      const order = [
        position(t, "proxy->host", "ui/notifications/sandbox-proxy-ready"),
        position(t, "host->proxy", "ui/notifications/sandbox-resource-ready"),
        position(t, "view->host", "ui/initialize", "request"),
        position(t, "host->view", "ui/initialize", "response"),
        position(t, "view->host", "ui/notifications/initialized"),
        position(t, "host->view", "ui/notifications/tool-input-partial"),
        position(t, "host->view", "ui/notifications/tool-input"),
        position(t, "host->view", "ui/notifications/tool-result"),
        position(t, "host->view", "ui/notifications/host-context-changed"),
      ];
      assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1])), `order ${order}`);
      assert.ok(t.every((e, i) => i === 0 || e.t >= t[i - 1].t), "timestamps grow");
      assert.deepEqual(t[order[3]].message.result.hostContext.toolInfo.tool.name, "show_view");
      assert.deepEqual(await view.teardown(), { ok: true, result: {} });
      const last = await view.transcript();
      assert.equal(last.at(-1).dir, "view->host");
      assert.equal(last.at(-1).method, "ui/resource-teardown");
    }));

  await test("csp default: connect-src 'none', no eval keyword; WebAssembly refused with a wasm-eval violation; opaque origin", () =>
    withView(host, { csp: "default" }, async (view) => {
      assert.match(view.policy, /^default-src 'none'; script-src 'unsafe-inline'; .*connect-src 'none'/);
      assert.doesNotMatch(view.policy, /eval/);
      assert.equal(await view.text("#wasm"), "refused:CompileError");
      // The violation event is its own task, not part of the refusal: wait for it (bounded).
      await view.waitFor(
        "a wasm-eval violation",
        async () => (await view.cspViolations()).some((v) => v.effectiveDirective === "script-src" && v.blockedURI === "wasm-eval"),
        5000,
      );
      assert.equal(await view.text("#origin"), "null");
      assert.equal(await view.text("#storage"), "SecurityError");
    }));

  await test("csp default+wasm: the same view compiles WebAssembly (add(2,3) = 5), no violation", () =>
    withView(host, { csp: "default+wasm" }, async (view) => {
      assert.match(view.policy, /script-src 'unsafe-inline' 'wasm-unsafe-eval';/);
      assert.equal(await view.text("#wasm"), "add=5");
      assert.deepEqual(await view.cspViolations(), []);
    }));

  await test("layout shell (the Inspector's outer document around the view): handshake, result, policy still enforced", () =>
    withView(host, { layout: "shell", toolResult: RESULT }, async (view) => {
      await view.waitFor("the result", async () => (await view.text("#result")) === "Hello probe");
      assert.equal(await view.text("#wasm"), "refused:CompileError");
      const policy = await view.evaluate(() => document.head.firstElementChild.getAttribute("content"));
      assert.equal(policy, view.policy);
    }));

  await test("the proxy drops allow-same-origin from a sandbox request: the view stays on an opaque origin", () =>
    withView(host, { sandbox: "allow-scripts allow-same-origin allow-forms" }, async (view) => {
      assert.equal(await view.text("#origin"), "null");
      assert.equal(await view.text("#storage"), "SecurityError");
      const sandbox = await view.frame().frameElement().then((element) => element.getAttribute("sandbox"));
      assert.equal(sandbox, "allow-scripts allow-forms");
    }));

  await test("order early: the tool result is pushed before the initialize answer and still reaches the view", () =>
    withView(host, { order: "early", toolResult: RESULT }, async (view) => {
      await view.waitFor("the result", async () => (await view.text("#result")) === "Hello probe");
      const t = await view.transcript();
      assert.ok(position(t, "host->view", "ui/notifications/tool-result") < position(t, "host->view", "ui/initialize", "response"));
    }));

  await test("forged messages from a second frame reach the view window, are ignored, and stay out of the transcript; the view cannot use the host's answer binding", () =>
    withView(host, { toolResult: RESULT }, async (view) => {
      await view.waitFor("the result", async () => (await view.text("#result")) === "Hello probe");
      const before = (await view.transcript()).length;
      const forged = [
        { jsonrpc: "2.0", method: "ui/notifications/tool-result", params: { structuredContent: { text: "FORGED" } } },
        { jsonrpc: "2.0", method: "ui/notifications/host-context-changed", params: { theme: "FORGED" } },
        { jsonrpc: "2.0", id: 1, result: { protocolVersion: "FORGED" } },
      ];
      assert.equal(await view.forge(forged), 3);
      await view.waitFor("the view to count them", async () => (await view.text("#ignored")) === "3");
      assert.equal(await view.text("#result"), "Hello probe");
      assert.doesNotMatch(await view.text(), /FORGED/);
      assert.equal((await view.transcript()).length, before);
      // The host's answer binding exists in every frame (Playwright) but serves the host page only.
      const direct = await view.evaluate(() => window.__testhostAnswer("tools/call", { name: "x" }).then(() => "answered", (e) => e.message));
      assert.match(direct, /host page only/);
    }));

  await test("click/type steps; scripted tools/call answers (delayed, reordered); every other request answered", async () => {
    const held = [];
    const handlers = {
      // The first call is held until the second arrives; the second is answered first.
      "tools/call": (params) =>
        new Promise((answer) => {
          held.push(() => answer({ content: [], structuredContent: { text: params.arguments.q } }));
          if (held.length === 2) held.reverse().forEach((release, i) => setTimeout(release, 50 * i));
        }),
      "resources/read": { contents: [{ uri: "ui://probe/notes", text: "canned notes" }] },
    };
    await withView(host, { handlers }, async (view) => {
      await view.type("#name", "first");
      assert.equal(await view.text("#echo"), "echo:first");
      await view.click("#call");
      await view.fill("#name", "second");
      await view.click("#call");
      await view.waitFor("both answers", async () => (await view.text("#answers")) === "lookup:second;lookup:first;");
      for (const id of ["message", "link", "context", "fullscreen", "read"]) await view.click(`#${id}`);
      await view.waitFor("five more answers", async () => (await view.text("#answers")).split(";").length === 8);
      assert.equal(await view.text("#answers"), "lookup:second;lookup:first;message;link;context;mode:fullscreen;read:canned notes;");
      assert.equal(await view.text("#mode"), "fullscreen");
      const t = await view.transcript();
      assert.ok(position(t, "host->view", "ui/notifications/host-context-changed") < position(t, "host->view", "ui/request-display-mode", "response"));
      assert.equal((await view.sent("ui/open-link"))[0].message.params.url, "https://example.com/probe");
      const calls = await view.sent("tools/call");
      assert.deepEqual(calls.map((e) => e.message.params.arguments.q), ["first", "second"]);
    });
  });

  await test("custom _meta.ui.csp: connectDomains opens fetch to that origin only; resourceDomains widen script/style/img", async () => {
    const pong = await serveOrigin({ "/ping": "pong" });
    const target = pong.origin;
    try {
      const ui = { csp: { connectDomains: [target], resourceDomains: ["https://cdn.example"] } };
      await withView(host, { ui, toolInput: { fetchUrl: `${target}/ping` } }, async (view) => {
        assert.match(view.policy, new RegExp(`connect-src ${target};`));
        assert.match(view.policy, /script-src 'unsafe-inline' https:\/\/cdn\.example;/);
        assert.match(view.policy, /img-src https:\/\/cdn\.example;/);
        const ready = (await view.transcript()).find((e) => e.method === "ui/notifications/sandbox-resource-ready");
        assert.deepEqual(ready.message.params.csp, ui.csp);
        await view.waitFor("the tool input", async () => (await view.text("#input")).includes("fetchUrl"));
        await view.click("#fetch");
        await view.waitFor("the fetch", async () => (await view.text("#fetched")) !== "");
        assert.equal(await view.text("#fetched"), "status:200:pong");
      });
      await withView(host, { toolInput: { fetchUrl: `${target}/ping` }, cspExpected: (text) => text.includes("/ping") }, async (view) => {
        await view.waitFor("the tool input", async () => (await view.text("#input")).includes("fetchUrl"));
        await view.click("#fetch");
        await view.waitFor("the fetch", async () => (await view.text("#fetched")) !== "");
        assert.equal(await view.text("#fetched"), "blocked:TypeError");
        // The securitypolicyviolation event is queued as its own task and may arrive after the
        // fetch's rejection: wait (bounded) for it rather than reading the list once.
        await view.waitFor(
          "a connect-src violation",
          async () => (await view.cspViolations()).some((v) => v.effectiveDirective === "connect-src"),
          5000,
        );
      });
      assert.throws(() => policyFor("default", { connectDomains: ["https://a.example; script-src *"] }), /connectDomains\[0\]: not an origin/);
      assert.throws(() => policyFor("default", { scriptDomains: [] }), /unknown field/);
      assert.throws(() => policyFor("strict"), /csp preset/);
    } finally {
      pong.close();
    }
  });

  await test("custom _meta.ui.csp: resourceDomains lets the view load a script from that origin (a CDN); without it the script is blocked", async () => {
    const cdn = await serveOrigin({ "/lib.js": { type: "text/javascript", body: 'document.getElementById("lib").textContent = "loaded";' } });
    const html = `<!doctype html><html><head><title>cdn</title></head><body><p id="lib">absent</p><script src="${cdn.origin}/lib.js"></script></body></html>`;
    // `until(result)`: what the case waits for (bounded) once the document has loaded; the
    // load event comes after the parser-blocking script ran or was refused, but the refusal's
    // violation event is a task of its own and may come later.
    const libText = async (options, until) => {
      const view = await host.open({ html, cspExpected: (text) => text.includes("/lib.js"), ...options });
      try {
        await view.waitFor("the view document loaded", () => view.evaluate(() => document.readyState === "complete" && document.getElementById("lib") !== null));
        const read = async () => ({ text: await view.text("#lib"), violations: await view.cspViolations() });
        return await view.waitFor("the script's outcome", async () => {
          const result = await read();
          return until(result) && result;
        }, 5000);
      } finally {
        await view.close();
      }
    };
    try {
      const allowed = await libText({ ui: { csp: { resourceDomains: [cdn.origin] } } }, (r) => r.text === "loaded");
      assert.equal(allowed.text, "loaded");
      assert.deepEqual(allowed.violations, []);
      const blocked = await libText({}, (r) => r.violations.some((v) => v.effectiveDirective.startsWith("script-src")));
      assert.equal(blocked.text, "absent");
      assert.ok(blocked.violations.some((v) => v.effectiveDirective.startsWith("script-src") && v.blockedURI.startsWith(cdn.origin)), JSON.stringify(blocked.violations));
    } finally {
      cdn.close();
    }
  });

  await test(`a view that is not ours: the official ${EXAMPLE_VIEW} view, driven by clicks`, async () => {
    const html = fetchExampleView();
    const handlers = { "tools/call": (params) => ({ content: [{ type: "text", text: "12:00" }], structuredContent: { time: `time from ${params.name}` } }) };
    const view = await host.open({ html, toolResult: { content: [{ type: "text", text: "t0" }], structuredContent: { time: "first time" } }, handlers });
    try {
      await view.ready();
      await view.waitFor("the pushed result", async () => (await view.text("#server-time")) === "first time");
      for (const id of ["get-time-btn", "send-message-btn", "send-log-btn", "open-link-btn"]) await view.click(`#${id}`);
      await view.waitFor("the tool answer", async () => (await view.text("#server-time")) === "time from get-time");
      await view.waitFor("the link request", async () => (await view.sent("ui/open-link")).length === 1);
      for (const method of ["tools/call", "ui/message", "notifications/message"]) assert.equal((await view.sent(method)).length, 1, method);
      assert.deepEqual(await view.teardown(), { ok: true, result: {} });
    } finally {
      await view.close();
    }
  });
} finally {
  await host.close();
}

await test("command line: exit 0 when expectations hold, 1 when one fails, 2 for a bad argument", () => {
  const dir = mkdtempSync(join(tmpdir(), "testhost-cli-"));
  try {
    const result = join(dir, "result.json");
    writeFileSync(result, JSON.stringify(RESULT));
    const cli = (...args) => spawnSync(process.execPath, [join(HERE, "../run.mjs"), "--quiet", ...args], { encoding: "utf8", timeout: 90000 });
    const good = cli("--app", PROBE, "--tool-result", result, "--expect-text", "Hello probe", "--expect", "ui/notifications/size-changed", "--out", join(dir, "out.json"));
    assert.equal(good.status, 0, good.stdout + good.stderr);
    const out = JSON.parse(readFileSync(join(dir, "out.json"), "utf8"));
    assert.ok(out.transcript.some((e) => e.method === "ui/notifications/tool-result"));
    const bad = cli("--app", PROBE, "--csp", "default+wasm", "--expect", "ui/message");
    assert.equal(bad.status, 1, bad.stdout + bad.stderr);
    assert.match(bad.stderr, /FAIL: the view never sent ui\/message/);
    assert.equal(cli("--app", PROBE, "--csp", "strict").status, 2);
    assert.equal(cli("--nope").status, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

finish();
