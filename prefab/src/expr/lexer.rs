//! Splits expression text into tokens, exactly as prefab-ui's renderer does: operators,
//! single-quoted strings without escapes (an unterminated one runs to the end), numbers as a
//! run of digits and dots, identifiers with the dots of their path included, and the
//! keywords `true false null and or not`.
use super::error::ParseError;
use super::number::{is_js_space, parse_float_token};

/// A binary or comparison operator token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Eq,
    Ne,
    Ge,
    Le,
    Gt,
    Lt,
    Or,
    And,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl Op {
    pub(crate) fn text(self) -> &'static str {
        match self {
            Op::Eq => "==",
            Op::Ne => "!=",
            Op::Ge => ">=",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Lt => "<",
            Op::Or => "||",
            Op::And => "&&",
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok<'s> {
    Number(f64),
    Str(&'s str),
    Ident(&'s str),
    True,
    False,
    Null,
    Op(Op),
    Not,
    LParen,
    RParen,
    Pipe,
    Question,
    Colon,
    End,
}

impl Tok<'_> {
    /// How the token reads in an error message.
    pub(crate) fn describe(&self) -> String {
        match self {
            Tok::Number(n) => ["number ", &super::number::number_to_string(*n)].concat(),
            Tok::Str(s) => ["string '", s, "'"].concat(),
            Tok::Ident(s) => ["name '", s, "'"].concat(),
            Tok::End => "end of input".into(),
            other => ["'", other.text(), "'"].concat(),
        }
    }

    /// The token's text as a pipe argument sees it (keywords in canonical form: `not` → `!`).
    pub(crate) fn text(&self) -> &str {
        match self {
            Tok::Str(s) | Tok::Ident(s) => s,
            Tok::True => "true",
            Tok::False => "false",
            Tok::Null => "null",
            Tok::Op(op) => op.text(),
            Tok::Not => "!",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::Pipe => "|",
            Tok::Question => "?",
            Tok::Colon => ":",
            Tok::Number(_) | Tok::End => "",
        }
    }
}

/// A token and its byte offset in the source.
#[derive(Clone, Debug)]
pub(crate) struct Token<'s> {
    pub(crate) tok: Tok<'s>,
    pub(crate) at: usize,
}

/// Tokenizes all of `src` (ending with [`Tok::End`]), or fails at the first character that
/// starts no token.
pub(crate) fn tokenize(src: &str) -> Result<Vec<Token<'_>>, ParseError> {
    let bytes = src.as_bytes();
    // Roughly one token per four bytes of ordinary expressions; long literals need few.
    let mut out = Vec::with_capacity((src.len() / 4 + 2).min(256));
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b >= 0x80 {
            let c = src[i..].chars().next().unwrap_or('\u{fffd}');
            if is_js_space(c) {
                i += c.len_utf8();
                continue;
            }
            return Err(unexpected(src, i, c));
        }
        if matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
            i += 1;
            continue;
        }
        let (tok, next) = scan(src, i, b)?;
        out.push(Token { tok, at: i });
        i = next;
    }
    out.push(Token {
        tok: Tok::End,
        at: src.len(),
    });
    Ok(out)
}

/// The token that starts with the ASCII byte `b` at `i` (not a space), and where the next
/// one starts.
fn scan(src: &str, i: usize, b: u8) -> Result<(Tok<'_>, usize), ParseError> {
    let bytes = src.as_bytes();
    let op2 = match (b, bytes.get(i + 1).copied()) {
        (b'=', Some(b'=')) => Some(Op::Eq),
        (b'!', Some(b'=')) => Some(Op::Ne),
        (b'>', Some(b'=')) => Some(Op::Ge),
        (b'<', Some(b'=')) => Some(Op::Le),
        (b'|', Some(b'|')) => Some(Op::Or),
        (b'&', Some(b'&')) => Some(Op::And),
        _ => None,
    };
    if let Some(op) = op2 {
        return Ok((Tok::Op(op), i + 2));
    }
    let tok = match b {
        b'>' => Tok::Op(Op::Gt),
        b'<' => Tok::Op(Op::Lt),
        b'+' => Tok::Op(Op::Add),
        b'-' => Tok::Op(Op::Sub),
        b'*' => Tok::Op(Op::Mul),
        b'/' => Tok::Op(Op::Div),
        b'%' => Tok::Op(Op::Rem),
        b'!' => Tok::Not,
        b'(' => Tok::LParen,
        b')' => Tok::RParen,
        b'|' => Tok::Pipe,
        b'?' => Tok::Question,
        b':' => Tok::Colon,
        b'\'' => return Ok(string_literal(src, i)),
        b'0'..=b'9' | b'.' => return number_literal(src, i),
        b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' => return Ok(word(src, i)),
        other => return Err(unexpected(src, i, char::from(other))),
    };
    Ok((tok, i + 1))
}

/// A `'…'` string starting at `i` (an unclosed one runs to the end of `src`).
fn string_literal(src: &str, i: usize) -> (Tok<'_>, usize) {
    let body_start = i + 1;
    let end = src[body_start..]
        .find('\'')
        .map_or(src.len(), |n| body_start + n);
    (Tok::Str(&src[body_start..end]), (end + 1).min(src.len()))
}

/// A number starting at `i` with a digit or a `.` (which must be followed by a digit).
fn number_literal(src: &str, i: usize) -> Result<(Tok<'_>, usize), ParseError> {
    let bytes = src.as_bytes();
    if bytes.get(i) == Some(&b'.') && !bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
        return Err(unexpected(src, i, '.'));
    }
    let mut j = i;
    while j < bytes.len() && (bytes[j].is_ascii_digit() || bytes[j] == b'.') {
        j += 1;
    }
    Ok((Tok::Number(parse_float_token(&src[i..j])), j))
}

/// A name (dots and `$` included: `user.name`, `$item`) or a keyword, starting at `i`.
fn word(src: &str, i: usize) -> (Tok<'_>, usize) {
    let bytes = src.as_bytes();
    let mut j = i;
    while j < bytes.len()
        && (bytes[j].is_ascii_alphanumeric() || matches!(bytes[j], b'_' | b'.' | b'$'))
    {
        j += 1;
    }
    let word = &src[i..j];
    let tok = match word {
        "true" => Tok::True,
        "false" => Tok::False,
        "null" => Tok::Null,
        "not" => Tok::Not,
        "and" => Tok::Op(Op::And),
        "or" => Tok::Op(Op::Or),
        _ => Tok::Ident(word),
    };
    (tok, j)
}

fn unexpected(src: &str, at: usize, c: char) -> ParseError {
    ParseError::new(
        src,
        at,
        "an expression token",
        Some(["character ", &super::error::quote_char(c)].concat()),
    )
}
