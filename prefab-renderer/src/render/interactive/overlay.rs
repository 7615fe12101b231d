//! The overlay core of `Dialog`, `Popover`, `Tooltip` and `HoverCard`.
//!
//! The first child is the trigger (rendered in place, inside a `<span>`), the rest is the
//! body, rendered once into a layer appended to `<body>` and shown or hidden (`hidden`).
//! One set of document listeners, installed on first open, serves every overlay through a
//! stack of the open ones: Escape and outside clicks close the top one (unless a `Dialog`
//! is not `dismissible`), `Tab` is trapped inside a top `Dialog` (and closes a `Popover`
//! when it leaves the first or last control), `closeOverlay` closes the
//! top `Dialog`/`Popover`, and scrolling or resizing re-places the floating ones. Focus moves
//! into a `Dialog`/`Popover` when it opens and returns to where it was when it closes.
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Event, KeyboardEvent, Node};
use crate::node::prop;
use crate::render::base;
use crate::render::widget::{
    child_list, child_path, ensure_id, flag, focus, number, on, set_style, show_text, watch,
};
use crate::store::Store;
use prefab::expr::Value;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// What can take keyboard focus inside an overlay (for the focus trap and initial focus).
const FOCUSABLE: &str = "a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex='-1'])";

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Dialog,
    Popover,
    Tooltip,
    HoverCard,
}

struct Overlay {
    kind: Kind,
    /// The `<span>` around the trigger child.
    trigger: Element,
    /// The content box (`pf-<kind>-content`).
    panel: Element,
    /// What is appended to `<body>`: the backdrop of a `Dialog`, else the panel.
    layer: Element,
    side: String,
    dismissible: bool,
    open: Cell<bool>,
    /// Where focus was before opening.
    back: RefCell<Option<Element>>,
    /// Pending hover timer.
    timer: Cell<i32>,
    /// `state[name]` holding the open state of a named `Dialog`.
    state: Option<(Store, String)>,
}

thread_local! {
    static STACK: RefCell<Vec<Rc<Overlay>>> = const { RefCell::new(Vec::new()) };
    static INSTALLED: Cell<bool> = const { Cell::new(false) };
}

/// Class hooks of an overlay kind: trigger, content, header, title, description.
type Classes = [&'static str; 5];

/// Renders `Dialog`, `Popover`, `Tooltip` or (any other `ty`) `HoverCard`.
pub fn overlay(cx: &Cx, ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    const DIALOG: Classes = [
        "pf-dialog-trigger",
        "pf-dialog-content",
        "pf-dialog-header",
        "pf-dialog-title",
        "pf-dialog-description",
    ];
    const POPOVER: Classes = [
        "pf-popover-trigger",
        "pf-popover-content",
        "pf-popover-header",
        "pf-popover-title",
        "pf-popover-description",
    ];
    const TOOLTIP: Classes = ["pf-tooltip-trigger", "pf-tooltip-content", "", "", ""];
    const HOVER_CARD: Classes = ["pf-hover-card-trigger", "pf-hover-card-content", "", "", ""];
    let (kind, classes, side) = match ty {
        "Dialog" => (Kind::Dialog, &DIALOG, "bottom"),
        "Popover" => (Kind::Popover, &POPOVER, "bottom"),
        "Tooltip" => (Kind::Tooltip, &TOOLTIP, "top"),
        _ => (Kind::HoverCard, &HOVER_CARD, "bottom"),
    };
    for key in ["title", "description", "content"] {
        crate::node::optional_text(node, key, ty)?;
    }
    build(cx, kind, classes, side, node, path)
}

/// The trigger in place, the panel in a hidden layer on `<body>`, and their listeners.
fn build(
    cx: &Cx,
    kind: Kind,
    classes: &Classes,
    side: &str,
    node: &Value,
    path: &str,
) -> Result<Node, String> {
    let kids = child_list(node, path)?;
    let trigger = dom::element_with_class("span", classes[0]);
    if let Some(first) = kids.first() {
        dom::append(
            &trigger,
            &crate::render::node(cx, first, &child_path(path, 0)),
        );
    }
    let panel = dom::element("div");
    base(cx, &panel, node, classes[1]);
    let panel_id = ensure_id(&panel);
    let side = prop(node, "side").as_str().unwrap_or(side).to_string();
    dom::set_attr(&panel, "data-side", &side);
    roles(
        kind,
        &panel,
        trigger.first_element_child().as_ref(),
        &panel_id,
    );
    if kind == Kind::Tooltip {
        show_text(cx, &panel, prop(node, "content"));
    } else {
        header(cx, &panel, node, classes, kind);
        let body = if kind == Kind::Popover {
            let body = dom::element_with_class("div", "pf-popover-body");
            dom::append(&panel, &body);
            body
        } else {
            panel.clone()
        };
        for (i, child) in kids.iter().enumerate().skip(1) {
            dom::append(&body, &crate::render::node(cx, child, &child_path(path, i)));
        }
    }
    let layer = if kind == Kind::Dialog {
        dom::set_attr(&panel, "aria-modal", "true");
        let backdrop = dom::element_with_class("div", "pf-dialog-overlay");
        dom::append(&backdrop, &panel);
        backdrop
    } else {
        panel.clone()
    };
    dom::toggle_attr(&layer, "hidden", true);
    if let Some(body) = dom::document().and_then(|d| d.body()) {
        dom::append(&body, &layer);
    }
    let state = match (kind, prop(node, "name").as_str()) {
        (Kind::Dialog, Some(name)) if !name.is_empty() => {
            Some((cx.frame.store().clone(), name.to_string()))
        }
        _ => None,
    };
    let dismissible = kind != Kind::Dialog || flag(node, "dismissible", true);
    let ov = Rc::new(Overlay {
        kind,
        trigger: trigger.clone(),
        panel: panel.clone(),
        layer,
        side,
        dismissible,
        open: Cell::new(false),
        back: RefCell::default(),
        timer: Cell::new(0),
        state,
    });
    if kind == Kind::Dialog && dismissible {
        let close = dom::element_with_class("button", "pf-dialog-close");
        dom::set_attr(&close, "type", "button");
        dom::set_attr(&close, "aria-label", "Close");
        dom::append(&close, &crate::render::plain::icon("x"));
        dom::append(&panel, &close);
        act(cx, &close, "click", &ov, Act::Close);
    }
    listen(cx, node, &ov);
    Ok(trigger.into())
}

/// The panel's role, and the ARIA ties from the trigger's element (`target`) to it.
fn roles(kind: Kind, panel: &Element, target: Option<&Element>, panel_id: &str) {
    if kind == Kind::Tooltip {
        dom::set_attr(panel, "role", "tooltip");
        if let Some(t) = target {
            dom::set_attr(t, "aria-describedby", panel_id);
        }
    } else if kind != Kind::HoverCard {
        dom::set_attr(panel, "role", "dialog");
        dom::set_attr(panel, "tabindex", "-1");
        if let Some(t) = target {
            dom::set_attr(t, "aria-haspopup", "dialog");
            dom::set_attr(t, "aria-expanded", "false");
            dom::set_attr(t, "aria-controls", panel_id);
        }
    }
}

/// Closing at cleanup, a named `Dialog`'s state, and what opens the overlay: a click on the
/// trigger (`Dialog`, `Popover`), else hover and focus with delays.
fn listen(cx: &Cx, node: &Value, ov: &Rc<Overlay>) {
    let o = ov.clone();
    cx.owner.on_cleanup(move || {
        show(&o, false);
        o.layer.remove();
    });
    if let Some((store, name)) = &ov.state {
        let o = ov.clone();
        watch(
            cx,
            store,
            name,
            Rc::new(move |v| show(&o, v.is_some_and(|v| v.truthy()))),
        );
    }
    let kind = ov.kind;
    if matches!(kind, Kind::Dialog | Kind::Popover) {
        act(cx, &ov.trigger, "click", ov, Act::Toggle);
        return;
    }
    let (open_ms, close_ms) = if kind == Kind::Tooltip {
        (delay(node, "delay", 300.0), 0)
    } else {
        (
            delay(node, "openDelay", 600.0),
            delay(node, "closeDelay", 300.0),
        )
    };
    let targets = if kind == Kind::HoverCard { 2 } else { 1 };
    for el in &[&ov.trigger, &ov.panel][..targets] {
        for (event, open) in [
            ("mouseenter", true),
            ("mouseleave", false),
            ("focusin", true),
            ("focusout", false),
        ] {
            let ms = if open { open_ms } else { close_ms };
            act(cx, el, event, ov, Act::Hover(open, ms));
        }
    }
}

/// What an overlay listener does.
#[derive(Clone, Copy)]
enum Act {
    Toggle,
    Close,
    /// Open (or close) after a delay in ms.
    Hover(bool, i32),
}

fn act(cx: &Cx, el: &Element, event: &str, ov: &Rc<Overlay>, what: Act) {
    let ov = ov.clone();
    on(
        cx,
        el,
        event,
        Box::new(move |_| match what {
            Act::Toggle => request(&ov, !ov.open.get()),
            Act::Close => request(&ov, false),
            Act::Hover(open, ms) => hover(&ov, open, ms),
        }),
    );
}

/// The title/description block of a `Dialog` or `Popover` (when either is given).
fn header(cx: &Cx, panel: &Element, node: &Value, classes: &Classes, kind: Kind) {
    let (title, description) = (prop(node, "title"), prop(node, "description"));
    if kind == Kind::HoverCard || (title.is_nullish() && description.is_nullish()) {
        return;
    }
    let head = dom::element_with_class("div", classes[2]);
    for (raw, tag, class, attr) in [
        (
            title,
            if kind == Kind::Dialog { "h2" } else { "h4" },
            classes[3],
            "aria-labelledby",
        ),
        (description, "p", classes[4], "aria-describedby"),
    ] {
        if raw.is_nullish() {
            continue;
        }
        let el = dom::element_with_class(tag, class);
        dom::set_attr(panel, attr, &ensure_id(&el));
        show_text(cx, &el, raw);
        dom::append(&head, &el);
    }
    dom::append(panel, &head);
}

fn delay(node: &Value, key: &str, fallback: f64) -> i32 {
    number(node, key, fallback).min(60_000.0) as i32
}

/// Opens or closes on behalf of the user: through `state[name]` for a named `Dialog`.
fn request(ov: &Rc<Overlay>, open: bool) {
    match &ov.state {
        Some((store, name)) => {
            if let Err(e) = store.set_path(name, Value::Bool(open)) {
                crate::log::warn(&e);
            }
        }
        None => show(ov, open),
    }
}

/// Schedules a hover open/close after `ms`, replacing any pending one.
fn hover(ov: &Rc<Overlay>, open: bool, ms: i32) {
    crate::dom::clear_timeout(ov.timer.get());
    let o = ov.clone();
    if let Some(id) = crate::dom::timeout(&crate::dom::once(move || show(&o, open)), ms) {
        ov.timer.set(id);
    }
}

/// Shows or hides the layer and keeps the stack, ARIA state and focus in step. A pending
/// hover open or close is dropped: what happens now (Escape, a click, the timer itself) wins.
/// (Chromium runs input before timers: an Escape could close a tooltip that a focus timer
/// queued before it then opened again.)
fn show(ov: &Rc<Overlay>, open: bool) {
    crate::dom::clear_timeout(ov.timer.get());
    if ov.open.replace(open) == open {
        return;
    }
    dom::toggle_attr(&ov.layer, "hidden", !open);
    let state = if open { "open" } else { "closed" };
    dom::set_attr(&ov.panel, "data-state", state);
    if let Some(t) = ov.trigger.first_element_child()
        && t.has_attribute("aria-expanded")
    {
        dom::set_attr(&t, "aria-expanded", if open { "true" } else { "false" });
    }
    STACK.with(|s| {
        let mut s = s.borrow_mut();
        if let Some(at) = s.iter().position(|o| Rc::ptr_eq(o, ov)) {
            s.remove(at);
        }
        if open {
            s.push(ov.clone());
        }
    });
    let takes_focus = matches!(ov.kind, Kind::Dialog | Kind::Popover);
    let doc = dom::document();
    if open {
        install();
        place(ov);
        if takes_focus {
            let active = doc.as_ref().and_then(|d| d.active_element());
            *ov.back.borrow_mut() = active;
            let first = ov.panel.query_selector(FOCUSABLE).ok().flatten();
            focus(first.as_ref().unwrap_or(&ov.panel));
        }
    } else if let Some(back) = ov.back.take() {
        // Only when focus is still inside the overlay (or nowhere): a click elsewhere keeps it.
        let active = doc.as_ref().and_then(|d| d.active_element());
        let inside = active.as_ref().is_none_or(|a| {
            ov.layer.contains(Some(a))
                || doc
                    .as_ref()
                    .and_then(|d| d.body())
                    .is_some_and(|b| a == b.as_ref())
        });
        if inside {
            focus(&back);
        }
    }
}

/// Places a floating panel next to its trigger on its side, flipped when it does not fit,
/// kept inside the viewport.
fn place(ov: &Overlay) {
    if ov.kind == Kind::Dialog {
        return;
    }
    let (vw, vh) = crate::render::widget::viewport();
    let t = ov.trigger.get_bounding_client_rect();
    let p = ov.panel.get_bounding_client_rect();
    let (w, h) = (p.width(), p.height());
    let gap = if ov.kind == Kind::Tooltip { 6.0 } else { 4.0 };
    let side = match ov.side.as_str() {
        "top" if t.top() - h - gap < 0.0 && t.bottom() + h + gap <= vh => "bottom",
        "bottom" if crate::render::widget::flips_up(&t, h, gap, vh) => "top",
        "left" if t.left() - w - gap < 0.0 => "right",
        "right" if t.right() + w + gap > vw => "left",
        s => s,
    };
    let (x, y) = match side {
        "top" => (t.left() + (t.width() - w) / 2.0, t.top() - h - gap),
        "left" => (t.left() - w - gap, t.top() + (t.height() - h) / 2.0),
        "right" => (t.right() + gap, t.top() + (t.height() - h) / 2.0),
        _ => (t.left() + (t.width() - w) / 2.0, t.bottom() + gap),
    };
    let x = x.min(vw - w - 8.0).max(8.0);
    let y = y.min(vh - h - 8.0).max(8.0);
    dom::set_attr(&ov.panel, "data-side", side);
    set_style(&ov.panel, "left", &((x as usize).to_string() + "px"));
    set_style(&ov.panel, "top", &((y as usize).to_string() + "px"));
}

/// The open overlays, top last (a copy: handlers may open or close overlays).
fn stack() -> Vec<Rc<Overlay>> {
    STACK.with(|s| s.borrow().clone())
}

/// The document listeners every overlay shares, added on the first open.
fn install() {
    if INSTALLED.with(|i| i.replace(true)) {
        return;
    }
    let add = dom::listen_document;
    add("keydown", false, Box::new(key));
    add(
        "pointerdown",
        false,
        Box::new(|event: Event| {
            let target: Option<Node> = event.target().map(JsCast::unchecked_into);
            for ov in stack().iter().rev() {
                if ov.panel.contains(target.as_ref()) || ov.trigger.contains(target.as_ref()) {
                    break;
                }
                if !ov.dismissible {
                    break;
                }
                request(ov, false);
            }
        }),
    );
    add(
        "prefab:close-overlay",
        false,
        Box::new(|_| {
            if let Some(ov) = stack()
                .into_iter()
                .rev()
                .find(|o| matches!(o.kind, Kind::Dialog | Kind::Popover))
            {
                request(&ov, false);
            }
        }),
    );
    add(
        "scroll",
        true,
        Box::new(|_| {
            for ov in stack() {
                place(&ov);
            }
        }),
    );
}

/// Escape closes the top overlay; Tab cycles inside a top `Dialog`, leaves a `Popover`.
fn key(event: Event) {
    let Some(top) = stack().pop() else { return };
    let event: &KeyboardEvent = event.unchecked_ref();
    match event.key().as_str() {
        "Escape" if top.dismissible => {
            event.prevent_default();
            request(&top, false);
        }
        "Tab" if matches!(top.kind, Kind::Dialog | Kind::Popover) => {
            let Ok(list) = top.panel.query_selector_all(FOCUSABLE) else {
                return;
            };
            let active = dom::document().and_then(|d| d.active_element());
            let outside = !active.as_ref().is_some_and(|a| top.panel.contains(Some(a)));
            let (Some(first), Some(last)) =
                (list.get(0), list.get(list.length().saturating_sub(1)))
            else {
                if top.kind == Kind::Dialog {
                    event.prevent_default();
                } else if !outside {
                    leave(&top, event);
                }
                return;
            };
            let at = |n: &Node| {
                active
                    .as_ref()
                    .is_some_and(|a| AsRef::<Node>::as_ref(a) == n)
            };
            let next = if event.shift_key() {
                (outside || at(&first) || active.as_ref().is_some_and(|a| a == &top.panel))
                    .then_some(last)
            } else {
                (outside || at(&last)).then_some(first)
            };
            if let Some(next) = next {
                if top.kind == Kind::Popover {
                    // A Popover is not modal: Tab out of its ends closes it and goes on
                    // from its trigger.
                    if !outside {
                        leave(&top, event);
                    }
                    return;
                }
                event.prevent_default();
                focus(next.unchecked_ref());
            }
        }
        _ => {}
    }
}

/// Tab out of a Popover's ends: it closes and focus returns to its trigger, where the Tab
/// goes on to what follows (Shift+Tab stays on the trigger).
fn leave(top: &Rc<Overlay>, event: &KeyboardEvent) {
    request(top, false);
    if event.shift_key() {
        event.prevent_default();
    }
}
