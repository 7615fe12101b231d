//! [`Report`], [`Issue`] and [`ValidationErrors`].

use std::fmt;

/// One problem, with the JSON path where it was found.
///
/// ```
/// use prefab::validate::Issue;
/// let issue = Issue::new("view.children[0]", "missing \"type\"");
/// assert_eq!(issue.to_string(), "view.children[0]: missing \"type\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    /// JSON path like `view.children[3].label` (empty for the document itself).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl Issue {
    /// Creates an issue.
    #[must_use]
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// The result of `validate`: errors make a document invalid; warnings
/// (unknown props, unexpected values) do not.
///
/// ```
/// let report = prefab::validate(&serde_json::json!({"type": "Text", "content": "hi"}));
/// assert!(report.is_valid());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Problems that make the document invalid.
    pub errors: Vec<Issue>,
    /// Problems that do not (the document still parses and renders).
    pub warnings: Vec<Issue>,
}

impl Report {
    /// `true` when there are no errors.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Every error found in a document that failed to parse.
///
/// ```
/// let err = prefab::App::from_json(r#"{"$prefab": {"version": "0.3"}, "view": 5}"#).unwrap_err();
/// assert_eq!(err.to_string(), "view: expected a component object, got number 5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationErrors(pub Vec<Issue>);

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, issue) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{issue}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ValidationErrors {}
