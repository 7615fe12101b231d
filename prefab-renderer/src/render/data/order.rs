//! The `DataTable` sort: stable and type-aware. Numbers compare numerically, strings
//! case-insensitively (lower-cased once per row, not per comparison), booleans as 0/1;
//! numbers come before strings, and empty cells (`null`, absent, `""`) always come last.
use crate::node::prop;
use crate::template;
use prefab::expr::{Value, lower_case};
use std::cmp::Ordering;

enum Key {
    Number(f64),
    Text(String),
    Empty,
}

fn key_of(value: &Value) -> Key {
    match value {
        Value::Number(n) if !n.is_nan() => Key::Number(*n),
        Value::Bool(b) => Key::Number(f64::from(u8::from(*b))),
        Value::Undefined | Value::Null => Key::Empty,
        Value::String(s) if s.is_empty() => Key::Empty,
        other => Key::Text(fold(&template::display(other))),
    }
}

/// Lower case for comparing and searching: ASCII in Rust, other text through the
/// platform's `toLowerCase` (no Unicode tables in the wasm).
pub(super) fn fold(text: &str) -> String {
    if text.is_ascii() {
        text.to_ascii_lowercase()
    } else {
        lower_case(text)
    }
}

fn compare(a: &Key, b: &Key) -> Ordering {
    match (a, b) {
        (Key::Number(x), Key::Number(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
        (Key::Text(x), Key::Text(y)) => x.cmp(y),
        (Key::Number(_), Key::Text(_)) => Ordering::Less,
        (Key::Text(_), Key::Number(_)) => Ordering::Greater,
        (Key::Empty, Key::Empty) => Ordering::Equal,
        (Key::Empty, _) => Ordering::Greater,
        (_, Key::Empty) => Ordering::Less,
    }
}

/// Sorts the row positions `shown` by the rows' `key` cell; equal cells keep their order.
pub(super) fn sort(shown: &mut Vec<usize>, rows: &[Value], key: &str, desc: bool) {
    let keys: Vec<Key> = shown
        .iter()
        .map(|&i| key_of(rows.get(i).map_or(&Value::Undefined, |r| prop(r, key))))
        .collect();
    let before = |a: usize, b: usize| {
        let (Some(x), Some(y)) = (keys.get(a), keys.get(b)) else {
            return false;
        };
        let order = compare(x, y);
        // Descending reverses the values but keeps empty cells last.
        let order = if desc && !matches!(x, Key::Empty) && !matches!(y, Key::Empty) {
            order.reverse()
        } else {
            order
        };
        order == Ordering::Greater
    };
    // A bottom-up merge sort over positions into `keys` (stable; far smaller in the wasm
    // than the standard library's sort).
    let mut from: Vec<usize> = (0..keys.len()).collect();
    let mut to = vec![0; from.len()];
    let mut width = 1;
    while width < from.len() {
        let mut start = 0;
        while start < from.len() {
            let mid = (start + width).min(from.len());
            let end = (start + 2 * width).min(from.len());
            let (mut i, mut j) = (start, mid);
            for slot in to.iter_mut().take(end).skip(start) {
                let left = from.get(i).copied().unwrap_or_default();
                let right = from.get(j).copied().unwrap_or_default();
                if j < end && (i >= mid || before(left, right)) {
                    *slot = right;
                    j += 1;
                } else {
                    *slot = left;
                    i += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    *shown = from.iter().filter_map(|&k| shown.get(k).copied()).collect();
}
