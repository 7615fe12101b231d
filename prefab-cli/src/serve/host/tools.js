// The preview host's tool list and call form: the server's tools grouped by example
// (`_meta["prefab/example"]`: {name, order}), UI tools first, each labelled by its title
// when it has one (its name under it), else by its name; a form generated from the
// selected tool's input schema (schema-form.js); the call, and the view it opens. On load the
// host selects the tool marked `_meta["prefab/start"]` (or the one named by `?tool=NAME`;
// `?tool=` for none) without calling it. Loaded after host.js and schema-form.js, whose
// functions (mcp, log, openView, closeView; resolve, schemaField, readFields) it uses.
"use strict";

let tools = [];

/** The example a tool belongs to: `_meta["prefab/example"]` ({name, order}), else "Other tools". */
function exampleOf(tool) {
  const example = tool?._meta?.["prefab/example"];
  return {
    name: typeof example?.name === "string" ? example.name : "Other tools",
    order: Number.isFinite(example?.order) ? example.order : Infinity,
  };
}

/**
 * The tools as the list shows them: groups by example (groups with a UI tool first, then by
 * their order and name), and in each group the UI tools first, then by label (title, else name).
 */
function groupedTools(list) {
  const groups = new Map();
  for (const tool of list) {
    const { name, order } = exampleOf(tool);
    if (!groups.has(name)) groups.set(name, { name, order, tools: [] });
    groups.get(name).tools.push(tool);
  }
  const noUi = (tool) => (uiResourceUri(tool) ? 0 : 1);
  for (const group of groups.values()) {
    group.tools.sort((a, b) => noUi(a) - noUi(b) || toolLabel(a).localeCompare(toolLabel(b)));
  }
  const rank = (group) => Math.min(...group.tools.map(noUi));
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.order - b.order || a.name.localeCompare(b.name));
}

/**
 * What the page calls a tool, whatever SDK made it: its title when it has one, else its name.
 * The name, which the model and the view call it by, is shown under a title.
 */
const toolLabel = (tool) => (typeof tool.title === "string" && tool.title !== "" ? tool.title : tool.name);

/** The tool's name when the page labels it with something else (its title), else null. */
const nameUnderLabel = (tool) => (toolLabel(tool) === tool.name ? null : tool.name);

function toolButton(tool) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.tool = tool.name;
  button.textContent = toolLabel(tool);
  if (uiResourceUri(tool)) {
    const badge = document.createElement("span");
    badge.className = "ui-badge";
    badge.textContent = "UI";
    button.append(badge);
  }
  const name = nameUnderLabel(tool);
  if (name) {
    const code = document.createElement("code");
    code.className = "tool-name";
    code.textContent = name;
    button.append(code);
  }
  button.addEventListener("click", () => selectTool(tool));
  li.append(button);
  return li;
}

async function loadTools() {
  const list = $("tools");
  try {
    const result = await mcp("tools/list", {});
    tools = result.tools ?? [];
  } catch (e) {
    list.innerHTML = "";
    const li = document.createElement("li");
    li.textContent = `tools/list failed: ${e.message}`;
    list.append(li);
    return;
  }
  list.innerHTML = "";
  for (const group of groupedTools(tools)) {
    const li = document.createElement("li");
    li.className = "tool-group";
    const heading = document.createElement("h3");
    heading.textContent = group.name;
    const items = document.createElement("ul");
    items.setAttribute("aria-label", group.name);
    items.append(...group.tools.map(toolButton));
    li.append(heading, items);
    list.append(li);
  }
  log(`tools/list: ${tools.length} tools`);
  await openStartTool();
}

/**
 * Selects the start tool (`?tool=NAME`, else the one marked `prefab/start`) and fills its
 * form; it is never called from here: a link or a framing page must not run a tool, the
 * user clicks "Call tool".
 */
async function openStartTool() {
  const asked = new URLSearchParams(location.search).get("tool");
  const start = asked !== null ? tools.find((t) => t.name === asked) : tools.find((t) => t._meta?.["prefab/start"] === true);
  if (start) selectTool(start);
}

let selected = null;

function selectTool(tool) {
  selected = tool;
  for (const b of $("tools").querySelectorAll("button")) {
    b.setAttribute("aria-current", String(b.dataset.tool === tool.name));
  }
  $("tool-title").textContent = toolLabel(tool);
  $("tool-name").textContent = nameUnderLabel(tool) ?? "";
  $("tool-name").hidden = !nameUnderLabel(tool);
  $("tool-description").textContent = tool.description ?? "";
  const fields = $("fields");
  fields.innerHTML = "";
  const root = tool.inputSchema ?? {};
  startForm(root);
  const schema = resolve(root, root);
  const required = new Set(schema.required ?? []);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    fields.append(field(name, prop ?? {}, required.has(name), root));
  }
  const form = takesForm(root);
  $("form-note").hidden = !form;
  $("open-form").hidden = !form;
  $("tool-form").hidden = false;
}

/**
 * Whether a tool answers a call without arguments with its form: its input schema carries
 * `"x-prefab-form": true` (prefab-mcp's `form_schema`). Its **Open form** button calls it
 * with no arguments, which the browser would refuse through the fields' `required`.
 */
const takesForm = (schema) => schema?.["x-prefab-form"] === true;

/** One form field for a schema property (see schema-form.js; `root` holds its `$defs`). */
function field(name, prop, required, root = {}) {
  return schemaField(name, prop ?? {}, required, root);
}

/** The arguments the form holds; empty optional fields are left out. */
function formArguments() {
  return readFields([...$("fields").children]);
}

/** Tool calls whose result (and view) the page is still waiting for. */
let calling = 0;
window.prefabHost.calling = () => calling;

/** Calls the selected tool with the form's arguments and shows its result (and view). */
async function callSelected(event) {
  event?.preventDefault();
  await counted(callTool);
}

/** Calls the selected form tool with no arguments: its view opens on the empty form. */
async function openForm() {
  if (selected) await counted(() => callWith(selected, {}));
}

/** Runs `call` with it counted in `calling`. */
async function counted(call) {
  calling++;
  try {
    await call();
  } finally {
    calling--;
  }
}

async function callTool() {
  if (!selected) return;
  const tool = selected;
  let args;
  try {
    args = formArguments();
  } catch (e) {
    $("status").textContent = e.message;
    return;
  }
  await callWith(tool, args);
}

/** Calls `tool` with `args` and shows its result (and view). */
async function callWith(tool, args) {
  $("status").textContent = `calling ${tool.name}…`;
  let result;
  try {
    result = await mcp("tools/call", { name: tool.name, arguments: args });
  } catch (e) {
    $("status").textContent = e.message;
    return;
  }
  $("result").textContent = JSON.stringify(result, null, 2);
  $("result-box").hidden = false;
  $("status").textContent = `${tool.name}: ${result.isError ? "error" : "done"}`;
  log(`tools/call ${tool.name}${result.isError ? " (error)" : ""}`);
  const uri = uiResourceUri(tool);
  if (!uri) {
    await closeView();
    return;
  }
  try {
    const read = await mcp("resources/read", { uri });
    const item = (read.contents ?? []).find((c) => typeof c.text === "string");
    if (!item) throw new Error(`${uri}: the resource has no text (HTML) content`);
    const ui = item._meta?.ui ?? read._meta?.ui ?? {};
    await openView(item.text, { tool, args, result, csp: ui.csp, prefersBorder: ui.prefersBorder });
  } catch (e) {
    $("status").textContent = `cannot show the UI: ${e.message}`;
  }
}
