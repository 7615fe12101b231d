//! How many `$ref` expansions rendering a definition takes, so a document whose `defs`
//! double at each level (`a` → two `b` → four `c` …) gets an error box instead of
//! exponential work. Name cycles are reported where they are reached (see
//! `render::control_flow::reference`); here a cycle counts as the one error box it becomes.
use super::Shared;
use prefab::expr::Value;
use std::sync::Arc;

/// Most `$ref` expansions one reference may lead to (itself included).
pub const MAX_REF_EXPANSIONS: u32 = 10_000;

impl Shared {
    /// Expansions needed to render `defs[name]` (saturating at one past the budget);
    /// computed once per name and view.
    pub(crate) fn ref_expansions(&self, name: &str) -> u32 {
        let mut visiting = Vec::new();
        self.expansions_of(name, &mut visiting)
    }

    fn expansions_of(&self, name: &str, visiting: &mut Vec<Arc<str>>) -> u32 {
        if let Some(&n) = self.ref_sizes.borrow().get(name) {
            return u32::try_from(n).unwrap_or(u32::MAX);
        }
        if visiting.iter().any(|v| &**v == name) {
            return 1;
        }
        let Some(def) = self.defs.get(name) else {
            return 1;
        };
        visiting.push(name.into());
        let mut total = 1_u32;
        let mut stack = vec![def];
        while let Some(value) = stack.pop() {
            if total > MAX_REF_EXPANSIONS {
                break;
            }
            match value {
                Value::Object(map) => {
                    if let Some(Value::String(target)) = map.get("$ref") {
                        total = total.saturating_add(self.expansions_of(target, visiting));
                    }
                    stack.extend(map.iter().map(|(_, v)| v));
                }
                Value::Array(items) => stack.extend(items.iter()),
                _ => {}
            }
        }
        visiting.pop();
        let total = total.min(MAX_REF_EXPANSIONS + 1);
        self.ref_sizes
            .borrow_mut()
            .insert(name.into(), usize::try_from(total).unwrap_or(usize::MAX));
        total
    }
}
