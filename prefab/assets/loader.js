// prefab renderer loader (hand-written; inlined by prefab::page after the engines).
//
// A self-contained page carries the engines gzip-compressed and base64-encoded in inert
// scripts: `prefab:wasm` (the WebAssembly build, optional) and `prefab:wasm2js` (the same
// code translated to JavaScript by wasm2js); it unpacks only the engine it runs, with the
// browser's DecompressionStream (no network: a Blob's stream). A CDN page instead has a
// `prefab:cdn` config (bundle base URL and the engines' integrity hashes) and the loader
// fetches only the engine it runs, with subresource integrity. The WebAssembly build runs
// when the page has it and this document may compile WebAssembly, otherwise the JavaScript
// one (the default MCP Apps CSP has no 'wasm-unsafe-eval'). Both feed the same
// wasm-bindgen glue: for wasm2js the glue is given a stand-in `WebAssembly` whose
// `Instance` runs the translated module. Nothing here evaluates strings as code.
(function () {
  "use strict";
  var html = document.documentElement;
  var cdn = (function () {
    var source = document.getElementById("prefab:cdn");
    try {
      return source ? JSON.parse(source.textContent) : null;
    } catch (broken) {
      return null;
    }
  })();

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
    if (!(cdn || document.getElementById("prefab:wasm")) || typeof WebAssembly !== "object") return false;
    try {
      new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
      return true;
    } catch (refused) {
      return false;
    }
  }

  function wasmBytes() {
    if (!cdn) return unpack("prefab:wasm").arrayBuffer();
    return fetch(cdn.base + "/renderer_bg.wasm", { integrity: cdn.wasm, mode: "cors" }).then(function (response) {
      if (!response.ok) throw new Error("renderer_bg.wasm: HTTP " + response.status);
      return response.arrayBuffer();
    });
  }

  // The wasm2js engine runs as a script: our own inline one (the host CSP's 'unsafe-inline'
  // allows it), or the CDN's file checked against its integrity hash.
  function runWasm2js() {
    if (typeof prefabWasm2js === "function") return Promise.resolve();
    var script = document.createElement("script");
    var parent = document.head || document.documentElement;
    if (!cdn) {
      return unpack("prefab:wasm2js").text().then(function (text) {
        script.textContent = text;
        parent.appendChild(script);
      });
    }
    return new Promise(function (resolve, reject) {
      script.src = cdn.base + "/renderer.wasm2js.js";
      script.integrity = cdn.wasm2js;
      script.crossOrigin = "anonymous";
      script.onload = resolve;
      script.onerror = function () {
        reject(new Error("renderer.wasm2js.js could not be loaded"));
      };
      parent.appendChild(script);
    });
  }

  function start() {
    if (wasmAllowed()) {
      return wasmBytes().then(function (bytes) {
        var bindings = prefabGlue(WebAssembly);
        bindings.initSync({ module: new WebAssembly.Module(bytes) });
        return [bindings, "wasm"];
      });
    }
    return runWasm2js().then(function () {
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
