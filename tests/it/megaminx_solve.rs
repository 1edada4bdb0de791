//! `permlab solve megaminx`'s method, the piece stages (issue 41, item 4): on seeded
//! random Megaminx positions every stage's moves, played one stage after another,
//! leave that stage's pieces and every earlier stage's home, and the last stage
//! leaves the puzzle solved; the whole answer replays through the word parser.
//! Lengths and times depend on the machine's load and are measured by
//! `permlab bench solve --cold --puzzle megaminx`, not here.

use permlab::search::budget::SearchBudget;
use permlab::search::cache::TableCache;
use permlab::search::ida::state_of;
use permlab::search::moves::{Metric, MoveSet};
use permlab::search::piece_stages::{PieceStages, StageLimits, StageOptions};
use permlab::search::solver::PuzzleSolving;
use permlab::{Perm, Puzzle};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::Duration;

/// The state after the (family, power) moves `letters` from `s` (images).
fn play(moves: &MoveSet, s: &mut [u32], letters: &[(usize, i64)]) {
    for &(f, e) in letters {
        let p = moves.family_perm(f).pow(e);
        for x in s.iter_mut() {
            *x = p.image(*x as usize) as u32;
        }
    }
}

#[test]
fn every_stage_replays_and_leaves_its_pieces_home() {
    let p = Puzzle::builtin("megaminx").unwrap();
    let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
    let opts = StageOptions {
        attempts: 1,
        ..StageOptions::default()
    };
    let solver = PieceStages::build(
        &moves,
        &opts,
        &SearchBudget::unlimited(),
        &TableCache::none(),
    )
    .unwrap();
    let plan = solver.plan();
    // the plan's stages place every piece exactly once
    let mut staged: Vec<usize> = plan.stages.concat();
    staged.sort_unstable();
    assert_eq!(staged, (0..plan.pieces.len()).collect::<Vec<_>>());
    assert_eq!(plan.pieces.len(), 50, "30 edges and 20 corners");
    let group = p.group();
    let mut rng = StdRng::seed_from_u64(41);
    for _ in 0..2 {
        let g: Perm = group.random_element(&mut rng);
        let start = state_of(&g, p.degree());
        let limits = StageLimits {
            budget: SearchBudget::unlimited().with_time_limit(3.5).unwrap(),
            stage_time: Some(Duration::from_secs_f64(0.35)),
            factorise: true,
            ..StageLimits::default()
        };
        let sol = solver
            .solve(&start, limits)
            .unwrap()
            .expect("factorised at worst");
        let mut s: Vec<u32> = start.iter().map(|&x| x as u32).collect();
        let mut home: Vec<usize> = Vec::new();
        let mut sum = 0;
        for (k, r) in sol.stages.iter().enumerate() {
            assert!(
                !r.moves.is_empty()
                    || r.pieces
                        .iter()
                        .all(|&q| { plan.pieces.pieces[q].iter().all(|&x| s[x] as usize == x) }),
                "stage {k}: no moves, pieces not home"
            );
            play(&moves, &mut s, &r.moves);
            let cost: u32 = r.moves.iter().map(|&(f, e)| moves.power_cost(f, e)).sum();
            assert_eq!(cost, r.cost, "stage {k}: its cost is its moves'");
            sum += cost;
            home.extend(&r.pieces);
            for &q in &home {
                for &x in &plan.pieces.pieces[q] {
                    assert_eq!(s[x] as usize, x, "stage {k}: piece {q} not home");
                }
            }
        }
        assert!(
            s.iter().enumerate().all(|(i, &x)| x as usize == i),
            "the last stage leaves it solved"
        );
        assert!(sol.cost <= sum, "merging moves across stages only shortens");
        let word = p.parse_word(&sol.names.join(" ")).unwrap();
        assert_eq!(p.apply(&g.to_state(), &word), p.solved());
        assert_eq!(sol.cost as usize, sol.names.len(), "htm: one per move");
    }
}

/// `permlab solve megaminx`'s default time limit is the one `data/solvers.tsv`
/// states for it (30 s), and the puzzles without one keep the usual 10 s.
#[test]
fn the_megaminx_default_time_limit_comes_from_the_data() {
    assert_eq!(PuzzleSolving::of("megaminx").time_limit, Some(30.0));
    assert_eq!(PuzzleSolving::of("cube3").time_limit, None);
    assert_eq!(PuzzleSolving::of("cube:4").time_limit, None);
}
