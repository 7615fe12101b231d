//! The registry: the rows every family contributes, merged at compile time into arrays
//! sorted by type, and the lookup [`node`](super::node) does for each node (a binary
//! search).
use super::{Render, Row, card, charts, control_flow, data, form, interactive, layout, media};
use super::{select, sortable, typography, unknown};
use crate::cx::Cx;
use crate::dom::Node;
use prefab::expr::Value;

/// The registry: each family of `prefab::components` with the rows its module contributes.
pub const FAMILIES: &[(&str, &[Row])] = &[
    ("card", card::ROWS),
    ("charts", charts::ROWS),
    ("control_flow", control_flow::ROWS),
    ("data", data::ROWS),
    ("form", form::ROWS),
    ("interactive", interactive::ROWS),
    ("layout", layout::ROWS),
    ("media", media::ROWS),
    ("select", select::ROWS),
    ("sortable", sortable::ROWS),
    ("typography", typography::ROWS),
];

/// Every row of [`FAMILIES`], sorted by type (not in the wasm itself: the arrays below are).
const TABLE: [Row; ROWS] = sorted(FAMILIES);

/// How many types are registered.
const ROWS: usize = row_count(FAMILIES);

/// The types of [`TABLE`], in order (apart from the renders: in the wasm, two arrays of
/// like values compress better than one of mixed rows).
static NAMES: [&str; ROWS] = names(&TABLE);

/// How the types of [`NAMES`] render.
static RENDERS: [Render; ROWS] = renders(&TABLE);

/// How `ty` renders, if it is a registered type.
pub(super) fn lookup(ty: &str) -> Option<&'static Render> {
    let at = NAMES.binary_search(&ty).ok()?;
    RENDERS.get(at)
}

/// How many rows the families have.
const fn row_count(families: &[(&str, &[Row])]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < families.len() {
        n += families[i].1.len();
        i += 1;
    }
    n
}

/// The rows of `families` sorted by type (insertion sort, at compile time); a type listed
/// twice stops the build.
const fn sorted<const N: usize>(families: &[(&'static str, &[Row])]) -> [Row; N] {
    let mut out: [Row; N] = [("", Render::With(placeholder)); N];
    let (mut len, mut f) = (0, 0);
    while f < families.len() {
        let rows = families[f].1;
        let mut r = 0;
        while r < rows.len() {
            let row = rows[r];
            let mut at = len;
            while at > 0 && before(row.0, out[at - 1].0) {
                out[at] = out[at - 1];
                at -= 1;
            }
            assert!(
                at == 0 || before(out[at - 1].0, row.0),
                "a type is registered twice"
            );
            out[at] = row;
            len += 1;
            r += 1;
        }
        f += 1;
    }
    out
}

/// Whether `a` sorts before `b` (byte order, as `str::cmp`).
const fn before(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

/// The rows' names.
const fn names(rows: &[Row; ROWS]) -> [&'static str; ROWS] {
    let mut out = [""; ROWS];
    let mut i = 0;
    while i < ROWS {
        out[i] = rows[i].0;
        i += 1;
    }
    out
}

/// How the rows render.
const fn renders(rows: &[Row; ROWS]) -> [Render; ROWS] {
    let mut out = [Render::With(placeholder); ROWS];
    let mut i = 0;
    while i < ROWS {
        out[i] = rows[i].1;
        i += 1;
    }
    out
}

/// Fills the table before it is sorted (never called).
fn placeholder(_: &Cx, ty: &str, _: &Value, path: &str) -> Result<Node, String> {
    Ok(unknown(ty, path))
}
