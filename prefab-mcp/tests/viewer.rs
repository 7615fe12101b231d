//! The viewer resource as hosts see it: exact MIME, `_meta.ui` in both places, cache hints.
#![allow(clippy::unwrap_used)]

use prefab_mcp::meta::{Csp, Permissions};
use prefab_mcp::{VIEWER_URI, Viewer, remote_references, versioned_uri};
use serde_json::{Value, json};

/// What the MCP Apps spec asks for, written out by hand.
const MIME: &str = "text/html;profile=mcp-app";

fn default_ui_meta() -> Value {
    json!({"ui": {
        "csp": {"connectDomains": [], "resourceDomains": [], "frameDomains": [], "baseUriDomains": []},
        "permissions": {}
    }})
}

#[test]
fn list_entries_have_exact_mime_meta_and_cache_hints() {
    let list = serde_json::to_value(Viewer::new().list_result()).unwrap();
    assert_eq!(list["ttlMs"], json!(86_400_000));
    assert_eq!(list["cacheScope"], json!("public"));
    let resources = list["resources"].as_array().unwrap();
    let uris: Vec<&str> = resources
        .iter()
        .map(|r| r["uri"].as_str().unwrap())
        .collect();
    assert_eq!(
        uris,
        [
            VIEWER_URI.to_owned(),
            format!("ui://prefab/viewer-{}", env!("CARGO_PKG_VERSION"))
        ]
    );
    for r in resources {
        assert_eq!(r["mimeType"], json!(MIME));
        assert_eq!(r["_meta"], default_ui_meta());
    }
}

#[test]
fn read_content_carries_the_same_meta_as_the_list_entry() {
    let viewer = Viewer::new()
        .csp(Csp::default().connect_domains(["https://api.example.com"]))
        .permissions(Permissions::default().clipboard_write(true))
        .domain("abc.example-host.com")
        .prefers_border(false);
    let expected = json!({"ui": {
        "csp": {"connectDomains": ["https://api.example.com"]},
        "permissions": {"clipboardWrite": {}},
        "domain": "abc.example-host.com",
        "prefersBorder": false
    }});
    let list = serde_json::to_value(viewer.list_result()).unwrap();
    assert_eq!(list["resources"][0]["_meta"], expected);
    for uri in [VIEWER_URI.to_owned(), versioned_uri()] {
        let read = serde_json::to_value(viewer.read(&uri).unwrap()).unwrap();
        assert_eq!(read["ttlMs"], json!(86_400_000));
        assert_eq!(read["cacheScope"], json!("public"));
        let item = &read["contents"][0];
        assert_eq!(item["uri"], json!(uri));
        assert_eq!(item["mimeType"], json!(MIME));
        assert_eq!(item["_meta"], expected);
        assert_eq!(item["text"].as_str().unwrap(), &*viewer.html());
    }
}

#[test]
fn aliases_resolve_and_unknown_uris_do_not() {
    let viewer = Viewer::new().alias("ui://prefab/viewer-0.0.1");
    assert!(viewer.read("ui://prefab/viewer-0.0.1").is_some());
    assert!(viewer.read("ui://prefab/other").is_none());
    // Aliases stay resolvable but are not listed.
    assert_eq!(viewer.resources().len(), 2);
}

#[test]
fn self_contained_viewer_loads_nothing_remote() {
    let viewer = Viewer::new();
    assert_eq!(remote_references(&viewer.html()), Vec::<String>::new());
    assert_eq!(&*viewer.html(), prefab::page::viewer_html());
}

#[test]
fn cdn_mode_declares_its_origin() {
    let viewer = Viewer::cdn("https://Cdn.Example.com:8443/prefab/").unwrap();
    let csp = serde_json::to_value(&viewer.meta().csp).unwrap();
    assert_eq!(
        csp["resourceDomains"],
        json!(["https://cdn.example.com:8443"])
    );
    // The wasm engine is fetched from the CDN.
    assert_eq!(
        csp["connectDomains"],
        json!(["https://cdn.example.com:8443"])
    );
    let refs = remote_references(&viewer.html());
    // Stylesheet, glue and loader; the engines are fetched by the loader.
    assert_eq!(refs.len(), 3, "{refs:?}");
    assert!(
        refs.iter()
            .all(|r| r.contains("https://cdn.example.com:8443/prefab/"))
    );
    assert_eq!(viewer.html().matches("integrity=\"sha384-").count(), 3);
    // Replacing the CSP keeps the CDN origin.
    let viewer = viewer.csp(Csp::default().connect_domains(["https://api.example.com"]));
    let csp = serde_json::to_value(&viewer.meta().csp).unwrap();
    assert_eq!(
        csp,
        json!({"connectDomains": ["https://api.example.com", "https://cdn.example.com:8443"], "resourceDomains": ["https://cdn.example.com:8443"]})
    );
}

#[test]
fn cdn_mode_rejects_unsafe_urls() {
    for bad in [
        "http://cdn.example.com",
        "javascript://x",
        " JAVASCRIPT:alert(1)",
        "//cdn.example.com",
        "https://",
        "https://user@cdn.example.com",
        "https://cdn.example.com/?q=1",
        "https://cdn.example.com/\"><script>",
    ] {
        let err = Viewer::cdn(bad).map(|_| ()).unwrap_err();
        assert_eq!(err.input, bad);
    }
    // Nothing that could break out of the HTML attribute gets through.
    for bad in [
        "https://cdn.example.com/a<b",
        "https://cdn.example.com/a\"b",
        "https://cdn.example.com/a'b",
    ] {
        assert!(Viewer::cdn(bad).is_err(), "{bad}");
    }
}

#[test]
fn remote_reference_scanner_finds_each_kind_of_load() {
    let cases = [
        (r#"<img src="https://x.example/a.png">"#, 1),
        (r#"<link href='//x.example/a.css'>"#, 1),
        ("<style>@import 'https://x.example/a.css';</style>", 1),
        (
            "<style>body{background:url( https://x.example/a.png )}</style>",
            1,
        ),
        (
            r#"<script type="module">import x from "https://x.example/m.js"; import("//x.example/n.js")</script>"#,
            2,
        ),
        (
            r##"<svg xmlns="http://www.w3.org/2000/svg"></svg><a href="#top">x</a>"##,
            0,
        ),
    ];
    for (html, n) in cases {
        assert_eq!(remote_references(html).len(), n, "{html}");
    }
}
