//! Types that are plain data: an element with class hooks, an optional text prop, modifier
//! classes, an ARIA role, and children. A family lists such a type as a [`Plain`] row of
//! the registry (see `render/mod.rs`) and [`element`] draws every one of them; what a few
//! types do beyond that (`Heading`'s level, `Badge`/`Alert` variants, `Label`, `Detail`'s
//! parts, `Loader`'s marks, `Form`'s submit, `Table`'s scroll wrapper) is the row's
//! [`Touch`].
//! Also here: helpers several families share (text bound to a template, variant classes,
//! the icon span, modifier classes).
use super::{Render, base, child_nodes};
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, HtmlFormElement, Node};
use crate::node::{optional_text, prop};
use crate::render::widget::{hit, set_style};
use crate::template;
use prefab::expr::{Value, number_to_string};

/// Modifier props that add `<class>-<infix><value>` classes: (prop, infix, default).
pub type Mods = &'static [(&'static str, &'static str, &'static str)];

/// How to draw a [`Plain`] row: (context, type, row, node, JSON path).
pub type Draw = fn(&Cx, &str, &Plain, &Value, &str) -> Result<Node, String>;

/// A type drawn from data: see the module docs. (Small fields: the rows are data in
/// the wasm, and every byte of a row is paid for each plain type.)
#[derive(Clone, Copy)]
pub struct Plain {
    /// The function that draws the row ([`element`], or the form family's passive parts).
    pub draw: Draw,
    /// Element tag.
    pub tag: &'static str,
    /// Base class; `None`: `pf-<type in kebab case>` (see [`Plain::class_of`]).
    pub class: Option<&'static str>,
    /// Modifier classes.
    pub mods: Mods,
    /// The prop shown as text.
    pub text: Prop,
    /// ARIA role.
    pub role: Role,
    /// What this type does beyond the data.
    pub touch: Touch,
    /// Whether grid placement props (`colSpan`, `columns`, …) apply.
    pub grid: bool,
}

/// The prop a row shows as its text.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Prop {
    /// No text.
    None,
    /// `content`.
    Content,
    /// `label`.
    Label,
    /// `title`.
    Title,
    /// `text`.
    Text,
}

impl Prop {
    /// The wire key (`""` for none).
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Prop::None => "",
            Prop::Content => "content",
            Prop::Label => "label",
            Prop::Title => "title",
            Prop::Text => "text",
        }
    }
}

/// The ARIA role of a row's element.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// No role.
    None,
    /// `group`.
    Group,
    /// `alert`.
    Alert,
    /// `option` (the form family's parts make it focusable, with `data-value`).
    Option,
    /// `separator`.
    Separator,
    /// `status`.
    Status,
}

impl Role {
    /// The attribute value (`""` for none).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Role::None => "",
            Role::Group => "group",
            Role::Alert => "alert",
            Role::Option => "option",
            Role::Separator => "separator",
            Role::Status => "status",
        }
    }
}

/// What a type does beyond its row's data.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    /// Nothing.
    None,
    /// `Heading`: the tag is `h<level>`.
    Heading,
    /// `Badge`: a `variant` class pair and `data-variant`.
    Variant,
    /// `Alert`: a variant, `role="alert"`, an optional `icon`.
    Alert,
    /// `Label`: `forId` as `for`, an `optional` marker after the children.
    Label,
    /// `Detail`: `title` and `description` parts.
    Detail,
    /// `Loader`: named "Loading", three marks for the variants to draw.
    Loader,
    /// `Form`: submitting runs `onSubmit`.
    Form,
    /// `Table`: wrapped in a sideways-scrolling container.
    Table,
    /// `ButtonGroup` (a form part): an `orientation` class.
    Orientation,
}

impl Plain {
    /// A row drawn by [`element`]: `<tag class="pf-<type>">` and its children.
    #[must_use]
    pub const fn new(tag: &'static str) -> Plain {
        Plain {
            draw: element,
            tag,
            class: None,
            mods: &[],
            text: Prop::None,
            role: Role::None,
            touch: Touch::None,
            grid: false,
        }
    }

    /// The same row with another base class than `pf-<type>` (`""`: none).
    #[must_use]
    pub const fn class(self, class: &'static str) -> Plain {
        Plain {
            class: Some(class),
            ..self
        }
    }

    /// The base class of type `ty` drawn from this row: the one given, else prefab-ui's
    /// hook `pf-<type in kebab case>` (`CardHeader` → `pf-card-header`).
    ///
    /// ```
    /// use prefab_renderer::render::Plain;
    /// assert_eq!(Plain::new("div").class_of("CardHeader"), "pf-card-header");
    /// assert_eq!(Plain::new("div").class("pf-column").class_of("Form"), "pf-column");
    /// assert_eq!(Plain::new("div").class("").class_of("Div"), "");
    /// ```
    #[must_use]
    pub fn class_of(&self, ty: &str) -> String {
        match self.class {
            Some(class) => class.to_string(),
            None => super::kebab("pf", ty),
        }
    }

    /// The same row showing `prop` as its text.
    #[must_use]
    pub const fn text(self, prop: Prop) -> Plain {
        Plain { text: prop, ..self }
    }

    /// The same row with modifier classes.
    #[must_use]
    pub const fn mods(self, mods: Mods) -> Plain {
        Plain { mods, ..self }
    }

    /// The same row with an ARIA role.
    #[must_use]
    pub const fn role(self, role: Role) -> Plain {
        Plain { role, ..self }
    }

    /// The same row with a per-type touch.
    #[must_use]
    pub const fn touch(self, touch: Touch) -> Plain {
        Plain { touch, ..self }
    }

    /// The same row taking grid placement props.
    #[must_use]
    pub const fn grid(self) -> Plain {
        Plain { grid: true, ..self }
    }

    /// The same row drawn by another function.
    #[must_use]
    pub const fn drawn_by(self, draw: Draw) -> Plain {
        Plain { draw, ..self }
    }

    /// The registry entry of this row.
    #[must_use]
    pub const fn row(self) -> Render {
        Render::Data(self)
    }
}

/// Draws a [`Plain`] row: text prop check, element, classes, role, grid styles, the
/// type's touch, text, children.
pub fn element(cx: &Cx, ty: &str, p: &Plain, node: &Value, path: &str) -> Result<Node, String> {
    let text = p.text.key();
    if !text.is_empty() {
        optional_text(node, text, ty)?;
    }
    let tag = if p.touch == Touch::Heading {
        heading_tag(prop(node, "level"))
    } else {
        p.tag
    };
    let el = dom::element(tag);
    let class = p.class_of(ty);
    if matches!(p.touch, Touch::Variant | Touch::Alert) {
        // The `pf-<component>-variant-<v>` hook themes written for prefab-ui target.
        let variant = prop(node, "variant").as_str().unwrap_or("default");
        base(cx, &el, node, &variant_class(&class, variant));
        data_attr(cx, &el, "data-variant", variant);
    } else {
        base(cx, &el, node, &classes(cx, &class, p.mods, node));
    }
    if p.role != Role::None {
        dom::set_attr(&el, "role", p.role.name());
    }
    if p.touch == Touch::Loader {
        dom::set_attr(&el, "aria-label", "Loading");
    }
    if p.grid {
        grid_styles(cx, &el, node);
    }
    touch(cx, p.touch, &el, node);
    if !text.is_empty() {
        let raw = prop(node, text);
        if !raw.is_nullish() {
            bind_content(cx, &el, raw);
        }
    }
    super::stream::note_children(cx, &el, path);
    child_nodes(cx, &el, node, path)?;
    if p.touch == Touch::Label && prop(node, "optional").truthy() {
        // The leading space (collapsed away in the flex label) keeps the label's text and
        // name "Email optional" where no CSS lays it out: static pages, prefab-test.
        let marker = dom::element_with_class("span", "pf-label-optional");
        marker.set_text_content(Some(" optional"));
        dom::append(&el, &marker);
    }
    if p.touch == Touch::Table {
        // As prefab-ui: the table scrolls sideways inside `pf-table-container`.
        let wrap = dom::element_with_class("div", "pf-table-container");
        dom::append(&wrap, &el);
        return Ok(wrap.into());
    }
    Ok(el.into())
}

/// A type's touch before its text and children.
fn touch(cx: &Cx, touch: Touch, el: &Element, node: &Value) {
    match touch {
        Touch::Alert => {
            dom::set_attr(el, "role", "alert");
            if let Some(name) = prop(node, "icon").as_str() {
                dom::append(el, &icon(name));
            }
        }
        Touch::Label => {
            if let Some(for_id) = prop(node, "forId").as_str() {
                dom::set_attr(el, "for", for_id);
            }
        }
        Touch::Detail => {
            for (key, part_tag, part_class) in [
                ("title", "h3", "pf-detail-title"),
                ("description", "p", "pf-detail-description pf-muted"),
            ] {
                let raw = prop(node, key);
                if !raw.is_nullish() {
                    let part = dom::element_with_class(part_tag, part_class);
                    bind_content(cx, &part, raw);
                    dom::append(el, &part);
                }
            }
        }
        Touch::Loader => {
            // Three marks drawn by the `dots` / `bars` / `ios` variants (hidden by `spin`).
            for _ in 0..3 {
                dom::append(el, &dom::element("i").into());
            }
        }
        Touch::Form => {
            let on_submit = prop(node, "onSubmit").clone();
            let action_cx = cx.clone();
            let form = el.clone();
            let submit = move |event: crate::dom::Event| {
                // A click on one of this form's submit buttons (HTML's default type) submits
                // here: the browser's own submission never fires `submit` in a frame
                // sandboxed without `allow-forms`. The form's constraints still apply.
                if event.type_() == "click" {
                    let Some(_) = hit(&event, "button:not([type]),button[type=submit]")
                        .filter(|b| b.closest("form").ok().flatten().as_ref() == Some(&form))
                    else {
                        return;
                    };
                    event.prevent_default();
                    if !form.unchecked_ref::<HtmlFormElement>().report_validity() {
                        return;
                    }
                }
                event.prevent_default();
                if !on_submit.is_nullish() {
                    crate::actions::run(&action_cx, &on_submit, Value::Undefined);
                }
            };
            dom::listen_many(&cx.owner, el, &["submit", "click"], Box::new(submit));
        }
        _ => {}
    }
}

fn heading_tag(level: &Value) -> &'static str {
    match level.to_number() as i64 {
        2 => "h2",
        3 => "h3",
        4 => "h4",
        5 => "h5",
        6 => "h6",
        _ => "h1",
    }
}

/// Sets `attr` to `value`, a literal or a template followed as it changes.
pub(super) fn data_attr(cx: &Cx, el: &Element, attr: &'static str, value: &str) {
    let target = el.clone();
    cx.bind_text(&Value::from(value), move |v| {
        dom::set_attr(&target, attr, v)
    });
}

/// `"<base> <base>-variant-<variant>"`: the class pair prefab-ui's renderer puts on
/// variant components (`pf-badge pf-badge-variant-success`).
pub(super) fn variant_class(base: &str, variant: &str) -> String {
    let mut class = String::with_capacity(base.len() * 2 + variant.len() + 10);
    class.push_str(base);
    class.push(' ');
    class.push_str(base);
    class.push_str("-variant-");
    class.push_str(variant);
    class
}

/// An icon by lucide name: an inline `<svg class="pf-icon" data-icon="…">` (no `data:` URL,
/// so it draws under `img-src 'none'`; an unknown name keeps an empty box of the icon's size).
pub(super) fn icon(name: &str) -> Element {
    super::media::icon(name, "pf-icon")
}

/// Sets the element's text from `content`, re-evaluated when it is a template. A text node
/// is used so that inline children after it are kept. Content that evaluates to a boolean
/// shows nothing (as in prefab-ui's renderer, where React drops booleans).
pub(super) fn bind_content(cx: &Cx, el: &Element, content: &Value) {
    let text = dom::text("");
    dom::append(el, &text);
    cx.bind(content, move |v| match v {
        Value::Bool(_) => text.set_text_content(Some("")),
        // The template's output as it is (no copy into a new String per update).
        Value::String(s) => text.set_text_content(Some(&s)),
        other => text.set_text_content(Some(&template::display(&other))),
    });
}

/// `base` plus the modifier classes of `mods`, from the props' values at first render.
pub(super) fn classes(cx: &Cx, base_class: &str, mods: Mods, node: &Value) -> String {
    let mut out = base_class.to_string();
    for &(key, infix, default) in mods {
        let value = token(cx, node, key, default);
        out.push(' ');
        out.push_str(base_class);
        out.push('-');
        out.push_str(infix);
        out.push_str(&value);
    }
    out
}

/// A modifier prop's value (evaluated at first render) if it is a class-name fragment.
pub(super) fn token(cx: &Cx, node: &Value, key: &str, default: &str) -> String {
    match template::interpolate(prop(node, key), &*cx.frame) {
        Value::String(s) if is_token(&s) => String::from(&*s),
        _ => default.to_string(),
    }
}

/// A class-name fragment (`success`, `lg`): letters, digits, `-`, `_`.
fn is_token(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The integer value of a numeric prop, if it is a positive number.
fn count(node: &Value, key: &str) -> Option<String> {
    positive(prop(node, key))
}

/// `value` as a whole number ≥ 1, written out.
fn positive(value: &Value) -> Option<String> {
    let n = value.to_number();
    (n.is_finite() && n >= 1.0).then(|| number_to_string(n.floor()))
}

/// Grid geometry props → CSS custom properties read by `20-display.css` (one table instead of
/// a function per type): `Grid`/`Dashboard` `columns`, `Dashboard` `rows`/`rowHeight`,
/// `DashboardItem` `col`/`row`, `GridItem`/`DashboardItem` `colSpan`/`rowSpan`, `zIndex`,
/// Grid `minColumnWidth`. Grid `columns` as an object of breakpoints becomes classes
/// `grid-cols-N md:grid-cols-M` for the class compiler; `columnTemplate` is the template.
fn grid_styles(cx: &Cx, el: &Element, node: &Value) {
    const VARS: &[(&str, &str)] = &[
        ("columns", "--pf-columns"),
        ("rows", "--pf-rows"),
        ("col", "--pf-col"),
        ("row", "--pf-row"),
        ("colSpan", "--pf-col-span"),
        ("rowSpan", "--pf-row-span"),
        ("zIndex", "z-index"),
    ];
    for &(key, var) in VARS {
        if let Some(n) = count(node, key) {
            set_style(el, var, &n);
        }
    }
    if let Value::Object(map) = prop(node, "columns") {
        let mut list = String::new();
        for (bp, n) in map.iter() {
            let Some(n) = positive(n).filter(|_| is_token(bp)) else {
                continue;
            };
            if bp != "default" && bp != "base" {
                list.push_str(bp);
                list.push(':');
            }
            list.push_str("grid-cols-");
            list.push_str(&n);
            list.push(' ');
        }
        crate::classes::note(&list);
        for class in list.split_ascii_whitespace() {
            dom::report(el.class_list().add_1(class));
        }
    }
    match template::interpolate(prop(node, "rowHeight"), &*cx.frame) {
        Value::String(s) => set_style(el, "--pf-row-height", &s),
        Value::Number(n) => set_style(el, "--pf-row-height", &(number_to_string(n) + "px")),
        _ => {}
    }
    if let Some(width) = prop(node, "minColumnWidth").as_str() {
        set_style(el, "--pf-min-col", width);
    }
    if let Some(template) = prop(node, "columnTemplate").as_str() {
        set_style(el, "grid-template-columns", template);
    }
}
