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
        Plain::new("table").touch(Touch::Table).grid().row(),
    ),
    ("TableHeader", Plain::new("thead").grid().row()),
    ("TableBody", Plain::new("tbody").grid().row()),
    ("TableFooter", Plain::new("tfoot").grid().row()),
    ("TableRow", Plain::new("tr").grid().row()),
    (
        "TableHead",
        Plain::new("th").text(Prop::Content).grid().row(),
    ),
    (
        "TableCell",
        Plain::new("td").text(Prop::Content).grid().row(),
    ),
    (
        "TableCaption",
        Plain::new("caption").text(Prop::Content).grid().row(),
    ),
    ("Progress", With(meter::progress)),
    ("Ring", With(meter::ring)),
    (
        "Loader",
        Plain::new("span")
            .mods(LOADER)
            .role(Role::Status)
            .touch(Touch::Loader)
            .grid()
            .row(),
    ),
    ("Sparkline", With(spark::sparkline)),
];
