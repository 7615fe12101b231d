// Concurrency check: N parallel `tools/call show_users` over stateless Streamable HTTP
// (protocol 2026-07-28: no initialize, no session, routing headers) against the `hello`
// example server. Every call must succeed; prints p50/p99 latency and the wall time.
//
// Usage: node benches/mcp/parallel_calls.mjs <path to hello> [calls=200]
// (build first: cargo build --release -p prefab-examples --bin hello)
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { cli, die, tally } from "../../xtask/testhost/harness.mjs";

const [helloBin, callsArg] = cli("parallel_calls.mjs", {}, { positionals: true })._;
if (!helloBin) die("parallel_calls.mjs", "usage: node parallel_calls.mjs <hello binary> [calls]", 2);
const CALLS = Number(callsArg ?? 200);

const port = await new Promise((resolve, reject) => {
  const srv = createServer();
  srv.once("error", reject);
  srv.listen(0, "127.0.0.1", () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
const url = `http://127.0.0.1:${port}/mcp`;
const child = spawn(helloBin, ["http", "--port", String(port)], { stdio: ["ignore", "ignore", "pipe"] });
let serverLog = "";
child.stderr.on("data", (d) => (serverLog += d));

const meta = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "parallel-calls", version: "0.1.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/// One stateless call; resolves to its latency in ms, or throws with the reason.
async function call(id) {
  const started = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "show_users",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "show_users", arguments: {}, _meta: meta },
    }),
  });
  const body = await res.json();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body)}`);
  if (body.id !== id || body.error || !body.result?.structuredContent?.$prefab || body.result.isError) {
    throw new Error(`bad reply: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return elapsed;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const { check, finish } = tally({ label: "parallel", quiet: true });
try {
  for (let i = 0; ; i++) {
    try {
      await call(0); // warm-up, and wait until the server listens
      break;
    } catch (e) {
      if (i > 200 || child.exitCode !== null) throw new Error(`server did not come up: ${e}\n${serverLog}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const started = performance.now();
  const outcomes = await Promise.allSettled(Array.from({ length: CALLS }, (_, i) => call(i + 1)));
  const wall = performance.now() - started;
  outcomes.forEach((o, i) => check(`call ${i + 1}`, o.status === "fulfilled", String(o.reason)));
  const ok = outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value).sort((a, b) => a - b);
  if (ok.length > 0) {
    const fmt = (ms) => `${ms.toFixed(1)} ms`;
    console.log(
      `${CALLS} parallel tools/call (stateless HTTP, 2026-07-28): p50 ${fmt(percentile(ok, 50))}, ` +
        `p99 ${fmt(percentile(ok, 99))}, max ${fmt(ok[ok.length - 1])}, wall ${fmt(wall)}`,
    );
  }
} catch (e) {
  check("the server answers", false, e.stack ?? e);
} finally {
  child.kill();
}
finish({ exit: true });
