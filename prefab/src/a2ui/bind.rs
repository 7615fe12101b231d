//! `{{ }}` templates ↔ A2UI dynamic values: state paths ↔ JSON Pointers, interpolation ↔
//! `formatString`, and the format functions ↔ pipes.

use serde_json::{Map, Value, json};

/// Is `s` a name segment prefab paths and JSON Pointers both carry unchanged?
fn plain_segment(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => s.bytes().all(|b| b.is_ascii_digit()),
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {
            chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        }
        _ => false,
    }
}

/// `a.b.0` → `/a/b/0` (absolute) or `b/0` (relative, after `$item.`); `None` when the
/// expression is not a plain path.
pub(crate) fn pointer(expr: &str, in_template: bool) -> Option<String> {
    let expr = expr.trim();
    let (relative, rest) = match expr.strip_prefix("$item.") {
        Some(rest) if in_template => (true, rest),
        Some(_) => return None,
        None => (false, expr),
    };
    let segments: Vec<&str> = rest.split('.').collect();
    if !segments.iter().all(|s| plain_segment(s)) {
        return None;
    }
    let joined = segments.join("/");
    Some(if relative {
        joined
    } else {
        format!("/{joined}")
    })
}

/// `/a/b/0` → `a.b.0`; a relative `b` → `$item.b`; `None` when a segment is not plain.
pub(crate) fn dotted(pointer: &str) -> Option<String> {
    let (prefix, rest) = match pointer.strip_prefix('/') {
        Some(rest) => ("", rest),
        None => ("$item.", pointer),
    };
    let segments: Vec<&str> = rest.split('/').collect();
    if rest.is_empty() || !segments.iter().all(|s| plain_segment(s)) {
        return None;
    }
    Some(format!("{prefix}{}", segments.join(".")))
}

/// A template split into literal text and `{{ }}` expressions.
enum Piece<'a> {
    Text(&'a str),
    Expr(&'a str),
}

fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start + 2..].find("}}") else {
            break;
        };
        if start > 0 {
            out.push(Piece::Text(&rest[..start]));
        }
        out.push(Piece::Expr(&rest[start + 2..start + 2 + len]));
        rest = &rest[start + 4 + len..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

/// A string prop → an A2UI dynamic string: a literal, `{"path"}` for a sole path,
/// `formatString` for text with paths, a format function for `path | currency` /
/// `path | number`. `Err` when an expression is richer than that.
pub(crate) fn dynamic(template: &str, in_template: bool) -> Result<Value, ()> {
    let pieces = pieces(template);
    if !pieces.iter().any(|p| matches!(p, Piece::Expr(_))) {
        return Ok(Value::String(template.to_owned()));
    }
    if let [Piece::Expr(expr)] = pieces.as_slice() {
        if let Some(path) = pointer(expr, in_template) {
            return Ok(json!({ "path": path }));
        }
        return piped(expr, in_template).ok_or(());
    }
    let mut value = String::new();
    for piece in &pieces {
        match piece {
            Piece::Text(text) => value.push_str(&text.replace("${", "\\${")),
            Piece::Expr(expr) => {
                let inner = match pointer(expr, in_template) {
                    Some(path) => path,
                    None => inline(&piped(expr, in_template).ok_or(())?).ok_or(())?,
                };
                value.push_str(&format!("${{{inner}}}"));
            }
        }
    }
    Ok(json!({"call": "formatString", "args": {"value": value}, "returnType": "string"}))
}

/// `(pipe, A2UI function, argument name)`: pipes with a format function of their own.
const PIPES: &[(&str, &str, &str)] = &[
    ("currency", "formatCurrency", "currency"),
    ("number", "formatNumber", "decimals"),
];

/// `path | currency:EUR` → `formatCurrency`, `path | number:2` → `formatNumber`, the date
/// pipes → `formatDate` with the pattern they print with.
fn piped(expr: &str, in_template: bool) -> Option<Value> {
    let (path, pipe) = expr.split_once('|')?;
    let path = pointer(path, in_template)?;
    let (name, arg) = match pipe.trim().split_once(':') {
        Some((name, arg)) => (name.trim(), Some(arg.trim())),
        None => (pipe.trim(), None),
    };
    let unquoted = arg.map(|a| {
        a.strip_prefix('\'')
            .and_then(|a| a.strip_suffix('\''))
            .unwrap_or(a)
    });
    if let Some(format) = crate::expr::date_pattern(name, unquoted) {
        let args = json!({"value": {"path": path}, "format": format});
        return Some(json!({"call": "formatDate", "args": args, "returnType": "string"}));
    }
    let (_, call, key) = PIPES.iter().find(|(pipe, ..)| *pipe == name)?;
    let mut args = Map::new();
    args.insert("value".into(), json!({ "path": path }));
    match (*call, arg) {
        ("formatCurrency", arg) => {
            args.insert((*key).into(), json!(arg.unwrap_or("USD")));
        }
        (_, Some(arg)) => {
            args.insert((*key).into(), json!(arg.parse::<u32>().ok()?));
        }
        _ => {}
    }
    Some(json!({"call": call, "args": args, "returnType": "string"}))
}

/// A format call as `formatString` writes it inline (`formatDate(value: ${/at}, format:
/// 'EEEE')`); `None` for an argument it cannot carry (a string with a quote).
fn inline(call: &Value) -> Option<String> {
    let mut out = format!("{}(", call["call"].as_str()?);
    for (i, (key, arg)) in call["args"].as_object()?.iter().enumerate() {
        let arg = match arg {
            Value::Object(path) => format!("${{{}}}", path.get("path")?.as_str()?),
            Value::String(s) if !s.contains('\'') => format!("'{s}'"),
            Value::Number(n) => n.to_string(),
            _ => return None,
        };
        let sep = if i == 0 { "" } else { ", " };
        out.push_str(&format!("{sep}{key}: {arg}"));
    }
    out.push(')');
    Some(out)
}

/// A value read back, with a note when part of it was lost.
pub(crate) type Read = (Value, Option<String>);

/// An A2UI dynamic value → a prefab prop value (literal or `{{ }}` template), with a note
/// naming what could not be read back (a function without a pipe, a path with odd segments).
pub(crate) fn template(value: &Value) -> Result<Read, String> {
    let Some(object) = value.as_object() else {
        return Ok((value.clone(), None));
    };
    if let Some(path) = object.get("path").and_then(Value::as_str) {
        return dotted(path)
            .map(|p| (Value::String(format!("{{{{ {p} }}}}")), None))
            .ok_or_else(|| format!("path {path}"));
    }
    let call = object
        .get("call")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let args = object.get("args").cloned().unwrap_or_default();
    call_template(call, &args).map(|(text, note)| (Value::String(text), note))
}

/// A function call → a template string (and a note when it is approximate): the format
/// functions through [`crate::expr::call_template`], `formatString` and `formatDate` here.
fn call_template(call: &str, args: &Value) -> Result<(String, Option<String>), String> {
    let text = |key: &str| args.get(key).and_then(Value::as_str);
    match call {
        "formatString" => {
            let template = text("value").ok_or_else(|| "formatString value".to_owned())?;
            Ok(interpolation(template))
        }
        "formatDate" => {
            let value = match args.get("value") {
                Some(Value::Number(n)) => Some(n.to_string()),
                v => v.and_then(|v| v.get("path")?.as_str()).and_then(dotted),
            };
            let value = value.ok_or_else(|| "formatDate value".to_owned())?;
            Ok((
                crate::expr::date_template(&value, text("format").unwrap_or_default()),
                None,
            ))
        }
        _ => {
            let template = crate::expr::call_template(call, &args.into(), &dotted)
                .ok_or_else(|| format!("function {call} with these arguments"))?;
            // prefab's pipe adds an `s` to the word for every count but 1.
            let note = match (call, text("one"), text("other")) {
                ("pluralize", Some(one), Some(other)) if other != format!("{one}s") => Some(
                    format!("pluralize other {other:?} shown as {one:?} + \"s\""),
                ),
                _ => None,
            };
            Ok((template, note))
        }
    }
}

/// A `formatString` value (`Hi ${/name}`) → a template (`Hi {{ name }}`); a function call
/// inside (`${formatNumber(value: ${/n})}`) becomes its pipe; other expressions are dropped
/// and named in the note.
fn interpolation(value: &str) -> (String, Option<String>) {
    let mut out = String::new();
    let mut dropped = Vec::new();
    let mut notes = Vec::new();
    let mut rest = value;
    while let Some(start) = rest.find("${") {
        if rest[..start].ends_with('\\') {
            out.push_str(&rest[..start - 1]);
            out.push_str("${");
            rest = &rest[start + 2..];
            continue;
        }
        out.push_str(&rest[..start]);
        let inner_start = start + 2;
        let mut depth = 1;
        let mut end = rest.len();
        for (i, c) in rest[inner_start..].char_indices() {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            if depth == 0 {
                end = inner_start + i;
                break;
            }
        }
        let inner = &rest[inner_start..end];
        match dotted(inner) {
            Some(path) => out.push_str(&format!("{{{{ {path} }}}}")),
            None => match inline_call(inner) {
                Some(Ok((text, note))) => {
                    out.push_str(&text);
                    notes.extend(note);
                }
                _ => dropped.push(format!("${{{inner}}}")),
            },
        }
        rest = rest.get(end + 1..).unwrap_or_default();
    }
    out.push_str(rest);
    if !dropped.is_empty() {
        notes.push(format!(
            "formatString expression {} dropped",
            dropped.join(", ")
        ));
    }
    (out, (!notes.is_empty()).then(|| notes.join("; ")))
}

/// A function call written inside a `formatString` (`formatNumber(value: ${/n})`,
/// `pluralize(value: ${/n}, one: 'item', other: 'items')`) → the template of the same call
/// given as a value; `None` when `inner` is not a call whose arguments are paths and literals.
fn inline_call(inner: &str) -> Option<Result<(String, Option<String>), String>> {
    let (name, rest) = inner.trim().split_once('(')?;
    let body = rest.strip_suffix(')')?;
    if !plain_segment(name.trim()) {
        return None;
    }
    let mut args = Map::new();
    for arg in split_args(body) {
        let (key, value) = arg.split_once(':')?;
        args.insert(key.trim().to_owned(), inline_value(value.trim())?);
    }
    Some(call_template(name.trim(), &Value::Object(args)))
}

/// Splits call arguments at the commas outside quotes and `${ }`.
fn split_args(body: &str) -> Vec<&str> {
    let (mut out, mut start, mut depth, mut quote) = (Vec::new(), 0, 0_i32, None);
    for (i, c) in body.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '{') => depth += 1,
            (None, '}') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&body[start..]);
    out.into_iter().filter(|a| !a.trim().is_empty()).collect()
}

/// An argument of an inline call: `${/path}` → `{"path": …}`, a quoted string, a number or a
/// boolean.
fn inline_value(text: &str) -> Option<Value> {
    if let Some(path) = text.strip_prefix("${").and_then(|t| t.strip_suffix('}')) {
        return Some(json!({ "path": path.trim() }));
    }
    for q in ['\'', '"'] {
        if let Some(s) = text.strip_prefix(q).and_then(|t| t.strip_suffix(q)) {
            return Some(Value::String(s.to_owned()));
        }
    }
    serde_json::from_str::<Value>(text)
        .ok()
        .filter(|v| v.is_number() || v.is_boolean())
}
