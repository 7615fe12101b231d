//! The `$ref` checks of an app, in time linear in the number of templates and uses:
//! every use names a template in `defs`; a template that uses itself (directly or through
//! others) is a warning, since the renderer does not expand a cycle (prefab-ui accepts such
//! documents); and the view does not expand into more than
//! [`MAX_EXPANDED_NODES`] nodes. A few bytes of templates that use each other several times
//! can stand for exponentially many nodes, which no renderer or fallback should build.

use crate::wire::Walker;
use crate::wire::quoted;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// The most nodes the view may stand for once every `$ref` is replaced by its template.
pub const MAX_EXPANDED_NODES: usize = 100_000;

/// Reports unknown template names and an over-large expansion (errors), and cycles
/// (warnings).
pub(super) fn check(walker: &mut Walker, defs: Option<&Map<String, Value>>) {
    let refs = std::mem::take(&mut walker.refs);
    let names: Vec<&str> = defs
        .map(|defs| defs.keys().map(String::as_str).collect())
        .unwrap_or_default();
    let index: HashMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    for seen in &refs {
        if !index.contains_key(seen.name.as_str()) {
            let hint = walker.did_you_mean(&seen.name, &names);
            let message = format!(
                "$ref to {}, which is not in \"defs\"{hint}",
                quoted(&seen.name)
            );
            walker.push_error(seen.path.clone(), message);
        }
    }
    // The uses inside each template, and those of the view.
    let mut uses: Vec<Vec<(usize, &str)>> = vec![Vec::new(); names.len()];
    let mut view_uses = Vec::new();
    for seen in &refs {
        let Some(&target) = index.get(seen.name.as_str()) else {
            continue;
        };
        match seen.owner.filter(|&i| i < names.len()) {
            Some(owner) => uses[owner].push((target, seen.path.as_str())),
            None => view_uses.push(target),
        }
    }
    let own = |i: usize| walker.def_nodes.get(i).copied().unwrap_or(0);
    let (sizes, cycles) = expanded_sizes(&uses, own);
    for (target, path) in cycles {
        let message = format!(
            "$ref to {} inside its own expansion (a cycle: the renderer and the text \
             fallback do not expand it again)",
            quoted(names[target])
        );
        walker.push_warning(path.to_owned(), message);
    }
    let total = view_uses
        .iter()
        .fold(walker.view_nodes, |sum, &t| sum.saturating_add(sizes[t]));
    if total > MAX_EXPANDED_NODES {
        walker.push_error(
            "view".to_owned(),
            format!(
                "the view expands to more than {MAX_EXPANDED_NODES} nodes once each $ref is \
                 replaced by its template (templates used many times inside each other)"
            ),
        );
    }
}

/// The expanded node count of every template (capped just above the limit), and the uses
/// that close a cycle, by an iterative depth-first walk over the uses.
fn expanded_sizes<'p>(
    uses: &[Vec<(usize, &'p str)>],
    own: impl Fn(usize) -> usize,
) -> (Vec<usize>, Vec<(usize, &'p str)>) {
    let n = uses.len();
    let mut size: Vec<Option<usize>> = vec![None; n];
    let mut open = vec![false; n];
    let mut cycles = Vec::new();
    for start in 0..n {
        if size[start].is_some() {
            continue;
        }
        open[start] = true;
        let mut stack = vec![(start, 0)];
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            if let Some(&(target, path)) = uses[node].get(*next) {
                *next += 1;
                if open[target] {
                    cycles.push((target, path));
                } else if size[target].is_none() {
                    open[target] = true;
                    stack.push((target, 0));
                }
                continue;
            }
            // A use that closes a cycle counts nothing (it is reported instead).
            let total = uses[node].iter().fold(own(node), |sum, (t, _)| {
                sum.saturating_add(size[*t].unwrap_or(0))
            });
            size[node] = Some(total.min(MAX_EXPANDED_NODES + 1));
            open[node] = false;
            stack.pop();
        }
    }
    (
        size.into_iter().map(Option::unwrap_or_default).collect(),
        cycles,
    )
}
