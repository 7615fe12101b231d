#!/usr/bin/env node
// Browser tests of the `Sortable` extension (drag-and-drop and keyboard moves) in headless
// Chromium through the project's MCP Apps test host (`xtask/testhost`), under both CSPs.
//
//   node prefab-renderer/tests/sortable.mjs --pages target/pages
//
// The fixture (`fixtures/sortable.json`) is a three-column board whose `onMove` calls the
// host tool `move` and applies the answer; the host here keeps its own board, applies each
// move by its anchor and answers with the new columns (refusing the card "fail"). Ends with
// a plain `N passed, N failed` line.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PAGES_OPTION, PRESETS, cli, tally, toolResult, waitFor, withHost } from "../../xtask/testhost/index.mjs";

const { pages: PAGES } = cli("sortable.mjs", { pages: PAGES_OPTION });
const FIXTURES = resolve(new URL("./fixtures", import.meta.url).pathname);
const envelope = JSON.parse(readFileSync(join(FIXTURES, "sortable.json"), "utf8"));
const { check, guard, finish } = tally();

/** The host side: a copy of the board that `move` calls change by anchor. */
function server() {
  const cols = structuredClone(envelope.state.cols);
  const calls = [];
  const move = ({ item, to, before, seq }) => {
    const from = cols.find((c) => c.cards.some((k) => k.id === item));
    const card = from.cards.splice(from.cards.findIndex((k) => k.id === item), 1)[0];
    const target = cols.find((c) => c.id === to);
    const at = before == null ? target.cards.length : target.cards.findIndex((k) => k.id === before);
    target.cards.splice(at, 0, card);
    return { content: [{ type: "text", text: "moved" }], structuredContent: { cols: structuredClone(cols), seq } };
  };
  return {
    calls,
    handlers: {
      "tools/call": (params) => {
        calls.push(params.arguments);
        if (params.arguments.item === "fail") return { isError: true, content: [{ type: "text", text: "refused" }] };
        return move(params.arguments);
      },
    },
  };
}

/** Item values per group, in DOM order. */
const layout = (v) =>
  v.frame().evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll("[data-pf-group]")].map((g) => [
        g.dataset.pfGroup,
        [...g.querySelectorAll("[data-pf-item]")].map((i) => i.dataset.pfItem).join(","),
      ]),
    ),
  );
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
/** The element's box once it is attached and visible. */
const box = (v, selector) => waitFor(`${selector} on screen`, () => v.frame().locator(selector).boundingBox());

/**
 * Drags `item` with the mouse onto `target`, at its upper or lower quarter (or centre), as a
 * person does: across to the target's column first, then onto the target where it is now
 * (the items move out of the way while the pointer travels).
 */
async function drag(v, item, target, where = "top") {
  const from = await box(v, item);
  const mouse = v.page.mouse;
  const y0 = from.y + from.height / 2;
  await mouse.move(from.x + from.width / 2, y0);
  await mouse.down();
  const across = await box(v, target);
  await mouse.move(across.x + across.width / 2, y0, { steps: 10 });
  const to = await box(v, target);
  const y = to.y + (where === "top" ? to.height / 4 : where === "bottom" ? (to.height * 3) / 4 : to.height / 2);
  await mouse.move(to.x + to.width / 2, y, { steps: 10 });
  await mouse.up();
}

async function suite(host, csp) {
  const tag = `[${csp}]`;
  const backend = server();
  const v = await host.open({
    app: join(PAGES, "viewer.html"),
    csp,
    toolInput: {},
    toolResult: toolResult(envelope),
    handlers: backend.handlers,
  });
  // The layout after a move, once every successful answer has been applied (the optimistic
  // layout looks the same before the answer re-renders the lists).
  const expectLayout = async (what, want) => {
    let got;
    try {
      const answered = backend.calls.filter((c) => c.item !== "fail").length;
      await waitFor(`${what} (answer ${answered})`, async () => (await v.text("#answers")) === String(answered));
      await waitFor(what, async () => same((got = await layout(v)), want));
      return true;
    } catch {
      return got;
    }
  };
  const lastCall = () => backend.calls[backend.calls.length - 1];
  await guard(`${tag} suite ran to the end`, async () => {
    await waitFor("the board", async () => (await v.frame()?.$('[data-pf-item="a"]')) != null, 15000);
    const start = await layout(v);
    check(`${tag} groups and items carry their values`, same(start, { todo: "a,b,fail", doing: "c", done: "" }), JSON.stringify(start));
    const attrs = await v.frame().$eval('[data-pf-item="a"]', (e) => [e.tabIndex, e.getAttribute("role"), e.getAttribute("aria-label")]);
    check(`${tag} items are focusable list items named by their label`, same(attrs, [0, "listitem", "Alpha"]), JSON.stringify(attrs));

    // Pointer: Alpha dropped on Gamma's upper half → before Gamma in Doing.
    await drag(v, '[data-pf-item="a"]', '[data-pf-item="c"]', "top");
    await waitFor("the move call", async () => backend.calls.length === 1);
    check(`${tag} drag to another column fires onMove with the anchor`, same(lastCall(), { item: "a", from: "todo", to: "doing", before: "c", seq: 1 }), JSON.stringify(lastCall()));
    let got = await expectLayout("the answer applied", { todo: "b,fail", doing: "a,c", done: "" });
    check(`${tag} the board re-renders from the answer without duplicates`, got === true, JSON.stringify(got));

    // Pointer: Beta dropped on Gamma's lower half → after Gamma (before null); Gamma's row is
    // kept by the re-render, which must not keep a second Beta.
    await drag(v, '[data-pf-item="b"]', '[data-pf-item="c"]', "bottom");
    await waitFor("the second move call", async () => backend.calls.length === 2);
    check(`${tag} drop on an item's lower half anchors after it`, same(lastCall(), { item: "b", from: "todo", to: "doing", before: null, seq: 2 }), JSON.stringify(lastCall()));
    got = await expectLayout("Beta after Gamma", { todo: "fail", doing: "a,c,b", done: "" });
    check(`${tag} a kept row does not keep the moved item`, got === true, JSON.stringify(got));

    // Pointer: Beta dropped into the empty Done column → at its end (before null).
    await drag(v, '[data-pf-item="b"]', '[data-pf-group="done"]', "middle");
    await waitFor("the third move call", async () => backend.calls.length === 3);
    check(`${tag} drop into an empty column sends before: null`, same(lastCall(), { item: "b", from: "doing", to: "done", before: null, seq: 3 }), JSON.stringify(lastCall()));
    got = await expectLayout("Beta in Done", { todo: "fail", doing: "a,c", done: "b" });
    check(`${tag} Beta lands in Done`, got === true, JSON.stringify(got));

    // Keyboard: Gamma picked up with Space, moved up, dropped with Space.
    await v.frame().focus('[data-pf-item="c"]');
    await v.page.keyboard.press("Space");
    const live = await v.frame().$eval(".pf-sortable [aria-live]", (e) => e.textContent);
    check(`${tag} picking up is announced in the live region`, live.includes("Picked up Gamma"), live);
    await v.page.keyboard.press("ArrowUp");
    const moved = await v.frame().$eval(".pf-sortable [aria-live]", (e) => e.textContent);
    check(`${tag} each keyboard step is announced with the position`, moved.includes("Gamma: Doing, position 1 of 2"), moved);
    await v.page.keyboard.press("Space");
    await waitFor("the keyboard move call", async () => backend.calls.length === 4);
    check(`${tag} Space, ArrowUp, Space moves within the column`, same(lastCall(), { item: "c", from: "doing", to: "doing", before: "a", seq: 4 }), JSON.stringify(lastCall()));
    got = await expectLayout("Gamma first", { todo: "fail", doing: "c,a", done: "b" });
    check(`${tag} the keyboard move is applied`, got === true, JSON.stringify(got));

    // Keyboard: Escape puts the item back and calls nothing.
    await v.frame().focus('[data-pf-item="a"]');
    await v.page.keyboard.press("Space");
    await v.page.keyboard.press("ArrowRight");
    const during = await layout(v);
    await v.page.keyboard.press("Escape");
    const after = await layout(v);
    const cancelled = await v.frame().$eval(".pf-sortable [aria-live]", (e) => e.textContent);
    check(
      `${tag} Escape cancels a keyboard move`,
      during.done === "b,a" && same(after, { todo: "fail", doing: "c,a", done: "b" }) && backend.calls.length === 4 && cancelled.includes("cancelled"),
      JSON.stringify({ during, after, calls: backend.calls.length, cancelled }),
    );
    const focused = await v.frame().evaluate(() => document.activeElement?.dataset.pfItem);
    check(`${tag} the item keeps the focus`, focused === "a", focused);

    // Keyboard: ArrowRight keeps the position in the next column (here: its end).
    await v.page.keyboard.press("Enter");
    await v.page.keyboard.press("ArrowRight");
    await v.page.keyboard.press("Enter");
    await waitFor("the cross-column keyboard move", async () => backend.calls.length === 5);
    check(`${tag} ArrowRight moves to the next column`, same(lastCall(), { item: "a", from: "doing", to: "done", before: null, seq: 5 }), JSON.stringify(lastCall()));
    got = await expectLayout("Alpha in Done", { todo: "fail", doing: "c", done: "b,a" });
    check(`${tag} the cross-column keyboard move is applied`, got === true, JSON.stringify(got));

    // A refused move goes back.
    await drag(v, '[data-pf-item="fail"]', '[data-pf-item="c"]', "bottom");
    await waitFor("the refused call", async () => backend.calls.length === 6);
    got = await expectLayout("the refused card back in To do", { todo: "fail", doing: "c", done: "b,a" });
    check(`${tag} a move whose onMove fails is undone`, got === true, JSON.stringify(got));

    // Move buttons (the fallback where dragging is not available).
    // Hidden unless the pointer is coarse or the item has keyboard focus: clicked as a
    // touch screen or a keyboard user would, by dispatching the click.
    await v.frame().$eval('[data-pf-item="c"] [data-pf-move="ArrowRight"]', (b) => b.click());
    await waitFor("the button move", async () => backend.calls.length === 7);
    check(`${tag} the move buttons move an item`, same(lastCall(), { item: "c", from: "doing", to: "done", before: "b", seq: 7 }), JSON.stringify(lastCall()));
    got = await expectLayout("Gamma in Done", { todo: "fail", doing: "", done: "c,b,a" });
    check(`${tag} the button move is applied`, got === true, JSON.stringify(got));

    // A plain click inside an item is not a move.
    await v.frame().click('[data-pf-item="b"]');
    check(`${tag} a click is not a drag`, backend.calls.length === 7, String(backend.calls.length));
    const errors = v.console.filter((l) => l.startsWith("[pageerror]"));
    check(`${tag} no page errors`, errors.length === 0, errors.join(" | "));
  }).finally(() => v.close());
}

await withHost(async (host) => {
  for (const csp of PRESETS) await suite(host, csp);
});
finish();
