//! The simulator on the widget families: each test acts as a user would and checks what
//! the view shows, its state and what it asked of the host.
use prefab::*;
use prefab_test::{Effect, View};
use serde_json::json;
use std::time::Duration;

#[test]
fn select_picks_an_option_and_binds_it() {
    let app = App::new(
        Column::new()
            .child(
                Select::new()
                    .name("color")
                    .placeholder("Pick one")
                    .aria_label("Colour")
                    .child(SelectOption::new("red", "Red"))
                    .child(SelectOption::new("blue", "Blue")),
            )
            .child(Text::new("Picked: {{ color }}")),
    );
    let view = View::mount(&app);
    let select = view.get_by_role("combobox", "Colour");
    select.select_option("Blue");
    assert_eq!(view.state("color"), json!("blue"));
    assert!(view.text().contains("Picked: blue"), "{}", view.text());
}

#[test]
fn checkbox_and_switch_toggle_their_state() {
    let app = App::new(
        Column::new()
            .child(Checkbox::new().name("agree").label("I agree").value(false))
            .child(Switch::new().name("dark").label("Dark mode").value(false)),
    );
    let view = View::mount(&app);
    view.get_by_role("checkbox", "I agree").check();
    assert_eq!(view.state("agree"), json!(true));
    let switch = view.get_by_role("switch", "Dark mode");
    switch.click();
    assert!(switch.is_checked());
    assert_eq!(view.state("dark"), json!(true));
    switch.uncheck();
    assert_eq!(view.state("dark"), json!(false));
}

#[test]
fn tabs_follow_clicks_and_arrow_keys() {
    let app = App::new(
        Tabs::new()
            .name("tab")
            .child(Tab::new("Overview").child(Text::new("All good")))
            .child(Tab::new("Billing").child(Text::new("No invoices"))),
    );
    let view = View::mount(&app);
    assert!(view.text().contains("All good"));
    assert!(!view.text().contains("No invoices"));
    view.get_by_role("tab", "Billing").click();
    assert!(view.text().contains("No invoices"));
    assert!(!view.text().contains("All good"));
    view.get_by_role("tab", "Billing").press("ArrowLeft");
    assert!(view.get_by_role("tab", "Overview").is_focused());
    assert!(view.text().contains("All good"));
}

#[test]
fn a_form_submits_with_enter_and_a_click_and_sends_its_tool_call() {
    let args = serde_json::Map::from_iter([("email".to_string(), json!("{{ email }}"))]);
    let app = App::new(
        Form::new()
            .child(Input::new().name("email").aria_label("Email"))
            .child(Button::new("Subscribe"))
            .on_submit(CallTool::new("subscribe").arguments(args)),
    );
    let view = View::mount(&app);
    // A reply without a `$prefab` document leaves the view as it is.
    view.on_tool("subscribe", |_| {
        json!({"content": [{"type": "text", "text": "ok"}]}).into()
    });
    view.get_by_label("Email")
        .type_text("ada@example.com")
        .press("Enter");
    assert_eq!(
        view.tool_calls(),
        vec![("subscribe".into(), json!({"email": "ada@example.com"}))]
    );
    view.get_by_role("button", "Subscribe").click();
    assert_eq!(view.tool_calls().len(), 2);
}

#[test]
fn dialogs_open_and_close_with_escape_and_give_focus_back() {
    let app = App::new(
        Dialog::new()
            .title("Delete project?")
            .child(Button::new("Delete"))
            .child(Text::new("This cannot be undone.")),
    );
    let view = View::mount(&app);
    assert!(!view.text().contains("This cannot be undone."));
    let trigger = view.get_by_role("button", "Delete");
    trigger.click();
    let dialog = view.all_by_role("dialog");
    assert_eq!(dialog.len(), 1, "{}", view.snapshot());
    assert!(view.text().contains("This cannot be undone."));
    view.press("Escape");
    assert!(view.all_by_role("dialog").is_empty());
    assert!(trigger.is_focused());
}

#[test]
fn toasts_show_and_close_when_their_time_is_up() {
    let app = App::new(Button::new("Save").on_click(ShowToast::new("Saved").duration(2000)));
    let view = View::mount(&app);
    view.get_by_role("button", "Save").click();
    assert_eq!(view.toasts(), vec!["Saved".to_string()]);
    view.advance(Duration::from_millis(1999));
    assert_eq!(view.toasts().len(), 1);
    view.advance(Duration::from_millis(1));
    assert!(view.toasts().is_empty());
}

#[test]
fn host_actions_are_recorded_effects() {
    let app = App::new(
        Row::new()
            .child(Button::new("Ask").on_click(SendMessage::new("Summarise this")))
            .child(Button::new("Expand").on_click(RequestDisplayMode::new("fullscreen"))),
    );
    let view = View::mount(&app);
    view.get_by_text("Ask").click();
    view.get_by_text("Expand").click();
    assert_eq!(
        view.effects(),
        vec![
            Effect::Message {
                text: "Summarise this".into()
            },
            Effect::DisplayMode {
                mode: "fullscreen".into()
            },
        ]
    );
}

#[test]
fn a_tool_call_waits_for_its_answer() {
    let app = App::new(
        Column::new()
            .child(Button::new("Load").on_click(
                CallTool::new("load").on_success(SetState::new("rows", "{{ $result.rows }}")),
            ))
            .child(Text::new("{{ rows | length }} rows")),
    )
    .state("rows", json!([]));
    let view = View::mount(&app);
    view.get_by_text("Load").click();
    assert!(view.text().contains("0 rows"));
    view.answer(json!({"content": [], "structuredContent": {"rows": [1, 2, 3]}}));
    assert!(view.text().contains("3 rows"), "{}", view.text());
}

#[test]
fn streamed_tool_input_draws_as_it_arrives() {
    let view = View::connected();
    view.tool_input_partial(json!({"title": "Quar"}));
    view.tool_result(App::new(H1::new("Quarterly report")));
    assert_eq!(
        view.get_by_role("heading", "Quarterly report").text(),
        "Quarterly report"
    );
}

#[test]
fn tab_moves_focus_through_the_controls_in_order() {
    let app = App::new(
        Column::new()
            .child(Input::new().name("a").aria_label("First"))
            .child(Button::new("Middle"))
            .child(Input::new().name("b").aria_label("Last")),
    );
    let view = View::mount(&app);
    view.press("Tab");
    assert!(view.get_by_label("First").is_focused());
    view.press("Tab");
    assert!(view.get_by_role("button", "Middle").is_focused());
    view.press("Shift+Tab");
    assert!(view.get_by_label("First").is_focused());
}

#[test]
fn snapshots_are_stable_readable_html() {
    let app = App::new(
        Card::new()
            .child(CardTitle::new("Team"))
            .child(Badge::new("3 members")),
    );
    let first = View::mount(&app).snapshot();
    let second = View::mount(&app).snapshot();
    assert_eq!(first, second);
    assert!(first.lines().any(|l| l.trim() == "<span class=\"pf-badge pf-badge-variant-default\" data-variant=\"default\">3 members</span>"), "{first}");
}

#[test]
fn a_name_from_content_leaves_out_what_is_aria_hidden() {
    // A sortable column's button reads "Name⇅"; its arrow is `aria-hidden`.
    let rows = json!([{"name": "Grace"}, {"name": "Ada"}]);
    let table = prefab::auto::auto_table(&rows).expect("a table");
    let view = View::mount(App::new(table));
    let sort = view.get_by_role("button", "Name");
    assert_eq!(sort.text(), "Name⇅");
    sort.click();
    let cells: Vec<String> = view.all_by_role("cell").iter().map(|c| c.text()).collect();
    assert_eq!(cells[..2], ["Ada", "Grace"]);
}

#[test]
fn a_granted_display_mode_changes_the_host_context_first() {
    let app = App::new(
        Column::new()
            .child(
                Button::new("Expand").on_click(
                    RequestDisplayMode::new("fullscreen")
                        .on_success(SetState::new("mode", "{{ $result }}")),
                ),
            )
            .child(Text::new("{{ $host.displayMode }} / {{ mode }}")),
    );
    let view = View::mount(&app);
    assert!(view.text().contains("inline /"), "{}", view.text());
    view.get_by_text("Expand").click();
    assert!(
        view.text().contains("fullscreen / fullscreen"),
        "{}",
        view.text()
    );
    // Asked again, the mode in force is the answer and nothing changes.
    view.get_by_text("Expand").click();
    assert_eq!(view.state("mode"), json!("fullscreen"));
    assert_eq!(view.effects().len(), 2);
}
