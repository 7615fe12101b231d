//! `display_error()` / `display_success()`: an Alert with an optional detail and hint.
use super::result::ToolResult;
use super::show::display;
use crate::{Alert, AlertDescription, AlertTitle, Code, Column, Muted};

/// The content of an error or success message.
///
/// ```
/// use prefab::display::{Notice, display_error};
///
/// let result = display_error(
///     Notice::new("Could not save the user")
///         .message("The email is already taken.")
///         .detail("UNIQUE constraint failed: users.email")
///         .hint("Use another email address."),
/// );
/// assert!(result.is_error);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Notice {
    /// The headline.
    pub title: String,
    /// One sentence under the headline.
    pub message: Option<String>,
    /// Technical detail, shown as code.
    pub detail: Option<String>,
    /// What to do next, shown muted.
    pub hint: Option<String>,
}

impl Notice {
    /// A notice with a headline.
    #[must_use]
    pub fn new(title: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            ..Self::default()
        }
    }

    /// Sets the sentence under the headline.
    #[must_use]
    pub fn message(mut self, message: impl Into<String>) -> Self {
        self.message = Some(message.into());
        self
    }

    /// Sets the technical detail.
    #[must_use]
    pub fn detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }

    /// Sets the hint.
    #[must_use]
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The component tree: `Column[Alert[AlertTitle, AlertDescription?], Code?, Muted?]`.
    #[must_use]
    pub fn view(&self, variant: &str) -> Column {
        let icon = if variant == "destructive" {
            "circle-alert"
        } else {
            "circle-check"
        };
        let mut alert = Alert::new()
            .variant(variant)
            .icon(icon)
            .child(AlertTitle::new(self.title.clone()));
        if let Some(message) = &self.message {
            alert = alert.child(AlertDescription::new(message.clone()));
        }
        let mut column = Column::new().css_class("gap-4").child(alert);
        if let Some(detail) = &self.detail {
            column = column.child(Code::new(detail.clone()));
        }
        if let Some(hint) = &self.hint {
            column = column.child(Muted::new(hint.clone()));
        }
        column
    }
}

impl From<&str> for Notice {
    fn from(title: &str) -> Self {
        Notice::new(title)
    }
}

impl From<String> for Notice {
    fn from(title: String) -> Self {
        Notice::new(title)
    }
}

/// A failed tool call shown as a destructive Alert (`isError: true`).
///
/// ```
/// let result = prefab::display::display_error("Not found");
/// assert!(result.is_error);
/// let alert = &result.structured_content.unwrap()["view"]["children"][0]["children"][0];
/// assert_eq!(alert["variant"], "destructive");
/// ```
#[must_use]
pub fn display_error(notice: impl Into<Notice>) -> ToolResult {
    let mut result = display(notice.into().view("destructive"));
    result.is_error = true;
    result
}

/// A successful outcome shown as a success Alert.
///
/// ```
/// let result = prefab::display::display_success("Saved");
/// assert!(!result.is_error);
/// assert_eq!(result.content[0], prefab::display::Content::text("### Saved"));
/// ```
#[must_use]
pub fn display_success(notice: impl Into<Notice>) -> ToolResult {
    display(notice.into().view("success"))
}
