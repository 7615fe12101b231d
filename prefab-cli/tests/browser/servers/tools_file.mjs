// A minimal MCP server over stdio whose tools are read from a JSON file when it starts
// (`node tools_file.mjs TOOLS.json`): the `prefab dev --watch` browser test edits the file
// and expects the page to show the new list. An entry is a tool's name, or `{name, title}`.
// Each tool answers with its own name.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const tools = JSON.parse(readFileSync(process.argv[2], "utf8")).map((entry) => {
  const { name, title } = typeof entry === "string" ? { name: entry } : entry;
  return { name, ...(title ? { title } : {}), description: `the tool ${name}`, inputSchema: { type: "object", properties: {} } };
});

const answer = (id, result) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);

createInterface({ input: process.stdin }).on("line", (line) => {
  const { id, method, params } = JSON.parse(line);
  if (id === undefined) return; // notifications
  switch (method) {
    case "initialize":
      return answer(id, {
        protocolVersion: params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "tools-file", version: "0" },
      });
    case "tools/list":
      return answer(id, { tools });
    case "tools/call":
      return answer(id, { content: [{ type: "text", text: `called ${params.name}` }] });
    default:
      return process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: method } })}\n`);
  }
});
