//! Errors of the expression engine: [`ParseError`] (the text is not an expression) and
//! [`EvalError`] (a pipe refused its input), joined in [`Error`].
use std::fmt;

/// The text is not a valid expression.
///
/// It names the character position (counted in Unicode scalar values from 0) and what the
/// parser expected there, and keeps the source so that [`Display`](fmt::Display) can show it:
///
/// ```
/// let err = prefab::expr::parse("(a + b * 2").unwrap_err();
/// assert_eq!(err.position(), 10);
/// assert_eq!(err.to_string(), r#"expected ')' at 10 in "(a + b * 2""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    position: usize,
    expected: String,
    found: Option<String>,
    source: String,
}

impl ParseError {
    pub(crate) fn new(
        source: &str,
        byte_offset: usize,
        expected: impl Into<String>,
        found: Option<String>,
    ) -> Self {
        let position = source
            .get(..byte_offset)
            .map_or(source.chars().count(), |s| s.chars().count());
        ParseError {
            position,
            expected: expected.into(),
            found,
            source: source.to_owned(),
        }
    }

    /// Character position (0-based, in Unicode scalar values) where parsing stopped.
    #[must_use]
    pub fn position(&self) -> usize {
        self.position
    }

    /// What the parser expected at [`position`](Self::position), e.g. `')'`.
    #[must_use]
    pub fn expected(&self) -> &str {
        &self.expected
    }

    /// What it found instead (`None` at the end of the input).
    #[must_use]
    pub fn found(&self) -> Option<&str> {
        self.found.as_deref()
    }

    /// The expression text that failed to parse.
    #[must_use]
    pub fn source_text(&self) -> &str {
        &self.source
    }
}

/// Longest source excerpt shown by `Display`; longer sources are cut around the position.
const EXCERPT: usize = 80;

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}", self.expected)?;
        if let Some(found) = &self.found {
            write!(f, ", found {found}")?;
        }
        write!(f, " at {} in ", self.position)?;
        let count = self.source.chars().count();
        if count <= EXCERPT {
            return f.write_str(&quote(&self.source));
        }
        let start = self
            .position
            .saturating_sub(EXCERPT / 2)
            .min(count - EXCERPT);
        let excerpt: String = self.source.chars().skip(start).take(EXCERPT).collect();
        let head = if start > 0 { "…" } else { "" };
        let tail = if start + EXCERPT < count { "…" } else { "" };
        write!(f, "{head}{}{tail}", quote(&excerpt))
    }
}

impl std::error::Error for ParseError {}

/// Evaluation failed: a pipe refused its input, as the JavaScript renderer would throw.
///
/// ```
/// use prefab::expr::{parse, Env, Value};
/// let expr = parse("x | currency:EURO").unwrap();
/// let state = Value::object([("x", Value::from(3))]);
/// let err = expr.eval(&state, &Env::default()).unwrap_err();
/// assert!(err.to_string().contains("currency"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    message: String,
}

impl EvalError {
    /// An error with this message (used by custom pipes as well).
    #[must_use]
    pub fn new(message: impl Into<String>) -> Self {
        EvalError {
            message: message.into(),
        }
    }

    /// The error text.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

/// Either kind of failure, as returned by [`evaluate`](super::evaluate).
///
/// ```
/// use prefab::expr::{evaluate, Env, Error, Value};
/// let err = evaluate("1 +", &Value::Null, &Env::default()).unwrap_err();
/// assert!(matches!(err, Error::Parse(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The text is not an expression.
    Parse(ParseError),
    /// A pipe refused its input.
    Eval(EvalError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => e.fmt(f),
            Error::Eval(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Self {
        Error::Parse(e)
    }
}

impl From<EvalError> for Error {
    fn from(e: EvalError) -> Self {
        Error::Eval(e)
    }
}

/// `text` in double quotes with `\`, `"` and control characters escaped, for error
/// messages (like `{:?}` for ASCII text, without linking Unicode's printable tables into
/// the wasm renderer: other characters are kept as they are).
///
/// ```
/// assert_eq!(prefab::expr::quote("a \"b\"\n"), r#""a \"b\"\n""#);
/// ```
#[must_use]
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        push_escaped(&mut out, c, '"');
    }
    out.push('"');
    out
}

/// One character in single quotes, escaped like [`quote`].
pub(crate) fn quote_char(c: char) -> String {
    let mut out = String::from('\'');
    push_escaped(&mut out, c, '\'');
    out.push('\'');
    out
}

fn push_escaped(out: &mut String, c: char, delimiter: char) {
    match c {
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\0' => out.push_str("\\0"),
        c if c == delimiter => {
            out.push('\\');
            out.push(c);
        }
        c if c.is_control() => {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u{");
            let code = u32::from(c);
            let mut started = false;
            for shift in (0..6).rev() {
                let nibble = (code >> (shift * 4)) & 15;
                if nibble != 0 || started || shift == 0 {
                    started = true;
                    out.push(char::from(HEX[nibble as usize]));
                }
            }
            out.push('}');
        }
        c => out.push(c),
    }
}
