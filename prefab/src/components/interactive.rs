//! Buttons and overlays. In `Dialog`, `Popover`, `Tooltip` and `HoverCard` the first child
//! is the trigger and the rest is the body.

components! {
    /// A button; `onClick` runs its actions.
    leaf Button {
        label: String ;
        icon: String, variant: String, size: String, button_type: String,
        disabled: super::Bind<bool>, on_click: crate::Actions,
    } => Button::new("Save").variant("outline").on_click(ShowToast::new("Saved"));
    /// A modal dialog. With `name`, its open state is `state[name]`.
    container Dialog { ; title: String, description: String, name: String, dismissible: bool }
        => Dialog::new().title("Confirm").child(Button::new("Open"));
    /// A popover anchored to its trigger.
    container Popover { ; title: String, description: String, side: String }
        => Popover::new().child(Button::new("More"));
    /// A tooltip over its child.
    container Tooltip { content: String ; side: String, delay: i64 }
        => Tooltip::new("Copies the link").child(Button::new("Copy"));
    /// A card shown while hovering its trigger.
    container HoverCard { ; side: String, open_delay: i64, close_delay: i64 }
        => HoverCard::new().open_delay(200);
}
