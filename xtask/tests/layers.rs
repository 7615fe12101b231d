//! The layers of the renderer, of `prefab` and of xtask, and the test that holds the code to
//! them.
//!
//! Each crate declares its top-level modules from the top layer down. Every `crate::…` and
//! `super::…` path in its sources is an edge from the module of the file to the module the
//! path names. The rules:
//!
//! * a module may use its own ancestors' items (a family file uses its parent's helpers);
//! * an edge between two top-level modules goes down the declared order, never up;
//! * no cycle through any number of modules, at any depth (siblings inside a folder too).
//!
//! A new top-level module must be placed in its crate's list below.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// `prefab-renderer`: the headless entry (native builds) and the app (envelopes, host events)
/// on top, then rendering, actions, the render context, the host bridge, the DOM seam, and
/// the store and JSON helpers at the bottom.
#[rustfmt::skip]
const RENDERER: &[&str] = &[
    "headless", "app", "a2ui", "render", "actions", "cx", "bridge", "template", "classes", "url", "dom",
    "log", "store", "js", "json", "node", "text", "heap",
];

/// `prefab`: tool results and forms on top, then validation, the typed model, the wire
/// primitives, pages, styles, and expressions at the bottom.
#[rustfmt::skip]
const PREFAB: &[&str] = &[
    "a2ui", "auto", "forms", "display", "fallback", "schema", "validate", "app", "rx", "components",
    "actions", "wire", "page", "style", "expr",
];

/// xtask: the suites on top, the shell helpers at the bottom.
#[rustfmt::skip]
const XTASK: &[&str] = &[
    "flakes", "suites", "visual", "scale", "package", "renderer", "bench", "contact", "fastmcp", "serve",
    "hosts", "e2e",
    "mcp_conformance", "pages", "post", "install", "oauth", "fuzz", "conformance", "standalone",
    "cdn", "version", "sh",
];

#[test]
fn renderer_layers() {
    check("prefab-renderer/src", RENDERER);
}

#[test]
fn prefab_layers() {
    check("prefab/src", PREFAB);
}

#[test]
fn xtask_layers() {
    check("xtask/src", XTASK);
}

#[test]
fn paths_expand_use_trees_and_resolve_super() {
    let module = ["render".to_string(), "data".to_string()];
    let text = "use crate::{dom, cx::{Cx, Shared}};\n\
                // crate::ignored in a comment\n\
                let x = super::node(cx); $crate::wire::Map; pub(crate) fn f() {}";
    let found: Vec<String> = paths(&module, text).iter().map(|p| p.join("::")).collect();
    assert_eq!(
        found,
        ["dom", "cx::Cx", "cx::Shared", "wire::Map", "render::node"],
        "paths read from {text:?}"
    );
}

#[test]
fn a_cycle_is_found_through_three_modules() {
    let m = |s: &str| vec![s.to_string()];
    let graph = Graph::from([
        (m("a"), vec![m("b")]),
        (m("b"), vec![m("c")]),
        (m("c"), vec![m("a")]),
    ]);
    let cycle = find_cycle(&graph).expect("a -> b -> c -> a is a cycle");
    assert_eq!(cycle.len(), 4, "{cycle:?}");
    assert!(find_cycle(&Graph::from([(m("a"), vec![m("b")])])).is_none());
}

/// Module path (`["render", "table"]`) → the module paths its `crate::`/`super::` paths name.
type Graph = BTreeMap<Vec<String>, Vec<Vec<String>>>;

fn check(dir: &str, order: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
    let mut sources = BTreeMap::new();
    read_tree(&root, &mut Vec::new(), &mut sources);
    let modules: Vec<Vec<String>> = sources.keys().cloned().collect();
    let mut graph = Graph::new();
    let mut errors = BTreeSet::new();
    for (module, text) in &sources {
        for path in paths(module, text) {
            // The longest module the path names (the rest are items of it).
            let Some(to) = (0..=path.len())
                .rev()
                .map(|n| &path[..n])
                .find(|p| modules.iter().any(|m| m == p))
            else {
                continue;
            };
            if module.starts_with(to) {
                continue; // an ancestor's items, or its own
            }
            let rank = |m: &[String]| order.iter().position(|o| m.first().is_some_and(|f| f == o));
            match (rank(module), rank(to)) {
                (Some(a), Some(b)) if a > b => errors.insert(format!(
                    "back edge: {} -> {} (declared above it)",
                    module.join("::"),
                    to.join("::")
                )),
                (None, _) if !module.is_empty() => {
                    errors.insert(format!("undeclared module {}", module[0]))
                }
                (_, None) => errors.insert(format!("undeclared module {}", to[0])),
                _ => false,
            };
            graph.entry(module.clone()).or_default().push(to.to_vec());
        }
    }
    for declared in order {
        if !modules
            .iter()
            .any(|m| m.first().is_some_and(|f| f == declared))
        {
            errors.insert(format!("declared module {declared} has no file"));
        }
    }
    // A reader that found no paths would pass every rule: the crates do use each other.
    let edges: usize = graph.values().map(Vec::len).sum();
    if edges < order.len() {
        errors.insert(format!(
            "only {edges} edges read: is the path reader broken?"
        ));
    }
    if let Some(cycle) = find_cycle(&graph) {
        errors.insert(format!(
            "import cycle: {}",
            cycle
                .iter()
                .map(|m| m.join("::"))
                .collect::<Vec<_>>()
                .join(" -> ")
        ));
    }
    assert!(
        errors.is_empty(),
        "{dir}:\n  {}",
        errors.into_iter().collect::<Vec<_>>().join("\n  ")
    );
}

/// Every `.rs` file below `dir`, keyed by its module path (`lib.rs`/`main.rs` is `[]`,
/// `a/mod.rs` and `a.rs` are `["a"]`).
fn read_tree(dir: &Path, prefix: &mut Vec<String>, out: &mut BTreeMap<Vec<String>, String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source folder")
        .flatten()
        .collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            prefix.push(name);
            read_tree(&path, prefix, out);
            prefix.pop();
        } else if let Some(stem) = name.strip_suffix(".rs") {
            let mut module = prefix.clone();
            if !matches!(stem, "mod" | "lib" | "main") {
                module.push(stem.to_string());
            }
            let text = std::fs::read_to_string(&path).expect("source file");
            out.entry(module).or_default().push_str(&text);
        }
    }
}

/// The absolute module paths of every `crate::…`/`super::…` path in `text` (use trees with
/// braces expanded), comments left out.
fn paths(module: &[String], text: &str) -> Vec<Vec<String>> {
    let code: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for (at, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        if at > 0
            && (bytes[at - 1].is_ascii_alphanumeric()
                || bytes[at - 1] == b'_'
                || bytes[at - 1] == b':')
        {
            continue; // `$crate::`, `pub(crate)`, or the tail of a longer path
        }
        let (base, rest) = if code[at..].starts_with("crate::") {
            (Vec::new(), &code[at + 7..])
        } else {
            let mut base = module.to_vec();
            let mut rest = &code[at..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            (base, rest)
        };
        use_tree(base, rest, &mut out);
    }
    out
}

/// Expands `a::b::{c, d::{e}}` after `base` into full paths.
fn use_tree(mut base: Vec<String>, text: &str, out: &mut Vec<Vec<String>>) {
    let mut rest = text.trim_start();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let (mut depth, mut start) = (0, 0);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => return use_tree(base.clone(), &group[start..i], out),
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        use_tree(base.clone(), &group[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            return;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        base.push(rest[..end].to_string());
        match rest[end..].strip_prefix("::") {
            Some(more) => rest = more.trim_start(),
            None => break,
        }
    }
    out.push(base);
}

/// A cycle of the graph, if it has one (depth-first search with colours).
fn find_cycle(graph: &Graph) -> Option<Vec<Vec<String>>> {
    fn visit<'a>(
        graph: &'a Graph,
        at: &'a Vec<String>,
        stack: &mut Vec<&'a Vec<String>>,
        done: &mut Vec<&'a Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(i) = stack.iter().position(|m| *m == at) {
            return Some(
                stack[i..]
                    .iter()
                    .map(|m| (*m).clone())
                    .chain([at.clone()])
                    .collect(),
            );
        }
        if done.contains(&at) {
            return None;
        }
        stack.push(at);
        for next in graph.get(at).into_iter().flatten() {
            if let Some(cycle) = visit(graph, next, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.push(at);
        None
    }
    let mut done = Vec::new();
    graph
        .keys()
        .find_map(|start| visit(graph, start, &mut Vec::new(), &mut done))
}
