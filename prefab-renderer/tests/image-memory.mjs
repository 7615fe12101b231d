#!/usr/bin/env node
// Peak browser memory for a `data:` PNG bomb (issue 38, row 4), by hand, for benches/README.md:
//
//   cargo xtask pages && node prefab-renderer/tests/image-memory.mjs --pages target/pages
//
// The picture is a 20000 × 20000 one-bit PNG of about 50 KB (1.6 GB once decoded). Two runs
// in one Chromium, each in a fresh page, the resident memory of every Chromium process summed
// every 50 ms for 6 s after the start, less the sum just before:
//  - "decoded as before": what the viewer did before the header check, in a blank page
//    (`createImageBitmap` of the bytes, painted into a `bitmaprenderer` canvas);
//  - "the viewer": an `Image` of a 3 × 2 PNG, then of the bomb, in the viewer through the
//    test host (each in a new host page; the first is the viewer's own memory).
// Prints one line per run. Not part of `cargo xtask test`: it measures, it does not check.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PAGES_OPTION, cli, launch, toolResult } from "../../xtask/testhost/index.mjs";
import { hugePng } from "./image-bomb.mjs";

const { pages: PAGES } = cli("image-memory.mjs", { pages: PAGES_OPTION });

/** Resident memory of every Chromium process, in MB. */
function chromiumMb() {
  const out = execFileSync("ps", ["-eo", "rss=,comm="], { encoding: "utf8" });
  let kb = 0;
  for (const line of out.split("\n")) {
    const [rss, comm] = line.trim().split(/\s+/, 2);
    if (comm && /chrom/i.test(comm)) kb += Number(rss);
  }
  return kb / 1024;
}

/** The peak over `ms` after `start()` is called, less the memory just before, in MB. */
async function peak(start, ms = 6000) {
  const before = chromiumMb();
  let top = before;
  const started = start();
  const end = Date.now() + ms;
  while (Date.now() < end) {
    top = Math.max(top, chromiumMb());
    await new Promise((r) => setTimeout(r, 50));
  }
  await started.catch(() => {});
  return Math.round(top - before);
}

const png = hugePng();
/** A 3 × 2 PNG: the viewer's own memory, for comparison. */
const SMALL = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEUlEQVR42mO4o6b2H4YZkDkApsEM64x4gygAAAAASUVORK5CYII=";
const host = await launch();
try {
  const blank = await host.context.newPage();
  const decoded = await peak(() =>
    blank.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes]));
      const canvas = document.createElement("canvas");
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      canvas.getContext("bitmaprenderer").transferFromImageBitmap(bitmap);
      document.body.append(canvas);
    }, png),
  );
  await blank.close();
  console.log(`decoded as before: +${decoded} MB peak`);
  const html = readFileSync(join(PAGES, "viewer.html"), "utf8");
  for (const [name, src] of [["a 3 × 2 PNG", SMALL], ["the 20000 × 20000 PNG", png]]) {
    const doc = { $prefab: { version: "0.2" }, view: { type: "Image", src: `data:image/png;base64,${src}`, alt: name } };
    const viewer = await peak(() => host.open({ html, layout: "shell", toolResult: toolResult(doc) }));
    console.log(`the viewer showing ${name}: +${viewer} MB peak`);
  }
} finally {
  await host.close();
}
