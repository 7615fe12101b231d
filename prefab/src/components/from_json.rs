//! [`FromJson`] for the component model's own types: nodes, actions and the small
//! sub-objects of some components (the trait and its generic impls are in `crate::wire`).

use super::Node;
use crate::Actions;
use crate::wire::{FromJson, FromJsonError, Map, from_json_by_serde};
use serde_json::Value;

impl FromJson for Node {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        Node::from_value(value).map_err(Into::into)
    }
}

impl FromJson for Actions {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        Actions::from_value(value).map_err(Into::into)
    }
}

from_json_by_serde!(
    super::charts::ChartSeries,
    super::data::DataTableColumn,
    super::form::FileUpload,
    super::form::SliderValue
);

impl FromJson for super::control_flow::ConditionCase {
    fn from_json(value: Value) -> Result<Self, FromJsonError> {
        let mut case = Self::default();
        let mut when = None;
        for (key, value) in Map::from_json(value)? {
            match key.as_str() {
                "when" => when = Some(String::from_json(value).map_err(|e| e.at_key(&key))?),
                "children" => {
                    case.children = Some(Vec::from_json(value).map_err(|e| e.at_key(&key))?);
                }
                _ => {
                    case.extra.insert(key, value);
                }
            }
        }
        case.when = when.ok_or_else(|| FromJsonError::missing("when"))?;
        Ok(case)
    }
}
