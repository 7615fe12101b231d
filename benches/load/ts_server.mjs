// The TypeScript peer of `cargo xtask bench-load`: the official MCP SDK (stateless, JSON
// responses: a new McpServer and transport per request, as the SDK's stateless example
// does) serving show_users with the TypeScript port's display(autoTable(users)), user_stats
// as structured JSON, and ping.
//
//   node benches/load/ts_server.mjs PORT     (packages: npm ci in benches/load)
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { display } from "@maxhealth.tech/prefab/mcp";
import { autoTable } from "@maxhealth.tech/prefab/auto";
import { stats, summary, users } from "./users.mjs";

function mcpServer() {
  const server = new McpServer({ name: "bench-load-ts", version: "0.1.0" });
  server.registerTool("show_users", { description: "Show the users of the system as a table" }, async () => {
    const list = users();
    return display(autoTable(list), { title: summary(list) });
  });
  server.registerTool("user_stats", { description: "Count the users of the system by role" }, async () => {
    const data = stats(users());
    return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
  });
  return server;
}

const port = Number(process.argv[2] ?? 0);
const http = createServer(async (req, res) => {
  if (req.method !== "POST" || req.url !== "/mcp") {
    res.writeHead(404).end();
    return;
  }
  const server = mcpServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => {
    transport.close();
    server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res);
  } catch (e) {
    if (!res.headersSent) res.writeHead(500).end(String(e));
  }
});
http.keepAliveTimeout = 30_000;
http.listen(port, "127.0.0.1", () => console.error(`listening on ${http.address().port}`));
