// What the hosts suite checks in each view a host opened: its text, no error box or
// placeholder, no console error and no Content-Security-Policy refusal from the view's frame.
import { isCspMessage, noteViolation } from "../testhost/index.mjs";
import { until } from "../../prefab-cli/tests/browser/support.mjs";

/**
 * Where a console message was logged, as Chromium reports it for a view: the view document
 * is a srcdoc frame, so its scripts and its refusals carry `about:srcdoc` (or no URL at all
 * for a refusal raised while its document was parsed).
 */
const fromView = (message) => ["about:srcdoc", ""].includes(message.location().url);

/**
 * A view frame of `page` that was not in `before`: a srcdoc frame whose parent (the host's
 * sandbox proxy) has `proxyPath` in its URL.
 */
export const newViewFrame = (page, before, proxyPath) =>
  page.frames().find((f) => !before.has(f) && !f.isDetached() && f.url() === "about:srcdoc" && f.parentFrame()?.url().includes(proxyPath));

/**
 * Records the console errors and CSP refusals of the view frames of `page` (every frame's
 * console reaches the page; the host's own lines are kept apart in `host`). Returns
 * `{view, host}`, lists that grow as the page logs.
 */
export function watchViews(page) {
  const seen = { view: [], host: [] };
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const line = `${message.text()} (${message.location().url || "no URL"})`;
    (fromView(message) ? seen.view : seen.host).push(line);
  });
  page.on("pageerror", (error) => seen.host.push(`page error: ${error.message}`));
  return seen;
}

/**
 * The checks of one opened view (`frame`) of `host`: the case's text shows, no `.pf-error` or
 * `.pf-unknown`, the case's own step (a tool called through the host) has its effect, and no
 * console error or CSP refusal was logged by a view since `mark` (an index into `seen.view`).
 */
export async function checkView(host, frame, testCase, seen, mark) {
  await until(`${host} ${testCase.name}: "${testCase.text}" in the view`, async () => {
    const text = (await frame.textContent("body")) ?? "";
    return text.includes(testCase.text) && text.trim() !== "";
  }, 60_000);
  const broken = await frame.$$eval(".pf-unknown, .pf-error", (es) => es.map((e) => `${e.className}: ${e.textContent.slice(0, 120)}`));
  if (broken.length) throw new Error(`placeholders or error boxes: ${broken.join(" | ")}`);
  if (testCase.act) await testCase.act(frame);
  const errors = seen.view.slice(mark);
  for (const line of errors.filter(isCspMessage)) noteViolation(`${host} ${testCase.name}`, line);
  if (errors.length) throw new Error(`console errors from the view: ${errors.map((line) => line.slice(0, 300)).join(" | ")}`);
}
