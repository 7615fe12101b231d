// What a person sees of a rendered document, measured in the page (either renderer's): its
// visible texts, its controls and its charts' marks. `measureView` runs inside the page
// (`page.evaluate(measureView)`), so it is self-contained; `waitStable` waits, bounded, until
// the page stops changing.

/**
 * Waits until the page's layout is the same over `frames` animation frames in a row (fonts
 * loaded, every element's box and every chart shape's geometry unchanged: prefab-ui's charts
 * animate their marks in), at most `timeout` ms. Returns whether it settled.
 */
export async function waitStable(page, { frames = 4, timeout = 8000 } = {}) {
  try {
    await page.waitForFunction(
      (n) => {
        const w = window;
        const shapes = [...document.querySelectorAll("svg path, svg rect, svg circle, svg polyline, svg polygon")];
        const geometry = shapes.map((s) => s.getAttribute("d") ?? `${s.getAttribute("width")},${s.getAttribute("height")},${s.getAttribute("r")},${s.getAttribute("points")}`).join("|");
        let boxes = 0;
        for (const e of document.body.getElementsByTagName("*")) {
          const r = e.getBoundingClientRect();
          boxes += r.left * 3 + r.top * 5 + r.width * 7 + r.height * 11;
        }
        const signature = `${document.fonts.status}|${document.documentElement.scrollHeight}|${boxes.toFixed(1)}|${geometry}`;
        w.__pfStable = w.__pfStable?.signature === signature ? { signature, count: w.__pfStable.count + 1 } : { signature, count: 0 };
        return document.fonts.status === "loaded" && w.__pfStable.count >= n;
      },
      frames,
      { polling: "raf", timeout },
    );
    return true;
  } catch {
    return false;
  } finally {
    await page.evaluate(() => delete window.__pfStable).catch(() => {});
  }
}

/** The marks of a chart, by kind: our renderer's classes and prefab-ui's (recharts). */
export const MARKS = {
  bar: ".pf-chart-bar, .recharts-bar-rectangle .recharts-rectangle",
  slice: ".pf-chart-slice, .recharts-pie-sector .recharts-sector",
  radial: ".pf-chart-radial-bar, .recharts-radial-bar-sector",
  line: ".pf-chart-line, .recharts-line-curve",
  area: ".pf-chart-area, .recharts-area-area",
  point: ".pf-chart-dot, .recharts-dot, .recharts-symbols",
  radar: ".pf-chart-radar, .recharts-radar-polygon path, .recharts-radar-polygon polygon",
  ring: ".pf-ring-fill",
  sparkline: ".pf-sparkline-line",
};

/**
 * Measured in the page: `{ texts, controls, marks, errors }`.
 *   texts     `[{ key, size, weight, color, align, svg, top, left }]`: each element's own
 *             visible text (its text nodes joined, white space collapsed); `color` sRGB
 *             `[r, g, b, a]` 0..255 (the fill of an SVG text); `align` left/center/right/full.
 *   controls  `[{ role, name, height, share, size, border, radius }]`.
 *   marks     `[{ kind, area, empty }]`: each chart mark, its painted area (px², a stroked
 *             line's length) and whether it paints nothing.
 *   drawn     whether anything at all is visible.
 *   errors    the texts of prefab-ui's error boxes (and ours, `.pf-error`).
 */
export function measureView(MARKS) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const colours = new Map();
  const srgb = (css) => {
    if (!colours.has(css)) {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      colours.set(css, [...ctx.getImageData(0, 0, 1, 1).data]);
    }
    return colours.get(css);
  };
  const round = (x) => Math.round(x * 100) / 100;
  const root = document.documentElement;
  const hidden = (el) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return true;
    for (let e = el; e && e !== root; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.clipPath === "inset(50%)" || s.clip === "rect(0px, 0px, 0px, 0px)") return true;
    }
    return false;
  };
  const errorBoxes = [...document.querySelectorAll(".pf-error, [role=alert].border-destructive\\/50")];
  const inError = (el) => errorBoxes.some((b) => b.contains(el));
  // Texts: an element's own text nodes, joined (React writes `Page {n} of {m}` as four).
  const owners = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    // White space alone counts between two texts of one element (React's `Page 1 of 2`).
    if (!el || el.closest("script,style,template,noscript,title")) continue;
    if (!owners.has(el)) owners.set(el, []);
    owners.get(el).push(node);
  }
  const texts = [];
  for (const [el, nodes] of owners) {
    if (!nodes.some((n) => n.data.trim()) || hidden(el) || inError(el)) continue;
    const range = document.createRange();
    range.setStartBefore(nodes[0]);
    range.setEndAfter(nodes.at(-1));
    const boxes = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1 && r.bottom + scrollY > 0 && r.right + scrollX > 0);
    if (!boxes.length) continue;
    const s = getComputedStyle(el);
    const svg = el instanceof SVGElement;
    const box = { left: Math.min(...boxes.map((b) => b.left)), right: Math.max(...boxes.map((b) => b.right)) };
    texts.push({
      key: nodes.map((n) => n.data).join("").replace(/\s+/g, " ").trim(),
      size: parseFloat(s.fontSize),
      weight: Number(s.fontWeight),
      color: srgb(svg && s.fill && s.fill !== "none" && !s.fill.startsWith("url(") ? s.fill : s.color),
      align: svg ? { middle: "center", end: "right" }[s.textAnchor] ?? "left" : alignOf(el, box, s),
      svg,
      // Ours only: a tinted Badge or Button, or an Alert of those variants but destructive,
      // whose text is darker on purpose (COMPATIBILITY.md).
      tinted: !!el.closest(":is(.pf-badge,.pf-button):is([class*=-variant-destructive],[class*=-variant-success],[class*=-variant-warning],[class*=-variant-info]),.pf-alert:is([class*=-variant-success],[class*=-variant-warning],[class*=-variant-info])"),
      top: round(boxes[0].top + scrollY),
      left: round(boxes[0].left + scrollX),
    });
  }
  /** Where a text sits in the nearest box wider than it: left, center, right, or full. */
  function alignOf(el, box, style) {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const r = e.getBoundingClientRect();
      if (r.width <= box.right - box.left + 2 || getComputedStyle(e).display === "inline") continue;
      const cs = getComputedStyle(e);
      const [l, rr] = [box.left - (r.left + parseFloat(cs.paddingLeft) + parseFloat(cs.borderLeftWidth)), r.right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth) - box.right];
      if (l < 2 && rr < 2) break;
      if (Math.abs(l - rr) < 2) return "center";
      return l < rr ? "left" : "right";
    }
    const a = style.textAlign;
    return a === "start" || a === "justify" ? "left" : a === "end" ? "right" : a;
  }
  const controls = [];
  const picked = new Set();
  const CONTROLS = "input:not([type=hidden]), textarea, select, button, [role=combobox], [role=switch], [role=slider], [role=checkbox], [role=radio]";
  const implicit = (e) => {
    const tag = e.tagName.toLowerCase();
    const type = (e.getAttribute("type") || "").toLowerCase();
    if (tag === "input") return { checkbox: "checkbox", radio: "radio", range: "slider", button: "button", submit: "button", reset: "button" }[type] ?? "textbox";
    return { textarea: "textbox", select: "combobox", button: "button" }[tag];
  };
  const clean = (t) => (t || "").replace(/\s+/g, " ").trim().slice(0, 60);
  for (const e of document.querySelectorAll(CONTROLS)) {
    if (picked.has(e) || hidden(e) || inError(e)) continue;
    picked.add(e);
    const r = e.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const labelled = e.getAttribute("aria-labelledby")?.split(/\s+/).map((id) => document.getElementById(id)?.textContent).join(" ");
    const name = clean(e.getAttribute("aria-label") || labelled || e.labels?.[0]?.textContent || e.textContent || e.getAttribute("placeholder") || (e.tagName === "INPUT" && e.value) || e.getAttribute("title"));
    let container = e.parentElement;
    while (container && container !== document.body && container.getBoundingClientRect().width <= r.width + 0.5) container = container.parentElement;
    const s = getComputedStyle(e);
    const bordered = parseFloat(s.borderTopWidth) > 0 && s.borderTopStyle !== "none";
    controls.push({
      role: e.getAttribute("role") || implicit(e),
      name,
      height: round(r.height),
      share: round(r.width / (container ?? document.body).getBoundingClientRect().width),
      size: parseFloat(s.fontSize),
      border: bordered ? srgb(s.borderTopColor) : null,
      invalid: e.getAttribute("aria-invalid") === "true",
      radius: Math.min((s.borderTopLeftRadius.endsWith("%") ? (parseFloat(s.borderTopLeftRadius) * r.width) / 100 : parseFloat(s.borderTopLeftRadius)) || 0, r.height / 2),
      top: round(r.top + scrollY),
      left: round(r.left + scrollX),
    });
  }
  const marks = [];
  for (const [kind, selector] of Object.entries(MARKS)) {
    for (const e of document.querySelectorAll(selector)) marks.push({ kind, ...painted(e) });
  }
  /** A mark's painted area: filled shapes by the polygon along their outline, a stroke by its length. */
  function painted(e) {
    const s = getComputedStyle(e);
    const b = e.getBBox();
    if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || (b.width === 0 && b.height === 0)) return { area: 0, empty: true };
    const filled = s.fill !== "none" && Number(s.fillOpacity) > 0;
    const length = typeof e.getTotalLength === "function" ? e.getTotalLength() : 0;
    if (e.tagName === "rect" || e.tagName === "circle" || !length) {
      const area = filled ? b.width * b.height : 0;
      return { area: round(area), empty: area < 1 && length < 1 };
    }
    let area = 0;
    if (filled) {
      const n = 128;
      const pts = Array.from({ length: n }, (_, i) => e.getPointAtLength((length * i) / n));
      for (let i = 0; i < n; i++) area += pts[i].x * pts[(i + 1) % n].y - pts[(i + 1) % n].x * pts[i].y;
      area = Math.abs(area) / 2;
    }
    const stroked = s.stroke !== "none" && parseFloat(s.strokeWidth) > 0;
    const value = filled ? area : stroked ? length : 0;
    return { area: round(value), empty: value < 1 };
  }
  // Drawn: anything visible beside the texts, controls and marks (a filled or bordered box,
  // an image, a drawing).
  const drawn = texts.length > 0 || controls.length > 0 || marks.some((m) => !m.empty) || [...document.body.querySelectorAll("*")].some((e) => {
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || hidden(e) || inError(e)) return false;
    const s = getComputedStyle(e);
    return /^(IMG|CANVAS|VIDEO|IFRAME|svg)$/.test(e.tagName) || srgb(s.backgroundColor)[3] > 0 || parseFloat(s.borderTopWidth) > 0 || parseFloat(s.borderLeftWidth) > 0;
  });
  return { texts, controls, marks, drawn, errors: errorBoxes.map((b) => clean(b.textContent)) };
}
