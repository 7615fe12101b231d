//! `Carousel`: the children as slides in a sliding track, `visible` at a time with `gap`
//! pixels between them, previous/next buttons (`showControls`), dots (`showDots`), Arrow
//! keys, `autoAdvance` (ms, paused while hovered when `pauseOnHover`), `loop`,
//! `slidesToScroll`, vertical for `direction` `up`/`down`, `effect: fade`, `dimInactive`.
//!
//! The geometry lives in the stylesheet: the root carries `--pf-visible` and `--pf-gap`, the
//! track `--pf-index`, so moving is one style property. ARIA: a `region` with
//! `aria-roledescription="carousel"`, slides are `group`s with
//! `aria-roledescription="slide"` and an "i of n" label.
use super::{Cx, base, prop};
use crate::dom;
use prefab::expr::{Value, number_to_string};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement, KeyboardEvent, Node};

/// `Carousel`.
pub fn carousel(cx: &Cx, node: &Value, path: &str) -> Result<Node, String> {
    let root = dom::element("div");
    base(cx, &root, node, "pf-carousel");
    dom::set_attr(&root, "role", "region");
    dom::set_attr(&root, "aria-roledescription", "carousel");
    dom::set_attr(&root, "tabindex", "0");
    let num = |key: &str, fallback: f64| match prop(node, key) {
        Value::Number(n) if *n >= 0.0 => *n,
        _ => fallback,
    };
    let flag = |key: &str, fallback: bool| match prop(node, key) {
        Value::Bool(b) => *b,
        _ => fallback,
    };
    let visible = num("visible", 1.0).max(1.0);
    let direction = prop(node, "direction").as_str().unwrap_or("left");
    let vertical = matches!(direction, "up" | "down");
    dom::set_attr(
        &root,
        "data-orientation",
        if vertical { "vertical" } else { "horizontal" },
    );
    dom::set_attr(
        &root,
        "data-effect",
        prop(node, "effect").as_str().unwrap_or("slide"),
    );
    dom::toggle_attr(&root, "data-dim", flag("dimInactive", false));
    if let Some(el) = root.dyn_ref::<HtmlElement>() {
        let style = el.style();
        let _ = style.set_property("--pf-visible", &number_to_string(visible));
        let _ = style.set_property("--pf-gap", &(number_to_string(num("gap", 16.0)) + "px"));
        if let Value::Number(h) = prop(node, "height") {
            let _ = style.set_property("--pf-height", &(number_to_string(*h) + "px"));
        }
    }
    let viewport = dom::element_with_class("div", "pf-carousel-viewport");
    let track = dom::element_with_class("div", "pf-carousel-track");
    dom::append(&viewport, &track);
    dom::append(&root, &viewport);
    let kids: &[Value] = match prop(node, "children") {
        Value::Array(items) => items,
        _ => &[],
    };
    let count = kids.len();
    let total = count.to_string();
    let mut slides = Vec::with_capacity(count);
    for (i, child) in kids.iter().enumerate() {
        let slide = dom::element_with_class("div", "pf-carousel-slide");
        dom::set_attr(&slide, "role", "group");
        dom::set_attr(&slide, "aria-roledescription", "slide");
        dom::set_attr(
            &slide,
            "aria-label",
            &((i + 1).to_string() + " of " + total.as_str()),
        );
        dom::append(
            &slide,
            &super::node(cx, child, &format!("{path}.children[{i}]")),
        );
        dom::append(&track, &slide);
        slides.push(slide);
    }
    let mut buttons: Vec<Element> = Vec::new();
    let mut button = |parent: &Element, class: &str, go: &str, label: &str, text: &str| {
        let b = dom::element_with_class("button", class);
        dom::set_attr(&b, "type", "button");
        dom::set_attr(&b, "data-go", go);
        dom::set_attr(&b, "aria-label", label);
        b.set_text_content(Some(text));
        dom::append(parent, &b);
        buttons.push(b);
    };
    if flag("showControls", true) {
        let at = prop(node, "controlsPosition").as_str().unwrap_or("outside");
        dom::set_attr(&root, "data-controls", at);
        button(
            &root,
            "pf-carousel-previous",
            "prev",
            "Previous slide",
            "\u{2039}",
        );
        button(&root, "pf-carousel-next", "next", "Next slide", "\u{203a}");
    }
    if flag("showDots", false) {
        let dots = dom::element_with_class("div", "pf-carousel-dots");
        for i in 0..count {
            let n = (i + 1).to_string();
            button(
                &dots,
                "pf-carousel-dot",
                &i.to_string(),
                &("Go to slide ".to_string() + n.as_str()),
                "",
            );
        }
        dom::append(&root, &dots);
    }
    let shown = (visible as usize).clamp(1, count.max(1));
    let last = count.saturating_sub(shown);
    let looping = flag("loop", true);
    let step = (num("slidesToScroll", 1.0) as usize).max(1);
    let index = Rc::new(Cell::new(0usize));
    let at = index.clone();
    let go = Rc::new(move |target: Option<usize>, forward: bool| {
        let i = at.get();
        let next = match target {
            Some(t) => t.min(last),
            None if forward && i >= last => {
                if looping {
                    0
                } else {
                    last
                }
            }
            None if forward => (i + step).min(last),
            None if i == 0 => {
                if looping {
                    last
                } else {
                    0
                }
            }
            None => i.saturating_sub(step),
        };
        at.set(next);
        if let Some(el) = track.dyn_ref::<HtmlElement>() {
            let _ = el.style().set_property("--pf-index", &next.to_string());
        }
        for (k, slide) in slides.iter().enumerate() {
            let on = k >= next && k < next + shown;
            dom::toggle_attr(slide, "data-active", on);
            dom::toggle_attr(slide, "inert", !on);
        }
        for b in &buttons {
            match b.get_attribute("data-go").as_deref() {
                Some("prev") => dom::toggle_attr(b, "disabled", !looping && next == 0),
                Some("next") => dom::toggle_attr(b, "disabled", !looping && next >= last),
                Some(k) => dom::set_attr(
                    b,
                    "aria-current",
                    if k.parse() == Ok(next) {
                        "true"
                    } else {
                        "false"
                    },
                ),
                None => {}
            }
        }
    });
    go(Some(0), true);
    let on_click = go.clone();
    dom::listen(&cx.owner, &root, "click", move |event| {
        let Some(target) = event
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest("[data-go]").ok().flatten())
            .and_then(|b| b.get_attribute("data-go"))
        else {
            return;
        };
        on_click(target.parse().ok(), target != "prev");
    });
    let on_key = go.clone();
    dom::listen(&cx.owner, &root, "keydown", move |event| {
        let key: &KeyboardEvent = event.unchecked_ref();
        let forward = match key.key().as_str() {
            "ArrowRight" | "ArrowDown" => true,
            "ArrowLeft" | "ArrowUp" => false,
            _ => return,
        };
        event.prevent_default();
        on_key(None, forward);
    });
    let every = num("autoAdvance", 0.0);
    if every > 0.0 && count > shown {
        let paused = Rc::new(Cell::new(false));
        if flag("pauseOnHover", true) {
            for (event, on) in [("mouseenter", true), ("mouseleave", false)] {
                let paused = paused.clone();
                dom::listen(&cx.owner, &root, event, move |_| paused.set(on));
            }
        }
        let forward = matches!(direction, "left" | "up");
        let tick = Closure::<dyn Fn()>::new(move || {
            if !paused.get() {
                go(None, forward);
            }
        });
        if let Some(win) = web_sys::window()
            && let Ok(id) = win.set_interval_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                every.min(3_600_000.0) as i32,
            )
        {
            cx.owner.keep(tick);
            cx.owner
                .on_cleanup(move || win.clear_interval_with_handle(id));
        }
    }
    Ok(root.into())
}
