//! Drag-and-drop reordering — a **prefab-rs extension** (prefab-ui 0.21.1 has no such
//! component; its renderer shows these types as unknown).
//!
//! A [`Sortable`] contains [`SortableGroup`]s (drop targets: a list, a Kanban column), which
//! contain [`SortableItem`]s (what is dragged: a card). Groups and items may sit at any depth
//! (inside `ForEach`, `Card`, …). When the user moves an item — pointer drag-and-drop, or the
//! keyboard: Space picks it up, arrows move it, Space drops, Escape cancels — the renderer
//! moves it in place at once (optimistically) and runs `onMove` with
//! `$event = {item, from, to, before}`: the item's `value`, the source and target group
//! `value`s, and the `value` of the item it now sits before (`null` at the end of the
//! group). An anchor, not an index, so a filtered list cannot misplace the item. If the
//! `onMove` actions fail, the item goes back. Where pointer dragging is unsupported, each
//! item shows move buttons.
//!
//! ```
//! use prefab::*;
//! let board = Sortable::new()
//!     .on_move(CallTool::new("move_card"))
//!     .child(SortableGroup::new("todo").child(SortableItem::new("card-1").child(Text::new("Write"))));
//! let json = serde_json::to_value(Node::from(board)).unwrap();
//! assert_eq!(json["children"][0]["children"][0]["value"], "card-1");
//! ```

components! {
    /// The drag-and-drop area (prefab-rs extension): runs `onMove` when an item moves.
    container Sortable { ; on_move: crate::Actions, orientation: String }
        => Sortable::new().on_move(CallTool::new("move_card"));
    /// A drop target holding [`SortableItem`]s; `value` names it in `$event.from`/`to`.
    container SortableGroup { value: String ; label: String }
        => SortableGroup::new("todo").label("To do");
    /// A draggable item; `value` names it in `$event.item`/`before`.
    container SortableItem { value: String ; label: String }
        => SortableItem::new("card-1").label("Write the docs");
}
