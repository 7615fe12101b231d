// Trees of a view for comparing the native renderer with the browser's (equivalence.mjs,
// and catalog.mjs with `--trees`): the tree of `#root` in a page, the one `prefab-test`'s
// `trees` example draws natively, the parts that come from layout masked, and the first
// difference between two.
import { spawnSync } from "node:child_process";

/** In the page: the tree of `#root`'s children, as `trees` writes it. */
export function pageTree() {
  const tree = (node) => {
    if (node.nodeType === 3) {
      const text = node.data.replace(/\s+/g, " ").trim();
      return text ? text : null;
    }
    if (node.nodeType !== 1) return null;
    const attrs = {};
    for (const a of [...node.attributes].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))) attrs[a.name] = a.value;
    return [node.localName, attrs, ...[...node.childNodes].map(tree).filter((x) => x !== null)];
  };
  return tree(document.getElementById("root")).slice(2);
}

/**
 * `tree` with the parts drawn from layout replaced by a mark: the SVG of a chart (drawn again
 * at its measured width; natively there is no layout, so it keeps its default width).
 */
export function withoutLayout(tree) {
  if (!Array.isArray(tree)) return tree;
  const [tag, attrs, ...kids] = tree;
  const chart = (attrs.class ?? "").split(" ").some((c) => c === "pf-chart" || c === "pf-chart-wrap");
  return [tag, attrs, ...kids.map((k) => (chart && Array.isArray(k) && k[0] === "svg" ? ["svg", { "data-layout": "measured" }] : withoutLayout(k)))];
}

/** The first difference between two trees, as `path: a ≠ b`, or null. */
export function difference(a, b, path = "") {
  if (typeof a === "string" || typeof b === "string" || a === null || b === null) {
    return a === b ? null : `${path || "/"}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  }
  const [tagA, attrsA, ...kidsA] = a;
  const [tagB, attrsB, ...kidsB] = b;
  const here = `${path}/${tagA}`;
  if (tagA !== tagB) return `${path || "/"}: <${tagA}> ≠ <${tagB}>`;
  const names = [...new Set([...Object.keys(attrsA), ...Object.keys(attrsB)])].sort();
  for (const n of names) {
    if (attrsA[n] !== attrsB[n]) return `${here}[${n}]: ${JSON.stringify(attrsA[n])} ≠ ${JSON.stringify(attrsB[n])}`;
  }
  for (let i = 0; i < Math.max(kidsA.length, kidsB.length); i++) {
    const d = difference(kidsA[i] ?? null, kidsB[i] ?? null, `${here}[${i}]`);
    if (d) return d;
  }
  return null;
}

/** Runs `binary` with `input` as JSON on stdin; its stdout as JSON. */
export function native(binary, input) {
  const run = spawnSync(binary, { input: JSON.stringify(input), maxBuffer: 1 << 30, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${binary} failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/**
 * The difference between a document's tree in the page and its native tree (from `trees`,
 * the output of `native(treesBinary, docs)`), as `path: a ≠ b`, or null.
 */
export async function pageDifference(page, trees, name) {
  const browser = await page.evaluate(pageTree);
  const nat = trees[name]?.slice(2) ?? [];
  return difference(withoutLayout(["root", {}, ...nat]), withoutLayout(["root", {}, ...browser]));
}
