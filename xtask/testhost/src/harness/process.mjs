// A server process for a test: started, and handed over once its output says it is ready.

import { spawn } from "node:child_process";

/**
 * Starts `command args` and resolves with `{ child, value }` once `ready(stdout so far)`
 * returns something truthy (`value`); rejects when the process exits first or after
 * `timeoutMs`. Its stderr is passed through.
 */
export function startProcess(command, args, ready, { timeoutMs = 20_000, env = process.env } = {}) {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((done, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`${command} ${args.join(" ")}: not ready in ${timeoutMs} ms: ${out}`)), timeoutMs);
    child.on("exit", (code) => fail(new Error(`${command} exited with ${code}: ${out}`)));
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const value = ready(out);
      if (value) {
        clearTimeout(timer);
        done({ child, value });
      }
    });
  });
}

/** `prefab serve --port 0 --data-dir dataDir` started from `bin`: `{ child, mcp, preview }`. */
export async function startPrefabServe(bin, dataDir) {
  const { child, value } = await startProcess(bin, ["serve", "--port", "0", "--data-dir", dataDir], (out) => {
    const mcp = /MCP endpoint:\s+(\S+)/.exec(out)?.[1];
    const preview = /Preview host:\s+(\S+)/.exec(out)?.[1];
    return mcp && preview && { mcp, preview };
  });
  return { child, ...value };
}
