// What a converted view's A2UI messages say should show: used by `a2ui-lit.mjs`.

/** Components whose string `label` is drawn next to the control. */
const LABELLED = new Set(["TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput"]);

/**
 * The literal texts the messages carry that a renderer shows on first paint: walking the
 * component tree from `root` (the components of `createSurface` and every `updateComponents`,
 * later ones replacing earlier ones by id), each `Text` whose `text` is a string and each
 * string `label` of a labelled control. Not followed: a `Modal`'s `content` (shown once
 * opened), the `Tabs` after the first (hidden until chosen), a `List` template (repeated per
 * data item, possibly none). A `Tabs`'s titles count.
 */
export function galleryTexts(messages) {
  const byId = new Map();
  for (const m of messages) {
    for (const c of m.createSurface?.components ?? m.updateComponents?.components ?? []) byId.set(c.id, c);
  }
  const out = [];
  const seen = new Set();
  const visit = (id) => {
    const c = byId.get(id);
    if (!c || seen.has(id)) return;
    seen.add(id);
    if (c.component === "Text" && typeof c.text === "string") out.push(c.text);
    if (LABELLED.has(c.component) && typeof c.label === "string") out.push(c.label);
    if (Array.isArray(c.children)) c.children.forEach(visit);
    for (const key of ["child", "trigger"]) if (typeof c[key] === "string") visit(c[key]);
    if (c.component === "Tabs" && Array.isArray(c.tabs)) {
      for (const tab of c.tabs) if (typeof tab.title === "string") out.push(tab.title);
      if (c.tabs[0]) visit(c.tabs[0].child);
    }
  };
  visit("root");
  return out.flatMap(markdownLines).filter((t) => t !== "");
}

/**
 * The lines a `Text`'s Markdown shows (A2UI's `Text` is Markdown, and Lit renders it): each
 * line without its block mark (`#`, `1.`, `-`, `>`), links as their label, emphasis and code
 * marks dropped.
 */
export function markdownLines(text) {
  return text.split("\n").map((line) =>
    line
      .replace(/^\s*(#{1,6}|\d+\.|[-*+]|>)\s+/, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\*\*|__|[*_`]/g, "")
      .trim(),
  );
}
