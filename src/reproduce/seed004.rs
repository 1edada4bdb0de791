//! Seed 004: the Nokia rotation game.

use super::{holds_if, Check, Outcome};
use crate::search::bfs::{search_space, BfsOptions};
use crate::search::budget::SearchBudget;
use crate::search::solve::home_distribution;
use crate::search::space::GroupSpace;
use crate::search::table::DistanceTable;
use crate::Puzzle;

pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "s004-finishing",
            heavy: false,
            run: finishing,
        },
        Check {
            id: "s004-one-in-six",
            heavy: false,
            run: one_in_six,
        },
        Check {
            id: "s004-2x2-11",
            heavy: false,
            run: two_by_two_11,
        },
        Check {
            id: "s004-flips",
            heavy: false,
            run: flips,
        },
        Check {
            id: "s004-operations",
            heavy: false,
            run: operations,
        },
        Check {
            id: "s004-40320",
            heavy: false,
            run: forty_thousand,
        },
        Check {
            id: "s004-22",
            heavy: true,
            run: three_by_three_22,
        },
    ]
}

fn rows(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect()
}

const FINISHING: &str = include_str!("../../tests/data/seed004_finishing.txt");
const FLIPS: &str = include_str!("../../tests/data/seed004_flips.txt");
const OPERATIONS: &str = include_str!("../../tests/data/seed004_operations.txt");

fn load(spec: &str) -> Result<Puzzle, String> {
    Puzzle::builtin(spec).map_err(|e| e.to_string())
}

/// The arrangements of 7, 8, 9 that each finishing sequence solves (all must be solved).
fn finishing_results() -> Result<Vec<(String, bool)>, String> {
    let p = load("nokia2x2")?;
    let mut out = Vec::new();
    for line in rows(FINISHING) {
        let (cfg, word) = line.split_once(' ').ok_or("bad finishing row")?;
        let mut text: Vec<String> = (1..=6).map(|i| i.to_string()).collect();
        text.extend(cfg.chars().map(|c| c.to_string()));
        let state = p.parse_state(&text.join(",")).map_err(|e| e.to_string())?;
        let w = p.parse_word(word).map_err(|e| e.to_string())?;
        out.push((format!("{cfg} {word}"), p.apply(&state, &w) == p.solved()));
    }
    Ok(out)
}

fn finishing() -> Result<Outcome, String> {
    let r = finishing_results()?;
    let ok = r.iter().all(|(_, s)| *s);
    Ok(Outcome::new(
        holds_if(ok),
        format!(
            "each of the 5 sequences solves its configuration: {}",
            r.iter().map(|(t, s)| format!("{t}: {}", if *s { "solved" } else { "NOT solved" })).collect::<Vec<_>>().join(", ")
        ),
        "applying each word (uppercase clockwise, left to right) to 1..6 followed by the configuration",
    ))
}

fn one_in_six() -> Result<Outcome, String> {
    let r = finishing_results()?;
    let ok = r.len() == 5 && r.iter().all(|(_, s)| *s);
    Ok(Outcome::new(
        holds_if(ok),
        "the 3! = 6 arrangements of 7, 8, 9 are all reachable (the solved one and the 5 solved by the table), so a uniformly random one is solved with probability 1/6",
        "the finishing table checked",
    ))
}

fn flips() -> Result<Outcome, String> {
    let p = load("nokia-rect")?;
    let mut bad = Vec::new();
    let mut count = 0;
    for line in rows(FLIPS) {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let a: usize = cols[0].parse().map_err(|_| "bad flip row")?;
        let b: usize = cols[1].parse().map_err(|_| "bad flip row")?;
        let g = p.eval(&p.parse_word(cols[2]).map_err(|e| e.to_string())?);
        count += 1;
        if g.cycles() != vec![vec![a.min(b) - 1, a.max(b) - 1]] {
            bad.push(format!("{a}-{b}: {g}"));
        }
    }
    Ok(Outcome::new(
        holds_if(bad.is_empty()),
        if bad.is_empty() {
            format!("all {count} sequences are exactly the named transposition (e.g. BaabaBBabaaBAAbabAA = (1,2))")
        } else {
            format!("wrong: {}", bad.join(", "))
        },
        "frames as ring shifts of the 8 border cells; each word evaluated on the 3x4 rectangle",
    ))
}

fn operations() -> Result<Outcome, String> {
    let p = load("nokia-rect")?;
    let mut bad = Vec::new();
    for line in rows(OPERATIONS) {
        let cols: Vec<&str> = line.split(" | ").collect();
        let target = p
            .parse_state(&format!("{},9,10,11,12", cols[1]))
            .map_err(|e| e.to_string())?;
        let w = p.parse_word(cols[2]).map_err(|e| e.to_string())?;
        if p.apply(&p.solved(), &w) != target {
            bad.push(cols[0].to_string());
        }
    }
    Ok(Outcome::new(
        holds_if(bad.is_empty()),
        if bad.is_empty() {
            "all 5 operations produce their arrangement from the solved rectangle and fix 9..12"
                .to_string()
        } else {
            format!("wrong: {}", bad.join(", "))
        },
        "each word applied to the solved state",
    ))
}

fn forty_thousand() -> Result<Outcome, String> {
    let p = load("nokia-rect")?;
    let g = p.group();
    // cells 9..12 (0-based 8..11) home
    let stab = g.pointwise_stabilizer(&[8, 9, 10, 11]);
    let f8: num_bigint::BigUint = (1u32..=8).map(num_bigint::BigUint::from).product();
    let ok = stab.order() == f8;
    Ok(Outcome::new(
        holds_if(ok),
        format!(
            "with 9..12 home the frames reach {} = 8! arrangements of 1..8 (the whole group has order {}); so 40319 unsolved ones, each solvable",
            stab.order(),
            g.order()
        ),
        "pointwise stabilizer of cells 9..12 in the group of the ring-shift frames",
    ))
}

/// A full breadth-first search of a puzzle's Cayley graph (`with_inverses`: add the
/// inverse of every generator as a move).
fn search(
    spec: &str,
    with_inverses: bool,
) -> Result<(GroupSpace, DistanceTable, crate::search::bfs::BfsResult), String> {
    let p = load(spec)?;
    let space = GroupSpace::for_puzzle(&p, with_inverses).map_err(|e| e.to_string())?;
    let (table, r) = search_space(&space, &BfsOptions::default(), &SearchBudget::unlimited())
        .map_err(|e| e.to_string())?;
    Ok((space, table, r))
}

fn two_by_two_11() -> Result<Outcome, String> {
    let (_, _, r) = search("nokia2x2", false)?;
    Ok(Outcome::new(
        holds_if(r.states == 362_880 && r.max_distance() == 11),
        format!(
            "{} positions; distribution {:?}; God's number {} with {} positions at that distance",
            r.states,
            r.distribution,
            r.max_distance(),
            r.antipode_count()
        ),
        "2-bit breadth-first search over the 9! arrangements with the 8 moves A B C D a b c d",
    )
    .number("NokiaTwoGod", r.max_distance())
    .number("NokiaTwoAntipodes", r.antipode_count()))
}

fn three_by_three_22() -> Result<Outcome, String> {
    let (space, table, r) = search("nokia-rect", true)?;
    let rep = home_distribution(&space, &table, 12, &[8, 9, 10, 11]).map_err(|e| e.to_string())?;
    let worst = rep.distribution.len() - 1;
    let count: u64 = rep.distribution.iter().sum();
    Ok(Outcome::new(
        holds_if(rep.outside == 0 && count == 40_320 && worst <= 22),
        format!(
            "all {count} arrangements of 1..8 with 9..12 home are solvable; the longest need {worst} moves ({} of them); whole 3x4 rectangle: {} positions, God's number {}",
            rep.distribution[worst],
            r.states,
            r.max_distance()
        ),
        format!("2-bit breadth-first search of all 12! positions with frames A, B, a, b ({:.1} s), then the distance of every arrangement with 9..12 home", r.seconds),
    )
    .number("NokiaThreeWorst", worst)
    .number("NokiaThreeWorstCount", rep.distribution[worst])
    .number("NokiaRectGod", r.max_distance()))
}
