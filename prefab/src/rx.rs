//! [`Rx`]: typed reactive references for Rust authors. Build an expression with Rust
//! operators and methods; its `Display` is the `{{ … }}` template the renderer evaluates.
//!
//! ```
//! use prefab::rx::{self, Rx};
//!
//! let total = Rx::state("price") * Rx::state("qty");
//! assert_eq!(total.to_string(), "{{ price * qty }}");
//! assert_eq!(total.clone().currency().to_string(), "{{ price * qty | currency }}");
//!
//! // Parentheses appear exactly where precedence needs them.
//! let doubled = (Rx::state("a") + Rx::state("b")) * 2;
//! assert_eq!(doubled.to_string(), "{{ (a + b) * 2 }}");
//!
//! // Conditions, ternaries and scoped names.
//! let label = Rx::state("n").eq(1).then("item", "items");
//! assert_eq!(label.to_string(), "{{ n == 1 ? 'item' : 'items' }}");
//! let row = rx::index() + 1 + ". " + rx::item().get("name").upper();
//! assert_eq!(row.to_string(), "{{ $index + 1 + '. ' + ($item.name | upper) }}");
//! ```
//!
//! Unlike prefab-ui's `Rx`, a pipe applied to a ternary keeps the whole ternary as its
//! input (`(c ? a : b) | upper`), and text literals stay valid: the language has no escape
//! for `'`, so an apostrophe becomes `’` (U+2019), and `{{`/`}}` inside text are split
//! (`'a}' + '}b'`) so they cannot end the template early.
use crate::expr::{
    ArithOp, CompareOp, Expr, Literal, LogicalOp, ParseError, Path, PipeCall, UnaryOp,
};
use std::fmt;
use std::ops;

/// A reactive value: an expression over the UI state, printed as `{{ … }}`.
///
/// Every emitted expression parses back to the same tree:
///
/// ```
/// use prefab::rx::Rx;
/// let rx = (Rx::state("a") - (Rx::state("b") - Rx::state("c"))).gt(0).not();
/// assert_eq!(rx.to_string(), "{{ !a - (b - c) > 0 }}");
/// assert_eq!(&prefab::expr::parse(&rx.expression()).unwrap(), rx.expr());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Rx {
    expr: Expr,
}

/// `$item`: the current element inside a `ForEach`.
#[must_use]
pub fn item() -> Rx {
    Rx::state("$item")
}

/// `$index`: the position of the current element inside a `ForEach` (from 0).
#[must_use]
pub fn index() -> Rx {
    Rx::state("$index")
}

/// `$event`: the value an action's trigger produced (the new input value, …).
#[must_use]
pub fn event() -> Rx {
    Rx::state("$event")
}

/// `$result`: the result of the tool call in an `onSuccess` action.
#[must_use]
pub fn result() -> Rx {
    Rx::state("$result")
}

/// `$error`: the error message in an `onError` action.
#[must_use]
pub fn error() -> Rx {
    Rx::state("$error")
}

/// `$host`: host context (`theme`, `displayMode`, `availableDisplayModes`, `containerDimensions`).
#[must_use]
pub fn host() -> Rx {
    Rx::state("$host")
}

/// Date styles for [`Rx::date`].
///
/// ```
/// use prefab::rx::{DateStyle, Rx};
/// assert_eq!(Rx::state("d").date(DateStyle::Long).to_string(), "{{ d | date:long }}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DateStyle {
    /// `1/15/2025`
    Short,
    /// `Jan 15, 2025`
    #[default]
    Medium,
    /// `January 15, 2025`
    Long,
}

impl Rx {
    /// A state key or dotted path: `Rx::state("user.name")` is `{{ user.name }}`.
    /// Path segments must be names (`[A-Za-z_$][A-Za-z0-9_$]*`) or array indexes.
    #[must_use]
    pub fn state(path: impl AsRef<str>) -> Rx {
        Rx {
            expr: Expr::Path(Path::new(path.as_ref())),
        }
    }

    /// The literal `null`.
    #[must_use]
    pub fn null() -> Rx {
        Rx {
            expr: Expr::Literal(Literal::Null),
        }
    }

    /// Parses expression text (without `{{ }}`) into an `Rx`.
    ///
    /// ```
    /// let rx = prefab::rx::Rx::parse("count + 1").unwrap();
    /// assert_eq!(rx.to_string(), "{{ count + 1 }}");
    /// ```
    pub fn parse(src: &str) -> Result<Rx, ParseError> {
        crate::expr::parse(src).map(Rx::from)
    }

    /// The expression tree.
    #[must_use]
    pub fn expr(&self) -> &Expr {
        &self.expr
    }

    /// The expression text without the surrounding `{{ }}`.
    #[must_use]
    pub fn expression(&self) -> String {
        self.expr.to_string()
    }

    /// A member or array index of a name: `rx::item().get("name")` is `$item.name`,
    /// `Rx::state("items").get(0)` is `items.0`. The language has no member access on
    /// computed values, so on anything but a name this gives `null`.
    #[must_use]
    pub fn get(&self, segment: impl fmt::Display) -> Rx {
        match &self.expr {
            Expr::Path(p) => Rx::state(format!("{}.{segment}", p.as_str())),
            _ => Rx::null(),
        }
    }

    // ---- comparison, logic, ternary -------------------------------------------------

    fn compare(self, op: CompareOp, other: impl Into<Rx>) -> Rx {
        Rx {
            expr: Expr::Compare(Box::new(self.expr), op, Box::new(other.into().expr)),
        }
    }

    /// `self == other` (JavaScript loose equality).
    #[must_use]
    pub fn eq(self, other: impl Into<Rx>) -> Rx {
        self.compare(CompareOp::Eq, other)
    }

    /// `self != other`
    #[must_use]
    pub fn ne(self, other: impl Into<Rx>) -> Rx {
        self.compare(CompareOp::Ne, other)
    }

    /// `self > other`
    #[must_use]
    pub fn gt(self, other: impl Into<Rx>) -> Rx {
        self.compare(CompareOp::Gt, other)
    }

    /// `self >= other`
    #[must_use]
    pub fn ge(self, other: impl Into<Rx>) -> Rx {
        self.compare(CompareOp::Ge, other)
    }

    /// `self < other`
    #[must_use]
    pub fn lt(self, other: impl Into<Rx>) -> Rx {
        self.compare(CompareOp::Lt, other)
    }

    /// `self <= other`
    #[must_use]
    pub fn le(self, other: impl Into<Rx>) -> Rx {
        self.compare(CompareOp::Le, other)
    }

    fn logical(self, op: LogicalOp, other: impl Into<Rx>) -> Rx {
        let mut operands = Vec::new();
        for e in [self.expr, other.into().expr] {
            match e {
                Expr::Logical(o, items) if o == op => operands.extend(items),
                other => operands.push(other),
            }
        }
        Rx {
            expr: Expr::Logical(op, operands),
        }
    }

    /// `self && other` (gives an operand, not a boolean, as in JavaScript).
    #[must_use]
    pub fn and(self, other: impl Into<Rx>) -> Rx {
        self.logical(LogicalOp::And, other)
    }

    /// `self || other`
    #[must_use]
    pub fn or(self, other: impl Into<Rx>) -> Rx {
        self.logical(LogicalOp::Or, other)
    }

    /// `!self` (also available as the `!` operator).
    #[must_use]
    #[allow(clippy::should_implement_trait)] // it is implemented too; this needs no import
    pub fn not(self) -> Rx {
        Rx {
            expr: Expr::Not(Box::new(self.expr)),
        }
    }

    /// `self ? yes : no`
    #[must_use]
    pub fn then(self, yes: impl Into<Rx>, no: impl Into<Rx>) -> Rx {
        Rx {
            expr: Expr::Ternary(
                Box::new(self.expr),
                Box::new(yes.into().expr),
                Box::new(no.into().expr),
            ),
        }
    }

    // ---- pipes ---------------------------------------------------------------------

    /// Any pipe by name (built-in or registered by the host), with an optional argument.
    ///
    /// ```
    /// use prefab::rx::Rx;
    /// assert_eq!(Rx::state("x").pipe("shout", None::<&str>).to_string(), "{{ x | shout }}");
    /// ```
    #[must_use]
    pub fn pipe<A: Into<Arg>>(self, name: &str, arg: Option<A>) -> Rx {
        let call = PipeCall::Named {
            name: name.into(),
            arg: arg.map(|a| a.into().0),
        };
        match self.expr {
            Expr::Pipe(base, mut calls) => {
                calls.push(call);
                Rx {
                    expr: Expr::Pipe(base, calls),
                }
            }
            other => Rx {
                expr: Expr::Pipe(Box::new(other), vec![call]),
            },
        }
    }

    fn pipe0(self, name: &str) -> Rx {
        self.pipe(name, None::<Arg>)
    }

    /// `| currency` (US dollars, en-US: `$1,234.50`).
    #[must_use]
    pub fn currency(self) -> Rx {
        self.pipe0("currency")
    }

    /// `| currency:CODE` (ISO 4217, e.g. `EUR`).
    #[must_use]
    pub fn currency_code(self, code: &str) -> Rx {
        self.pipe("currency", Some(code))
    }

    /// `| percent[:decimals]`; the input is a fraction (0.8 → `80%`).
    #[must_use]
    pub fn percent(self, decimals: impl Into<Option<u32>>) -> Rx {
        self.pipe("percent", decimals.into())
    }

    /// `| number[:decimals]` (en-US grouping; without decimals at most 3 fraction digits).
    #[must_use]
    pub fn number(self, decimals: impl Into<Option<u32>>) -> Rx {
        self.pipe("number", decimals.into())
    }

    /// `| compact[:max_decimals]` (`1.2K`, `3.4M`).
    #[must_use]
    pub fn compact(self, max_decimals: impl Into<Option<u32>>) -> Rx {
        self.pipe("compact", max_decimals.into())
    }

    /// `| round[:decimals]` (halves toward +∞; the result stays a number).
    #[must_use]
    pub fn round(self, decimals: u32) -> Rx {
        self.pipe("round", (decimals > 0).then_some(decimals))
    }

    /// `| abs`
    #[must_use]
    pub fn abs(self) -> Rx {
        self.pipe0("abs")
    }

    /// `| date[:short|long]` in the viewer's time zone.
    #[must_use]
    pub fn date(self, style: DateStyle) -> Rx {
        let arg = match style {
            DateStyle::Short => Some("short"),
            DateStyle::Medium => None,
            DateStyle::Long => Some("long"),
        };
        self.pipe("date", arg)
    }

    /// `| time` (`2:30 PM`).
    #[must_use]
    pub fn time(self) -> Rx {
        self.pipe0("time")
    }

    /// `| datetime` (`Jan 15, 2025, 2:30 PM`).
    #[must_use]
    pub fn datetime(self) -> Rx {
        self.pipe0("datetime")
    }

    /// `| upper`
    #[must_use]
    pub fn upper(self) -> Rx {
        self.pipe0("upper")
    }

    /// `| lower`
    #[must_use]
    pub fn lower(self) -> Rx {
        self.pipe0("lower")
    }

    /// `| truncate:n` (first n UTF-16 units and `...`).
    #[must_use]
    pub fn truncate(self, n: u32) -> Rx {
        self.pipe("truncate", Some(n))
    }

    /// `| pluralize[:word]`: the word (default `item`), with `s` unless the value is 1.
    #[must_use]
    pub fn pluralize<'w>(self, word: impl Into<Option<&'w str>>) -> Rx {
        self.pipe("pluralize", word.into())
    }

    /// `| length` (array or text length, else 0).
    #[must_use]
    pub fn length(self) -> Rx {
        self.pipe0("length")
    }

    /// `| join[:separator]` (default `, `).
    #[must_use]
    pub fn join<'s>(self, separator: impl Into<Option<&'s str>>) -> Rx {
        self.pipe("join", separator.into())
    }

    /// `| first`
    #[must_use]
    pub fn first(self) -> Rx {
        self.pipe0("first")
    }

    /// `| last`
    #[must_use]
    pub fn last(self) -> Rx {
        self.pipe0("last")
    }

    /// `| selectattr:attr` (keeps objects whose `attr` is truthy).
    #[must_use]
    pub fn selectattr(self, attr: &str) -> Rx {
        self.pipe("selectattr", Some(attr))
    }

    /// `| rejectattr:attr` (keeps objects whose `attr` is falsy).
    #[must_use]
    pub fn rejectattr(self, attr: &str) -> Rx {
        self.pipe("rejectattr", Some(attr))
    }

    /// `| default:value` (replaces `null`/`undefined` only; the value keeps its type).
    ///
    /// ```
    /// use prefab::rx::Rx;
    /// assert_eq!(Rx::state("name").default("N/A").to_string(), "{{ name | default:'N/A' }}");
    /// assert_eq!(Rx::state("n").default(0).to_string(), "{{ n | default:0 }}");
    /// ```
    #[must_use]
    pub fn default(self, value: impl Into<Arg>) -> Rx {
        self.pipe("default", Some(value))
    }
}

/// A pipe argument: one token, so numbers, booleans and text (negative numbers travel as
/// text, since `-1` is two tokens).
///
/// ```
/// use prefab::rx::Rx;
/// assert_eq!(Rx::state("x").default(true).to_string(), "{{ x | default:true }}");
/// assert_eq!(Rx::state("x").default(-1).to_string(), "{{ x | default:'-1' }}");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Arg(Literal);

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg(Literal::String(clean_text(s).replace("}}", "} }").into()))
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::from(s.as_str())
    }
}
impl From<bool> for Arg {
    fn from(b: bool) -> Self {
        Arg(Literal::Bool(b))
    }
}
impl From<f64> for Arg {
    fn from(n: f64) -> Self {
        if n.is_finite() && n >= 0.0 && !n.is_sign_negative() {
            Arg(Literal::Number(n))
        } else {
            Arg(Literal::String(crate::expr::number_to_string(n).into()))
        }
    }
}
impl From<i32> for Arg {
    fn from(n: i32) -> Self {
        Arg::from(f64::from(n))
    }
}
impl From<u32> for Arg {
    fn from(n: u32) -> Self {
        Arg::from(f64::from(n))
    }
}
impl From<i64> for Arg {
    fn from(n: i64) -> Self {
        Arg::from(n as f64)
    }
}

/// Text literals cannot contain `'` (there is no escape): it becomes `’`.
fn clean_text(s: &str) -> String {
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

impl fmt::Display for Rx {
    /// The full template: `{{ expression }}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{{ {} }}}}", self.expr)
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

fn arith(lhs: Rx, op: ArithOp, rhs: Rx) -> Rx {
    let expr = match lhs.expr {
        Expr::Arith(first, mut steps)
            if steps
                .first()
                .is_some_and(|(o, _)| o.is_multiplicative() == op.is_multiplicative()) =>
        {
            steps.push((op, rhs.expr));
            Expr::Arith(first, steps)
        }
        other => Expr::Arith(Box::new(other), vec![(op, rhs.expr)]),
    };
    Rx { expr }
}

macro_rules! arith_ops {
    ($($trait:ident $method:ident $op:ident),*) => {$(
        impl<T: Into<Rx>> ops::$trait<T> for Rx {
            type Output = Rx;
            fn $method(self, rhs: T) -> Rx {
                arith(self, ArithOp::$op, rhs.into())
            }
        }
        impl<T: Into<Rx>> ops::$trait<T> for &Rx {
            type Output = Rx;
            fn $method(self, rhs: T) -> Rx {
                arith(self.clone(), ArithOp::$op, rhs.into())
            }
        }
        arith_ops!(@lhs $trait $method $op, f64 i32 i64 u32 usize &str String);
    )*};
    (@lhs $trait:ident $method:ident $op:ident, $($t:ty)*) => {$(
        impl ops::$trait<Rx> for $t {
            type Output = Rx;
            fn $method(self, rhs: Rx) -> Rx {
                arith(Rx::from(self), ArithOp::$op, rhs)
            }
        }
    )*};
}

arith_ops!(Add add Add, Sub sub Sub, Mul mul Mul, Div div Div, Rem rem Rem);

impl ops::Neg for Rx {
    type Output = Rx;
    fn neg(self) -> Rx {
        Rx {
            expr: Expr::Unary(UnaryOp::Neg, Box::new(self.expr)),
        }
    }
}

impl ops::Not for Rx {
    type Output = Rx;
    fn not(self) -> Rx {
        Rx::not(self)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::expr::{Env, Value, parse};

    fn round_trips(rx: &Rx) {
        assert_eq!(&parse(&rx.expression()).unwrap(), rx.expr(), "{rx}");
    }

    #[test]
    fn parentheses_only_where_needed() {
        let (a, b, c) = (Rx::state("a"), Rx::state("b"), Rx::state("c"));
        let cases = [
            ((&a + &b) * 2, "(a + b) * 2"),
            (&a + &b * 2, "a + b * 2"),
            (&a - (&b - &c), "a - (b - c)"),
            (&a - &b - &c, "a - b - c"),
            (
                a.clone().gt(1).and(b.clone().or(c.clone())),
                "a > 1 && (b || c)",
            ),
            (a.clone().eq(&b).not(), "!a == b"),
            (!(a.clone().and(&b)), "!(a && b)"),
            (-(&a + 1), "-(a + 1)"),
            (a.clone().then("x", "y").upper(), "(a ? 'x' : 'y') | upper"),
            (
                a.clone().then(b.clone().upper(), "y"),
                "a ? (b | upper) : 'y'",
            ),
            (
                a.clone().then("x", b.clone().upper()),
                "a ? 'x' : b | upper",
            ),
            (Rx::from(-5) * &a, "-5 * a"),
            (Rx::from(1e21) + 0, "1000000000000000000000 + 0"),
        ];
        for (rx, text) in cases {
            assert_eq!(rx.expression(), text);
            round_trips(&rx);
        }
    }

    #[test]
    fn text_literals_stay_valid() {
        let rx = Rx::state("x") + "it's {{ not }} here";
        round_trips(&rx);
        let env = Env::default();
        let state = Value::object([("x", Value::from(1))]);
        let out = crate::expr::interpolate_string(&rx.to_string(), &state, &env);
        assert_eq!(out, Value::from("1it\u{2019}s {{ not }} here"));
    }

    #[test]
    fn pipe_arguments_print_as_one_token() {
        let rx = Rx::state("tags").join(", ").default(-1).pluralize("file");
        assert_eq!(
            rx.expression(),
            "tags | join:', ' | default:'-1' | pluralize:file"
        );
        round_trips(&rx);
    }

    #[test]
    fn scoped_names_and_members() {
        assert_eq!(item().get("tags").get(0).to_string(), "{{ $item.tags.0 }}");
        assert_eq!(String::from(host().get("theme")), "{{ $host.theme }}");
        assert_eq!((index() + 1).upper().get("x"), Rx::null());
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

/// `rx()` on every stateful component: a reference to `state[name]`.
#[cfg(feature = "model")]
macro_rules! stateful_rx {
    ($($component:ident)*) => {$(
        impl crate::$component {
            /// A reactive reference to this component's value in state (`{{ name }}`).
            /// Give the component a `name` first; without one this is `null`.
            #[must_use]
            pub fn rx(&self) -> Rx {
                self.name.as_deref().map_or_else(Rx::null, Rx::state)
            }
        }
    )*};
}

#[cfg(feature = "model")]
stateful_rx!(
    Input Textarea Checkbox Switch Slider Radio RadioGroup Calendar DatePicker DropZone Select
    Combobox Tabs Pages MasterDetail Dialog
);

#[cfg(all(test, feature = "model"))]
#[allow(clippy::unwrap_used)]
mod model_tests {
    use super::Rx;
    use crate::{Bind, Input, Slider, Text};

    #[test]
    fn stateful_components_give_their_rx() {
        let input = Input::new().name("email");
        assert_eq!(input.rx().to_string(), "{{ email }}");
        let volume = Slider::new().name("volume");
        let label = Text::new(volume.rx().percent(None));
        let json = serde_json::to_value(&label).unwrap();
        assert_eq!(json["content"], "{{ volume | percent }}");
        let b: Bind<bool> = input.rx().ne("").into();
        assert_eq!(b.as_expr(), Some("{{ email != '' }}"));
        assert_eq!(Input::new().rx(), Rx::null());
    }
}
