//! The example servers' views used as a user uses them, without a browser (prefab-test):
//! each tool is called as the server calls it, its result mounted, clicked and typed into,
//! and the calls the view makes are answered by the same server's handlers.
#![allow(clippy::unwrap_used)]

use examples::gallery::{Gallery, SAVE_TOOL, Signups};
use examples::generative::{Generative, RenderUi};
use examples::hello::{Hello, USER_COUNT};
use prefab_mcp::FormInput;
use prefab_test::View;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::CallToolResponse;
use serde_json::{Value, json};

/// Runs a tool handler to its answer, as the server's runtime would.
fn run<F: std::future::Future>(handler: F) -> F::Output {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(handler)
}

/// A completed call's result as the host receives it (`CallToolResult` JSON).
fn complete(response: CallToolResponse) -> Value {
    match response {
        CallToolResponse::Complete(result) => json!(result),
        other => panic!("expected a result, got {other:?}"),
    }
}

/// `hello`'s `invite_user`, called with `arguments` as the server calls it.
fn invite_user(arguments: &Value) -> Value {
    let form = FormInput::new("invite_user", arguments.clone());
    complete(run(Hello.invite_user(form)))
}

#[test]
fn hello_users_table_pages_and_sorts() {
    let view = View::mount(json!(run(Hello.show_users())));
    assert!(view.text().contains("Page 1 of 30"), "{}", view.text());
    assert_eq!(view.all_by_role("row").len(), 11, "a header and 10 users");
    view.get_by_role("button", "Next").click();
    assert!(view.text().contains("Page 2 of 30"));
    assert!(view.query_by_text("ken.dijkstra9@example.com").is_none());
    assert!(view.query_by_text("niklaus.backus11@example.com").is_some());
    // Sorting happens in the view (no tool is called) and keeps the page.
    view.get_by_role("button", "Name").click();
    let header = view.get_by_role("columnheader", "Name");
    assert_eq!(header.attr("aria-sort").as_deref(), Some("ascending"));
    let mut by_name = examples::users::users(USER_COUNT);
    by_name.sort_by(|a, b| a.name.cmp(&b.name));
    for user in &by_name[10..20] {
        assert!(view.query_by_text(&user.email).is_some(), "{}", user.email);
    }
    assert!(view.tool_calls().is_empty());
}

#[test]
fn hello_invite_form_shows_the_servers_verdict_under_the_field() {
    let view = View::mount(invite_user(&json!({})));
    view.on_tool("invite_user", |arguments| invite_user(arguments).into());
    // `ada@localhost` passes the browser's check, not the server's.
    view.get_by_label("Email").type_text("ada@localhost");
    view.get_by_role("radio", "Editor").click();
    view.get_by_role("button", "Invite").click();
    assert_eq!(
        view.tool_calls(),
        [(
            "invite_user".to_string(),
            json!({"email": "ada@localhost", "role": "editor"})
        )]
    );
    assert!(view.text().contains("Email must be an email address"));
    // The form came back with what the user typed and picked.
    assert_eq!(view.get_by_label("Email").value(), "ada@localhost");
    assert!(view.get_by_role("radio", "Editor").is_checked());

    view.get_by_label("Email").fill("ada@example.com");
    view.get_by_role("button", "Invite").click();
    let (_, arguments) = view.tool_calls().pop().unwrap();
    assert_eq!(arguments["email"], "ada@example.com");
    let answer = invite_user(&arguments);
    assert_eq!(
        answer["content"][0]["text"],
        "Invited ada@example.com as editor."
    );
}

#[test]
fn gallery_interactive_buttons_switches_and_toasts() {
    let view = View::mount(json!(run(Gallery.gallery_interactive())));
    let details = "Details: the board has 3 columns and 50 cards.";
    assert!(!view.text().contains(details));
    view.get_by_role("switch", "Show details").click();
    assert!(view.text().contains(details));
    assert_eq!(view.state("show_details"), json!(true));
    view.get_by_role("button", "Delete").click();
    assert_eq!(view.toasts(), ["Deleted (not really)"]);
    view.get_by_role("button", "Archive…").click();
    assert_eq!(view.all_by_role("dialog").len(), 1);
    assert!(view.text().contains("Archived boards are read-only"));
}

#[test]
fn gallery_signup_form_saves_and_lists_the_row() {
    let dir = std::env::temp_dir().join(format!("prefab-views-signups-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = Signups::open_in(&dir).unwrap();
    let view = View::mount(json!(run(store.gallery_signup_form())));
    assert!(view.text().contains("Saved sign-ups (0)"));
    let server = store.clone();
    view.on_tool(SAVE_TOOL, move |arguments| {
        let form = FormInput::new(SAVE_TOOL, arguments.clone());
        complete(run(server.save_signup(form))).into()
    });
    view.get_by_label("Name").type_text("Ada Lovelace");
    view.get_by_label("Email").type_text("ada@example.com");
    view.get_by_label("Seats").fill("4");
    view.get_by_role("checkbox", "Newsletter").check();
    view.get_by_role("button", "Sign up").click();

    let (tool, arguments) = &view.tool_calls()[0];
    assert_eq!(tool, SAVE_TOOL);
    assert_eq!(arguments["seats"], "4");
    assert!(
        view.text().contains("Saved ada@example.com."),
        "{}",
        view.text()
    );
    assert!(view.text().contains("Saved sign-ups (1)"));
    assert!(view.query_by_text("Ada Lovelace").is_some());
    let rows = store.rows().unwrap();
    assert_eq!(
        (rows.len(), rows[0].seats, rows[0].newsletter),
        (1, 4, true)
    );
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generative_render_ui_draws_a_working_view_and_lists_mistakes() {
    let written = json!({"type": "Column", "children": [
        {"type": "Text", "content": "{{ votes }} votes"},
        {"type": "Button", "label": "Vote", "onClick":
            {"action": "setState", "key": "votes", "value": "{{ votes + 1 }}"}}
    ]});
    let envelope = json!({"$prefab": {"version": "0.3"}, "view": written, "state": {"votes": 0}});
    let rendered = run(Generative.render_ui(Parameters(RenderUi { view: envelope })));
    let view = View::mount(json!(rendered));
    view.get_by_role("button", "Vote").click();
    view.get_by_role("button", "Vote").click();
    assert_eq!(view.get_by_text("2 votes").text(), "2 votes");
    assert_eq!(view.state("votes"), json!(2));

    let mistaken = json!({"type": "Column", "children": [{"type": "Buttn", "label": "Go"}]});
    let rejected = run(Generative.render_ui(Parameters(RenderUi { view: mistaken })));
    assert_eq!(rejected.is_error, Some(true));
    let view = View::mount(json!(rejected));
    assert!(view.text().contains("Buttn"), "{}", view.text());
    assert!(view.query_by_role("button", "Go").is_none());
}

/// `meetings`' `book_meeting` takes typed arguments and has no view of its own: a host can
/// show the form its schema makes (`FormInput`, as `prefab dev` does). What the user types
/// there — a nested struct, a choice, a date-time, a list, a date — reaches the server as the
/// `Booking` it names.
#[test]
fn meetings_booking_form_reaches_the_server_as_the_typed_booking() {
    use examples::meetings::{Booking, Equipment, Meetings, Person, Reminder, Room};
    let form = FormInput::<Booking>::new("book_meeting", json!({})).title("Book a room");
    let Err(shown) = form.parse() else {
        panic!("no arguments: the form is shown")
    };
    let view = View::mount(complete(shown));
    let booked = std::rc::Rc::new(std::cell::RefCell::new(None));
    let seen = booked.clone();
    view.on_tool("book_meeting", move |args| {
        let form = FormInput::<Booking>::new("book_meeting", args.clone());
        match form.parse() {
            Ok(booking) => {
                *seen.borrow_mut() = Some(booking.clone());
                json!(run(Meetings.book_meeting(Parameters(booking)))).into()
            }
            Err(again) => complete(again).into(),
        }
    });

    view.get_by_label("Title").type_text("Planning");
    view.get_by_role("radio", "Borealis (10 seats)").click();
    view.get_by_label("Starts at").fill("2026-03-04T10:30");
    view.get_by_label("Minutes").fill("45");
    view.get_by_label("Name").fill("Ada");
    view.get_by_label("Email").fill("ada@example.com");
    view.get_by_role("checkbox", "Remote").check();
    view.get_by_label("Equipment optional")
        .fill("projector\ncamera");
    view.get_by_label("Reply by optional").fill("2026-03-01");
    view.get_by_role("radio", "An hour before").click();
    view.get_by_role("button", "Submit").click();

    assert!(view.logs().is_empty(), "{:?}", view.logs());
    let booking = booked.borrow().clone().expect("the server read a booking");
    assert_eq!(
        booking,
        Booking {
            title: "Planning".into(),
            room: Room::Borealis,
            // A datetime-local input has no offset: the server reads it as UTC.
            starts_at: "2026-03-04T10:30:00+00:00".parse().unwrap(),
            minutes: 45,
            organizer: Person {
                name: "Ada".into(),
                email: "ada@example.com".into()
            },
            remote: true,
            // A checkbox is never "unset": left alone it sends false.
            catering: Some(false),
            equipment: vec![Equipment::Projector, Equipment::Camera],
            reply_by: Some("2026-03-01".parse().unwrap()),
            reminder: Some(Reminder::Hour),
            note: None,
        }
    );
}
