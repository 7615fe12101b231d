// prefab renderer loader (hand-written; inlined by prefab::page after the packed assets).
//
// A self-contained page carries the renderer packed and base64-encoded in inert scripts:
// `prefab:common` (the stylesheet, a NUL, then the wasm-bindgen glue; gzip; a page with the
// JavaScript engine only carries this text at the start of `prefab:wasm2js` instead),
// `prefab:wasm` (the WebAssembly build, gzip, optional) and `prefab:wasm2js` (the same code
// translated to JavaScript by wasm2js; LZMA, decoded by prefabUnlzma from unlzma.js, with
// its memory's data segments as raw bytes in front of the script). It unpacks only the
// engine it runs; gzip with the browser's DecompressionStream (no network: a Blob's stream).
// A CDN page instead has the stylesheet and glue as files and a `prefab:cdn` config (bundle
// base URL and the engines' integrity hashes), and the loader fetches only the engine it
// runs, with subresource integrity. The WebAssembly build runs when the page has it and this
// document may compile WebAssembly, otherwise the JavaScript one (the default MCP Apps CSP
// has no 'wasm-unsafe-eval'). Both feed the same wasm-bindgen glue: for wasm2js the glue is
// given a stand-in `WebAssembly` whose `Instance` runs the translated module. Nothing here
// evaluates strings from the wire as code: the scripts it inserts are the page's own assets.
(function () {
  "use strict";
  var html = document.documentElement;
  // Where inserted scripts and the stylesheet go (the loader runs after the body's content).
  var head = document.head || html;
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

  function packed(id) {
    var source = document.getElementById(id);
    return decodeBase64(source ? source.textContent.trim() : "");
  }

  // The gzip asset `id` unpacked: a Response over the decompressed bytes.
  function unpack(id) {
    var stream = new Blob([packed(id)]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream);
  }

  // Runs `text` as an inline script (the host CSP's 'unsafe-inline' allows it).
  function runScript(text) {
    var script = document.createElement("script");
    script.textContent = text;
    head.appendChild(script);
  }

  // The stylesheet (first in the page's style element, before the document's own rules)
  // and the glue, which defines prefabGlue. A CDN page links both instead, the drop-in
  // bundle loads the glue, and a page with the JavaScript engine only carries them in its
  // engine's pack (`wasm2jsScript`): none of them has `prefab:common`.
  function common() {
    if (!document.getElementById("prefab:common")) return Promise.resolve();
    return unpack("prefab:common").text().then(runCommon);
  }

  // `text`: the stylesheet, a NUL, then the glue.
  function runCommon(text) {
    var cut = text.indexOf("\0");
    var style = document.getElementById("prefab-renderer-css");
    if (!style) {
      style = document.createElement("style");
      head.appendChild(style);
    }
    style.textContent = text.slice(0, cut) + style.textContent;
    runScript(text.slice(cut + 1));
  }

  // The memory data segments of the inline JavaScript engine: [offset, bytes] pairs.
  var segments = [];

  // Splits the decoded `prefab:wasm2js` pack: u32 count, (offset, length) per segment, the
  // segments' bytes, then the script. A page with the JavaScript engine only has no
  // `prefab:common`: its pack starts with that text (stylesheet, NUL, glue, NUL), which
  // shares the LZMA stream's dictionary.
  function wasm2jsScript() {
    var bytes = prefabUnlzma(packed("prefab:wasm2js"));
    if (typeof prefabGlue !== "function") {
      var end = bytes.indexOf(0, bytes.indexOf(0) + 1);
      runCommon(new TextDecoder().decode(bytes.subarray(0, end)));
      bytes = bytes.slice(end + 1);
    }
    var words = new DataView(bytes.buffer);
    var count = words.getUint32(0, true);
    var at = 4 + 8 * count;
    for (var i = 0; i < count; i++) {
      var length = words.getUint32(8 + 8 * i, true);
      segments.push([words.getUint32(4 + 8 * i, true), bytes.subarray(at, at + length)]);
      at += length;
    }
    return new TextDecoder().decode(bytes.subarray(at));
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

  // Loads the bundle's file `name` as a script (from `base`, default the CDN page's),
  // checked against its integrity hash.
  function loadScript(name, integrity, base) {
    var script = document.createElement("script");
    return new Promise(function (resolve, reject) {
      script.src = (base || cdn.base) + "/" + name;
      script.integrity = integrity;
      script.crossOrigin = "anonymous";
      script.onload = resolve;
      script.onerror = function () {
        reject(new Error(name + " could not be loaded"));
      };
      head.appendChild(script);
    });
  }

  // The wasm2js engine runs as a script: our own inline one, or the CDN's file checked
  // against its integrity hash.
  function runWasm2js() {
    if (typeof prefabWasm2js === "function") return Promise.resolve();
    if (!cdn) {
      runScript(wasm2jsScript());
      return Promise.resolve();
    }
    return loadScript("renderer.wasm2js.js", cdn.wasm2js);
  }

  // A CDN page may load code from the bundle's origin: until the page has a Mermaid of its
  // own, `window.mermaid` is a stand-in whose `run` (what the renderer calls to draw a
  // `Mermaid` component) loads the bundle's pinned Mermaid once, then hands over to it (the
  // script replaces the stand-in). The bundle's `renderer.js` entry (in a page made by
  // prefab-ui's `get_renderer_html()`) names the bundle in `prefabMermaid` ([base, hash]). A
  // self-contained page has neither: diagrams show as source.
  var mermaidFrom = cdn && cdn.mermaid ? [cdn.base, cdn.mermaid] : window.prefabMermaid;
  if (mermaidFrom && mermaidFrom[1] && !window.mermaid) {
    var mermaidLoaded;
    window.mermaid = {
      run: function (options) {
        mermaidLoaded = mermaidLoaded || loadScript("mermaid.min.js", mermaidFrom[1], mermaidFrom[0]).then(function () {
          window.mermaid.initialize({ startOnLoad: false });
        });
        // A bundle without Mermaid (`prefab serve`'s) leaves the source shown.
        return mermaidLoaded.then(function () {
          return window.mermaid.run(options);
        }, function (missing) {
          if (typeof console === "object") console.warn(missing.message);
        });
      },
    };
  }

  function start() {
    return common().then(pickEngine);
  }

  function pickEngine() {
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
        var exports = prefabWasm2js(imports);
        // Before any of the engine's code runs (the module has no start function).
        var memory = new Uint8Array(exports.memory.buffer);
        for (var i = 0; i < segments.length; i++) memory.set(segments[i][1], segments[i][0]);
        this.exports = exports;
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
