// How far our rendering of a view agrees with prefab-ui's (measured by measure.mjs), and the
// report: per mode and per family, every disagreement, the summary line.
//
// Pairing: texts by their content and occurrence (the n-th text reading the same, in reading
// order: by the top, then the left), controls by role, name and occurrence. A text of
// prefab-ui's that ours does not show, or a control ours does not have, disagrees.
//   text agrees     size within ±0.5 px, same weight, colour within 8 per sRGB channel (alpha too;
//                   channels weighted by the alpha)
//   control agrees  height within ±1 px, same font size, border colour within 8 (or both none)
//   chart marks     per kind (bar, slice, line, …), the marks prefab-ui paints (not empty)
//                   beyond those ours paints are missing.

/** The thresholds a mode (and each view in it) must meet. */
export const THRESHOLDS = { texts: 0.98, controls: 0.97, missing: 0 };

/** `items` named `key #n` (n counting those with the same key, in reading order). */
function named(items, keyOf) {
  const order = [...items].sort((a, b) => Math.round(a.top - b.top) || a.left - b.left);
  const seen = new Map();
  return new Map(
    order.map((item) => {
      const key = keyOf(item);
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      return [n === 1 ? key : `${key} #${n}`, item];
    }),
  );
}

/**
 * Controls paired: by role, name and occurrence, then the rest by role and occurrence (a
 * calendar day named "Sunday, November 29th, 2026" by one and "November 29, 2026" by the
 * other). `[name, theirs, ours | undefined]`.
 */
function pairControls(theirs, ours) {
  const key = (c) => `${c.role} "${c.name}"`;
  const mine = named(ours, key);
  const pairs = [...named(theirs, key)].map(([name, c]) => [name, c, mine.get(name)]);
  const used = new Set(pairs.map((p) => p[2]).filter(Boolean));
  const left = [...mine.values()].filter((o) => !used.has(o));
  for (const p of pairs.filter((p) => !p[2])) {
    const i = left.findIndex((o) => o.role === p[1].role);
    if (i >= 0) p[2] = left.splice(i, 1)[0];
  }
  return pairs;
}

/** Colours compared as they paint: each channel weighted by the alpha (a canvas gives a faint
 * colour's channels coarsely: 245 or 255 at alpha 26 paint alike), and the alpha. */
const premultiplied = ([r, g, b, a]) => [(r * a) / 255, (g * a) / 255, (b * a) / 255, a];
const near = (a, b, tolerance) => premultiplied(a).every((x, i) => Math.abs(x - premultiplied(b)[i]) <= tolerance);
const rgb = (c) => (c ? `rgb(${c.slice(0, 3).join(",")}${c[3] === 255 ? "" : ` /${c[3]}`})` : "none");
const textLook = (t) => `${t.size}px ${t.weight} ${rgb(t.color)}`;
const controlLook = (c) => `h ${c.height} font ${c.size}px border ${rgb(c.border)} radius ${c.radius} width ${Math.round(c.share * 100)}%`;

/** The agreement of one view: `{ texts, controls, labels, marks, align }` with every disagreement. */
export function compareView(theirs, ours) {
  const out = { texts: { total: 0, agree: 0, diffs: [] }, controls: { total: 0, agree: 0, diffs: [] }, labels: { total: 0, agree: 0 }, align: [], marks: { missing: 0, diffs: [] } };
  // Paired without white space: React splits `Page {n} of {m}` into text nodes whose joins
  // differ from one text node's, and the words are the same.
  const textKey = (t) => t.key.replace(/\s+/g, "");
  const ourTexts = named(ours.texts, textKey);
  for (const [name, t] of named(theirs.texts, textKey)) {
    const o = ourTexts.get(name);
    const problems = [];
    if (!o) problems.push("not shown by ours");
    else {
      if (Math.abs(t.size - o.size) > 0.5) problems.push("size");
      if (t.weight !== o.weight) problems.push("weight");
      if (!near(t.color, o.color, 8)) problems.push("colour");
      if (t.align !== o.align) out.align.push(`"${name.slice(0, 40)}": ${t.align} vs ${o.align}`);
    }
    // Kept on purpose (COMPATIBILITY.md, "Tinted variants are darker in light mode"): the
    // text of a tinted Badge or Button is darker than prefab-ui's, for 4.5:1 contrast.
    if (problems.length === 1 && problems[0] === "colour" && o?.tinted) {
      out.kept = (out.kept ?? 0) + 1;
      problems.pop();
    }
    out.texts.total++;
    if (t.svg) out.labels.total++;
    if (problems.length) out.texts.diffs.push({ name, what: problems.join("+"), theirs: textLook(t), ours: o ? textLook(o) : "-" });
    else {
      out.texts.agree++;
      if (t.svg) out.labels.agree++;
    }
  }
  for (const [name, c, o] of pairControls(theirs.controls, ours.controls)) {
    const problems = [];
    if (!o) problems.push("not shown by ours");
    else {
      if (Math.abs(c.height - o.height) > 1) problems.push("height");
      if (Math.abs(c.size - o.size) > 0.25) problems.push("font size");
      // A transparent border is no border.
      const [cb, ob] = [c.border?.[3] > 0 ? c.border : null, o.border?.[3] > 0 ? o.border : null];
      if (!(cb === null && ob === null) && !(cb && ob && near(cb, ob, 8))) problems.push("border");
    }
    // Kept on purpose (COMPATIBILITY.md, Accessibility): a control whose Field shows an error
    // is aria-invalid in ours, so it wears the destructive border prefab-ui gives a control
    // marked `invalid`; prefab-ui leaves it unmarked and grey.
    if (problems.length === 1 && problems[0] === "border" && o?.invalid && !c.invalid) {
      out.keptControls = (out.keptControls ?? 0) + 1;
      problems.pop();
    }
    out.controls.total++;
    const renamed = o && o.name !== c.name ? ` (ours named "${o.name.slice(0, 30)}")` : "";
    if (problems.length) out.controls.diffs.push({ name: name + renamed, what: problems.join("+"), theirs: controlLook(c), ours: o ? controlLook(o) : "-" });
    else out.controls.agree++;
  }
  const painted = (marks) => marks.filter((m) => !m.empty).reduce((m, { kind }) => m.set(kind, (m.get(kind) ?? 0) + 1), new Map());
  const [t, o] = [painted(theirs.marks), painted(ours.marks)];
  for (const kind of new Set([...t.keys(), ...o.keys()])) {
    const [a, b] = [t.get(kind) ?? 0, o.get(kind) ?? 0];
    out.marks.missing += Math.max(0, a - b);
    if (a !== b) out.marks.diffs.push({ name: `${kind} marks`, what: a > b ? "missing" : "extra", theirs: `${a} painted`, ours: `${b} painted` });
  }
  return out;
}

const share = (agree, total) => (total === 0 ? 1 : agree / total);
const pct = (x) => `${(100 * x).toFixed(1)}%`;

/** Whether one view's comparison meets the thresholds. */
export const meets = (c) => share(c.texts.agree, c.texts.total) >= THRESHOLDS.texts && share(c.controls.agree, c.controls.total) >= THRESHOLDS.controls && c.marks.missing <= THRESHOLDS.missing;

/** The family of a view: `components/X.json` → X, else its folder (`auto/` → catalog). */
export function family(name) {
  const [folder, file] = name.split("/");
  if (folder === "components") return file.replace(/\.json$/, "");
  return folder === "auto" ? "catalog" : folder;
}

/** Sums of comparisons: `{ views, passed, texts, controls, labels, missing, similarity: [] }`. */
function sum(rows) {
  const s = { views: 0, passed: 0, texts: [0, 0], controls: [0, 0], labels: [0, 0], missing: 0, kept: 0, keptControls: 0, similarity: [] };
  for (const r of rows) {
    s.views++;
    s.passed += meets(r.c);
    s.texts[0] += r.c.texts.agree;
    s.texts[1] += r.c.texts.total;
    s.controls[0] += r.c.controls.agree;
    s.controls[1] += r.c.controls.total;
    s.labels[0] += r.c.labels.agree;
    s.labels[1] += r.c.labels.total;
    s.missing += r.c.marks.missing;
    s.kept += r.c.kept ?? 0;
    s.keptControls += r.c.keptControls ?? 0;
    if (r.similarity !== undefined) s.similarity.push(r.similarity);
  }
  return s;
}

const figures = (s) => {
  const mean = s.similarity.length ? ` pixels ${pct(s.similarity.reduce((a, b) => a + b, 0) / s.similarity.length)}` : "";
  return `texts ${pct(share(...s.texts))} (${s.texts[0]}/${s.texts[1]}) controls ${pct(share(...s.controls))} (${s.controls[0]}/${s.controls[1]}) chart marks missing ${s.missing}${mean}${s.kept || s.keptControls ? ` (kept on purpose: ${s.kept} tinted texts, ${s.keptControls} invalid controls' borders)` : ""}`;
};

/** Whether a mode's sums meet the thresholds. */
const modeMeets = (s) => share(...s.texts) >= THRESHOLDS.texts && share(...s.controls) >= THRESHOLDS.controls && s.missing <= THRESHOLDS.missing;

/**
 * Prints the report of `rows` (`{ view, engine, mode, c, similarity? }`) and the views not held
 * (`[{ view, mode, why }]`): every disagreement (unless `quiet`), the figures per family and per
 * mode. Returns `{ passed, failed, modesMet }`.
 */
export function report(rows, notHeld, modes, { quiet = false } = {}) {
  if (!quiet) {
    console.log("\ndisagreements (view, mode, engine: what — prefab-ui's vs ours):");
    for (const r of rows) {
      const at = `${r.view} @${r.mode} ${r.engine}`;
      for (const d of r.c.texts.diffs) console.log(`  ${at}: text "${d.name.slice(0, 50)}" ${d.what} — ${d.theirs} vs ${d.ours}`);
      for (const d of r.c.controls.diffs) console.log(`  ${at}: control ${d.name.slice(0, 50)} ${d.what} — ${d.theirs} vs ${d.ours}`);
      for (const d of r.c.marks.diffs) console.log(`  ${at}: chart ${d.name} ${d.what} — ${d.theirs} vs ${d.ours}`);
      if (r.c.align.length) console.log(`  ${at}: alignment differs (not held): ${r.c.align.slice(0, 6).join("; ")}`);
    }
  }
  const unsettled = rows.filter((r) => r.unsettled || r.failed);
  if (unsettled.length) console.log(`\nnot settled within 8 s or not rendered (measured as they were): ${unsettled.map((r) => `${r.view} @${r.mode} ${r.engine}${r.failed ? ` (${r.failed})` : ""}`).join("; ")}`);
  console.log(`\nnot held (prefab-ui shows an error box, draws nothing or does not render): ${notHeld.length} views×modes`);
  for (const n of notHeld) console.log(`  ${n.view} @${n.mode}: ${n.why}`);
  const first = rows.filter((r) => r.engine === rows[0]?.engine);
  console.log(`\nper family and mode (${rows[0]?.engine ?? "-"} engine):`);
  for (const f of [...new Set(first.map((r) => family(r.view)))].sort()) {
    for (const mode of modes) {
      const s = sum(first.filter((r) => family(r.view) === f && r.mode === mode));
      if (s.views) console.log(`  ${f} @${mode}: ${s.passed}/${s.views} views pass; ${figures(s)}`);
    }
  }
  console.log(`\nper mode (thresholds: texts ≥ ${pct(THRESHOLDS.texts)}, controls ≥ ${pct(THRESHOLDS.controls)}, ${THRESHOLDS.missing} chart marks missing):`);
  let modesMet = true;
  const modeResults = [];
  for (const engine of new Set(rows.map((r) => r.engine))) {
    for (const mode of modes) {
      const s = sum(rows.filter((r) => r.mode === mode && r.engine === engine));
      if (!s.views) continue;
      modesMet &&= modeMeets(s);
      modeResults.push({ label: `${mode} ${engine}`, met: modeMeets(s) });
      console.log(`  ${modeMeets(s) ? "meets" : "BELOW"} @${mode} ${engine}: ${s.passed}/${s.views} views pass; ${figures(s)}; chart labels ${pct(share(...s.labels))}`);
    }
  }
  const all = sum(rows);
  return { passed: all.passed, failed: all.views - all.passed, modesMet, modeResults };
}
