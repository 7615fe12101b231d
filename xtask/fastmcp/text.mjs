// The text a view shows and how close two views' texts are.

/**
 * The text a person sees in a view's frame: every text node (HTML and SVG) outside elements
 * that are not displayed, hidden or fully transparent (closed tooltips), and the values of
 * text fields, in document order, white space collapsed.
 */
export async function readText(frame) {
  const text = await frame.evaluate(() => {
    const seen = new Map();
    const visible = (el) => {
      if (!el || el === document.documentElement) return true;
      if (seen.has(el)) return seen.get(el);
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // Visually hidden (screen-reader-only) content: clipped to at most a pixel.
      // A table keeps its content's width whatever its `width`, so a clip that leaves nothing
      // (`clip-path: inset(50%)`, `clip: rect(0 0 0 0)`) counts as hidden too.
      const clipped =
        (style.overflow === "hidden" && box.width <= 1 && box.height <= 1) ||
        style.clipPath === "inset(50%)" ||
        style.clip === "rect(0px, 0px, 0px, 0px)";
      const shown = style.display !== "none" && style.visibility !== "hidden" && style.opacity !== "0" && !clipped && !el.hidden && visible(el.parentElement);
      seen.set(el, shown);
      return shown;
    };
    const walker = document.createTreeWalker(document.body ?? document.documentElement, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    const parts = [];
    const field = (el) => el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && ["text", "email", "search", "number", ""].includes(el.type));
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.ELEMENT_NODE) {
        if (field(node) && visible(node)) parts.push(node.value);
        continue;
      }
      const parent = node.parentElement;
      // A textarea's text node is its initial value, read above; an SVG `<title>` or `<desc>`
      // (lower-case tag names) is a tooltip or a description, not shown text.
      if (parent && !["SCRIPT", "STYLE", "TITLE", "TEXTAREA", "DESC"].includes(parent.tagName.toUpperCase()) && visible(parent)) parts.push(node.data);
    }
    return parts.join(" ");
  });
  return text.replace(/\s+/g, " ").trim();
}

/** The words of `text`, with how often each occurs. */
function words(text) {
  const counts = new Map();
  for (const word of text.split(" ").filter(Boolean)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/**
 * Text parity of two views: the Dice coefficient of their word multisets, 2·|A ∩ B| / (|A| + |B|)
 * (1 when both show the same words as often, whatever the layout; 0 when none is shared).
 *
 *   parity("a b c", "a b d") === 2 * 2 / 6
 */
export function parity(a, b) {
  const [left, right] = [words(a), words(b)];
  let total = 0;
  let shared = 0;
  for (const n of left.values()) total += n;
  for (const [word, n] of right) {
    total += n;
    shared += Math.min(n, left.get(word) ?? 0);
  }
  return total === 0 ? 1 : (2 * shared) / total;
}
