//! Dynamic values (paths, format functions, `formatString`) → `{{ }}` templates, and actions.
use super::quote;
use crate::js::stringify;
use crate::node::prop;
use prefab::expr::{Value, call_template, date_template, number_to_string};

/// `/a/b` → `a.b`, a relative `b` → `$item.b`; `None` unless every segment is a plain name.
pub fn dotted(pointer: &str) -> Option<String> {
    let (mut out, rest) = match pointer.strip_prefix('/') {
        Some(rest) => (String::new(), rest),
        None => (String::from("$item"), pointer),
    };
    for segment in rest.split('/') {
        if segment.is_empty()
            || !segment
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            return None;
        }
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(segment);
    }
    Some(out)
}

/// An A2UI dynamic value → a literal or a `{{ }}` template, as JSON text; `None` when it
/// has none.
pub fn template(v: &Value) -> Option<String> {
    match v {
        Value::Object(_) => expr(v).map(|t| quote(&t)),
        _ => Some(stringify(v)),
    }
}

/// A path or a function call → its template text (`{{ a.b }}`, `{{ n | number:2 }}`).
fn expr(v: &Value) -> Option<String> {
    if let Some(path) = prop(v, "path").as_str() {
        return Some(["{{ ", &dotted(path)?, " }}"].concat());
    }
    let args = prop(v, "args");
    let text = |key| prop(args, key).as_str();
    match prop(v, "call").as_str()? {
        "formatString" => Some(interpolate(text("value")?)),
        "formatDate" => {
            let value = match prop(args, "value") {
                Value::Number(n) => number_to_string(*n),
                arg => dotted(prop(arg, "path").as_str()?)?,
            };
            Some(date_template(&value, text("format").unwrap_or("")))
        }
        call => call_template(call, args, &dotted),
    }
}

/// A `formatString` value (`Hi ${/name}`) → a template (`Hi {{ name }}`); a function call
/// inside (`${formatNumber(value: ${/n})}`) becomes its pipe; other expressions are dropped;
/// `\${` stays literal.
fn interpolate(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(start) = prefab::expr::find_str(rest, "${") {
        out.push_str(&rest[..start]);
        if out.ends_with('\\') {
            out.pop();
            out.push_str("${");
            rest = &rest[start + 2..];
            continue;
        }
        // The `}` closing this `${` (nested `${ }` inside a call are skipped).
        let mut depth = 0;
        let end = (rest.bytes().skip(start + 1))
            .position(|b| {
                depth += i32::from(b == b'{') - i32::from(b == b'}');
                depth == 0
            })
            .map_or(rest.len(), |i| start + 1 + i);
        let inner = &rest[start + 2..end];
        let path = ["{\"path\":", &quote(inner), "}"].concat();
        let read = |json: &str| expr(&crate::json::parse(json).ok()?);
        if let Some(t) = read(&path).or_else(|| read(&call(inner)?)) {
            out.push_str(&t);
        }
        rest = rest.get(end + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

/// An inline call (`pluralize(value: ${/n}, one: 'item')`) as the JSON text of the call
/// value: arguments split at the commas outside quotes and `${ }`, `${/p}` a path, a quoted
/// string a string, anything else JSON (a number, a boolean).
fn call(inner: &str) -> Option<String> {
    let (name, body) = inner.trim().strip_suffix(')')?.split_once('(')?;
    let mut w = ["{\"call\":", &quote(name.trim()), ",\"args\":{\"\":0"].concat();
    let bytes = body.as_bytes();
    let (mut start, mut depth, mut quoted) = (0, 0, 0);
    for i in 0..=bytes.len() {
        match bytes.get(i).copied().unwrap_or(b',') {
            b if quoted != 0 => quoted = if b == quoted { 0 } else { quoted },
            b @ (b'\'' | b'"') => quoted = b,
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b',' if depth == 0 => {
                let (k, v) = body[start..i].split_once(':')?;
                let v = v.trim();
                let text = v.get(1..v.len().saturating_sub(1)).unwrap_or("");
                super::key(&mut w, k.trim());
                match v.as_bytes().first() {
                    Some(b'$') => {
                        let path = text.get(1..).unwrap_or("");
                        w.push_str(&["{\"path\":", &quote(path), "}"].concat());
                    }
                    Some(b'\'' | b'"') => w.push_str(&quote(text)),
                    _ => w.push_str(v),
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    w.push_str("}}");
    Some(w)
}

/// An A2UI action → a prefab `toolCall` (server event) or `openLink` (`openUrl`), as JSON
/// text.
pub fn action(a: &Value) -> Option<String> {
    let event = prop(a, "event");
    if event.is_nullish() {
        let call = prop(a, "functionCall");
        let url = prop(prop(call, "args"), "url");
        return (prop(call, "call").as_str() == Some("openUrl") && url.as_str().is_some())
            .then(|| ["{\"action\":\"openLink\",\"url\":", &stringify(url), "}"].concat());
    }
    let tool = prop(event, "name");
    if tool.as_str().is_none_or(str::is_empty) {
        return None;
    }
    let mut w = ["{\"action\":\"toolCall\",\"tool\":", &stringify(tool)].concat();
    if let Value::Object(context) = prop(event, "context")
        && !context.is_empty()
    {
        let mut sep = ",\"arguments\":{";
        for (k, v) in context.iter() {
            w.push_str(sep);
            w.push_str(&quote(k));
            w.push(':');
            w.push_str(&template(v)?);
            sep = ",";
        }
        w.push('}');
    }
    w.push('}');
    Some(w)
}
