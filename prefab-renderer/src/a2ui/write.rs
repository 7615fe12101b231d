//! Components → prefab nodes, written as JSON text: the row's type and props, the children.
use super::bind::{action, dotted, template};
use super::rows::{LAYOUT, LEVELS, ROWS};
use super::{key, pick, quote};
use crate::js::stringify;
use crate::node::prop;
use prefab::expr::{Map, REQUIRED_MESSAGE, Value, call_template};

/// Writes the prefab node of component `id` as JSON text; `false` (nothing written) for
/// unknown ids or components, or past 64 levels (cycles stop there).
fn node(all: &Map, id: &str, depth: u32, w: &mut String) -> bool {
    let Some(c) = all.get(id).filter(|_| depth < 64) else {
        return false;
    };
    let name = prop(c, "component").as_str().unwrap_or("");
    let fixed = |head: &str| {
        (head.split('@').skip(1)).all(|kv| {
            kv.split_once('=')
                .is_some_and(|(k, v)| stringify(prop(c, k)) == v)
        })
    };
    let Some((head, props)) = (ROWS.iter())
        .filter(|r| r.0 == name)
        .filter_map(|r| r.1.split_once('|'))
        .find(|(head, _)| fixed(head))
    else {
        return false;
    };
    let head = head.split('@').next().unwrap_or("");
    let kind = head.as_bytes().first().copied().unwrap_or(b'-');
    let head = head.get(1..).unwrap_or("");
    let (ty, variants) = head.split_once('~').unwrap_or((head, ""));
    let mut variant = prop(c, "variant").as_str().unwrap_or("");
    // A `Text` is Markdown: one starting with a heading mark (`## Title`) is that heading.
    let marks = if name == "Text" && (variant.is_empty() || variant == "body") {
        heading(c)
    } else {
        0
    };
    if marks > 0 {
        variant = LEVELS[marks];
    }
    let children = prop(c, "children");
    let ty = match children {
        Value::Array(_) if kind == b't' => "Column",
        _ => pick(variants, variant).unwrap_or(ty),
    };
    let generated = id
        .strip_prefix('c')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let own_id = (id != "root" && !generated).then(|| quote(id));
    // A control's label, shown value and check messages: a `Field` around it, the `Label`
    // (tied to it by id) before it, the value and the messages after it.
    let label = prop(c, "label");
    let labelled = props.split(',').any(|i| i == "label>^") && label.as_str() != Some("");
    let label = template(label).filter(|_| labelled && !label.is_nullish());
    let after = after(c, props);
    let wrapped = label.is_some() || !after.is_empty();
    if wrapped {
        w.push_str("{\"type\":\"Field\",\"children\":[");
    }
    if let Some(text) = &label {
        w.push_str("{\"type\":\"Label\",\"text\":");
        w.push_str(text);
        if let Some(id) = &own_id {
            key(w, "forId");
            w.push_str(id);
        }
        w.push_str("},");
    }
    w.push_str("{\"type\":\"");
    w.push_str(ty);
    w.push('"');
    if let Some(id) = &own_id {
        key(w, "id");
        w.push_str(id);
    }
    for item in props
        .split(',')
        .filter(|i| !matches!(*i, "" | "label>^" | "#"))
    {
        match item.strip_prefix('+').and_then(|i| i.split_once('=')) {
            Some((k, v)) => {
                key(w, k);
                w.push_str(&quote(v));
            }
            None => read_prop(c, item, marks, w),
        }
    }
    let label = prop(prop(c, "accessibility"), "label");
    if let Some(label) = template(label).filter(|_| !label.is_nullish()) {
        key(w, "ariaLabel");
        w.push_str(&label);
    }
    if body(all, c, (kind, ty), children, depth, w) {
        return true;
    }
    if kind != b'-' && kind != b'b' {
        layout(c, w);
    }
    w.push('}');
    if wrapped {
        w.push_str(&after);
        w.push_str("]}");
    }
    true
}

/// What follows a control inside its `Field`, as `,{…}` items: the value A2UI draws beside
/// it (`{{ name }}` of its state, else the literal) and each check's message.
fn after(c: &Value, props: &str) -> String {
    let mut after = String::new();
    if props.ends_with(",#") {
        // The value A2UI draws beside the control: `{{ name }}` of its state, else literal.
        let v = prop(c, "value");
        let text = match v {
            Value::String(_) | Value::Number(_) => template(v),
            Value::Object(_) if prop(v, "path").as_str().is_some() => template(v),
            _ => None,
        };
        after.push_str(",{\"type\":\"Muted\",\"content\":");
        after.push_str(text.as_deref().unwrap_or("\"0\""));
        after.push('}');
    }
    if prefab::expr::has_str(props, "checks>") {
        after.push_str(&messages(prop(c, "checks")));
    }
    after
}

/// Writes a node's children (or what stands for them: a button's label and icon, a
/// template list's `key`) after its props; `true` when that closed the node itself.
fn body(
    all: &Map,
    c: &Value,
    (kind, ty): (u8, &str),
    children: &Value,
    depth: u32,
    w: &mut String,
) -> bool {
    let one = |key| std::slice::from_ref(prop(c, key));
    match (kind, children) {
        (b'-', _) => {}
        (b'b', _) => {
            // The label and icon: the first text and icon under the child.
            let mut child = String::from("{\"\":0");
            kids(all, &mut child, one("child"), depth);
            child.push('}');
            let mut found = Map::new();
            collect(&crate::json::parse(&child).unwrap_or_default(), &mut found);
            key(w, "label");
            w.push_str(&stringify(found.get("content").unwrap_or(&Value::from(""))));
            if let Some(icon) = found.get("name") {
                key(w, "icon");
                w.push_str(&stringify(icon));
            }
        }
        (b'o', _) => kids(all, w, one("child"), depth),
        (b'm', _) => {
            let ids = [prop(c, "trigger").clone(), prop(c, "content").clone()];
            kids(all, w, &ids, depth);
        }
        (b'a' | b'c', _) => items(c, kind, ty, all, depth, w),
        (_, Value::Array(ids)) => kids(all, w, ids, depth),
        (_, Value::Object(_)) => {
            let body = std::slice::from_ref(prop(children, "componentId"));
            match dotted(prop(children, "path").as_str().unwrap_or("")) {
                Some(path) if kind == b't' => {
                    key(w, "key");
                    w.push_str(&quote(&path));
                    kids(all, w, body, depth);
                    w.push('}');
                    return true;
                }
                Some(path) => {
                    key(w, "children");
                    w.push_str("[{\"type\":\"ForEach\",\"key\":");
                    w.push_str(&quote(&path));
                    kids(all, w, body, depth);
                    w.push_str("}]");
                }
                None => kids(all, w, &[], depth),
            }
        }
        _ => kids(all, w, &[], depth),
    }
    false
}

/// Each check with a message (other than the one prefab's `required` is written with) as
/// `,{Condition}`: the message in a `FieldError` while the check fails. A check with no
/// prefab expression shows nothing.
fn messages(checks: &Value) -> String {
    let mut w = String::new();
    let Value::Array(checks) = checks else {
        return w;
    };
    for check in checks.iter() {
        let condition = prop(check, "condition");
        let message = prop(check, "message").as_str().unwrap_or("");
        let call = prop(condition, "call").as_str().unwrap_or("");
        if message.is_empty() || (call == "required" && message == REQUIRED_MESSAGE) {
            continue;
        }
        if let Some(fails) = call_template(call, prop(condition, "args"), &dotted) {
            w.push_str(",{\"type\":\"Condition\",\"cases\":[{\"when\":");
            w.push_str(&quote(&fails));
            w.push_str(",\"children\":[{\"type\":\"FieldError\",\"content\":");
            w.push_str(&quote(message));
            w.push_str("}]}]}");
        }
    }
    w
}

/// The Markdown heading level (1–5) a `Text`'s words (a string or a `formatString`) start
/// with (`## Title` is 2); 0 for none.
fn heading(c: &Value) -> usize {
    let text = prop(c, "text");
    let words = match prop(text, "call").as_str() {
        Some("formatString") => prop(prop(text, "args"), "value"),
        _ => text,
    };
    let words = words.as_str().unwrap_or("").as_bytes();
    let marks = words.iter().take_while(|b| **b == b'#').count();
    if marks < LEVELS.len() && words.get(marks) == Some(&b' ') {
        marks
    } else {
        0
    }
}

/// `,"children":[…]`: the nodes of components `ids` (unknown ones left out).
pub fn kids(all: &Map, w: &mut String, ids: &[Value], depth: u32) {
    key(w, "children");
    w.push('[');
    let mut first = true;
    for id in ids {
        let at = w.len();
        if !first {
            w.push(',');
        }
        if node(all, id.as_str().unwrap_or(""), depth + 1, w) {
            first = false;
        } else {
            w.truncate(at);
        }
    }
    w.push(']');
}

/// `Tab`s of a `Tabs`, the `SelectOption`s (or, under a `RadioGroup`, `Radio`s) of a
/// `ChoicePicker`, as `,"children":[…]`.
fn items(c: &Value, kind: u8, parent: &str, all: &Map, depth: u32, w: &mut String) {
    let (list, ty, label, value) = match (kind, parent) {
        (b'a', _) => ("tabs", "Tab", "title", ""),
        (_, "RadioGroup") => ("options", "Radio", "label", "option"),
        _ => ("options", "SelectOption", "label", "value"),
    };
    key(w, "children");
    w.push('[');
    if let Value::Array(list) = prop(c, list) {
        for (i, item) in list.iter().enumerate() {
            if i > 0 {
                w.push(',');
            }
            w.push_str("{\"type\":\"");
            w.push_str(ty);
            w.push('"');
            let text = prop(item, label);
            if let Some(t) = template(text) {
                key(w, label);
                w.push_str(if text.is_nullish() { "\"\"" } else { &t });
            }
            if kind == b'a' {
                kids(all, w, std::slice::from_ref(prop(item, "child")), depth);
            } else {
                let v = prop(item, "value");
                key(w, value);
                w.push_str(&stringify(if v.is_nullish() { &Value::Null } else { v }));
            }
            w.push('}');
        }
    }
    w.push(']');
}

/// One prop of a row (see [`ROWS`]) from component `c`, written as `,"to":…`; a `Text`'s
/// heading `marks` (and their space) are left out of its words.
fn read_prop(c: &Value, item: &str, marks: usize, w: &mut String) {
    let (head, enums) = item.split_once(':').unwrap_or((item, ""));
    let (head, default) = head.split_once('=').unwrap_or((head, ""));
    let (from, to) = head.split_once('>').unwrap_or((head, head));
    let required = to.ends_with('!');
    let mut to = to.trim_end_matches('!');
    let v = prop(c, from);
    let read = match (from, v) {
        _ if v.is_nullish() || *v == crate::json::parse(default).unwrap_or_default() => None,
        ("checks", Value::Array(list)) => list
            .iter()
            .any(|check| prop(prop(check, "condition"), "call").as_str() == Some("required"))
            .then(|| "true".into()),
        ("checks", _) => None,
        ("action", _) => action(v),
        ("value", Value::Object(_)) => {
            to = "name";
            prop(v, "path").as_str().and_then(dotted).map(|n| quote(&n))
        }
        (_, Value::String(s)) if !enums.is_empty() => {
            pick(enums, s).or(required.then_some(&**s)).map(quote)
        }
        _ => template(v),
    };
    if let Some(text) = read.or_else(|| required.then(|| "\"\"".into())) {
        key(w, to);
        if marks > 0 {
            // `"## Title"`: JSON escapes neither the marks nor the space.
            w.push('"');
            w.push_str(text.get(marks + 2..).unwrap_or(""));
        } else {
            w.push_str(&text);
        }
    }
}

/// `align` / `justify` of a node with children → `items-*` / `justify-*` classes.
fn layout(c: &Value, w: &mut String) {
    let mut classes = String::new();
    for (key, class) in [("align", " items-"), ("justify", " justify-")] {
        if let Some(v) = prop(c, key).as_str().and_then(|v| pick(LAYOUT, v)) {
            classes.push_str(class);
            classes.push_str(v);
        }
    }
    if let Some(classes) = classes.get(1..) {
        key(w, "cssClass");
        w.push_str(&quote(classes));
    }
}

/// The first `content` and first `Icon` `name` in a prefab subtree (a button's label).
fn collect(node: &Value, found: &mut Map) {
    let key = if prop(node, "type").as_str() == Some("Icon") {
        "name"
    } else {
        "content"
    };
    let v = prop(node, key);
    if !v.is_nullish() && found.get(key).is_none() {
        found.insert(key, v.clone());
    }
    if let Value::Array(kids) = prop(node, "children") {
        kids.iter().for_each(|k| collect(k, found));
    }
}
