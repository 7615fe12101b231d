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
//! (`'a}' + '}b'`) so they cannot end the template early. A pipe argument is a single token
//! and cannot be split that way: text passed to a pipe method must not contain `{{` or `}}`.
use crate::expr::{CompareOp, Expr, Literal, LogicalOp, ParseError, Path};
use std::fmt;

#[cfg(feature = "model")]
mod components;
mod convert;
mod ops;
mod pipes;
#[cfg(test)]
mod tests;

pub use pipes::{Arg, DateStyle};

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
///
/// ```
/// use prefab::*;
/// let row = ForEach::new("users").child(Text::new(rx::item().get("name").to_string()));
/// let json = serde_json::to_value(Node::from(row)).unwrap();
/// assert_eq!(json["children"][0]["content"], "{{ $item.name }}");
/// ```
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

impl Rx {
    /// A state key or dotted path: `Rx::state("user.name")` is `{{ user.name }}`.
    /// Path segments must be names (`[A-Za-z_$][A-Za-z0-9_$]*`) or array indexes.
    ///
    /// ```
    /// use prefab::rx::Rx;
    /// assert_eq!(Rx::state("user.name").to_string(), "{{ user.name }}");
    /// assert_eq!(Rx::state("count").gt(3).to_string(), "{{ count > 3 }}");
    /// ```
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
}

impl fmt::Display for Rx {
    /// The full template: `{{ expression }}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{{ {} }}}}", self.expr)
    }
}
