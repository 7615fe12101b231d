// Browser test of the README's walkthrough of the server `prefab new` writes (run by
// `cargo xtask serve`, after forms_roundtrip.mjs):
//
//   node prefab-cli/tests/browser/readme_walkthrough.mjs --bin target/debug/prefab \
//     --server target/debug/prefab-new-smoke
//
// `--server` is that server built (`cargo test -p prefab-cli --test new` builds it as
// `prefab-new-smoke`; `cargo xtask serve` runs that first). As the README's "Your first UI
// server" says: `prefab dev -- <server> stdio` (the README's `cargo run -- stdio`, built), the
// preview host in headless Chromium; pick `add_order` and press **Open form**: the form
// opens. Fill it with `ada@localhost` as the email (the browser accepts it, the server does
// not), submit, and the message shows under the email field with everything typed kept.
// Prints "N passed, N failed"; exits 1 on failure.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { cli, launchBrowser, tally, waitFor, watch } from "../../../xtask/testhost/index.mjs";
import { TIMEOUT, pick, readForm, recordFrames, startPrefab, viewFrame } from "./support.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const { bin, server } = cli("readme_walkthrough.mjs", {
  bin: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
  server: { type: "string", default: join(ROOT, "target/debug/prefab-new-smoke"), path: true },
});
const { test, finish } = tally();

const browser = await launchBrowser();
let dev;
try {
  dev = await startPrefab(bin, ["dev", "--port", "0", "--", server, "stdio"], {}, "Renderer");
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await recordFrames(page);
  const errors = watch(page, { labelled: true });
  let frame;

  await test("pick add_order and press Open form: the form opens", async () => {
    await page.goto(dev.preview);
    await page.waitForSelector("#tools button[data-tool=add_order]", { timeout: TIMEOUT });
    await pick(page, "add_order");
    // Without the button, Call tool is refused by the browser: the fields are required.
    assert.equal(await page.$eval("#tool-form", (form) => form.checkValidity()), false);
    assert.equal(await page.isVisible("#form-note"), true);
    const calls = [];
    page.on("request", (r) => r.url().endsWith("/mcp") && r.postDataJSON()?.method === "tools/call" && calls.push(r.postDataJSON().params));
    await page.click("#open-form");
    frame = await viewFrame(page);
    await waitFor("the form's inputs", () => frame.$('form [name="quantity"]'), TIMEOUT);
    const form = await readForm(frame);
    assert.deepEqual(Object.keys(form).sort(), ["customer", "email", "item", "quantity"]);
    assert.equal(form.email.value, "");
    assert.deepEqual(calls, [{ name: "add_order", arguments: {} }]);
  });

  await test("ada@localhost: the browser accepts it, the server answers under the email field, values kept", async () => {
    await frame.fill('form [name="customer"]', "Ada Lovelace");
    await frame.fill('form [name="email"]', "ada@localhost");
    await frame.click("form [role=radio][data-value=Lamp]");
    await frame.fill('form [name="quantity"]', "2");
    assert.equal(await frame.$eval('form [name="email"]', (input) => input.checkValidity()), true, "the browser accepts it");
    await frame.click("form button[type=submit]");
    const form = await waitFor("the form back with its message", async () => {
      const read = await readForm(frame);
      return read.email?.errors.length && read;
    }, TIMEOUT);
    assert.deepEqual(form, {
      customer: { value: "Ada Lovelace", errors: [] },
      email: { value: "ada@localhost", errors: ["must be an email address"] },
      item: { value: "Lamp", errors: [] },
      quantity: { value: "2", errors: [] },
    });
    assert.equal(await frame.$$eval("[role=alert]", (all) => all.length), 1, "one message, under the email field");
  });

  await test("no page errors or console errors", () => {
    assert.deepEqual(errors, []);
  });
} finally {
  await browser.close();
  dev?.child.kill();
}
finish({ exit: true });
