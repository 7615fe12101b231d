//! Shared inputs for the benchmarks (see `benches/README.md`).
