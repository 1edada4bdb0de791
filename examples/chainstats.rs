//! Prints the basic orbit lengths x strong generator counts (with the Schreier trees' depths) of a chain and the best
//! build time of 10 (a diagnostic for tuning Schreier–Sims; `permlab bench groups`
//! is the benchmark).
fn main() {
    let spec = std::env::args()
        .nth(1)
        .expect("usage: chainstats PUZZLE [RUNS]");
    let p = permlab::Puzzle::load(&spec).expect("puzzle");
    let runs: usize = std::env::args()
        .nth(2)
        .map_or(10, |r| r.parse().expect("RUNS is a number"));
    let mut best = f64::INFINITY;
    let mut c = None;
    for _ in 0..runs {
        let t = std::time::Instant::now();
        c = Some(permlab::group::Chain::build(
            p.degree(),
            &p.generator_perms(),
            &[],
            None,
        ));
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    let c = c.expect("built");
    let mut best_group = f64::INFINITY;
    for _ in 0..runs {
        let t = std::time::Instant::now();
        let g = p.group();
        let _ = g.order();
        best_group = best_group.min(t.elapsed().as_secs_f64() * 1e3);
    }
    println!("PermGroup::new + order, best of {runs}: {best_group:.2} ms");
    let mut tot = 0;
    for l in c.levels() {
        print!(
            "{}x{}(depth {}) ",
            l.orbit().len(),
            l.generators().len(),
            l.tree_depth()
        );
        tot += l.orbit().len() * l.generators().len();
    }
    println!(
        "\nSchreier generators {tot}, strong generators {}, best of {runs}: {best:.2} ms",
        c.strong_generators().len()
    );
}
