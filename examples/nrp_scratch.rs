use permlab::nrp::*;
use permlab::Perm;
use rand::{seq::SliceRandom, SeedableRng};
fn main() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    for n in 4..=12 {
        let s = Solver::new(n).unwrap();
        let b = &s.board;
        println!(
            "n={n} specific {:?} len {} cells {:?} T* len {}",
            s.specific.method,
            s.specific.letters.len(),
            s.specific.cells,
            s.specific.on_intermediates[0].len()
        );
        let mut lens = vec![];
        let mut unsolv = 0;
        let t = std::time::Instant::now();
        for _ in 0..50 {
            let mut st: Vec<u32> = (0..b.cells() as u32).collect();
            st.shuffle(&mut rng);
            match s.solve(&st) {
                Ok(sol) => {
                    let out = b.eval_letters(&sol.letters).apply_to_state(&st);
                    assert_eq!(out, b.puzzle.solved());
                    lens.push(sol.letters.len());
                }
                Err(e) => {
                    unsolv += 1;
                    if unsolv == 1 {
                        println!("  {e}");
                    }
                }
            }
        }
        lens.sort();
        println!(
            "  solved {} unsolvable {unsolv} median {:?} max {:?} time/solve {:?}",
            lens.len(),
            lens.get(lens.len() / 2),
            lens.last(),
            t.elapsed() / 50
        );
        let _ = Perm::identity(1);
    }
}
