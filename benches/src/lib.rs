//! Shared inputs for the benchmarks (see `benches/README.md`).

pub mod display_rows;
