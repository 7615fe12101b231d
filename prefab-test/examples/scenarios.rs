//! Replays scenarios with the simulator: reads a JSON array of scenarios on stdin and prints
//! `{name: {"tree", "requests"}}` on stdout, the tree of the view at the end (as the `trees`
//! example writes it) and every request the view sent its host. A scenario is
//! `{name, order?, partials?, result?, tools?, steps}` (`prefab-renderer/tests/scenarios/*.json`;
//! `order: "early"` sends the tool's data before the host answers `ui/initialize`):
//! `partials` are sent as `tool-input-partial` arguments, `result` as the tool result,
//! `tools` answer `tools/call` by name, and each step is either the user's, `{"do": "click" |
//! "fill" | "type" | "press" | "check" | "select", and the element by `role` + `name`,
//! `label` or `text`}`, or the host's, `{"host": "call-tool" (with `name`, `arguments`) |
//! "list-tools" | "teardown" | "host-context" (with `context`) | "tool-result" (with
//! `result`)}`; the answers to the host's requests are printed too (`"answers"`, a refusal
//! as `{"error": message}`).
//! `prefab-renderer/tests/equivalence.mjs` replays them in Chromium and compares.
use prefab_renderer::dom::Node;
use prefab_test::{Element, View};
use serde_json::{Map, Value, json};

#[path = "trees.rs"]
#[allow(dead_code)]
mod trees;

fn find<'v>(view: &'v View, step: &Value) -> Element<'v> {
    let s = |k: &str| step[k].as_str().unwrap_or_default();
    if !s("role").is_empty() {
        view.get_by_role(s("role"), s("name"))
    } else if !s("label").is_empty() {
        view.get_by_label(s("label"))
    } else {
        view.get_by_text(s("text"))
    }
}

/// A host step: the view's answer when the host asked something.
fn host(view: &View, step: &Value) -> Option<Value> {
    let s = |k: &str| step[k].as_str().unwrap_or_default();
    match s("host") {
        "call-tool" => {
            let answer = view.call_app_tool(s("name"), step["arguments"].clone());
            // A refusal is compared by its message (a browser host sees only that).
            Some(match answer["error"]["message"].as_str() {
                Some(message) => json!({"error": message}),
                None => answer,
            })
        }
        "list-tools" => Some(view.list_app_tools()),
        "teardown" => Some(view.teardown()),
        "host-context" => {
            view.host_context(step["context"].clone());
            None
        }
        "tool-result" => {
            view.tool_result(step["result"].clone());
            None
        }
        other => panic!("unknown host step {other:?}"),
    }
}

fn run(view: &View, step: &Value) {
    let s = |k: &str| step[k].as_str().unwrap_or_default();
    match s("do") {
        "click" => drop(find(view, step).click()),
        "fill" => drop(find(view, step).fill(s("text"))),
        "type" => drop(find(view, step).type_text(s("text"))),
        "check" => drop(find(view, step).check()),
        "select" => drop(find(view, step).select_option(s("option"))),
        "press" => view.press(s("key")),
        other => panic!("unknown step {other:?}"),
    }
}

fn replay(scenario: &Value) -> Value {
    // `"order": "early"`: the tool's data reaches the view before the initialize answer.
    let view = if scenario["order"] == "early" {
        View::connecting()
    } else {
        View::connected()
    };
    if let Some(tools) = scenario["tools"].as_object() {
        for (name, reply) in tools.clone() {
            view.on_tool(&name, move |_| reply.clone().into());
        }
    }
    for partial in scenario["partials"].as_array().into_iter().flatten() {
        view.tool_input_partial(partial.clone());
    }
    if !scenario["result"].is_null() {
        view.tool_result(scenario["result"].clone());
    }
    let mut answers = Vec::new();
    for step in scenario["steps"].as_array().into_iter().flatten() {
        if step["host"].is_string() {
            answers.extend(host(&view, step));
        } else {
            run(&view, step);
        }
    }
    let root: Node = prefab_renderer::dom::document()
        .and_then(|d| d.get_element_by_id("root"))
        .unwrap_or_else(|| panic!("no #root"));
    let requests: Vec<Value> = view
        .requests()
        .into_iter()
        .map(|(method, params)| json!({"method": method, "params": params}))
        .collect();
    json!({"tree": trees::tree(&root), "requests": requests, "answers": answers})
}

fn main() {
    let scenarios = trees::read_stdin_array("scenarios");
    let mut out = Map::new();
    for scenario in &scenarios {
        let name = scenario["name"].as_str().unwrap_or_default().to_string();
        out.insert(name, replay(scenario));
    }
    println!("{}", Value::Object(out));
}
