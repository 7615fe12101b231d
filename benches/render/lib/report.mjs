// Medians, ratios and the Markdown table of a render benchmark run.

export function median(values) {
  const xs = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!xs.length) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

const oneDecimal = (x) => Math.round(x * 10) / 10;

/** {median, min, max, n} of the finite values, or null when there are none. */
export function spread(values) {
  const xs = values.filter(Number.isFinite);
  if (!xs.length) return null;
  return { median: oneDecimal(median(xs)), min: oneDecimal(Math.min(...xs)), max: oneDecimal(Math.max(...xs)), n: xs.length };
}

export const ratio = (a, b) => (a != null && b ? Math.round((a / b) * 100) / 100 : null);

/**
 * Per payload and renderer: statistics of the kept (non-warm-up) samples. `samples` are
 * {payload, renderer, warmup, wall?: {ready, rendered, elements, engine}, trace?: {cpu, …}}.
 */
export function summarise(samples, payloads, renderers) {
  const summary = {};
  for (const payload of payloads) {
    summary[payload] = {};
    for (const r of renderers) {
      const kept = samples.filter((s) => s.payload === payload && s.renderer === r.id && !s.warmup);
      const walls = kept.map((s) => s.wall).filter(Boolean);
      const traces = kept.map((s) => s.trace).filter(Boolean);
      summary[payload][r.id] = {
        wall: spread(walls.map((w) => w.rendered)),
        ready: spread(walls.map((w) => w.ready)),
        cpu: spread(traces.map((t) => t.cpu)),
        busy: spread(traces.map((t) => t.busy)),
        largestTask: spread(traces.map((t) => t.largestTask)),
        layout: spread(traces.map((t) => t.layout)),
        style: spread(traces.map((t) => t.style)),
        elements: walls.at(-1)?.elements ?? null,
        engines: [...new Set(walls.map((w) => w.engine ?? "—"))],
        failed: kept.filter((s) => s.failure).length,
        errors: [...new Set(kept.flatMap((s) => s.errors ?? []))].slice(0, 4),
      };
    }
  }
  return summary;
}

/** ratios[payload][candidateId][anchorId] = {wall, cpu}: candidate median / anchor median. */
export function ratios(summary, candidates, anchors) {
  const out = {};
  for (const [payload, byRenderer] of Object.entries(summary)) {
    out[payload] = {};
    for (const c of candidates) {
      out[payload][c.id] = {};
      for (const a of anchors) {
        const [mc, ma] = [byRenderer[c.id], byRenderer[a.id]];
        out[payload][c.id][a.id] = { wall: ratio(mc.wall?.median, ma.wall?.median), cpu: ratio(mc.cpu?.median, ma.cpu?.median) };
      }
    }
  }
  return out;
}

const cell = (s) => (s ? `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})` : "—");

/** The Markdown report: the environment line, the table and any problems seen. */
export function markdown({ env, renderers, candidates, anchors, summary, ratios: r, traced }) {
  const ratioHeads = candidates.flatMap((c) => anchors.map((a) => `${c.short} / ${a.short}`));
  const head = ["payload", "metric", ...renderers.map((x) => x.label), ...ratioHeads];
  const lines = [
    `Render benchmark, ${env.date.slice(0, 16).replace("T", " ")} UTC: Chromium ${env.chromium}, Node ${env.node}, ` +
      `${env.cpus} CPUs, load average ${env.loadBefore.join(" / ")} before and ${env.loadAfter.join(" / ")} after; ` +
      `${env.runs} runs after ${env.warmup} warm-up round(s), ${env.seconds} s.`,
    "",
    "Milliseconds, median (min–max). wall: navigation start to the first frame showing every marker (untraced load)." +
      (traced ? " main-thread CPU: the page's main-thread CPU over the same span (traced load)." : ""),
    "",
    `| ${head.join(" | ")} |`,
    `| ${head.map((_, i) => (i < 2 ? "---" : "---:")).join(" | ")} |`,
  ];
  const metrics = [["wall", "wall"], ...(traced ? [["main-thread CPU", "cpu"]] : [])];
  for (const payload of Object.keys(summary)) {
    for (const [label, key] of metrics) {
      const ratiosRow = candidates.flatMap((c) => anchors.map((a) => String(r[payload][c.id][a.id][key] ?? "—")));
      lines.push(`| ${[payload, label, ...renderers.map((x) => cell(summary[payload][x.id][key])), ...ratiosRow].join(" | ")} |`);
    }
    const elements = renderers.map((x) => String(summary[payload][x.id].elements ?? "—"));
    lines.push(`| ${[payload, "DOM elements", ...elements, ...ratioHeads.map(() => "")].join(" | ")} |`);
  }
  const problems = [];
  for (const payload of Object.keys(summary)) {
    for (const x of renderers) {
      const s = summary[payload][x.id];
      if (s.failed) problems.push(`- ${payload}, ${x.label}: ${s.failed} failed load(s)`);
      for (const e of s.errors) problems.push(`- ${payload}, ${x.label}: \`${e.replace(/`/g, "'").replace(/\s+/g, " ").slice(0, 160)}\``);
      if (x.engine && s.engines.some((e) => e !== x.engine)) problems.push(`- ${payload}, ${x.label}: engine ${s.engines.join(", ")}, expected ${x.engine}`);
    }
  }
  if (problems.length) lines.push("", "Problems seen:", ...problems);
  return lines.join("\n") + "\n";
}
