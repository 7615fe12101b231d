// Open states of the visual suite: a gallery view with one thing opened by a person (a
// Select's list, a Dialog, a Tooltip, the second Tab, a sorted DataTable …), done the same way
// in both renderers and measured at 1024 px light. Each is named `states/<name>` beside the
// views, its mode `STATE_MODE`.
import { MARKS, measureView, waitStable } from "./measure.mjs";

/** The mode the open states are measured in (a mode of their own in the report). */
export const STATE_MODE = "open, 1024 light";

const byRole = (role, name) => (page) => page.getByRole(role, { name, exact: false }).first();

/** A sortable column's header: the button inside it, else the header itself. */
const sortHeader = (name) => async (page) => {
  const header = page.getByRole("columnheader", { name }).first();
  const button = header.getByRole("button");
  return (await button.count()) ? button.first() : header;
};

/** `{ name, view, act, target }`: `act` is `click` or `hover`, done on `target(page)`. */
export const STATES = [
  { name: "states/select-open", view: "gallery/forms.json", act: "click", target: byRole("combobox", "Team") },
  { name: "states/combobox-open", view: "gallery/forms.json", act: "click", target: byRole("combobox", "Country") },
  { name: "states/datepicker-open", view: "gallery/forms.json", act: "click", target: (page) => page.getByRole("button", { name: /pick a date/i }).first() },
  { name: "states/dialog-open", view: "gallery/interactive.json", act: "click", target: byRole("button", "Archive") },
  { name: "states/popover-open", view: "gallery/interactive.json", act: "click", target: byRole("button", "Filters") },
  { name: "states/tooltip-shown", view: "gallery/interactive.json", act: "hover", target: byRole("button", "Share") },
  { name: "states/hovercard-shown", view: "gallery/interactive.json", act: "hover", target: byRole("link", "@grace") },
  { name: "states/tab-second", view: "gallery/layout.json", act: "click", target: byRole("tab", "Changelog") },
  { name: "states/accordion-open", view: "gallery/layout.json", act: "click", target: byRole("button", "How do I invite my team?") },
  { name: "states/table-sorted", view: "gallery/data.json", act: "click", target: sortHeader("Tickets") },
];

/** A digest of what the page shows (its text and element count), to see that an action changed it. */
const digest = () => `${document.body.getElementsByTagName("*").length}|${document.body.innerText}`;

/**
 * Renders `state`'s view (`open(page, envelope)`) at 1024 px light, does its action, waits
 * (bounded) until the page has changed and then stopped changing, and measures it:
 * `{ [STATE_MODE]: { …measureView, stable, changed } }`, or `{ failed }` in that mode.
 */
export async function renderState(page, state, views, open) {
  const doc = views.find((d) => d.name === state.view);
  try {
    if (!doc) throw new Error(`no view ${state.view}`);
    await page.setViewportSize({ width: 1024, height: 800 });
    await open(page, { ...doc.envelope, mode: "light" });
    await waitStable(page);
    const before = await page.evaluate(digest);
    const target = await state.target(page);
    await (state.act === "hover" ? target.hover({ timeout: 5000 }) : target.click({ timeout: 5000 }));
    // Tooltips and hover cards open after a delay: wait for the change, then for stillness.
    // A function, not a string: a string is evaluated as code, which our pages' policy (no
    // 'unsafe-eval') refuses at once, so the wait ended before a tooltip had opened. The
    // predicate is `digest`, written out: it runs in the page.
    const changed = await page.waitForFunction(([was]) => `${document.body.getElementsByTagName("*").length}|${document.body.innerText}` !== was, [before], { timeout: 3000 }).then(
      () => true,
      () => false,
    );
    // An action that opened nothing fails the state (else the closed view, measured, would
    // pass for it).
    if (!changed) throw new Error(`${state.act} changed nothing on the page`);
    const stable = await waitStable(page);
    return { [STATE_MODE]: { ...(await page.evaluate(measureView, MARKS)), stable, changed } };
  } catch (e) {
    return { [STATE_MODE]: { failed: e.message.split("\n")[0] } };
  }
}
