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
    /// Calls an MCP server tool (`tools/call` through the host). What the result does to the
    /// open view:
    ///
    /// * **a whole envelope** (`structuredContent` with `$prefab` and `view`, what
    ///   `display()` / `prefab_mcp::call_tool_result` send) **replaces the view**: the new
    ///   view, state (the old state is dropped; inputs start from their `value`), defs and
    ///   settings — e.g. a form shown again with its errors (`FormSpec::errors`);
    /// * **an update** (`{"$prefab": …, "update": {"state", "actions"}}`, what
    ///   `display_update()` sends) **merges** `update.state` into the state and runs
    ///   `update.actions`; the view stays — e.g. `display_update(row_count, ShowToast::new("Saved"))`;
    /// * **other structured content** (plain data) leaves the view alone: it is `$result`
    ///   in `onSuccess` (its `result` member with `unwrapResult`), stored at `resultKey`;
    /// * **no structured content**: `$result` is the text content (parsed when it is JSON);
    /// * **an error** (`isError: true`, or a JSON-RPC error) changes nothing: the action
    ///   fails, `$error` is the result's text and the `onError` chain runs (even if the
    ///   result carries an envelope) — e.g. `display_error("Not saved")`.
    ///
    /// In each case but the error, `onSuccess` runs after the result was applied. A reply
    /// older than one already applied for the same tool is dropped.
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
