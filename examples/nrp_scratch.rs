use permlab::nrp::*;
fn main() {
    let letters = [(0usize,1i64),(0,-1),(0,2),(1,1),(1,-1),(1,2)];
    for n in 4..=12 {
        let b = Board::new(n).unwrap();
        let mut found = None;
        let mut frontier: Vec<Vec<(usize,i64)>> = vec![vec![]];
        'outer: for _len in 1..=9 {
            let mut next = vec![];
            for w in &frontier { for &l in &letters { if let Some(&(g,_)) = w.last() { if g == l.0 { continue; } }
                let mut w2 = w.clone(); w2.push(l);
                let p = b.eval_letters(&w2);
                let ct = p.cycle_type();
                let threes = ct.iter().filter(|&&x| x == 3).count();
                let bad = ct.iter().any(|&x| x > 1 && x != 3 && x % 3 == 0);
                if threes == 1 && !bad {
                    let m: usize = ct.iter().filter(|&&x| x != 3 && x > 1).fold(1, |a, &x| num_integer::lcm(a, x));
                    found = Some((w2.clone(), m)); break 'outer; }
                next.push(w2);
            }}
            frontier = next;
        }
        println!("n={n} {:?}", found.map(|(w,m)| (b.word(&w).to_string(), m)));
    }
}
