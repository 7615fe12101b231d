//! Which UI tools `prefab check` calls, and the rules on their results: a text fallback
//! that says something, and `$prefab` documents valid against the wire format.
use super::finding::{Finding, Rule, Severity};
use serde_json::Value;

const SKIPPED: Rule = Rule {
    id: "call-skipped",
    severity: Severity::Note,
    why: "the text fallback and $prefab checks need a result; prefab check calls only UI tools \
          marked read-only (annotations.readOnlyHint) that need no arguments, unless --call",
};
const FAILED: Rule = Rule {
    id: "call-failed",
    severity: Severity::Warning,
    why: "its input schema lets a host or view call it without arguments, and then it fails",
};
const FALLBACK_MISSING: Rule = Rule {
    id: "fallback-missing",
    severity: Severity::Error,
    why: "the model reads only the text content, and hosts without MCP Apps show it instead \
          of the view; with none, both get nothing",
};
const FALLBACK_PLACEHOLDER: Rule = Rule {
    id: "fallback-placeholder",
    severity: Severity::Warning,
    why: "the model reads only the text content: a placeholder tells it nothing of what the \
          user was shown, and hosts without MCP Apps show the placeholder",
};
const PREFAB_INVALID: Rule = Rule {
    id: "prefab-invalid",
    severity: Severity::Error,
    why: "the renderer refuses a $prefab document that does not match the wire format; the \
          host shows an error in place of the view",
};
const PREFAB_WARNING: Rule = Rule {
    id: "prefab-warning",
    severity: Severity::Warning,
    why: "the renderer draws the document but ignores or guesses at these parts",
};

/// Texts servers send instead of a fallback.
const PLACEHOLDERS: [&str; 3] = ["[Rendered Prefab UI]", "Rendered UI", "[UI]"];

/// The most `$prefab` errors reported one by one per result.
const MAX_ISSUES: usize = 5;

/// `Ok` when the tool is to be called with no arguments; otherwise the note saying why not.
/// Without `call_any`, only tools marked read-only are called (a tool may have side effects
/// unless it says otherwise, as MCP's `readOnlyHint` defaults to `false`).
pub(crate) fn should_call(subject: &str, tool: &Value, call_any: bool) -> Result<(), Finding> {
    let required: Vec<&str> = tool["inputSchema"]["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    if !required.is_empty() {
        return Err(SKIPPED.on(
            subject,
            format!("not called: it needs arguments ({})", required.join(", ")),
        ));
    }
    if !call_any && tool["annotations"]["readOnlyHint"] != true {
        return Err(SKIPPED.on(
            subject,
            "not called: not marked read-only (annotations.readOnlyHint); --call calls it",
        ));
    }
    Ok(())
}

/// Checks the answer to calling a UI tool with no arguments (or why the call failed).
pub(crate) fn check(subject: &str, result: Result<&Value, &str>, findings: &mut Vec<Finding>) {
    let result = match result {
        Ok(result) => result,
        Err(why) => {
            findings.push(FAILED.on(subject, format!("called with no arguments: {why}")));
            return;
        }
    };
    let text: Vec<&str> = result["content"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["type"] == "text")
        .filter_map(|c| c["text"].as_str())
        .collect();
    let text = text.join("\n");
    if result["isError"] == true {
        let text = text.chars().take(200).collect::<String>();
        findings.push(FAILED.on(
            subject,
            format!("called with no arguments, it answered an error: {text}"),
        ));
        return;
    }
    if text.trim().is_empty() {
        findings.push(FALLBACK_MISSING.on(subject, "the result has no text content"));
    } else if placeholder(&text) {
        findings.push(FALLBACK_PLACEHOLDER.on(
            subject,
            format!("the text content is only {:?}", text.trim()),
        ));
    }
    let structured = &result["structuredContent"];
    if structured.get("$prefab").is_some() {
        prefab_document(subject, structured, findings);
    }
}

/// Whether `text` is a placeholder: a known one, or a short line in brackets that is not
/// JSON data.
fn placeholder(text: &str) -> bool {
    let text = text.trim();
    let bracketed = text.starts_with('[')
        && text.ends_with(']')
        && text.len() <= 80
        && !text.contains('\n')
        && serde_json::from_str::<Value>(text).is_err();
    bracketed || PLACEHOLDERS.iter().any(|p| text.eq_ignore_ascii_case(p))
}

/// The `$prefab` document checked with `prefab::validate`.
fn prefab_document(subject: &str, document: &Value, findings: &mut Vec<Finding>) {
    let report = prefab::validate(document);
    for issue in report.errors.iter().take(MAX_ISSUES) {
        findings.push(PREFAB_INVALID.on(subject, format!("structuredContent: {issue}")));
    }
    if report.errors.len() > MAX_ISSUES {
        findings.push(PREFAB_INVALID.on(
            subject,
            format!(
                "structuredContent: {} more errors (prefab validate shows them all)",
                report.errors.len() - MAX_ISSUES
            ),
        ));
    }
    if let Some(first) = report.warnings.first() {
        findings.push(PREFAB_WARNING.on(
            subject,
            format!(
                "structuredContent: {} warning(s), the first: {first}",
                report.warnings.len()
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::{check, should_call};
    use serde_json::json;

    fn rules(result: &serde_json::Value) -> Vec<&'static str> {
        let mut findings = Vec::new();
        check("tool t", Ok(result), &mut findings);
        findings.into_iter().map(|f| f.rule).collect()
    }

    #[test]
    fn fallback_text_and_prefab_document() {
        let text = |t: &str| json!({"content": [{"type": "text", "text": t}]});
        assert!(rules(&text("3 users: Ada, Bob, Cy")).is_empty());
        assert!(
            rules(&text("[1, 2]")).is_empty(),
            "JSON data is no placeholder"
        );
        for placeholder in ["[Rendered Prefab UI]", " [chart] ", "Rendered UI"] {
            assert_eq!(rules(&text(placeholder)), ["fallback-placeholder"]);
        }
        assert_eq!(rules(&json!({"content": []})), ["fallback-missing"]);
        let envelope = |view| json!({"$prefab": {"version": "0.3"}, "view": view});
        let good = json!({"content": [{"type": "text", "text": "Hi"}],
            "structuredContent": envelope(json!({"type": "Text", "content": "Hi"}))});
        assert!(rules(&good).is_empty(), "{good}");
        let bad = json!({"content": [{"type": "text", "text": "Hi"}],
            "structuredContent": envelope(json!({"type": "Text", "content": 5, "nope": 1}))});
        assert_eq!(rules(&bad), ["prefab-invalid", "prefab-warning"]);
        let error = json!({"isError": true, "content": [{"type": "text", "text": "boom"}]});
        assert_eq!(rules(&error), ["call-failed"]);
    }

    #[test]
    fn only_read_only_tools_without_required_arguments_are_called() {
        let read_only =
            json!({"inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}});
        let plain = json!({"inputSchema": {"type": "object"}});
        let needs = json!({"inputSchema": {"type": "object", "required": ["a"]},
            "annotations": {"readOnlyHint": true}});
        assert!(should_call("tool t", &read_only, false).is_ok());
        assert!(should_call("tool t", &plain, false).is_err());
        assert!(should_call("tool t", &plain, true).is_ok());
        assert!(should_call("tool t", &needs, true).is_err());
    }
}
