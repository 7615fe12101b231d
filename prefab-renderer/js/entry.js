// prefab renderer entry (hand-written; minified into prefab/assets/entry.js): the bundle's
// `renderer.js`, an ES module that answers to the names prefab-ui's renderer has, so a page
// made by `prefab_ui.renderer.get_renderer_html()` with `PREFAB_RENDERER_URL=<bundle base>`
// (`<link rel="stylesheet" href="<base>/renderer.css">`, `<div id="root">`,
// `<script type="module" src="<base>/renderer.js">`) runs this renderer instead.
//
// It loads, from its own base URL and checked against the bundle's integrity hashes (filled
// in for PREFAB_INTEGRITY when the bundle is made): the glue, the one engine this document
// may run, then the loader, which starts the renderer exactly as in every other page (the
// same `ui/*` protocol). The page's CSP needs the bundle's origin in `script-src` and
// `style-src` only (`_meta.ui.csp.resourceDomains`): nothing is fetched, every file is a
// script. Where WebAssembly may be compiled ('wasm-unsafe-eval'), the WebAssembly engine
// comes as `renderer_bg.wasm.js` (its gzip bytes in base64, put where the loader reads an
// inline engine); elsewhere the JavaScript engine `renderer.wasm2js.js`.
const base = new URL(".", import.meta.url).href;
const integrity = PREFAB_INTEGRITY;
const head = document.head || document.documentElement;

function load(name) {
  return new Promise(function (resolve, reject) {
    const script = document.createElement("script");
    script.src = base + name;
    script.integrity = integrity[name];
    script.crossOrigin = "anonymous";
    script.onload = resolve;
    script.onerror = function () {
      reject(new Error(name + " could not be loaded"));
    };
    head.appendChild(script);
  });
}

// The loader's test: an empty module compiles only where the CSP allows WebAssembly.
function wasmAllowed() {
  if (typeof WebAssembly !== "object") return false;
  try {
    new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    return true;
  } catch (refused) {
    return false;
  }
}

function wasmEngine() {
  return load("renderer_bg.wasm.js").then(function () {
    const packed = document.createElement("script");
    packed.id = "prefab:wasm";
    packed.type = "application/gzip-base64";
    packed.textContent = globalThis.prefabWasmGz;
    head.appendChild(packed);
  });
}

// The page may load code from the bundle's origin: the loader loads the bundle's pinned
// Mermaid from there the first time a `Mermaid` diagram draws.
globalThis.prefabMermaid = [base.slice(0, -1), integrity["mermaid.min.js"]];

Promise.all([load("glue.js"), wasmAllowed() ? wasmEngine() : load("renderer.wasm2js.js")])
  .then(function () {
    return load("loader.js");
  })
  .catch(function (error) {
    const box = document.createElement("div");
    box.className = "pf-error";
    box.setAttribute("role", "alert");
    box.textContent = "The renderer failed to start: " + error.message;
    (document.getElementById("root") || document.body).appendChild(box);
    console.error(error);
  });
