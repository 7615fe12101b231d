//! A small JSON reader producing [`Value`]s directly.
//!
//! Wire data is read from text inside the wasm module: converting a parsed JavaScript object
//! value by value costs several boundary crossings per value (measured: ~40 ms for a
//! 1,000-row table), while one string crossing plus this reader takes a few milliseconds.
//! Objects coming from `postMessage` go through `JSON.stringify` first (see [`crate::js`]).
//! It accepts exactly RFC 8259 JSON; errors name the byte offset.
use prefab::expr::{Map, Value};
use std::sync::Arc;

/// Nesting deeper than this is refused (wire data is never this deep).
const MAX_DEPTH: usize = 512;

/// Parses one JSON document.
///
/// ```
/// use prefab::expr::Value;
/// let v = prefab_renderer::json::parse(r#"{"a": [1, "x\u00e9", true, null], "b": -2.5e1}"#).unwrap();
/// assert_eq!(v, Value::object([
///     ("a", Value::array([1.into(), "xé".into(), true.into(), Value::Null])),
///     ("b", Value::from(-25.0)),
/// ]));
/// assert!(prefab_renderer::json::parse("[1,]").unwrap_err().contains("offset 3"));
/// ```
pub fn parse(text: &str) -> Result<Value, String> {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        text,
        pos: 0,
    };
    reader.skip_ws();
    let value = reader.value(0)?;
    reader.skip_ws();
    if reader.pos != reader.bytes.len() {
        return Err(reader.error("unexpected text after the JSON value"));
    }
    Ok(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> String {
        crate::text::fill(
            "invalid JSON at offset {}: {}",
            &[&crate::text::int(self.pos as u64), what],
        )
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        match self.bytes.get(self.pos) {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.error("expected a value")),
            None => Err(self.error("unexpected end of input")),
        }
    }

    fn literal(&mut self, word: &str, value: Value) -> Result<Value, String> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.error("expected a value"))
        }
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.pos;
        if self.bytes.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        let digits = |r: &mut Self| {
            let s = r.pos;
            while let Some(b'0'..=b'9') = r.bytes.get(r.pos) {
                r.pos += 1;
            }
            r.pos - s
        };
        let int_start = self.pos;
        let int_len = digits(self);
        if int_len == 0 || (int_len > 1 && self.bytes[int_start] == b'0') {
            return Err(self.error("invalid number"));
        }
        if self.bytes.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.error("invalid number"));
            }
        }
        if let Some(b'e' | b'E') = self.bytes.get(self.pos) {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.bytes.get(self.pos) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(self.error("invalid number"));
            }
        }
        // The grammar was checked above; the platform's parser does the rounding.
        Ok(Value::Number(prefab::expr::string_to_number(
            &self.text[start..self.pos],
        )))
    }

    fn string(&mut self) -> Result<Arc<str>, String> {
        self.pos += 1; // opening quote
        let start = self.pos;
        // Fast path: no escapes.
        while let Some(&b) = self.bytes.get(self.pos) {
            match b {
                b'"' => {
                    let s = &self.text[start..self.pos];
                    self.pos += 1;
                    return Ok(Arc::from(s));
                }
                b'\\' => break,
                0..=0x1f => return Err(self.error("control character in a string")),
                _ => self.pos += 1,
            }
        }
        let mut out = String::from(&self.text[start..self.pos]);
        loop {
            let Some(&b) = self.bytes.get(self.pos) else {
                return Err(self.error("unterminated string"));
            };
            match b {
                b'"' => {
                    self.pos += 1;
                    return Ok(Arc::from(out));
                }
                b'\\' => {
                    self.pos += 1;
                    let Some(&e) = self.bytes.get(self.pos) else {
                        return Err(self.error("unterminated string"));
                    };
                    self.pos += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => out.push(self.unicode_escape()?),
                        _ => return Err(self.error("invalid escape")),
                    }
                }
                0..=0x1f => return Err(self.error("control character in a string")),
                _ => {
                    // Copy one UTF-8 sequence (the input is a valid &str).
                    let len = utf8_len(b);
                    out.push_str(&self.text[self.pos..self.pos + len]);
                    self.pos += len;
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .text
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| self.error("short \\u escape"))?;
        let n = u32::from_str_radix(digits, 16).map_err(|_| self.error("invalid \\u escape"))?;
        self.pos += 4;
        Ok(n)
    }

    fn unicode_escape(&mut self) -> Result<char, String> {
        let first = self.hex4()?;
        if (0xD800..0xDC00).contains(&first) && self.bytes[self.pos..].starts_with(b"\\u") {
            let save = self.pos;
            self.pos += 2;
            let second = self.hex4()?;
            if (0xDC00..0xE000).contains(&second) {
                let c = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                return Ok(char::from_u32(c).unwrap_or('\u{FFFD}'));
            }
            self.pos = save;
        }
        // A lone surrogate cannot be held in a Rust string.
        Ok(char::from_u32(first).unwrap_or('\u{FFFD}'))
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b']') {
            self.pos += 1;
            return Ok(Value::Array(Arc::new(items)));
        }
        loop {
            self.skip_ws();
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Array(Arc::new(items)));
                }
                _ => return Err(self.error("expected ',' or ']'")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.pos += 1;
        let mut map = Map::new();
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b'}') {
            self.pos += 1;
            return Ok(Value::from(map));
        }
        loop {
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b'"') {
                return Err(self.error("expected a string key"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b':') {
                return Err(self.error("expected ':'"));
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value(depth + 1)?;
            map.insert(key, value);
            self.skip_ws();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::from(map));
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::parse;
    use prefab::expr::Value;

    #[test]
    fn reads_every_json_shape() {
        let v = parse(" {\"s\":\"a\\\"b\\\\c\\/\\n\\u0041\\ud83d\\ude00\",\"n\":[0,-0.5,1e3,12],\"o\":{},\"e\":[]} ").unwrap();
        assert_eq!(
            v,
            Value::object([
                ("s", Value::from("a\"b\\c/\nA😀")),
                (
                    "n",
                    Value::array([0.into(), (-0.5).into(), 1000.into(), 12.into()])
                ),
                ("o", Value::object::<&str>([])),
                ("e", Value::array([])),
            ])
        );
    }

    #[test]
    fn keeps_key_order_and_non_ascii_text() {
        let v = parse(r#"{"z": "é ü 漢", "a": 1}"#).unwrap();
        let Value::Object(map) = v else {
            panic!("object")
        };
        assert_eq!(map.keys().collect::<Vec<_>>(), ["z", "a"]);
        assert_eq!(map.get("z"), Some(&Value::from("é ü 漢")));
    }

    #[test]
    fn rejects_invalid_json_with_an_offset() {
        for (text, offset) in [
            ("", 0),
            ("[1,]", 3),
            ("{\"a\" 1}", 5),
            ("01", 2),
            ("\"a", 2),
            ("[1] x", 4),
            ("tru", 0),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(&format!("offset {offset}")), "{text:?}: {e}");
        }
    }
}
