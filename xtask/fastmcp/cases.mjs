// The UI tools of `servers/*.py` the FastMCP suite renders: the tool, its arguments, the
// text it must show, and the interactions to run on this renderer (each step gets the view,
// its Playwright frame, the `ui/message`s the view sent, the FastMCP server's client and
// `waitForTexts`). `pending` marks checks that fail for a written-down reason (`parity`, or
// `steps` from index `from` on): reported as skipped until they pass. Selectors are by role, label and placeholder, as a person finds things.
import { ok, strictEqual } from "node:assert/strict";

const click = (role, name) => ({ name: `click ${role} "${name}"`, run: ({ frame }) => frame.getByRole(role, { name, exact: true }).first().click() });
const fill = (how, key, value) => ({ name: `fill ${how} "${key}" with "${value}"`, run: ({ frame }) => frame.getByPlaceholder(key).first().fill(value) });
/** Clicks the sort button in the table head cell that shows `text` (a click elsewhere in the
 * cell does not sort, in prefab-ui's renderer either: its sort control is a button in the head). */
const clickHeader = (text) => ({ name: `click the "${text}" column head's sort button`, run: ({ frame }) => frame.locator("th", { hasText: text }).getByRole("button").first().click() });
/** Fills the control named `name` (its state key: `name` attribute). */
const fillName = (name, value) => ({ name: `fill control "${name}" with "${value}"`, run: ({ frame }) => frame.locator(`[name="${name}"]`).first().fill(value) });
const shows = (...texts) => ({ name: `shows ${texts.map((t) => JSON.stringify(t)).join(", ")}`, run: ({ waitForTexts }) => waitForTexts(texts) });
/** The structured content (or the parsed text) of a tool result. */
const data = (result) => result.structuredContent?.result ?? result.structuredContent ?? JSON.parse(result.content?.[0]?.text ?? "null");

export const CASES = [
  {
    tool: "display_family",
    expect: ["Status of Platform", "Deploys", "99.95%", "Maintenance window", "7 of 10 tasks done", "Ada Lovelace"],
  },
  {
    tool: "controls_family",
    expect: ["Trip to Paris on plan pro, size m, volume 40"],
    steps: [click("button", "Clear city"), shows("Trip to on plan pro"), fill("placeholder", "Where to?", "Rome"), shows("Trip to Rome on plan pro")],
  },
  {
    tool: "signup_form",
    expect: ["Conference signup", "Full name", "Register"],
    steps: [
      fillName("name", "Grace Hopper"),
      fillName("email", "grace@example.com"),
      click("button", "Register"),
      shows("Registered Grace Hopper for 1 seat(s)"),
      {
        name: "the Python server stored the signup",
        run: async ({ client }) => {
          const stored = data(await client.callTool({ name: "registrations", arguments: {} }));
          ok(stored.some((s) => s.name === "Grace Hopper" && s.email === "grace@example.com"), JSON.stringify(stored));
        },
      },
    ],
  },
  {
    tool: "people_table",
    expect: ["Person A", "Person J", "Page 1 of 3"],
    steps: [
      click("button", "Next"),
      shows("Person K", "Page 2 of 3"),
      fill("placeholder", "Search people...", "Person Q"),
      shows("Person Q", "Page 1 of 1"),
      {
        name: "the search keeps only the match",
        run: async ({ waitForTexts }) => ok(!(await waitForTexts(["Person Q"])).includes("Person B")),
      },
      fill("placeholder", "Search people...", ""),
      clickHeader("Score"),
      {
        name: "the rows are sorted by score",
        run: async ({ frame }) => {
          const deadline = Date.now() + 5000;
          let scores = [];
          for (;;) {
            const rows = await frame.locator("tbody tr").evaluateAll((trs) => trs.slice(0, 5).map((tr) => Number(tr.cells[3]?.textContent)));
            scores = rows;
            const up = rows.every((v, i) => i === 0 || rows[i - 1] <= v);
            const down = rows.every((v, i) => i === 0 || rows[i - 1] >= v);
            if (rows.length === 5 && (up || down)) return;
            if (Date.now() > deadline) throw new Error(`not sorted: ${JSON.stringify(scores)}`);
            await new Promise((r) => setTimeout(r, 100));
          }
        },
      },
    ],
  },
  {
    tool: "scores_table",
    expect: ["Load top scores", "0 rows loaded"],
    steps: [
      click("button", "Load top scores"),
      {
        name: "the rows the Python tool answers",
        run: async ({ client, waitForTexts }) => {
          const top = data(await client.callTool({ name: "top_scores", arguments: { limit: 3 } }));
          await waitForTexts(["3 rows loaded", ...top.map((p) => p.name)]);
        },
      },
    ],
  },
  {
    tool: "charts_family",
    expect: ["Quarter figures", "Revenue", "Costs", "North", "South", "0 45 90 135 180"],
  },
  {
    tool: "interactive_family",
    expect: ["Overview", "Overview panel", "Shipping", "Returns", "Clicked 0 times"],
    steps: [click("tab", "Details"), shows("Details panel"), click("button", "Count"), shows("Clicked 1 times"), click("button", "Open dialog"), shows("Inside the dialog")],
  },
  {
    tool: "item_list",
    expect: ["0 items", "Add apple"],
    steps: [
      click("button", "Add apple"),
      shows("Item: apple"),
      {
        name: "the host calls the add_item app tool; the view calls store_item on the server",
        run: async ({ view, waitForTexts }) => {
          const { tools } = await view.call("listTools", {});
          ok(tools.some((t) => t.name === "add_item"), JSON.stringify(tools));
          const result = await view.call("callTool", { name: "add_item", arguments: { label: "pear" } });
          await waitForTexts(["Item: pear"]);
          ok(!result.isError, JSON.stringify(result));
          ok(data(result).count >= 2, JSON.stringify(result));
        },
      },
    ],
  },
  {
    tool: "collect_shipping",
    args: { prompt: "Where should we ship?" },
    expect: ["Where should we ship?", "Street", "City"],
    steps: [
      fillName("street", "1 Main St"),
      fillName("city", "Springfield"),
      click("button", "Submit"),
      {
        // The pinned FastMCP addresses the app's tools by the name it lists them under (it
        // rewrites `tool` server-side, `_meta.fastmcp.toolNames`), so the envelope has no
        // `_meta.fastmcp.app` and the call carries none. `FormInput` passes its `CallTool` in a
        // list, so `Form.from_model` adds no `{"data": …}`: the arguments are the wire's `{}`.
        name: "the form is submitted to FastMCP's app tool",
        run: async ({ view }) => {
          const deadline = Date.now() + 15000;
          while (Date.now() < deadline && !(await view.sent("tools/call")).length) await new Promise((r) => setTimeout(r, 100));
          const [call] = await view.sent("tools/call");
          ok(call, "no tools/call");
          strictEqual(call.message.params.name, "submit_form");
          strictEqual(JSON.stringify(call.message.params.arguments), "{}");
          strictEqual(call.message.params._meta?.fastmcp?.app, undefined);
        },
      },
    ],
  },
  {
    tool: "choose",
    args: { prompt: "Which deployment strategy?", options: ["Blue-green", "Canary"] },
    expect: ["Which deployment strategy?", "Blue-green", "Canary"],
    steps: [
      click("button", "Canary"),
      shows("Response sent."),
      {
        name: "the choice goes to the conversation (ui/message)",
        run: ({ messages }) => ok(JSON.stringify(messages).includes("I selected: Canary"), JSON.stringify(messages)),
      },
    ],
  },
  {
    tool: "request_approval",
    args: { summary: "Delete the staging database" },
    expect: ["Delete the staging database"],
    steps: [
      click("button", "Approve"),
      {
        name: "the decision goes to the conversation (ui/message)",
        run: async ({ messages }) => {
          const deadline = Date.now() + 10000;
          while (Date.now() < deadline && !messages.length) await new Promise((r) => setTimeout(r, 100));
          ok(JSON.stringify(messages).includes("Delete the staging database"), JSON.stringify(messages));
        },
      },
    ],
  },
  {
    tool: "file_manager",
    expect: [],
  },
];
