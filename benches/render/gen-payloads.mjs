#!/usr/bin/env node
// Writes the render benchmark's input documents into benches/render/payloads/:
//
//   table1000.json  the envelope of display(autoTable(rows, {title: "Users"})) for 1,000 rows
//                   of six fields: a heading, a "1000 records" badge, one DataTable (six
//                   sortable columns, search on, no pagination)
//   mixed200.json   a Column of 200 component nodes: heading, input, select, markdown, alert,
//                   bar and line chart, tabs, separator, 18 cards (title, badge, templated
//                   text, SetState button, progress, metric), padded with Text nodes
//   manifest.json   what each payload is and its marker texts: a page counts as rendered
//                   once every marker is in a text node of the document
//
// The documents are spelled out here as plain objects, in the key order the TypeScript
// builders of @maxhealth.tech/prefab 0.3.13 emit, so no package is needed to produce them.
// They are the inputs of the figures in benches/README.md; change them only on purpose.
//
//   node benches/render/gen-payloads.mjs           rewrite the files
//   node benches/render/gen-payloads.mjs --check   exit 1 if a committed file differs
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli } from "../../xtask/testhost/harness.mjs";
import { PAYLOAD_DIR } from "./lib/env.mjs";

const envelope = (view, state) => ({ $prefab: { version: "0.3" }, view: appRoot(view), ...(state ? { state } : {}) });
const appRoot = (child) => ({ type: "Div", cssClass: "pf-app-root", children: [child] });
const text = (content) => ({ type: "Text", content });

function table1000() {
  const rows = [];
  for (let i = 0; i < 1000; i++) {
    rows.push({
      id: i,
      name: `Name ${i}`,
      email: `n${i}@example.com`,
      status: i % 3 === 0 ? "pending" : "active",
      amount: i * 1.5,
      created: "2026-01-01",
    });
  }
  const headers = { id: "ID", name: "Name", email: "Email", status: "Status", amount: "Amount", created: "Created" };
  const columns = Object.entries(headers).map(([key, header]) => ({ key, header, sortable: true }));
  return envelope({
    type: "Column",
    cssClass: "p-6 max-w-4xl gap-5",
    children: [
      { type: "Heading", content: "Users", level: 1 },
      { type: "Row", cssClass: "gap-2", align: "center", children: [{ type: "Badge", label: "1000 records", variant: "outline" }] },
      { type: "DataTable", rows, columns, search: true, paginated: false, pageSize: 10 },
    ],
  });
}

function card(i) {
  const odd = i % 2 === 1;
  const inc = { action: "setState", key: "count", value: "{{ count + 1 }}" };
  return {
    type: "Card",
    children: [
      { type: "CardHeader", children: [{ type: "CardTitle", content: `Card ${i}` }] },
      {
        type: "CardContent",
        children: [
          {
            type: "Row",
            cssClass: "gap-2",
            children: [
              { type: "Badge", label: odd ? "active" : "pending", variant: odd ? "success" : "warning" },
              text(`{{ count + ${i} }} items`),
              { type: "Button", onClick: inc, label: "Inc", variant: "default", size: "default", disabled: false },
            ],
          },
          { type: "Progress", value: (i * 5) % 100 },
          { type: "Metric", label: `KPI ${i}`, value: "{{ revenue | currency }}", delta: "+3%", trend: "up" },
        ],
      },
    ],
  };
}

/** Component nodes (objects with a string `type`) in `node` and its `children` trees. */
function countNodes(node) {
  if (Array.isArray(node)) return node.reduce((n, child) => n + countNodes(child), 0);
  if (node === null || typeof node !== "object") return 0;
  return (typeof node.type === "string" ? 1 : 0) + countNodes(node.children ?? []);
}

function mixed200() {
  const months = (n) => [{ m: "Jan", v: 1 }, { m: "Feb", v: 3 }, { m: "Mar", v: 2 }].slice(0, n);
  const children = [
    { type: "Heading", content: "Dashboard {{ user }}", level: 1 },
    { type: "Input", name: "user", label: "User", inputType: "text", disabled: false, readOnly: false, required: false },
    {
      type: "Select",
      name: "plan",
      label: "Plan",
      children: [{ type: "SelectOption", value: "a", label: "A" }, { type: "SelectOption", value: "b", label: "B" }],
    },
    { type: "Markdown", content: "**Bold** and _italic_ with a [link](https://example.com)" },
    {
      type: "Alert",
      variant: "default",
      children: [{ type: "AlertTitle", content: "Heads up" }, { type: "AlertDescription", content: "Something" }],
    },
    { type: "BarChart", data: months(3), series: [{ dataKey: "v", label: "V" }], xAxis: "m" },
    { type: "LineChart", data: months(2), series: [{ dataKey: "v" }], xAxis: "m" },
    {
      type: "Tabs",
      children: [
        { type: "Tab", title: "One", children: [text("tab one")] },
        { type: "Tab", title: "Two", children: [text("tab two")] },
      ],
    },
    { type: "Separator", orientation: "horizontal" },
  ];
  for (let i = 0; i < 18; i++) children.push(card(i));
  const column = { type: "Column", cssClass: "gap-4", children };
  while (countNodes(column) < 200) children.push(text("pad"));
  return envelope(column, { count: 1, revenue: 1234.5, user: "ada", plan: "a" });
}

const manifest = {
  about:
    "Inputs of benches/render/bench.mjs, written by benches/render/gen-payloads.mjs: $prefab 0.3 envelopes " +
    "(the structuredContent of a tool result) in the form @maxhealth.tech/prefab 0.3.13's display() emits. " +
    "markers: a page counts as rendered once each of these strings is in one text node outside <script>, <style>, <template>, <noscript> and <title>.",
  payloads: {
    table1000: {
      file: "table1000.json",
      description: "display(autoTable(rows)): 1,000 rows x 6 columns (id, name, email, status, amount, created) under a heading and a badge; one DataTable, search on, no pagination",
      markers: ["Users", "Name 0", "n0@example.com"],
    },
    mixed200: {
      file: "mixed200.json",
      description: "200 component nodes: heading, input, select, markdown, alert, bar and line chart, tabs, separator, 18 cards with badge, templated text, SetState button, progress and metric, padded with Text nodes",
      markers: ["Heads up", "Card 0", "Card 17", "KPI 17"],
    },
  },
};

const files = {
  "table1000.json": JSON.stringify(table1000()),
  "mixed200.json": JSON.stringify(mixed200()),
  "manifest.json": JSON.stringify(manifest, null, 2) + "\n",
};

const values = cli("gen-payloads.mjs", { check: { type: "boolean", default: false } });
let differing = 0;
for (const [name, content] of Object.entries(files)) {
  const path = join(PAYLOAD_DIR, name);
  if (values.check) {
    let stored = null;
    try {
      stored = readFileSync(path, "utf8");
    } catch {
      // missing counts as different
    }
    const same = stored === content;
    if (!same) differing++;
    console.log(`${same ? "same     " : "DIFFERENT"} payloads/${name} (${Buffer.byteLength(content)} bytes generated)`);
  } else {
    writeFileSync(path, content);
    console.log(`wrote payloads/${name} (${Buffer.byteLength(content)} bytes)`);
  }
}
if (differing) process.exitCode = 1;
