//! The `actions!` macro: like `components!` (see `components/macros.rs`), one row per action
//! generates the struct with `onSuccess`/`onError`, `extra`, the builder, the prop table
//! and a doc example, plus the [`Action`](super::Action) enum with its `action` dispatch.
//!
//! ```text
//! /// Doc.
//! Name "wireTag" { required: Type, … ; optional: Type, … } => example_expression;
//! ```

macro_rules! actions {
    ($(
        $(#[$doc:meta])*
        $name:ident $tag:literal {
            $($req:ident : $rty:ty),* $(,)?
            $(; $($opt:ident : $oty:ty),* $(,)?)?
        } => $ex:expr;
    )*) => {
        $(actions!(@one [$(#[$doc])*] $name $tag { $($req : $rty),* } { $($($opt : $oty),*)? } $ex);)*

        /// Every action of the wire format, tagged by `"action"`.
        ///
        /// Parsing fails loudly on an `action` it does not know.
        ///
        /// ```
        /// use prefab::*;
        /// let a: Action = SetState::new("count", 0).into();
        /// assert_eq!(a.tag(), "setState");
        /// let err = Action::from_value(serde_json::json!({"action": "setStat"})).unwrap_err();
        /// assert!(err.to_string().contains("did you mean \"setState\""));
        /// ```
        #[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
        #[serde(tag = "action")]
        #[non_exhaustive]
        pub enum Action {
            $(
                #[allow(missing_docs)]
                #[serde(rename = $tag)]
                $name($name),
            )*
        }

        impl Action {
            /// Every wire `action` this crate knows.
            pub const TAGS: &'static [&'static str] = &[$($tag),*];

            /// The wire `action` discriminator.
            #[must_use]
            pub fn tag(&self) -> &'static str {
                match self {
                    $(Action::$name(_) => $tag,)*
                }
            }

            /// The prop table of a wire `action`, for validation.
            pub(crate) fn props_of(tag: &str) -> Option<&'static [$crate::wire::PropSpec]> {
                match tag {
                    $($tag => Some($name::PROPS),)*
                    _ => None,
                }
            }

            /// Builds an action from JSON, failing on an unknown `action` (with a suggestion).
            ///
            /// # Errors
            /// When the value is not an object, has no string `action`, names an unknown
            /// action, or a field has the wrong shape.
            pub fn from_value(value: serde_json::Value) -> Result<Self, serde_json::Error> {
                let serde_json::Value::Object(mut map) = value else {
                    return Err(serde::de::Error::custom(format!(
                        "expected an action object, got {}",
                        $crate::wire::describe(&value)
                    )));
                };
                let tag = match map.shift_remove("action") {
                    Some(serde_json::Value::String(tag)) => tag,
                    Some(other) => return Err(serde::de::Error::custom(format!(
                        "\"action\" must be a string, got {}",
                        $crate::wire::describe(&other)
                    ))),
                    None => return Err(serde::de::Error::custom("missing \"action\" on an action")),
                };
                let props = map;
                // Function pointers keep the recursive frame small (see `Component::from_parts`).
                let build: fn($crate::wire::Map) -> Result<Action, serde_json::Error> = match tag.as_str() {
                    $($tag => |props| Ok(Action::$name($name::from_map(props)?)),)*
                    other => {
                        return Err(serde::de::Error::custom(format!(
                            "unknown action {}{}",
                            $crate::wire::quoted(other),
                            $crate::wire::did_you_mean(other, Self::TAGS)
                        )));
                    }
                };
                build(props)
            }
        }

        $(
            impl From<$name> for Action {
                fn from(a: $name) -> Self {
                    Action::$name(a)
                }
            }

            impl From<$name> for $crate::Actions {
                fn from(a: $name) -> Self {
                    $crate::Actions::One(Box::new(Action::$name(a)))
                }
            }
        )*
    };

    (@one [$(#[$doc:meta])*] $name:ident $tag:literal
        { $($req:ident : $rty:ty),* } { $($opt:ident : $oty:ty),* } $ex:expr
    ) => {
        $(#[$doc])*
        ///
        /// # Example
        ///
        #[doc = concat!(
            "```\nuse prefab::*;\nlet action: Action = ", stringify!($ex), ".into();\n",
            "let json = serde_json::to_value(&action).unwrap();\n",
            "assert_eq!(json[\"action\"], \"", $tag, "\");\n```"
        )]
        #[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase")]
        #[non_exhaustive]
        pub struct $name {
            /// Runs after success, with `$result` in scope.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub on_success: Option<$crate::Actions>,
            /// Runs after failure, with `$error` in scope.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub on_error: Option<$crate::Actions>,
            $(
                #[allow(missing_docs)]
                pub $req: $rty,
            )*
            $(
                #[allow(missing_docs)]
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $opt: Option<$oty>,
            )*
            /// Fields this version does not know: kept, re-emitted, reported as warnings.
            #[serde(flatten)]
            pub extra: $crate::wire::Map,
        }

        impl $name {
            /// Builds the struct by consuming the object (without `"action"`): known fields
            /// are moved into place, the rest into `extra`.
            pub(crate) fn from_map(
                map: $crate::wire::Map,
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
                    } else if is_wire_key("on_success", &key) {
                        out.on_success = Some(FromJson::from_json(value).map_err(at)?);
                    } else if is_wire_key("on_error", &key) {
                        out.on_error = Some(FromJson::from_json(value).map_err(at)?);
                    }
                    $(else if is_wire_key(stringify!($req), &key) {
                        $req = Some(FromJson::from_json(value).map_err(at)?);
                    })*
                    $(else if is_wire_key(stringify!($opt), &key) {
                        out.$opt = Some(FromJson::from_json(value).map_err(at)?);
                    })*
                    else {
                        out.extra.insert(key, value);
                    }
                }
                $(out.$req = $req.ok_or_else(|| FromJsonError::missing(stringify!($req)))?;)*
                Ok(out)
            }

            /// Every wire field of this action, for validation.
            pub(crate) const PROPS: &'static [$crate::wire::PropSpec] = &[
                $crate::wire::PropSpec::new("on_success", false, <$crate::Actions as $crate::wire::Check>::check),
                $crate::wire::PropSpec::new("on_error", false, <$crate::Actions as $crate::wire::Check>::check),
                $($crate::wire::PropSpec::new(stringify!($req), true, <$rty as $crate::wire::Check>::check),)*
                $($crate::wire::PropSpec::new(stringify!($opt), false, <$oty as $crate::wire::Check>::check),)*
            ];

            /// Creates the action with its required fields.
            #[must_use]
            pub fn new($($req: impl Into<$rty>),*) -> Self {
                Self { $($req: $req.into(),)* ..Self::default() }
            }

            /// Sets the actions run after success.
            #[must_use]
            pub fn on_success(mut self, actions: impl Into<$crate::Actions>) -> Self {
                self.on_success = Some(actions.into());
                self
            }

            /// Sets the actions run after failure.
            #[must_use]
            pub fn on_error(mut self, actions: impl Into<$crate::Actions>) -> Self {
                self.on_error = Some(actions.into());
                self
            }

            $crate::wire::field_setters! {
                required { $($req: $rty),* } optional { $($opt: $oty),* }
            }
        }
    };
}
