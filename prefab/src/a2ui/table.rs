//! The mapping table: prefab component type ↔ A2UI basic-catalog component, prop ↔ property.
//!
//! Rows are read in order. Writing A2UI takes the first row for the prefab type; reading A2UI
//! takes the first [`Fidelity::Exact`] row for the component whose fixed properties match,
//! so exact rows are the round trip's canonical pairs.

/// How faithfully a row carries its prefab type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fidelity {
    /// Lossless both ways; the row A2UI is read back with.
    Exact,
    /// Lossless into A2UI, read back as another prefab type (`Markdown` → `Text`).
    Alias,
    /// Shown with a simpler component (reported as `degraded`).
    Degraded,
}

/// How one prefab prop becomes one A2UI property and back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conv {
    /// A string that may be a `{{ }}` template ↔ an A2UI dynamic value.
    Dyn,
    /// Copied verbatim.
    Lit,
    /// Copied verbatim; the JSON text is written when the prop is absent and dropped when read
    /// back equal (A2UI requires what prefab defaults).
    LitOr(&'static str),
    /// Enum values through `(prefab, a2ui)` pairs (first pair wins when read back).
    Map(&'static [(&'static str, &'static str)]),
    /// prefab (lucide) icon name ↔ A2UI icon name.
    Icon,
    /// The stateful value: prefab `name` ↔ `{"path": "/name"}`, or a literal `value`; the JSON
    /// text is written when there is neither.
    Bind(&'static str),
    /// `required: true` ↔ a `required` check with the message [`REQUIRED_MESSAGE`]. Read,
    /// every check with another message also shows it while the check fails (a
    /// `FieldError` in a `Field` around the control).
    Required,
    /// An action ↔ an A2UI action.
    Action,
    /// A control's `label` ↔ the `Label` of a `Field` around the control
    /// (`Field[Label, Input]` ↔ `TextField{label}`). With no such `Field`, the prefab prop
    /// (`placeholder`) is written as the label, reported: it reads back as a `Label`.
    FieldLabel,
}

pub use crate::expr::REQUIRED_MESSAGE;

/// Where a component's children go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kids {
    /// None.
    Leaf,
    /// `children` ↔ `children` (a list of ids).
    List,
    /// `children` ↔ `child` (several wrapped in a `Column`).
    One,
    /// `label` (and `icon`) ↔ `child` (a `Text` / `Icon` component).
    Label,
    /// `Tab` children (`title`, body) ↔ `tabs`.
    Tabs,
    /// First child ↔ `trigger`, the rest ↔ `content`.
    Modal,
    /// Option children of this type ↔ `options`; `(type, value key, label key)`.
    Options(&'static str, &'static str, &'static str),
    /// `ForEach` `key` and body ↔ a `children` template.
    Template,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Mapping {
    /// prefab component type.
    pub prefab: &'static str,
    /// A2UI basic-catalog component.
    pub a2ui: &'static str,
    /// How faithful the row is.
    pub fidelity: Fidelity,
    /// A2UI properties with fixed values (JSON text), written always and matched when read.
    pub fixed: &'static [(&'static str, &'static str)],
    /// prefab props with fixed values (JSON text) the row is for: matched when written
    /// (a row without them takes every node of its type), set when read.
    pub when: &'static [(&'static str, &'static str)],
    /// `(prefab prop, A2UI property, conversion)`.
    pub props: &'static [(&'static str, &'static str, Conv)],
    /// Children.
    pub kids: Kids,
    /// A2UI draws the control's value beside it (a Slider's): read, the value follows the
    /// control as a [`SHOWN_VALUE`] text in a `Field` around it; written, that text is the
    /// component's own.
    pub shows_value: bool,
}

/// The prefab type a control's shown value is read as (see [`Mapping::shows_value`]).
pub const SHOWN_VALUE: &str = "Muted";

/// The text of a control's shown value: `{{ name }}` of its state, else its literal value
/// (a string or number; `0` for none, A2UI's default).
pub(crate) fn shown_value(node: &serde_json::Map<String, serde_json::Value>) -> String {
    match (
        node.get("name").and_then(serde_json::Value::as_str),
        node.get("value"),
    ) {
        (Some(name), _) => format!("{{{{ {name} }}}}"),
        (None, Some(serde_json::Value::String(s))) => s.clone(),
        (None, Some(n @ serde_json::Value::Number(_))) => n.to_string(),
        _ => "0".into(),
    }
}

use Conv::*;
use Fidelity::*;
use Kids::*;

const TEXT: &[(&str, &str, Conv)] = &[("content", "text", Dyn)];
const LABEL_TEXT: &[(&str, &str, Conv)] = &[("label", "text", Dyn)];
const MEDIA: &[(&str, &str, Conv)] = &[("src", "url", Dyn)];
const NONE: &[(&str, &str, Conv)] = &[];
const DATE_TIME: &[(&str, &str, Conv)] = &[
    ("placeholder", "label", FieldLabel),
    ("name", "value", Bind("\"\"")),
];
const INPUT_TYPE: &[(&str, &str)] = &[
    ("text", "shortText"),
    ("password", "obscured"),
    ("number", "number"),
];
const BUTTON_VARIANT: &[(&str, &str)] = &[
    ("default", "primary"),
    ("outline", "default"),
    ("ghost", "borderless"),
    ("secondary", "default"),
    ("link", "borderless"),
];
const HEADING_LEVEL: &[(&str, &str)] = &[("1", "h1"), ("2", "h2"), ("3", "h3"), ("4", "h4")];

const fn row(
    prefab: &'static str,
    a2ui: &'static str,
    fidelity: Fidelity,
    fixed: &'static [(&'static str, &'static str)],
    props: &'static [(&'static str, &'static str, Conv)],
    kids: Kids,
) -> Mapping {
    Mapping {
        prefab,
        a2ui,
        fidelity,
        fixed,
        when: &[],
        props,
        kids,
        shows_value: false,
    }
}

/// Row `m`, whose control A2UI draws with its value beside it.
const fn showing_value(mut m: Mapping) -> Mapping {
    m.shows_value = true;
    m
}

/// Row `m` for the nodes of its type whose props `when` hold.
const fn when(mut m: Mapping, when: &'static [(&'static str, &'static str)]) -> Mapping {
    m.when = when;
    m
}

const fn text(
    prefab: &'static str,
    fidelity: Fidelity,
    variant: &'static [(&'static str, &'static str)],
) -> Mapping {
    row(prefab, "Text", fidelity, variant, TEXT, Leaf)
}

const fn column(prefab: &'static str) -> Mapping {
    row(prefab, "Column", Degraded, &[], NONE, List)
}

/// Every row, in lookup order.
const ROWS: &[Mapping] = &[
    text("H1", Exact, &[("variant", "\"h1\"")]),
    text("H2", Exact, &[("variant", "\"h2\"")]),
    text("H3", Exact, &[("variant", "\"h3\"")]),
    text("H4", Exact, &[("variant", "\"h4\"")]),
    text("Large", Exact, &[("variant", "\"h5\"")]),
    text("Muted", Exact, &[("variant", "\"caption\"")]),
    text("P", Exact, &[("variant", "\"body\"")]),
    text("Text", Exact, &[]),
    text("Markdown", Alias, &[]),
    row(
        "Heading",
        "Text",
        Alias,
        &[],
        &[
            ("content", "text", Dyn),
            ("level", "variant", Map(HEADING_LEVEL)),
        ],
        Leaf,
    ),
    text("Small", Degraded, &[("variant", "\"caption\"")]),
    text("CardDescription", Degraded, &[("variant", "\"caption\"")]),
    text("FieldDescription", Degraded, &[("variant", "\"caption\"")]),
    text("TableCaption", Degraded, &[("variant", "\"caption\"")]),
    row(
        "Label",
        "Text",
        Degraded,
        &[("variant", "\"caption\"")],
        &[("text", "text", Dyn)],
        Leaf,
    ),
    row(
        "Badge",
        "Text",
        Degraded,
        &[("variant", "\"caption\"")],
        LABEL_TEXT,
        Leaf,
    ),
    row("Kbd", "Text", Degraded, &[], LABEL_TEXT, Leaf),
    text("Lead", Degraded, &[]),
    text("CardTitle", Degraded, &[("variant", "\"h4\"")]),
    text("AlertTitle", Degraded, &[("variant", "\"h4\"")]),
    text("AlertDescription", Degraded, &[]),
    text("FieldTitle", Degraded, &[]),
    text("FieldError", Degraded, &[]),
    text("BlockQuote", Degraded, &[]),
    text("Code", Degraded, &[]),
    text("Span", Degraded, &[]),
    text("Link", Degraded, &[]),
    row(
        "Metric",
        "Text",
        Degraded,
        &[("variant", "\"h3\"")],
        &[("value", "text", Dyn)],
        Leaf,
    ),
    row(
        "Image",
        "Image",
        Exact,
        &[],
        &[("src", "url", Dyn), ("alt", "description", Dyn)],
        Leaf,
    ),
    row("Icon", "Icon", Exact, &[], &[("name", "name", Icon)], Leaf),
    row("Video", "Video", Exact, &[], MEDIA, Leaf),
    row("Audio", "AudioPlayer", Exact, &[], MEDIA, Leaf),
    row(
        "Separator",
        "Divider",
        Exact,
        &[],
        &[("orientation", "axis", Lit)],
        Leaf,
    ),
    row("Column", "Column", Exact, &[], NONE, List),
    row("Row", "Row", Exact, &[], NONE, List),
    row("ForEach", "List", Exact, &[], NONE, Template),
    row("Card", "Card", Exact, &[], NONE, One),
    row("Alert", "Card", Degraded, &[], NONE, One),
    row(
        "Button",
        "Button",
        Exact,
        &[],
        &[
            ("variant", "variant", Map(BUTTON_VARIANT)),
            ("onClick", "action", Action),
        ],
        Label,
    ),
    row(
        "Textarea",
        "TextField",
        Exact,
        &[("variant", "\"longText\"")],
        &[
            ("placeholder", "label", FieldLabel),
            ("name", "value", Bind("null")),
            ("required", "checks", Required),
        ],
        Leaf,
    ),
    // The browser's date and time inputs, as A2UI renderers draw a DateTimeInput with a
    // time. Written before the TextField row, which takes every other Input; read before the
    // DatePicker row, which takes every other DateTimeInput.
    when(
        row(
            "Input",
            "DateTimeInput",
            Exact,
            &[("enableDate", "true"), ("enableTime", "true")],
            DATE_TIME,
            Leaf,
        ),
        &[("inputType", "\"datetime-local\"")],
    ),
    when(
        row(
            "Input",
            "DateTimeInput",
            Exact,
            &[("enableDate", "false"), ("enableTime", "true")],
            DATE_TIME,
            Leaf,
        ),
        &[("inputType", "\"time\"")],
    ),
    row(
        "Input",
        "TextField",
        Exact,
        &[],
        &[
            ("placeholder", "label", FieldLabel),
            ("inputType", "variant", Map(INPUT_TYPE)),
            ("name", "value", Bind("null")),
            ("required", "checks", Required),
        ],
        Leaf,
    ),
    row(
        "Checkbox",
        "CheckBox",
        Exact,
        &[],
        &[
            ("label", "label", LitOr("\"\"")),
            ("name", "value", Bind("false")),
            ("required", "checks", Required),
        ],
        Leaf,
    ),
    row(
        "Switch",
        "CheckBox",
        Degraded,
        &[],
        &[
            ("label", "label", LitOr("\"\"")),
            ("name", "value", Bind("false")),
        ],
        Leaf,
    ),
    showing_value(row(
        "Slider",
        "Slider",
        Exact,
        &[],
        &[
            ("placeholder", "label", FieldLabel),
            ("min", "min", LitOr("0")),
            ("max", "max", LitOr("100")),
            ("name", "value", Bind("0")),
        ],
        Leaf,
    )),
    // Chips show every option, as a RadioGroup does (a Select shows the chosen one): read
    // before the Select row, which matches every ChoicePicker.
    row(
        "RadioGroup",
        "ChoicePicker",
        Exact,
        &[
            ("variant", "\"mutuallyExclusive\""),
            ("displayStyle", "\"chips\""),
        ],
        &[
            ("placeholder", "label", FieldLabel),
            ("name", "value", Bind("[]")),
        ],
        Options("Radio", "option", "label"),
    ),
    row(
        "Select",
        "ChoicePicker",
        Exact,
        &[],
        &[
            ("placeholder", "label", FieldLabel),
            ("name", "value", Bind("[]")),
        ],
        Options("SelectOption", "value", "label"),
    ),
    row(
        "DatePicker",
        "DateTimeInput",
        Exact,
        &[("enableDate", "true")],
        &[
            ("placeholder", "label", FieldLabel),
            ("name", "value", Bind("\"\"")),
        ],
        Leaf,
    ),
    row(
        "Calendar",
        "DateTimeInput",
        Degraded,
        &[("enableDate", "true")],
        &[("name", "value", Bind("\"\""))],
        Leaf,
    ),
    row("Tabs", "Tabs", Exact, &[], NONE, Tabs),
    row("Dialog", "Modal", Exact, &[], NONE, Modal),
    column("Div"),
    column("Container"),
    column("CardHeader"),
    column("CardContent"),
    column("CardFooter"),
    column("Form"),
    column("Field"),
    column("FieldContent"),
    column("Grid"),
    column("GridItem"),
    column("Dashboard"),
    column("DashboardItem"),
    column("Pages"),
    column("Page"),
    column("Accordion"),
    column("AccordionItem"),
    column("Carousel"),
    column("ChoiceCard"),
    column("Popover"),
    column("HoverCard"),
    column("Tooltip"),
    column("Table"),
    column("TableHeader"),
    column("TableBody"),
    column("TableFooter"),
    column("Slot"),
    row("TableRow", "Row", Degraded, &[], NONE, List),
    row(
        "TableHead",
        "Text",
        Degraded,
        &[("variant", "\"caption\"")],
        TEXT,
        Leaf,
    ),
    row("TableCell", "Text", Degraded, &[], TEXT, Leaf),
    row("ButtonGroup", "Row", Degraded, &[], NONE, List),
];

/// The whole table, in lookup order.
#[must_use]
pub fn mappings() -> &'static [Mapping] {
    ROWS
}

/// The row prefab node `node` of type `ty` is written with.
pub(crate) fn by_prefab(ty: &str, node: &serde_json::Value) -> Option<&'static Mapping> {
    ROWS.iter().find(|row| {
        row.prefab == ty
            && (row.when.iter())
                .all(|(k, text)| node.get(*k) == serde_json::from_str(text).ok().as_ref())
    })
}

/// The rows an A2UI component may be read back with (exact rows only), in order.
pub(crate) fn by_a2ui(component: &str) -> impl Iterator<Item = &'static Mapping> + '_ {
    ROWS.iter()
        .filter(move |row| row.a2ui == component && row.fidelity == Exact)
}

/// lucide icon name ↔ A2UI basic-catalog icon name (first pair wins when read back).
pub(crate) const ICONS: &[(&str, &str)] = &[
    ("circle-user", "accountCircle"),
    ("plus", "add"),
    ("arrow-left", "arrowBack"),
    ("arrow-right", "arrowForward"),
    ("paperclip", "attachFile"),
    ("calendar", "calendarToday"),
    ("phone", "call"),
    ("camera", "camera"),
    ("check", "check"),
    ("x", "close"),
    ("trash", "delete"),
    ("download", "download"),
    ("edit", "edit"),
    ("calendar-days", "event"),
    ("circle-alert", "error"),
    ("fast-forward", "fastForward"),
    ("heart", "favorite"),
    ("heart-off", "favoriteOff"),
    ("folder", "folder"),
    ("circle-help", "help"),
    ("home", "home"),
    ("info", "info"),
    ("map-pin", "locationOn"),
    ("lock", "lock"),
    ("lock-open", "lockOpen"),
    ("mail", "mail"),
    ("menu", "menu"),
    ("more-vertical", "moreVert"),
    ("more-horizontal", "moreHoriz"),
    ("bell-off", "notificationsOff"),
    ("bell", "notifications"),
    ("pause", "pause"),
    ("credit-card", "payment"),
    ("user", "person"),
    ("smartphone", "phone"),
    ("image", "photo"),
    ("play", "play"),
    ("printer", "print"),
    ("refresh-cw", "refresh"),
    ("rewind", "rewind"),
    ("search", "search"),
    ("send", "send"),
    ("settings", "settings"),
    ("share", "share"),
    ("shopping-cart", "shoppingCart"),
    ("skip-forward", "skipNext"),
    ("skip-back", "skipPrevious"),
    ("star", "star"),
    ("star-half", "starHalf"),
    ("star-off", "starOff"),
    ("square", "stop"),
    ("upload", "upload"),
    ("eye", "visibility"),
    ("eye-off", "visibilityOff"),
    ("volume-1", "volumeDown"),
    ("volume", "volumeMute"),
    ("volume-x", "volumeOff"),
    ("volume-2", "volumeUp"),
    ("triangle-alert", "warning"),
    ("alert-triangle", "warning"),
    ("cog", "settings"),
    ("trash-2", "delete"),
    ("pencil", "edit"),
    ("house", "home"),
];

/// `(prefab value, A2UI value)` pairs.
pub(crate) type Pairs = &'static [(&'static str, &'static str)];

/// Class tokens of rows with children that become A2UI properties: (prefix, property, pairs).
pub(crate) const CLASS_PROPS: &[(&str, &str, Pairs)] = &[
    (
        "items-",
        "align",
        &[
            ("start", "start"),
            ("center", "center"),
            ("end", "end"),
            ("stretch", "stretch"),
        ],
    ),
    (
        "justify-",
        "justify",
        &[
            ("start", "start"),
            ("center", "center"),
            ("end", "end"),
            ("between", "spaceBetween"),
            ("around", "spaceAround"),
            ("evenly", "spaceEvenly"),
            ("stretch", "stretch"),
        ],
    ),
];

/// A2UI properties the basic catalog requires, with the value written when prefab has none.
pub(crate) const A2UI_REQUIRED: &[(&str, &str, &str)] = &[
    ("Text", "text", "\"\""),
    ("Image", "url", "\"\""),
    ("Video", "url", "\"\""),
    ("AudioPlayer", "url", "\"\""),
    ("TextField", "label", "\"\""),
    ("ChoicePicker", "options", "[]"),
];

/// prefab props the wire format requires, with the value written when A2UI has none.
pub(crate) const PREFAB_REQUIRED: &[(&str, &str, &str)] = &[
    ("Icon", "name", "\"\""),
    ("Image", "src", "\"\""),
    ("Video", "src", "\"\""),
    ("Audio", "src", "\"\""),
    ("Tab", "title", "\"\""),
];

/// Inserts the `(type, key, JSON text)` defaults of `table` that `object` of type `ty` lacks.
pub(crate) fn fill_required(
    table: &[(&str, &str, &str)],
    ty: &str,
    object: &mut serde_json::Map<String, serde_json::Value>,
) {
    for (_, key, text) in table.iter().filter(|(t, ..)| *t == ty) {
        if !object.contains_key(*key) {
            object.insert(
                (*key).into(),
                serde_json::from_str(text).unwrap_or_default(),
            );
        }
    }
}
