//! A2UI surfaces in the viewer. A tool result's content item of MIME `application/a2ui+json`
//! (what `display_a2ui` returns) holds A2UI messages, v0.9 or the v1.0 batch form
//! (`{"messages": [...]}`); they are applied in order to one surface (components by id, the
//! data model) and the surface is read into a `$prefab` envelope as `prefab::a2ui` reads it.
//! Later results update the same surface: one with only data-model changes becomes a state
//! patch, so the view stays mounted.
//!
//! Size matters here (the renderer is inlined in every page): every component is one row of
//! [`ROWS`], read by one generic function; diagnostics are left to the native reader.
use crate::js::stringify;
use crate::node::prop;
use prefab::expr::{Map, Value, number_to_string};
use std::cell::RefCell;

/// The MIME type of an A2UI resource item.
pub const MIME: &str = "application/a2ui+json";

/// `(A2UI component, spec)`. A spec is the children kind (`-` none, `l` list, `t` list or
/// template, `o` one child, `b` a button's label, `a` tabs, `m` trigger and content, `c`
/// options), the prefab type, `~variant=Type;…` types by `variant`, then `|` and the props:
/// `from>to` (a dynamic value), `!` (`""` when absent), `=JSON` (dropped when equal), `:a=b;…`
/// (enum values; a bare `a` is `a=a`); `value=JSON` binds a state name; `checks` (→ `required`)
/// and `action` are read as such.
const ROWS: &[(&str, &str)] = &[
    (
        "Text",
        "-Text~h1=H1;h2=H2;h3=H3;h4=H4;h5=Large;caption=Muted;body=P|text>content!",
    ),
    ("Image", "-Image|url>src!,description>alt"),
    ("Icon", ICON),
    ("Video", "-Video|url>src!"),
    ("AudioPlayer", "-Audio|url>src!"),
    ("Divider", "-Separator|axis>orientation"),
    ("Row", "lRow|"),
    ("Column", "lColumn|"),
    ("List", "tForEach|"),
    ("Card", "oCard|"),
    (
        "Button",
        "bButton|variant>variant:primary=default;default=outline;borderless=ghost,action>onClick",
    ),
    (
        "TextField",
        "-Input~longText=Textarea|label>placeholder=\"\",variant>inputType:shortText=text;obscured=password;number,value=null,checks>required",
    ),
    (
        "CheckBox",
        "-Checkbox|label>label=\"\",value=false,checks>required",
    ),
    ("Slider", "-Slider|min>min=0,max>max=100,value=0"),
    ("ChoicePicker", "cSelect|label>placeholder,value=[]"),
    ("DateTimeInput", "-DatePicker|label>placeholder,value=\"\""),
    ("Tabs", "aTabs|"),
    ("Modal", "mDialog|"),
];

/// The `Icon` row: A2UI basic-catalog icon names → lucide names.
const ICON: &str = "-Icon|name>name!:accountCircle=circle-user;add=plus;arrowBack=arrow-left;\
arrowForward=arrow-right;attachFile=paperclip;calendarToday=calendar;call=phone;camera;check;\
close=x;delete=trash;download;edit;event=calendar-days;error=circle-alert;\
fastForward=fast-forward;favorite=heart;favoriteOff=heart-off;folder;help=circle-help;home;info;\
locationOn=map-pin;lock;lockOpen=lock-open;mail;menu;moreVert=more-vertical;\
moreHoriz=more-horizontal;notificationsOff=bell-off;notifications=bell;pause;\
payment=credit-card;person=user;phone=smartphone;photo=image;play;print=printer;\
refresh=refresh-cw;rewind;search;send;settings;share;shoppingCart=shopping-cart;\
skipNext=skip-forward;skipPrevious=skip-back;star;starHalf=star-half;starOff=star-off;\
stop=square;upload;visibility=eye;visibilityOff=eye-off;volumeDown=volume-1;volumeMute=volume;\
volumeOff=volume-x;volumeUp=volume-2;warning=triangle-alert";

/// `align` / `justify` values → the class suffix.
const LAYOUT: &str =
    "start;center;end;stretch;spaceBetween=between;spaceAround=around;spaceEvenly=evenly";

/// Format functions → pipes (`formatDate` picks `date`, `time` or `datetime` by its pattern).
const PIPES: &str = "formatCurrency=currency;formatNumber=number;formatDate=date";

/// The value of `key` in `list` (`k=v` or a bare `k`, separated by `;`).
fn pick<'a>(list: &'a str, key: &str) -> Option<&'a str> {
    list.split(';')
        .filter(|pair| !pair.is_empty())
        .map(|pair| pair.split_once('=').unwrap_or((pair, pair)))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

/// The shown surface: its id (`undefined` when there is none), components by id and data
/// model.
#[derive(Default)]
struct Surface {
    id: Value,
    components: Map,
    data: Value,
}

thread_local! {
    static SURFACE: RefCell<Surface> = RefCell::default();
}

/// The envelope, or the `update` state patch, for a tool result with A2UI content.
///
/// In the browser (the JSON text is written with `JSON.stringify`):
///
/// ```no_run
/// use prefab::expr::Value;
/// use prefab_renderer::{a2ui, json, node::prop};
/// let text = r#"{\"messages\": [{\"version\": \"v0.9\", \"createSurface\": {\"surfaceId\": \"s\"}}, {\"version\": \"v0.9\", \"updateComponents\": {\"surfaceId\": \"s\", \"components\": [{\"id\": \"root\", \"component\": \"Text\", \"text\": {\"path\": \"/hi\"}}]}}]}"#;
/// let result = json::parse(&[r#"{"content": [{"type": "resource", "resource": {"mimeType": "application/a2ui+json", "text": ""#, text, r#""}}]}"#].concat()).unwrap();
/// let envelope = a2ui::from_result(&result).unwrap();
/// let view = prop(&envelope, "view");
/// let Value::Array(children) = prop(view, "children") else { panic!("no children") };
/// assert_eq!(prop(&children[0], "content").as_str(), Some("{{ hi }}"));
/// ```
#[must_use]
pub fn from_result(result: &Value) -> Option<Value> {
    let Value::Array(items) = prop(result, "content") else {
        return None;
    };
    let mut first = true;
    let mut layout = false;
    let mut changed = Map::new();
    SURFACE.with(|s| {
        let s = &mut *s.borrow_mut();
        for item in items.iter() {
            let r = prop(item, "resource");
            if prop(r, "mimeType").as_str() != Some(MIME) {
                continue;
            }
            let payload = crate::json::parse(prop(r, "text").as_str().unwrap_or("")).ok()?;
            let Value::Array(list) = prop(&payload, "messages") else {
                continue;
            };
            for message in list.iter() {
                layout |= apply(s, message, first, &mut changed);
                first = false;
            }
        }
        if first {
            return None;
        }
        let mut w = String::new();
        if layout {
            w.push_str("{\"view\":{\"type\":\"Div\",\"cssClass\":\"pf-app-root\"");
            kids(&s.components, &mut w, &["root"], 0);
            w.push('}');
            if !s.data.is_nullish() {
                key(&mut w, "state");
                w.push_str(&stringify(&s.data));
            }
        } else {
            w.push_str("{\"update\":{\"state\":");
            w.push_str(&stringify(&Value::from(changed)));
            w.push('}');
        }
        w.push('}');
        crate::json::parse(&w).ok()
    })
}

/// Applies one message (`first` of its result: a `createSurface` there starts a new surface);
/// `true` when it changed components, else the data model's changed top-level keys go into
/// `changed`.
fn apply(s: &mut Surface, message: &Value, first: bool, changed: &mut Map) -> bool {
    let Some((kind, body)) = (match message {
        Value::Object(m) => m.iter().find(|(k, _)| *k != "version"),
        _ => None,
    }) else {
        return false;
    };
    let id = prop(body, "surfaceId");
    if kind == "createSurface" && (first || s.id.is_nullish() || s.id == *id) {
        *s = Surface {
            id: id.clone(),
            ..Surface::default()
        };
    }
    if s.id != *id {
        return false;
    }
    if kind == "deleteSurface" {
        *s = Surface::default();
    }
    if let Value::Array(list) = prop(body, "components") {
        for c in list.iter() {
            s.components
                .insert(prop(c, "id").as_str().unwrap_or(""), c.clone());
        }
    }
    let data = prop(body, "dataModel");
    if !data.is_nullish() {
        s.data = data.clone();
    }
    if kind != "updateDataModel" {
        return true;
    }
    let path = prop(body, "path").as_str().unwrap_or("");
    let tokens: Vec<&str> = path.split('/').filter(|t| !t.is_empty()).collect();
    let value = prop(body, "value");
    s.data = match value {
        _ if !tokens.is_empty() => put(&s.data, &tokens, value.clone()),
        Value::Object(_) => value.clone(),
        _ => Value::from(Map::new()),
    };
    if let Value::Object(map) = &s.data {
        for (k, v) in map
            .iter()
            .filter(|(k, _)| tokens.first().is_none_or(|t| t == k))
        {
            changed.insert(k, v.clone());
        }
    }
    false
}

/// `value` with `new` at JSON Pointer `tokens` (at least one): objects are created on the
/// way, an array index may be the length (append), other places are left unchanged.
fn put(value: &Value, tokens: &[&str], new: Value) -> Value {
    let Some((first, rest)) = tokens.split_first() else {
        return new;
    };
    if let Value::Array(items) = value {
        let mut items = (**items).clone();
        let at = first.parse::<usize>().unwrap_or(usize::MAX);
        if at < items.len() {
            items[at] = put(&items[at], rest, new);
        } else if at == items.len() {
            items.push(put(&Value::Undefined, rest, new));
        }
        return Value::from(items);
    }
    let mut map = match value {
        Value::Object(m) => (**m).clone(),
        _ => Map::new(),
    };
    map.insert(*first, put(prop(value, first), rest, new));
    Value::from(map)
}

/// `/a/b` → `a.b`, a relative `b` → `$item.b`; `None` unless every segment is a plain name.
fn dotted(pointer: &str) -> Option<String> {
    let (prefix, rest) = match pointer.strip_prefix('/') {
        Some(rest) => ("", rest),
        None => ("$item.", pointer),
    };
    let plain =
        |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    rest.split('/')
        .all(plain)
        .then(|| [prefix, &rest.replace('/', ".")].concat())
}

/// `"{{ expr }}"` as JSON text.
fn wrap(expr: &str) -> String {
    quote(&["{{ ", expr, " }}"].concat())
}

/// `s` as a JSON string.
fn quote(s: &str) -> String {
    stringify(&Value::from(s))
}

/// `,"k":` (every prop of a node written here follows its `type`).
fn key(w: &mut String, k: &str) {
    w.push_str(",\"");
    w.push_str(k);
    w.push_str("\":");
}

/// An A2UI dynamic value → a literal or a `{{ }}` template, as JSON text; `None` when it
/// has none.
fn template(v: &Value) -> Option<String> {
    if !matches!(v, Value::Object(_)) {
        return Some(stringify(v));
    }
    if let Some(path) = prop(v, "path").as_str() {
        return Some(wrap(&dotted(path)?));
    }
    let call = prop(v, "call").as_str().unwrap_or("");
    let args = prop(v, "args");
    let text = |key| prop(args, key).as_str();
    if call == "formatString" {
        return Some(quote(&interpolate(text("value")?)));
    }
    let mut pipe = pick(PIPES, call)?;
    let arg = prop(args, "value");
    let value = match arg {
        Value::Number(n) => number_to_string(*n),
        _ => dotted(prop(arg, "path").as_str()?)?,
    };
    let mut suffix = String::new();
    if let Some(format) = text("format") {
        let has = |cs: &[u8]| format.bytes().any(|c| cs.contains(&c));
        pipe = match (has(b"yMdE"), has(b"hHms")) {
            (false, true) => "time",
            (true, true) => "datetime",
            _ => pipe,
        };
    }
    if pipe == "currency" {
        suffix = [":", text("currency").unwrap_or("USD")].concat();
    }
    if let Value::Number(d) = prop(args, "decimals")
        && *d >= 0.0
        && d.fract() == 0.0
    {
        suffix = [":", &number_to_string(*d)].concat();
    }
    Some(wrap(&[&value, " | ", pipe, &suffix].concat()))
}

/// A `formatString` value (`Hi ${/name}`) → a template (`Hi {{ name }}`); expressions
/// other than paths are dropped; `\${` stays literal.
fn interpolate(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(start) = rest.find("${") {
        if rest[..start].ends_with('\\') {
            out.push_str(&rest[..start - 1]);
            out.push_str("${");
            rest = &rest[start + 2..];
            continue;
        }
        out.push_str(&rest[..start]);
        let mut depth = 0;
        let end = rest[start + 1..]
            .char_indices()
            .find(|&(_, c)| {
                depth += i32::from(c == '{') - i32::from(c == '}');
                depth == 0
            })
            .map_or(rest.len(), |(i, _)| start + 1 + i);
        if let Some(path) = dotted(&rest[start + 2..end]) {
            out.push_str(&["{{ ", &path, " }}"].concat());
        }
        rest = rest.get(end + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

/// An A2UI action → a prefab `toolCall` (server event) or `openLink` (`openUrl`), as JSON
/// text.
fn action(a: &Value) -> Option<String> {
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
        let mut args = String::new();
        for (k, v) in context.iter() {
            args.push(',');
            args.push_str(&quote(k));
            args.push(':');
            args.push_str(&template(v)?);
        }
        w.push_str(",\"arguments\":{");
        w.push_str(args.get(1..).unwrap_or(""));
        w.push('}');
    }
    w.push('}');
    Some(w)
}

/// Writes the prefab node of component `id` as JSON text; `false` (nothing written) for
/// unknown ids or components, or past 64 levels (cycles stop there).
fn node(all: &Map, id: &str, depth: u32, w: &mut String) -> bool {
    let Some(c) = all.get(id).filter(|_| depth < 64) else {
        return false;
    };
    let name = prop(c, "component").as_str().unwrap_or("");
    let Some((head, props)) = ROWS
        .iter()
        .find(|r| r.0 == name)
        .and_then(|r| r.1.split_once('|'))
    else {
        return false;
    };
    let kind = head.as_bytes().first().copied().unwrap_or(b'-');
    let head = head.get(1..).unwrap_or("");
    let (ty, variants) = head.split_once('~').unwrap_or((head, ""));
    let variant = prop(c, "variant").as_str().unwrap_or("");
    let children = prop(c, "children");
    let ty = match children {
        Value::Array(_) if kind == b't' => "Column",
        _ => pick(variants, variant).unwrap_or(ty),
    };
    w.push_str("{\"type\":\"");
    w.push_str(ty);
    w.push('"');
    let generated = id
        .strip_prefix('c')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if id != "root" && !generated {
        key(w, "id");
        w.push_str(&quote(id));
    }
    for item in props.split(',').filter(|i| !i.is_empty()) {
        read_prop(c, item, w);
    }
    let label = prop(prop(c, "accessibility"), "label");
    if let Some(label) = template(label).filter(|_| !label.is_nullish()) {
        key(w, "ariaLabel");
        w.push_str(&label);
    }
    let one = |key| prop(c, key).as_str().unwrap_or("");
    match (kind, children) {
        (b'-', _) => {}
        (b'b', _) => {
            let mut child = String::new();
            node(all, one("child"), depth + 1, &mut child);
            let mut found = Map::new();
            collect(&crate::json::parse(&child).unwrap_or_default(), &mut found);
            key(w, "label");
            w.push_str(&stringify(found.get("content").unwrap_or(&Value::from(""))));
            if let Some(icon) = found.get("name") {
                key(w, "icon");
                w.push_str(&stringify(icon));
            }
        }
        (b'o', _) => kids(all, w, &[one("child")], depth),
        (b'm', _) => kids(all, w, &[one("trigger"), one("content")], depth),
        (b'a' | b'c', _) => items(c, kind, all, depth, w),
        (_, Value::Array(ids)) => {
            let ids: Vec<&str> = ids.iter().map(|i| i.as_str().unwrap_or("")).collect();
            kids(all, w, &ids, depth);
        }
        (_, Value::Object(_)) => {
            let body = prop(children, "componentId").as_str().unwrap_or("");
            match dotted(prop(children, "path").as_str().unwrap_or("")) {
                Some(path) if kind == b't' => {
                    key(w, "key");
                    w.push_str(&quote(&path));
                    kids(all, w, &[body], depth);
                    w.push('}');
                    return true;
                }
                Some(path) => {
                    key(w, "children");
                    w.push_str("[{\"type\":\"ForEach\",\"key\":");
                    w.push_str(&quote(&path));
                    kids(all, w, &[body], depth);
                    w.push_str("}]");
                }
                None => kids(all, w, &[], depth),
            }
        }
        _ => kids(all, w, &[], depth),
    }
    if kind != b'-' && kind != b'b' {
        layout(c, w);
    }
    w.push('}');
    true
}

/// `,"children":[…]`: the nodes of components `ids` (unknown ones left out).
fn kids(all: &Map, w: &mut String, ids: &[&str], depth: u32) {
    key(w, "children");
    w.push('[');
    let mut first = true;
    for id in ids {
        let at = w.len();
        if !first {
            w.push(',');
        }
        if node(all, id, depth + 1, w) {
            first = false;
        } else {
            w.truncate(at);
        }
    }
    w.push(']');
}

/// `Tab`s of a `Tabs`, `SelectOption`s of a `ChoicePicker`, as `,"children":[…]`.
fn items(c: &Value, kind: u8, all: &Map, depth: u32, w: &mut String) {
    let (list, ty, label) = if kind == b'a' {
        ("tabs", "Tab", "title")
    } else {
        ("options", "SelectOption", "label")
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
                kids(all, w, &[prop(item, "child").as_str().unwrap_or("")], depth);
            } else {
                let v = prop(item, "value");
                key(w, "value");
                w.push_str(&stringify(if v.is_nullish() { &Value::Null } else { v }));
            }
            w.push('}');
        }
    }
    w.push(']');
}

/// One prop of a row (see [`ROWS`]) from component `c`, written as `,"to":…`.
fn read_prop(c: &Value, item: &str, w: &mut String) {
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
            pick(enums, s).map(|e| ["\"", e, "\""].concat())
        }
        _ => template(v),
    };
    if let Some(text) = read.or_else(|| required.then(|| "\"\"".into())) {
        key(w, to);
        w.push_str(&text);
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
