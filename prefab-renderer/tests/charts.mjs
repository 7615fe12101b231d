#!/usr/bin/env node
// Browser tests of the charts (render/chart/) in headless Chromium, on the standalone pages
// `cargo xtask pages` writes for tests/fixtures/charts.json (every chart type) and
// tests/fixtures/charts-auto.json (prefab's auto_chart output, checked by
// prefab/tests/auto_chart_fixture.rs); then the axis tick labels of every Cartesian chart of
// the conformance documents and chart fixtures against prefab-ui's
// (tests/fixtures/chart-ticks.prefab-ui.json, see chart-ticks-reference.mjs).
//
//   node prefab-renderer/tests/charts.mjs --pages target/pages
//
// Ends with a plain `N passed, N failed` line.
import { readFileSync } from "node:fs";
import { PAGES_OPTION, cli, standalone, tally, waitFor, watchedPage, withHost } from "../../xtask/testhost/index.mjs";
import { documentPages, renderIn } from "./catalog.mjs";
import { REFERENCE_FILE, chartCases } from "./chart-ticks-reference.mjs";

const { pages: PAGES } = cli("charts.mjs", { pages: PAGES_OPTION });
const { check, guard, finish } = tally();

const count = (page, sel) => page.$$eval(sel, (els) => els.length);
const texts = (page, sel) => page.$$eval(sel, (els) => els.map((e) => e.textContent));

async function everyType(host) {
  const { page, errors } = await watchedPage(host.context);
  await guard("charts suite ran to the end", async () => {
    await page.goto(standalone(PAGES, "charts"));
    await waitFor("the bar chart", async () => (await count(page, "#bar .pf-chart-bar")) > 0);
    check("no unknown-component placeholder", (await count(page, ".pf-unknown")) === 0, (await texts(page, ".pf-unknown")).join(" | "));
    check("no error box", (await count(page, ".pf-error")) === 0, (await texts(page, ".pf-error")).join(" | "));
    const expect = [
      ["#bar .pf-chart-bar", 8, "grouped bars: 4 rows × 2 series"],
      ["#stacked .pf-chart-bar", 6, "stacked bars: 3 rows × 2 series"],
      ["#horizontal .pf-chart-bar", 3, "horizontal bars"],
      ["#line .pf-chart-line", 2, "one line a series"],
      ["#line .pf-chart-dot", 8, "line dots (showDots)"],
      ["#area .pf-chart-area", 2, "stacked areas"],
      ["#donut .pf-chart-slice", 4, "donut slices"],
      ["#pie .pf-chart-slice", 3, "pie slices with aggregateBelow (A, B, Other)"],
      ["#pie .pf-chart-label", 3, "pie value labels (showLabel)"],
      ["#radar .pf-chart-radar", 2, "radar polygons"],
      ["#radar .pf-chart-dot", 10, "radar dots"],
      ["#radial .pf-chart-radial-bar", 3, "radial bars"],
      ["#scatter .pf-chart-dot", 3, "scatter dots"],
      ["#spark .pf-sparkline-line", 1, "sparkline line"],
      ["#spark linearGradient stop", 2, "sparkline fill gradient"],
      ["#spark-bars rect", 3, "sparkline bars"],
      ["#histogram .pf-chart-bar", 4, "histogram bins"],
      ["#waterfall .pf-chart-bar", 4, "waterfall steps"],
      ["#waterfall .pf-chart-connector", 3, "waterfall connectors"],
    ];
    for (const [sel, n, what] of expect) {
      const got = await count(page, sel);
      check(`${what}: ${n}`, got === n, `${sel} → ${got}`);
    }
    const barTicks = await texts(page, "#bar .pf-chart-tick");
    check("category tick labels", ["Jan", "Feb", "Mar", "Apr"].every((t) => barTicks.includes(t)), barTicks.join(","));
    check("value tick labels (prefab-ui's, from 0)", ["0", "80", "160", "240", "320"].every((t) => barTicks.includes(t)), barTicks.join(","));
    check("axis titles", (await texts(page, "#bar .pf-chart-axis-title")).join(",") === "Month,USD");
    const lineTicks = await texts(page, "#line .pf-chart-tick");
    check("negative values get negative ticks", lineTicks.some((t) => /^-\d/.test(t)) && lineTicks.includes("0"), lineTicks.join(","));
    check("horizontal bars label categories", (await texts(page, "#horizontal .pf-chart-tick")).includes("South"));
    const sparkClass = await page.$eval("#spark svg", (e) => e.getAttribute("class"));
    check("sparkline variant hook", sparkClass.includes("pf-sparkline-variant-success"), sparkClass);
    const histTicks = await texts(page, "#histogram .pf-chart-tick");
    check("histogram bin labels", histTicks.includes("1–3"), histTicks.join(","));

    check("legend entries", (await texts(page, "#bar .pf-chart-legend-item")).join(",") === "Revenue,Cost");
    check("donut legend names slices", (await texts(page, "#donut .pf-chart-legend-item")).join(",") === "Chrome,Safari,Firefox,Edge");
    check("waterfall legend", (await texts(page, "#waterfall .pf-chart-legend-item")).join(",") === "Total,Increase,Decrease");
    const fills = await page.$$eval("#bar .pf-chart-bar", (els) => els.map((e) => e.getAttribute("fill")));
    check("theme colour for a series without color", fills[0].includes("--chart-1"), fills[0]);
    check("series color override", fills.includes("#ff0000"), fills.join(","));
    const donut = await page.$eval("#donut .pf-chart-slice", (e) => e.getAttribute("d"));
    check("donut slices are ring sectors (two arcs)", (donut.match(/A/g) || []).length === 2, donut);

    const svg = await page.$eval("#bar svg", (e) => ({ role: e.getAttribute("role"), label: e.getAttribute("aria-label") }));
    check("svg role=img with a summary label", svg.role === "img" && svg.label.includes("BarChart") && svg.label.includes("Revenue"), JSON.stringify(svg));
    const table = await texts(page, "#bar .pf-chart-table tr");
    check("hidden data table lists every point", table.length === 4 && table[0].includes("Jan") && table[0].includes("Revenue: 120"), table.join(" | "));

    await page.hover("#bar .pf-chart-bar");
    const tip = await page.$eval("#bar .pf-chart-tooltip", (e) => ({ shown: getComputedStyle(e).display !== "none", text: e.textContent }));
    check("tooltip appears on hover", tip.shown && tip.text.includes("Jan") && tip.text.includes("Revenue") && tip.text.includes("120"), JSON.stringify(tip));
    await page.hover("#donut .pf-chart-slice >> nth=1");
    const pieTip = await page.textContent("#donut .pf-chart-tooltip");
    check("pie tooltip names the slice", pieTip.includes("Safari") && pieTip.includes("25"), pieTip);
    await page.hover("#area .pf-chart-hit >> nth=0");
    const areaTip = await page.textContent("#area .pf-chart-tooltip");
    check("valueFormat pipe formats tooltip values", areaTip.includes("$1.00"), areaTip);
    await page.mouse.move(1, 1);
    const hidden = await page.$eval("#bar .pf-chart-tooltip", (e) => getComputedStyle(e).display === "none");
    check("tooltip hides when the pointer leaves", hidden);

    await page.focus("#line svg");
    await page.keyboard.press("ArrowRight");
    const keyTip = await page.textContent("#line .pf-chart-tooltip");
    check("keyboard: focus and arrow keys move the tooltip", keyTip.includes("Tue") && keyTip.includes("Temp"), keyTip);

    const widths = await page.$eval("#bar", (e) => [e.clientWidth, Number(e.querySelector("svg").getAttribute("viewBox").split(" ")[2])]);
    check("drawn at the container's width", Math.abs(widths[0] - widths[1]) < 1, widths.join(" vs "));
    await page.setViewportSize({ width: 500, height: 1000 });
    await waitFor("a redraw at the new width", async () => {
      const [w, vb] = await page.$eval("#bar", (e) => [e.clientWidth, Number(e.querySelector("svg").getAttribute("viewBox").split(" ")[2])]);
      return w < widths[0] && Math.abs(w - vb) < 1;
    });
    check("redrawn when the width changes", true);

    await page.click("#swap");
    await waitFor("the swapped data", async () => (await count(page, "#bar .pf-chart-bar")) === 4);
    const swapped = await texts(page, "#bar .pf-chart-tick");
    check("reactive data: state change redraws the chart", swapped.includes("May") && !swapped.includes("Jan"), swapped.join(","));
    check("no page or console errors", errors.length === 0, errors.join(" | "));
  }).finally(() => page.close());
}

async function autoCharts(host) {
  const { page, errors } = await watchedPage(host.context);
  await guard("[auto_chart] suite ran to the end", async () => {
    await page.goto(standalone(PAGES, "charts-auto"));
    await waitFor("the auto charts", async () => (await count(page, ".pf-chart svg")) === 5);
    check("[auto_chart] no placeholder or error box", (await count(page, ".pf-unknown, .pf-error")) === 0);
    check("[auto_chart] line chart over time", (await count(page, '[aria-label^="LineChart"] .pf-chart-line')) === 2);
    check("[auto_chart] pie", (await count(page, '[aria-label^="PieChart"] .pf-chart-slice')) === 2);
    check("[auto_chart] bar with a negative value", (await count(page, '[aria-label^="BarChart"] .pf-chart-bar')) === 2);
    check("[auto_chart] scatter", (await count(page, '[aria-label^="ScatterChart"] .pf-chart-dot')) === 3);
    check("[auto_chart] area", (await count(page, '[aria-label^="AreaChart"] .pf-chart-area')) === 2);
    check("[auto_chart] no page or console errors", errors.length === 0, errors.join(" | "));
  }).finally(() => page.close());
}

/**
 * Each chart alone at 1024 px, as the reference was taken: its value and category labels
 * (left-axis labels are anchored `end`, bottom-axis labels `middle`) equal prefab-ui's, in
 * the same order (value axes from the lowest, categories from the first).
 */
async function tickLabels(host) {
  const { labels } = JSON.parse(readFileSync(REFERENCE_FILE, "utf8"));
  const cases = chartCases();
  check("[ticks] a reference for every chart", cases.every((c) => labels[c.key]), cases.filter((c) => !labels[c.key]).map((c) => c.key).join(", "));
  const files = documentPages(PAGES);
  const { page, errors } = await watchedPage(host.context, { viewport: { width: 1024, height: 700 } });
  await guard("[ticks] ran to the end", async () => {
    for (const { key, envelope } of cases.filter((c) => labels[c.key])) {
      await renderIn(page, files.url(envelope));
      const got = await page.$$eval(".pf-chart-tick", (els) => ({
        x: els.filter((e) => e.getAttribute("text-anchor") === "middle").map((e) => e.textContent),
        y: els.filter((e) => e.getAttribute("text-anchor") === "end").map((e) => e.textContent),
      }));
      const want = labels[key];
      const same = (a, b) => a.length === b.length && a.every((t, i) => t === b[i]);
      check(`[ticks] ${key}`, same(got.x, want.x) && same(got.y, want.y), `ours x [${got.x}] y [${got.y}], prefab-ui x [${want.x}] y [${want.y}]`);
    }
    check("[ticks] no page or console errors", errors.length === 0, errors.join(" | "));
  }).finally(() => {
    files.remove();
    return page.close();
  });
}

await withHost(async (host) => {
  await everyType(host);
  await autoCharts(host);
  await tickLabels(host);
});
finish();
