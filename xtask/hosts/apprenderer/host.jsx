// A small MCP Apps host around @mcp-ui/client's AppRenderer: the TypeScript SDK client over
// Streamable HTTP to the server named by `?mcp=`, the sandbox proxy named by `?sandbox=`.
// The suite drives it through `window.hostsOpen(name, args)`: the tool is called, then its
// UI rendered by AppRenderer with the arguments and the result; `#status` says where it is.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AppRenderer } from "@mcp-ui/client";
import { createRoot } from "react-dom/client";

const params = new URLSearchParams(location.search);
const status = (text) => (document.getElementById("status").textContent = text);
const root = createRoot(document.getElementById("view"));
const client = new Client({ name: "prefab-hosts-apprenderer", version: "0.1.0" });
let opened = 0;

window.hostsOpen = async (name, args) => {
  const result = await client.callTool({ name, arguments: args });
  opened += 1;
  root.render(
    <AppRenderer
      key={opened}
      client={client}
      toolName={name}
      sandbox={{ url: new URL(params.get("sandbox")) }}
      toolInput={args}
      toolResult={result}
      hostContext={{ theme: "light", displayMode: "inline" }}
      onError={(error) => console.error(`[hosts] AppRenderer: ${error.message}`)}
    />,
  );
  status(`opened ${name} #${opened}`);
};

client
  .connect(new StreamableHTTPClientTransport(new URL(params.get("mcp"))))
  .then(() => status("connected"))
  .catch((error) => status(`connect failed: ${error.message}`));
