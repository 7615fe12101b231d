// The JS API of the prefab test host (see README.md).
//
//   import { launch, toolResult } from "<repo>/xtask/testhost/index.mjs";
//   const host = await launch();
//   const view = await host.open({ html, csp: "default", toolResult: toolResult(envelope) });
//   await view.ready();
//   …
//   await host.close();
export { launch, serveOrigin } from "./src/host.mjs";
export { View, waitFor } from "./src/view.mjs";
export { axe, severe } from "./src/axe.mjs";
export { checker } from "./src/checks.mjs";
export { PRESETS, documentWithPolicy, policyFor, policyMeta } from "./src/csp.mjs";
export { ANSWERS, HOST_INFO, toolResult } from "./src/defaults.mjs";
