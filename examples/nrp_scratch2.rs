use permlab::nrp::{general::*, Solver};
use permlab::PermGroup;
use rand::SeedableRng;
fn main() {
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let s = Solver::new(n).unwrap();
    let t = std::time::Instant::now();
    let g = GeneralSolver::with_three_cycles(&s.board.puzzle, &[s.specific.letters.clone()]);
    eprintln!("general built {:?} {:?}", t.elapsed(), g.method);
    let mut r = rand::rngs::StdRng::seed_from_u64(1);
    let st = g.random_state(&mut r);
    eprintln!("random state {:?}", t.elapsed());
    let grp = PermGroup::from_puzzle(&s.board.puzzle);
    let p = permlab::Perm::from_state(&st).unwrap();
    eprintln!("can factor {}", grp.can_factor());
    let f = grp.factor(&p.inverse());
    eprintln!("factor {:?} {:?}", f.map(|f| f.len()), t.elapsed());
}
