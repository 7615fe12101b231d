#![allow(clippy::unwrap_used)]
use super::assets::{SCRIPTS, base64};
use super::*;

#[test]
fn base64_matches_rfc4648_vectors() {
    // RFC 4648 §10 test vectors.
    let vectors = [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ];
    for (input, expected) in vectors {
        assert_eq!(base64(input.as_bytes()), expected, "{input:?}");
    }
}

#[test]
fn inlined_scripts_cannot_close_their_script_element() {
    for script in SCRIPTS {
        assert!(!script.to_ascii_lowercase().contains("</script"));
    }
}

#[test]
fn viewer_inlines_the_javascript_engine_and_no_initial_data() {
    let html = viewer_html();
    // The stylesheet and glue travel in the JavaScript engine's LZMA stream.
    assert!(!html.contains("id=\"prefab:common\""));
    assert!(html.contains("var prefabUnlzma"));
    assert!(html.contains("id=\"prefab:wasm2js\""));
    assert!(!html.contains("id=\"prefab:wasm\""));
    assert!(!html.contains("prefab:initial-data"));
    // Nothing is loaded from the network.
    assert!(!html.contains("<script src"));
    assert!(!html.contains("<link"));
}

/// The base64 text of the packed asset `id` inlined in `html`.
fn packed_base64<'a>(html: &'a str, id: &str, kind: &str) -> &'a str {
    let marker = format!("<script id=\"{id}\" type=\"{kind}\">");
    let start = html.find(&marker).unwrap() + marker.len();
    let len = html[start..].find("</script>").unwrap();
    &html[start..start + len]
}

#[test]
fn inlined_assets_are_gzip_and_lzma_streams() {
    use super::assets::{GZIP, LZMA};
    let html = viewer_html_with(Engines::Both);
    for (id, kind, magic) in [
        // gzip magic 1f 8b, method 08 (deflate) encodes as "H4sI".
        ("prefab:common", GZIP, "H4sI"),
        ("prefab:wasm", GZIP, "H4sI"),
        // LZMA properties lc=4, lp=0, pb=0 (04), then a 64 MiB dictionary (00 00 00 04).
        ("prefab:wasm2js", LZMA, "BAAAAA"),
    ] {
        let b64 = packed_base64(&html, id, kind);
        assert!(b64.starts_with(magic), "{id}: {}", &b64[..16]);
        assert!(
            b64.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
        );
    }
    // The default viewer's one packed asset: the engine with the common text, also LZMA.
    let html = viewer_html();
    let b64 = packed_base64(&html, "prefab:wasm2js", LZMA);
    assert!(b64.starts_with("BAAAAA"));
    assert_ne!(
        b64,
        packed_base64(&viewer_html_with(Engines::Both), "prefab:wasm2js", LZMA)
    );
}

#[test]
fn standalone_escapes_every_angle_bracket_in_the_envelope() {
    let content = "</script><b>x</b> <!--<script> \u{2028}\u{2029}";
    let envelope = serde_json::json!({"view": {"type": "Text", "content": content}});
    let html = standalone_html(&envelope, "t");
    let open = "<script id=\"prefab:initial-data\" type=\"application/json\">";
    let start = html.find(open).unwrap() + open.len();
    let data = &html[start..start + html[start..].find("</script>").unwrap()];
    assert!(!data.contains('<'), "{data}");
    assert!(!data.contains(['\u{2028}', '\u{2029}']));
    // The embedded text is still the same JSON.
    let back: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(back, envelope);
    // The page's own scripts are all still there after the data.
    assert_eq!(html.matches("</script>").count(), 6);
}

#[test]
fn standalone_page_centres_the_root_like_prefab_ui_and_the_viewer_fills_the_frame() {
    let page = standalone_html(&serde_json::json!({"view": null}), "t");
    assert!(
        page.contains(
            r#"<div id="root" style="max-width:64rem;margin:0 auto;padding:2rem"></div>"#
        )
    );
    assert!(viewer_html().contains("<div id=\"root\"></div>"));
}
