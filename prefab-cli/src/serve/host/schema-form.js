// The preview host's argument form, made from a tool's input schema (JSON Schema as rmcp's
// schemars and the other SDKs emit it). `resolve` turns a property's schema into one plain
// schema: `$ref` followed (a JSON pointer into the tool's schema: `#/$defs/X`,
// `#/definitions/X`, …), a single-`$ref` `allOf` merged, and the nullable forms (`anyOf` or
// `oneOf` of T and `{type: "null"}`, `type: [T, "null"]`, `null` among an `enum`) read as an
// optional T. `kindOf` names the widget and WIDGETS builds it and reads its value back.
//
// What a form sends: a field left empty is left out (never null, never ""); a date-time is
// the datetime-local value with seconds and the browser's UTC offset at that moment
// (2026-03-04T10:30:00+01:00: the wall-clock time the user typed, in their zone, so the
// server gets an RFC 3339 instant); a time is HH:MM:SS. An optional boolean without a default
// is a select "(unset)/true/false" (unset is left out); every other boolean is a checkbox,
// always sent.
//
// The work is bounded whatever the schema: `resolve` remembers each schema node it resolved
// (per tool schema, so `anyOf` branches that point back at their own definition are resolved
// once, not again at every level), cuts reference cycles, and stops after MAX_RESOLVED nodes;
// a form stops adding fields after MAX_FIELDS. Past either, the rest is a JSON textarea with a
// note saying why.
"use strict";

/** Deeper objects than this are edited as JSON (a recursive type would never end). */
const MAX_DEPTH = 4;
/** Schema nodes one tool schema may make `resolve` work on; past it, fields are edited as JSON. */
const MAX_RESOLVED = 4000;
/** Fields one form may have; past it, fields are edited as JSON. */
const MAX_FIELDS = 2000;
/** What `resolve` gives past MAX_RESOLVED. */
const TOO_LARGE = Object.freeze({ tooLarge: true });
/** The input types of string formats; the other formats are plain text. */
const INPUT_TYPES = { date: "date", "date-time": "datetime-local", time: "time", email: "email", uri: "url" };

/** The node a local reference (`#/$defs/Name`, JSON pointer syntax) names in `root`. */
function pointer(root, ref) {
  if (typeof ref !== "string" || !ref.startsWith("#")) return undefined;
  let node = root;
  for (const part of ref.slice(1).split("/").slice(1)) {
    node = node?.[decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node;
}

const isNullSchema = (s) => s?.type === "null" || s?.const === null || (s?.enum?.length === 1 && s.enum[0] === null);

/** Per tool schema (`root`): the nodes resolved, those being resolved, the work and fields so far. */
const forms = new WeakMap();

function formState(root) {
  const key = root && typeof root === "object" ? root : forms;
  let state = forms.get(key);
  if (!state) forms.set(key, (state = { done: new Map(), open: new Set(), work: 0, fields: 0 }));
  return state;
}

/** Starts a new form for `root`: its field count from zero (resolved nodes are kept). */
function startForm(root) {
  formState(root).fields = 0;
}

/** `schema` with references followed and nullability read into `nullable` (see the top). */
function resolve(schema, root, depth = 0) {
  if (!schema || typeof schema !== "object" || depth > 32) return {};
  const state = formState(root);
  const known = state.done.get(schema);
  if (known) return known;
  // A schema that reaches itself (through `$ref`, `allOf`, `anyOf`) has no plain form.
  if (state.open.has(schema)) return {};
  if (++state.work > MAX_RESOLVED) return TOO_LARGE;
  state.open.add(schema);
  try {
    const out = resolveOnce(schema, root, depth);
    state.done.set(schema, out);
    return out;
  } finally {
    state.open.delete(schema);
  }
}

function resolveOnce(schema, root, depth) {
  const { $ref, allOf, ...own } = schema;
  let out = $ref === undefined ? own : { ...resolve(pointer(root, $ref), root, depth + 1), ...own };
  if (Array.isArray(allOf) && allOf.length === 1) out = { ...resolve(allOf[0], root, depth + 1), ...out };
  for (const key of ["anyOf", "oneOf"]) {
    const branches = out[key];
    if (!Array.isArray(branches)) continue;
    const kept = branches.filter((b) => !isNullSchema(resolve(b, root, depth + 1)));
    if (kept.length === branches.length) continue;
    const { [key]: _, ...rest } = out;
    out = kept.length === 1 ? { ...resolve(kept[0], root, depth + 1), ...rest } : { ...rest, [key]: kept };
    out.nullable = true;
  }
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t) => t !== "null");
    out = { ...out, type: types.length === 1 ? types[0] : types, nullable: out.nullable || types.length < out.type.length };
  }
  if (Array.isArray(out.enum) && out.enum.includes(null)) out = { ...out, enum: out.enum.filter((v) => v !== null), nullable: true };
  return out;
}

/** The values of an enum (`enum`, or `oneOf`/`anyOf` of `const`s labelled by title or description), or null. */
function choices(s, root) {
  if (Array.isArray(s.enum)) return s.enum.map((value) => ({ value, label: String(value) }));
  const branches = (s.oneOf ?? s.anyOf)?.map((b) => resolve(b, root));
  if (!branches?.length || !branches.every((b) => "const" in b)) return null;
  return branches.map((b) => ({ value: b.const, label: b.title ?? b.description ?? String(b.const) }));
}

/** The widget of a resolved schema: a key of WIDGETS. */
function kindOf(s, root, required, depth) {
  if (s.tooLarge) return "json";
  if (choices(s, root)) return "enum";
  const type = s.type ?? (s.properties ? "object" : undefined);
  if (type === "array") return choices(resolve(s.items, root), root) ? "multi" : "json";
  if (type === "boolean") return required || s.default !== undefined ? "boolean" : "tristate";
  if (type === "number" || type === "integer") return "number";
  if (type === "string") return s.maxLength > 200 || s.format === "textarea" || s["x-multiline"] ? "text" : "string";
  if (type === "object" && s.properties && depth < MAX_DEPTH) return "object";
  return "json";
}

const pad = (n) => String(n).padStart(2, "0");

/** An RFC 3339 date-time as a datetime-local value in the browser's zone ("" if unreadable). */
function toLocalInput(text) {
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as RFC 3339 with seconds and the browser's offset at that time. */
function fromLocalInput(value) {
  const local = value.length === 16 ? `${value}:00` : value;
  const offset = -new Date(local).getTimezoneOffset();
  if (offset === 0) return `${local}Z`;
  const abs = Math.abs(offset);
  return `${local}${offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A select of `list` ({value, label}); the empty first option when `blank` is its text. */
function selectOf(list, blank, selected = () => false) {
  const select = document.createElement("select");
  if (blank !== null) select.append(new Option(blank, ""));
  for (const { value, label } of list) {
    const option = new Option(label, typeof value === "string" ? value : JSON.stringify(value), false, selected(value));
    option.jsonValue = value;
    select.append(option);
  }
  return select;
}

const picked = (select) => [...select.selectedOptions].filter((o) => o.value !== "").map((o) => o.jsonValue);

/** What a number schema's bounds and step are as an input's min, max and step. */
function numberAttributes(input, s) {
  const integer = s.type === "integer";
  const bound = (inclusive, exclusive, dir) => {
    if (typeof exclusive === "number") return integer ? exclusive + dir : exclusive;
    return typeof inclusive === "number" ? inclusive : undefined;
  };
  const min = bound(s.minimum, s.exclusiveMinimum, 1);
  const max = bound(s.maximum, s.exclusiveMaximum, -1);
  if (min !== undefined) input.min = String(min);
  if (max !== undefined) input.max = String(max);
  input.step = typeof s.multipleOf === "number" ? String(s.multipleOf) : integer ? "1" : "any";
}

/** A string schema's length and pattern as the control's attributes (HTML anchors patterns, JSON Schema does not). */
function stringAttributes(control, s) {
  if (Number.isInteger(s.minLength)) control.minLength = s.minLength;
  if (Number.isInteger(s.maxLength)) control.maxLength = s.maxLength;
  if (typeof s.pattern === "string" && control.tagName === "INPUT") {
    const p = s.pattern;
    control.pattern = `${p.startsWith("^") ? "" : ".*"}(?:${p})${p.endsWith("$") ? "" : ".*"}`;
  }
}

const textarea = (rows) => Object.assign(document.createElement("textarea"), { rows });

/**
 * The widgets: `build(s, ctx)` makes the control (ctx: {root, required, depth, path}) and
 * returns it with `read()`, the value to send or undefined to leave the field out.
 */
const WIDGETS = {
  enum(s, { root, required }) {
    const control = selectOf(choices(s, root), required ? null : "", (v) => v === s.default);
    return { control, read: () => picked(control)[0] };
  },
  multi(s, { root }) {
    const list = choices(resolve(s.items, root), root);
    const control = selectOf(list, null, (v) => Array.isArray(s.default) && s.default.includes(v));
    control.multiple = true;
    control.size = Math.min(list.length, 6);
    return { control, read: () => (picked(control).length || control.required ? picked(control) : undefined) };
  },
  boolean(s) {
    const control = Object.assign(document.createElement("input"), { type: "checkbox", checked: s.default === true });
    return { control, read: () => control.checked };
  },
  tristate() {
    const control = selectOf([true, false].map((value) => ({ value, label: String(value) })), "(unset)");
    return { control, read: () => picked(control)[0] };
  },
  number(s) {
    const control = Object.assign(document.createElement("input"), { type: "number" });
    numberAttributes(control, s);
    if (typeof s.default === "number") control.value = String(s.default);
    return { control, read: () => (control.value === "" ? undefined : Number(control.value)) };
  },
  string(s) {
    const control = Object.assign(document.createElement("input"), { type: INPUT_TYPES[s.format] ?? "text" });
    stringAttributes(control, s);
    const dateTime = s.format === "date-time";
    if (typeof s.default === "string") control.value = dateTime ? toLocalInput(s.default) : s.default;
    const read = () => {
      const v = control.value;
      if (v === "") return undefined;
      if (dateTime) return fromLocalInput(v);
      return s.format === "time" && v.length === 5 ? `${v}:00` : v;
    };
    return { control, read };
  },
  text(s) {
    const control = textarea(5);
    stringAttributes(control, s);
    if (typeof s.default === "string") control.value = s.default;
    return { control, read: () => (control.value === "" ? undefined : control.value) };
  },
  object(s, { root, required, depth, path }) {
    const control = document.createElement("div");
    control.className = "nested";
    const inner = new Set(s.required ?? []);
    const fields = Object.entries(s.properties).map(([name, prop]) =>
      schemaField(name, prop, required && inner.has(name), root, { depth: depth + 1, path: `${path}.` }));
    control.append(...fields);
    const read = () => {
      const value = readFields(fields);
      return Object.keys(value).length || required ? value : undefined;
    };
    return { control, read };
  },
  json(s, { path }) {
    const control = textarea(3);
    control.placeholder = "JSON";
    if (s.default !== undefined) control.value = JSON.stringify(s.default);
    const read = () => {
      if (control.value.trim() === "") return undefined;
      try {
        return JSON.parse(control.value);
      } catch (e) {
        throw new Error(`${path}: not JSON: ${e.message}`);
      }
    };
    return { control, read };
  },
};

/**
 * One form field for the property `name` of schema `prop` (`root` is the tool's input schema,
 * where references point): its label (title, else name; `*` when required), the widget, the
 * description as help text. The element's `read()` gives the value to send (undefined: leave
 * it out) and `dataset.field` its name.
 */
function schemaField(name, prop, required, root, { depth = 0, path = "" } = {}) {
  const state = formState(root);
  const s = ++state.fields > MAX_FIELDS ? TOO_LARGE : resolve(prop, root);
  // A nullable field (an `Option<T>`) may be left out.
  required = required && !s.nullable;
  let kind = kindOf(s, root, required, depth);
  // Past the budget (here or while resolving this field's parts) the field is edited as JSON.
  const tooLarge = s.tooLarge || state.work > MAX_RESOLVED;
  if (tooLarge) kind = "json";
  const id = `field-${path}${name}`;
  const { control, read } = WIDGETS[kind](s, { root, required, depth, path: `${path}${name}` });
  const wrap = document.createElement(kind === "object" ? "fieldset" : "div");
  wrap.className = `field field-${kind}`;
  wrap.dataset.field = name;
  const label = document.createElement(kind === "object" ? "legend" : "label");
  label.textContent = `${s.title ?? name}${required ? " *" : ""}`;
  if (kind !== "object") {
    label.htmlFor = id;
    control.id = id;
    control.name = `${path}${name}`;
    control.dataset.kind = kind;
    control.required = required && kind !== "boolean";
  }
  wrap.append(label, control);
  if (tooLarge) {
    const note = document.createElement("small");
    note.className = "help muted too-large";
    note.textContent = "The schema is too large or too deeply nested to show as a form here: enter this value as JSON.";
    wrap.append(note);
  }
  if (s.description) {
    const help = document.createElement("small");
    help.className = "help muted";
    help.id = `${id}-help`;
    help.textContent = s.description;
    control.setAttribute("aria-describedby", help.id);
    wrap.append(help);
  }
  wrap.read = read;
  return wrap;
}

/** The values of fields made by `schemaField`, by name, those left out omitted. */
function readFields(fields) {
  const out = {};
  for (const f of fields) {
    const value = f.read();
    if (value !== undefined) out[f.dataset.field] = value;
  }
  return out;
}
