// Browser test of a typed form's round trip through a real MCP Apps host path (run by
// `cargo xtask serve`, after serve.mjs):
//
//   node prefab-cli/tests/browser/forms_roundtrip.mjs --bin target/debug/prefab
//
// Starts `prefab serve --port 0` with a fresh data directory and opens the preview host on the
// gallery's sign-up form (`?tool=gallery_signup_form`, then Call) in headless Chromium. In the sandboxed
// frame it fills the form with values the browser accepts but the server does not (an email
// with no dot in its domain; 900 seats, typed after taking the input's `max` away, as a client
// that skips the browser's checks would send), submits, and checks that the view that comes
// back from `save_signup` (a `FormInput<Signup>` tool) shows each message in a
// `FieldError` under its own control, with every typed value kept, and that the host's
// panel lists that call from the view with its arguments and result. Then it corrects the two
// fields, submits again and finds the sign-up saved and listed. The frame runs the viewer
// `prefab serve` ships (the JavaScript engine: the frame's CSP has no 'wasm-unsafe-eval').
// Prints "N passed, N failed"; exits 1 on failure.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { cli, tally, waitFor, watch } from "../../../xtask/testhost/index.mjs";
import { TIMEOUT, readForm, withServe } from "./support.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const { bin } = cli("forms_roundtrip.mjs", {
  bin: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
});
const { test, finish } = tally();

/** Types into the frame's input `name` (replacing what is there). */
const type = (frame, name, text) => frame.fill(`form [name="${name}"]`, text);

const submit = (frame) => frame.click("form button[type=submit]");

await withServe(bin, "forms", async ({ browser, server }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watch(page, { labelled: true });
  let frame;

  await test("the preview host opens the gallery's sign-up form in its frame", async () => {
    // `?tool=` selects the tool; nothing runs until the user presses Call.
    await page.goto(`${server.preview}?tool=gallery_signup_form`);
    await page.waitForFunction(
      () => document.querySelector('#tools button[aria-current="true"]')?.dataset.tool === "gallery_signup_form",
      null,
      { timeout: TIMEOUT },
    );
    await page.click("#run");
    const element = await page.waitForSelector("#frame-box iframe", { timeout: TIMEOUT });
    frame = await element.contentFrame();
    await waitFor("the form's inputs", () => frame.$('form [name="email"]'), TIMEOUT);
    const form = await readForm(frame);
    assert.deepEqual(Object.keys(form).sort(), ["email", "name", "newsletter", "seats"]);
  });

  await test("mistakes come back under their fields, every value kept", async () => {
    await type(frame, "name", "Bob");
    await type(frame, "email", "bob@localhost");
    await frame.$eval('form [name="seats"]', (input) => input.removeAttribute("max"));
    await type(frame, "seats", "900");
    await frame.click("form [role=checkbox]#newsletter");
    await submit(frame);
    const form = await waitFor("the form back with its errors", async () => {
      const read = await readForm(frame);
      return read.email?.errors.length && read;
    }, TIMEOUT);
    assert.deepEqual(form.email, { value: "bob@localhost", errors: ["must be an email address"] });
    assert.deepEqual(form.seats, { value: "900", errors: ["must be at most 500"] });
    assert.deepEqual(form.name, { value: "Bob", errors: [] });
    assert.deepEqual(form.newsletter, { value: true, errors: [] });
    const alerts = await frame.$$eval("[role=alert]", (all) => all.length);
    assert.equal(alerts, 2, "one message per mistake, none elsewhere");
    const call = await page.evaluate(() =>
      window.prefabHost.transcript.filter((t) => t.dir === "view→host" && t.message.method === "tools/call").map((t) => t.message.params),
    );
    assert.equal(call.at(-1).name, "save_signup");
    assert.equal(call.at(-1).arguments.email, "bob@localhost");
    // The host's JSON panel lists the view's call too: its arguments and its result.
    const listed = await waitFor("the view's call listed", () => page.$$eval("#view-calls > li", (items) =>
      items.map((li) => ({ name: li.querySelector("summary").textContent, json: JSON.parse(li.querySelector("pre").textContent) }))).then((l) => l.length && l), TIMEOUT);
    assert.equal(listed.length, 1);
    assert.equal(listed[0].name, "save_signup");
    assert.equal(listed[0].json.arguments.email, "bob@localhost");
    assert.ok(JSON.stringify(listed[0].json.result.structuredContent).includes("must be an email address"));
    assert.equal(await page.textContent("#view-calls-count"), "1");
  });

  await test("the corrected form is saved and listed", async () => {
    await type(frame, "email", "bob@example.com");
    await type(frame, "seats", "12");
    await submit(frame);
    await waitFor("the saved notice", async () => (await frame.textContent("body")).includes("Saved bob@example.com."), TIMEOUT);
    const body = await frame.textContent("body");
    assert.ok(body.includes("Saved sign-ups (1)"), body.slice(0, 400));
    const form = await readForm(frame);
    assert.equal(form.email.value, "", "a fresh form after saving");
    assert.equal(await frame.$$eval("[role=alert]", (all) => all.length), 0);
  });

  await test("no page errors or console errors", () => {
    assert.deepEqual(errors, []);
  });
});
finish({ exit: true });
