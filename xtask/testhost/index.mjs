// The JS API of the prefab test host (see README.md), and the shared scaffolding of the
// browser test scripts (`harness.mjs`: command line, tally, Chromium, pages).
//
//   import { launch, toolResult } from "<repo>/xtask/testhost/index.mjs";
//   const host = await launch();
//   const view = await host.open({ html, csp: "default", toolResult: toolResult(envelope) });
//   await view.ready();
//   …
//   await host.close();
export { launch, serveOrigin, withHost } from "./src/host.mjs";
export { GENERATIONS, View, waitFor } from "./src/view.mjs";
export { axe, severe } from "./src/axe.mjs";
export { ENGINE, PRESETS, documentWithPolicy, policyFor, policyMeta } from "./src/csp.mjs";
export { ANSWERS, HOST_INFO, toolResult } from "./src/defaults.mjs";
export { EXAMPLE_VIEW, fetchExampleView } from "./src/example.mjs";
export { shrinkGrey, similarity } from "./src/pixels.mjs";
export * from "./harness.mjs";
