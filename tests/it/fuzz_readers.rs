//! Fuzzing of the readers of whole files (issue 34): the certificate checker, the
//! `.tws` reader and the `.geo` reader get valid files mutated at random (a span
//! deleted, duplicated or moved, a number replaced by a huge or negative one, a
//! token of the format inserted, bytes flipped). No input may panic; the certificate
//! checker must end within its step bound. The run is bounded by time, not by a
//! number of cases: `PERMLAB_FUZZ_SECONDS` per reader (default 2; `.ci/run` gives
//! each 20), so CI spends a fixed budget and a local run stays quick. The seed of
//! every case is printed when one fails, to replay it.

use permlab::certificate::certify;
use permlab::certificate::check::check_within;
use permlab::proof::{prove_for, Claim};
use permlab::puzzle::geometry;
use permlab::Puzzle;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The time each reader is fuzzed for.
fn budget() -> Duration {
    let seconds = std::env::var("PERMLAB_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .unwrap_or(2.0);
    Duration::from_secs_f64(seconds)
}

/// Numbers that sit on or beyond the readers' limits.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "255",
    "256",
    "65536",
    "16777216",
    "16777217",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "1e309",
    "NaN",
];

/// `text` changed at random in one to four places, with `tokens` (pieces of the
/// format) as material.
fn mutate(text: &str, tokens: &[&str], rng: &mut StdRng) -> String {
    let mut b: Vec<u8> = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let n = b.len().max(1);
        let i = rng.random_range(0..n).min(b.len());
        let j = (i + rng.random_range(0..64)).min(b.len());
        match rng.random_range(0..7) {
            0 => {
                b.drain(i..j);
            }
            1 => {
                let piece = b[i..j].to_vec();
                b.splice(i..i, piece);
            }
            2 => {
                let piece: Vec<u8> = b.drain(i..j).collect();
                let k = rng.random_range(0..=b.len());
                b.splice(k..k, piece);
            }
            3 => {
                // the next number replaced by one on a limit
                if let Some(s) = (i..b.len()).find(|&k| b[k].is_ascii_digit()) {
                    let e = (s..b.len())
                        .find(|&k| !b[k].is_ascii_digit())
                        .unwrap_or(b.len());
                    let num = NUMBERS[rng.random_range(0..NUMBERS.len())];
                    b.splice(s..e, num.bytes());
                }
            }
            4 => {
                let t = tokens[rng.random_range(0..tokens.len())];
                b.splice(i..i, t.bytes());
            }
            5 => {
                if i < b.len() {
                    b[i] ^= 1 << rng.random_range(0..8);
                }
            }
            _ => b.truncate(i),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Runs `read` on mutations of `seeds` until the budget is spent; fails on a panic,
/// naming the case's seed. Returns the number of cases.
fn fuzz(name: &str, seeds: &[String], tokens: &[&str], read: impl Fn(&str)) -> u64 {
    let start = Instant::now();
    let budget = budget();
    let mut cases = 0u64;
    while start.elapsed() < budget {
        let case_seed = 0x5eed_0000 + cases;
        let mut rng = StdRng::seed_from_u64(case_seed);
        let seed = &seeds[rng.random_range(0..seeds.len())];
        let input = mutate(seed, tokens, &mut rng);
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| read(&input)));
        assert!(
            r.is_ok(),
            "{name}: case seed {case_seed:#x} panicked on input {:?}",
            permlab::limits::clip(&input)
        );
        cases += 1;
    }
    eprintln!(
        "fuzz {name}: {cases} cases in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    cases
}

#[test]
fn certificate_checker_survives_mutated_certificates() {
    let mut seeds = Vec::new();
    for (spec, claim) in [
        ("cube2", Claim::Order("3674160".parse().unwrap())),
        ("board:2x3:2", Claim::Order("120".parse().unwrap())),
        ("turnstyle:6", Claim::Order("720".parse().unwrap())),
    ] {
        let p = Puzzle::builtin(spec).unwrap();
        let g = p.group();
        let proof = prove_for(&p, &g, &claim);
        seeds.push(certify(&p, &g, &claim, &proof).unwrap().to_json());
    }
    let tokens = [
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"",
        "null",
        "true",
        "-",
        "\"chain\"",
        "\"degree\"",
    ];
    let cases = fuzz("certificate", &seeds, &tokens, |text| {
        // bounded: a hostile certificate is refused or decided within the bounds
        let _ = check_within(text, 64 << 20, 1 << 24);
    });
    assert!(cases > 0);
}

#[test]
fn tws_reader_survives_mutated_files() {
    let seeds: Vec<String> = ["cube2", "board:2x3:2", "turnstyle:6"]
        .iter()
        .map(|s| Puzzle::builtin(s).unwrap().to_tws().unwrap())
        .collect();
    let tokens = [
        "\n", " ", "Set ", "Move ", "Solved", "End\n", "Illegal", "Name ", "0", "1",
    ];
    let cases = fuzz("tws", &seeds, &tokens, |text| {
        let _ = Puzzle::from_tws(text, "fuzz.tws");
    });
    assert!(cases > 0);
}

#[test]
fn geo_reader_survives_mutated_files() {
    let seed = std::fs::read_to_string(format!(
        "{}/tests/data/cube3.geo",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let tokens = ["\n", " ", "c", "f", "v", "e", "0.33", "-", "x", "#"];
    let cases = fuzz("geo", &[seed], &tokens, |text| {
        if let Ok(def) = geometry::parse(text, "fuzz.geo") {
            let _ = def.build("fuzz");
        }
    });
    assert!(cases > 0);
}
