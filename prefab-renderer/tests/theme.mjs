#!/usr/bin/env node
// Look and theming of the renderer in headless Chromium: theme variables (light, dark via
// `mode` and via the host, a document's own theme CSS, host style variables), the pf-*
// variant and size hooks, page geometry and type scale at 1024 px, small text behaviours,
// and the DataTable (pagination, sort, search, component cells, expandable rows, row click).
//
//   node prefab-renderer/tests/theme.mjs --pages target/pages
//
// Uses `standalone-theme.html` (from tests/fixtures/theme.json, written by `cargo xtask
// pages`) and variants of it with another envelope. Ends with `N passed, N failed`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PAGES_OPTION, STANDALONE_POLICY, cli, pageFiles, standalone, tally, toolResult, waitFor, watchedPage, withHost } from "../../xtask/testhost/index.mjs";

const { pages: PAGES } = cli("theme.mjs", { pages: PAGES_OPTION });
const FIXTURE = JSON.parse(readFileSync(new URL("./fixtures/theme.json", import.meta.url), "utf8"));
/** Standalone pages showing another envelope (the theme page with its data swapped). */
const variants = pageFiles(readFileSync(join(PAGES, "standalone-theme.html"), "utf8"), "prefab-theme-", { policy: STANDALONE_POLICY });
const pageWith = variants.url;
const { check, guard, finish } = tally();

const style = (page, selector, props) =>
  page.$eval(
    selector,
    (el, props) => {
      const s = getComputedStyle(el);
      return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
    },
    props,
  );

const openPage = (context, url) => watchedPage(context, { url, viewport: { width: 1024, height: 800 } });

async function lookSuite(context) {
  const { page, errors } = await openPage(context, standalone(PAGES, "theme"));
  try {
    await waitFor("the theme page", async () => (await page.$("#table")) !== null);
    const buttons = FIXTURE.view.children[3].children.map((b) => b.variant);
    const looks = [];
    for (const v of buttons) {
      const s = await style(page, `#button-${v}`, ["background-color", "color", "border-top-color"]);
      const cls = await page.$eval(`#button-${v}`, (e) => e.className);
      check(`Button ${v} carries pf-button-variant-${v}`, cls.includes(`pf-button-variant-${v}`), cls);
      looks.push(Object.values(s).join("|"));
    }
    check("the nine Button variants look different", new Set(looks).size === buttons.length, looks.join(" / "));
    const destructive = await style(page, "#button-destructive", ["background-color", "color"]);
    check("Button destructive is tinted (translucent background, coloured text)", /rgba?\(.*,\s*0\.\d+\)|oklab\(.* \/ 0\.\d+\)/.test(destructive["background-color"]) && destructive.color !== "rgb(255, 255, 255)", JSON.stringify(destructive));

    // A Row stretches its children, so the sizes show in min-height (24/28/32/36 px).
    const heights = [];
    for (const s of ["xs", "sm", "default", "lg"]) {
      heights.push((await style(page, `#button-size-${s}`, ["min-height"]))["min-height"]);
    }
    check("Button sizes xs < sm < default < lg", heights.join() === "24px,28px,32px,36px", heights.join(","));
    const icon = await page.$eval("#button-size-icon", (e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height]);
    check("Button size icon is square", icon[0] === icon[1] && icon[0] === 32, icon.join("x"));

    const badgeVariants = FIXTURE.view.children[5].children.map((b) => b.variant);
    const badgeLooks = [];
    for (const v of badgeVariants) {
      badgeLooks.push(Object.values(await style(page, `#badge-${v}`, ["background-color", "color", "border-top-color"])).join("|"));
    }
    check("the nine Badge variants look different", new Set(badgeLooks).size === badgeVariants.length, badgeLooks.join(" / "));

    const alertColors = [];
    for (const v of ["default", "destructive", "success", "warning", "info"]) {
      alertColors.push((await style(page, `#alert-${v}`, ["color"])).color);
    }
    check("Alert variants have their own colours", new Set(alertColors).size === 5, alertColors.join(" / "));
    const alertIcon = await page.$eval("#alert-info > .pf-icon", (e) => [e.dataset.icon, e.getBoundingClientRect().width]);
    check("Alert draws its icon", alertIcon[0] === "info" && alertIcon[1] === 16, alertIcon.join(","));

    // Geometry and type scale at 1024 px (prefab-ui's: column 960 px at x=32, 16 px body, 36 px H1).
    const root = await page.$eval("#app-root", (e) => {
      const r = e.getBoundingClientRect();
      return [r.x, r.width];
    });
    check("at 1024 px the app column is 960 px wide at x=32", root[0] === 32 && root[1] === 960, root.join(","));
    const body = await style(page, "#body-text", ["font-size"]);
    const h1 = await style(page, "#h1", ["font-size", "font-weight"]);
    check("body text is 16 px, H1 36 px bold", body["font-size"] === "16px" && h1["font-size"] === "36px" && h1["font-weight"] === "700", JSON.stringify({ body, h1 }));
    const radius = await style(page, "#card", ["border-top-left-radius"]);
    check("Card radius is 14 px", radius["border-top-left-radius"] === "14px", radius["border-top-left-radius"]);
    const footer = await style(page, "#card-footer", ["border-top-width", "background-color"]);
    const card = await style(page, "#card", ["background-color"]);
    check("CardFooter is set apart (top border, own background)", footer["border-top-width"] === "1px" && footer["background-color"] !== card["background-color"], JSON.stringify({ footer, card }));

    check("a Text whose content evaluates to a boolean shows nothing", (await page.textContent("#bool-text")) === "");
    const up = await page.$eval("#metric-up", (e) => ({
      pill: e.querySelector(".pf-metric-delta")?.className,
      icon: e.querySelector(".pf-metric-delta .pf-icon")?.dataset.icon,
      description: e.querySelector(".pf-metric-description")?.textContent,
    }));
    check("Metric: delta pill (success), trend arrow, description", up.pill?.includes("pf-badge-variant-success") && up.icon === "trending-up" && up.description === "vs last month", JSON.stringify(up));
    const down = await page.$eval("#metric-down .pf-metric-delta", (e) => [e.className, e.querySelector(".pf-icon")?.dataset.icon]);
    check("Metric: a negative delta is a destructive pill with a down arrow", down[0].includes("pf-badge-variant-destructive") && down[1] === "trending-down", down.join(","));
    check("Label shows its optional marker", (await page.textContent("#label-optional .pf-label-optional")).trim() === "optional");
    check("[look] no page or console errors", errors.length === 0, errors.join(" | "));
  } finally {
    await page.close();
  }
}

async function tableSuite(context) {
  const { page, errors } = await openPage(context, standalone(PAGES, "theme"));
  const bodyRows = () => page.$$eval("#table tbody tr[data-row]", (trs) => trs.map((tr) => tr.querySelector("td:nth-child(2)")?.textContent));
  const pageLabel = () => page.textContent("#table .pf-data-table-page");
  try {
    await waitFor("the table", async () => (await bodyRows()).length > 0);
    const first = await bodyRows();
    check("paginated DataTable shows pageSize rows", first.length === 10, String(first.length));
    check("the footer says Page 1 of 3", (await pageLabel()) === "Page 1 of 3", await pageLabel());
    check("Previous is disabled on the first page", await page.$eval("#table [data-act=prev]", (b) => b.disabled));
    await page.click("#table [data-act=next]");
    check("Next moves to page 2", (await pageLabel()) === "Page 2 of 3" && (await bodyRows())[0] === "user11", `${await pageLabel()} ${(await bodyRows())[0]}`);
    await page.click("#table [data-act=next]");
    const last = await page.$$eval("#table tbody tr", (trs) => trs.length);
    check("the short last page keeps the page height (5 rows + 5 padding rows)", (await bodyRows()).length === 5 && last === 10, `${(await bodyRows()).length} ${last}`);
    check("Next is disabled on the last page", await page.$eval("#table [data-act=next]", (b) => b.disabled));
    await page.click("#table [data-act=prev]");
    await page.click("#table [data-act=prev]");

    // Sort by score: numeric ascending, then descending, then back to the row order.
    const scores = () => page.$$eval("#table tbody tr[data-row]", (trs) => trs.map((tr) => tr.children[2].textContent));
    await page.click("#table th:nth-child(3) [data-act=sort]");
    const asc = (await scores()).map(Number);
    const sortAttr = () => page.$eval("#table th:nth-child(3)", (th) => th.getAttribute("aria-sort"));
    check("sort ascending is numeric and sets aria-sort", asc.every((n, i) => i === 0 || n >= asc[i - 1]) && (await sortAttr()) === "ascending", `${asc} ${await sortAttr()}`);
    await page.click("#table th:nth-child(3) [data-act=sort]");
    const desc = (await scores()).map(Number);
    check("sort descending", desc.every((n, i) => i === 0 || n <= desc[i - 1]) && (await sortAttr()) === "descending", desc.join(","));
    await page.click("#table th:nth-child(3) [data-act=sort]");
    check("a third click restores the row order", (await bodyRows())[0] === "user01" && (await sortAttr()) === "none");
    await page.click("#table th:nth-child(2) [data-act=sort]");
    await page.click("#table th:nth-child(2) [data-act=sort]");
    check("string sort descending", (await bodyRows())[0] === "user25", (await bodyRows())[0]);
    await page.click("#table th:nth-child(2) [data-act=sort]");

    // Component cells render as components, never as JSON.
    const status = await page.$eval("#table tbody tr[data-row] td:last-child", (td) => [td.querySelector(".pf-badge")?.textContent, td.textContent]);
    check("a component cell renders as a Badge", status[0] === "active" && !status[1].includes("{"), status.join(" | "));

    // Expandable rows.
    await page.click("#table tr[data-row='0'] [data-act=expand]");
    check("the expand toggle shows the row's _detail", (await page.textContent("#detail-1")) === "details of user01");
    await page.click("#table tr[data-row='0'] [data-act=expand]");
    check("a second toggle hides it", (await page.$("#detail-1")) === null);

    // Row click runs onRowClick with $event = the row, and selects the row.
    await page.click("#table tr[data-row='2'] td:nth-child(2)");
    await waitFor("the row click action", async () => (await page.textContent("#clicked")) === "clicked: user03");
    check("row click runs onRowClick with $event = the row", true);
    check("the clicked row is selected", (await page.getAttribute("#table tr[data-row='2']", "data-state")) === "selected");

    // Search filters across the columns; the pager follows.
    await page.fill("#table input[type=search]", "user2");
    const found = await bodyRows();
    check("search filters rows", found.length === 6 && found.every((n) => n.includes("user2")), found.join(","));
    check("the footer follows the filter", (await pageLabel()) === "Page 1 of 1", await pageLabel());
    const pads = await page.$$eval("#table tbody tr.pf-data-table-pad", (trs) => trs.length);
    check("a one-page table keeps the page's height, as prefab-ui's (pageSize 10: 6 rows, 4 pads)", pads === 4, `${pads} pad rows`);
    await page.fill("#table input[type=search]", "nobody");
    check("no match shows 'No results.'", (await page.textContent("#table tbody")).trim() === "No results.");
    check("[table] no page or console errors", errors.length === 0, errors.join(" | "));
  } finally {
    await page.close();
  }
}

// 10,000 rows, paginated: only the page is in the DOM. Times are printed (median of 5 runs)
// for benches/README.md, never asserted.
async function bigTableSuite(context) {
  const rows = Array.from({ length: 10000 }, (_, i) => ({ id: i + 1, name: `customer ${(i * 7919) % 10000}`, amount: ((i * 37) % 500) + 0.99, paid: i % 3 === 0 }));
  const envelope = {
    $prefab: { version: "0.3" },
    view: { type: "Div", cssClass: "pf-app-root", children: [{ type: "DataTable", id: "big", search: true, paginated: true, pageSize: 10, columns: ["id", "name", "amount", "paid"].map((key) => ({ key, header: key, sortable: true })), rows }] },
  };
  const url = pageWith(envelope);
  const times = { mount: [], sort: [], next: [], search: [] };
  let inDom = 0;
  for (let run = 0; run < 5; run++) {
    const { page, errors } = await openPage(context, url);
    try {
      await page.waitForFunction(() => performance.getEntriesByName("prefab:mounted").length > 0);
      times.mount.push(await page.evaluate(() => performance.getEntriesByName("prefab:mounted")[0].startTime - performance.getEntriesByName("prefab:parsed")[0].startTime));
      inDom = await page.$$eval("#big tbody tr", (trs) => trs.length);
      const timed = (fn) => page.evaluate(fn);
      times.sort.push(await timed(() => { const t = performance.now(); document.querySelector("#big th:nth-child(2) [data-act=sort]").click(); return performance.now() - t; }));
      times.next.push(await timed(() => { const t = performance.now(); document.querySelector("#big [data-act=next]").click(); return performance.now() - t; }));
      times.search.push(await timed(() => {
        const input = document.querySelector("#big input[type=search]");
        input.value = "customer 12";
        const t = performance.now();
        input.dispatchEvent(new Event("input", { bubbles: true }));
        return performance.now() - t;
      }));
      if (run === 0) check("[10k] no page or console errors", errors.length === 0, errors.join(" | "));
    } finally {
      await page.close();
    }
  }
  check("[10k] a 10,000-row paginated table keeps one page in the DOM", inDom === 10, String(inDom));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
  console.log(`info 10,000-row DataTable (median of 5, ms): mount ${median(times.mount)}, sort ${median(times.sort)}, next page ${median(times.next)}, search ${median(times.search)}`);
}

async function themeSuite(context) {
  const simple = (extra) => ({
    ...extra,
    $prefab: { version: "0.3" },
    view: { type: "Div", cssClass: "pf-app-root", children: [{ type: "Text", content: "Hello", id: "hello" }, { type: "Button", label: "Go", id: "go" }] },
  });
  const bodyLook = (page) => style(page, "body", ["background-color", "color"]);
  // Dark via the envelope's mode.
  let { page } = await openPage(context, pageWith(simple({ mode: "dark" })));
  try {
    await waitFor("the dark page", async () => (await page.$("#hello")) !== null);
    const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    const look = await bodyLook(page);
    check("mode: dark puts class dark on <html> and the dark palette applies", dark && look["background-color"] === "rgb(10, 10, 10)" && look.color === "rgb(250, 250, 250)", JSON.stringify(look));
  } finally {
    await page.close();
  }
  // A document's own theme: --primary changes the Button background.
  ({ page } = await openPage(context, pageWith(simple({ css: [":root{--primary:#ff0000}"] }))));
  try {
    await waitFor("the themed page", async () => (await page.$("#go")) !== null);
    const go = await style(page, "#go", ["background-color"]);
    check("a theme's --primary changes the Button background", go["background-color"] === "rgb(255, 0, 0)", go["background-color"]);
  } finally {
    await page.close();
  }
  // A custom dark theme keeps text readable.
  ({ page } = await openPage(context, pageWith(simple({ mode: "dark", css: [":root{--background:#fff;--foreground:#111}\n.dark{--background:#101820;--foreground:#e8e8e8}"] }))));
  try {
    await waitFor("the custom dark page", async () => (await page.$("#hello")) !== null);
    const text = await style(page, "#hello", ["color"]);
    const look = await bodyLook(page);
    check("a custom dark theme: light text on its dark background", text.color === "rgb(232, 232, 232)" && look["background-color"] === "rgb(16, 24, 32)", JSON.stringify({ text, look }));
  } finally {
    await page.close();
  }
  // An envelope without a view.
  ({ page } = await openPage(context, pageWith({ $prefab: { version: "0.3" }, state: {} })));
  try {
    await waitFor("the waiting note", async () => (await page.$(".pf-waiting")) !== null);
    check("an empty app shows 'Waiting for content…'", (await page.textContent(".pf-waiting")) === "Waiting for content…");
  } finally {
    await page.close();
  }
}

// What prefab-ui's renderer shows for these, measured there (issue 36): a document's utility
// classes win over the components' rules, controls are 32 px tall with 14 px text, a hidden
// panel stays hidden whatever its classes.
async function parityLooksSuite(context) {
  const envelope = {
    $prefab: { version: "0.3" },
    state: { tab: "a" },
    view: { type: "Div", cssClass: "pf-app-root", children: [
      { type: "Slider", id: "slider", name: "s", value: 40, indicatorClass: "bg-green-500" },
      { type: "Table", children: [{ type: "TableHeader", children: [{ type: "TableRow", children: [
        { type: "TableHead", id: "amount", content: "Amount", cssClass: "text-right" }] }] }] },
      { type: "Input", id: "input", name: "i" },
      { type: "Textarea", id: "textarea", name: "t" },
      { type: "Select", id: "select", name: "fruit", placeholder: "Fruit", children: [{ type: "SelectOption", value: "a", label: "Apple" }] },
      { type: "ButtonGroup", id: "group", orientation: "vertical", children: [{ type: "Button", label: "One" }, { type: "Button", label: "Two" }] },
      { type: "Tabs", id: "tabs", name: "tab", children: [
        { type: "Tab", title: "A", value: "a", children: [{ type: "Text", content: "first" }] },
        { type: "Tab", title: "B", value: "b", cssClass: "flex", children: [{ type: "Text", id: "second", content: "second" }] }] },
      { type: "Div", style: { height: "420px" } },
      { type: "Div", id: "late", children: [{ type: "DatePicker", name: "when" }] },
    ] },
  };
  const { page } = await openPage(context, pageWith(envelope));
  try {
    await waitFor("the parity page", async () => (await page.$("#tabs")) !== null);
    const range = await page.$eval("#slider .pf-slider-range", (e) => getComputedStyle(e).backgroundColor);
    check("a Slider's indicatorClass bg-green-500 wins over the variant colour", /^oklch\(0\.72|^rgb\(34, 197, 94\)/.test(range), range);
    const head = await style(page, "#amount", ["text-align", "font-weight"]);
    check("TableHead: text-right wins, weight 600 (prefab-ui's semibold)", head["text-align"] === "right" && head["font-weight"] === "600", JSON.stringify(head));
    const box = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { h: r.height, w: r.width, font: getComputedStyle(e).fontSize }; });
    const input = await box("#input");
    const trigger = await box("#select");
    const area = await box("#textarea");
    check("Input and Select trigger are 32 px tall with 14 px text at 1024 px", input.h === 32 && trigger.h === 32 && input.font === "14px" && trigger.font === "14px", JSON.stringify({ input, trigger }));
    check("an empty Textarea is 64 px tall", area.h === 64, JSON.stringify(area));
    const group = await box("#group");
    const root = await box(".pf-app-root");
    check("a vertical ButtonGroup is as wide as its buttons", group.w < root.w / 2, JSON.stringify({ group: group.w, root: root.w }));
    const list = await box("#tabs [role=tablist]");
    const tabs = await box("#tabs");
    check("the Tabs list spans the width", Math.abs(list.w - tabs.w) < 1 && tabs.w > root.w * 0.9, JSON.stringify({ list: list.w, tabs: tabs.w }));
    check("a hidden tab panel with a display utility stays hidden", !(await page.isVisible("#second")));
    // A DatePicker at the bottom of the view opens its calendar upwards, inside the viewport.
    await page.click("#late .pf-date-picker-trigger");
    const flip = await waitFor("the DatePicker's calendar", () =>
      page.evaluate(() => {
        const popup = document.querySelector("#late .pf-date-picker-content");
        if (!popup || popup.hidden) return null;
        const [p, t] = [popup.getBoundingClientRect(), document.querySelector("#late .pf-date-picker-trigger").getBoundingClientRect()];
        return { side: popup.dataset.side, top: p.top, bottom: p.bottom, trigger: t.top };
      }),
    );
    check("a DatePicker near the bottom opens upwards, inside the viewport", flip.side === "top" && flip.top >= 0 && flip.bottom <= flip.trigger, JSON.stringify(flip));
  } finally {
    await page.close();
  }
}

// Reduced motion (issue 40): under `prefers-reduced-motion: reduce` nothing animates or
// transitions for longer than 0 ms (loaders, switches, accordions, tooltips, charts).
async function reducedMotionSuite(context) {
  const envelope = {
    $prefab: { version: "0.3" },
    view: { type: "Div", cssClass: "pf-app-root", children: [
      { type: "Loader" }, { type: "Loader", variant: "dots" }, { type: "Switch", name: "sw", label: "On" },
      { type: "Accordion", children: [{ type: "AccordionItem", title: "More", children: [{ type: "Text", content: "inside" }] }] },
      { type: "Progress", value: 40 }, { type: "Button", label: "Go", cssClass: "transition-all duration-300 animate-pulse" },
    ] },
  };
  const { page } = await openPage(context, pageWith(envelope));
  try {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await waitFor("the motion page", async () => (await page.$(".pf-switch")) !== null);
    const moving = await page.evaluate(() => {
      const long = (v) => v.split(",").some((t) => parseFloat(t) > 0);
      const out = [];
      for (const el of document.querySelectorAll("body *")) {
        for (const pseudo of [null, "::before", "::after"]) {
          const s = getComputedStyle(el, pseudo);
          if ((s.animationName !== "none" && long(s.animationDuration)) || long(s.transitionDuration)) out.push(`${el.className || el.tagName}${pseudo || ""}: ${s.animationName} ${s.animationDuration} / ${s.transitionDuration}`);
        }
      }
      return out;
    });
    check("prefers-reduced-motion: no animation or transition longer than 0 ms", moving.length === 0, moving.slice(0, 5).join("; "));
  } finally {
    await page.close();
  }
}

/** Alert text of every variant keeps 4.5:1 on what is behind it, in both themes (issue 40). */
async function alertContrastSuite(context) {
  const variants = ["default", "destructive", "success", "warning", "info"];
  for (const mode of ["light", "dark"]) {
    const envelope = {
      $prefab: { version: "0.3" },
      mode,
      view: { type: "Div", cssClass: "pf-app-root", children: variants.map((v) => ({ type: "Alert", variant: v, children: [{ type: "AlertTitle", content: `Title ${v}` }, { type: "AlertDescription", content: `Description ${v}` }] })) },
    };
    const { page } = await openPage(context, pageWith(envelope));
    try {
      await waitFor("the alerts", async () => (await page.$$(".pf-alert")).length === variants.length);
      const ratios = await page.evaluate(() => {
        const c = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
        const rgba = (colour) => {
          c.clearRect(0, 0, 1, 1);
          c.fillStyle = colour;
          c.fillRect(0, 0, 1, 1);
          return [...c.getImageData(0, 0, 1, 1).data];
        };
        const lum = (rgb) => rgb.map((x) => ((x /= 255) <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4)).reduce((a, x, i) => a + x * [0.2126, 0.7152, 0.0722][i], 0);
        const behind = (el) => {
          for (; el; el = el.parentElement) {
            const b = rgba(getComputedStyle(el).backgroundColor);
            if (b[3] === 255) return b.slice(0, 3);
          }
          return [255, 255, 255];
        };
        return [...document.querySelectorAll(".pf-alert-title, .pf-alert-description")].map((e) => {
          const bg = behind(e);
          const fg = rgba(getComputedStyle(e).color);
          const seen = fg.slice(0, 3).map((x, i) => x * (fg[3] / 255) + bg[i] * (1 - fg[3] / 255));
          const [hi, lo] = [lum(seen), lum(bg)].sort((a, b) => b - a);
          return [e.textContent, (hi + 0.05) / (lo + 0.05)];
        });
      });
      for (const [text, ratio] of ratios) check(`[${mode}] Alert "${text}" has 4.5:1 contrast`, ratio >= 4.5, ratio.toFixed(2));
    } finally {
      await page.close();
    }
  }
}

async function hostSuite(host) {
  const envelope = { $prefab: { version: "0.3" }, view: { type: "Text", content: "Hosted", id: "hosted" } };
  const v = await host.open({ app: join(PAGES, "viewer.html"), csp: "default", toolInput: {}, toolResult: toolResult(envelope), hostContextChange: { theme: "dark" } });
  await guard("host theme suite ran to the end", async () => {
    await waitFor("the hosted text", async () => (await v.text("#hosted")) === "Hosted");
    await waitFor("the host's dark theme", () => v.frame().evaluate(() => document.documentElement.classList.contains("dark")));
    const bg = await v.frame().evaluate(() => getComputedStyle(document.body).backgroundColor);
    check("the host's theme: dark switches the palette", bg === "rgb(10, 10, 10)", bg);
    await v.setHostContext({ styles: { variables: { "--color-background-primary": "#123456", "--color-text-primary": "#fedcba" } } });
    const hosted = await waitFor("the host's style variables", () =>
      v.frame().evaluate(() => {
        const body = getComputedStyle(document.body);
        return body.backgroundColor === "rgb(18, 52, 86)" ? [body.backgroundColor, getComputedStyle(document.getElementById("hosted")).color] : null;
      }),
    );
    check("host style variables map onto the theme (--color-background-primary → --background)", hosted[1] === "rgb(254, 220, 186)", hosted.join(" "));
  }).finally(() => v.close());
}

await withHost(async (host) => {
  for (const suite of [lookSuite, tableSuite, themeSuite, parityLooksSuite, reducedMotionSuite, alertContrastSuite, bigTableSuite]) {
    await guard(`${suite.name} ran to the end`, () => suite(host.context));
  }
  await hostSuite(host);
}).finally(() => variants.remove());
finish();
