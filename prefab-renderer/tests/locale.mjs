#!/usr/bin/env node
// The host's locale and time zone in the view (issue 40): one document of formatting pipes
// shown in en-US, de-DE, ja-JP and ar-EG with an IANA zone (Asia/Tokyo, Europe/Berlin, …),
// on both engines, through the test host's `hostContext`.
//
// Two kinds of checks. Hand-written texts for what a locale or zone visibly changes (the
// decimal comma of de-DE, the day after 23:30 UTC in Tokyo, Arabic-Indic digits, en-US
// unchanged: exactly prefab-ui's output). And, for every pipe, the text the browser's own
// `Intl` prints with the options prefab-ui passes, computed in the view's frame, so the
// whole string is checked without copying a CLDR release into this file. The page's `lang`
// is the host's locale and its `dir` `rtl` for Arabic.
//
//   cargo xtask pages && node prefab-renderer/tests/locale.mjs --pages target/pages
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ENGINE, PAGES_OPTION, PRESETS, cli, launch, tally, toolResult, waitFor } from "../../xtask/testhost/index.mjs";

const { pages: PAGES } = cli("locale.mjs", { pages: PAGES_OPTION });
const { check, guard, finish } = tally();

const WHEN = "2025-01-15T23:30:00Z";
/**
 * Each pipe under test: its template, and how `Intl` prints it with prefab-ui's options (run
 * in the view's frame with `[locale, zone, WHEN]`, so self-contained).
 */
const PIPES = [
  ["number", "{{ n | number:1 }}", ([l]) => (1234.5).toLocaleString(l, { minimumFractionDigits: 1, maximumFractionDigits: 1 })],
  ["plain number", "{{ n | number }}", ([l]) => (1234.5).toLocaleString(l, { minimumFractionDigits: 0, maximumFractionDigits: 3 })],
  ["currency", "{{ n | currency:'EUR' }}", ([l]) => (1234.5).toLocaleString(l, { style: "currency", currency: "EUR" })],
  ["compact", "{{ big | compact }}", ([l]) => (1234567).toLocaleString(l, { notation: "compact" })],
  ["date", "{{ when | date }}", ([l, z, when]) => new Date(when).toLocaleDateString(l, { year: "numeric", month: "short", day: "numeric", timeZone: z })],
  ["long date", "{{ when | date:'long' }}", ([l, z, when]) => new Date(when).toLocaleDateString(l, { year: "numeric", month: "long", day: "numeric", timeZone: z })],
  ["short date", "{{ when | date:'short' }}", ([l, z, when]) => new Date(when).toLocaleDateString(l, { timeZone: z })],
  ["time", "{{ when | time }}", ([l, z, when]) => new Date(when).toLocaleTimeString(l, { hour: "numeric", minute: "2-digit", timeZone: z })],
  ["datetime", "{{ when | datetime }}", ([l, z, when]) => new Date(when).toLocaleString(l, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: z })],
];

const doc = {
  $prefab: { version: "0.2" },
  state: { n: 1234.5, big: 1234567, ratio: 0.125, when: WHEN },
  view: {
    type: "Column",
    children: [
      ...PIPES.map(([name, content], i) => ({ type: "Text", id: `pipe-${i}`, content, cssClass: name.replace(/ /g, "-") })),
      { type: "Text", id: "percent", content: "{{ ratio | percent:1 }}" },
    ],
  },
};

/** What each locale and zone must visibly change, written by hand. */
const CASES = [
  // en-US in UTC is prefab-ui's own output, unchanged.
  { locale: "en-US", zone: "UTC", texts: { number: "1,234.5", "short date": "1/15/2025", currency: "€1,234.50", compact: "1.2M", date: "Jan 15, 2025", time: "11:30 PM", datetime: "Jan 15, 2025, 11:30 PM", percent: "12.5%" } },
  // A decimal comma and a point for thousands; Berlin is an hour ahead: 00:30 next day.
  { locale: "de-DE", zone: "Europe/Berlin", texts: { number: "1.234,5", "short date": "16.1.2025", time: "0:30", percent: "12,5\u00a0%" } },
  // Tokyo is nine hours ahead: 08:30 on the 16th.
  { locale: "ja-JP", zone: "Asia/Tokyo", texts: { number: "1,234.5", "short date": "2025/1/16", time: "8:30" } },
  // Arabic-Indic digits; Cairo is two hours ahead in January: the 16th.
  { locale: "ar-EG", zone: "Africa/Cairo", texts: { number: "١٬٢٣٤٫٥" } },
];

const html = readFileSync(join(PAGES, "viewer.html"), "utf8");
const host = await launch();
for (const csp of PRESETS) {
  for (const { locale, zone, texts } of CASES) {
    const label = `[${ENGINE[csp]}, ${locale}, ${zone}]`;
    await guard(`${label} pipes`, async () => {
      const v = await host.open({ html, layout: "shell", csp, toolResult: toolResult(doc), hostContext: { locale, timeZone: zone } });
      try {
        const shown = await waitFor("the formatted texts", async () => {
          const read = await v.frame()?.evaluate(() => [...document.querySelectorAll("[id^=pipe-], #percent")].map((e) => e.textContent));
          return read?.length === PIPES.length + 1 && !read.some((t) => t.includes("{{")) && read;
        });
        // The page speaks the host's language, right to left where it is written so.
        const page = await v.frame().evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
        const dir = locale.startsWith("ar") ? "rtl" : "ltr";
        check(`${label} lang ${locale}, dir ${dir}`, page[0] === locale && page[1] === dir, JSON.stringify(page));
        const byName = Object.fromEntries(PIPES.map(([name], i) => [name, shown[i]]));
        byName.percent = shown[PIPES.length];
        for (const [name, expected] of Object.entries(texts)) {
          check(`${label} ${name} reads ${JSON.stringify(expected)}`, byName[name] === expected, JSON.stringify(byName[name]));
        }
        // The browser's Intl with prefab-ui's options, in the frame (the same ICU data).
        const intl = [];
        for (const [, , print] of PIPES) intl.push(await v.frame().evaluate(print, [locale, zone, WHEN]));
        PIPES.forEach(([name], i) => check(`${label} ${name} is Intl's text in the locale and zone`, shown[i] === intl[i], `${JSON.stringify(shown[i])} vs ${JSON.stringify(intl[i])}`));
      } finally {
        await v.close();
      }
    });
  }
}
await host.close();
finish();
