//! Short words (issue 14): `solve --time-limit` on a puzzle too big for a table
//! answers by its deadline with a replayed factorisation; word shortening keeps the
//! element and never lengthens; `factor` words are correct, also with `--cycles`.
//! Issue 40: `factor` keeps the shorter of the solver's word and Minkwitz's, every
//! word evaluated; `conjugate`'s words conjugate, and are shortest when found by
//! enumeration (brute force on M11); the same elements as GAP's `Factorization` in
//! tests/data/factor_gap.txt factor correctly.

use crate::common::{permlab, test_cache};

use permlab::group::conjugacy::{ConjugatorMethod, CONJUGATOR_CANDIDATES};
use permlab::group::shorten::Shortener;
use permlab::letters;
use permlab::search::budget::SearchBudget;
use permlab::search::cache::TableCache;
use permlab::search::short_word::{ShortWords, WordMethod};
use permlab::search::solver::{Method, SolveOptions};
use permlab::{Perm, Puzzle};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random word of `len` letters over the puzzle's generators and their powers.
fn random_word(p: &Puzzle, len: usize, seed: u64) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let names = p.generator_names();
    (0..len)
        .map(|_| {
            let n = &names[rng.random_range(0..names.len())];
            let k = rng.random_range(1..=4);
            format!("{n}^{k}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Regression: `solve megaminx STATE --time-limit S` (no table fits) used to build its
/// pruning tables regardless of the limit and then index the puzzle's 12 generator
/// names with letters of the 48 moves' group (a panic, exit 101). Now the tables'
/// building counts against the limit and the factorisation over the puzzle's
/// generators (or the piece-stage solver, when shorter) answers; its solution
/// replays, its length is its letters' count (htm).
#[test]
fn solve_megaminx_with_a_time_limit_answers_a_replayed_factorisation() {
    let p = Puzzle::builtin("megaminx").unwrap();
    let w = p.parse_word(&random_word(&p, 300, 14)).unwrap();
    let g = p.eval(&w);
    let state = permlab::puzzle::format_state(&g.to_state());
    let (code, out, err) = permlab(&["solve", "megaminx", &state, "--time-limit", "2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["optimal"], false);
    // the factorisation, or the piece-stage solver's answer when that is shorter
    let method = v["method"].as_str().unwrap();
    assert!(
        method.starts_with("factorisation through the stabiliser chain")
            || method.starts_with("piece stages"),
        "{method}"
    );
    let sol = p.parse_word(v["solution"].as_str().unwrap()).unwrap();
    assert_eq!(p.apply(&g.to_state(), &sol), p.solved());
    assert_eq!(v["length"].as_u64().unwrap() as usize, sol.letters().len());
    // (the factor tables' work bound, not a timed assertion, keeps this from the
    // 150 s of the run that panicked: see group::factor::WORK_LIMIT)
}

/// The generators' image arrays and orders of a puzzle.
fn gens_and_orders(p: &Puzzle) -> (Vec<Vec<u32>>, Vec<u64>) {
    let gens: Vec<Vec<u32>> = p
        .generator_perms()
        .iter()
        .map(|g| g.extended(p.degree()).images()[..p.degree()].to_vec())
        .collect();
    let orders = p
        .generator_perms()
        .iter()
        .map(|g| u64::try_from(g.order()).unwrap())
        .collect();
    (gens, orders)
}

/// Word shortening keeps the element and never lengthens, on random words (random
/// generators and powers, so with cancellations, mergeable powers and commuting
/// letters) of cube3, the Megaminx and M24; on the cube it finds at least the plain
/// free reduction, checked independently by evaluating through the puzzle.
#[test]
fn shortening_keeps_the_element_and_never_lengthens() {
    let mut rng = StdRng::seed_from_u64(1414);
    for spec in ["cube3", "megaminx", "tests/data/m24.gens"] {
        let p = Puzzle::load(spec).unwrap();
        let (gens, orders) = gens_and_orders(&p);
        let s = Shortener::new(p.degree(), &gens, &orders, 1 << 20);
        assert!(s.max_len() >= 3, "{spec}: {}", s.max_len());
        let mut total = (0, 0);
        for _ in 0..60 {
            let len = rng.random_range(0..120);
            let w: Vec<(usize, i64)> = (0..len)
                .map(|_| {
                    let g = rng.random_range(0..gens.len());
                    (g, rng.random_range(-3..=3i64))
                })
                .collect();
            let short = s.shorten(&w);
            assert!(short.len() <= w.len(), "{spec}: {w:?} -> {short:?}");
            // independent evaluation through the puzzle's own word evaluation
            let names: std::sync::Arc<[String]> = p.generator_names().into();
            let a = p.eval(&permlab::Word::from_letters(names.clone(), &w));
            let b = p.eval(&permlab::Word::from_letters(names, &short));
            assert_eq!(a, b, "{spec}: {w:?} -> {short:?}");
            // a fixpoint: shortening again changes nothing
            assert_eq!(s.shorten(&short), short, "{spec}");
            let reduced = letters::reduced(&w, &orders);
            assert!(short.len() <= reduced.len(), "{spec}");
            total.0 += w.len();
            total.1 += short.len();
        }
        assert!(total.1 < total.0, "{spec}: {total:?}");
    }
}

/// `factor --no-solver` words on cube3 and M24 evaluate to the state (through the puzzle's word
/// parser), and `factor --cycles` gives the word of the same state as STATE.
#[test]
fn factor_words_are_correct_and_accept_cycles() {
    for (spec, seed) in [("cube3", 1u64), ("tests/data/m24.gens", 2)] {
        let p = Puzzle::load(spec).unwrap();
        for k in 0..3 {
            let w = p.parse_word(&random_word(&p, 60, seed * 10 + k)).unwrap();
            let g = p.eval(&w);
            let state = permlab::puzzle::format_state(&g.to_state());
            // Minkwitz's words alone are deterministic (the solver's depend on its
            // deadline); the solver's path is checked in factor_words_evaluate_…
            let (code, out, err) = permlab(&["factor", spec, &state, "--json", "--no-solver"]);
            assert_eq!(code, 0, "{err}");
            let a: serde_json::Value = serde_json::from_str(&out).unwrap();
            let (code, out, err) = permlab(&[
                "factor",
                spec,
                "--cycles",
                &g.to_string(),
                "--json",
                "--no-solver",
            ]);
            assert_eq!(code, 0, "{err}");
            let b: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(a, b);
            let word = p.parse_word(a["word"].as_str().unwrap()).unwrap();
            assert_eq!(p.eval(&word), g, "{spec}");
            let sol = p.parse_word(a["solution"].as_str().unwrap()).unwrap();
            assert_eq!(p.apply(&g.to_state(), &sol), p.solved(), "{spec}");
            assert_eq!(
                a["length"].as_str().unwrap(),
                word.letter_count().to_string()
            );
        }
    }
}

/// The solver's options in the tests: the tests' table cache.
fn options() -> SolveOptions {
    SolveOptions {
        cache: TableCache::at(test_cache()),
        ..SolveOptions::default()
    }
}

/// `factor`'s library function on uniformly random elements of puzzles with a solver
/// (cube2: the complete table, cube3: two-phase, the ⟨R, U⟩ cube group) and groups
/// without puzzle structure (M12, whose 95040 elements fit a complete table, and the
/// hostile M11 on points beyond 255, where no solver applies): every word evaluates
/// to its element; the word is the shorter of the two methods' (Minkwitz's alone,
/// computed separately, is the same word as the one compared); the solver's answer on
/// cube2 is from its complete table, so at most God's number 11.
#[test]
fn factor_words_evaluate_and_are_not_longer_than_minkwitz() {
    let mut rng = StdRng::seed_from_u64(40);
    for (spec, count) in [
        ("cube2", 4),
        ("cube3", 3),
        ("tests/data/cube3_ru.gens", 2),
        ("tests/data/m12.gens", 6),
        ("tests/data/m11_beyond_255.gens", 6),
    ] {
        let p = Puzzle::load(spec).unwrap();
        let group = p.group();
        let mut words = ShortWords::new(&p, Some(options()));
        let mut alone = ShortWords::new(&p, None);
        for _ in 0..count {
            let x = group.random_element(&mut rng);
            // no deadline: which method answers does not depend on the machine's
            // speed (the complete tables are built, two-phase stops at 20 moves)
            let budget = SearchBudget::unlimited();
            let w = words.factor(&x, &budget).unwrap();
            assert_eq!(p.eval(&w.word), x, "{spec}");
            let m = alone.factor(&x, &budget).unwrap();
            assert_eq!(p.eval(&m.word), x, "{spec}");
            assert_eq!(m.method, WordMethod::Minkwitz, "{spec}");
            assert_eq!(m.solver_letters, None, "{spec}");
            let mk = m.word.letter_count();
            assert_eq!(w.minkwitz_letters, Some(mk), "{spec}");
            let n = w.word.letter_count();
            match (&w.method, w.solver_letters) {
                (WordMethod::Solver(_), Some(s)) => assert!(n == s && s < mk, "{spec}"),
                (WordMethod::Minkwitz, s) => {
                    assert_eq!(n, mk, "{spec}");
                    assert!(s.is_none_or(|s| s >= mk), "{spec}");
                }
                other => panic!("{spec}: {other:?}"),
            }
            if spec == "cube2" {
                assert!(n <= 11, "{n}");
                assert_eq!(w.method, WordMethod::Solver(Method::DistanceTable));
            }
            if spec.contains("beyond_255") {
                assert_eq!(w.method, WordMethod::Minkwitz);
                assert!(w.solver_note.unwrap().contains("more than 255 points"));
            }
        }
    }
}

/// The shortest conjugating word by brute force on M11 (distances of all 7920
/// elements by breadth-first search with the letters of the tables, every power of a
/// generator one letter; the conjugators are the elements with x⁻¹gx = h): the
/// library's word conjugates, is never shorter than the minimum, equals it when found
/// by enumeration, and is found by enumeration whenever the minimum is within the
/// enumerated length.
#[test]
fn conjugating_words_are_shortest_by_enumeration_on_m11() {
    let p = Puzzle::load("tests/data/m11.gens").unwrap();
    let group = p.group();
    let gens = group.generators().to_vec();
    let mut letters = Vec::new();
    for g in &gens {
        let o = u64::try_from(g.order()).unwrap();
        let mut x = g.clone();
        for _ in 1..o {
            letters.push(x.clone());
            x = &x * g;
        }
    }
    let mut dist = std::collections::HashMap::new();
    let id = Perm::identity(11);
    dist.insert(id.clone(), 0usize);
    let mut layer = vec![id];
    let mut d = 0;
    while !layer.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for x in &layer {
            for l in &letters {
                let y = x * l;
                if !dist.contains_key(&y) {
                    dist.insert(y.clone(), d);
                    next.push(y);
                }
            }
        }
        layer = next;
    }
    assert_eq!(dist.len(), 7920);
    let mut rng = StdRng::seed_from_u64(4011);
    let (mut enumerated, mut other) = (0, 0);
    for _ in 0..12 {
        let g = group.random_element(&mut rng);
        let y = group.random_element(&mut rng);
        let h = g.conjugate(&y);
        let shortest = dist
            .iter()
            .filter(|(x, _)| g.conjugate(x) == h)
            .map(|(_, &d)| d)
            .min()
            .unwrap();
        let c = group
            .short_conjugating_word(&g, &h, CONJUGATOR_CANDIDATES)
            .unwrap()
            .unwrap();
        assert_eq!(g.conjugate(&c.element), h);
        let (word, method) = c.word.unwrap();
        let names: std::sync::Arc<[String]> = p.generator_names().into();
        let x = p.eval(&permlab::Word::from_letters(names, &word));
        assert_eq!(x, c.element);
        assert!(word.len() >= shortest);
        match method {
            ConjugatorMethod::Enumeration { max_len } => {
                assert_eq!(word.len(), shortest);
                assert!(shortest <= max_len);
                enumerated += 1;
            }
            ConjugatorMethod::Minkwitz { .. } => {
                let max_len = group.factor_tables().unwrap().shortener().max_len();
                assert!(shortest > max_len, "{shortest} <= {max_len}");
                other += 1;
            }
        }
    }
    assert!(enumerated > 0, "{enumerated} {other}");
    // the identity conjugates g to itself: the empty word
    let g = group.random_element(&mut rng);
    let c = group.short_conjugating_word(&g, &g, 10).unwrap().unwrap();
    assert_eq!(c.word.unwrap().0, []);
}

/// `conjugate`'s library function on cube3 and the hostile M11 beyond 255 points:
/// random conjugate pairs (h = g^y) get a conjugating word that evaluates to x with
/// x⁻¹gx = h; R U and U R are conjugate by one letter (U' or R: enumeration proves
/// none shorter, since R U ≠ U R); non-conjugate pairs get `None`.
#[test]
fn conjugating_words_conjugate() {
    let cube = Puzzle::builtin("cube3").unwrap();
    let mut words = ShortWords::new(&cube, Some(options()));
    let budget = SearchBudget::unlimited().with_time_limit(5.0).unwrap();
    let e = |s: &str| cube.eval(&cube.parse_word(s).unwrap());
    let c = words
        .conjugator(&e("R U"), &e("U R"), &budget)
        .unwrap()
        .unwrap();
    let w = c.word.unwrap();
    assert_eq!(w.word.letter_count(), 1);
    assert_eq!(w.method.key(), "enumeration");
    assert_eq!(e("R U").conjugate(&cube.eval(&w.word)), e("U R"));
    assert!(words
        .conjugator(&e("R"), &e("R2"), &budget)
        .unwrap()
        .is_none());
    let mut rng = StdRng::seed_from_u64(4040);
    for spec in ["cube3", "tests/data/m11_beyond_255.gens"] {
        let p = Puzzle::load(spec).unwrap();
        let group = p.group();
        let mut words = ShortWords::new(&p, Some(options()));
        for _ in 0..3 {
            let g = group.random_element(&mut rng);
            let y = group.random_element(&mut rng);
            let h = g.conjugate(&y);
            let budget = SearchBudget::unlimited().with_time_limit(3.0).unwrap();
            let c = words.conjugator(&g, &h, &budget).unwrap().unwrap();
            assert_eq!(g.conjugate(&c.element), h, "{spec}");
            let w = c.word.unwrap();
            assert_eq!(p.eval(&w.word), c.element, "{spec}");
            if let (Some(m), WordMethod::Solver(_)) = (w.minkwitz_letters, &w.method) {
                assert!(w.word.letter_count() < m, "{spec}");
            }
        }
    }
}

/// `factor` and `conjugate` on the command line name the method in JSON and text,
/// and their words check (through the puzzle's parser).
#[test]
fn factor_and_conjugate_name_their_method() {
    let p = Puzzle::builtin("cube3").unwrap();
    let g = p.eval(&p.parse_word(&random_word(&p, 40, 4040)).unwrap());
    let (code, out, err) = permlab(&["factor", "cube3", "--cycles", &g.to_string(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let w = p.parse_word(v["word"].as_str().unwrap()).unwrap();
    assert_eq!(p.eval(&w), g);
    let method = v["method"].as_str().unwrap();
    assert!(["solver", "minkwitz"].contains(&method), "{v}");
    let mk: u128 = v["minkwitz_length"].as_str().unwrap().parse().unwrap();
    assert!(w.letter_count() <= mk);
    let (code, out, err) = permlab(&["factor", "cube3", "--cycles", &g.to_string()]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("by "), "{out}");
    assert!(
        last.contains(&format!("Minkwitz's word: {mk} letters")),
        "{out}"
    );
    let (code, out, err) = permlab(&["conjugate", "cube3", "R U", "U R", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["method"], "enumeration");
    assert_eq!(v["length"], "1");
    let x = p.eval(&p.parse_word(v["by"].as_str().unwrap()).unwrap());
    let e = |s: &str| p.eval(&p.parse_word(s).unwrap());
    assert_eq!(e("R U").conjugate(&x), e("U R"));
}

/// GAP's elements of tests/data/factor_gap.txt (made by tests/data/factor_gap.sh):
/// every Minkwitz word (`PermGroup::factor`) and every `factor` word (solver
/// included, no deadline) evaluates to its element. Prints, per group, the mean
/// lengths of both and GAP's (`cargo test --release --test it factor_words_of_gap --
/// --nocapture`), counted as GAP counts (each generator occurrence one: x^2 is 2,
/// x^-1 is 1) and in letters (every power one letter).
#[test]
fn factor_words_of_gap_s_elements() {
    let text = std::fs::read_to_string("tests/data/factor_gap.txt").unwrap();
    let mut rows: Vec<(String, Perm, u64)> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 3, "{line}");
        rows.push((f[0].into(), f[1].parse().unwrap(), f[2].parse().unwrap()));
    }
    let mut specs: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    specs.dedup();
    assert!(specs.len() >= 5, "{specs:?}");
    let occurrences = |w: &[(usize, i64)]| -> u64 { w.iter().map(|l| l.1.unsigned_abs()).sum() };
    println!("| group | elements | GAP | Minkwitz (GAP's count) | Minkwitz (letters) | factor (GAP's count) | factor (letters) |");
    println!("|---|---|---|---|---|---|---|");
    for spec in specs {
        let p = Puzzle::load(spec).unwrap();
        let group = p.group();
        let mut words = ShortWords::new(&p, Some(options()));
        let names: std::sync::Arc<[String]> = p.generator_names().into();
        let mut sums = [0u64; 5];
        let mut count = 0;
        for (_, x, gap) in rows.iter().filter(|r| r.0 == spec) {
            let x = x.extended(p.degree());
            let m = group.factor(&x).unwrap();
            assert_eq!(
                p.eval(&permlab::Word::from_letters(names.clone(), &m)),
                x,
                "{spec}"
            );
            let w = words.factor(&x, &SearchBudget::unlimited()).unwrap();
            assert_eq!(p.eval(&w.word), x, "{spec}");
            let wl = w.word.letters();
            sums[0] += gap;
            sums[1] += occurrences(&m);
            sums[2] += m.len() as u64;
            sums[3] += occurrences(&wl);
            sums[4] += wl.len() as u64;
            count += 1;
        }
        let mean = |s: u64| s as f64 / count as f64;
        println!(
            "| {spec} | {count} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
            mean(sums[0]),
            mean(sums[1]),
            mean(sums[2]),
            mean(sums[3]),
            mean(sums[4])
        );
    }
}

/// Minkwitz's tables are kept in the table cache: a second `factor` process
/// reads them (`cache list` shows them) and prints the same word; a damaged
/// file is rebuilt and the word is the same again.
#[test]
fn factor_tables_are_kept_in_the_table_cache() {
    let dir = std::env::temp_dir().join(format!("permlab-factor-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_permlab"))
            .args(args)
            .env("PERMLAB_CACHE", &dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let p = Puzzle::builtin("cube2").unwrap();
    let g = p.eval(&p.parse_word("F R2 B' L U2 R' D F2 L'").unwrap());
    let cycles = g.to_string();
    let factor = || -> String {
        let out = run(&[
            "--json",
            "factor",
            "cube2",
            "--no-solver",
            "--cycles",
            &cycles,
        ]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let w = v["word"].as_str().unwrap().to_string();
        assert_eq!(p.eval(&p.parse_word(&w).unwrap()), g);
        w
    };
    let first = factor();
    let list = run(&["cache", "list"]);
    assert!(list.contains("factor v1; degree 24"), "{list}");
    assert_eq!(factor(), first);
    // damage the file: it is rebuilt, the word is the same
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("factor-")
                && p.extension().unwrap() == "tbl"
        })
        .unwrap();
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&file, bytes).unwrap();
    assert_eq!(factor(), first);
    std::fs::remove_dir_all(&dir).unwrap();
}
