use permlab::nrp::general::*;
use permlab::Puzzle;
use rand::SeedableRng;
fn main() {
    for spec in [
        "board:2x3:2",
        "board:3x4:3",
        "board:3x3:2",
        "board:2x4:2",
        "board:4x4:2",
        "board:4x4:3",
        "board:5x5:3",
        "board:5x5:4",
        "board:6x6:5",
        "board:4x5:4",
        "board:5x6:5",
        "board:6x7:3",
    ] {
        let p = Puzzle::builtin(spec).unwrap();
        let t = std::time::Instant::now();
        let s = GeneralSolver::new(&p);
        let build = t.elapsed();
        let found: Vec<_> = s
            .cyclers
            .iter()
            .map(|c| c.as_ref().map(|c| (c.found, c.letters.len())))
            .collect();
        let mut r = rand::rngs::StdRng::seed_from_u64(1);
        let mut lens = vec![];
        let t = std::time::Instant::now();
        for _ in 0..20 {
            let st = s.random_state(&mut r);
            let sol = s.solve(&st).unwrap();
            assert_eq!(s.puzzle.apply(&st, &sol.word), s.puzzle.solved());
            lens.push(sol.letters.len());
        }
        lens.sort();
        println!(
            "{spec}: order {} method {:?} build {:?} found {:?} median len {} solve {:?}",
            s.group.order(),
            s.method,
            build,
            found,
            lens[10],
            t.elapsed() / 20
        );
    }
}
