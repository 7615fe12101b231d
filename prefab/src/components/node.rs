//! [`Node`], [`Component`] (one variant per wire `type`) and [`RefUse`].

use super::{Map, card::*, charts::*, control_flow::*, data::*, form::*, interactive::*};
use super::{layout::*, media::*, select::*, sortable::*, typography::*};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// One node of a UI tree: a component, or a use of a named template from `defs`.
///
/// ```
/// use prefab::*;
/// let a: Node = Text::new("hi").into();
/// let b: Node = RefUse::new("user_card").into();
/// let json = serde_json::to_value(vec![a, b]).unwrap();
/// assert_eq!(json[0]["type"], "Text");
/// assert_eq!(json[1]["$ref"], "user_card");
/// ```
///
/// Cloning, comparing, printing and serializing a node grow the stack when it runs low, so
/// trees built in code thousands of levels deep work on small (2 MiB) thread stacks.
#[derive(JsonSchema)]
#[serde(untagged)]
pub enum Node {
    /// A `{"$ref": name, …}` use of a template in `defs`.
    Ref(Box<RefUse>),
    /// A component, selected by its `"type"`.
    Component(Box<Component>),
}

impl Node {
    /// Builds a node from JSON, failing on an unknown `type` (with a suggestion).
    ///
    /// # Errors
    /// When the value is not an object, has no `type`/`$ref`, names an unknown type, or a
    /// prop has the wrong shape.
    pub fn from_value(value: Value) -> Result<Self, serde_json::Error> {
        let Value::Object(mut map) = value else {
            return Err(serde::de::Error::custom(format!(
                "expected a component object, got {}",
                crate::wire::describe(&value)
            )));
        };
        if map.contains_key("$ref") {
            return RefUse::deserialize(Value::Object(map)).map(Node::from);
        }
        match map.shift_remove("type") {
            Some(Value::String(tag)) => Component::from_parts(&tag, map).map(Node::from),
            Some(other) => Err(serde::de::Error::custom(format!(
                "\"type\" must be a string, got {}",
                crate::wire::describe(&other)
            ))),
            None => Err(serde::de::Error::custom(
                "missing \"type\" (or \"$ref\") on a component",
            )),
        }
    }

    /// The component, when this node is not a `$ref`.
    #[must_use]
    pub fn component(&self) -> Option<&Component> {
        match self {
            Node::Component(c) => Some(c),
            Node::Ref(_) => None,
        }
    }
}

/// Runs one level of a recursive walk over nodes, on a fresh stack segment when the
/// current one is nearly used up (native targets; the wasm engine never builds nodes).
pub(crate) fn deep<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(not(target_arch = "wasm32"))]
    {
        stacker::maybe_grow(128 * 1024, 2 * 1024 * 1024, f)
    }
    #[cfg(target_arch = "wasm32")]
    {
        f()
    }
}

impl Clone for Node {
    fn clone(&self) -> Self {
        deep(|| match self {
            Node::Ref(r) => Node::Ref(r.clone()),
            Node::Component(c) => Node::Component(c.clone()),
        })
    }
}

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        deep(|| match (self, other) {
            (Node::Ref(a), Node::Ref(b)) => a == b,
            (Node::Component(a), Node::Component(b)) => a == b,
            _ => false,
        })
    }
}

impl std::fmt::Debug for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        deep(|| match self {
            Node::Ref(r) => f.debug_tuple("Ref").field(r).finish(),
            Node::Component(c) => f.debug_tuple("Component").field(c).finish(),
        })
    }
}

impl Serialize for Node {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        deep(|| match self {
            Node::Ref(r) => r.serialize(s),
            Node::Component(c) => c.serialize(s),
        })
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Node::from_value(Value::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl From<Component> for Node {
    fn from(c: Component) -> Self {
        Node::Component(Box::new(c))
    }
}

impl From<RefUse> for Node {
    fn from(r: RefUse) -> Self {
        Node::Ref(Box::new(r))
    }
}

/// A use of a named template from the app's `defs`: `{"$ref": name, …}`.
///
/// `let` bindings are evaluated by the renderer and added to the template's scope.
///
/// ```
/// use prefab::*;
/// let use_ = RefUse::new("user_card").let_var("user", "{{ $item }}");
/// let json = serde_json::to_value(Node::from(use_)).unwrap();
/// assert_eq!(json, serde_json::json!({"$ref": "user_card", "let": {"user": "{{ $item }}"}}));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RefUse {
    /// Name of the template in `defs`.
    #[serde(rename = "$ref")]
    pub name: String,
    /// Overrides the template root's accessible label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aria_label: Option<String>,
    /// Overrides the template root's `ariaLabelledBy`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aria_labelled_by: Option<String>,
    /// Wraps the template in a `<div>` with these classes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub css_class: Option<String>,
    /// Bindings added to the template's scope.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#let: Option<Map>,
    /// Unknown props, kept and re-emitted.
    #[serde(flatten)]
    pub extra: Map,
}

impl RefUse {
    /// Every wire prop of a `$ref` node, for validation.
    pub(crate) const PROPS: &'static [crate::wire::PropSpec] = &[
        crate::wire::PropSpec::new("$ref", true, <String as crate::wire::Check>::check),
        crate::wire::PropSpec::new("aria_label", false, <String as crate::wire::Check>::check),
        crate::wire::PropSpec::new(
            "aria_labelled_by",
            false,
            <String as crate::wire::Check>::check,
        ),
        crate::wire::PropSpec::new("css_class", false, <String as crate::wire::Check>::check),
        crate::wire::PropSpec::new("r#let", false, <Map as crate::wire::Check>::check),
    ];

    /// A use of the template `name`.
    #[must_use]
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            ..Self::default()
        }
    }

    /// Adds a `let` binding.
    #[must_use]
    pub fn let_var(mut self, name: impl Into<String>, value: impl Into<Value>) -> Self {
        self.r#let
            .get_or_insert_with(Map::new)
            .insert(name.into(), value.into());
        self
    }

    /// Sets the wrapper classes.
    #[must_use]
    pub fn css_class(mut self, classes: impl Into<String>) -> Self {
        self.css_class = Some(classes.into());
        self
    }
}

macro_rules! component_enum {
    ($($name:ident),* $(,)?) => {
        /// Every component type of the wire format, tagged by `"type"`.
        ///
        /// Parsing fails loudly on a `type` it does not know.
        ///
        /// ```
        /// use prefab::*;
        /// let c: Component = Button::new("Save").into();
        /// assert_eq!(c.type_name(), "Button");
        /// let err = Node::from_value(serde_json::json!({"type": "Buttn", "label": "x"})).unwrap_err();
        /// assert!(err.to_string().contains("did you mean \"Button\""));
        /// ```
        #[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
        #[serde(tag = "type")]
        #[non_exhaustive]
        pub enum Component {
            $(
                #[allow(missing_docs)]
                $name($name),
            )*
        }

        impl Component {
            /// Every wire `type` this crate knows.
            pub const TYPES: &'static [&'static str] = &[$(stringify!($name)),*];

            /// The wire `type` of this component.
            #[must_use]
            pub fn type_name(&self) -> &'static str {
                match self {
                    $(Component::$name(_) => stringify!($name),)*
                }
            }

            /// The prop table of a wire `type`, for validation.
            pub(crate) fn props_of(type_name: &str) -> Option<&'static [crate::wire::PropSpec]> {
                match type_name {
                    $(stringify!($name) => Some($name::PROPS),)*
                    _ => None,
                }
            }

            /// A small valid example of the wire `type` (the one in its docs), or `None` for
            /// an unknown type.
            ///
            /// ```
            /// let example = prefab::Component::example("Badge").unwrap();
            /// let json = serde_json::to_value(&example).unwrap();
            /// assert_eq!(json["type"], "Badge");
            /// assert!(prefab::validate(&json).is_valid());
            /// ```
            #[must_use]
            pub fn example(type_name: &str) -> Option<Node> {
                let build: fn() -> Node = match type_name {
                    $(stringify!($name) => $name::example,)*
                    _ => return None,
                };
                Some(build())
            }

            /// Builds the variant named `tag` from the rest of the object.
            ///
            /// # Errors
            /// On an unknown `tag` or a prop of the wrong shape.
            pub fn from_parts(tag: &str, props: Map) -> Result<Self, serde_json::Error> {
                // A table of function pointers rather than one big `match` of calls: this
                // keeps the recursive frame small (debug builds give every arm its own
                // stack slot for a `Component`), so deep trees parse on a 2 MiB stack.
                let build: fn(Map) -> Result<Component, serde_json::Error> = match tag {
                    $(stringify!($name) => |props| Ok(Component::$name($name::from_map(props)?)),)*
                    other => {
                        return Err(serde::de::Error::custom(format!(
                            "unknown component type {}{}",
                            crate::wire::quoted(other),
                            crate::wire::did_you_mean(other, Self::TYPES)
                        )));
                    }
                };
                build(props)
            }
        }

        $(
            impl From<$name> for Component {
                fn from(c: $name) -> Self {
                    Component::$name(c)
                }
            }

            impl From<$name> for Node {
                fn from(c: $name) -> Self {
                    Node::Component(Box::new(Component::$name(c)))
                }
            }
        )*
    };
}

component_enum! {
    // layout
    Column, Row, Grid, GridItem, Div, Container, Dashboard, DashboardItem, Separator,
    ButtonGroup, Carousel, Accordion, AccordionItem, Tabs, Tab, Pages, Page, Detail, MasterDetail,
    // typography
    Text, H1, H2, H3, H4, Heading, P, Lead, Large, Small, Muted, BlockQuote, InlineCode, Code,
    Markdown, Span, Link, Label, Kbd,
    // card
    Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter, Alert, AlertTitle,
    AlertDescription, Badge, Metric, Dot,
    // data
    DataTable, Table, TableHeader, TableBody, TableFooter, TableRow, TableHead, TableCell,
    TableCaption, Progress, Ring, Loader, Sparkline,
    // form
    Form, Field, FieldContent, FieldTitle, FieldDescription, FieldError, ChoiceCard, Input,
    Textarea, Checkbox, Switch, Slider, Radio, RadioGroup, Calendar, DatePicker, DropZone,
    // select
    Select, SelectGroup, SelectLabel, SelectOption, SelectSeparator, Combobox, ComboboxGroup,
    ComboboxLabel, ComboboxOption, ComboboxSeparator,
    // interactive
    Button, Dialog, Popover, Tooltip, HoverCard,
    // media
    Image, Audio, Video, Embed, Svg, Icon, Mermaid, PdfViewer,
    // charts
    AreaChart, BarChart, LineChart, PieChart, RadarChart, RadialChart, ScatterChart,
    WaterfallChart, Histogram,
    // control flow
    Condition, ForEach, Slot,
    // prefab-rs extension (drag-and-drop)
    Sortable, SortableGroup, SortableItem,
}
