// An MCP client for the browser suites that drive a real MCP server: the official client
// (`@modelcontextprotocol/client`, a dependency of the test host) over Streamable HTTP.
//
//   import { connect } from "<repo>/xtask/testhost/mcp.mjs";
//   const client = await connect("http://127.0.0.1:8000/mcp");
//   const { tools } = await client.listTools();
//   await client.close();
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

/** The host's client info and capabilities (it renders MCP Apps UI resources). */
const INFO = { name: "prefab-testhost", version: "0.1.0" };
const CAPABILITIES = {
  extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
};

/** A connected client of the server at `url` (its Streamable HTTP endpoint). */
export async function connect(url) {
  const client = new Client(INFO, { capabilities: CAPABILITIES });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}
