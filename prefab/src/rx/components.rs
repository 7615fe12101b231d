//! `rx()` on stateful components: a reactive reference to the component's state value.

use super::Rx;

/// `rx()` on every stateful component: a reference to `state[name]`.
macro_rules! stateful_rx {
    ($($component:ident)*) => {$(
        impl crate::$component {
            /// A reactive reference to this component's value in state (`{{ name }}`).
            /// Give the component a `name` first; without one this is `null`.
            #[must_use]
            pub fn rx(&self) -> Rx {
                self.name.as_deref().map_or_else(Rx::null, Rx::state)
            }
        }
    )*};
}

stateful_rx!(
    Input Textarea Checkbox Switch Slider Radio RadioGroup Calendar DatePicker DropZone Select
    Combobox Tabs Pages MasterDetail Dialog
);
