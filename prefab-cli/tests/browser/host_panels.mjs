// Browser test of the preview host's own page around a view (run by `cargo xtask serve`):
//
//   node prefab-cli/tests/browser/host_panels.mjs --bin target/debug/prefab
//
// Starts `prefab serve --port 0` with a fresh data directory and opens the preview host in
// headless Chromium on the gallery's sales dashboard. The Width presets (360, 512, 720 px,
// full) size the view's frame and tell the view its new width
// (`ui/notifications/host-context-changed` with `containerDimensions`); on a page made tall
// by the view, the side panels run its whole height and what is in them stays in view when
// the page is scrolled to its end. Prints "N passed, N failed"; exits 1 on failure.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { cli, tally, watch } from "../../../xtask/testhost/index.mjs";
import { callForView, pick, recordFrames, until, withServe } from "./support.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const { bin } = cli("host_panels.mjs", {
  bin: { type: "string", default: join(ROOT, "target/debug/prefab"), path: true },
});
const { test, finish } = tally();

/** The widths the view was told, in order (from the messages its frame received). */
const toldWidths = (frame) =>
  frame.evaluate(() =>
    (window.__received ?? [])
      .filter((m) => m?.method === "ui/notifications/host-context-changed")
      .map((m) => m.params?.containerDimensions?.width)
      .filter((w) => w !== undefined),
  );

const frameWidth = (page) => page.$eval("#frame-box iframe", (f) => Math.round(f.getBoundingClientRect().width));

await withServe(bin, "panels", async ({ browser, server }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
  await recordFrames(page);
  const errors = watch(page, { labelled: true });
  await page.goto(`${server.preview}?tool=gallery_sales_dashboard`);
  await pick(page, "gallery_sales_dashboard");
  const frame = await callForView(page);
  await until("the dashboard rendered", async () => (await frame.textContent("body")).includes("Sales 2025"));

  await test("Width: 360, 512 and 720 px size the view's frame and are told to the view; full gives it the column", async () => {
    const full = await frameWidth(page);
    assert.ok(full > 720, `the whole column is wider than the presets: ${full}`);
    for (const width of [360, 512, 720]) {
      await page.selectOption("#width", String(width));
      await until(`the frame ${width} px wide`, async () => (await frameWidth(page)) === width);
      await until(`the view told ${width} px`, async () => (await toldWidths(frame)).at(-1) === width);
    }
    await page.selectOption("#width", "");
    await until("the frame as wide as the column again", async () => (await frameWidth(page)) === full);
    await until("the view told the column's width", async () => (await toldWidths(frame)).at(-1) === full);
  });

  await test("on a page made tall by the view, the side panels run its whole height and stay in view", async () => {
    await page.selectOption("#width", "360");
    const viewport = page.viewportSize().height;
    await until("a page taller than twice the window", () => page.evaluate((h) => document.documentElement.scrollHeight > 2 * h, viewport));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const boxes = await page.evaluate(() => {
      const rect = (selector) => document.querySelector(selector).getBoundingClientRect().toJSON();
      return {
        main: rect("main"),
        nav: rect("nav"),
        aside: rect("aside"),
        tools: rect("nav h2"),
        context: rect("aside h2"),
        scrolled: window.scrollY,
      };
    });
    assert.ok(boxes.scrolled > viewport, `the page scrolled: ${boxes.scrolled}`);
    for (const side of ["nav", "aside"]) {
      assert.ok(Math.abs(boxes[side].bottom - boxes.main.bottom) < 1, `${side} ends with the page: ${JSON.stringify(boxes)}`);
    }
    for (const heading of ["tools", "context"]) {
      const { top, bottom } = boxes[heading];
      assert.ok(top >= 0 && bottom <= viewport, `the ${heading} heading in view: ${JSON.stringify(boxes[heading])}`);
    }
  });

  await test("no page errors or console errors", () => {
    assert.deepEqual(errors, []);
  });
});
finish({ exit: true });
