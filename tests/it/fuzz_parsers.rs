//! Fuzz-style tests of every parser of user input (issue 18): structured random
//! input from proptest generators, plus the corpus in `tests/data/fuzz/` (hostile
//! cases kept in the repository, one per line, `\n` for a line break). No input may
//! panic; accepted input must round-trip. Each generator runs a bounded number of
//! cases (a few seconds in all).

use permlab::puzzle::gens::parse_gens;
use permlab::puzzle::parse_state;
use permlab::search::table::DistanceTable;
use permlab::{Perm, Puzzle};
use proptest::prelude::*;

fn corpus(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/fuzz/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|l| l.replace("\\n", "\n"))
        .collect()
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 400,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Text made of the tokens a grammar uses, so that random input often comes close
/// to valid input.
fn tokens(alphabet: &'static [&'static str], max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(alphabet), 0..max).prop_map(|v| v.concat())
}

const CYCLE_TOKENS: &[&str] = &[
    "(",
    ")",
    ",",
    " ",
    "1",
    "2",
    "3",
    "7",
    "0",
    "12",
    "16777216",
    "16777217",
    "4294967296",
    "x",
];

fn check_cycles(text: &str) {
    if let Ok(p) = Perm::parse_cycles(text, None) {
        let again: Perm = p.to_string().parse().unwrap();
        assert_eq!(again, p, "{text:?}");
    }
    let _ = Perm::parse_cycles(text, Some(12));
}

const WORD_TOKENS: &[&str] = &[
    "R",
    "U",
    "F",
    "'",
    "2",
    " ",
    "(",
    ")",
    "[",
    "]",
    ",",
    ":",
    "^",
    "-",
    "{",
    "}",
    "3",
    "9223372036854775807",
    "9223372036854775808",
    "Q",
    "r",
];

fn check_word(cube: &Puzzle, text: &str) {
    if let Ok(w) = cube.parse_word(text) {
        let again = cube.parse_word(&w.to_string()).unwrap();
        assert_eq!(again, w, "{text:?}");
        let _ = w.letter_count();
        let _ = w.power_sum();
        if let Ok(letters) = w.try_letters() {
            assert_eq!(letters.len() as u128, w.letter_count());
        }
        if w.letter_count() < 1000 {
            // a short word: evaluating it letter by letter agrees
            let by_letters = letters_product(cube, &w.try_letters().unwrap());
            assert_eq!(cube.eval(&w), by_letters, "{text:?}");
        }
    }
}

fn letters_product(p: &Puzzle, letters: &[(usize, i64)]) -> Perm {
    let perms = p.all_perms();
    letters
        .iter()
        .fold(Perm::identity(p.degree()), |acc, &(g, k)| {
            &acc * &perms[g].pow(k)
        })
}

const GENS_TOKENS: &[&str] = &[
    "degree",
    ":",
    " ",
    "\n",
    "A",
    "B",
    "x_1",
    "#",
    "(",
    ")",
    ",",
    "1",
    "2",
    "3",
    "9",
    "0",
    "4294967298",
    "16777217",
    ".",
];

const STATE_TOKENS: &[&str] = &[
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    ",",
    " ",
    "[",
    "]",
    "-",
    "0",
    "99999999999",
];

const SPEC_TOKENS: &[&str] = &[
    "cube",
    "turnstyle",
    "board",
    ":",
    "x",
    "2",
    "3",
    "9",
    "0",
    "1000",
    "8589934592",
    "nokia-rect",
    "rotation3",
    "3",
];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn cycle_notation(text in tokens(CYCLE_TOKENS, 24)) {
        check_cycles(&text);
    }

    #[test]
    fn cycle_notation_any_text(text in ".{0,40}") {
        check_cycles(&text);
    }

    #[test]
    fn words(text in tokens(WORD_TOKENS, 24)) {
        let cube = Puzzle::builtin("cube2").unwrap();
        check_word(&cube, &text);
    }

    #[test]
    fn gens_files(text in tokens(GENS_TOKENS, 40)) {
        if let Ok(g) = parse_gens(&text, "fuzz") {
            prop_assert!(g.moves.iter().all(|m| m.perm.degree() == g.degree));
        }
    }

    #[test]
    fn states(text in tokens(STATE_TOKENS, 30)) {
        if let Ok(s) = parse_state(&text, 9) {
            let mut sorted = s.clone();
            sorted.sort_unstable();
            prop_assert_eq!(sorted, (0..9).collect::<Vec<u32>>());
        }
    }

    #[test]
    fn puzzle_specs(text in tokens(SPEC_TOKENS, 6)) {
        if let Ok(p) = Puzzle::builtin(&text) {
            prop_assert!(p.generators().iter().all(|m| m.perm.degree() == p.degree()));
        }
    }

    #[test]
    fn table_headers(
        version in prop::sample::select(vec![0u32, 1, 2, 3]),
        head_len in prop::sample::select(vec![0u64, 2, 17, 1 << 40, u64::MAX]),
        head in "[{}\":a-z0-9 ]{0,20}",
        entries in prop::sample::select(vec![0u64, 1, 100, 1 << 50, u64::MAX]),
        tail in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let mut bytes = b"PERMLAB-DIST".to_vec();
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&head_len.to_le_bytes());
        bytes.extend_from_slice(head.as_bytes());
        bytes.extend_from_slice(&entries.to_le_bytes());
        bytes.extend_from_slice(&tail);
        let path = std::env::temp_dir().join(format!("permlab-fuzz-table-{}", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        // crafted input: an error, never a panic or a huge allocation
        prop_assert!(DistanceTable::load(&path, Some(1 << 30)).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn corpus_cycles() {
    for text in corpus("cycles.txt") {
        check_cycles(&text);
    }
}

#[test]
fn corpus_words() {
    let cube = Puzzle::builtin("cube3").unwrap();
    for text in corpus("words.txt") {
        check_word(&cube, &text);
    }
}

#[test]
fn corpus_gens() {
    for text in corpus("gens.txt") {
        let _ = parse_gens(&text, "corpus");
    }
}

#[test]
fn corpus_states() {
    for text in corpus("states.txt") {
        let _ = parse_state(&text, 9);
    }
}

#[test]
fn corpus_specs() {
    for text in corpus("specs.txt") {
        let _ = Puzzle::builtin(&text);
    }
}
