//! Pipe methods on [`Rx`] (`| currency`, `| date:long`, …), their [`Arg`] and [`DateStyle`].

use super::Rx;
use super::convert::clean_text;
use crate::expr::{Expr, Literal, PipeCall};

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
    pub fn currency_code(self, code: impl AsRef<str>) -> Rx {
        self.pipe("currency", Some(code.as_ref()))
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

    /// `| date:'PATTERN'`: a Unicode TR35 date pattern (`EEEE, MMM d` → `Monday, Dec 15`;
    /// the tokens A2UI's `formatDate` documents). An extension of ours: prefab-ui's renderer
    /// shows the medium style instead (see COMPATIBILITY.md).
    ///
    /// ```
    /// use prefab::rx::Rx;
    /// let at = Rx::state("at").date_pattern("EEEE, h:mm a");
    /// assert_eq!(at.to_string(), "{{ at | date:'EEEE, h:mm a' }}");
    /// ```
    #[must_use]
    pub fn date_pattern(self, pattern: impl Into<String>) -> Rx {
        self.pipe("date", Some(pattern.into()))
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

    /// `| matches:'PATTERN'`: whether the value's text matches the regular expression, as
    /// JavaScript's `RegExp.test` finds it (A2UI's `regex` and `email` checks read as it). An
    /// extension of ours: prefab-ui passes the value through (see COMPATIBILITY.md).
    ///
    /// ```
    /// use prefab::rx::Rx;
    /// let zip = Rx::state("zip").matches("^[0-9]{5}$");
    /// assert_eq!(zip.to_string(), "{{ zip | matches:'^[0-9]{5}$' }}");
    /// ```
    #[must_use]
    pub fn matches(self, pattern: impl Into<String>) -> Rx {
        self.pipe("matches", Some(pattern.into()))
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
    pub fn selectattr(self, attr: impl AsRef<str>) -> Rx {
        self.pipe("selectattr", Some(attr.as_ref()))
    }

    /// `| rejectattr:attr` (keeps objects whose `attr` is falsy).
    #[must_use]
    pub fn rejectattr(self, attr: impl AsRef<str>) -> Rx {
        self.pipe("rejectattr", Some(attr.as_ref()))
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
