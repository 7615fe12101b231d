//! The minijinja templates that turn [`Block`](super::Block)s into text: the built-in set
//! shipped in `templates/fallback/*.j2`, per-call overrides and the process-wide default.
use minijinja::Environment;
use std::sync::{Arc, OnceLock, RwLock};

/// Names of the templates, one per block kind plus `actions` (the list of buttons) and
/// `document` (puts everything together).
pub const TEMPLATE_NAMES: &[&str] = &[
    "heading", "text", "metric", "table", "chart", "progress", "form", "actions", "document",
];

const BUILTIN: &[(&str, &str)] = &[
    (
        "heading",
        include_str!("../../templates/fallback/heading.j2"),
    ),
    ("text", include_str!("../../templates/fallback/text.j2")),
    ("metric", include_str!("../../templates/fallback/metric.j2")),
    ("table", include_str!("../../templates/fallback/table.j2")),
    ("chart", include_str!("../../templates/fallback/chart.j2")),
    (
        "progress",
        include_str!("../../templates/fallback/progress.j2"),
    ),
    ("form", include_str!("../../templates/fallback/form.j2")),
    (
        "actions",
        include_str!("../../templates/fallback/actions.j2"),
    ),
    (
        "document",
        include_str!("../../templates/fallback/document.j2"),
    ),
];

/// A set of fallback templates: the built-in ones, optionally with some replaced.
///
/// Each template sees the fields of its block (see [`Block`](super::Block)); `actions` sees
/// `actions` (a list of `{label, effect}`), `document` sees `title`, `blocks` (rendered
/// strings) and `actions` (rendered string). Cloning is cheap.
///
/// ```
/// use prefab::fallback::{FallbackOptions, FallbackTemplates};
/// use serde_json::json;
///
/// let templates = FallbackTemplates::builtin()
///     .with("metric", "{{ label }} = {{ value }}")
///     .unwrap();
/// let ui = json!({"$prefab": {"version": "0.3"},
///                 "view": {"type": "Metric", "label": "Users", "value": 42}});
/// let text = FallbackOptions::new().templates(templates).render(&ui, None);
/// assert_eq!(text, "Users = 42");
/// ```
#[derive(Clone)]
pub struct FallbackTemplates {
    env: Arc<Environment<'static>>,
}

impl std::fmt::Debug for FallbackTemplates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FallbackTemplates").finish_non_exhaustive()
    }
}

impl Default for FallbackTemplates {
    fn default() -> Self {
        Self::builtin()
    }
}

/// A template override that was rejected.
#[derive(Debug)]
pub struct TemplateError {
    /// The template name that was being set.
    pub name: String,
    /// Why it was rejected (unknown name or the minijinja syntax error with its line).
    pub message: String,
}

impl std::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "fallback template {:?}: {}", self.name, self.message)
    }
}

impl std::error::Error for TemplateError {}

fn new_env() -> Environment<'static> {
    let mut env = Environment::new();
    // Text for a model, never HTML.
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
    env
}

fn builtin_env() -> &'static Arc<Environment<'static>> {
    static ENV: OnceLock<Arc<Environment<'static>>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = new_env();
        for (name, source) in BUILTIN {
            // The built-in templates are tested; a syntax error would fail every test.
            if let Err(err) = env.add_template(name, source) {
                debug_assert!(false, "built-in fallback template {name}: {err}");
            }
        }
        Arc::new(env)
    })
}

impl FallbackTemplates {
    /// The templates shipped with the crate.
    #[must_use]
    pub fn builtin() -> Self {
        Self {
            env: Arc::clone(builtin_env()),
        }
    }

    /// Replaces the template `name` (one of [`TEMPLATE_NAMES`]) with `source`.
    ///
    /// # Errors
    /// An unknown name or a template that does not parse.
    pub fn with(
        self,
        name: impl Into<String>,
        source: impl Into<String>,
    ) -> Result<Self, TemplateError> {
        let name = name.into();
        if !TEMPLATE_NAMES.contains(&name.as_str()) {
            return Err(TemplateError {
                message: format!("unknown template; expected one of {TEMPLATE_NAMES:?}"),
                name,
            });
        }
        let mut env = (*self.env).clone();
        env.add_template_owned(name.clone(), source.into())
            .map_err(|err| TemplateError {
                name: name.clone(),
                message: err.to_string(),
            })?;
        Ok(Self { env: Arc::new(env) })
    }

    /// Renders template `name` with `ctx`; a failing override falls back to the built-in
    /// template so the model always gets some text.
    pub(crate) fn render(&self, name: &str, ctx: impl serde::Serialize) -> String {
        let ctx = minijinja::Value::from(minijinja::value::Serde(&ctx));
        let attempt = |env: &Environment<'static>| {
            env.get_template(name)
                .and_then(|template| template.render(ctx.clone()))
        };
        attempt(&self.env)
            .or_else(|_| attempt(builtin_env()))
            .unwrap_or_default()
            .trim()
            .to_string()
    }
}

fn global() -> &'static RwLock<FallbackTemplates> {
    static GLOBAL: OnceLock<RwLock<FallbackTemplates>> = OnceLock::new();
    GLOBAL.get_or_init(|| RwLock::new(FallbackTemplates::builtin()))
}

/// Replaces the templates every call uses unless it brings its own
/// ([`FallbackOptions::templates`](super::FallbackOptions::templates)).
///
/// ```
/// use prefab::fallback::{set_global_templates, FallbackTemplates};
///
/// let t = FallbackTemplates::builtin().with("text", "> {{ text }}").unwrap();
/// set_global_templates(t);
/// set_global_templates(FallbackTemplates::builtin()); // back to the shipped ones
/// ```
pub fn set_global_templates(templates: FallbackTemplates) {
    match global().write() {
        Ok(mut guard) => *guard = templates,
        Err(poisoned) => *poisoned.into_inner() = templates,
    }
}

/// The templates currently set globally.
#[must_use]
pub fn global_templates() -> FallbackTemplates {
    match global().read() {
        Ok(guard) => guard.clone(),
        Err(poisoned) => poisoned.into_inner().clone(),
    }
}
