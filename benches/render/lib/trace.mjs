// Reading a Chromium trace of one page load: main-thread CPU until the page was rendered.

/** Trace categories: top-level tasks, the timeline events (Layout, …) and performance.mark. */
export const TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "blink.user_timing"];

const TASK_NAMES = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/**
 * From the JSON trace text: the thread that recorded the `bench:rendered` mark is the page's
 * main thread. Its CPU is the sum of the thread time (`tdur`) of its outermost tasks that
 * began before the mark (a task inside another one is not counted twice). Also returned, in
 * ms: the busy wall time of those tasks, the largest task's CPU, and the CPU of layout and of
 * style recalculation events up to the mark.
 */
export function mainThreadCpu(traceText) {
  const events = JSON.parse(traceText).traceEvents ?? [];
  const mark = events.find((e) => e.name === "bench:rendered" && String(e.cat).includes("user_timing"));
  if (!mark) throw new Error("the trace holds no bench:rendered mark");
  const mine = events.filter((e) => e.ph === "X" && e.pid === mark.pid && e.tid === mark.tid && e.ts <= mark.ts);
  const tasks = mine.filter((e) => TASK_NAMES.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = { cpu: 0, busy: 0, largestTask: 0, layout: 0, style: 0, tasks: 0 };
  let coveredUntil = -Infinity;
  for (const t of tasks) {
    if (t.ts < coveredUntil) continue;
    coveredUntil = t.ts + (t.dur ?? 0);
    const cpu = (t.tdur ?? 0) / 1000;
    out.cpu += cpu;
    out.busy += (t.dur ?? 0) / 1000;
    out.largestTask = Math.max(out.largestTask, cpu);
    out.tasks += 1;
  }
  for (const e of mine) {
    if (e.name === "Layout") out.layout += (e.tdur ?? 0) / 1000;
    else if (e.name === "UpdateLayoutTree" || e.name === "RecalculateStyles") out.style += (e.tdur ?? 0) / 1000;
  }
  return out;
}
