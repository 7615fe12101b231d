#!/usr/bin/env node
// Browser tests of the interactive family (Tabs, Accordion, Pages, Dialog, Popover, Tooltip,
// HoverCard, Carousel) on the standalone page of `fixtures/interactive.json`: rendering,
// ARIA wiring, keyboard operation (Playwright key presses), focus trap and return, and
// axe-core (no serious or critical violations).
//
//   cargo xtask pages && node prefab-renderer/tests/interactive.mjs --pages target/pages
//
// Ends with a plain `N passed, N failed` line; exits non-zero on failure.
import { PAGES_OPTION, axe, cli, launch, severe, standalone, tally, waitFor, watchedPage } from "../../xtask/testhost/index.mjs";

const { pages: PAGES } = cli("interactive.mjs", { pages: PAGES_OPTION });
const { check, guard, finish } = tally();
/** Runs one group of checks; an exception fails the group instead of ending the script. */
const group = (name, body) => guard(`${name}: ran to the end`, body);

const host = await launch();
const { page, errors: problems } = await watchedPage(host.context, { labelled: true });
const $ = (sel) => page.locator(sel);
const attr = (sel, name) => page.getAttribute(sel, name, { timeout: 3000 });
const hidden = (sel) => page.$eval(sel, (e) => e.closest("[hidden]") !== null || getComputedStyle(e).display === "none");
const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.className || "");
const inDialog = () => page.evaluate(() => document.activeElement?.closest("[role=dialog]")?.id ?? null);

try {
  await page.goto(standalone(PAGES, "interactive"));
  await waitFor("the fixture to render", () => page.$("#carousel"));

  await group("render", async () => {
    const unknown = await page.$$eval(".pf-unknown", (els) => els.map((e) => e.dataset.type));
    check("every interactive type renders (no placeholder)", unknown.length === 0, unknown.join(", "));
    const errors = await page.$$eval(".pf-error", (els) => els.map((e) => e.textContent));
    check("no error box", errors.length === 0, errors.join(" | "));
  });

  await group("tabs", async () => {
    const tabs = await page.$$eval("#tabs [role=tablist] [role=tab]", (els) => els.map((e) => e.id));
    check("Tabs: a tablist of four tabs", tabs.join() === "tab-account,tab-billing,tab-archived,tab-team", tabs.join());
    check("Tabs: the state key is seeded from `value`", (await $("#section-value").textContent()).startsWith("Section: billing;"));
    check("Tabs: the seeded tab is selected, its panel shown", (await attr("#tab-billing", "aria-selected")) === "true" && !(await hidden("#billing-body")) && (await hidden("#account-body")));
    const panel = await attr("#tab-billing", "aria-controls");
    const wired = await page.$eval(`[id="${panel}"]`, (e) => [e.getAttribute("role"), e.getAttribute("aria-labelledby")].join());
    check("Tabs: aria-controls names a tabpanel labelled by its tab", wired === "tabpanel,tab-billing", wired);
    check("Tabs: roving tabindex", (await attr("#tab-billing", "tabindex")) === "0" && (await attr("#tab-account", "tabindex")) === "-1");
    await $("#tab-billing").focus();
    await page.keyboard.press("ArrowRight");
    check("Tabs: ArrowRight skips the disabled tab and activates the next", (await focused()) === "tab-team" && (await attr("#tab-team", "aria-selected")) === "true" && !(await hidden("#team-body")));
    check("Tabs: selecting writes the state, then onChange gets $event", (await $("#section-value").textContent()) === "Section: Team; changed to: Team", await $("#section-value").textContent());
    await page.keyboard.press("ArrowRight");
    check("Tabs: ArrowRight wraps to the first tab", (await focused()) === "tab-account" && (await attr("#tab-account", "aria-selected")) === "true");
    await page.keyboard.press("End");
    check("Tabs: End goes to the last enabled tab", (await focused()) === "tab-team");
    await page.keyboard.press("Home");
    check("Tabs: Home goes to the first tab", (await focused()) === "tab-account");
    await page.keyboard.press("ArrowLeft");
    check("Tabs: ArrowLeft wraps to the last enabled tab", (await focused()) === "tab-team");
    const ring = await page.$eval("#tab-team", (e) => getComputedStyle(e).outlineStyle);
    check("Tabs: keyboard focus shows a focus ring", ring === "solid", ring);
    await $("#tab-billing").click();
    check("Tabs: a click selects", (await attr("#tab-billing", "aria-selected")) === "true" && !(await hidden("#billing-body")));
    const auto = await page.$$eval("#tabs-auto [role=tabpanel]", (els) => els.map((e) => e.hidden));
    check("Tabs: unnamed, without value, the first panel shows", auto.join() === "false,true", auto.join());
  });

  await group("accordion", async () => {
    check("Accordion: defaultValues opens its section", (await attr("#acc-shipping", "aria-expanded")) === "true" && !(await hidden("#shipping-body")));
    check("Accordion: other sections start closed", (await attr("#acc-returns", "aria-expanded")) === "false" && (await hidden("#returns-body")));
    const region = await attr("#acc-returns", "aria-controls");
    const wired = await page.$eval(`[id="${region}"]`, (e) => [e.getAttribute("role"), e.getAttribute("aria-labelledby")].join());
    check("Accordion: aria-controls names a region labelled by its header", wired === "region,acc-returns", wired);
    await $("#acc-returns").focus();
    await page.keyboard.press("Enter");
    check("Accordion: Enter opens a section and (single) closes the other", (await attr("#acc-returns", "aria-expanded")) === "true" && !(await hidden("#returns-body")) && (await attr("#acc-shipping", "aria-expanded")) === "false");
    await page.keyboard.press(" ");
    check("Accordion: Space closes it again", (await attr("#acc-returns", "aria-expanded")) === "false" && (await hidden("#returns-body")));
  });

  await group("pages", async () => {
    check("Pages: the first page shows", !(await hidden("#page-intro")) && (await hidden("#page-details")));
    await $("#to-details").click();
    check("Pages: setting the state key switches the page", (await hidden("#page-intro")) && !(await hidden("#page-details")));
  });

  await group("dialog", async () => {
    check("Dialog: closed at first", await hidden("#dialog"));
    await $("#open-dialog").click();
    check("Dialog: the trigger opens it", !(await hidden("#dialog")) && (await attr("#open-dialog", "aria-expanded")) === "true");
    const roles = await page.$eval("#dialog", (e) => [e.getAttribute("role"), e.getAttribute("aria-modal"), document.getElementById(e.getAttribute("aria-labelledby"))?.textContent].join());
    check("Dialog: role=dialog, aria-modal, labelled by its title", roles === "dialog,true,Delete project", roles);
    check("Dialog: focus moves into it", (await inDialog()) === "dialog" && (await focused()) === "dialog-input", await focused());
    const seen = new Set();
    let escaped = false;
    for (let n = 0; n < 6; n++) {
      await page.keyboard.press("Tab");
      seen.add(await focused());
      escaped ||= (await inDialog()) !== "dialog";
    }
    check("Dialog: Tab cycles inside (focus trap)", !escaped && seen.has("dialog-input") && seen.has("dialog-confirm"), [...seen].join());
    await $("#dialog-input").focus();
    await page.keyboard.press("Shift+Tab");
    check("Dialog: Shift+Tab from the first control wraps to the last", (await inDialog()) === "dialog" && (await focused()) === "pf-dialog-close", await focused());
    await page.keyboard.press("Escape");
    check("Dialog: Escape closes it", await hidden("#dialog"));
    check("Dialog: focus returns to the trigger", (await focused()) === "open-dialog", await focused());
    await $("#open-dialog").click();
    await $("#dialog-cancel").click();
    check("Dialog: closeOverlay closes it", await hidden("#dialog"));
    await $("#open-dialog").click();
    await page.mouse.click(4, 4);
    check("Dialog: a click outside closes it", await hidden("#dialog"));
    await $("#open-dialog").click();
    await $(".pf-dialog-close >> visible=true").click();
    check("Dialog: the close button closes it", await hidden("#dialog"));
  });

  await group("named dialog", async () => {
    await $("#open-named").click();
    check("Dialog(name): opening writes state[name] = true", !(await hidden("#named-dialog")));
    await page.keyboard.press("Escape");
    await page.mouse.click(4, 4);
    check("Dialog(dismissible: false): Escape and outside clicks keep it open", !(await hidden("#named-dialog")));
    check("Dialog(dismissible: false): no close button", (await page.$$("#named-dialog .pf-dialog-close")).length === 0);
    await $("#close-named").click();
    check("Dialog(name): setting the state false closes it", await hidden("#named-dialog"));
  });

  await group("popover", async () => {
    await $("#open-popover").click();
    check("Popover: opens on click, role=dialog", !(await hidden("#popover")) && (await attr("#popover", "role")) === "dialog");
    const [t, p] = await Promise.all(["#open-popover", "#popover"].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())));
    check("Popover: placed below its trigger", p.top >= t.bottom && p.top - t.bottom < 16, `${t.bottom} → ${p.top}`);
    check("Popover: focus moves into it", (await inDialog()) === "popover");
    await page.keyboard.press("Escape");
    check("Popover: Escape closes it and focus returns", (await hidden("#popover")) && (await focused()) === "open-popover");
  });

  await group("tooltip and hover card", async () => {
    await $("#tooltip-trigger").hover();
    await waitFor("the tooltip", async () => !(await hidden("#tooltip")));
    check("Tooltip: shows on hover, role=tooltip", (await attr("#tooltip", "role")) === "tooltip" && (await $("#tooltip").textContent()) === "Copies the link");
    check("Tooltip: the trigger is described by it", (await attr("#tooltip-trigger", "aria-describedby")) === "tooltip");
    const [t, p] = await Promise.all(["#tooltip-trigger", "#tooltip"].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())));
    check("Tooltip: placed above its trigger", p.bottom <= t.top, `${p.bottom} ≤ ${t.top}`);
    await page.mouse.move(1, 1);
    await waitFor("the tooltip to hide", () => hidden("#tooltip"));
    check("Tooltip: hides when the pointer leaves", true);
    await $("#hover-trigger").hover();
    await waitFor("the hover card", async () => !(await hidden("#hovercard")));
    check("HoverCard: shows its body on hover", (await $("#hover-body").textContent()) === "The prefab project");
    await page.mouse.move(1, 1);
    await waitFor("the hover card to hide", () => hidden("#hovercard"));
  });

  await group("carousel", async () => {
    const roles = await page.$eval("#carousel", (e) => [e.getAttribute("role"), e.getAttribute("aria-roledescription"), [...e.querySelectorAll("[aria-roledescription=slide]")].map((s) => s.getAttribute("aria-label")).join("|")].join());
    check("Carousel: region with aria-roledescription, labelled slides", roles === "region,carousel,1 of 3|2 of 3|3 of 3", roles);
    const active = () => page.$$eval("#carousel .pf-carousel-slide", (els) => els.findIndex((e) => e.hasAttribute("data-active")));
    await $("#carousel .pf-carousel-next").click();
    check("Carousel: next shows slide 2", (await active()) === 1);
    // The track slides with a CSS transition: wait until it has left the first slide.
    const transform = () => page.$eval("#carousel .pf-carousel-track", (e) => getComputedStyle(e).transform);
    let moved = await transform();
    for (let i = 0; i < 50 && (moved === "none" || moved === "matrix(1, 0, 0, 1, 0, 0)"); i++) {
      await page.waitForTimeout(100);
      moved = await transform();
    }
    check("Carousel: the track moves", moved !== "none" && moved !== "matrix(1, 0, 0, 1, 0, 0)", moved);
    await $("#carousel").focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    check("Carousel: Arrow keys move, looping past the first slide", (await active()) === 2);
    const dots = await page.$$eval("#carousel .pf-carousel-dot", (els) => els.map((e) => e.getAttribute("aria-current")).join());
    check("Carousel: the dots mark the current slide", dots === "false,false,true", dots);
    await $("#carousel .pf-carousel-previous").click();
    check("Carousel: previous goes back", (await active()) === 1);
  });

  await group("button icons", async () => {
    const parts = () => page.$eval("#icon-button", (b) => [...b.childNodes].map((n) => (n.nodeName === "svg" ? `svg:${n.getAttribute("class")}:${n.dataset.icon}:${n.getAttribute("aria-hidden")}` : n.textContent)).join("|"));
    check("Button.icon: the icon's svg is drawn before the label", (await parts()) === "svg:pf-icon:plus:true|Save", await parts());
    await $("#rename").click();
    check("Button.icon: the label stays bound to its template", (await parts()) === "svg:pf-icon:plus:true|Saved", await parts());
    const only = await page.$eval("#icon-only", (b) => [...b.childNodes].map((n) => `${n.nodeName}:${n.getAttribute?.("class") ?? ""}:${n.dataset?.icon ?? n.textContent}`).join("|"));
    check("Button.icon with an icon size: the svg, then the label for screen readers only", only === "svg:pf-icon:x|SPAN:pf-sr-only:Close", only);
    const box = await page.$eval("#icon-only .pf-sr-only", (e) => e.getBoundingClientRect().width);
    check("Button.icon with an icon size: the label takes no room", box <= 1, String(box));
  });

  await group("axe", async () => {
    const closed = severe(await axe(page));
    check("axe: no serious or critical violations", closed.length === 0, JSON.stringify(closed));
    await $("#open-dialog").click();
    const open = severe(await axe(page));
    check("axe: none with the dialog open either", open.length === 0, JSON.stringify(open));
    await page.keyboard.press("Escape");
  });

  check("no page or console errors", problems.length === 0, problems.join(" | "));
} finally {
  await page.close();
  await host.close();
}
finish();
