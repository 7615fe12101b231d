//! The `components!` macro: one table row per component type generates
//!
//! * the struct (serde + `schemars::JsonSchema`, camelCase wire keys, absent ≠ default:
//!   every optional prop is an `Option`, skipped when `None`);
//! * the base props every node accepts (`id`, `ariaLabel`, `ariaLabelledBy`, `cssClass`,
//!   `onMount`), plus `let` and `children` for containers, plus `extra` — unknown props,
//!   kept and re-emitted;
//! * a builder: `new(required…)`, one `#[must_use]` setter per prop taking `impl Into<…>`,
//!   `child`/`children` for containers, text modifiers for text components;
//! * `PROPS`, the static prop table that the validator walks JSON with;
//! * a doc example built from the row's example expression;
//! * per invocation (one per family file), `TYPES`: the family's wire types.
//!
//! Row syntax (inside `components! { … }`):
//!
//! ```text
//! /// Doc comment.
//! kind Name { req_field: Type, … ; opt_field: Type, … } => example_expression;
//! ```
//!
//! `kind` is `leaf`, `container` or `text` (a leaf with `bold()`, `italic()`, … helpers).
//! `Name [new(field)]` (containers whose text is optional on the wire because children may
//! replace it, like `CardTitle`'s `content`) takes that optional `String` field in `new`, as
//! content-bearing components do (`H2::new(text)`), and adds `inline()`: the component
//! without it, for children instead.

/// Generates component structs from a table; see the module docs.
macro_rules! components {
    ($(
        $(#[$doc:meta])*
        $kind:ident $name:ident $([$($custom:tt)*])? {
            $($req:ident : $rty:ty),* $(,)?
            $(; $($opt:ident : $oty:ty),* $(,)?)?
        } => $ex:expr;
    )*) => {
        /// The wire `type`s of this family, in table order (public through
        /// `components::FAMILIES`; crate-visible, so `prefab`'s glob re-exports skip it).
        pub(crate) const TYPES: &[&str] = &[$(stringify!($name)),*];
        $(
        components!(@kind $kind [$(#[$doc])*] $name [$($($custom)*)?]
            { $($req : $rty),* } { $($($opt : $oty),*)? } $ex);
    )*};

    (@kind container $docs:tt $name:ident $custom:tt $req:tt $opt:tt $ex:expr) => {
        components!(@build container $docs $name $custom $req $opt
            { r#let: $crate::components::Map, children: Vec<$crate::components::Node> } $ex);
    };
    (@kind leaf $docs:tt $name:ident $custom:tt $req:tt $opt:tt $ex:expr) => {
        components!(@build leaf $docs $name $custom $req $opt {} $ex);
    };
    (@kind text $docs:tt $name:ident $custom:tt $req:tt $opt:tt $ex:expr) => {
        components!(@build text $docs $name $custom $req $opt {} $ex);
    };

    (@build $kind:ident [$(#[$doc:meta])*] $name:ident $custom:tt
        { $($req:ident : $rty:ty),* }
        { $($opt:ident : $oty:ty),* }
        { $($cf:ident : $cty:ty),* }
        $ex:expr
    ) => {
        $(#[$doc])*
        ///
        /// # Example
        ///
        #[doc = concat!(
            "```\nuse prefab::*;\nlet node: Node = ", stringify!($ex), ".into();\n",
            "let json = serde_json::to_value(&node).unwrap();\n",
            "assert_eq!(json[\"type\"], \"", stringify!($name), "\");\n```"
        )]
        #[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase")]
        #[non_exhaustive]
        pub struct $name {
            /// DOM id.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub id: Option<String>,
            /// Accessible label.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub aria_label: Option<String>,
            /// Id of the element that labels this one.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub aria_labelled_by: Option<String>,
            /// CSS classes (Tailwind utilities and `pf-*` hooks).
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub css_class: Option<String>,
            /// Actions run once when the node is mounted.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub on_mount: Option<$crate::Actions>,
            $(
                #[allow(missing_docs)]
                pub $req: $rty,
            )*
            $(
                #[allow(missing_docs)]
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $opt: Option<$oty>,
            )*
            $(
                #[allow(missing_docs)]
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $cf: Option<$cty>,
            )*
            /// Props this version does not know: kept, re-emitted, reported as warnings.
            #[serde(flatten)]
            pub extra: $crate::components::Map,
        }

        components!(@new $name $custom { $($req : $rty),* });

        impl $name {
            /// The small example of this component shown in its docs, as a node.
            pub(crate) fn example() -> $crate::components::Node {
                #[allow(unused_imports)]
                use $crate::*;
                ($ex).into()
            }
        }

        impl $name {
            /// Builds the struct by consuming the object (without `"type"`): known props are
            /// moved into their fields, the rest into `extra`.
            pub(crate) fn from_map(
                map: $crate::components::Map,
            ) -> Result<Self, $crate::wire::FromJsonError> {
                use $crate::wire::{FromJson, FromJsonError, is_wire_key};
                let mut out = Self::default();
                $(let mut $req: Option<$rty> = None;)*
                for (key, value) in map {
                    let at = |e: FromJsonError| e.at_key(&key);
                    let required = false $(|| is_wire_key(stringify!($req), &key))*;
                    if value.is_null() && !required {
                        // `null` means absent for an optional prop; keep it verbatim so it
                        // round-trips. A required prop takes it as its value (`setState`'s
                        // `value` may be `null`), or reports it.
                        out.extra.insert(key, value);
                    } else if is_wire_key("id", &key) {
                        out.id = Some(FromJson::from_json(value).map_err(at)?);
                    } else if is_wire_key("aria_label", &key) {
                        out.aria_label = Some(FromJson::from_json(value).map_err(at)?);
                    } else if is_wire_key("aria_labelled_by", &key) {
                        out.aria_labelled_by = Some(FromJson::from_json(value).map_err(at)?);
                    } else if is_wire_key("css_class", &key) {
                        out.css_class = Some(FromJson::from_json(value).map_err(at)?);
                    } else if is_wire_key("on_mount", &key) {
                        out.on_mount = Some(FromJson::from_json(value).map_err(at)?);
                    }
                    $(else if is_wire_key(stringify!($req), &key) {
                        $req = Some(FromJson::from_json(value).map_err(at)?);
                    })*
                    $(else if is_wire_key(stringify!($opt), &key) {
                        out.$opt = Some(FromJson::from_json(value).map_err(at)?);
                    })*
                    $(else if is_wire_key(stringify!($cf), &key) {
                        out.$cf = Some(FromJson::from_json(value).map_err(at)?);
                    })*
                    else {
                        out.extra.insert(key, value);
                    }
                }
                $(out.$req = $req.ok_or_else(|| FromJsonError::missing(stringify!($req)))?;)*
                Ok(out)
            }
        }

        impl $name {
            /// Every wire prop of this type, for validation.
            pub(crate) const PROPS: &'static [$crate::wire::PropSpec] = &[
                $crate::wire::PropSpec::new("id", false, <String as $crate::wire::Check>::check),
                $crate::wire::PropSpec::new("aria_label", false, <String as $crate::wire::Check>::check),
                $crate::wire::PropSpec::new("aria_labelled_by", false, <String as $crate::wire::Check>::check),
                $crate::wire::PropSpec::new("css_class", false, <String as $crate::wire::Check>::check),
                $crate::wire::PropSpec::new("on_mount", false, <$crate::Actions as $crate::wire::Check>::check),
                $($crate::wire::PropSpec::new(stringify!($req), true, <$rty as $crate::wire::Check>::check),)*
                $($crate::wire::PropSpec::new(stringify!($opt), false, <$oty as $crate::wire::Check>::check),)*
                $($crate::wire::PropSpec::new(stringify!($cf), false, <$cty as $crate::wire::Check>::check),)*
            ];

            /// Sets the DOM id.
            #[must_use]
            pub fn id(mut self, id: impl Into<String>) -> Self {
                self.id = Some(id.into());
                self
            }

            /// Sets the accessible label.
            #[must_use]
            pub fn aria_label(mut self, label: impl Into<String>) -> Self {
                self.aria_label = Some(label.into());
                self
            }

            /// Sets the id of the labelling element.
            #[must_use]
            pub fn aria_labelled_by(mut self, id: impl Into<String>) -> Self {
                self.aria_labelled_by = Some(id.into());
                self
            }

            /// Replaces the CSS classes.
            #[must_use]
            pub fn css_class(mut self, classes: impl Into<String>) -> Self {
                self.css_class = Some(classes.into());
                self
            }

            /// Appends CSS classes to the existing ones.
            #[must_use]
            pub fn add_class(mut self, classes: impl AsRef<str>) -> Self {
                self.css_class = $crate::components::join_classes(self.css_class.take(), classes.as_ref());
                self
            }

            /// Sets the actions run when the node is mounted.
            #[must_use]
            pub fn on_mount(mut self, actions: impl Into<$crate::Actions>) -> Self {
                self.on_mount = Some(actions.into());
                self
            }

            $crate::wire::field_setters! {
                required { $($req: $rty),* } optional { $($opt: $oty),* }
            }
        }

        components!(@extras $kind $name);
    };

    (@new $name:ident [] { $($req:ident : $rty:ty),* }) => {
        impl $name {
            /// Creates the component with its required props; everything else is absent.
            #[must_use]
            pub fn new($($req: impl Into<$rty>),*) -> Self {
                Self { $($req: $req.into(),)* ..Self::default() }
            }
        }
    };
    (@new $name:ident [new($field:ident)] {}) => {
        impl $name {
            #[doc = concat!("Creates the component with its `", stringify!($field), "`; everything else is absent.")]
            #[must_use]
            pub fn new($field: impl Into<String>) -> Self {
                Self { $field: Some($field.into()), ..Self::default() }
            }

            #[doc = concat!("Creates the component without `", stringify!($field), "`, for children instead (`.child(…)`).")]
            #[must_use]
            pub fn inline() -> Self {
                Self::default()
            }
        }
    };

    (@extras leaf $name:ident) => {};
    (@extras container $name:ident) => {
        impl $name {
            /// Appends a child node.
            #[must_use]
            pub fn child(mut self, node: impl Into<$crate::components::Node>) -> Self {
                self.children.get_or_insert_with(Vec::new).push(node.into());
                self
            }

            /// Appends child nodes.
            #[must_use]
            pub fn children<N: Into<$crate::components::Node>>(mut self, nodes: impl IntoIterator<Item = N>) -> Self {
                self.children.get_or_insert_with(Vec::new).extend(nodes.into_iter().map(Into::into));
                self
            }

            /// Adds a scoped binding (`let`) visible to the children.
            #[must_use]
            pub fn let_var(mut self, name: impl Into<String>, value: impl Into<serde_json::Value>) -> Self {
                self.r#let.get_or_insert_with(Default::default).insert(name.into(), value.into());
                self
            }
        }
    };
    (@extras text $name:ident) => {
        impl $crate::components::TextStyle for $name {
            fn css_class_mut(&mut self) -> &mut Option<String> {
                &mut self.css_class
            }
        }
    };
}
