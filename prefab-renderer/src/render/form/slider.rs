//! `Slider`: a track, a filled range and one thumb (two with `range`, value `[lo, hi]`).
//! Thumbs have `role=slider` with `aria-valuenow/min/max`; arrow keys step, PageUp/Down
//! step ×10, Home/End jump; a pointer on the track moves the nearest thumb.
use super::bound::{self, Bound};
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Event, HtmlElement, Node};
use crate::node::prop;
use crate::render::base;
use prefab::expr::{Value, number_to_string};
use std::rc::Rc;

struct Spec {
    min: f64,
    max: f64,
    step: f64,
    range: bool,
    vertical: bool,
}

impl Spec {
    fn snap(&self, v: f64) -> f64 {
        let v = ((v - self.min) / self.step).round() * self.step + self.min;
        within(v, self.min, self.max)
    }

    fn percent(&self, v: f64) -> f64 {
        let span = self.max - self.min;
        if span > 0.0 {
            within((v - self.min) / span * 100.0, 0.0, 100.0)
        } else {
            0.0
        }
    }

    /// The state value as `[lo, hi]` (one-thumb sliders use `lo` only).
    fn values(&self, v: &Value) -> [f64; 2] {
        let mut out = [self.min, self.max];
        match v {
            Value::Array(items) => {
                for (slot, item) in out.iter_mut().zip(items.iter()) {
                    *slot = self.snap(item.to_number());
                }
            }
            Value::Number(n) => out[0] = self.snap(*n),
            _ if self.range => {}
            _ => out[0] = self.min,
        }
        out
    }

    fn to_value(&self, v: [f64; 2]) -> Value {
        if self.range {
            Value::array([Value::from(v[0]), Value::from(v[1])])
        } else {
            Value::from(v[0])
        }
    }
}

/// `v` limited to `lo..=hi` (`lo` wins when `hi < lo`). Not `f64::clamp`: its assertion
/// message would link core's float formatting into the wasm (~9 KB gzip).
#[allow(clippy::manual_clamp)]
fn within(v: f64, lo: f64, hi: f64) -> f64 {
    v.min(hi).max(lo)
}

fn num(node: &Value, key: &str, fallback: f64) -> f64 {
    match prop(node, key) {
        Value::Number(n) => *n,
        Value::String(s) if !s.is_empty() => Value::String(s.clone()).to_number(),
        _ => fallback,
    }
}

/// `Slider`: `value`, `min`, `max`, `step`, `range`, `orientation`, `variant`, `size`,
/// `disabled`, `indicatorClass`, `handleStyle`, `onChange` (`$event` = number or `[lo, hi]`).
pub fn slider(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let min = num(node, "min", 0.0);
    let step = num(node, "step", 1.0);
    let spec = Rc::new(Spec {
        min,
        max: num(node, "max", 100.0),
        step: if step > 0.0 { step } else { 1.0 },
        range: prop(node, "range").truthy(),
        vertical: prop(node, "orientation").as_str() == Some("vertical"),
    });
    let state = Bound::new(cx, node, "slider", prop(node, "value").clone());
    let variant = prop(node, "variant").as_str().unwrap_or("default");
    let size = prop(node, "size").as_str().unwrap_or("default");
    let el = dom::element("div");
    base(
        cx,
        &el,
        node,
        &crate::text::fill(
            "pf-slider pf-slider-variant-{} pf-slider-size-{}",
            &[variant, size],
        ),
    );
    let disabled = prop(node, "disabled").truthy();
    dom::toggle_attr(&el, "data-disabled", disabled);
    dom::set_attr(
        &el,
        "data-orientation",
        if spec.vertical {
            "vertical"
        } else {
            "horizontal"
        },
    );
    let track = dom::element_with_class("div", "pf-slider-track");
    let fill = dom::element("div");
    crate::render::widget::class_list(cx, &fill, "pf-slider-range", prop(node, "indicatorClass"));
    dom::append(&track, &fill);
    dom::append(&el, &track);
    let thumbs = thumbs(cx, node, &spec, &el, variant, disabled);
    let (view_spec, view_thumbs) = (spec.clone(), thumbs.clone());
    state.watch(Box::new(move |v| show(&view_spec, &view_thumbs, &fill, v)));
    if !disabled {
        listen(cx, &el, spec, state, thumbs);
    }
    Ok(el.into())
}

/// The thumbs (`role=slider`; two for a `range`), appended to `el`.
fn thumbs(
    cx: &Cx,
    node: &Value,
    spec: &Spec,
    el: &Element,
    variant: &str,
    disabled: bool,
) -> Vec<Element> {
    let bar = prop(node, "handleStyle").as_str() == Some("bar");
    let mut thumbs = Vec::new();
    // Names when the document gives none (`ariaLabel` replaces them): a range's two thumbs
    // say which end they hold.
    let names: &[&str] = if spec.range {
        &["Minimum", "Maximum"]
    } else {
        &["Value"]
    };
    for name in names {
        let thumb = dom::element("span");
        let own = crate::text::fill(
            "pf-slider-thumb pf-slider-thumb-variant-{}{}",
            &[variant, if bar { " pf-slider-thumb-bar" } else { "" }],
        );
        crate::render::widget::class_list(cx, &thumb, &own, prop(node, "handleClass"));
        dom::set_attr(&thumb, "role", "slider");
        dom::set_attr(&thumb, "tabindex", if disabled { "-1" } else { "0" });
        for (attr, v) in [("aria-valuemin", spec.min), ("aria-valuemax", spec.max)] {
            dom::set_attr(&thumb, attr, &number_to_string(v));
        }
        if spec.vertical {
            dom::set_attr(&thumb, "aria-orientation", "vertical");
        }
        if disabled {
            dom::set_attr(&thumb, "aria-disabled", "true");
        }
        dom::set_attr(&thumb, "aria-label", name);
        bound::attrs(cx, &thumb, node, &[("ariaLabel", "aria-label")]);
        dom::append(el, &thumb);
        thumbs.push(thumb);
    }
    thumbs
}

/// State → thumb positions, `aria-valuenow` and the filled range.
fn show(spec: &Spec, thumbs: &[Element], fill: &Element, v: &Value) {
    let values = spec.values(v);
    let side = if spec.vertical { "bottom" } else { "left" };
    let extent = if spec.vertical { "height" } else { "width" };
    for (thumb, value) in thumbs.iter().zip(values) {
        dom::set_attr(thumb, "aria-valuenow", &number_to_string(value));
        set_style(thumb, side, spec.percent(value));
    }
    let (lo, hi) = if spec.range {
        (spec.percent(values[0]), spec.percent(values[1]))
    } else {
        (0.0, spec.percent(values[0]))
    };
    set_style(fill, side, lo);
    set_style(fill, extent, hi - lo);
}

/// Keys on a thumb, and the pointer: press on the slider, drag while the button is held.
fn listen(cx: &Cx, el: &Element, spec: Rc<Spec>, state: Bound, thumbs: Vec<Element>) {
    let (key_spec, key_state, key_thumbs) = (spec.clone(), state.clone(), thumbs.clone());
    crate::dom::listen_many(
        &cx.owner,
        el,
        &["keydown"],
        Box::new(move |event| on_key(&key_spec, &key_state, &key_thumbs, &event)),
    );
    let root = el.clone();
    crate::dom::listen_many(
        &cx.owner,
        el,
        &["pointerdown", "pointermove"],
        Box::new(move |event| on_pointer(&root, &spec, &state, &thumbs, &event)),
    );
}

/// Arrow keys step, PageUp/Down step ×10, Home/End jump.
fn on_key(spec: &Spec, state: &Bound, thumbs: &[Element], event: &Event) {
    let Some(thumb) = bound::target(event, "[role=slider]") else {
        return;
    };
    let which = thumbs.iter().position(|t| *t == thumb).unwrap_or(0);
    let mut values = spec.values(&state.peek());
    let now = values.get(which).copied().unwrap_or(spec.min);
    let s = spec.step;
    let next = match bound::key(event).as_str() {
        "ArrowRight" | "ArrowUp" => now + s,
        "ArrowLeft" | "ArrowDown" => now - s,
        "PageUp" => now + s * 10.0,
        "PageDown" => now - s * 10.0,
        "Home" => spec.min,
        "End" => spec.max,
        _ => return,
    };
    event.prevent_default();
    if let Some(slot) = values.get_mut(which) {
        *slot = spec.snap(next);
    }
    commit(spec, state, values, which);
}

/// A pointer with a button held moves the nearest thumb to it (and focuses it on press).
fn on_pointer(root: &Element, spec: &Spec, state: &Bound, thumbs: &[Element], event: &Event) {
    let buttons = dom::event_number(event, "buttons").unwrap_or(0.0);
    if buttons < 1.0 {
        return;
    }
    let rect = root.get_bounding_client_rect();
    let coord = |k: &str| dom::event_number(event, k).unwrap_or(0.0);
    let fraction = if spec.vertical {
        (rect.bottom() - coord("clientY")) / rect.height().max(1.0)
    } else {
        (coord("clientX") - rect.left()) / rect.width().max(1.0)
    };
    let at = spec.snap(spec.min + fraction * (spec.max - spec.min));
    let mut values = spec.values(&state.peek());
    let which = usize::from(spec.range && (at - values[0]).abs() > (at - values[1]).abs());
    if values[which] == at {
        return;
    }
    values[which] = at;
    commit(spec, state, values, which);
    if event.type_() == "pointerdown" {
        event.prevent_default();
        if let Some(thumb) = thumbs.get(which).and_then(|t| t.dyn_ref::<HtmlElement>()) {
            dom::report(thumb.focus());
        }
    }
}

/// Keeps `lo ≤ hi` (the moved thumb stops at the other) and writes the state.
fn commit(spec: &Spec, state: &Bound, mut values: [f64; 2], which: usize) {
    if spec.range && values[0] > values[1] {
        values[which] = values[1 - which];
    }
    if state.peek() != spec.to_value(values) {
        state.set(spec.to_value(values));
    }
}

fn set_style(el: &Element, property: &str, percent: f64) {
    if let Some(html) = el.dyn_ref::<HtmlElement>() {
        let mut value = number_to_string((percent * 100.0).round() / 100.0);
        value.push('%');
        dom::report(html.style().set_property(property, &value));
    }
}
