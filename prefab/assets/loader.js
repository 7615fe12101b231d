// prefab renderer loader (hand-written; inlined by prefab::page after the engines).
//
// The page carries the engines gzip-compressed and base64-encoded in inert scripts:
// `prefab:wasm` (the WebAssembly build, optional) and `prefab:wasm2js` (the same code
// translated to JavaScript by wasm2js). The loader uses the WebAssembly build when the page
// has it and this document may compile WebAssembly, otherwise the JavaScript one (the
// default MCP Apps CSP has no 'wasm-unsafe-eval'). It unpacks only the engine it runs, with
// the browser's DecompressionStream (no network: a Blob's stream). Both feed the same
// wasm-bindgen glue: for wasm2js the glue is given a stand-in `WebAssembly` whose
// `Instance` runs the translated module. Nothing here evaluates strings as code.
(function () {
  "use strict";
  var html = document.documentElement;

  function decodeBase64(text) {
    // Native decoding where the browser has it (several times faster than the loop below).
    if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  // The engine `id` unpacked: a Response over the decompressed bytes.
  function unpack(id) {
    var source = document.getElementById(id);
    var packed = decodeBase64(source ? source.textContent.trim() : "");
    var stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream);
  }

  // A refused compilation throws CompileError (and the host may log a CSP report); that is
  // the signal to use the JavaScript engine, not a failure. An empty module is compiled
  // first, so a refusing host never unpacks the real one.
  function wasmAllowed() {
    if (!document.getElementById("prefab:wasm") || typeof WebAssembly !== "object") return false;
    try {
      new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
      return true;
    } catch (refused) {
      return false;
    }
  }

  // The wasm2js engine runs as our own inline script, which the host CSP's 'unsafe-inline'
  // allows.
  function runWasm2js(text) {
    if (typeof prefabWasm2js === "function") return;
    var script = document.createElement("script");
    script.textContent = text;
    (document.head || document.documentElement).appendChild(script);
  }

  function start() {
    if (wasmAllowed()) {
      return unpack("prefab:wasm").arrayBuffer().then(function (bytes) {
        var bindings = prefabGlue(WebAssembly);
        bindings.initSync({ module: new WebAssembly.Module(bytes) });
        return [bindings, "wasm"];
      });
    }
    return unpack("prefab:wasm2js").text().then(function (text) {
      runWasm2js(text);
      var Module = function () {};
      var Instance = function (_module, imports) {
        this.exports = prefabWasm2js(imports);
      };
      var bindings = prefabGlue({ Module: Module, Instance: Instance });
      bindings.initSync({ module: new Module() });
      return [bindings, "wasm2js"];
    });
  }

  function showError(error) {
    var box = document.createElement("div");
    box.className = "pf-error";
    box.setAttribute("role", "alert");
    box.textContent = "The renderer failed to start: " + String(error && error.message || error);
    (document.getElementById("root") || document.body).appendChild(box);
    if (typeof console === "object") console.error(error);
  }

  try {
    start().then(function (started) {
      html.setAttribute("data-prefab-engine", started[1]);
      started[0].start(started[1]);
    }).catch(showError);
  } catch (error) {
    showError(error);
  }
})();
