// prefab renderer loader (hand-written; inlined by prefab::page after the engines).
//
// Chooses the engine at load time: the WebAssembly build when this document may compile
// WebAssembly, otherwise the same code translated to JavaScript by wasm2js (the default MCP
// Apps CSP has no 'wasm-unsafe-eval'). Both feed the same wasm-bindgen glue: for wasm2js the
// glue is given a stand-in `WebAssembly` whose `Instance` runs the translated module.
// Nothing here evaluates strings as code.
(function () {
  "use strict";
  var html = document.documentElement;

  function wasmBytes() {
    var source = document.getElementById("prefab:wasm");
    var base64 = source ? source.textContent.trim() : "";
    // Native decoding where the browser has it (several times faster than the loop below).
    if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(base64);
    var text = atob(base64);
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  // A refused compilation throws CompileError (and the host may log a CSP report); that is
  // the signal to use the JavaScript engine, not a failure.
  function compileWasm() {
    if (typeof WebAssembly !== "object" || typeof prefabGlue !== "function") return null;
    try {
      // An empty module first: when the CSP refuses compilation this fails at once, before
      // the real module's base64 is decoded.
      new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
      return new WebAssembly.Module(wasmBytes());
    } catch (refused) {
      return null;
    }
  }

  // The wasm2js engine ships as inert text; it is run (as our own inline script, which the
  // host CSP's 'unsafe-inline' allows) only when it is needed.
  function loadWasm2js() {
    if (typeof prefabWasm2js === "function") return;
    var source = document.getElementById("prefab:wasm2js");
    var script = document.createElement("script");
    script.textContent = source ? source.textContent : "";
    (document.head || document.documentElement).appendChild(script);
  }

  function showError(error) {
    var box = document.createElement("div");
    box.className = "pf-error";
    box.setAttribute("role", "alert");
    box.textContent = "The renderer failed to start: " + String(error && error.message || error);
    (document.getElementById("root") || document.body).appendChild(box);
  }

  try {
    var module = compileWasm();
    var engine = module ? "wasm" : "wasm2js";
    var bindings;
    if (module) {
      bindings = prefabGlue(WebAssembly);
      bindings.initSync({ module: module });
    } else {
      loadWasm2js();
      var Module = function () {};
      var Instance = function (_module, imports) {
        this.exports = prefabWasm2js(imports);
      };
      bindings = prefabGlue({ Module: Module, Instance: Instance });
      bindings.initSync({ module: new Module() });
    }
    html.setAttribute("data-prefab-engine", engine);
    bindings.start(engine);
  } catch (error) {
    showError(error);
    if (typeof console === "object") console.error(error);
  }
})();
