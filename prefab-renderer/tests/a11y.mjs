#!/usr/bin/env node
// Accessibility of every view (issue 40): axe-core (the test host's pinned copy) on every
// catalogue document (conformance documents and components, examples, auto-renderer
// outputs) and every gallery view, on both engines, in the light and the dark theme. Prints
// the serious and critical violations per rule and per document, then a closing
// `N passed, N failed` line (one check per document × engine × theme). Rules about the page
// around a view, which a host's iframe does not have, are off: `landmark-one-main`,
// `page-has-heading-one` and `region` (a view is a fragment of the host's page).
//
//   cargo xtask pages && node prefab-renderer/tests/a11y.mjs --pages target/pages [--only NAME]
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PAGES_OPTION, STANDALONE_POLICY, axe, cli, policyFor, severe, tally, watchedPage, withHost } from "../../xtask/testhost/index.mjs";
import { ROOT, catalogue, documentPages, renderIn } from "./catalog.mjs";

const opts = cli("a11y.mjs", { pages: PAGES_OPTION, only: { type: "string", default: "" } });
const { check, finish } = tally({ quiet: true });

// Fixtures that are a bare control with no label, text or `ariaLabel` (prefab-ui's fixture
// gives it none), or an option outside its list: no renderer can name them.
const EXEMPT = new Set(["Checkbox", "Combobox", "ComboboxOption", "Input", "Radio", "Select", "SelectOption", "Switch", "Textarea"].map((t) => `components/${t}.json`));
const RULES_OFF = { rules: { "landmark-one-main": { enabled: false }, "page-has-heading-one": { enabled: false }, region: { enabled: false } } };

const gallery = join(ROOT, "target/gallery");
const docs = [
  ...catalogue().docs,
  ...(existsSync(gallery) ? readdirSync(gallery).filter((f) => f.endsWith(".json")).sort() : []).map((f) => ({ name: `gallery/${f}`, envelope: JSON.parse(readFileSync(join(gallery, f), "utf8")) })),
].filter((d) => !EXEMPT.has(d.name) && d.name.includes(opts.only));

const byRule = new Map();
const engines = [
  ["wasm2js", STANDALONE_POLICY],
  ["wasm", policyFor("default+wasm")],
];
await withHost(async (host) => {
  const { page } = await watchedPage(host.context, { viewport: { width: 1024, height: 800 } });
  for (const [engine, policy] of engines) {
    const files = documentPages(opts.pages, policy);
    try {
      for (const mode of ["light", "dark"]) {
        for (const doc of docs) {
          const label = `[${engine}, ${mode}] ${doc.name}`;
          const problems = [];
          try {
            await renderIn(page, files.url({ ...doc.envelope, mode }));
            // The theme under test is the one drawn (else "dark" would check the light page).
            const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
            if (dark !== (mode === "dark")) problems.push(`drawn ${dark ? "dark" : "light"}, not ${mode}`);
            for (const v of severe(await axe(page, RULES_OFF))) {
              problems.push(`${v.impact} ${v.id}: ${v.nodes.slice(0, 3).join(", ")}`);
              byRule.set(v.id, (byRule.get(v.id) ?? 0) + v.nodes.length);
            }
          } catch (e) {
            problems.push(`did not render: ${e.message.split("\n")[0]}`);
          }
          check(label, problems.length === 0, problems.join("; "));
        }
      }
    } finally {
      files.remove();
    }
  }
});
if (byRule.size) console.log(`serious/critical elements by rule: ${[...byRule].map(([r, n]) => `${r} ${n}`).join(", ")}`);
finish();
