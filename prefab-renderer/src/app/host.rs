//! The host side of the app: `$host` from the host context, host styles, and the
//! bridge's event handler.
use super::{App, is_envelope};
use crate::actions::text_content;
use crate::bridge::{self, HostEvents, Reply, RpcError, rpc};
use crate::dom;
use crate::dom::JsCast;
use crate::js;
use crate::node::prop;
use crate::template;
use prefab::expr::{Map, Value};
use std::rc::Rc;

/// Host context keys exposed to expressions as `$host`.
const HOST_KEYS: [&str; 10] = [
    "theme",
    "displayMode",
    "availableDisplayModes",
    "containerDimensions",
    "locale",
    "timeZone",
    "safeAreaInsets",
    "platform",
    "deviceCapabilities",
    "userAgent",
];

fn apply_host_styles(context: &Value) {
    let Some(doc) = dom::document() else {
        return;
    };
    let Some(html) = doc
        .document_element()
        .and_then(|e| e.dyn_into::<crate::dom::HtmlElement>().ok())
    else {
        return;
    };
    let styles = prop(context, "styles");
    if let Value::Object(vars) = prop(styles, "variables") {
        for (name, value) in vars.iter() {
            if name.starts_with("--") {
                dom::report(html.style().set_property(name, &template::display(value)));
            }
        }
    }
    if let Some(fonts) = prop(prop(styles, "css"), "fonts").as_str() {
        let style = doc
            .get_element_by_id("__mcp-host-fonts")
            .unwrap_or_else(|| {
                let style = dom::element("style");
                dom::set_attr(&style, "id", "__mcp-host-fonts");
                if let Some(head) = doc.head() {
                    dom::append(&head, &style);
                }
                style
            });
        style.set_text_content(Some(fonts));
    }
    if let Value::Object(insets) = prop(context, "safeAreaInsets") {
        for side in ["top", "right", "bottom", "left"] {
            if let Some(v) = insets.get(side) {
                dom::report(html.style().set_property(
                    &crate::text::fill("--pf-safe-{}", &[side]),
                    &crate::text::fill("{}px", &[&prefab::expr::number_to_string(v.to_number())]),
                ));
            }
        }
    }
    if let Some(theme) = prop(context, "theme").as_str() {
        dom::report(html.style().set_property("color-scheme", theme));
    }
}

impl HostEvents for App {
    fn host_context(&self, context: &Value, replace: bool) {
        let mut host = if replace {
            Map::new()
        } else {
            match self.store.peek("$host") {
                Some(Value::Object(map)) => (*map).clone(),
                _ => Map::new(),
            }
        };
        for key in HOST_KEYS {
            let v = prop(context, key);
            if !v.is_nullish() {
                host.insert(key, v.clone());
            }
        }
        let locale = prop(context, "locale").as_str();
        if let Some(locale) = locale {
            set_language(locale);
        }
        template::set_locale(
            locale.map(str::to_string),
            prop(context, "timeZone").as_str(),
        );
        apply_host_styles(context);
        self.store.set("$host", Value::from(host));
        self.apply_theme();
    }

    fn notification(&self, method: &str, params: &Value) {
        match method {
            "ui/notifications/tool-result" => {
                let structured = prop(params, "structuredContent");
                if is_envelope(structured) || !prop(structured, "update").is_nullish() {
                    self.rendered_result.set(true);
                    self.mount(structured);
                } else if let Some(envelope) = crate::a2ui::from_result(params) {
                    self.rendered_result.set(true);
                    self.mount(&envelope);
                } else if prop(params, "isError").truthy() {
                    self.rendered_result.set(true);
                    let text = match prop(params, "content") {
                        Value::Array(items) => items
                            .iter()
                            .filter_map(|c| prop(c, "text").as_str())
                            .collect::<Vec<_>>()
                            .join("\n"),
                        _ => String::new(),
                    };
                    self.show_error("tool result", &text);
                } else {
                    crate::log::warn("tool result without a $prefab envelope: nothing to render");
                }
            }
            "ui/notifications/tool-input" => self.preview_tool_input(params, false),
            "ui/notifications/tool-input-partial" => self.preview_tool_input(params, true),
            "ui/notifications/tool-cancelled" if !self.rendered_result.get() => {
                let reason = prop(params, "reason").as_str().unwrap_or("no reason given");
                let note = dom::element_with_class("p", "pf-muted");
                note.set_text_content(Some(&crate::text::fill(
                    "The tool call was cancelled ({}).",
                    &[reason],
                )));
                dom::clear(&self.root);
                dom::append(&self.root, &note);
            }
            _ => {}
        }
    }

    fn teardown(&self) {
        self.clear_timers();
    }

    fn call_tool(&self, params: &Value, reply: Reply) {
        let name = prop(params, "name")
            .as_str()
            .unwrap_or_default()
            .to_string();
        let arguments = prop(params, "arguments").clone();
        if self.find_tool(&name).is_none() {
            reply.err(&RpcError::new(
                bridge::rpc::code::INVALID_PARAMS,
                crate::text::fill("unknown tool \"{}\"", &[&name]),
            ));
            return;
        }
        self.run_tool(
            &name,
            &arguments,
            Box::new(move |outcome| {
                let result = match outcome {
                    Ok(result) => rpc::object(&[
                        ("content", text_content(&js::stringify(&result))),
                        ("structuredContent", result),
                    ]),
                    Err(message) => rpc::object(&[
                        ("isError", true.into()),
                        ("content", text_content(&message)),
                    ]),
                };
                reply.ok(&result);
            }),
        );
    }

    fn list_tools(&self) -> Value {
        let mut tools = Vec::new();
        if let Value::Array(list) = &*self.tools.borrow() {
            for tool in list.iter() {
                let mut entries = vec![("name", prop(tool, "name").clone())];
                let description = prop(tool, "description");
                if !description.is_nullish() {
                    entries.push(("description", description.clone()));
                }
                let schema = prop(tool, "inputSchema");
                entries.push((
                    "inputSchema",
                    if schema.is_nullish() {
                        rpc::object(&[("type", "object".into())])
                    } else {
                        schema.clone()
                    },
                ));
                tools.push(rpc::object(&entries));
            }
        }
        rpc::object(&[("tools", Value::from(tools))])
    }
}

/// The bridge's handler: forwards to the current app.
///
/// ```no_run
/// let app = prefab_renderer::app::install(prefab_renderer::dom::element("div"));
/// let events = std::rc::Rc::new(prefab_renderer::app::Events(app));
/// prefab_renderer::bridge::connect(events, &prefab_renderer::bridge::rpc::empty()).unwrap();
/// ```
pub struct Events(pub Rc<App>);

impl HostEvents for Events {
    fn host_context(&self, context: &Value, replace: bool) {
        self.0.host_context(context, replace);
    }
    fn notification(&self, method: &str, params: &Value) {
        self.0.notification(method, params);
    }
    fn teardown(&self) {
        self.0.teardown();
    }
    fn call_tool(&self, params: &Value, reply: Reply) {
        self.0.call_tool(params, reply);
    }
    fn list_tools(&self) -> Value {
        self.0.list_tools()
    }
}

/// Languages written right to left (their ISO 639 codes; `iw` is Hebrew's old one).
const RIGHT_TO_LEFT: [&str; 11] = [
    "ar", "ckb", "dv", "fa", "he", "iw", "ps", "sd", "ug", "ur", "yi",
];

/// The page's `lang` and `dir` from the host's `locale` (a BCP 47 tag): screen readers speak
/// the view in its language, and rows, grids and text run right to left where it is written so.
fn set_language(locale: &str) {
    let Some(html) = crate::dom::document().and_then(|d| d.document_element()) else {
        return;
    };
    let language = locale.split(['-', '_']).next().unwrap_or_default();
    let rtl = RIGHT_TO_LEFT.contains(&language.to_ascii_lowercase().as_str());
    crate::dom::set_attr(&html, "lang", locale);
    crate::dom::set_attr(&html, "dir", if rtl { "rtl" } else { "ltr" });
}
