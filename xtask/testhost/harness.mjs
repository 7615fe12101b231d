// The shared scaffolding of every browser test and benchmark script: the command line, one
// pass/fail tally, Chromium, pages with their errors. Only node's own modules are loaded
// here (playwright-core when a browser is launched), so a script outside the test host —
// the render benchmark, with its own node_modules — can import it by a relative path.
// `index.mjs` exports the same names beside the test host's.
export { PAGES_OPTION, cli, die } from "./src/harness/cli.mjs";
export { Skip, tally } from "./src/harness/tally.mjs";
export { CHROMIUM_ARGS, chromiumPath, launchBrowser } from "./src/harness/browser.mjs";
export { DATA_TAG, STANDALONE_POLICY, pageFiles, standalone, watch, watchedPage, withPayload } from "./src/harness/pages.mjs";
export { PREFAB_UI, prefabUiPage, prefabUiTemplate, renderInPrefabUi, settle } from "./src/harness/reference.mjs";
export { isCspMessage, isWasmProbe, noteViolation, violations } from "./src/harness/violations.mjs";
