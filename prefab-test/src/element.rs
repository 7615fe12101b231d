//! [`Element`]: one part of a [`View`], read and acted on as a user would.
use crate::query;
use crate::view::View;
use prefab_renderer::dom::Node;
use prefab_renderer::dom::arena::{self, EventInit, dispatch};

/// An element of a [`View`], found by text, role or label. Actions run the view's handlers
/// and then let the host answer what they sent, so the view is up to date when they return.
///
/// ```
/// use prefab::*;
/// use prefab_test::View;
/// let app = App::new(Column::new()
///     .child(Input::new().name("who").placeholder("Name").aria_label("Name"))
///     .child(Text::new("Hello, {{ who }}!")));
/// let view = View::mount(&app);
/// view.get_by_label("Name").fill("Ada");
/// assert!(view.text().contains("Hello, Ada!"));
/// ```
#[derive(Clone)]
pub struct Element<'v> {
    pub(crate) view: &'v View,
    pub(crate) node: Node,
}

impl std::fmt::Debug for Element<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::snapshot::pretty(&self.node))
    }
}

impl<'v> Element<'v> {
    /// The text a user sees in it.
    #[must_use]
    pub fn text(&self) -> String {
        query::visible_text(&self.node)
    }

    /// An attribute's value (`aria-expanded`, `data-state`, `href`…).
    #[must_use]
    pub fn attr(&self, name: &str) -> Option<String> {
        self.node.get_attribute(name)
    }

    /// Its role (explicit or implicit), if any.
    #[must_use]
    pub fn role(&self) -> Option<String> {
        query::role(&self.node)
    }

    /// Its accessible name.
    #[must_use]
    pub fn name(&self) -> String {
        query::name(&self.view.doc, &self.node)
    }

    /// A text control's value.
    #[must_use]
    pub fn value(&self) -> String {
        self.node.value()
    }

    /// Whether it is checked: `aria-checked`/`aria-pressed`/`aria-selected` `true`, or a
    /// checked checkbox or radio input.
    #[must_use]
    pub fn is_checked(&self) -> bool {
        ["aria-checked", "aria-pressed", "aria-selected"]
            .iter()
            .any(|a| self.attr(a).as_deref() == Some("true"))
            || (self.node.local_name() == "input" && self.node.checked())
    }

    /// Whether it is disabled (`disabled` or `aria-disabled="true"`, here or on a
    /// `<fieldset>` around it).
    #[must_use]
    pub fn is_disabled(&self) -> bool {
        self.node.has_attribute("disabled")
            || self.attr("aria-disabled").as_deref() == Some("true")
            || self
                .node
                .closest("fieldset[disabled]")
                .ok()
                .flatten()
                .is_some()
    }

    /// Whether it is shown (nothing around it is `hidden`).
    #[must_use]
    pub fn is_visible(&self) -> bool {
        !query::is_hidden(&self.node)
    }

    /// Whether it has focus.
    #[must_use]
    pub fn is_focused(&self) -> bool {
        arena::active().as_ref() == Some(&self.node)
    }

    /// Its HTML, indented (see [`View::snapshot`]).
    #[must_use]
    pub fn snapshot(&self) -> String {
        crate::snapshot::pretty(&self.node)
    }

    /// The element around it with `role` (the dialog a button is in, the row of a cell).
    #[must_use]
    pub fn ancestor_with_role(&self, role: &str) -> Option<Element<'v>> {
        let mut at = self.node.parent_element();
        while let Some(n) = at {
            if query::role(&n).as_deref() == Some(role) {
                return Some(self.view.element(n));
            }
            at = n.parent_element();
        }
        None
    }

    /// Clicks it as a user would (pointer down, focus, pointer up, click); a disabled
    /// control ignores the click, as in a browser.
    pub fn click(&self) -> &Self {
        if self.is_disabled() {
            return self;
        }
        let el = &self.node;
        dispatch(el, &EventInit::new("pointerdown"));
        dispatch(el, &EventInit::new("mousedown"));
        focus_for_click(el);
        dispatch(el, &EventInit::new("pointerup"));
        dispatch(el, &EventInit::new("mouseup"));
        click(el);
        self.view.pump();
        self
    }

    /// Focuses it.
    pub fn focus(&self) -> &Self {
        let _ = self.node.focus();
        self.view.pump();
        self
    }

    /// Types `text` into it key by key (focus first): each character a `keydown`, the value
    /// growing, an `input` event and a `keyup`. No `change`: as in a browser, that comes when
    /// the value is committed ([`fill`](Self::fill)).
    pub fn type_text(&self, text: &str) -> &Self {
        let _ = self.node.focus();
        for c in text.chars() {
            let key = c.to_string();
            if dispatch(&self.node, &EventInit::key("keydown", &key)) {
                let mut value = self.node.value();
                value.push(c);
                self.node.set_value(&value);
                dispatch(&self.node, &EventInit::new("input"));
            }
            dispatch(&self.node, &EventInit::key("keyup", &key));
        }
        self.view.pump();
        self
    }

    /// Replaces its value with `text` and commits it (as pasting and leaving the field
    /// would): `input`, then `change`.
    pub fn fill(&self, text: &str) -> &Self {
        let _ = self.node.focus();
        self.node.set_value(text);
        dispatch(&self.node, &EventInit::new("input"));
        dispatch(&self.node, &EventInit::new("change"));
        self.view.pump();
        self
    }

    /// Empties its value.
    pub fn clear(&self) -> &Self {
        self.fill("")
    }

    /// Checks a checkbox, switch or radio (clicks it when it is not checked).
    pub fn check(&self) -> &Self {
        if !self.is_checked() {
            self.click();
        }
        self
    }

    /// Unchecks a checkbox or switch (clicks it when it is checked).
    pub fn uncheck(&self) -> &Self {
        if self.is_checked() {
            self.click();
        }
        self
    }

    /// Picks the option named `option`: of a `<select>`, or of the listbox this control
    /// opens (a Select, a Combobox): it is clicked open, then the option is clicked.
    pub fn select_option(&self, option: &str) -> &Self {
        if self.node.local_name() == "select" {
            let want = query::normalise(option);
            let options = self.node.query_selector_all("option").ok();
            let found = options
                .iter()
                .flat_map(|l| (0..l.length()).filter_map(|i| l.item(i)))
                .find(|o| query::visible_text(o) == want);
            let Some(found) = found else {
                panic!("select_option: no option {option:?}");
            };
            let value = found.get_attribute("value").unwrap_or_else(|| want.clone());
            self.node.set_value(&value);
            dispatch(&self.node, &EventInit::new("input"));
            dispatch(&self.node, &EventInit::new("change"));
            self.view.pump();
            return self;
        }
        if self.attr("aria-expanded").as_deref() != Some("true") {
            self.click();
        }
        self.view.get_by_role("option", option).click();
        self
    }

    /// Presses `key` with focus here (see [`View::press`]).
    pub fn press(&self, key: &str) -> &Self {
        let _ = self.node.focus();
        press_on(self.view, &self.node, key);
        self
    }
}

/// Focus moves to what a click lands on, or to its nearest focusable ancestor.
fn focus_for_click(el: &Node) {
    let mut at = Some(el.clone());
    while let Some(n) = at {
        if focusable(&n) {
            let _ = n.focus();
            return;
        }
        at = n.parent_element();
    }
}

fn focusable(el: &Node) -> bool {
    if el.has_attribute("disabled") || query::is_hidden(el) {
        return false;
    }
    if el.local_name() == "input" && el.get_attribute("type").as_deref() == Some("hidden") {
        return false;
    }
    el.has_attribute("tabindex") || el.tab_index() >= 0
}

/// A `click` with the browser's default actions: a checkbox or radio input flips first
/// (back when a handler cancels), then `input` and `change`; a `<label>` clicks its control.
fn click(el: &Node) {
    let ty = el.get_attribute("type").unwrap_or_default();
    let toggles = el.local_name() == "input" && matches!(ty.as_str(), "checkbox" | "radio");
    let before = el.checked();
    if toggles {
        el.set_checked(ty == "radio" || !before);
    }
    let done = dispatch(el, &EventInit::new("click"));
    if toggles {
        if !done {
            el.set_checked(before);
        } else if el.checked() != before {
            dispatch(el, &EventInit::new("input"));
            dispatch(el, &EventInit::new("change"));
        }
    }
    if done && el.local_name() == "label" {
        let control = el
            .get_attribute("for")
            .and_then(|id| prefab_renderer::dom::document().and_then(|d| d.get_element_by_id(&id)));
        if let Some(control) = control.filter(|c| c != el) {
            click(&control);
        }
    }
}

/// Presses `key` (with `Shift+`/`Ctrl+`/`Alt+`/`Meta+` prefixes) on `target`.
pub(crate) fn press_on(view: &View, target: &Node, key: &str) {
    let mut init = EventInit::key("keydown", "");
    let mut rest = key;
    while let Some((modifier, after)) = rest
        .split_once('+')
        .filter(|(m, a)| !m.is_empty() && !a.is_empty())
    {
        match modifier {
            "Shift" => init.shift = true,
            "Ctrl" | "Control" => init.ctrl = true,
            "Alt" => init.alt = true,
            "Meta" => init.meta = true,
            _ => break,
        }
        rest = after;
    }
    let key = if rest == "Space" { " " } else { rest };
    init.key = Some(key.to_string());
    let proceed = dispatch(target, &init);
    if proceed {
        default_key_action(view, target, key, init.shift);
    }
    init.kind = "keyup".into();
    dispatch(target, &init);
    view.pump();
}

fn default_key_action(view: &View, target: &Node, key: &str, shift: bool) {
    let tag = target.local_name();
    let role = query::role(target).unwrap_or_default();
    match key {
        "Tab" => move_focus(view, target, shift),
        "Enter" if tag == "a" || tag == "button" => click(target),
        " " if tag == "button" || (tag == "input" && role == "checkbox") => click(target),
        "Enter" if tag == "input" => {
            // Implicit submission: the form's first submit button is clicked.
            let submit = target.closest("form").ok().flatten().and_then(|f| {
                f.query_selector("button:not([type]),button[type=submit]")
                    .ok()
                    .flatten()
            });
            if let Some(submit) = submit {
                click(&submit);
            }
        }
        _ => {}
    }
}

/// Moves focus to the next (or previous) element in the page's tab order.
fn move_focus(view: &View, from: &Node, back: bool) {
    let Ok(list) = view.doc.query_selector_all("*") else {
        return;
    };
    let stops: Vec<Node> = (0..list.length())
        .filter_map(|i| list.item(i))
        .filter(|n| focusable(n) && n.tab_index() >= 0)
        .collect();
    if stops.is_empty() {
        return;
    }
    let at = stops.iter().position(|n| n == from);
    let next = match (at, back) {
        (Some(i), false) => stops.get(i + 1).or(stops.first()),
        (Some(i), true) => i.checked_sub(1).and_then(|j| stops.get(j)).or(stops.last()),
        (None, false) => stops.first(),
        (None, true) => stops.last(),
    };
    if let Some(next) = next {
        let _ = next.focus();
    }
}
