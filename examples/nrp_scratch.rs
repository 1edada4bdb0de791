use permlab::nrp::*;
use rand::{Rng, SeedableRng};
fn main() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    for n in 4..=12 {
        let b = Board::new(n).unwrap();
        let mut maxlen = 0;
        let mut tot = 0;
        let mut cnt = 0;
        for _ in 0..3000 {
            let class = rng.random_range(0..b.class_count());
            let cells: Vec<usize> = (0..b.cells()).filter(|&c| b.class(c) == class).collect();
            let mut t = [0usize; 3];
            loop {
                for k in 0..3 {
                    t[k] = cells[rng.random_range(0..cells.len())];
                }
                if t[0] != t[1] && t[1] != t[2] && t[0] != t[2] {
                    break;
                }
            }
            let r = std::panic::catch_unwind(|| spiral_cycle(&b, t).unwrap());
            match r {
                Ok(w) => {
                    let tg = intermediate_squares(&b, class);
                    for k in 0..3 {
                        assert_eq!(b.track(&w, t[k]), tg[k]);
                    }
                    let l = b.simplify(&w).len();
                    maxlen = maxlen.max(l);
                    tot += l;
                    cnt += 1;
                }
                Err(_) => {
                    println!("n={n} FAIL {:?} {:?}", t, t.map(|c| b.coords(c)));
                    break;
                }
            }
        }
        println!(
            "n={n} ok {cnt} mean {} max {maxlen} hide {}",
            tot / cnt.max(1),
            permlab::nrp::spiral_cycle::hiding_word(&b).len() / 8
        );
    }
}
