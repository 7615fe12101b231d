//! `Carousel`: the children as slides in a sliding track, `visible` at a time with `gap`
//! pixels between them, previous/next buttons (`showControls`), dots (`showDots`), Arrow
//! keys, `autoAdvance` (ms, paused while hovered when `pauseOnHover`), `loop`,
//! `slidesToScroll`, vertical for `direction` `up`/`down`, `effect: fade`, `dimInactive`.
//!
//! The geometry lives in the stylesheet: the root carries `--pf-visible` and `--pf-gap`, the
//! track `--pf-index`, so moving is one style property. ARIA: a `region` with
//! `aria-roledescription="carousel"`, slides are `group`s with
//! `aria-roledescription="slide"` and an "i of n" label.
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::node::prop;
use crate::render::base;
use crate::render::widget::{child_list, child_path, flag, hit, number, on, set_style};
use prefab::expr::{Value, number_to_string};
use std::cell::Cell;
use std::rc::Rc;
// Casts of JavaScript values and of DOM nodes: one trait in the browser build, two natively.
use crate::dom::{Element, Event, KeyboardEvent, Node};
#[cfg_attr(target_arch = "wasm32", allow(unused_imports))]
use wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::*;

/// `Carousel`.
pub fn carousel(cx: &Cx, _ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    let root = dom::element("div");
    base(cx, &root, node, "pf-carousel");
    dom::set_attr(&root, "role", "region");
    dom::set_attr(&root, "aria-roledescription", "carousel");
    dom::set_attr(&root, "tabindex", "0");
    let visible = number(node, "visible", 1.0).max(1.0);
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
    dom::toggle_attr(&root, "data-dim", flag(node, "dimInactive", false));
    set_style(&root, "--pf-visible", &number_to_string(visible));
    set_style(
        &root,
        "--pf-gap",
        &(number_to_string(number(node, "gap", 16.0)) + "px"),
    );
    if let Value::Number(h) = prop(node, "height") {
        set_style(&root, "--pf-height", &(number_to_string(*h) + "px"));
    }
    let viewport = dom::element_with_class("div", "pf-carousel-viewport");
    let track = dom::element_with_class("div", "pf-carousel-track");
    dom::append(&viewport, &track);
    // The slides' box (prefab-ui's inner box): the arrows are placed in it, so padding that
    // `cssClass` gives the root does not move them onto the slides.
    let body = dom::element_with_class("div", "pf-carousel-body");
    dom::append(&body, &viewport);
    dom::append(&root, &body);
    let slides = slides(cx, node, path, &track)?;
    let count = slides.len();
    let controls = flag(node, "showControls", true).then(|| controls(node, &root, &body));
    let dots = dots(node, &root, count);
    let shown = (visible as usize).clamp(1, count.max(1));
    let carousel = Rc::new(Carousel {
        track,
        slides,
        dots,
        controls,
        at: Cell::new(0),
        shown,
        last: count.saturating_sub(shown),
        step: (number(node, "slidesToScroll", 1.0) as usize).max(1),
        looping: flag(node, "loop", true),
    });
    carousel.go(Some(0), true);
    listen(cx, &root, &carousel);
    let every = number(node, "autoAdvance", 0.0);
    if every > 0.0 && count > shown {
        auto_advance(
            cx,
            node,
            &root,
            every,
            carousel,
            matches!(direction, "left" | "up"),
        );
    }
    Ok(root.into())
}

/// The slides (`group`s labelled "i of n"), each holding one child, appended to `track`.
fn slides(cx: &Cx, node: &Value, path: &str, track: &Element) -> Result<Vec<Element>, String> {
    let kids = child_list(node, path)?;
    let total = kids.len().to_string();
    let mut slides = Vec::with_capacity(kids.len());
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
            &crate::render::node(cx, child, &child_path(path, i)),
        );
        dom::append(track, &slide);
        slides.push(slide);
    }
    Ok(slides)
}

/// The previous and next buttons (`showControls`), placed by `controlsPosition` as prefab-ui
/// places them: in the slides' box, beside the slides (`outside`, above and below vertical
/// ones) or over them (`overlay`); for `gutter`, in the root, where the stylesheet lines
/// them up with the dots below the slides (beside vertical ones).
fn controls(node: &Value, root: &Element, body: &Element) -> [Element; 2] {
    let at = prop(node, "controlsPosition").as_str().unwrap_or("outside");
    dom::set_attr(root, "data-controls", at);
    let parent = if at == "gutter" { root } else { body };
    // Lucide chevrons, as prefab-ui draws them: up and down for a vertical carousel.
    let arrows = [
        button(parent, "pf-carousel-previous", "prev", "Previous slide", ""),
        button(parent, "pf-carousel-next", "next", "Next slide", ""),
    ];
    let icons = if root.get_attribute("data-orientation").as_deref() == Some("vertical") {
        ["chevron-up", "chevron-down"]
    } else {
        ["chevron-left", "chevron-right"]
    };
    for (b, icon) in arrows.iter().zip(icons) {
        dom::append(b, &crate::render::plain::icon(icon));
    }
    arrows
}

/// One dot per slide (`showDots`, more than one slide, as in prefab-ui), in a row appended to
/// `root`.
fn dots(node: &Value, root: &Element, count: usize) -> Vec<Element> {
    let mut dots = Vec::new();
    if flag(node, "showDots", false) && count > 1 {
        let row = dom::element_with_class("div", "pf-carousel-dots");
        for i in 0..count {
            let label = "Go to slide ".to_string() + (i + 1).to_string().as_str();
            dots.push(button(&row, "pf-carousel-dot", &i.to_string(), &label, ""));
        }
        dom::append(root, &row);
    }
    dots
}

/// The moving parts and the position of a carousel.
struct Carousel {
    track: Element,
    slides: Vec<Element>,
    dots: Vec<Element>,
    controls: Option<[Element; 2]>,
    /// The first shown slide.
    at: Cell<usize>,
    /// Slides shown at a time, and the last possible first one.
    shown: usize,
    last: usize,
    step: usize,
    looping: bool,
}

impl Carousel {
    /// Moves to slide `target`, else one step forward or back (wrapping when `loop`).
    fn go(&self, target: Option<usize>, forward: bool) {
        let (i, last, looping) = (self.at.get(), self.last, self.looping);
        let next = match target {
            Some(t) => t.min(last),
            None if forward && i >= last => last * usize::from(!looping),
            None if forward => (i + self.step).min(last),
            None if i == 0 => last * usize::from(looping),
            None => i.saturating_sub(self.step),
        };
        self.at.set(next);
        set_style(&self.track, "--pf-index", &next.to_string());
        for (k, slide) in self.slides.iter().enumerate() {
            let on = k >= next && k < next + self.shown;
            dom::toggle_attr(slide, "data-active", on);
            dom::toggle_attr(slide, "inert", !on);
            if let Some(dot) = self.dots.get(k) {
                dom::set_attr(
                    dot,
                    "aria-current",
                    if k == next { "true" } else { "false" },
                );
            }
        }
        if let Some([prev, next_button]) = &self.controls {
            dom::toggle_attr(prev, "disabled", !looping && next == 0);
            dom::toggle_attr(next_button, "disabled", !looping && next >= last);
        }
    }
}

/// Buttons (`data-go`) and Arrow keys move the carousel.
fn listen(cx: &Cx, root: &Element, carousel: &Rc<Carousel>) {
    let on_click = carousel.clone();
    let click = move |event: Event| {
        let Some(target) = hit(&event, "[data-go]").and_then(|b| b.get_attribute("data-go")) else {
            return;
        };
        on_click.go(target.parse().ok(), target != "prev");
    };
    on(cx, root, "click", Box::new(click));
    let on_key = carousel.clone();
    let key = move |event: Event| {
        let key: &KeyboardEvent = event.unchecked_ref();
        let forward = match key.key().as_str() {
            "ArrowRight" | "ArrowDown" => true,
            "ArrowLeft" | "ArrowUp" => false,
            _ => return,
        };
        event.prevent_default();
        on_key.go(None, forward);
    };
    on(cx, root, "keydown", Box::new(key));
}

/// `autoAdvance`: a step every `every` ms, until the owner is cleaned up; paused while
/// hovered (when `pauseOnHover`) and while focus is inside (WCAG 2.2.2: a keyboard user can
/// stop it), never started under `prefers-reduced-motion: reduce`.
fn auto_advance(
    cx: &Cx,
    node: &Value,
    root: &Element,
    every: f64,
    carousel: Rc<Carousel>,
    forward: bool,
) {
    let paused = Rc::new(Cell::new(false));
    if flag(node, "pauseOnHover", true) {
        for (event, hovered) in [("mouseenter", true), ("mouseleave", false)] {
            let paused = paused.clone();
            on(cx, root, event, Box::new(move |_| paused.set(hovered)));
        }
    }
    let focus = root.clone();
    let Some(win) = crate::dom::window() else {
        return;
    };
    if win
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
    {
        return;
    }
    let tick = Closure::<dyn FnMut()>::new(move || {
        if !paused.get() && !focus.matches(":focus-within").unwrap_or(false) {
            carousel.go(None, forward);
        }
    });
    if let Ok(id) = win.set_interval_with_callback_and_timeout_and_arguments_0(
        tick.as_ref().unchecked_ref(),
        every.min(3_600_000.0) as i32,
    ) {
        cx.owner.keep(tick);
        cx.owner
            .on_cleanup(move || win.clear_interval_with_handle(id));
    }
}

/// A carousel button: `data-go` is `prev`, `next` or a slide index.
fn button(parent: &Element, class: &str, go: &str, label: &str, text: &str) -> Element {
    let b = dom::element_with_class("button", class);
    dom::set_attr(&b, "type", "button");
    dom::set_attr(&b, "data-go", go);
    dom::set_attr(&b, "aria-label", label);
    b.set_text_content(Some(text));
    dom::append(parent, &b);
    b
}
