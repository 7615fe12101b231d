#!/usr/bin/env node
// Keyboard operation of every widget pattern of the WAI-ARIA Authoring Practices the renderer
// draws (issue 40): one script per pattern, each step a key press, then where focus went,
// the state after it, and that the focused element shows a visible focus indicator (an
// outline or a box-shadow ring whose colour has a contrast of at least 3:1 against the
// background behind it, computed from the computed styles). Every wait is bounded and on a
// condition. The fixtures' standalone pages (`interactive`, `forms`) where they hold the
// widget, else small envelopes written here. Sortable's keyboard moves are `sortable.mjs`'s.
// Prints each step, a per-pattern summary, then `N passed, N failed`.
//
//   cargo xtask pages && node prefab-renderer/tests/keyboard.mjs --pages target/pages [--only Tabs]
import { PAGES_OPTION, cli, standalone, tally, watchedPage, withHost } from "../../xtask/testhost/index.mjs";
import { documentPages, renderIn } from "./catalog.mjs";

const opts = cli("keyboard.mjs", { pages: PAGES_OPTION, only: { type: "string", default: "" } });
const { check, finish } = tally();
const perPattern = new Map();

/** Polls `probe` until it is truthy or `ms` passed; its last value. */
async function until(probe, ms = 3000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => false);
    if (v || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * In the page: the focused element (a short description) and its focus indicator's best
 * contrast against the background behind it (0 when it shows none).
 */
function focusInfo() {
  const el = document.activeElement;
  if (!el || el === document.body) return { at: "<body>", ratio: 0, how: "nothing focused" };
  const g = Object.assign(document.createElement("canvas"), { width: 1, height: 1 }).getContext("2d", { willReadFrequently: true });
  const rgba = (c) => {
    g.clearRect(0, 0, 1, 1);
    g.fillStyle = "rgba(0,0,0,0)";
    g.fillStyle = c;
    g.fillRect(0, 0, 1, 1);
    const d = g.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255];
  };
  const over = ([r, gr, b, a], [r2, g2, b2]) => [r * a + r2 * (1 - a), gr * a + g2 * (1 - a), b * a + b2 * (1 - a)];
  // The background behind the element: its ancestors' backgrounds composed over white.
  const layers = [];
  for (let e = el.parentElement; e; e = e.parentElement) {
    const c = rgba(getComputedStyle(e).backgroundColor);
    if (c[3] > 0) layers.push(c);
    if (c[3] >= 1) break;
  }
  const bg = layers.reverse().reduce((acc, c) => over(c, acc), [255, 255, 255]);
  const lum = (rgb) => {
    const [r, gr, b] = rgb.map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * gr + 0.0722 * b;
  };
  const contrast = (c) => {
    const [a, b] = [lum(over(c, bg)), lum(bg)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  const s = getComputedStyle(el);
  const found = [];
  if (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 1) found.push(["outline", contrast(rgba(s.outlineColor))]);
  // Box-shadow rings: `<color> <x> <y> <blur> <spread>` entries with a spread of 1px or more.
  for (const shadow of s.boxShadow === "none" ? [] : s.boxShadow.split(/,(?![^(]*\))/)) {
    const color = shadow.match(/[a-z-]+\([^)]*\)|#[0-9a-f]+/i)?.[0];
    const lengths = shadow.replace(color ?? "", "").match(/-?[\d.]+px/g)?.map(parseFloat) ?? [];
    if (color && !/inset/.test(shadow) && (lengths[3] ?? 0) >= 1) found.push(["ring", contrast(rgba(color))]);
  }
  const best = found.sort((a, b) => b[1] - a[1])[0];
  const name = el.getAttribute("aria-label") ?? el.textContent.trim().slice(0, 24);
  const at = el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}${el.getAttribute("role") ? `[role=${el.getAttribute("role")}]` : ""} "${name}"`;
  return { at, ratio: best ? Math.round(best[1] * 100) / 100 : 0, how: best ? best[0] : `no indicator (outline ${s.outlineStyle}, shadow ${s.boxShadow})` };
}

/** A pattern's steps on `page`: `press(key, step)` and `expect(label, probe)`. */
function pattern(name, page) {
  const counts = perPattern.get(name) ?? { passed: 0, failed: 0 };
  perPattern.set(name, counts);
  const record = (label, ok, detail) => {
    counts[ok ? "passed" : "failed"]++;
    check(`${name}: ${label}`, ok, detail);
  };
  return {
    /**
     * Presses `key`, waits (bounded) until focus matches `focus` (a selector; `null`: leave
     * it unchecked) and `state()` holds, then checks both and the focus indicator (unless
     * `ring: false`).
     */
    async press(key, { focus = null, state = null, ring = true, what }) {
      await page.keyboard.press(key);
      const focusOk = () => (focus ? page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, focus) : true);
      // The indicator is waited for too: rings fade in with a transition.
      const ringOk = async () => !ring || (await page.evaluate(focusInfo)).ratio >= 3;
      await until(async () => (await focusOk()) && (!state || (await state())) && (await ringOk()));
      const f = await page.evaluate(focusInfo);
      const problems = [];
      if (!(await focusOk())) problems.push(`focus on ${f.at}, not ${focus}`);
      if (state && !(await state().catch(() => false))) problems.push("state not reached");
      if (ring && f.ratio < 3) problems.push(`focus indicator on ${f.at}: ${f.how}${f.ratio ? ` ${f.ratio}:1` : ""}`);
      record(`${key} → ${what}`, problems.length === 0, problems.join("; "));
    },
    /** A check that is not a key press. */
    async expect(label, probe) {
      const ok = await until(probe);
      record(label, Boolean(ok), "");
    },
  };
}

const attrIs = (page, sel, name, value) => () => page.$eval(sel, (e, [n, v]) => e.getAttribute(n) === v, [name, value]);
const hidden = (page, sel) => () => page.$eval(sel, (e) => e.closest("[hidden]") !== null || getComputedStyle(e).display === "none");
const shown = (page, sel) => async () => !(await hidden(page, sel)());
const text = (page, sel) => page.$eval(sel, (e) => e.textContent);

/** Opens a fixture's standalone page, mounted. */
async function fixture(page, name) {
  await page.goto(standalone(opts.pages, name));
  await page.waitForFunction(() => performance.getEntriesByName("prefab:mounted").length > 0, null, { timeout: 10000 });
}

/** Gives `sel` keyboard focus the way a person does: focus the element before it, then Tab. */
async function tabTo(page, sel) {
  await page.$eval(sel, (el) => {
    const probe = document.createElement("button");
    probe.id = "kbd-probe";
    probe.textContent = "probe";
    el.before(probe);
  });
  await page.focus("#kbd-probe");
  await page.keyboard.press("Tab");
  await page.$eval("#kbd-probe", (e) => e.remove());
}

const scripts = {
  async Tabs(page) {
    await fixture(page, "interactive");
    const p = pattern("Tabs", page);
    await tabTo(page, "#tab-account");
    await p.expect("Tab enters the tablist on the selected tab", () => page.evaluate(() => document.activeElement?.id === "tab-billing"));
    await p.press("ArrowRight", { focus: "#tab-team", state: attrIs(page, "#tab-team", "aria-selected", "true"), what: "next enabled tab, selected" });
    await p.press("ArrowRight", { focus: "#tab-account", state: attrIs(page, "#tab-account", "aria-selected", "true"), what: "wraps to the first" });
    await p.press("ArrowLeft", { focus: "#tab-team", what: "wraps to the last" });
    await p.press("Home", { focus: "#tab-account", what: "first tab" });
    await p.press("End", { focus: "#tab-team", what: "last enabled tab" });
    await p.press("Tab", { focus: "#tabs [role=tabpanel]:not([hidden]), #tabs [role=tabpanel]:not([hidden]) *", ring: false, what: "the shown panel (one tab stop for the list)" });
  },
  async Accordion(page) {
    await fixture(page, "interactive");
    const p = pattern("Accordion", page);
    await tabTo(page, "#acc-shipping");
    await p.press("Enter", { focus: "#acc-shipping", state: attrIs(page, "#acc-shipping", "aria-expanded", "false"), what: "closes the open section" });
    await p.press("Space", { focus: "#acc-shipping", state: attrIs(page, "#acc-shipping", "aria-expanded", "true"), what: "opens it again" });
    await page.keyboard.press("Enter");
    await p.press("Tab", { focus: "#acc-returns", what: "the next header" });
    await p.press("Enter", { focus: "#acc-returns", state: shown(page, "#returns-body"), what: "shows its panel" });
  },
  async Select(page) {
    await fixture(page, "forms");
    const p = pattern("Select", page);
    const active = () => page.$eval("#fruit", (e) => document.getElementById(e.getAttribute("aria-activedescendant"))?.textContent);
    await tabTo(page, "#fruit");
    await p.press("ArrowDown", { focus: "#fruit", state: attrIs(page, "#fruit", "aria-expanded", "true"), what: "opens the listbox" });
    await p.expect("the selected option is active", async () => (await active()) === "Banana");
    await p.press("ArrowDown", { focus: "#fruit", state: async () => (await active()) === "Durian", what: "next enabled option active" });
    await p.press("Home", { focus: "#fruit", state: async () => (await active()) === "Apple", what: "first option active" });
    await p.press("Enter", { focus: "#fruit", state: async () => (await text(page, "#fruit-out")) === "Fruit: apple", what: "picks it, closes, focus stays" });
    await p.press("Enter", { focus: "#fruit", state: attrIs(page, "#fruit", "aria-expanded", "true"), what: "opens again" });
    await p.press("Escape", { focus: "#fruit", state: attrIs(page, "#fruit", "aria-expanded", "false"), what: "closes without picking" });
    await p.press("d", { focus: "#fruit", state: async () => (await active()) === "Durian", what: "type-to-select opens on the first option starting with it" });
    await p.press("A", { focus: "#fruit", state: async () => (await active()) === "Apple", what: "type-to-select, any case" });
    await p.press("Escape", { focus: "#fruit", state: attrIs(page, "#fruit", "aria-expanded", "false"), what: "closes again" });
  },
  async Combobox(page) {
    await fixture(page, "forms");
    const p = pattern("Combobox", page);
    await tabTo(page, "#lang");
    await p.press("Enter", { focus: ".pf-command-input", state: attrIs(page, "#lang", "aria-expanded", "true"), what: "opens, focus in the search box" });
    await page.keyboard.type("py");
    await p.expect("typing filters the options", async () => (await page.$$eval("#lang-list [role=option]:not([hidden])", (els) => els.map((e) => e.textContent).join())) === "Python");
    await p.press("ArrowDown", { focus: ".pf-command-input", state: () => page.$eval(".pf-command-input", (e) => document.getElementById(e.getAttribute("aria-activedescendant"))?.textContent === "Python"), what: "the match is active" });
    await p.press("Enter", { focus: "#lang", state: async () => (await text(page, "#lang-out")) === "Lang: python", what: "picks it, focus back on the trigger" });
    await p.press("Enter", { focus: ".pf-command-input", what: "opens again" });
    await p.press("Escape", { focus: "#lang", state: attrIs(page, "#lang", "aria-expanded", "false"), what: "closes, focus back on the trigger" });
  },
  async Dialog(page) {
    await fixture(page, "interactive");
    const p = pattern("Dialog", page);
    await tabTo(page, "#open-dialog");
    await p.press("Enter", { focus: "#dialog-input", state: shown(page, "#dialog"), what: "opens, focus on its first control" });
    await p.press("Tab", { focus: "#dialog-cancel", what: "next control" });
    await p.press("Tab", { focus: "#dialog-confirm", what: "next control" });
    await p.press("Tab", { focus: "#dialog *", what: "still inside (close button or wrap)" });
    await page.focus("#dialog-input");
    await p.press("Shift+Tab", { focus: "#dialog *", what: "wraps to the last control (trap)" });
    await p.press("Escape", { focus: "#open-dialog", state: hidden(page, "#dialog"), what: "closes, focus back on the trigger" });
  },
  async Popover(page) {
    await renderIn(page, files.url({
      $prefab: { version: "0.3" },
      view: { type: "Column", children: [
        { type: "Popover", id: "pop", title: "Filters", children: [{ type: "Button", id: "pop-trigger", label: "Filters" }, { type: "Input", id: "pop-input", name: "q", ariaLabel: "Search" }, { type: "Button", id: "pop-last", label: "Apply" }] },
        { type: "Button", id: "after", label: "After" },
      ] },
    }));
    const p = pattern("Popover", page);
    await tabTo(page, "#pop-trigger");
    await p.press("Enter", { focus: "#pop-input", state: shown(page, "#pop"), what: "opens, focus on its first control" });
    await p.press("Escape", { focus: "#pop-trigger", state: hidden(page, "#pop"), what: "closes, focus back on the trigger" });
    await p.press("Enter", { focus: "#pop-input", state: shown(page, "#pop"), what: "opens again" });
    await p.press("Tab", { focus: "#pop-last", what: "its last control" });
    await p.press("Tab", { focus: "#after", state: hidden(page, "#pop"), what: "out of its last control: closed, on what follows the trigger" });
    await page.focus("#pop-trigger");
    await p.press("Enter", { focus: "#pop-input", what: "opens again" });
    await p.press("Shift+Tab", { focus: "#pop-trigger", state: hidden(page, "#pop"), what: "back out of its first control: closed, on the trigger" });
  },
  async Tooltip(page) {
    await fixture(page, "interactive");
    const p = pattern("Tooltip", page);
    await tabTo(page, "#tooltip-trigger");
    await p.expect("shows on keyboard focus", shown(page, "#tooltip"));
    await p.press("Escape", { focus: "#tooltip-trigger", state: hidden(page, "#tooltip"), what: "hides it, focus stays" });
  },
  async "Date grid"(page) {
    await fixture(page, "forms");
    const p = pattern("Date grid", page);
    const caption = (sel = "#cal") => page.$eval(`${sel} .pf-calendar-caption-label`, (e) => e.textContent);
    const day = (d) => `#cal [data-day]:not([data-outside])[aria-label*="${d}"]`;
    await tabTo(page, "#cal [aria-pressed=true]");
    await p.expect("Tab lands on the selected day (March 10, 2026)", () => page.evaluate(() => document.activeElement?.closest("#cal") && document.activeElement.getAttribute("aria-pressed") === "true"));
    await p.press("ArrowRight", { focus: day("March 11, 2026"), what: "next day" });
    await p.press("ArrowDown", { focus: day("March 18, 2026"), what: "same weekday next week" });
    await p.press("ArrowLeft", { focus: day("March 17, 2026"), what: "previous day" });
    await p.press("ArrowUp", { focus: day("March 10, 2026"), what: "previous week" });
    await p.press("Home", { focus: day("March 8, 2026"), what: "start of the week" });
    await p.press("End", { focus: day("March 14, 2026"), what: "end of the week" });
    await p.press("PageDown", { focus: day("April 14, 2026"), state: async () => (await caption()) === "April 2026", what: "same day next month" });
    await p.press("PageUp", { focus: day("March 14, 2026"), state: async () => (await caption()) === "March 2026", what: "same day previous month" });
    await p.press("Shift+PageDown", { focus: day("March 14, 2027"), state: async () => (await caption()) === "March 2027", what: "same day next year" });
    await p.press("Shift+PageUp", { focus: day("March 14, 2026"), state: async () => (await caption()) === "March 2026", what: "same day previous year" });
    await p.press("Enter", { focus: day("March 14, 2026"), state: async () => (await text(page, "#meeting-out")).startsWith("Meeting: 2026-03-14"), what: "picks the day" });
    await p.expect("a range Calendar shows two months", async () => (await page.$$("#cal-range .pf-calendar-month")).length === 2);
  },
  async Slider(page) {
    await fixture(page, "forms");
    const p = pattern("Slider", page);
    const thumb = "#volume [role=slider]";
    const now = (v) => attrIs(page, thumb, "aria-valuenow", String(v));
    await tabTo(page, thumb);
    await p.press("ArrowRight", { focus: thumb, state: now(45), what: "one step up" });
    await p.press("ArrowLeft", { focus: thumb, state: now(40), what: "one step down" });
    await p.press("ArrowUp", { focus: thumb, state: now(45), what: "one step up" });
    await p.press("ArrowDown", { focus: thumb, state: now(40), what: "one step down" });
    await p.press("PageUp", { focus: thumb, state: now(90), what: "ten steps up" });
    await p.press("PageDown", { focus: thumb, state: now(40), what: "ten steps down" });
    await p.press("End", { focus: thumb, state: now(100), what: "the maximum" });
    await p.press("Home", { focus: thumb, state: now(0), what: "the minimum" });
  },
  async "Switch and Checkbox"(page) {
    await fixture(page, "forms");
    const p = pattern("Switch and Checkbox", page);
    await tabTo(page, "#accept");
    await p.press("Space", { focus: "#accept", state: attrIs(page, "#accept", "aria-checked", "true"), what: "checks the Checkbox" });
    await p.press("Enter", { focus: "#accept", state: attrIs(page, "#accept", "aria-checked", "true"), what: "does not toggle the Checkbox" });
    await p.expect("Enter left the Checkbox checked", async () => (await page.getAttribute("#accept", "aria-checked")) === "true");
    await p.press("Space", { focus: "#accept", state: attrIs(page, "#accept", "aria-checked", "false"), what: "unchecks it" });
    await tabTo(page, "#notify");
    await p.press("Space", { focus: "#notify", state: attrIs(page, "#notify", "aria-checked", "false"), what: "turns the Switch off" });
    await p.press("Space", { focus: "#notify", state: attrIs(page, "#notify", "aria-checked", "true"), what: "turns it on" });
  },
  async "Radio group"(page) {
    await fixture(page, "forms");
    const p = pattern("Radio group", page);
    await tabTo(page, "#plan");
    await p.expect("Tab lands on the checked radio", () => page.evaluate(() => document.activeElement?.id === "pf-radio_b"));
    await p.press("ArrowDown", { focus: "#pf-radio_c", state: attrIs(page, "#pf-radio_c", "aria-checked", "true"), what: "next radio, checked" });
    await p.press("ArrowDown", { focus: "#pf-radio_a", state: attrIs(page, "#pf-radio_a", "aria-checked", "true"), what: "wraps to the first, checked" });
    await p.press("ArrowUp", { focus: "#pf-radio_c", state: attrIs(page, "#pf-radio_c", "aria-checked", "true"), what: "wraps back to the last" });
    await p.press("ArrowLeft", { focus: "#pf-radio_b", state: attrIs(page, "#pf-radio_b", "aria-checked", "true"), what: "previous radio" });
    await p.press("Tab", { focus: ":not(#plan *)", ring: false, what: "leaves the group (one tab stop)" });
    await p.press("Shift+Tab", { focus: "#pf-radio_b", what: "back onto the checked radio" });
  },
  async Carousel(page) {
    await fixture(page, "interactive");
    const p = pattern("Carousel", page);
    const active = (i) => () => page.$$eval("#carousel .pf-carousel-slide", (els, i) => els.findIndex((e) => e.hasAttribute("data-active")) === i, i);
    await tabTo(page, "#carousel");
    await p.expect("Tab reaches the carousel or its first control", () => page.evaluate(() => Boolean(document.activeElement?.closest("#carousel"))));
    await page.focus("#carousel");
    await p.press("ArrowRight", { focus: "#carousel", state: active(1), what: "next slide" });
    await p.press("ArrowLeft", { focus: "#carousel", state: active(0), what: "previous slide" });
    await p.press("ArrowLeft", { focus: "#carousel", state: active(2), what: "wraps to the last (loop)" });
  },
  // WCAG 2.2.2: an auto-advancing carousel stops while focus is inside it, and does not
  // rotate at all under reduced motion. "Does not move" is checked over three intervals.
  async "Carousel rotation"(page) {
    const envelope = {
      $prefab: { version: "0.3" },
      view: { type: "Carousel", id: "auto", autoAdvance: 200, loop: true, children: ["One", "Two", "Three"].map((t) => ({ type: "Text", content: t })) },
    };
    const at = () => page.$$eval("#auto .pf-carousel-slide", (els) => els.findIndex((e) => e.hasAttribute("data-active")));
    const stays = async (ms) => {
      const first = await at();
      const end = Date.now() + ms;
      while (Date.now() < end) {
        if ((await at()) !== first) return false;
        await new Promise((r) => setTimeout(r, 50));
      }
      return true;
    };
    try {
      const p = pattern("Carousel rotation", page);
      await renderIn(page, files.url(envelope));
      const start = await at();
      await p.expect("advances on its own", async () => (await at()) !== start);
      await tabTo(page, "#auto");
      await p.expect("stops while focus is inside", () => stays(600));
      await page.emulateMedia({ reducedMotion: "reduce" });
      await renderIn(page, files.url(envelope));
      await p.expect("does not rotate under reduced motion", () => stays(600));
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  },
  // A search box that filters a table says, politely, how many rows match.
  async "DataTable search"(page) {
    await renderIn(page, files.url({
      $prefab: { version: "0.3" },
      view: { type: "DataTable", id: "found", search: true, columns: [{ key: "name", header: "Name" }], rows: [{ name: "Beta" }, { name: "Alpha" }, { name: "Gamma" }] },
    }));
    const p = pattern("DataTable search", page);
    const status = () => page.$eval("#found [role=status]", (e) => e.textContent);
    await p.expect("a status region beside the search box, empty", async () => (await status()) === "");
    await tabTo(page, "#found input[type=search]");
    await page.keyboard.type("alp");
    await p.expect("typing says how many rows match", async () => (await status()) === "1 result");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await p.expect("and follows the search", async () => (await status()) === "3 results");
  },
  // A button whose click toggles a state key is a toggle button; toasts are read from the
  // first, error toasts at once.
  async "Toggle and toasts"(page) {
    await renderIn(page, files.url({
      $prefab: { version: "0.3" },
      state: { bold: false },
      view: { type: "Row", children: [
        { type: "Button", id: "bold", label: "Bold", onClick: { action: "toggleState", key: "bold" } },
        { type: "Button", id: "fail", label: "Fail", onClick: { action: "showToast", message: "It failed", variant: "error" } },
      ] },
    }));
    const p = pattern("Toggle and toasts", page);
    await p.expect("the toast region is in the page before any toast", () => page.evaluate(() => document.querySelector("#prefab-toasts")?.getAttribute("aria-live") === "polite"));
    await p.expect("a toggleState button is aria-pressed=false", attrIs(page, "#bold", "aria-pressed", "false"));
    await tabTo(page, "#bold");
    await p.press("Space", { focus: "#bold", state: attrIs(page, "#bold", "aria-pressed", "true"), what: "pressed" });
    await p.press("Tab", { focus: "#fail", what: "the next button" });
    await p.press("Enter", { state: () => page.evaluate(() => document.querySelector("#prefab-toasts [role=alert]")?.textContent === "It failed"), what: "an error toast is an alert" });
  },
  async DataTable(page) {
    await renderIn(page, files.url({
      $prefab: { version: "0.3" },
      state: { picked: "none" },
      view: { type: "Column", children: [
        { type: "DataTable", id: "table", columns: [{ key: "name", header: "Name", sortable: true }, { key: "qty", header: "Qty", sortable: true }],
          rows: [{ name: "Beta", qty: 2 }, { name: "Alpha", qty: 3 }, { name: "Gamma", qty: 1 }],
          onRowClick: { action: "setState", key: "picked", value: "{{ $item.name }}" } },
        { type: "Text", id: "picked", content: "Picked: {{ picked }}" },
      ] },
    }));
    const p = pattern("DataTable", page);
    const sortOf = () => page.$eval("#table th", (th) => th.getAttribute("aria-sort"));
    const firstRow = () => page.$eval("#table tbody tr", (tr) => tr.textContent);
    await tabTo(page, "#table");
    await p.expect("Tab reaches the first sort button", () => page.evaluate(() => Boolean(document.activeElement?.closest("#table th"))));
    await p.press("Enter", { focus: "#table th *", state: async () => (await sortOf()) === "ascending" && (await firstRow()).startsWith("Alpha"), what: "sorts ascending, aria-sort" });
    await p.press("Enter", { focus: "#table th *", state: async () => (await sortOf()) === "descending" && (await firstRow()).startsWith("Gamma"), what: "sorts descending" });
    await p.press("Tab", { focus: "#table th:nth-child(2) *", what: "the next sort button" });
    await p.press("Tab", { focus: "#table tbody tr", what: "the first clickable row" });
    await p.press("Enter", { state: async () => (await text(page, "#picked")) === "Picked: Gamma", what: "runs onRowClick on it" });
    await p.press("Tab", { focus: "#table tbody tr:nth-child(2)", what: "the next row" });
    await p.press("Space", { state: async () => (await text(page, "#picked")) === "Picked: Beta", what: "runs onRowClick too" });
  },
};

// The pattern scripts' own documents, written beside the pages and removed at the end.
const files = documentPages(opts.pages);
try {
  await withHost(async (host) => {
    const { page, errors } = await watchedPage(host.context, { viewport: { width: 1024, height: 900 } });
    for (const [name, script] of Object.entries(scripts)) {
      if (!name.toLowerCase().includes(opts.only.toLowerCase())) continue;
      errors.length = 0;
      try {
        await script(page);
      } catch (e) {
        check(`${name}: ran to the end`, false, e.message.split("\n")[0]);
        const c = perPattern.get(name) ?? { passed: 0, failed: 0 };
        c.failed++;
        perPattern.set(name, c);
      }
      check(`${name}: no page or console errors`, errors.length === 0, errors.join(" | "));
    }
  });
} finally {
  files.remove();
}
console.log(`per pattern: ${[...perPattern].map(([n, c]) => `${n} ${c.passed}/${c.passed + c.failed}`).join(", ")} (Sortable: sortable.mjs)`);
finish();
