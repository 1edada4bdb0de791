use permlab::nrp::{quality, Solver};
use permlab::Puzzle;
use rand::SeedableRng;
fn main() {
    let mut r = rand::rngs::StdRng::seed_from_u64(1);
    for n in 4..=8 {
        let s = Solver::new(n).unwrap();
        let t = std::time::Instant::now();
        let row = quality::compare(
            &s.board.puzzle,
            Some(&s),
            20,
            quality::Limits::default(),
            &mut r,
        );
        println!("{:?} {:?}", row, t.elapsed());
    }
    for spec in [
        "board:2x3:2",
        "board:3x4:3",
        "board:3x3:2",
        "board:2x4:2",
        "board:4x4:3",
        "board:5x5:4",
    ] {
        let p = Puzzle::builtin(spec).unwrap();
        let t = std::time::Instant::now();
        let row = quality::compare(&p, None, 20, quality::Limits::default(), &mut r);
        println!("{:?} {:?}", row, t.elapsed());
    }
}
