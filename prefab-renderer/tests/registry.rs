//! The renderer's registry mirrors the model: every `prefab::Component::TYPES` entry has
//! exactly one renderer, no renderer names a type the model lacks, and each renderer family
//! has the name and the members of a `prefab::components` family. Adding a component to
//! the model without a renderer fails here (natively: `cargo test -p prefab-renderer`).
#![cfg(not(target_arch = "wasm32"))]

use prefab::Component;
use prefab::components::FAMILIES as MODEL;
use prefab_renderer::render::FAMILIES as RENDERER;
use std::collections::{BTreeMap, BTreeSet};

/// Types per family, as sorted sets.
fn families<T>(
    list: &[(&str, &[T])],
    name: impl Fn(&T) -> &str,
) -> BTreeMap<String, BTreeSet<String>> {
    list.iter()
        .map(|(family, items)| {
            let types = items.iter().map(|t| name(t).to_string()).collect();
            (family.to_string(), types)
        })
        .collect()
}

#[test]
fn every_model_type_has_exactly_one_renderer() {
    let mut count = BTreeMap::<&str, usize>::new();
    for (_, rows) in RENDERER {
        for (ty, _) in *rows {
            *count.entry(ty).or_default() += 1;
        }
    }
    let missing: Vec<_> = Component::TYPES
        .iter()
        .filter(|t| !count.contains_key(*t))
        .collect();
    assert!(
        missing.is_empty(),
        "model types without a renderer: {missing:?}"
    );
    let twice: Vec<_> = count.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "types rendered more than once: {twice:?}");
}

#[test]
fn no_renderer_names_a_type_the_model_lacks() {
    let unknown: Vec<_> = RENDERER
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|(ty, _)| *ty))
        .filter(|ty| !Component::TYPES.contains(ty))
        .collect();
    assert!(
        unknown.is_empty(),
        "renderers of types the model lacks: {unknown:?}"
    );
}

#[test]
fn renderer_families_have_the_model_families_names_and_members() {
    let model = families(MODEL, |t| t);
    let renderer = families(RENDERER, |row| row.0);
    assert_eq!(
        model.keys().collect::<Vec<_>>(),
        renderer.keys().collect::<Vec<_>>(),
        "family names"
    );
    for (family, types) in &model {
        assert_eq!(
            Some(types),
            renderer.get(family),
            "members of family {family}"
        );
    }
}

#[test]
fn the_model_families_cover_every_component_type_once() {
    let listed: Vec<&str> = MODEL
        .iter()
        .flat_map(|(_, types)| types.iter().copied())
        .collect();
    let unique: BTreeSet<&str> = listed.iter().copied().collect();
    assert_eq!(listed.len(), unique.len(), "a type in two model families");
    assert_eq!(
        unique,
        Component::TYPES.iter().copied().collect(),
        "families vs Component::TYPES"
    );
}
