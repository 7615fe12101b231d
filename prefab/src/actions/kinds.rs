//! The 16 actions of prefab-ui 0.21.1, in one table.

use crate::wire::{Bind, Map};
use serde_json::Value;

actions! {
    /// `state[key] = value` (dotted paths update nested values).
    SetState "setState" { key: String, value: Value } => SetState::new("count", "{{ count + 1 }}");
    /// `state[key] = !state[key]`.
    ToggleState "toggleState" { key: String } => ToggleState::new("open");
    /// Appends `value` to the list at `key` (or inserts at `index`).
    AppendState "appendState" { key: String, value: Value ; index: Bind<i64> }
        => AppendState::new("todos", "{{ draft }}");
    /// Removes the element at `index` from the list at `key`.
    PopState "popState" { key: String, index: Bind<i64> } => PopState::new("todos", "{{ $index }}");
    /// Shows a toast (`variant`: default, success, error, warning, info; `duration` in ms).
    ShowToast "showToast" { message: String ; description: String, variant: String, duration: i64 }
        => ShowToast::new("Saved").variant("success");
    /// Closes the nearest enclosing dialog or popover.
    CloseOverlay "closeOverlay" {} => CloseOverlay::new();
    /// Asks the host to open a URL.
    OpenLink "openLink" { url: String } => OpenLink::new("https://example.com");
    /// Calls an MCP server tool; `$result` is its structured content.
    CallTool "toolCall" { tool: String ; arguments: Bind<Map>, unwrap_result: bool }
        => CallTool::new("search").arguments("{{ query }}");
    /// Sends a user message to the conversation.
    SendMessage "sendMessage" { content: String } => SendMessage::new("Summarise {{ id }}");
    /// Updates the model's context with text and/or structured content.
    UpdateContext "updateContext" { ; content: String, structured_content: Value }
        => UpdateContext::new().content("Selected {{ id }}");
    /// Asks the host for a display mode (`inline`, `fullscreen`, `pip`).
    RequestDisplayMode "requestDisplayMode" { mode: String } => RequestDisplayMode::new("fullscreen");
    /// An HTTP request from the browser; `$result` is the parsed body.
    Fetch "fetch" { url: String ; method: String, headers: Map, body: Value }
        => Fetch::new("https://api.example.com/items").method("POST");
    /// Opens a file dialog; `$result` is a list of `FileUpload`s.
    OpenFilePicker "openFilePicker" { ; accept: String, multiple: bool, max_size: i64 }
        => OpenFilePicker::new().accept("image/*");
    /// Runs `onTick` every `duration` ms while `while` holds, at most `count` times.
    SetInterval "setInterval" {
        duration: Bind<i64> ;
        r#while: Bind<bool>, count: i64, on_tick: crate::Actions, on_complete: crate::Actions,
    } => SetInterval::new(1000).count(3).on_tick(SetState::new("tick", "{{ $event }}"));
    /// Calls a JavaScript handler registered by the page (`window.__prefab_handlers`).
    CallHandler "callHandler" { handler: String ; arguments: Map } => CallHandler::new("submit_form");
    /// Invokes one of the app's own tools (`tools` in the envelope).
    InvokeAppTool "invokeAppTool" { tool: String ; arguments: Bind<Map> }
        => InvokeAppTool::new("refresh");
}
