// Browser test of `examples/side-by-side`: one expenses app written with prefab-rs (the
// binary `expenses`) and with FastMCP + prefab-ui (`server.py`), each previewed by
// `prefab dev` (run by `cargo xtask dev`, after dev.mjs):
//
//   node prefab-cli/tests/browser/side_by_side.mjs --bin target/debug/prefab \
//     --expenses target/debug/expenses --python target/fastmcp/venv/bin/python
//
// For each: the tool list; the table, the chart, the form and the dashboard each open a view
// that shows its content; the dashboard's button calls `reimburse_all`, and its answer shows
// in the view. Offline: a request off the loopback interface fails the test. Prints
// "N passed, N failed"; exits 1 on failure.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { cli, launchBrowser, tally } from "../../../xtask/testhost/index.mjs";
import { TIMEOUT, callForView, idle, offlinePage, pick, startPrefab, until, viewFrame } from "./support.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const opts = cli("side_by_side.mjs", {
  bin: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
  expenses: { type: "string", default: join(ROOT, "target/debug/expenses"), path: true },
  python: { type: "string", default: join(ROOT, "target/fastmcp/venv/bin/python"), path: true },
});
const { test, finish } = tally();

// The two servers: the command `prefab dev` starts, and the tool that opens the form (the
// Rust tool shows its form when called without arguments: the preview host's Open form).
const SIDES = [
  { side: "prefab-rs", command: [opts.expenses], form: "add_expense", opensForm: true },
  { side: "FastMCP + prefab-ui", command: [opts.python, join(ROOT, "examples/side-by-side/server.py")], form: "expense_form" },
];
const UI_TOOLS = ["dashboard", "show_expenses", "spending_chart"];

/** Resolves once the view in `frame` shows every text of `want`. */
const shows = (frame, ...want) =>
  until(`${want.join(", ")} in the view`, async () => {
    const body = await frame.textContent("body");
    return want.every((text) => body.includes(text));
  });

/** The preview page of `preview`, offline (requests off the loopback interface are recorded and refused). */
async function open(browser, preview) {
  const { page, errors, refused } = await offlinePage(browser, { width: 1280, height: 900 });
  await page.goto(preview);
  await page.waitForSelector("#tools button[data-tool=dashboard]", { timeout: TIMEOUT });
  return { page, errors, refused };
}

/** Selects `tool` by its label in the list (FastMCP gives its tools titles: "Show Expenses"). */
async function select(page, tool) {
  const label = await page.$eval(`#tools button[data-tool=${tool}]`, (b) => b.firstChild.textContent);
  await pick(page, tool, label);
}

/** Picks `tool` and calls it; the frame of its view. */
async function view(page, tool) {
  await select(page, tool);
  return callForView(page);
}

/** Presses Open form (a call without arguments); the frame of the view it opened. */
async function openForm(page) {
  await idle(page);
  await page.click("#open-form");
  await idle(page);
  return viewFrame(page);
}

async function sideBySide(browser, { side, command, form, opensForm }) {
  const dev = await startPrefab(opts.bin, ["dev", "--port", "0", "--", ...command], {}, "Renderer");
  try {
    const { page, errors, refused } = await open(browser, dev.preview);
    await test(`${side}: the four UI tools are listed`, async () => {
      const names = await page.$$eval("#tools button", (bs) => bs.map((b) => b.dataset.tool));
      for (const name of [...UI_TOOLS, form, "reimburse_all"]) assert.ok(names.includes(name), `${name} in ${names}`);
    });
    await test(`${side}: show_expenses shows the expenses in a table`, async () => {
      const frame = await view(page, "show_expenses");
      await shows(frame, "Train to Lyon", "Team lunch", "Monitor");
      assert.ok(await frame.$("table"), "a table");
    });
    await test(`${side}: spending_chart draws a bar per category`, async () => {
      const frame = await view(page, "spending_chart");
      await until("a chart with the three categories", () =>
        frame.evaluate(() => {
          const svg = document.querySelector("svg");
          return svg && ["Travel", "Meals", "Office"].every((c) => svg.textContent.includes(c));
        }),
      );
    });
    await test(`${side}: ${form} opens the form with its fields`, async () => {
      await select(page, form);
      const frame = opensForm ? await openForm(page) : await callForView(page);
      await until("the form's inputs", () => frame.$('form [name="description"]').then(Boolean));
      assert.ok(await frame.$('form [name="amount"]'), "an amount input");
      await shows(frame, "Category");
    });
    await test(`${side}: the dashboard shows the totals, and its button calls reimburse_all`, async () => {
      const frame = await view(page, "dashboard");
      await shows(frame, "Expenses", "Total", "Reimburse all");
      await frame.click("button:has-text('Reimburse all')");
      await shows(frame, "Reimbursed 3 expenses");
    });
    await test(`${side}: no page errors, nothing loaded from off the machine`, () => {
      assert.deepEqual(errors, []);
      assert.deepEqual(refused, []);
    });
    await page.close();
  } finally {
    dev.child.kill();
  }
}

const browser = await launchBrowser();
try {
  for (const server of SIDES) {
    if (server.side !== "prefab-rs" && !existsSync(opts.python) && !process.env.CI) {
      console.log(`skip ${server.side}: no FastMCP venv at ${opts.python} (cargo xtask install makes it)`);
      continue;
    }
    await sideBySide(browser, server);
  }
} finally {
  await browser.close();
}
finish({ exit: true });
