//! [`Check`]: how each Rust prop type is checked against JSON, and [`PropSpec`], one row
//! of a component's (or action's) prop table.

use crate::Actions;
use crate::app::AppTool;
use crate::components::charts::ChartSeries;
use crate::components::control_flow::ConditionCase;
use crate::components::data::DataTableColumn;
use crate::components::form::{FileUpload, SliderValue};
use crate::components::{Bind, Map, Node, Number};
use crate::wire::{Check, Path, Walker, describe};
use serde_json::Value;
use std::collections::BTreeMap;

fn expect(ok: bool, what: &str, value: &Value, path: &Path<'_>, walker: &mut Walker) {
    if !ok {
        walker.error(path, format!("expected {what}, got {}", describe(value)));
    }
}

impl Check for String {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        expect(value.is_string(), "a string", value, path, walker);
    }
}

impl Check for bool {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        expect(value.is_boolean(), "a boolean", value, path, walker);
    }
}

impl Check for i64 {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        expect(value.is_i64(), "an integer", value, path, walker);
    }
}

impl Check for Number {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        expect(value.is_number(), "a number", value, path, walker);
    }
}

impl Check for Value {
    fn check(_: &Value, _: &Path<'_>, _: &mut Walker) {}
}

impl Check for Map {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        expect(value.is_object(), "an object", value, path, walker);
    }
}

impl<T: Check> Check for Vec<T> {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        let Value::Array(items) = value else {
            walker.error(path, format!("expected an array, got {}", describe(value)));
            return;
        };
        for (i, item) in items.iter().enumerate() {
            T::check(item, &path.index(i), walker);
        }
    }
}

impl<T: Check> Check for Bind<T> {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        if !value.is_string() {
            T::check(value, path, walker);
        }
    }
}

impl Check for Node {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        walker.node(value, path);
    }
}

impl Check for Actions {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        walker.actions(value, path);
    }
}

impl Check for SliderValue {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        let ok = value.is_number()
            || value
                .as_array()
                .is_some_and(|a| a.len() == 2 && a.iter().all(Value::is_number));
        expect(ok, "a number or [low, high]", value, path, walker);
    }
}

impl Check for ConditionCase {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        let Value::Object(map) = value else {
            walker.error(
                path,
                format!("expected a case object, got {}", describe(value)),
            );
            return;
        };
        match map.get("when") {
            Some(when) => String::check(when, &path.key("when"), walker),
            None => walker.error(path, "missing required field \"when\" on a Condition case"),
        }
        if let Some(children) = map.get("children") {
            Vec::<Node>::check(children, &path.key("children"), walker);
        }
    }
}

/// Sub-objects without nested nodes: checked by deserializing them.
macro_rules! check_by_serde {
    ($($ty:ty),*) => {$(
        impl Check for $ty {
            fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
                use serde::Deserialize as _;
                if let Err(e) = <$ty>::deserialize(value) {
                    walker.error(path, e.to_string());
                }
            }
        }
    )*};
}
check_by_serde!(ChartSeries, DataTableColumn, FileUpload);

impl Check for AppTool {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        match value {
            Value::Object(map) => walker.props(map, AppTool::PROPS, &[], "an app tool", path),
            other => walker.error(
                path,
                format!("expected an app tool object, got {}", describe(other)),
            ),
        }
    }
}

impl<T: Check> Check for BTreeMap<String, T> {
    fn check(value: &Value, path: &Path<'_>, walker: &mut Walker) {
        let Value::Object(map) = value else {
            return walker.error(path, format!("expected an object, got {}", describe(value)));
        };
        for (key, item) in map {
            T::check(item, &path.key(key), walker);
        }
    }
}
