//! The syntax tree [`parse`](super::parse) produces. Chains of operators of one precedence
//! level are kept flat (`a + b - c` is one [`Expr::Arith`] with two steps), so evaluation
//! needs no deep recursion however long an expression is. `Display` prints the canonical
//! text with the fewest parentheses that parse back to the same tree (see `print.rs`).
use super::value::Value;
use std::sync::Arc;

/// A parsed expression. Evaluate it with [`Expr::eval`](Expr::eval).
///
/// ```
/// use prefab::expr::{parse, Expr};
/// let e = parse("(a + b) * 2").unwrap();
/// assert!(matches!(e, Expr::Arith(..)));
/// assert_eq!(e.to_string(), "(a + b) * 2");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A number, string, `true`, `false` or `null`.
    Literal(Literal),
    /// A name with an optional dotted path: `user.tags.0`, `$item.name`, `items.length`.
    Path(Path),
    /// Unary `-x` or `+x` (JavaScript `Number()` coercion).
    Unary(UnaryOp, Box<Expr>),
    /// `!x` / `not x` (binds looser than comparisons: `!a == b` is `!(a == b)`).
    Not(Box<Expr>),
    /// A left-to-right chain of `+ -` or of `* / %` (one precedence level per chain).
    Arith(Box<Expr>, Vec<(ArithOp, Expr)>),
    /// One comparison (they do not chain: `a < b < c` is a parse error).
    Compare(Box<Expr>, CompareOp, Box<Expr>),
    /// A chain of `&&` or of `||` (at least two operands), returning an operand.
    Logical(LogicalOp, Vec<Expr>),
    /// `condition ? then : else`.
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A value followed by one or more pipes: `price | currency:EUR | upper`.
    Pipe(Box<Expr>, Vec<PipeCall>),
}

/// A literal in the source.
///
/// ```
/// use prefab::expr::{parse, Expr, Literal};
/// assert_eq!(parse("'hi'").unwrap(), Expr::Literal(Literal::String("hi".into())));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number token (never negative: `-5` is unary minus applied to 5).
    Number(f64),
    /// A single-quoted string (no escapes, so it never contains `'`).
    String(Arc<str>),
}

impl Literal {
    /// The literal as a value.
    #[must_use]
    pub fn to_value(&self) -> Value {
        match self {
            Literal::Null => Value::Null,
            Literal::Bool(b) => Value::Bool(*b),
            Literal::Number(n) => Value::Number(*n),
            Literal::String(s) => Value::String(s.clone()),
        }
    }
}

/// A dotted name, split into segments once at parse time.
///
/// ```
/// use prefab::expr::Path;
/// let p = Path::new("items.0.name");
/// assert_eq!(p.segments().collect::<Vec<_>>(), ["items", "0", "name"]);
/// ```
#[derive(Clone, Debug)]
pub struct Path {
    text: Arc<str>,
    segments: Box<[Segment]>,
}

#[derive(Clone, Debug)]
pub(crate) struct Segment {
    pub(crate) name: Arc<str>,
    /// The array index this segment names, if it is a canonical index (`0`, `12`, not `01`).
    pub(crate) index: Option<usize>,
}

impl Path {
    /// Splits `text` on `.` (no validation: the lexer only produces valid names).
    #[must_use]
    pub fn new(text: &str) -> Path {
        let whole: Arc<str> = text.into();
        let segments: Box<[Segment]> = if text.contains('.') {
            text.split('.')
                .map(|s| Segment {
                    name: s.into(),
                    index: canonical_index(s),
                })
                .collect()
        } else {
            // The common single-name case shares one allocation.
            Box::new([Segment {
                name: whole.clone(),
                index: canonical_index(text),
            }])
        };
        Path {
            text: whole,
            segments,
        }
    }

    /// The whole name as written.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The segments.
    pub fn segments(&self) -> impl Iterator<Item = &str> {
        self.segments.iter().map(|s| &*s.name)
    }

    pub(crate) fn parts(&self) -> &[Segment] {
        &self.segments
    }
}

impl PartialEq for Path {
    fn eq(&self, other: &Path) -> bool {
        self.text == other.text
    }
}

/// `"0"`, `"7"`, `"12"` → index; `"01"`, `"-1"`, `""`, `"1.0"` → none (as JavaScript arrays).
pub(crate) fn canonical_index(s: &str) -> Option<usize> {
    if s.is_empty() || (s.len() > 1 && s.starts_with('0')) || !s.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    s.parse().ok()
}

/// Unary arithmetic operators.
///
/// ```
/// use prefab::expr::{parse, Expr, UnaryOp};
/// assert!(matches!(parse("-x").unwrap(), Expr::Unary(UnaryOp::Neg, _)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
}

/// Arithmetic operators; `+ -` and `* / %` form two precedence levels.
///
/// ```
/// use prefab::expr::{parse, ArithOp, Expr};
/// let Expr::Arith(_, steps) = parse("a - b + c").unwrap() else { panic!() };
/// assert_eq!(steps.iter().map(|s| s.0).collect::<Vec<_>>(), [ArithOp::Sub, ArithOp::Add]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `+` (concatenates when either side is text)
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%` (JavaScript remainder: sign of the dividend)
    Rem,
}

impl ArithOp {
    /// Whether this is `* / %` (the tighter level).
    #[must_use]
    pub fn is_multiplicative(self) -> bool {
        matches!(self, ArithOp::Mul | ArithOp::Div | ArithOp::Rem)
    }

    /// The operator text.
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
            ArithOp::Rem => "%",
        }
    }
}

/// Comparison operators (`==`/`!=` are JavaScript loose equality).
///
/// ```
/// use prefab::expr::{parse, CompareOp, Expr};
/// assert!(matches!(parse("a >= 1").unwrap(), Expr::Compare(_, CompareOp::Ge, _)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `<=`
    Le,
}

impl CompareOp {
    /// The operator text.
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            CompareOp::Eq => "==",
            CompareOp::Ne => "!=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
        }
    }
}

/// `&&`/`and` and `||`/`or`.
///
/// ```
/// use prefab::expr::{parse, Expr, LogicalOp};
/// let Expr::Logical(LogicalOp::Or, operands) = parse("a or b || c").unwrap() else { panic!() };
/// assert_eq!(operands.len(), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogicalOp {
    /// `&&`: the first falsy operand, else the last.
    And,
    /// `||`: the first truthy operand, else the last.
    Or,
}

/// One step of a pipe chain.
///
/// ```
/// use prefab::expr::{parse, Expr, Literal, PipeCall};
/// let Expr::Pipe(_, calls) = parse("x | truncate:20 | 'n/a'").unwrap() else { panic!() };
/// assert_eq!(calls[0], PipeCall::Named { name: "truncate".into(), arg: Some(Literal::Number(20.0)) });
/// assert_eq!(calls[1], PipeCall::Default(Literal::String("n/a".into())));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum PipeCall {
    /// `| name` or `| name:arg`. The argument is one token: numbers, `true`/`false`/`null`
    /// arrive typed, anything else (a bare word, a quoted string, an operator) as text.
    Named {
        /// The pipe name.
        name: Arc<str>,
        /// Its argument, if any.
        arg: Option<Literal>,
    },
    /// `| 'fallback'`, `| 0`: replaces `null`/`undefined` only.
    Default(Literal),
}
