//! `Select` and `Combobox`: a trigger `<button role=combobox aria-haspopup=listbox
//! aria-expanded>` and a popup `role=listbox` whose options are the children rendered by the
//! table rows (`SelectOption` → `role=option data-value`). Combobox adds a search box that
//! filters options by label. Keys: ArrowDown/Up/Enter/Space open; in the list ArrowUp/Down,
//! Home/End move the active option (`aria-activedescendant`), Enter picks, Escape/Tab
//! close. One delegated listener per event type on the root.
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, Event, HtmlElement, HtmlInputElement, Node};
use crate::node::prop;
use crate::render::form::bound::{self, Bound, aria_bool};
use crate::render::{base, child_nodes};
use prefab::expr::Value;
use std::rc::Rc;

const OPTIONS: &str = "[role=option]:not([hidden]):not([data-disabled])";

/// Class hooks of root, trigger, trigger icon, popup, list and empty note (Select, Combobox).
const CLASSES: [[&str; 6]; 2] = [
    [
        "pf-select pf-picker",
        "pf-select-trigger pf-picker-trigger",
        "pf-select-trigger-icon",
        "pf-select-content pf-picker-content",
        "pf-select-list pf-picker-list",
        "pf-select-empty",
    ],
    [
        "pf-combobox pf-picker",
        "pf-combobox-trigger pf-picker-trigger",
        "pf-combobox-trigger-icon",
        "pf-combobox-content pf-picker-content",
        "pf-combobox-list pf-picker-list",
        "pf-combobox-empty",
    ],
];

struct Picker {
    trigger: Element,
    popup: Element,
    list: Element,
    search: Option<HtmlInputElement>,
    empty: Element,
    state: Bound,
}

/// `Select` / `Combobox`: `value`, `placeholder`, `searchPlaceholder` (Combobox), `size`,
/// `disabled`, `required`, `invalid`, `side`, `onChange` (`$event` = the option value).
pub fn picker(cx: &Cx, ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    let combo = ty == "Combobox";
    let c = &CLASSES[usize::from(combo)];
    let mut seed = prop(node, "value").clone();
    if seed.is_nullish() {
        seed = selected_option(prop(node, "children"));
    }
    let state = Bound::new(cx, node, if combo { "combobox" } else { "select" }, seed);
    let root = dom::element("div");
    base(cx, &root, node, c[0]);
    // The `id` belongs to the focusable trigger (`Label forId` points at it).
    dom::report(root.remove_attribute("id"));
    let id = state.id(node);
    let list_id = crate::text::fill("{}-list", &[&id]);
    let (trigger, shown) = trigger(cx, node, combo, &id, &list_id);
    dom::append(&root, &trigger);

    let popup = dom::element_with_class("div", c[3]);
    dom::toggle_attr(&popup, "hidden", true);
    if let Some(side) = prop(node, "side").as_str() {
        dom::set_attr(&popup, "data-side", side);
    }
    let search = combo.then(|| search_box(cx, node, &popup, &list_id));
    let list = list(cx, node, path, c[4], &id, &list_id)?;
    dom::append(&popup, &list);
    let empty = dom::element_with_class("div", c[5]);
    empty.set_text_content(Some("No results found."));
    dom::toggle_attr(&empty, "hidden", true);
    dom::append(&popup, &empty);
    dom::append(&root, &popup);

    let p = Rc::new(Picker {
        trigger,
        popup,
        list,
        search,
        empty,
        state,
    });
    // state → trigger text and `aria-selected`.
    let view = p.clone();
    p.state.watch(Box::new(move |v| view.show(v, &shown)));
    listen(cx, &root, &p);
    Ok(root.into())
}

/// The trigger button (`role=combobox`, labelled by `id`) and its value text. As in
/// prefab-ui, a Combobox's placeholder defaults to `Select...` and its icon is lucide's
/// `chevrons-up-down` (a Select's is a chevron drawn by the stylesheet).
fn trigger(cx: &Cx, node: &Value, combo: bool, id: &str, list_id: &str) -> (Element, Element) {
    let c = &CLASSES[usize::from(combo)];
    let trigger = dom::element_with_class("button", c[1]);
    if combo {
        dom::set_attr(&trigger, "data-placeholder", "Select...");
    }
    dom::set_attr(&trigger, "type", "button");
    dom::set_attr(&trigger, "id", id);
    dom::set_attr(&trigger, "role", "combobox");
    dom::set_attr(&trigger, "aria-haspopup", "listbox");
    dom::set_attr(&trigger, "aria-expanded", "false");
    dom::set_attr(&trigger, "aria-controls", list_id);
    bound::attrs(
        cx,
        &trigger,
        node,
        &[
            ("size", "data-size"),
            ("placeholder", "data-placeholder"),
            ("ariaLabel", "aria-label"),
        ],
    );
    bound::flags(
        cx,
        &trigger,
        node,
        &[
            ("disabled", "disabled"),
            ("required", "aria-required"),
            ("invalid", "aria-invalid"),
        ],
    );
    let shown = dom::element_with_class("span", "pf-select-value");
    dom::append(&trigger, &shown);
    let icon = if combo {
        crate::render::media::icon("chevrons-up-down", c[2])
    } else {
        dom::element_with_class("span", c[2])
    };
    dom::append(&trigger, &icon);
    (trigger, shown)
}

/// The Combobox's search box, appended to `popup`: a combobox of its own (ARIA 1.2's editable
/// combobox, as prefab-ui's cmdk input), expanded while shown, named by its placeholder
/// (`searchPlaceholder`, default `Search...` as prefab-ui's).
fn search_box(cx: &Cx, node: &Value, popup: &Element, list_id: &str) -> HtmlInputElement {
    let input = dom::element_with_class("input", "pf-command-input pf-input");
    for (name, value) in [
        ("type", "text"),
        ("autocomplete", "off"),
        ("role", "combobox"),
        ("aria-expanded", "true"),
        ("aria-controls", list_id),
        ("aria-autocomplete", "list"),
        ("placeholder", "Search..."),
        ("aria-label", "Search..."),
    ] {
        dom::set_attr(&input, name, value);
    }
    bound::attrs(
        cx,
        &input,
        node,
        &[
            ("searchPlaceholder", "placeholder"),
            ("searchPlaceholder", "aria-label"),
        ],
    );
    dom::append(popup, &input);
    input.unchecked_into::<HtmlInputElement>()
}

/// The listbox with the rendered options, numbered `<list_id>-<i>`.
fn list(
    cx: &Cx,
    node: &Value,
    path: &str,
    class: &str,
    id: &str,
    list_id: &str,
) -> Result<Element, String> {
    let list = dom::element_with_class("div", class);
    dom::set_attr(&list, "role", "listbox");
    dom::set_attr(&list, "id", list_id);
    dom::set_attr(&list, "aria-labelledby", id);
    child_nodes(cx, &list, node, path)?;
    for (i, option) in bound::all(&list, "[role=option]").iter().enumerate() {
        let mut option_id = crate::text::fill("{}-", &[list_id]);
        crate::text::push_int(&mut option_id, i as u64);
        dom::set_attr(option, "id", &option_id);
    }
    Ok(list)
}

/// One delegated listener for clicks and keys on the root, the search box's `input`, and
/// closing when focus leaves.
fn listen(cx: &Cx, root: &Element, p: &Rc<Picker>) {
    let on_event = p.clone();
    crate::dom::listen_many(
        &cx.owner,
        root,
        &["click", "keydown"],
        Box::new(move |event| on_event.on_event(&event)),
    );
    if let Some(search) = &p.search {
        let on_input = p.clone();
        crate::dom::listen_many(
            &cx.owner,
            search,
            &["input"],
            Box::new(move |_| on_input.filter()),
        );
    }
    let on_blur = p.clone();
    bound::close_on_focus_out(&cx.owner, root, Box::new(move || on_blur.toggle(false)));
}

impl Picker {
    /// Shows the chosen option's label (else the placeholder) and marks it `aria-selected`.
    fn show(&self, v: &Value, shown: &Element) {
        let chosen = crate::template::display(v);
        let mut label = None;
        for option in bound::all(&self.list, "[role=option]") {
            let on =
                !v.is_nullish() && option.get_attribute("data-value").as_deref() == Some(&chosen);
            dom::set_attr(&option, "aria-selected", aria_bool(on));
            if on {
                label = option.text_content();
            }
        }
        dom::toggle_attr(shown, "data-placeholder", label.is_none());
        let text = label.or_else(|| self.trigger.get_attribute("data-placeholder"));
        shown.set_text_content(Some(&text.unwrap_or_default()));
    }

    /// A click (pick an option, toggle from the trigger) or a key on the root.
    fn on_event(&self, event: &Event) {
        if event.type_() == "click" {
            if let Some(option) = bound::target(event, "[role=option]") {
                self.pick(&option);
            } else if bound::target(event, "[role=combobox]").as_ref() == Some(&self.trigger) {
                self.toggle(!self.is_open());
            }
            return;
        }
        let key = bound::key(event);
        if self.type_to_select(&key) {
            event.prevent_default();
            return;
        }
        if !self.is_open() {
            if matches!(key.as_str(), "ArrowDown" | "ArrowUp" | "Enter" | " ") {
                event.prevent_default();
                self.toggle(true);
            }
            return;
        }
        match key.as_str() {
            "Escape" => {
                event.prevent_default();
                self.toggle(false);
                focus(&self.trigger);
            }
            "Tab" => self.toggle(false),
            // Space types into the Combobox's search box.
            "Enter" | " " if key == "Enter" || self.search.is_none() => {
                event.prevent_default();
                if let Some(active) = self.active() {
                    self.pick(&active);
                }
            }
            _ => {
                let options = bound::all(&self.list, OPTIONS);
                let current = self
                    .active()
                    .and_then(|a| options.iter().position(|o| *o == a));
                if let Some(next) = bound::step_index(&key, current, options.len(), false) {
                    event.prevent_default();
                    if let Some(option) = options.get(next) {
                        self.activate(Some(option));
                    }
                }
            }
        }
    }

    /// Type-to-select in a Select (a Combobox has its search box): a printable character
    /// opens the list and moves to the next option, after the active one and wrapping, whose
    /// label starts with it (ASCII case-insensitive). Whether `key` was one.
    fn type_to_select(&self, key: &str) -> bool {
        let mut chars = key.chars();
        let (Some(typed), None) = (chars.next(), chars.next()) else {
            return false;
        };
        if self.search.is_some() || typed == ' ' {
            return false;
        }
        self.toggle(true);
        let options = bound::all(&self.list, OPTIONS);
        let after = self
            .active()
            .and_then(|a| options.iter().position(|o| *o == a))
            .map_or(0, |i| i + 1);
        let starts = |o: &&Element| {
            let label = o.text_content().unwrap_or_default();
            label
                .chars()
                .next()
                .is_some_and(|c| c.eq_ignore_ascii_case(&typed))
        };
        let n = options.len();
        if let Some(option) = (0..n).map(|k| &options[(after + k) % n]).find(starts) {
            self.activate(Some(option));
        }
        true
    }

    fn is_open(&self) -> bool {
        !self.popup.has_attribute("hidden")
    }

    /// The element that keeps focus while open (the search box, else the trigger).
    fn focus_owner(&self) -> &Element {
        self.search
            .as_ref()
            .map_or(&self.trigger, |s| s.unchecked_ref::<Element>())
    }

    fn toggle(&self, open: bool) {
        if open == self.is_open() || (open && self.trigger.has_attribute("disabled")) {
            return;
        }
        dom::toggle_attr(&self.popup, "hidden", !open);
        dom::set_attr(&self.trigger, "aria-expanded", aria_bool(open));
        if !open {
            self.activate(None);
            return;
        }
        if let Some(search) = &self.search {
            search.set_value("");
            self.filter();
            dom::report(search.focus());
        }
        let selected = bound::all(&self.list, "[aria-selected=true]")
            .into_iter()
            .next();
        let first = bound::all(&self.list, OPTIONS).into_iter().next();
        self.activate(selected.or(first).as_ref());
    }

    fn active(&self) -> Option<Element> {
        bound::all(&self.list, "[data-active]").into_iter().next()
    }

    /// Marks `option` active (`data-active`, `aria-activedescendant`), scrolled into view.
    fn activate(&self, option: Option<&Element>) {
        if let Some(old) = self.active() {
            dom::toggle_attr(&old, "data-active", false);
        }
        for owner in [&self.trigger, self.focus_owner()] {
            match option.and_then(|o| o.get_attribute("id")) {
                Some(id) => dom::set_attr(owner, "aria-activedescendant", &id),
                None => {
                    dom::report(owner.remove_attribute("aria-activedescendant"));
                }
            }
        }
        if let Some(option) = option {
            dom::toggle_attr(option, "data-active", true);
            option.scroll_into_view_with_bool(false);
        }
    }

    fn pick(&self, option: &Element) {
        if option.has_attribute("data-disabled") {
            return;
        }
        if let Some(v) = option.get_attribute("data-value") {
            self.toggle(false);
            focus(&self.trigger);
            if self.state.peek().as_str() != Some(&v) {
                self.state.set(Value::from(v));
            }
        }
    }

    /// Hides options whose label does not contain the search text (ASCII case-insensitive).
    fn filter(&self) {
        let query = self
            .search
            .as_ref()
            .map(|s| s.value().to_ascii_lowercase())
            .unwrap_or_default();
        let mut any = false;
        for option in bound::all(&self.list, "[role=option]") {
            let label = option
                .text_content()
                .unwrap_or_default()
                .to_ascii_lowercase();
            let hide = !prefab::expr::has_str(&label, query.trim());
            any |= !hide;
            dom::toggle_attr(&option, "hidden", hide);
        }
        dom::toggle_attr(&self.empty, "hidden", any);
        let first = bound::all(&self.list, OPTIONS).into_iter().next();
        self.activate(first.as_ref());
    }
}

fn focus(el: &Element) {
    if let Some(html) = el.dyn_ref::<HtmlElement>() {
        dom::report(html.focus());
    }
}

/// The `value` of the first option (in groups too) with `selected: true`.
fn selected_option(list: &Value) -> Value {
    let Value::Array(items) = list else {
        return Value::Undefined;
    };
    for item in items.iter() {
        if prop(item, "selected").truthy() {
            return prop(item, "value").clone();
        }
        let nested = selected_option(prop(item, "children"));
        if !nested.is_nullish() {
            return nested;
        }
    }
    Value::Undefined
}
