//! Conversions into and out of [`Rx`], and the text/number literal helpers.

use super::Rx;
use crate::expr::{ArithOp, Expr, Literal, UnaryOp};

/// Text literals cannot contain `'` (there is no escape): it becomes `’`.
pub(super) fn clean_text(s: &str) -> String {
    s.replace('\'', "\u{2019}")
}

/// A text literal; `{{`/`}}` inside are split into a concatenation so that they never
/// appear in the emitted template.
fn text(s: &str) -> Expr {
    let s = clean_text(s);
    let mut pieces: Vec<String> = vec![String::new()];
    for c in s.chars() {
        let last = pieces.last().and_then(|p| p.chars().last());
        if matches!(c, '{' | '}') && last == Some(c) {
            pieces.push(String::new());
        }
        if let Some(p) = pieces.last_mut() {
            p.push(c);
        }
    }
    let mut exprs = pieces
        .into_iter()
        .map(|p| Expr::Literal(Literal::String(p.into())));
    let first = exprs
        .next()
        .unwrap_or(Expr::Literal(Literal::String("".into())));
    let steps: Vec<_> = exprs.map(|e| (ArithOp::Add, e)).collect();
    if steps.is_empty() {
        first
    } else {
        Expr::Arith(Box::new(first), steps)
    }
}

fn number(n: f64) -> Expr {
    let lit = |x: f64| Expr::Literal(Literal::Number(x));
    if n.is_nan() {
        return Expr::Arith(Box::new(lit(0.0)), vec![(ArithOp::Div, lit(0.0))]);
    }
    if n.is_infinite() {
        let one = if n > 0.0 {
            lit(1.0)
        } else {
            Expr::Unary(UnaryOp::Neg, Box::new(lit(1.0)))
        };
        return Expr::Arith(Box::new(one), vec![(ArithOp::Div, lit(0.0))]);
    }
    if n.is_sign_negative() {
        return Expr::Unary(UnaryOp::Neg, Box::new(lit(-n)));
    }
    lit(n)
}

impl From<Expr> for Rx {
    fn from(expr: Expr) -> Self {
        Rx { expr }
    }
}
impl From<&Rx> for Rx {
    fn from(rx: &Rx) -> Self {
        rx.clone()
    }
}
impl From<&str> for Rx {
    fn from(s: &str) -> Self {
        Rx { expr: text(s) }
    }
}
impl From<String> for Rx {
    fn from(s: String) -> Self {
        Rx::from(s.as_str())
    }
}
impl From<bool> for Rx {
    fn from(b: bool) -> Self {
        Rx {
            expr: Expr::Literal(Literal::Bool(b)),
        }
    }
}
impl From<f64> for Rx {
    fn from(n: f64) -> Self {
        Rx { expr: number(n) }
    }
}
impl From<i32> for Rx {
    fn from(n: i32) -> Self {
        Rx::from(f64::from(n))
    }
}
impl From<u32> for Rx {
    fn from(n: u32) -> Self {
        Rx::from(f64::from(n))
    }
}
impl From<i64> for Rx {
    fn from(n: i64) -> Self {
        Rx::from(n as f64)
    }
}
impl From<usize> for Rx {
    fn from(n: usize) -> Self {
        Rx::from(n as f64)
    }
}

impl From<Rx> for String {
    fn from(rx: Rx) -> String {
        rx.to_string()
    }
}

impl From<&Rx> for String {
    fn from(rx: &Rx) -> String {
        rx.to_string()
    }
}

/// An `Rx` is accepted wherever a prop takes a literal or a template.
///
/// ```
/// use prefab::{Bind, Rx};
/// let on: Bind<bool> = Rx::state("agreed").not().into();
/// assert_eq!(on.as_expr(), Some("{{ !agreed }}"));
/// ```
#[cfg(feature = "model")]
impl<T> From<Rx> for crate::Bind<T> {
    fn from(rx: Rx) -> Self {
        crate::Bind::Expr(rx.to_string())
    }
}

#[cfg(feature = "model")]
impl<T> From<&Rx> for crate::Bind<T> {
    fn from(rx: &Rx) -> Self {
        crate::Bind::Expr(rx.to_string())
    }
}

/// For JSON-valued props (`let` bindings, state, custom props): the template string.
#[cfg(feature = "json")]
impl From<Rx> for serde_json::Value {
    fn from(rx: Rx) -> Self {
        serde_json::Value::String(rx.to_string())
    }
}
