//! The `data` family: `DataTable` (`table.rs`, sorting in `order.rs`), the static `Table`
//! parts and `Loader` (rows of plain data), the meters `Progress` and `Ring` (`meter.rs`)
//! and `Sparkline` (`spark.rs`, on the charts' SVG helpers).
mod meter;
mod order;
mod spark;
mod table;

use super::Render::With;
use super::Row;
use super::plain::{Mods, Plain, Prop, Role, Touch};

const LOADER: Mods = &[("variant", "", "spin"), ("size", "size-", "default")];

/// The family's rows.
pub const ROWS: &[Row] = &[
    ("DataTable", With(table::data_table)),
    (
        "Table",
        Plain::new("table", "pf-table")
            .touch(Touch::Table)
            .grid()
            .row(),
    ),
    (
        "TableHeader",
        Plain::new("thead", "pf-table-header").grid().row(),
    ),
    (
        "TableBody",
        Plain::new("tbody", "pf-table-body").grid().row(),
    ),
    (
        "TableFooter",
        Plain::new("tfoot", "pf-table-footer").grid().row(),
    ),
    ("TableRow", Plain::new("tr", "pf-table-row").grid().row()),
    (
        "TableHead",
        Plain::new("th", "pf-table-head")
            .text(Prop::Content)
            .grid()
            .row(),
    ),
    (
        "TableCell",
        Plain::new("td", "pf-table-cell")
            .text(Prop::Content)
            .grid()
            .row(),
    ),
    (
        "TableCaption",
        Plain::new("caption", "pf-table-caption")
            .text(Prop::Content)
            .grid()
            .row(),
    ),
    ("Progress", With(meter::progress)),
    ("Ring", With(meter::ring)),
    (
        "Loader",
        Plain::new("span", "pf-loader")
            .mods(LOADER)
            .role(Role::Status)
            .touch(Touch::Loader)
            .grid()
            .row(),
    ),
    ("Sparkline", With(spark::sparkline)),
];
