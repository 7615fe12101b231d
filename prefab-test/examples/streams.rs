//! Streams documents into the simulator as `prefab-renderer/tests/streaming.mjs` plans them
//! (the arguments' JSON cut every 32 bytes and healed as hosts heal it), with that suite's
//! checks, natively. Reads a JSON array of `{name, steps, finishing, result}` on stdin:
//! `steps` are the `tool-input-partial` arguments, `finishing[i]` the ids of the nodes whose
//! JSON is whole from step `i`, `result` the tool result. Prints `{name: {problems, kept}}`:
//! after every message no placeholder and no error box, each finished node keeps its element
//! to the end, the root element is never drawn again; at the end the tree equals a one-shot
//! mount of the result (generated ids renumbered in order of appearance).
use prefab_renderer::dom::{self, Node};
use prefab_test::View;
use serde_json::{Map, Value, json};

#[path = "trees.rs"]
#[allow(dead_code)]
mod trees;

#[derive(Default)]
struct Watch {
    problems: Vec<String>,
    waiting: Vec<String>,
    marks: Vec<(String, Node, String)>,
    root: Option<Node>,
}

impl Watch {
    fn check(&mut self, at: &str) {
        let Some(doc) = dom::document() else { return };
        if let Ok(Some(bad)) = doc.query_selector(".pf-error,.pf-unknown") {
            let what = bad
                .get_attribute("data-path")
                .or_else(|| bad.get_attribute("data-type"));
            self.problems.push(format!(
                "{at}: {} {}",
                bad.class_name(),
                what.unwrap_or_default()
            ));
        }
        for id in std::mem::take(&mut self.waiting) {
            match doc.get_element_by_id(&id) {
                Some(el) => self.marks.push((id, el, at.to_string())),
                None => self.waiting.push(id),
            }
        }
        let root = doc
            .get_element_by_id("root")
            .and_then(|r| r.first_element_child());
        if let Some(root) = root.filter(|r| {
            !r.class_list().contains("pf-pending") && !r.class_list().contains("pf-waiting")
        }) {
            match &self.root {
                Some(first) if *first != root => {
                    self.problems
                        .push(format!("{at}: the root element was drawn again"));
                    self.root = Some(root);
                }
                Some(_) => {}
                None => self.root = Some(root),
            }
        }
        let mut kept = Vec::new();
        for (id, el, since) in std::mem::take(&mut self.marks) {
            if el.is_connected() && doc.get_element_by_id(&id).as_ref() == Some(&el) {
                kept.push((id, el, since));
            } else {
                self.problems
                    .push(format!("{at}: #{id} (complete since {since}) was replaced"));
            }
        }
        self.marks = kept;
    }
}

/// The view's tree as JSON text, generated ids (with a digit, not the test's `s<n>` marks)
/// renumbered `ID<n>` in order of appearance.
fn renumbered() -> String {
    let root = dom::document().and_then(|d| d.get_element_by_id("root"));
    let tree = root.as_ref().and_then(trees::tree).unwrap_or(Value::Null);
    let mut ids = Vec::new();
    collect_ids(&tree, &mut ids);
    let mut text = tree.to_string();
    for (i, id) in ids.iter().enumerate() {
        text = replace_word(&text, id, &format!("ID{i}"));
    }
    text
}

fn collect_ids(tree: &Value, out: &mut Vec<String>) {
    let Some(items) = tree.as_array() else { return };
    if let Some(id) = items.get(1).and_then(|a| a["id"].as_str()) {
        let generated = id.bytes().any(|b| b.is_ascii_digit())
            && !(id.starts_with('s') && id[1..].bytes().all(|b| b.is_ascii_digit()));
        if generated && !out.iter().any(|o| o == id) {
            out.push(id.to_string());
        }
    }
    for child in items.iter().skip(2) {
        collect_ids(child, out);
    }
}

/// `text` with every `word` not inside a longer word (letters, digits, `_`, `-`) replaced.
fn replace_word(text: &str, word: &str, by: &str) -> String {
    let inside = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-');
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let before = rest[..at].chars().last().or_else(|| out.chars().last());
        let after = rest[at + word.len()..].chars().next();
        out.push_str(&rest[..at]);
        out.push_str(if inside(before) || inside(after) {
            word
        } else {
            by
        });
        rest = &rest[at + word.len()..];
    }
    out.push_str(rest);
    out
}

fn stream(plan: &Value) -> Value {
    let view = View::connected();
    let mut watch = Watch::default();
    let steps = plan["steps"].as_array().cloned().unwrap_or_default();
    for (i, args) in steps.into_iter().enumerate() {
        view.tool_input_partial(args);
        let finishing = plan["finishing"][i].as_array().cloned().unwrap_or_default();
        watch.waiting.extend(
            finishing
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string)),
        );
        watch.check(&format!("step {i}"));
    }
    view.tool_result(plan["result"].clone());
    watch.check("result");
    let kept = watch.marks.len();
    let streamed = renumbered();
    drop(View::mount(plan["result"].clone()));
    let reference = renumbered();
    if streamed != reference {
        let at = streamed
            .bytes()
            .zip(reference.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        let near = |s: &str| {
            s.get(at.saturating_sub(60)..(at + 100).min(s.len()))
                .unwrap_or_default()
                .to_string()
        };
        watch.problems.push(format!(
            "final tree differs from a one-shot mount at {at}: one-shot …{}… streamed …{}…",
            near(&reference),
            near(&streamed)
        ));
    }
    json!({"problems": watch.problems, "kept": kept})
}

fn main() {
    let plans = trees::read_stdin_array("plans");
    let mut out = Map::new();
    for plan in &plans {
        out.insert(
            plan["name"].as_str().unwrap_or_default().to_string(),
            stream(plan),
        );
    }
    println!("{}", Value::Object(out));
}
