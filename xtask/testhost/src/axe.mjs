// Accessibility checks with axe-core (npm, a devDependency of the test host): injects axe's
// source into a Playwright page or frame and runs it on the whole document.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

let source;

/**
 * Runs axe-core in `target` (a Playwright `Page` or `Frame`) and returns its violations,
 * `[{id, impact, help, nodes: [target selectors…]}]`. `options` goes to `axe.run` (e.g.
 * `{runOnly: ["wcag2a", "wcag2aa"]}`); by default every rule axe enables runs.
 * Playwright's evaluate is not subject to the page's CSP, so this works in the sandboxed view.
 */
export async function axe(target, options = {}) {
  source ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  if (!(await target.evaluate(() => typeof window.axe === "object"))) await target.evaluate(source);
  return target.evaluate(async (opts) => {
    const result = await window.axe.run(document, { ...opts, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  }, options);
}

/** The violations of impact `serious` or `critical`. */
export const severe = (violations) => violations.filter((v) => v.impact === "serious" || v.impact === "critical");
