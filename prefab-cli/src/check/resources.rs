//! Rules on a UI resource: readable, listed, its MIME type, its CSP in both places, its size.
use super::finding::{Finding, Rule, Severity};
use prefab_mcp::meta::UI_MIME_TYPE;
use serde_json::Value;

const UNREADABLE: Rule = Rule {
    id: "resource-unreadable",
    severity: Severity::Error,
    why: "hosts load the view with resources/read before they show the tool's result; \
          without it there is no view",
};
const NOT_LISTED: Rule = Rule {
    id: "resource-not-listed",
    severity: Severity::Warning,
    why: "hosts that look views up in resources/list (to prefetch them or read their \
          _meta.ui there) do not find it",
};
const MIME: Rule = Rule {
    id: "resource-mime",
    severity: Severity::Error,
    why: "hosts render only text/html;profile=mcp-app contents as an app; others are shown \
          as text or ignored",
};
const LIST_MIME: Rule = Rule {
    id: "resource-list-mime",
    severity: Severity::Warning,
    why: "hosts that pick views from resources/list by MIME type skip this one",
};
const CSP_ONE: Rule = Rule {
    id: "csp-in-one-place",
    severity: Severity::Warning,
    why: "hosts read _meta.ui.csp from the resources/read content (the spec's place) or from \
          the resources/list entry; the others apply their strictest default and block the \
          view's outside origins",
};
const CSP_NONE: Rule = Rule {
    id: "csp-missing",
    severity: Severity::Warning,
    why: "without _meta.ui.csp hosts apply their default, which allows the view no outside \
          origins (its scripts, images or fetches from elsewhere fail); declare the lists, \
          empty when it needs none",
};
const SIZE: Rule = Rule {
    id: "resource-size",
    severity: Severity::Error,
    why: "some hosts refuse UI resources over 1 MiB",
};
const SIZE_NEAR: Rule = Rule {
    id: "resource-size-near-cap",
    severity: Severity::Warning,
    why: "some hosts refuse UI resources over 1 MiB; a little more content and this one is \
          refused",
};

/// The cap some hosts put on a UI resource.
pub(crate) const MAX_BYTES: usize = 1024 * 1024;
/// Above this a resource is near the cap (75 %).
pub(crate) const NEAR_BYTES: usize = MAX_BYTES / 4 * 3;

/// A resource's URI as findings name it.
pub(crate) fn subject(uri: &str) -> String {
    format!("resource {uri}")
}

/// Checks the UI resource `uri`: `listed` is its `resources/list` entry, `read` the
/// `resources/read` answer (or why it failed).
pub(crate) fn check(
    uri: &str,
    listed: Option<&Value>,
    read: Result<&Value, &str>,
    findings: &mut Vec<Finding>,
) {
    let subject = subject(uri);
    match listed {
        None => findings.push(NOT_LISTED.on(&subject, "not in resources/list")),
        Some(entry) if entry["mimeType"] != UI_MIME_TYPE => findings.push(LIST_MIME.on(
            &subject,
            format!(
                "resources/list gives mimeType {}, not {UI_MIME_TYPE:?}",
                entry["mimeType"]
            ),
        )),
        Some(_) => {}
    }
    let read = match read {
        Ok(read) => read,
        Err(why) => {
            findings.push(UNREADABLE.on(&subject, format!("resources/read failed: {why}")));
            return;
        }
    };
    let contents = read["contents"].as_array().map_or(&[][..], Vec::as_slice);
    let Some(content) = contents
        .iter()
        .find(|c| c["uri"] == uri)
        .or_else(|| contents.first())
    else {
        findings.push(UNREADABLE.on(&subject, "resources/read gave no contents"));
        return;
    };
    if content["mimeType"] != UI_MIME_TYPE {
        findings.push(MIME.on(
            &subject,
            format!(
                "resources/read gives mimeType {}, not {UI_MIME_TYPE:?}",
                content["mimeType"]
            ),
        ));
    }
    csp(&subject, listed, content, findings);
    size(&subject, content, findings);
}

/// `_meta.ui.csp` on the list entry and on the read content.
fn csp(subject: &str, listed: Option<&Value>, content: &Value, findings: &mut Vec<Finding>) {
    let has = |v: &Value| v["_meta"]["ui"]["csp"].is_object();
    let on_read = has(content);
    let on_list = listed.is_some_and(has);
    match (on_list, on_read) {
        (true, true) => {}
        (false, false) => findings.push(CSP_NONE.on(
            subject,
            "no _meta.ui.csp on the resources/list entry or the resources/read content",
        )),
        (true, false) => findings.push(CSP_ONE.on(
            subject,
            "_meta.ui.csp is on the resources/list entry but not on the resources/read content",
        )),
        (false, true) if listed.is_none() => {}
        (false, true) => findings.push(CSP_ONE.on(
            subject,
            "_meta.ui.csp is on the resources/read content but not on the resources/list entry",
        )),
    }
}

/// The content's size (text bytes, or a blob's decoded bytes) against [`MAX_BYTES`].
fn size(subject: &str, content: &Value, findings: &mut Vec<Finding>) {
    let bytes = match (content["text"].as_str(), content["blob"].as_str()) {
        (Some(text), _) => text.len(),
        (None, Some(blob)) => blob.trim_end_matches('=').len() / 4 * 3,
        (None, None) => {
            findings.push(UNREADABLE.on(subject, "the content has neither text nor blob"));
            return;
        }
    };
    let kib = |n: usize| n.div_ceil(1024);
    if bytes > MAX_BYTES {
        findings.push(SIZE.on(
            subject,
            format!("{} KiB, over the 1024 KiB cap", kib(bytes)),
        ));
    } else if bytes > NEAR_BYTES {
        findings.push(SIZE_NEAR.on(
            subject,
            format!(
                "{} KiB, {} % of the 1024 KiB cap",
                kib(bytes),
                bytes * 100 / MAX_BYTES
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_BYTES, NEAR_BYTES, check};
    use serde_json::{Value, json};

    fn rules(listed: Option<&Value>, content: Value) -> Vec<&'static str> {
        let read = json!({"contents": [content]});
        let mut findings = Vec::new();
        check("ui://v", listed, Ok(&read), &mut findings);
        findings.into_iter().map(|f| f.rule).collect()
    }

    #[test]
    fn mime_csp_and_size() {
        let meta = json!({"ui": {"csp": {}}});
        let entry =
            json!({"uri": "ui://v", "mimeType": "text/html;profile=mcp-app", "_meta": meta});
        let content = |text: String, meta: &Value| json!({"uri": "ui://v", "mimeType": "text/html;profile=mcp-app", "text": text, "_meta": meta});
        assert!(rules(Some(&entry), content("<p>".into(), &meta)).is_empty());
        assert_eq!(
            rules(Some(&entry), content("<p>".into(), &json!({}))),
            ["csp-in-one-place"]
        );
        assert_eq!(
            rules(
                Some(&json!({"mimeType": "text/html"})),
                content("<p>".into(), &meta)
            ),
            ["resource-list-mime", "csp-in-one-place"]
        );
        assert_eq!(
            rules(None, content("<p>".into(), &json!({}))),
            ["resource-not-listed", "csp-missing"]
        );
        let big = "x".repeat(MAX_BYTES + 1);
        assert_eq!(rules(Some(&entry), content(big, &meta)), ["resource-size"]);
        let near = "x".repeat(NEAR_BYTES + 1);
        assert_eq!(
            rules(Some(&entry), content(near, &meta)),
            ["resource-size-near-cap"]
        );
        let html = json!({"uri": "ui://v", "mimeType": "text/html", "text": "", "_meta": meta});
        assert_eq!(rules(Some(&entry), html), ["resource-mime"]);
        let mut findings = Vec::new();
        check("ui://v", Some(&entry), Err("-32002"), &mut findings);
        assert_eq!(findings[0].rule, "resource-unreadable");
    }
}
