//! Parser over the token list. Pipes and ternaries have their own functions; the binary
//! levels (`||`, `&&`, comparison, `+ -`, `* / %`) are parsed by precedence climbing in one
//! function, which keeps the stack shallow: a parenthesis level costs five frames.
//! Nesting (parentheses, `!`, unary signs, ternary branches) is limited to [`MAX_DEPTH`] so
//! that no input can exhaust the stack.
//!
//! Grammar (loosest first), as prefab-ui's renderer implements it:
//!
//! ```text
//! pipe     := ternary ( '|' ( IDENT [ ':' ARG ] | LITERAL ) )*
//! ternary  := or [ '?' pipe ':' pipe ]
//! or       := and ( '||' and )*
//! and      := not ( '&&' not )*
//! not      := '!' not | comp
//! comp     := add [ ('=='|'!='|'>'|'>='|'<'|'<=') add ]
//! add      := mul ( ('+'|'-') mul )*
//! mul      := unary ( ('*'|'/'|'%') unary )*
//! unary    := ('-'|'+') unary | primary
//! primary  := '(' pipe ')' | NUMBER | STRING | true | false | null | IDENT
//! ```
use super::ast::{ArithOp, CompareOp, Expr, Literal, LogicalOp, Path, PipeCall, UnaryOp};
use super::error::ParseError;
use super::lexer::{Op, Tok, Token, tokenize};

/// Deepest nesting accepted (200-deep parentheses parse; 100,000-deep is an error).
pub const MAX_DEPTH: usize = 256;

/// What a parse nested deeper than [`MAX_DEPTH`] expected (a literal: no `format!` machinery
/// in the renderer's build).
const NESTING: &str = "at most 256 levels of nesting";

/// Precedence levels of the binary operators (tighter is higher).
const OR: u8 = 3;
const AND: u8 = 4;
const NOT: u8 = 5;
const COMPARE: u8 = 6;
const ADD: u8 = 7;
const MUL: u8 = 8;
const UNARY: u8 = 9;

/// Parses an expression (the text between `{{` and `}}`).
///
/// ```
/// use prefab::expr::{parse, Env, Value};
/// let expr = parse("price * qty | currency").unwrap();
/// let state = Value::object([("price", Value::from(2.5)), ("qty", Value::from(3))]);
/// assert_eq!(expr.eval(&state, &Env::default()).unwrap(), Value::from("$7.50"));
///
/// let err = parse("1 < 2 < 3").unwrap_err();
/// assert_eq!(err.to_string(), r#"expected end of expression, found '<' at 6 in "1 < 2 < 3""#);
/// ```
pub fn parse(src: &str) -> Result<Expr, ParseError> {
    let tokens = tokenize(src)?;
    let mut parser = Parser {
        src,
        tokens,
        pos: 0,
        depth: 0,
        error: None,
    };
    let parsed = parser.pipe().and_then(|expr| {
        if parser.peek() == &Tok::End {
            Ok(expr)
        } else {
            Err(parser.fail("end of expression"))
        }
    });
    match parsed {
        Ok(expr) => Ok(expr),
        Err(Failed) => Err(parser
            .error
            .take()
            .unwrap_or_else(|| ParseError::new(src, 0, "an expression", None))),
    }
}

/// Parsing failed; the error itself is kept in the parser (a small error type keeps the
/// recursive frames small).
struct Failed;

type PResult<T> = Result<T, Failed>;

struct Parser<'s> {
    src: &'s str,
    tokens: Vec<Token<'s>>,
    pos: usize,
    depth: usize,
    error: Option<ParseError>,
}

impl<'s> Parser<'s> {
    fn peek(&self) -> &Tok<'s> {
        self.tokens.get(self.pos).map_or(&Tok::End, |t| &t.tok)
    }

    fn advance(&mut self) -> Tok<'s> {
        let tok = self.peek().clone();
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        tok
    }

    #[cold]
    fn fail(&mut self, expected: &str) -> Failed {
        let (at, found) = self
            .tokens
            .get(self.pos)
            .map_or((self.src.len(), None), |t| {
                (t.at, (t.tok != Tok::End).then(|| t.tok.describe()))
            });
        self.error = Some(ParseError::new(self.src, at, expected, found));
        Failed
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.fail(NESTING));
        }
        Ok(())
    }

    /// pipe := ternary ( '|' ( IDENT [':' ARG] | LITERAL ) )*
    fn pipe(&mut self) -> PResult<Expr> {
        self.enter()?;
        let base = self.ternary()?;
        if self.peek() != &Tok::Pipe {
            self.depth -= 1;
            return Ok(base);
        }
        let mut calls = Vec::new();
        while self.peek() == &Tok::Pipe {
            self.advance();
            let call = match self.peek() {
                Tok::Ident(name) => {
                    let name = (*name).into();
                    self.advance();
                    let arg = if self.peek() == &Tok::Colon {
                        self.advance();
                        Some(self.pipe_arg()?)
                    } else {
                        None
                    };
                    PipeCall::Named { name, arg }
                }
                tok => match literal(tok) {
                    Some(lit) => {
                        self.advance();
                        PipeCall::Default(lit)
                    }
                    None => return Err(self.fail("a pipe name or a default value")),
                },
            };
            calls.push(call);
        }
        self.depth -= 1;
        Ok(Expr::Pipe(Box::new(base), calls))
    }

    /// ARG := any single token; numbers/booleans/null typed, everything else as text.
    fn pipe_arg(&mut self) -> PResult<Literal> {
        if self.peek() == &Tok::End {
            return Err(self.fail("a pipe argument"));
        }
        let tok = self.advance();
        Ok(literal(&tok).unwrap_or_else(|| Literal::String(tok.text().into())))
    }

    /// ternary := or [ '?' pipe ':' pipe ]
    fn ternary(&mut self) -> PResult<Expr> {
        let cond = self.binary(OR)?;
        if self.peek() != &Tok::Question {
            return Ok(cond);
        }
        self.advance();
        let then = self.pipe()?;
        if self.peek() != &Tok::Colon {
            return Err(self.fail("':'"));
        }
        self.advance();
        let otherwise = self.pipe()?;
        Ok(Expr::Ternary(
            Box::new(cond),
            Box::new(then),
            Box::new(otherwise),
        ))
    }

    /// The binary operator at the current token and its level.
    fn binary_op(&self) -> Option<(u8, BinOp)> {
        let Tok::Op(op) = self.peek() else {
            return None;
        };
        Some(match op {
            Op::Or => (OR, BinOp::Logical(LogicalOp::Or)),
            Op::And => (AND, BinOp::Logical(LogicalOp::And)),
            Op::Eq => (COMPARE, BinOp::Compare(CompareOp::Eq)),
            Op::Ne => (COMPARE, BinOp::Compare(CompareOp::Ne)),
            Op::Gt => (COMPARE, BinOp::Compare(CompareOp::Gt)),
            Op::Ge => (COMPARE, BinOp::Compare(CompareOp::Ge)),
            Op::Lt => (COMPARE, BinOp::Compare(CompareOp::Lt)),
            Op::Le => (COMPARE, BinOp::Compare(CompareOp::Le)),
            Op::Add => (ADD, BinOp::Arith(ArithOp::Add)),
            Op::Sub => (ADD, BinOp::Arith(ArithOp::Sub)),
            Op::Mul => (MUL, BinOp::Arith(ArithOp::Mul)),
            Op::Div => (MUL, BinOp::Arith(ArithOp::Div)),
            Op::Rem => (MUL, BinOp::Arith(ArithOp::Rem)),
        })
    }

    /// Operators of level `min` and tighter, by precedence climbing. Chains of one level
    /// become one flat node; a second comparison after a comparison is an error.
    fn binary(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.operand(min)?;
        while let Some((level, op)) = self.binary_op() {
            if level < min {
                break;
            }
            lhs = match op {
                BinOp::Logical(lop) => {
                    let mut operands = vec![lhs];
                    while self.binary_op().is_some_and(|(_, o)| o == op) {
                        self.advance();
                        operands.push(self.binary(level + 1)?);
                    }
                    Expr::Logical(lop, operands)
                }
                BinOp::Compare(cop) => {
                    self.advance();
                    let rhs = self.binary(ADD)?;
                    if self.binary_op().is_some_and(|(l, _)| l == COMPARE) {
                        // Comparisons do not chain, and nothing can consume this one.
                        return Err(self.fail("end of expression"));
                    }
                    Expr::Compare(Box::new(lhs), cop, Box::new(rhs))
                }
                BinOp::Arith(_) => {
                    let mut steps = Vec::new();
                    while let Some((l, BinOp::Arith(aop))) = self.binary_op() {
                        if l != level {
                            break;
                        }
                        self.advance();
                        steps.push((aop, self.binary(level + 1)?));
                    }
                    Expr::Arith(Box::new(lhs), steps)
                }
            };
        }
        Ok(lhs)
    }

    /// A prefix operand: `!x` (only where `not` is allowed), `-x`, `+x`, or a primary.
    fn operand(&mut self, min: u8) -> PResult<Expr> {
        let wrap = match self.peek() {
            Tok::Not if min <= NOT => None,
            Tok::Op(Op::Sub) => Some(UnaryOp::Neg),
            Tok::Op(Op::Add) => Some(UnaryOp::Plus),
            _ => return self.primary(),
        };
        self.advance();
        self.enter()?;
        let inner = match wrap {
            None => Expr::Not(Box::new(self.binary(NOT)?)),
            Some(op) => Expr::Unary(op, Box::new(self.operand(UNARY)?)),
        };
        self.depth -= 1;
        Ok(inner)
    }

    /// primary := '(' pipe ')' | NUMBER | STRING | true | false | null | IDENT
    fn primary(&mut self) -> PResult<Expr> {
        match self.peek() {
            Tok::LParen => {
                self.advance();
                let inner = self.pipe()?;
                if self.peek() != &Tok::RParen {
                    return Err(self.fail("')'"));
                }
                self.advance();
                Ok(inner)
            }
            Tok::Ident(name) => {
                let path = Path::new(name);
                self.advance();
                Ok(Expr::Path(path))
            }
            tok => match literal(tok) {
                Some(lit) => {
                    self.advance();
                    Ok(Expr::Literal(lit))
                }
                None => Err(self.fail("an expression")),
            },
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum BinOp {
    Logical(LogicalOp),
    Compare(CompareOp),
    Arith(ArithOp),
}

fn literal(tok: &Tok<'_>) -> Option<Literal> {
    Some(match tok {
        Tok::Number(n) => Literal::Number(*n),
        Tok::Str(s) => Literal::String((*s).into()),
        Tok::True => Literal::Bool(true),
        Tok::False => Literal::Bool(false),
        Tok::Null => Literal::Null,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn nesting_message_names_the_limit() {
        assert_eq!(
            super::NESTING,
            format!("at most {} levels of nesting", super::MAX_DEPTH)
        );
    }
}
