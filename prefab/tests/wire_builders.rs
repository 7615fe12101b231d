//! Builders produce valid wire JSON that parses back into the same typed value.
#![allow(clippy::unwrap_used)]

use prefab::*;
use serde::Serialize;
use serde_json::json;

#[derive(Serialize)]
struct User {
    name: &'static str,
    #[serde(rename = "e-mail")]
    email: &'static str,
    age: u32,
    admin: bool,
}

fn users() -> Vec<User> {
    vec![
        User {
            name: "Ada",
            email: "ada@example.com",
            age: 36,
            admin: true,
        },
        User {
            name: "Linus",
            email: "linus@example.com",
            age: 28,
            admin: false,
        },
    ]
}

#[test]
fn the_readme_builder_chain_produces_the_expected_wire_json() {
    let view = Column::new()
        .gap(4)
        .child(H1::new("Users"))
        .child(DataTable::from_rows(&users()));
    let json = serde_json::to_value(Node::from(view)).unwrap();
    assert_eq!(json["type"], "Column");
    assert_eq!(json["cssClass"], "gap-4");
    assert_eq!(
        json["children"][0],
        json!({"type": "H1", "content": "Users"})
    );
    let table = &json["children"][1];
    assert_eq!(table["type"], "DataTable");
    // Columns follow field order, keys are never renamed.
    let keys: Vec<&str> = table["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["name", "e-mail", "age", "admin"]);
    let row_keys: Vec<&String> = table["rows"][1].as_object().unwrap().keys().collect();
    assert_eq!(row_keys, ["name", "e-mail", "age", "admin"]);
    assert_eq!(table["rows"][1]["age"], 28);
}

#[test]
fn optional_props_are_absent_until_set() {
    let json = serde_json::to_value(Node::from(Button::new("Go"))).unwrap();
    assert_eq!(json, json!({"type": "Button", "label": "Go"}));
}

#[test]
fn bindable_props_take_literals_and_templates() {
    let a = serde_json::to_value(Node::from(Checkbox::new().value(true))).unwrap();
    let b = serde_json::to_value(Node::from(Checkbox::new().value("{{ agreed }}"))).unwrap();
    assert_eq!(a["value"], true);
    assert_eq!(b["value"], "{{ agreed }}");
    let p = serde_json::to_value(Node::from(Progress::new().value(42.5).max(100))).unwrap();
    assert_eq!(p["value"], 42.5);
    assert_eq!(p["max"], 100);
}

#[test]
fn layout_and_text_helpers_compile_into_css_class() {
    let row = Row::new()
        .css_class("p-2")
        .gap(2)
        .align("center")
        .justify("between");
    assert_eq!(
        row.css_class.as_deref(),
        Some("gap-2 p-2 items-center justify-between")
    );
    let grid = Grid::new().columns(3).gap_xy(2, 4);
    assert_eq!(
        grid.css_class.as_deref(),
        Some("gap-x-2 gap-y-4 grid-cols-3")
    );
    let h = H2::new("x").bold().text_align("center");
    assert_eq!(h.css_class.as_deref(), Some("font-bold text-center"));
}

#[test]
fn app_wraps_the_view_in_the_root_div() {
    let wrapped = App::new(Text::new("hi")).to_value();
    assert_eq!(wrapped["view"]["type"], "Div");
    assert_eq!(wrapped["view"]["cssClass"], "pf-app-root");
    assert_eq!(wrapped["view"]["children"][0]["type"], "Text");
    let stamped = App::new(Div::new().child(Text::new("hi"))).to_value();
    assert_eq!(stamped["view"]["cssClass"], "pf-app-root");
    assert_eq!(stamped["view"]["children"][0]["type"], "Text");
}

/// An app that uses a bit of every family.
fn kitchen_sink() -> App {
    let form = Form::new()
        .gap(4)
        .child(
            Field::new()
                .child(FieldTitle::new("Email"))
                .child(Input::new().name("email").input_type("email")),
        )
        .child(
            Slider::new()
                .name("level")
                .min(0)
                .max(10)
                .value(SliderValue::Range([2.into(), 8.into()])),
        )
        .child(
            Select::new()
                .name("color")
                .child(SelectOption::new("red", "Red").selected(true)),
        )
        .on_submit(
            CallTool::new("save")
                .arguments("{{ $event }}")
                .on_success(
                    Actions::from(ShowToast::new("Saved")).then(SetState::new("saved", true)),
                )
                .on_error(ShowToast::new("{{ $error }}").variant("error")),
        );
    let chart = BarChart::new(
        vec![
            json!({"month": "Jan", "sales": 3})
                .as_object()
                .unwrap()
                .clone(),
        ],
        vec![ChartSeries::new("sales").label("Sales")],
    )
    .x_axis("month");
    let cond = Condition::new(vec![
        ConditionCase::new("{{ saved }}").child(Alert::new().child(AlertTitle::new("Done"))),
    ])
    .r#else(vec![Node::from(Muted::new("Not saved yet"))]);
    App::new(
        Tabs::new()
            .name("tab")
            .child(Tab::new("Form").child(form))
            .child(Tab::new("Chart").child(chart))
            .child(Tab::new("Users").child(
                ForEach::new("users").child(RefUse::new("user_card").let_var("u", "{{ $item }}")),
            ))
            .child(cond),
    )
    .def(
        "user_card",
        Card::new().child(CardContent::new().child(Text::new("{{ u.name }}"))),
    )
    .state("users", json!([{"name": "Ada"}]))
    .state("saved", false)
    .key_binding("Escape", CloseOverlay::new())
    .tool(AppTool::new("get_saved", json!({"saved": "{{ saved }}"})).actions(SetState::new("x", 1)))
    .mode("dark")
}

#[test]
fn built_apps_validate_cleanly_and_round_trip() {
    let app = kitchen_sink();
    let text = app.to_json();
    let report = validate_str(&text);
    assert!(
        report.errors.is_empty() && report.warnings.is_empty(),
        "{report:?}"
    );
    let back = App::from_json(&text).unwrap();
    assert_eq!(back, app);
    assert_eq!(back.to_json(), text);
}

/// Content-bearing components take their text in `new`, like `H2::new`; `inline()` leaves it
/// out for children instead, and the wire keeps the prop optional either way.
#[test]
fn content_in_new_and_inline_without_it() {
    let with_text: Vec<(Node, &str, &str)> = vec![
        (CardTitle::new("Revenue").into(), "content", "Revenue"),
        (
            CardDescription::new("This month").into(),
            "content",
            "This month",
        ),
        (TableHead::new("Name").into(), "content", "Name"),
        (TableCell::new("Ada").into(), "content", "Ada"),
        (Badge::new("beta").into(), "label", "beta"),
        (Label::new("Email").into(), "text", "Email"),
        (Text::new("Hello").into(), "content", "Hello"),
    ];
    for (node, key, text) in with_text {
        let json = serde_json::to_value(&node).unwrap();
        assert_eq!(json[key], text, "{json}");
        let app = App::new(node);
        let report = validate_str(&app.to_json());
        assert!(
            report.errors.is_empty() && report.warnings.is_empty(),
            "{report:?}"
        );
        assert_eq!(App::from_json(&app.to_json()).unwrap(), app);
    }
    let inline: Vec<Node> = vec![
        CardTitle::inline().child(Icon::new("star")).into(),
        TableCell::inline().child(Badge::new("new")).into(),
        Label::inline().child(Span::new("Email")).into(),
    ];
    for node in inline {
        let json = serde_json::to_value(&node).unwrap();
        let object = json.as_object().unwrap();
        assert!(
            !object.contains_key("content") && !object.contains_key("text"),
            "{json}"
        );
        assert_eq!(json["children"].as_array().map(Vec::len), Some(1), "{json}");
    }
    // The setters stay: the old spelling still writes the same prop.
    assert_eq!(
        CardTitle::inline().content("Revenue"),
        CardTitle::new("Revenue")
    );
}

/// `CallTool::arguments` takes `json!({...})` as it takes a `Map` or a template string.
#[test]
fn call_tool_arguments_from_json() {
    let wire = |call: CallTool| serde_json::to_value(call).expect("serialize")["arguments"].clone();
    let args = json!({"id": "{{ row.id }}", "done": true, "tags": ["a"]});
    assert_eq!(wire(CallTool::new("save").arguments(args.clone())), args);
    let map = args.as_object().expect("an object").clone();
    assert_eq!(wire(CallTool::new("save").arguments(map)), args);
    assert_eq!(
        wire(CallTool::new("save").arguments(json!("{{ $event }}"))),
        json!("{{ $event }}")
    );
    assert_eq!(
        wire(CallTool::new("save").arguments(json!(null))),
        json!({})
    );
    let app =
        App::new(Button::new("Go").on_click(CallTool::new("save").arguments(json!({"n": 1}))));
    let report = prefab::validate(&app.to_value());
    assert!(report.is_valid(), "{report:?}");
}
