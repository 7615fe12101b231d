#!/usr/bin/env node
// Accessibility of every view (issue 40): axe-core (the test host's pinned copy) on every
// catalogue document (conformance documents and components, examples, auto-renderer
// outputs) and every gallery view, on both engines, in the light and the dark theme. Prints
// the serious and critical violations per rule and per document, then a closing
// `N passed, N failed` line (one check per document × engine × theme). Rules about the page
// around a view, which a host's iframe does not have, are off: `landmark-one-main`,
// `page-has-heading-one` and `region` (a view is a fragment of the host's page).
// Once per document (first engine, light) also: every form control and button has a
// non-empty accessible name (Chromium's own, from its accessibility tree), and in every
// `Field` the `Label` names the control, a `FieldDescription` and a shown `FieldError` are in
// its `aria-describedby`, and a shown error sets `aria-invalid="true"`.
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

// Controls of each kind in a `Field` with a `Label` without `forId`, a description, an error;
// the last error appears later (a `Condition` on state, switched by the button).
const field = (label, control, ...rest) => ({ type: "Field", children: [{ type: "Label", text: label }, control, ...rest] });
const FIELDS = {
  $prefab: { version: "0.3" },
  state: { late: false },
  view: { type: "Column", children: [
    field("Fruit", { type: "Select", name: "fruit", children: [{ type: "SelectOption", value: "apple", label: "Apple" }] }, { type: "FieldDescription", content: "Pick one" }),
    field("Language", { type: "Combobox", name: "lang", children: [{ type: "ComboboxOption", value: "rust", label: "Rust" }] }),
    field("Volume", { type: "Slider", name: "volume" }, { type: "FieldDescription", content: "0 to 100" }),
    field("Email", { type: "Input", name: "email" }, { type: "FieldDescription", content: "Work address" }, { type: "FieldError", content: "Enter an email" }),
    field("Notify", { type: "Switch", name: "notify" }),
    field("Bio", { type: "Textarea", id: "late-bio", name: "bio" }, { type: "Condition", cases: [{ when: "{{ late }}", children: [{ type: "FieldError", id: "late-error", content: "Too short" }] }] }),
    { type: "Button", id: "late-button", label: "Check", onClick: { action: "setState", key: "late", value: true } },
  ] },
};

const gallery = join(ROOT, "target/gallery");
const docs = [
  ...catalogue().docs,
  ...(existsSync(gallery) ? readdirSync(gallery).filter((f) => f.endsWith(".json")).sort() : []).map((f) => ({ name: `gallery/${f}`, envelope: JSON.parse(readFileSync(join(gallery, f), "utf8")) })),
  { name: "a11y/fields", envelope: FIELDS },
].filter((d) => !EXEMPT.has(d.name) && d.name.includes(opts.only));

/** Roles of the accessibility tree that must carry a name. */
const CONTROLS = new Set(["textbox", "searchbox", "spinbutton", "combobox", "listbox", "checkbox", "switch", "radio", "slider", "button"]);

/** Unnamed controls of the page, from Chromium's accessibility tree. */
async function unnamed(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const out = [];
    for (const n of nodes) {
      if (n.ignored || !CONTROLS.has(n.role?.value) || String(n.name?.value ?? "").trim()) continue;
      const { node } = await cdp.send("DOM.describeNode", { backendNodeId: n.backendDOMNodeId }).catch(() => ({ node: null }));
      const attrs = node?.attributes ?? [];
      const at = (k) => attrs[attrs.indexOf(k) + 1];
      out.push(`unnamed ${n.role.value} <${node?.localName}${attrs.includes("id") ? `#${at("id")}` : ""}${attrs.includes("class") ? `.${at("class").split(" ")[0]}` : ""}>`);
    }
    return out;
  } finally {
    await cdp.detach();
  }
}

/** In the page: each `Field`'s label, description and error linked to its control. */
function fieldLinks() {
  const problems = [];
  const ids = (el, attr) => (el.getAttribute(attr) ?? "").split(/\s+/).filter(Boolean);
  for (const field of document.querySelectorAll(".pf-field")) {
    const control = field.querySelector("input:not([type=hidden]),textarea,select,[role=combobox],[role=switch],[role=checkbox],[role=radiogroup],[role=slider]");
    if (!control) continue;
    const what = control.id ? `#${control.id}` : control.className.split(" ")[0];
    const described = ids(control, "aria-describedby");
    const label = field.querySelector(".pf-label");
    if (label && !label.contains(control) && !(control.labels && [...control.labels].includes(label)) && !ids(control, "aria-labelledby").includes(label.id)) problems.push(`Label "${label.textContent}" does not name ${what}`);
    for (const d of field.querySelectorAll(".pf-field-description")) if (!described.includes(d.id) || !d.id) problems.push(`FieldDescription not in ${what}'s aria-describedby`);
    for (const e of field.querySelectorAll(".pf-field-error")) {
      if (!e.textContent.trim() || e.closest("[hidden]")) continue;
      if (!e.id || !described.includes(e.id)) problems.push(`FieldError not in ${what}'s aria-describedby`);
      if (control.getAttribute("aria-invalid") !== "true") problems.push(`${what} with a FieldError lacks aria-invalid=true`);
    }
  }
  for (const c of document.querySelectorAll("[aria-invalid=true]")) {
    const error = c.closest(".pf-field")?.querySelector(".pf-field-error");
    if (error && !ids(c, "aria-describedby").includes(error.id)) problems.push(`aria-invalid #${c.id} not described by its error`);
  }
  return problems;
}

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
            if (engine === engines[0][0] && mode === "light") {
              const names = [...(await unnamed(page)), ...(await page.evaluate(fieldLinks))];
              for (const n of names) byRule.set("form-names", (byRule.get("form-names") ?? 0) + 1);
              problems.push(...names);
            }
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
// An error that appears later is linked too.
await withHost(async (host) => {
  if (!"a11y/fields".includes(opts.only)) return;
  const { page } = await watchedPage(host.context, { viewport: { width: 1024, height: 800 } });
  const files = documentPages(opts.pages);
  try {
    await renderIn(page, files.url(FIELDS));
    await page.click("#late-button");
    const linked = () => page.$eval("#late-bio", (c) => c.getAttribute("aria-invalid") === "true" && (c.getAttribute("aria-describedby") ?? "").split(" ").includes("late-error"));
    let ok = false;
    for (const end = Date.now() + 3000; !ok && Date.now() < end; ) ok = await linked().catch(() => false);
    check("a11y/fields: a FieldError shown later describes its control, aria-invalid", ok, await page.$eval("#late-bio", (c) => c.outerHTML));
  } finally {
    files.remove();
  }
});
if (byRule.size) console.log(`serious/critical elements by rule: ${[...byRule].map(([r, n]) => `${r} ${n}`).join(", ")}`);
finish();
