// `prefab dev`'s part of the preview host, loaded after host.js and tools.js (whose
// functions it uses) only by `prefab dev`: the previewed server's status in the bar with a
// Restart button, and, each time the server was (re)started, the tool list reloaded and a
// "Run again" button that calls the open view's tool again with the same arguments. Nothing
// is called without that click: a restart alone never runs a tool.
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
  const again = document.createElement("button");
  again.type = "button";
  again.id = "dev-run-again";
  again.textContent = "Run again";
  again.hidden = true;
  again.addEventListener("click", runAgain);
  box.append("Server: ", status, " ", restart, " ", again);
  document.querySelector("header.bar").append(box);
}

/** The open view's tool call, offered again after a restart: {name, args}, or null. */
let lastCall = null;

async function runAgain() {
  const open = lastCall;
  lastCall = null;
  $("dev-run-again").hidden = true;
  const tool = open && tools.find((t) => t.name === open.name);
  if (!tool) return;
  calling++;
  try {
    selectTool(tool);
    await callWith(tool, open.args ?? {});
  } finally {
    calling--;
  }
}

function showStatus(status) {
  const state = status.running ? "running" : status.error ?? "starting";
  $("dev-status").textContent = `${status.target}: ${state}`;
  $("dev-restart").hidden = !status.restartable;
  document.documentElement.dataset.devGeneration = String(status.generation);
}

/** The tool list again, and "Run again" offered for the open view's tool (not called). */
async function reloadServer() {
  const open = host.view?.tool ? { name: host.view.tool.name, args: host.view.args } : lastCall;
  calling++;
  try {
    await loadTools();
  } finally {
    calling--;
  }
  log("server restarted: tool list reloaded");
  lastCall = open && tools.some((t) => t.name === open.name) ? open : null;
  if (!lastCall) {
    await closeView();
    return;
  }
  $("dev-run-again").hidden = false;
  $("dev-run-again").title = `Call ${lastCall.name} again with the same arguments`;
  $("status").textContent = `The server restarted: "Run again" calls ${lastCall.name} again.`;
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
