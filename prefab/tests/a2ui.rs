//! `prefab::a2ui` both ways: the official A2UI v0.9 examples read into valid `$prefab`
//! envelopes, every conformance fixture writes schema-valid A2UI, the mappable subset round
//! trips unchanged, streams apply in order, and losses are named in diagnostics.
#![cfg(feature = "a2ui")]
#![allow(clippy::unwrap_used)]

mod a2ui_support;
mod wire_support;

use a2ui_support::*;
use prefab::a2ui::{self, DiagnosticKind, Form, Options, Version};
use serde_json::{Value, json};

#[test]
fn every_official_example_reads_into_a_valid_envelope() {
    let mut failures = Vec::new();
    for (name, messages) in examples() {
        let out = a2ui::to_prefab(&messages);
        let report = prefab::validate(&out.envelope);
        if !report.errors.is_empty() {
            failures.push(format!(
                "{name}: {:?}",
                report
                    .errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
            ));
        }
        if out.envelope["view"]["children"]
            .as_array()
            .is_none_or(Vec::is_empty)
        {
            failures.push(format!("{name}: empty view"));
        }
        // Every basic-catalog component has a prefab counterpart: nothing is dropped.
        for d in out
            .diagnostics
            .iter()
            .filter(|d| d.kind == DiagnosticKind::Unsupported)
        {
            failures.push(format!("{name}: {d}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_official_example_validates_against_the_vendored_schema() {
    // The schema check itself is sound: the official examples pass it.
    let validator = validator();
    for (name, messages) in examples()
        .into_iter()
        .filter(|(n, _)| n.starts_with("basic/"))
    {
        let errors = schema_errors(&validator, &messages);
        assert!(errors.is_empty(), "{name}: {errors:?}");
    }
    let broken = json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
        {"id": "root", "component": "Text", "text": 5}]}});
    assert!(!schema_errors(&validator, &[broken]).is_empty());
}

#[test]
fn every_conformance_fixture_writes_schema_valid_messages() {
    let validator = validator();
    let v1_0 = validator_v1_0();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in wire_support::fixtures() {
        let value: Value = serde_json::from_str(&wire_support::read(&path)).unwrap();
        // An action fixture is carried by a button.
        let doc = if value.get("action").is_some() {
            json!({"type": "Button", "label": "Go", "onClick": value})
        } else {
            value
        };
        for (version, validator) in [(Version::V0_9, &validator), (Version::V1_0, &v1_0)] {
            for form in [Form::Batch, Form::Stream] {
                let out = a2ui::from_prefab(&doc, &Options::default().version(version).form(form));
                let errors = schema_errors(validator, &out.messages);
                if !errors.is_empty() {
                    failures.push(format!(
                        "{} {version:?} {form:?}: {errors:?}",
                        wire_support::rel(&path)
                    ));
                }
                count += 1;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(count >= 280, "only {count} conversions");
}

#[test]
fn official_examples_written_back_validate() {
    let validator = validator();
    for (name, messages) in examples() {
        let envelope = a2ui::to_prefab(&messages).envelope;
        let out = a2ui::from_prefab(&envelope, &Options::default());
        let errors = schema_errors(&validator, &out.messages);
        assert!(errors.is_empty(), "{name}: {errors:?}");
    }
}

/// The mappable subset: one document per exact row of the table (and the bindings, actions
/// and layout classes that cross unchanged). Each goes to A2UI without a diagnostic and
/// comes back equal.
fn mappable() -> Vec<Value> {
    let t = |ty: &str, content: &str| json!({"type": ty, "content": content});
    vec![
        t("H1", "Title"),
        t("H2", "Sub"),
        t("H3", "Third"),
        t("H4", "Fourth"),
        t("Large", "Large"),
        t("Muted", "quiet"),
        t("P", "Para"),
        t("Text", "Hello {{ user.name }}, you have {{ count }} items"),
        t("Text", "{{ total | currency:EUR }}"),
        t("Text", "{{ n | number:2 }}"),
        t("Text", "{{ at | date:'EEEE' }} at {{ at | time }}"),
        t(
            "Text",
            "{{ at | date:'long' }}, {{ total | currency:EUR }} due",
        ),
        json!({"type": "Image", "src": "https://example.com/a.png", "alt": "An image"}),
        json!({"type": "Icon", "name": "check"}),
        json!({"type": "Video", "src": "https://example.com/v.mp4"}),
        json!({"type": "Audio", "src": "https://example.com/a.mp3"}),
        json!({"type": "Separator", "orientation": "vertical"}),
        json!({"type": "Column", "cssClass": "items-center justify-between", "children": [t("Text", "a")]}),
        json!({"type": "Column", "children": [
            {"type": "Row", "id": "toolbar", "ariaLabel": "Tools", "children": [t("Text", "a"), t("Text", "b")]}]}),
        json!({"type": "ForEach", "key": "users", "children": [t("Text", "{{ $item.name }}")]}),
        json!({"type": "Card", "children": [t("Text", "inside")]}),
        json!({"type": "Button", "label": "Save", "variant": "outline",
               "onClick": {"action": "toolCall", "tool": "save", "arguments": {"id": "{{ id }}", "n": 3}}}),
        json!({"type": "Button", "label": "Docs", "onClick": {"action": "openLink", "url": "https://example.com"}}),
        json!({"type": "Button", "label": "", "icon": "x"}),
        // Not the root, which is written with the id `root`.
        json!({"type": "Column", "children": [{"type": "Field", "children": [
            {"type": "Label", "text": "Password", "forId": "pw"},
            {"type": "Input", "id": "pw", "name": "password", "inputType": "password", "required": true}]}]}),
        json!({"type": "Field", "children": [
            {"type": "Label", "text": "Notes for {{ user.name }}"},
            {"type": "Textarea", "name": "notes"}]}),
        json!({"type": "Input", "name": "email", "inputType": "password"}),
        json!({"type": "Checkbox", "name": "agree", "label": "I agree"}),
        // A2UI draws a Slider with its value: read, it follows the Slider.
        json!({"type": "Field", "children": [{"type": "Slider", "name": "volume", "min": 10, "max": 50},
            {"type": "Muted", "content": "{{ volume }}"}]}),
        json!({"type": "Field", "children": [{"type": "Slider", "value": 0.25, "max": 1},
            {"type": "Muted", "content": "0.25"}]}),
        json!({"type": "Field", "children": [{"type": "Label", "text": "Colour"},
            {"type": "Select", "name": "color", "children": [
                {"type": "SelectOption", "value": "r", "label": "Red"},
                {"type": "SelectOption", "value": "g", "label": "Green"}]}]}),
        json!({"type": "Field", "children": [{"type": "Label", "text": "Volume"},
            {"type": "Slider", "name": "volume"}, {"type": "Muted", "content": "{{ volume }}"}]}),
        json!({"type": "RadioGroup", "name": "plan", "children": [
            {"type": "Radio", "option": "annual", "label": "Annual"},
            {"type": "Radio", "option": "monthly", "label": "Monthly"}]}),
        json!({"type": "DatePicker", "name": "day"}),
        json!({"type": "Field", "children": [{"type": "Label", "text": "Due"},
            {"type": "Input", "name": "due", "inputType": "datetime-local"}]}),
        json!({"type": "Input", "name": "alarm", "inputType": "time"}),
        json!({"type": "Tabs", "children": [{"type": "Tab", "title": "One", "children": [t("Text", "1")]}]}),
        json!({"type": "Dialog", "children": [{"type": "Button", "label": "Open"}, t("Text", "Body")]}),
    ]
}

#[test]
fn the_mappable_subset_round_trips_unchanged() {
    let docs = mappable();
    for version in [Version::V0_9, Version::V1_0] {
        for form in [Form::Batch, Form::Stream] {
            for view in &docs {
                let doc = envelope(view.clone());
                let out = a2ui::from_prefab(&doc, &Options::default().version(version).form(form));
                assert!(out.diagnostics.is_empty(), "{view}: {:?}", out.diagnostics);
                let back = a2ui::to_prefab(&out.messages);
                assert!(
                    back.diagnostics.is_empty(),
                    "{view}: {:?}",
                    back.diagnostics
                );
                assert_eq!(back.envelope, doc, "{version:?} {form:?}");
            }
        }
    }
    // Every exact row of the table is in the list.
    let text = serde_json::to_string(&docs).unwrap();
    for row in a2ui::mappings()
        .iter()
        .filter(|r| r.fidelity == prefab::a2ui::Fidelity::Exact)
    {
        let ty = format!("\"type\":\"{}\"", row.prefab);
        assert!(
            text.contains(&ty),
            "exact row {} has no round-trip case",
            row.prefab
        );
    }
}

#[test]
fn the_batch_and_stream_forms() {
    let doc = envelope(json!({"type": "Text", "content": "{{ count }}"}));
    let v1 = a2ui::from_prefab(
        &doc,
        &Options::default().version(Version::V1_0).surface_id("s1"),
    );
    assert_eq!(v1.messages.len(), 1);
    let create = &v1.messages[0]["createSurface"];
    assert_eq!(v1.messages[0]["version"], "v1.0");
    assert_eq!(create["surfaceId"], "s1");
    assert_eq!(
        create["components"][0],
        json!({"id": "root", "component": "Text", "text": {"path": "/count"}})
    );
    assert_eq!(create["dataModel"], doc["state"]);
    let stream = a2ui::from_prefab(
        &doc,
        &Options::default().version(Version::V1_0).form(Form::Stream),
    );
    let kinds: Vec<&str> = stream
        .messages
        .iter()
        .map(|m| {
            m.as_object()
                .unwrap()
                .keys()
                .find(|k| *k != "version")
                .unwrap()
                .as_str()
        })
        .collect();
    assert_eq!(
        kinds,
        ["createSurface", "updateComponents", "updateDataModel"]
    );
    assert_eq!(stream.messages[2]["updateDataModel"]["value"], doc["state"]);
}

#[test]
fn ids_are_deterministic_and_keep_the_nodes_own() {
    let doc = json!({"type": "Column", "children": [
        {"type": "Text", "content": "a"}, {"type": "Text", "id": "keep", "content": "b"},
        {"type": "Text", "id": "c1", "content": "c"}, {"type": "Text", "id": "keep", "content": "d"}]});
    let out = a2ui::from_prefab(&doc, &Options::default());
    let ids: Vec<&str> = out.messages[1]["updateComponents"]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["root", "c1", "keep", "c2", "c3"]);
    assert_eq!(
        a2ui::from_prefab(&doc, &Options::default()).messages,
        out.messages
    );
}

#[test]
fn every_loss_is_named_by_path() {
    let doc = json!({"$prefab": {"version": "0.3"}, "css": ["x"], "view": {"type": "Column", "children": [
        {"type": "Text", "content": "{{ items | length }}", "cssClass": "font-bold"},
        {"type": "BarChart", "data": [], "series": []},
        {"type": "Button", "label": "Go", "onClick": {"action": "setState", "key": "a", "value": 1}},
        {"type": "Badge", "label": "new"}]}});
    let out = a2ui::from_prefab(&doc, &Options::default());
    let got: Vec<(DiagnosticKind, &str)> = out
        .diagnostics
        .iter()
        .map(|d| (d.kind, d.path.as_str()))
        .collect();
    for want in [
        (DiagnosticKind::Degraded, "css"),
        (DiagnosticKind::Expression, "view.children[0].content"),
        (DiagnosticKind::Degraded, "view.children[0].cssClass"),
        (DiagnosticKind::Unsupported, "view.children[1]"),
        (DiagnosticKind::Action, "view.children[2].onClick"),
        (DiagnosticKind::Degraded, "view.children[3]"),
    ] {
        assert!(got.contains(&want), "missing {want:?} in {got:?}");
    }
    let errors = schema_errors(&validator(), &out.messages);
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn a_stream_is_applied_in_order() {
    let m = |body: Value| {
        let mut msg = json!({"version": "v0.9"});
        msg.as_object_mut()
            .unwrap()
            .extend(body.as_object().unwrap().clone());
        msg
    };
    let mut reader = a2ui::Reader::new();
    reader.apply(&m(
        json!({"createSurface": {"surfaceId": "s", "catalogId": "c"}}),
    ));
    reader.apply(&m(
        json!({"updateComponents": {"surfaceId": "s", "components": [
        {"id": "root", "component": "Column", "children": ["t"]},
        {"id": "t", "component": "Text", "text": "first"}]}}),
    ));
    assert_eq!(
        reader.envelope().envelope["view"]["children"][0]["children"][0]["content"],
        "first"
    );
    reader.apply(&m(
        json!({"updateComponents": {"surfaceId": "s", "components": [
        {"id": "t", "component": "Text", "text": {"path": "/user/name"}}]}}),
    ));
    reader.apply(&m(
        json!({"updateDataModel": {"surfaceId": "s", "value": {"user": {"name": "Ada"}, "n": 1}}}),
    ));
    reader.apply(&m(
        json!({"updateDataModel": {"surfaceId": "s", "path": "/user/name", "value": "Grace"}}),
    ));
    reader.apply(&m(
        json!({"updateDataModel": {"surfaceId": "s", "path": "/n", "value": null}}),
    ));
    // Another surface is reported, not shown.
    reader.apply(&m(json!({"updateComponents": {"surfaceId": "other", "components": [{"id": "root", "component": "Text", "text": "x"}]}})));
    let out = reader.envelope();
    assert_eq!(
        out.envelope["view"]["children"][0]["children"][0]["content"],
        "{{ user.name }}"
    );
    assert_eq!(out.envelope["state"], json!({"user": {"name": "Grace"}}));
    assert_eq!(out.diagnostics.len(), 1);
    assert_eq!(out.diagnostics[0].path, "messages[6]");
    reader.apply(&m(json!({"deleteSurface": {"surfaceId": "s"}})));
    assert_eq!(reader.envelope().envelope["view"]["children"], json!([]));
}

#[test]
fn format_functions_become_pipes() {
    let messages = [json!({"messages": [
        {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}},
        {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"id": "root", "component": "Row", "children": ["a", "b", "c", "d"], "justify": "spaceBetween"},
            {"id": "a", "component": "Text", "text": {"call": "formatCurrency", "args": {"value": {"path": "/price"}, "currency": "EUR"}, "returnType": "string"}},
            {"id": "b", "component": "Text", "text": {"call": "formatString", "args": {"value": "${/temp}° \\${x}"}, "returnType": "string"}},
            {"id": "c", "component": "Text", "text": {"call": "formatDate", "args": {"value": {"path": "/at"}, "format": "h:mm a"}, "returnType": "string"}},
            {"id": "d", "component": "Text", "text": {"call": "formatDate", "args": {"value": {"path": "/at"}, "format": "EEEE 'at' h:mm"}, "returnType": "string"}}]}}]})];
    let out = a2ui::to_prefab(&messages);
    let row = &out.envelope["view"]["children"][0];
    assert_eq!(row["cssClass"], "justify-between");
    assert_eq!(row["children"][0]["content"], "{{ price | currency:EUR }}");
    assert_eq!(row["children"][1]["content"], "{{ temp }}° ${x}");
    assert_eq!(row["children"][2]["content"], "{{ at | time }}");
    assert_eq!(
        row["children"][3]["content"],
        "{{ at | date:'EEEE' }} at {{ at | date:'h:mm' }}"
    );
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
}

#[test]
fn format_calls_inside_a_format_string_become_pipes() {
    let text = |id: &str, value: &str| json!({"id": id, "component": "Text", "text": {"call": "formatString", "args": {"value": value}, "returnType": "string"}});
    let messages = [json!({"messages": [
        {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}},
        {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"id": "root", "component": "Column", "children": ["a", "b", "c", "d"]},
            text("a", "${/progress}% of ${formatNumber(value: ${/goal})} goal"),
            text("b", "(${formatNumber(value: ${/n})} ${pluralize(value: ${/n}, one: 'review', other: 'reviews')})"),
            text("c", "${formatCurrency(value: ${/total}, currency: 'USD')}/year"),
            text("d", "${shout(value: ${/n})} and ${pluralize(value: ${/n}, one: 'mouse', other: 'mice')}")]}}]})];
    let out = a2ui::to_prefab(&messages);
    let kids = &out.envelope["view"]["children"][0]["children"];
    assert_eq!(
        kids[0]["content"],
        "{{ progress }}% of {{ goal | number }} goal"
    );
    assert_eq!(
        kids[1]["content"],
        "({{ n | number }} {{ n | pluralize:review }})"
    );
    assert_eq!(kids[2]["content"], "{{ total | currency:USD }}/year");
    // An unknown function is dropped, a plural other than word + "s" is approximated: both named.
    assert_eq!(kids[3]["content"], " and {{ n | pluralize:mouse }}");
    assert_eq!(out.diagnostics.len(), 1, "{:?}", out.diagnostics);
    let note = out.diagnostics[0].to_string();
    assert!(
        note.contains("components[4]") && note.contains("\"mice\"") && note.contains("shout"),
        "{note}"
    );
}

#[test]
fn the_v1_0_schema_check_is_sound() {
    // The draft v1.0 schemas (tests/data/a2ui/v1.0) accept the batch form the TypeScript port
    // writes, and reject what v1.0 dropped from v0.9: heading variants, a call's returnType.
    let v1_0 = validator_v1_0();
    let create = |text: Value, variant: Option<&str>| {
        let mut text_component = json!({"id": "t", "component": "Text", "text": text});
        if let Some(v) = variant {
            text_component["variant"] = json!(v);
        }
        json!({"version": "v1.0", "createSurface": {"surfaceId": "s", "catalogId": Version::V1_0.basic_catalog(),
            "components": [{"id": "root", "component": "Column", "children": ["t"]}, text_component],
            "dataModel": {"n": 1}}})
    };
    let call = json!({"call": "formatString", "args": {"value": "${/n}"}});
    assert!(schema_errors(&v1_0, &[create(json!("# Hi"), Some("body"))]).is_empty());
    assert!(schema_errors(&v1_0, &[create(call.clone(), None)]).is_empty());
    assert!(!schema_errors(&v1_0, &[create(json!("Hi"), Some("h1"))]).is_empty());
    let mut typed = call;
    typed["returnType"] = json!("string");
    assert!(!schema_errors(&v1_0, &[create(typed, None)]).is_empty());
    // And v0.9 messages are not v1.0 ones.
    let v0_9 = a2ui::from_prefab(&json!({"type": "H1", "content": "Hi"}), &Options::default());
    assert!(!schema_errors(&v1_0, &v0_9.messages).is_empty());
}
