//! The integration tests: one test crate (one binary to build and link), one module per
//! area. `common` holds the `permlab` runner and shared helpers.

mod bench_solve_peers;
mod beyond_one_machine;
mod boards;
mod certificates;
mod classes;
mod cli_classes;
mod cli_core;
mod cli_groups;
mod cli_structure;
mod common;
mod conjugacy;
#[cfg(feature = "evcxr")]
mod display;
mod figures;
mod figures_linalg;
mod figures_new;
mod figures_pdf;
mod figures_theme;
mod figures_tikz;
mod fuzz_parsers;
mod geometry_puzzles;
mod groups;
mod groups_bruteforce;
mod hostile;
mod ida;
mod identical;
mod interchange;
mod linalg;
mod mixing;
mod move_sets;
mod nrp;
mod optimal;
mod orbits_on_sets;
mod output_paths;
mod perm_laws;
mod piece_stages;
mod proofs;
mod reproduce;
mod search;
mod seeds_core;
mod shortwords;
mod structure;
mod structure_description;
