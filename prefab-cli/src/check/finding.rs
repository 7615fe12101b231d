//! What `prefab check` found: one [`Finding`] per problem (severity, rule, subject, message,
//! and why a host cares), and the report printed as text or JSON.
use serde::Serialize;
use std::fmt::Write as _;

/// How bad a finding is: errors fail the check (exit 1), warnings and notes do not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A host following MCP Apps shows no view, the wrong one, or refuses the tool.
    Error,
    /// Some hosts, or the model, get less than the server meant.
    Warning,
    /// Something the check did not do, or a fact worth knowing.
    Note,
}

impl Severity {
    fn label(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// How bad it is.
    pub severity: Severity,
    /// The rule's id, e.g. `ui-resource-uri-flat-missing`.
    pub rule: &'static str,
    /// What it is about: `tool NAME`, `resource URI` or `server`.
    pub subject: String,
    /// What is wrong.
    pub message: String,
    /// The host behaviour the rule guards against.
    pub why: &'static str,
}

/// A rule: its id, severity and why it matters; [`Rule::on`] makes a finding of it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rule {
    pub id: &'static str,
    pub severity: Severity,
    pub why: &'static str,
}

impl Rule {
    /// A finding of this rule about `subject`.
    pub(crate) fn on(&self, subject: &str, message: impl Into<String>) -> Finding {
        Finding {
            severity: self.severity,
            rule: self.id,
            subject: subject.to_owned(),
            message: message.into(),
            why: self.why,
        }
    }
}

/// What was looked at, for the summary line.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    /// Tools listed.
    pub tools: usize,
    /// Tools with a UI (`_meta.ui.resourceUri` or the flat key).
    pub ui_tools: usize,
    /// UI resources read.
    pub resources: usize,
    /// UI tools called.
    pub calls: usize,
}

/// Everything `prefab check` found about one server.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    /// The server checked, as the command line named it.
    pub target: String,
    /// What was looked at.
    pub checked: Counts,
    /// The findings, errors first.
    pub findings: Vec<Finding>,
}

impl Report {
    /// How many findings have `severity`.
    #[must_use]
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }

    /// Sorts the findings: errors, then warnings, then notes (in the order found).
    pub(crate) fn sort(&mut self) {
        self.findings.sort_by_key(|f| f.severity);
    }

    /// One line per finding (severity, subject, message, rule, why), then the summary line.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::new();
        for f in &self.findings {
            let _ = writeln!(
                out,
                "{}: {}: {} [{}] why: {}",
                f.severity.label(),
                f.subject,
                f.message,
                f.rule,
                f.why
            );
        }
        let _ = writeln!(out, "{}", self.summary());
        out
    }

    /// `prefab check TARGET: N tools (M with a UI), R resources read, C calls: E errors, …`.
    #[must_use]
    pub fn summary(&self) -> String {
        let c = &self.checked;
        format!(
            "prefab check {}: {} tool(s) ({} with a UI), {} UI resource(s) read, {} call(s): \
             {} error(s), {} warning(s), {} note(s)",
            self.target,
            c.tools,
            c.ui_tools,
            c.resources,
            c.calls,
            self.count(Severity::Error),
            self.count(Severity::Warning),
            self.count(Severity::Note),
        )
    }

    /// The report as JSON: `{target, checked, findings, summary: {errors, warnings, notes}}`.
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(self).unwrap_or_default();
        value["summary"] = serde_json::json!({
            "errors": self.count(Severity::Error),
            "warnings": self.count(Severity::Warning),
            "notes": self.count(Severity::Note),
        });
        value
    }
}

#[cfg(test)]
mod tests {
    use super::{Report, Rule, Severity};

    const RULE: Rule = Rule {
        id: "demo",
        severity: Severity::Warning,
        why: "hosts do X",
    };

    #[test]
    fn text_has_one_finding_per_line_and_a_summary() {
        let mut report = Report {
            target: "srv".into(),
            ..Report::default()
        };
        report.findings.push(RULE.on("tool a", "is odd"));
        report.findings.push(
            Rule {
                severity: Severity::Error,
                ..RULE
            }
            .on("tool b", "is broken"),
        );
        report.sort();
        let text = report.text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "error: tool b: is broken [demo] why: hosts do X");
        assert_eq!(lines[1], "warning: tool a: is odd [demo] why: hosts do X");
        assert!(lines[2].ends_with("1 error(s), 1 warning(s), 0 note(s)"));
        assert_eq!(lines.len(), 3);
        assert_eq!(report.json()["summary"]["errors"], 1);
        assert_eq!(report.json()["findings"][1]["severity"], "warning");
    }
}
