//! `Display` for [`Expr`]: canonical source text with the fewest parentheses that parse
//! back to the same tree (`parse(e.to_string()) == e`).
//!
//! Precedence levels, loosest first: pipe 1, ternary 2, `||` 3, `&&` 4, `!` 5,
//! comparison 6, `+ -` 7, `* / %` 8, unary 9, atoms 10. Two places need more than levels:
//! a ternary's then-branch must not end in a pipe (the pipe would take the `:` as its
//! argument separator), and a pipe's base must not be a ternary (the pipe would bind to
//! the else-branch only) — prefab-ui's `Rx` gets both wrong.
use super::ast::{Expr, Literal, LogicalOp, PipeCall, UnaryOp};
use super::number::{number_to_plain, number_to_string};
use std::fmt::{self, Display, Formatter, Write};

fn level(e: &Expr) -> u8 {
    match e {
        Expr::Pipe(..) => 1,
        Expr::Ternary(..) => 2,
        Expr::Logical(LogicalOp::Or, _) => 3,
        Expr::Logical(LogicalOp::And, _) => 4,
        Expr::Not(_) => 5,
        Expr::Compare(..) => 6,
        Expr::Arith(_, steps) => {
            if steps.first().is_some_and(|(op, _)| op.is_multiplicative()) {
                8
            } else {
                7
            }
        }
        Expr::Unary(..) => 9,
        Expr::Literal(_) | Expr::Path(_) => 10,
    }
}

/// Whether the printed text of `e` ends in an unparenthesized pipe.
fn ends_with_pipe(e: &Expr) -> bool {
    match e {
        Expr::Pipe(..) => true,
        Expr::Ternary(_, _, otherwise) => ends_with_pipe(otherwise),
        _ => false,
    }
}

/// Writes `e`, in parentheses when `wrap`.
fn child(f: &mut Formatter<'_>, e: &Expr, wrap: bool) -> fmt::Result {
    if wrap {
        write!(f, "({e})")
    } else {
        write!(f, "{e}")
    }
}

impl Display for Expr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Literal(lit) => write_literal(f, lit),
            Expr::Path(path) => f.write_str(path.as_str()),
            Expr::Unary(op, inner) => {
                f.write_str(match op {
                    UnaryOp::Neg => "-",
                    UnaryOp::Plus => "+",
                })?;
                child(f, inner, level(inner) < 9)
            }
            Expr::Not(inner) => {
                f.write_char('!')?;
                child(f, inner, level(inner) < 5)
            }
            Expr::Arith(first, steps) => {
                let own = level(self);
                child(f, first, level(first) <= own)?;
                for (op, operand) in steps {
                    write!(f, " {} ", op.symbol())?;
                    child(f, operand, level(operand) <= own)?;
                }
                Ok(())
            }
            Expr::Compare(left, op, right) => {
                child(f, left, level(left) < 7)?;
                write!(f, " {} ", op.symbol())?;
                child(f, right, level(right) < 7)
            }
            Expr::Logical(op, operands) => {
                let own = level(self);
                let symbol = match op {
                    LogicalOp::And => " && ",
                    LogicalOp::Or => " || ",
                };
                for (i, operand) in operands.iter().enumerate() {
                    if i > 0 {
                        f.write_str(symbol)?;
                    }
                    child(f, operand, level(operand) <= own)?;
                }
                Ok(())
            }
            Expr::Ternary(cond, then, otherwise) => {
                child(f, cond, level(cond) < 3)?;
                f.write_str(" ? ")?;
                child(f, then, level(then) < 2 || ends_with_pipe(then))?;
                f.write_str(" : ")?;
                write!(f, "{otherwise}")
            }
            Expr::Pipe(base, calls) => {
                child(f, base, level(base) < 3)?;
                for call in calls {
                    f.write_str(" | ")?;
                    match call {
                        PipeCall::Named { name, arg } => {
                            f.write_str(name)?;
                            if let Some(arg) = arg {
                                f.write_char(':')?;
                                write_pipe_arg(f, arg)?;
                            }
                        }
                        PipeCall::Default(lit) => write_literal(f, lit)?,
                    }
                }
                Ok(())
            }
        }
    }
}

fn write_literal(f: &mut Formatter<'_>, lit: &Literal) -> fmt::Result {
    match lit {
        Literal::Null => f.write_str("null"),
        Literal::Bool(b) => write!(f, "{b}"),
        Literal::Number(n) if n.is_finite() && *n >= 0.0 && !(n.is_sign_negative()) => {
            f.write_str(&number_to_plain(*n))
        }
        Literal::Number(n) if n.is_nan() => f.write_str("(0 / 0)"),
        // A numeral too large for a double reads back as Infinity, as one token (so it
        // also fits where only a literal may stand: a pipe argument or default).
        Literal::Number(n) if n.is_infinite() && *n > 0.0 => write_infinite(f),
        Literal::Number(n) if n.is_infinite() => {
            f.write_str("(-")?;
            write_infinite(f)?;
            f.write_char(')')
        }
        Literal::Number(n) => write!(f, "(-{})", number_to_plain(-n)),
        Literal::String(s) => write!(f, "'{s}'"),
    }
}

/// Writes `1` and 309 zeros: a decimal numeral whose value (10^309) overflows a double,
/// so the lexer reads it back as Infinity.
fn write_infinite(f: &mut Formatter<'_>) -> fmt::Result {
    f.write_char('1')?;
    (0..309).try_for_each(|_| f.write_char('0'))
}

/// Whether `s` lexes as one identifier token (not a keyword).
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
        && !matches!(s, "true" | "false" | "null" | "and" | "or" | "not")
}

fn write_pipe_arg(f: &mut Formatter<'_>, arg: &Literal) -> fmt::Result {
    match arg {
        Literal::String(s) if is_identifier(s) => f.write_str(s),
        Literal::Number(n) if !(n.is_finite() && *n >= 0.0 || *n == f64::INFINITY) => {
            write!(f, "'{}'", number_to_string(*n))
        }
        other => write_literal(f, other),
    }
}
