//! Walking a JSON document: the [`Path`] of a value, the [`Walker`] that collects issues,
//! [`Check`] (how a Rust prop type is checked) and [`PropSpec`] (one row of a prop table).
//!
//! The generated prop tables of components, actions and the app name these types; the
//! document grammar — which props a node, action or app has, the extra rules, `$ref`s —
//! is `validate`'s, which implements the rest of [`Walker`] and every [`Check`].

use super::report::{Issue, Report};
use super::suggest::{MAX_ECHO, SUGGEST_BUDGET, closest_within, did_you_mean_within};
use serde_json::Value;
use std::fmt;

/// A JSON path built on the stack while walking; formatted only when an issue is reported.
#[derive(Clone, Copy)]
pub(crate) enum Path<'a> {
    Root(&'a str),
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl<'a> Path<'a> {
    pub(crate) fn key(&'a self, key: &'a str) -> Path<'a> {
        Path::Key(self, key)
    }

    pub(crate) fn index(&'a self, index: usize) -> Path<'a> {
        Path::Index(self, index)
    }

    pub(crate) fn is_empty(&self) -> bool {
        matches!(self, Path::Root(r) if r.is_empty())
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root(r) => f.write_str(r),
            Path::Key(parent, key) if parent.is_empty() => write_key(f, key),
            Path::Key(parent, key) => {
                write!(f, "{parent}.")?;
                write_key(f, key)
            }
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// A path key, cut like [`quoted`] text when it is long (a path names a place; a huge key
/// must not make a huge message).
fn write_key(f: &mut fmt::Formatter<'_>, key: &str) -> fmt::Result {
    match key.char_indices().nth(MAX_ECHO) {
        None => f.write_str(key),
        Some((cut, _)) => write!(f, "{}…", &key[..cut]),
    }
}

/// Checks a JSON value against a Rust prop type, reporting problems to the walker.
pub(crate) trait Check {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker);
}

/// One prop of a component or action: its Rust field name (the wire key is its camelCase),
/// whether it is required, and how to check it.
pub(crate) struct PropSpec {
    pub name: &'static str,
    pub required: bool,
    pub check: fn(&Value, &Path<'_>, &mut Walker),
}

impl PropSpec {
    pub(crate) const fn new(
        name: &'static str,
        required: bool,
        check: fn(&Value, &Path<'_>, &mut Walker),
    ) -> Self {
        Self {
            name,
            required,
            check,
        }
    }
}

/// Collects issues while walking a document.
pub(crate) struct Walker {
    report: Report,
    /// Nodes and actions entered and not yet left.
    pub(crate) depth: usize,
    /// `$ref` uses seen so far.
    pub(crate) refs: Vec<RefSeen>,
    /// Nodes seen outside `defs` (the view).
    pub(crate) view_nodes: usize,
    /// Nodes seen in each `defs` template, in the order of `defs`.
    pub(crate) def_nodes: Vec<usize>,
    /// The `defs` template being walked, as an index into `def_nodes` (`None`: the view).
    pub(crate) owner: Option<usize>,
    /// Edit-distance cells left for "did you mean" suggestions.
    suggest_budget: usize,
    /// Model-written view: problems that still render (unknown pipes, template syntax,
    /// unusual values of open enums) are errors rather than warnings.
    pub(crate) strict: bool,
}

/// One `$ref` use met while walking.
pub(crate) struct RefSeen {
    /// The template it names.
    pub name: String,
    /// Where it is.
    pub path: String,
    /// The template it is inside, as an index into `defs` (`None`: the view).
    pub owner: Option<usize>,
}

impl Walker {
    pub(crate) fn new() -> Self {
        Self {
            report: Report::default(),
            depth: 0,
            refs: Vec::new(),
            view_nodes: 0,
            def_nodes: Vec::new(),
            owner: None,
            suggest_budget: SUGGEST_BUDGET,
            strict: false,
        }
    }

    /// The closest candidate to `word`, within this walk's suggestion budget.
    pub(crate) fn closest<'c>(&mut self, word: &str, candidates: &[&'c str]) -> Option<&'c str> {
        closest_within(word, candidates, &mut self.suggest_budget)
    }

    /// A problem that does not stop the document from rendering: an error in a strict walk
    /// (a model-written view), a warning otherwise.
    pub(crate) fn lapse(&mut self, path: &Path<'_>, message: impl Into<String>) {
        if self.strict {
            self.error(path, message);
        } else {
            self.warn(path, message);
        }
    }

    /// ` (did you mean "X"?)` within this walk's suggestion budget.
    pub(crate) fn did_you_mean(&mut self, word: &str, candidates: &[&str]) -> String {
        did_you_mean_within(word, candidates, &mut self.suggest_budget)
    }

    pub(crate) fn finish(self) -> Report {
        self.report
    }

    pub(crate) fn error(&mut self, path: &Path<'_>, message: impl Into<String>) {
        self.report
            .errors
            .push(Issue::new(path.to_string(), message));
    }

    pub(crate) fn warn(&mut self, path: &Path<'_>, message: impl Into<String>) {
        self.report
            .warnings
            .push(Issue::new(path.to_string(), message));
    }

    pub(crate) fn push_error(&mut self, path: String, message: String) {
        self.report.errors.push(Issue::new(path, message));
    }

    pub(crate) fn push_warning(&mut self, path: String, message: String) {
        self.report.warnings.push(Issue::new(path, message));
    }
}
