// `prefab dev`'s part of the preview host, loaded after host.js and tools.js (whose
// functions it uses) only by `prefab dev`: the previewed server's status in the bar with a
// Restart button, and, each time the server was (re)started, the tool list reloaded and
// the open view opened again with the same arguments.
//
// The status comes from the dev host's own MCP endpoint: `prefab/dev/status` answers at
// once without arguments, and with the {generation, running} the page knows it waits
// until they change (a long poll); `prefab/dev/restart` restarts the server.
"use strict";

const dev = { status: null };

function devBar() {
  const box = document.createElement("span");
  box.className = "endpoint";
  const status = document.createElement("code");
  status.id = "dev-status";
  status.textContent = "connecting…";
  const restart = document.createElement("button");
  restart.type = "button";
  restart.id = "dev-restart";
  restart.textContent = "Restart";
  restart.hidden = true;
  restart.addEventListener("click", () => {
    log("restarting the server");
    mcp("prefab/dev/restart", {}).catch((e) => log(`restart failed: ${e.message}`));
  });
  box.append("Server: ", status, " ", restart);
  document.querySelector("header.bar").append(box);
}

function showStatus(status) {
  const state = status.running ? "running" : status.error ?? "starting";
  $("dev-status").textContent = `${status.target}: ${state}`;
  $("dev-restart").hidden = !status.restartable;
  document.documentElement.dataset.devGeneration = String(status.generation);
}

/** The tool list again, and the open view's tool called again with its arguments. */
async function reloadServer() {
  calling++;
  try {
    await reopen(host.view?.tool ? { name: host.view.tool.name, args: host.view.args } : null);
  } finally {
    calling--;
  }
}

async function reopen(open) {
  await loadTools();
  log("server restarted: tool list reloaded");
  if (!open) return;
  const tool = tools.find((t) => t.name === open.name);
  if (!tool) {
    await closeView();
    return;
  }
  selectTool(tool);
  await callWith(tool, open.args ?? {});
}

async function followServer() {
  for (;;) {
    const known = dev.status ? { generation: dev.status.generation, running: dev.status.running } : {};
    let next;
    try {
      next = await mcp("prefab/dev/status", known);
    } catch (e) {
      $("dev-status").textContent = `prefab dev is not answering: ${e.message}`;
      await sleep(1000);
      continue;
    }
    const before = dev.status;
    dev.status = next;
    showStatus(next);
    if (before && next.running && next.generation !== before.generation) await reloadServer();
  }
}

document.addEventListener("DOMContentLoaded", () => {
  devBar();
  followServer();
});
