//! The three entry points the renderer builds on: [`interpolate_string`],
//! [`evaluate_condition`] and [`interpolate_props`], plus their parsed-once forms
//! [`Template`] and [`Condition`].
use super::ast::Expr;
use super::env::Env;
use super::error::ParseError;
use super::number::js_trim;
use super::parser::parse;
use super::scope::Scope;
use super::search::{find_str, has_str};
use super::value::{Map, Value};
use std::sync::Arc;

/// A string prop parsed once, rendered many times.
///
/// * no `{{` → the text itself;
/// * the trimmed text is exactly one `{{ expr }}` (the *sole* case) → the expression's
///   value with its type (`{{ count }}` is the number 42); if it is `undefined` or fails,
///   the original text, untouched;
/// * otherwise each `{{ … }}` (up to the next `}}`, quotes not respected) is replaced by
///   its value as text; `undefined` and failures become empty text.
///
/// ```
/// use prefab::expr::{Env, Template, Value};
/// let state = Value::object([("count", Value::from(42))]);
/// let env = Env::default();
/// assert_eq!(Template::parse("{{ count }}").render(&state, &env), Value::from(42));
/// assert_eq!(Template::parse("{{ count }} items").render(&state, &env), Value::from("42 items"));
/// assert_eq!(Template::parse("{{ nope }}").render(&state, &env), Value::from("{{ nope }}"));
/// assert!(Template::parse("{{ count }}").is_sole());
/// ```
#[derive(Clone, Debug)]
pub struct Template {
    source: Arc<str>,
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Plain,
    Sole(Result<Expr, ParseError>),
    Mixed(Vec<Piece>),
}

#[derive(Clone, Debug)]
enum Piece {
    Text(Box<str>),
    /// `None` when the piece does not parse (it renders as empty text).
    Expr(Option<Expr>),
}

impl Template {
    /// Parses a template string (never fails: broken expressions render as described above).
    #[must_use]
    pub fn parse(source: &str) -> Template {
        let kind = if !has_str(source, "{{") {
            Kind::Plain
        } else if let Some(inner) = sole_inner(source) {
            Kind::Sole(parse(js_trim(inner)))
        } else {
            Kind::Mixed(mixed_pieces(source))
        };
        Template {
            source: source.into(),
            kind,
        }
    }

    /// Whether this is the type-preserving single-`{{ expr }}` form.
    #[must_use]
    pub fn is_sole(&self) -> bool {
        matches!(self.kind, Kind::Sole(_))
    }

    /// Whether the text contains any `{{` (otherwise rendering returns it unchanged).
    #[must_use]
    pub fn is_dynamic(&self) -> bool {
        !matches!(self.kind, Kind::Plain)
    }

    /// The expression of a sole template, if it parsed.
    #[must_use]
    pub fn sole_expr(&self) -> Option<&Expr> {
        match &self.kind {
            Kind::Sole(Ok(expr)) => Some(expr),
            _ => None,
        }
    }

    /// The template text.
    #[must_use]
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Renders against `scope`: a typed value for a sole template, otherwise text.
    #[must_use]
    pub fn render(&self, scope: &dyn Scope, env: &Env<'_>) -> Value {
        match &self.kind {
            Kind::Plain => Value::String(self.source.clone()),
            Kind::Sole(parsed) => match parsed.as_ref().map(|e| e.eval(scope, env)) {
                Ok(Ok(v)) if !matches!(v, Value::Undefined) => v,
                _ => Value::String(self.source.clone()),
            },
            Kind::Mixed(pieces) => {
                let mut out = String::with_capacity(self.source.len());
                for piece in pieces {
                    match piece {
                        Piece::Text(t) => out.push_str(t),
                        Piece::Expr(Some(expr)) => match expr.eval(scope, env) {
                            Ok(Value::Undefined) | Err(_) => {}
                            Ok(v) => v.write_js_string(&mut out),
                        },
                        Piece::Expr(None) => {}
                    }
                }
                Value::from(out)
            }
        }
    }
}

/// The inside of a sole template (trimmed text is `{{ … }}` with no other `{{`/`}}`).
fn sole_inner(source: &str) -> Option<&str> {
    let t = js_trim(source);
    let inner = t.strip_prefix("{{")?.strip_suffix("}}")?;
    if t.len() < 4 || has_str(inner, "{{") || has_str(inner, "}}") {
        return None;
    }
    Some(inner)
}

fn mixed_pieces(source: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut pos = 0;
    while pos < source.len() {
        let Some(open) = find_str(&source[pos..], "{{").map(|i| pos + i) else {
            pieces.push(Piece::Text(source[pos..].into()));
            break;
        };
        if open > pos {
            pieces.push(Piece::Text(source[pos..open].into()));
        }
        let Some(close) = find_str(&source[open + 2..], "}}").map(|i| open + 2 + i) else {
            pieces.push(Piece::Text(source[open..].into()));
            break;
        };
        // Trimmed like the reference: an unterminated string literal ends before the
        // spaces that precede `}}`.
        pieces.push(Piece::Expr(parse(js_trim(&source[open + 2..close])).ok()));
        pos = close + 2;
    }
    pieces
}

/// A condition (`when` of a `Condition` case, `while` of `SetInterval`) parsed once.
///
/// Blank text is false. One outer `{{ }}` is removed, the expression is evaluated and
/// JavaScript truthiness applied. If parsing or evaluation fails, the result is the
/// truthiness of the state entry named by the whole trimmed text.
///
/// ```
/// use prefab::expr::{Condition, Env, Value};
/// let state = Value::object([("n", Value::from(3)), ("a +", Value::from(true))]);
/// let env = Env::default();
/// assert!(Condition::parse("{{ n > 2 }}").evaluate(&state, &env));
/// assert!(!Condition::parse("   ").evaluate(&state, &env));
/// assert!(Condition::parse("a +").evaluate(&state, &env)); // fallback key lookup
/// ```
#[derive(Clone, Debug)]
pub struct Condition {
    key: Box<str>,
    expr: Option<Result<Expr, ParseError>>,
}

impl Condition {
    /// Parses a condition (never fails).
    #[must_use]
    pub fn parse(source: &str) -> Condition {
        let key = js_trim(source);
        let expr = (!key.is_empty()).then(|| {
            let inner = key
                .strip_prefix("{{")
                .and_then(|s| s.strip_suffix("}}"))
                .filter(|_| key.len() >= 4)
                .unwrap_or(key);
            parse(inner)
        });
        Condition {
            key: key.into(),
            expr,
        }
    }

    /// The parse error, if the text is not an expression (it then falls back to a lookup).
    #[must_use]
    pub fn parse_error(&self) -> Option<&ParseError> {
        self.expr.as_ref().and_then(|r| r.as_ref().err())
    }

    /// Evaluates to a boolean.
    #[must_use]
    pub fn evaluate(&self, scope: &dyn Scope, env: &Env<'_>) -> bool {
        let Some(parsed) = &self.expr else {
            return false;
        };
        match parsed.as_ref().map(|e| e.eval(scope, env)) {
            Ok(Ok(v)) => v.truthy(),
            _ => scope.lookup(&self.key).is_some_and(|v| v.truthy()),
        }
    }
}

/// Interpolates one string prop (see [`Template`]). Parse once with [`Template::parse`]
/// when the same text is rendered repeatedly.
///
/// ```
/// use prefab::expr::{interpolate_string, Env, Value};
/// let state = Value::object([("name", Value::from("Ford"))]);
/// let v = interpolate_string("Hello {{ name | upper }}!", &state, &Env::default());
/// assert_eq!(v, Value::from("Hello FORD!"));
/// ```
#[must_use]
pub fn interpolate_string(source: &str, scope: &dyn Scope, env: &Env<'_>) -> Value {
    if !has_str(source, "{{") {
        return Value::from(source);
    }
    Template::parse(source).render(scope, env)
}

/// Evaluates a condition string to a boolean (see [`Condition`]).
///
/// ```
/// use prefab::expr::{evaluate_condition, Env, Value};
/// let state = Value::object([("items", Value::array([]))]);
/// assert!(evaluate_condition("items", &state, &Env::default())); // [] is truthy
/// assert!(!evaluate_condition("items.length", &state, &Env::default()));
/// ```
#[must_use]
pub fn evaluate_condition(source: &str, scope: &dyn Scope, env: &Env<'_>) -> bool {
    Condition::parse(source).evaluate(scope, env)
}

/// Interpolates every string inside `props`, at any depth; keys, numbers, booleans and
/// `null` are left as they are.
///
/// ```
/// use prefab::expr::{interpolate_props, Env, Value};
/// let props = Value::object([("label", Value::from("{{ n }} items")), ("n", Value::from("{{ n }}"))]);
/// let state = Value::object([("n", Value::from(2))]);
/// let out = interpolate_props(&props, &state, &Env::default());
/// assert_eq!(out, Value::object([("label", Value::from("2 items")), ("n", Value::from(2))]));
/// ```
#[must_use]
pub fn interpolate_props(props: &Value, scope: &dyn Scope, env: &Env<'_>) -> Value {
    match props {
        Value::String(s) => interpolate_string(s, scope, env),
        Value::Array(items) => Value::array(items.iter().map(|v| interpolate_props(v, scope, env))),
        Value::Object(map) => Value::from(
            map.iter()
                .map(|(k, v)| (k, interpolate_props(v, scope, env)))
                .collect::<Map>(),
        ),
        other => other.clone(),
    }
}
