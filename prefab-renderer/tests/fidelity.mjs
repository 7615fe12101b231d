// What `widths.mjs --against-prefab-ui` reports: prefab-ui's figures (overlaps, overflow)
// beside ours, and how far the two renderers agree on which texts share a line.
//
// Line structure. A document's texts are its visible text nodes (`measure` of widths.mjs: white
// space collapsed, each with the line boxes a Range gives, cut to what clips it, none wholly
// above or left of the page), named by their text and occurrence (`Total #2` is the second
// text node reading "Total" in reading order: by the top, then the left, of its first box). Two texts share a line when a line box of one and a line box of the other overlap
// vertically by at least half the height of the shorter box — whatever their containers:
// two cards side by side share the lines at the same height, as the eye reads them. A text
// that wraps has several boxes, and shares a line with the texts of each of them. Pairs are
// taken among the texts both renderers show (same name); the others are counted apart.
//
//   agreement = pairs judged alike (together in both, or apart in both) / pairs
//   together  = pairs together in both / pairs together in either (the lines' overlap; 1
//               when neither renderer puts any two texts on one line)

/**
 * `{ name → boxes }` of a measured text list: `text #n` names, `n` counting the texts that
 * read the same in reading order (by the top, then the left, of their first box; two renderers
 * may put a chart's axes in another document order).
 */
function named(texts) {
  const first = (t) => t.boxes[0];
  const order = [...texts].sort((a, b) => Math.round(first(a).top - first(b).top) || first(a).left - first(b).left);
  const seen = new Map();
  const out = new Map();
  for (const { key, boxes } of order) {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    out.set(n === 1 ? key : `${key} #${n}`, boxes);
  }
  return out;
}

/** Whether two texts' line boxes share a line (see the definition above). */
export function shareLine(a, b) {
  return a.some((x) =>
    b.some((y) => {
      const overlap = Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top);
      return overlap > 0 && overlap >= 0.5 * Math.min(x.bottom - x.top, y.bottom - y.top);
    }),
  );
}

/**
 * The agreement of two renderings of one document: `{ shown: [theirs, ours, both], pairs,
 * unshared: [theirs only, ours only], alike, together: [theirs, ours, both], differences }`
 * (`unshared`: the names of texts one renderer shows alone; `differences`: `[a, b, theirs]`,
 * the pairs one renderer puts on a line and the other does not; `theirs`: prefab-ui's does).
 */
export function compareLines(theirText, ourText) {
  const [theirs, ours] = [named(theirText), named(ourText)];
  const keys = [...theirs.keys()].filter((k) => ours.has(k));
  const only = (a, b) => [...a.keys()].filter((k) => !b.has(k));
  const result = { shown: [theirs.size, ours.size, keys.length], unshared: [only(theirs, ours), only(ours, theirs)], pairs: 0, alike: 0, together: [0, 0, 0], differences: [] };
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const t = shareLine(theirs.get(keys[i]), theirs.get(keys[j]));
      const o = shareLine(ours.get(keys[i]), ours.get(keys[j]));
      result.pairs++;
      result.together[0] += t;
      result.together[1] += o;
      result.together[2] += t && o;
      if (t === o) result.alike++;
      else result.differences.push([keys[i], keys[j], t]);
    }
  }
  return result;
}

const pct = (n, d) => (d === 0 ? "100.0%" : `${((100 * n) / d).toFixed(1)}%`);
/** `together` as a fraction: pairs together in both over pairs together in either. */
const jointly = ([t, o, both]) => pct(both, t + o - both);

/** Prints the line-structure agreement per document and overall. */
export function printLines(comparisons, { quiet, width }) {
  console.log(`\nline structure at ${width} px, prefab-ui's renderer against ours (texts: shown by theirs/ours/both):`);
  const total = { pairs: 0, alike: 0, together: [0, 0, 0] };
  for (const [name, c] of comparisons) {
    console.log(`  ${name}: agreement ${pct(c.alike, c.pairs)} of ${c.pairs} pairs, together ${jointly(c.together)} (texts ${c.shown.join("/")})`);
    const list = (names) => names.slice(0, 8).map((k) => JSON.stringify(k.slice(0, 30))).join(", ");
    if (!quiet && c.unshared[0].length) console.log(`      shown by prefab-ui's only: ${list(c.unshared[0])}`);
    if (!quiet && c.unshared[1].length) console.log(`      shown by ours only: ${list(c.unshared[1])}`);
    if (!quiet) for (const [a, b, theirs] of c.differences.slice(0, 6)) console.log(`      "${a.slice(0, 40)}" + "${b.slice(0, 40)}": one line in ${theirs ? "prefab-ui's only" : "ours only"}`);
    total.pairs += c.pairs;
    total.alike += c.alike;
    c.together.forEach((n, i) => (total.together[i] += n));
  }
  console.log(`line structure overall: agreement ${pct(total.alike, total.pairs)} of ${total.pairs} pairs, together ${jointly(total.together)} over ${comparisons.size} documents`);
}

/**
 * Prints prefab-ui's figures beside ours: per document and width `overlaps/overflow px`, the
 * documents where either has one, then a line per width with the counts of both.
 */
export function printFigures(figures, widths) {
  const cell = (m) => (m ? `${m.overlaps}/${m.overflow}` : "-");
  const bad = (m) => m && (m.overlaps > 0 || m.overflow > 0);
  console.log(`\nprefab-ui beside prefab-rs (overlapping text pairs / page overflow px; "-": not measured)`);
  console.log(`  document: ${widths.map((w) => `${w}: prefab-ui | ours`).join("; ")}`);
  for (const [name, f] of figures) {
    if (!widths.some((w) => bad(f.theirs[w]) || bad(f.ours[w]))) continue;
    console.log(`  ${name}: ${widths.map((w) => `${cell(f.theirs[w])} | ${cell(f.ours[w])}`).join("; ")}`);
  }
  for (const w of widths) {
    const side = (which) => {
      const ms = [...figures.values()].map((f) => f[which][w]).filter(Boolean);
      const overlapping = ms.filter((m) => m.overlaps > 0);
      const over = ms.filter((m) => m.overflow > 0);
      return `${overlapping.length} with overlaps (${overlapping.reduce((n, m) => n + m.overlaps, 0)} pairs), ${over.length} overflowing (max ${Math.max(0, ...over.map((m) => m.overflow))} px) of ${ms.length}`;
    };
    console.log(`figures @${w}: prefab-ui ${side("theirs")}; prefab-rs ${side("ours")}`);
  }
}
