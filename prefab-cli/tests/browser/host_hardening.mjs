// The preview host's defences against the documents and schemas it is given (issue 38, rows
// 5 and 6), run by serve.mjs on its page and runnable alone:
//
//   node prefab-cli/tests/browser/host_hardening.mjs --bin target/debug/prefab
//
// * A view whose HTML starts with `<!-- <head> -->` still runs under the view's policy: its
//   `fetch` and `<img>` to a loopback recording server never reach it.
// * A view that navigates its frame (`location = …`) is put back, and closed when it does it
//   again: no frame of the page is left showing the other address.
// * A 200-byte schema whose `anyOf` points twice back at its own definition makes its form
//   in well under a second (a few resolver calls, not millions), and a normal schema's form
//   still works.
import { createServer } from "node:http";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import assert from "node:assert/strict";
import { until } from "./support.mjs";

/** A loopback HTTP server that records the paths asked of it; `close()` stops it. */
export async function recorder() {
  const paths = [];
  const server = createServer((request, response) => {
    paths.push(request.url);
    response.writeHead(200, { "Content-Type": "text/html", "Access-Control-Allow-Origin": "*" });
    response.end("<p id=left>LEFT</p>");
  });
  await new Promise((ready) => server.listen(0, "127.0.0.1", ready));
  const base = `http://127.0.0.1:${server.address().port}`;
  return { paths, base, close: () => new Promise((done) => server.close(done)) };
}

/** The host's log lines (newest first). */
const logLines = (page) => page.$$eval("#log li", (items) => items.map((li) => li.textContent));

/** A view document that reports, as view log messages, how its `fetch` and `<img>` ended. */
const leakingView = (base) => `<!-- <head> -->
<!doctype html><html><head><title>leak</title></head><body><p>leak test</p>
<script>
  const say = (data) => parent.postMessage({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data } }, "*");
  fetch("${base}/leak").then(() => say("fetch: answered"), () => say("fetch: failed"));
  const img = new Image();
  img.onload = () => say("img: loaded");
  img.onerror = () => say("img: failed");
  img.src = "${base}/leak.png";
  document.body.append(img);
</script></body></html>`;

/** A view document that navigates its frame to `base/elsewhere` as soon as it runs. */
const leavingView = (base) => `<!doctype html><html><head></head><body><p>leaving</p>
<script>location = "${base}/elsewhere";</script></body></html>`;

/** The schema of issue 38 row 6: each `anyOf` branch is a reference back to its definition. */
export const SELF_REFERENCING_SCHEMA = Object.freeze({
  type: "object",
  properties: { node: { $ref: "#/$defs/Node" }, note: { type: "string", title: "Note" } },
  $defs: { Node: { anyOf: [{ $ref: "#/$defs/Node" }, { $ref: "#/$defs/Node" }] } },
});

/**
 * Runs the checks with `test` (the tally's) on `page`, a preview host page of `prefab serve`
 * already loaded.
 */
export async function hostHardening(test, page) {
  const rec = await recorder();
  try {
    await test("a view starting with <!-- <head> --> runs under its policy: fetch and img never leave", async () => {
      await page.evaluate((html) => window.prefabHost.openView(html, { tool: { name: "leak" } }), leakingView(rec.base));
      await until("the view's fetch and img settled", async () => {
        const lines = (await logLines(page)).join("\n");
        return /fetch: (answered|failed)/.test(lines) && /img: (loaded|failed)/.test(lines);
      });
      const lines = (await logLines(page)).join("\n");
      assert.match(lines, /fetch: failed/);
      assert.match(lines, /img: failed/);
      assert.deepEqual(rec.paths, [], "the recording server was asked nothing");
      const policy = await page.$eval("#frame-box iframe", (f) => f.srcdoc);
      assert.match(policy, /^<!--[^]*?<head><meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
    });

    await test("a view that navigates its frame away is put back, then closed; it never stays elsewhere", async () => {
      await page.evaluate((html) => window.prefabHost.openView(html, { tool: { name: "leave" } }), leavingView(rec.base));
      await until("the view closed after navigating twice", async () =>
        (await logLines(page)).some((l) => l.includes("navigated its frame away: closed")));
      const lines = await logLines(page);
      assert.ok(lines.some((l) => l.includes("navigated its frame away: its document put back")), lines.join("\n"));
      assert.equal(await page.$("#frame-box iframe"), null, "no view frame is left");
      const elsewhere = page.frames().filter((f) => f.url().startsWith(rec.base));
      assert.deepEqual(elsewhere.map((f) => f.url()), [], "no frame shows the other address");
      assert.match(await page.textContent("#status"), /navigated its frame away/);
    });
  } finally {
    await rec.close();
  }

  await test("a self-referencing anyOf schema makes its form at once; a normal schema's form still works", async () => {
    // Bounded: before the fix the page froze (minutes) inside selectTool.
    const froze = new Promise((_, fail) => setTimeout(() => fail(new Error("the form was not made within 10 s")), 10_000).unref());
    const measured = await Promise.race([froze, page.evaluate((schema) => {
      let calls = 0;
      const inner = resolve;
      resolve = (...args) => (calls++, inner(...args));
      const started = performance.now();
      try {
        selectTool({ name: "self_ref", inputSchema: structuredClone(schema) });
      } finally {
        resolve = inner;
      }
      const node = document.querySelector("#fields [data-field=node]");
      return {
        ms: performance.now() - started,
        calls,
        kind: node?.querySelector("textarea")?.dataset.kind,
        note: document.querySelector("#fields [name=note]")?.type,
      };
    }, SELF_REFERENCING_SCHEMA)]);
    assert.ok(measured.ms < 2000, `the form took ${measured.ms} ms`);
    assert.ok(measured.calls < 100, `resolve was called ${measured.calls} times`);
    assert.equal(measured.kind, "json", "the recursive field is edited as JSON");
    assert.equal(measured.note, "text", "the plain field next to it is a text input");
    const args = await page.evaluate(() => {
      document.querySelector("#fields [name=node]").value = '{"a": 1}';
      document.querySelector("#fields [name=note]").value = "hi";
      return formArguments();
    });
    assert.deepEqual(args, { node: { a: 1 }, note: "hi" });
  });

  await test("a schema past the resolver's budget is edited as JSON with a note", async () => {
    // An anyOf of 5,000 distinct definitions: more schema nodes than one form resolves.
    const $defs = {};
    for (let i = 0; i < 5000; i++) $defs[`D${i}`] = { type: "object", title: `D${i}` };
    const deep = { anyOf: Object.keys($defs).map((name) => ({ $ref: `#/$defs/${name}` })) };
    const schema = { type: "object", properties: { flat: { type: "integer" }, deep }, $defs };
    const form = await page.evaluate((s) => {
      const started = performance.now();
      selectTool({ name: "long_chain", inputSchema: s });
      return {
        ms: performance.now() - started,
        deep: document.querySelector("#fields [name=deep]")?.dataset.kind,
        note: document.querySelector("#fields [data-field=deep] .too-large")?.textContent ?? "",
        flat: document.querySelector("#fields [name=flat]")?.type,
      };
    }, schema);
    assert.ok(form.ms < 2000, `the form took ${form.ms} ms`);
    assert.equal(form.flat, "number");
    assert.equal(form.deep, "json");
    assert.match(form.note, /too large/);
  });
}

// Alone: `prefab serve --port 0`, the preview host in Chromium, the checks above.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { cli, launchBrowser, tally } = await import("../../../xtask/testhost/index.mjs");
  const { startPrefab } = await import("./support.mjs");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
  const { bin } = cli("host_hardening.mjs", {
    bin: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
  });
  const { test, finish } = tally();
  const dataDir = mkdtempSync(join(tmpdir(), "prefab-hardening-"));
  const server = await startPrefab(bin, ["serve", "--port", "0", "--data-dir", dataDir]);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.preview);
    await page.waitForSelector("#tools button[data-tool]");
    await hostHardening(test, page);
  } finally {
    await browser.close();
    server.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
  finish({ exit: true });
}
