//! The piece-stage solver (issue 14, near-optimal solutions of large puzzles): every
//! solution, replayed through the puzzle's word parser, reaches solved; on cube2
//! its length is at least the exact distance from the complete table.

use permlab::search::bfs::{search_space, BfsOptions};
use permlab::search::budget::SearchBudget;
use permlab::search::cache::TableCache;
use permlab::search::ida::state_of;
use permlab::search::moves::{Metric, MoveSet};
use permlab::search::piece_stages::{PieceStages, StageLimits, StageOptions, StagedSolution};
use permlab::search::solve::distance_with_table;
use permlab::search::space::GroupSpace;
use permlab::{Perm, Puzzle};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::time::Duration;

/// Solves the position of `g` with a time per stage and 20 times that for the
/// whole (a stage out of time goes to the macros, or factorises the rest),
/// checks the answer through the word parser, and returns it.
fn solve_checked(p: &Puzzle, solver: &PieceStages, g: &Perm, stage_time: f64) -> StagedSolution {
    let limits = StageLimits {
        budget: SearchBudget::unlimited()
            .with_time_limit(20.0 * stage_time)
            .unwrap(),
        stage_time: Some(Duration::from_secs_f64(stage_time)),
        factorise: true,
        ..StageLimits::default()
    };
    let sol = solver
        .solve(&state_of(g, p.degree()), limits)
        .unwrap()
        .expect("with factorisation a solution always comes");
    let word = p.parse_word(&sol.names.join(" ")).unwrap();
    assert_eq!(
        p.apply(&g.to_state(), &word),
        p.solved(),
        "{}",
        sol.names.join(" ")
    );
    assert_eq!(sol.cost as usize, sol.names.len(), "htm: one per move");
    // the stages' moves, merged across stages, are at most their sum
    let sum: u32 = sol.stages.iter().map(|s| s.cost).sum();
    assert!(sol.cost <= sum, "{} > {sum}", sol.cost);
    sol
}

/// The default options with one attempt (the plans with other families last
/// would use the time the tests give, see `attempts_keep_the_shortest`).
fn one_attempt() -> StageOptions {
    StageOptions {
        attempts: 1,
        ..StageOptions::default()
    }
}

fn solver(p: &Puzzle) -> PieceStages {
    solver_with(p, &one_attempt())
}

/// The Megaminx solver with [`one_attempt`], built once for all tests (its
/// macros take seconds).
fn megaminx() -> &'static (Puzzle, PieceStages) {
    static SOLVER: std::sync::OnceLock<(Puzzle, PieceStages)> = std::sync::OnceLock::new();
    SOLVER.get_or_init(|| {
        let p = Puzzle::builtin("megaminx").unwrap();
        let s = solver(&p);
        (p, s)
    })
}

fn solver_with(p: &Puzzle, opts: &StageOptions) -> PieceStages {
    let moves = MoveSet::for_puzzle(p, Metric::Htm).unwrap();
    PieceStages::build(
        &moves,
        opts,
        &SearchBudget::unlimited(),
        &TableCache::none(),
    )
    .unwrap()
}

/// A position `words` random face turns from solved (seeded).
fn scramble(p: &Puzzle, turns: usize, seed: u64) -> Perm {
    use rand::Rng;
    let mut rng = StdRng::seed_from_u64(seed);
    let gens = p.generator_perms();
    let mut g = Perm::identity(p.degree());
    for _ in 0..turns {
        g = &g * &gens[rng.random_range(0..gens.len())];
    }
    g
}

#[test]
fn cube3_random_positions_replay_to_solved() {
    let p = Puzzle::builtin("cube3").unwrap();
    let s = solver(&p);
    assert_eq!(s.plan().order.len(), 20);
    // the last face's 8 pieces come last
    let last = s.moves().family_perm(s.plan().last_family).clone();
    let moved = s.plan().pieces.moved_by(&last);
    let tail: Vec<usize> = s.plan().order[12..].to_vec();
    for x in &moved {
        assert!(tail.contains(x));
    }
    let group = p.group();
    let mut rng = StdRng::seed_from_u64(14);
    for _ in 0..2 {
        let g = group.random_element(&mut rng);
        solve_checked(&p, &s, &g, 0.3);
    }
    let g = scramble(&p, 5, 3);
    solve_checked(&p, &s, &g, 0.3);
}

/// Random (seeded, product replacement) positions of the Megaminx, Turnstyle-20
/// and board:4x5:4: every answer replays to solved through the word parser, its
/// reported length is the word's, and the stages placed by macros cost moves and
/// are not factorisations (whether a stage needs macros depends on its time, so
/// on the load).
#[test]
fn megaminx_turnstyle_board_random_positions_by_macros() {
    for name in ["megaminx", "turnstyle:20", "board:4x5:4"] {
        let own;
        let (p, s) = if name == "megaminx" {
            megaminx()
        } else {
            let p = Puzzle::builtin(name).unwrap();
            let s = solver(&p);
            own = (p, s);
            &own
        };
        let group = p.group();
        let mut rng = StdRng::seed_from_u64(14);
        {
            let g = group.random_element(&mut rng);
            let sol = solve_checked(p, s, &g, 0.5);
            // the macros' stages are reported with what they cost
            for r in sol.stages.iter().filter(|r| r.macros) {
                assert!(r.cost > 0 && !r.fallback, "{name}: {r:?}");
            }
        }
    }
}

#[test]
fn pyraminx_skewb_megaminx_replay_to_solved() {
    for (name, turns) in [("pyraminx", 30), ("skewb", 30)] {
        let p = Puzzle::builtin(name).unwrap();
        let s = solver(&p);
        let g = scramble(&p, turns, 11);
        solve_checked(&p, &s, &g, 2.0);
    }
    let (p, s) = megaminx();
    let g = scramble(p, 4, 11);
    solve_checked(p, s, &g, 2.0);
}

/// With more attempts (plans with other families last) the answer is at most
/// the first plan's (the first attempt is that plan's solve), replays to
/// solved, and names the family its plan solved last; without pairs and
/// deferred stages the answers replay too.
#[test]
fn attempts_keep_the_shortest() {
    let p = Puzzle::builtin("cube3").unwrap();
    let one = solver(&p);
    let three = solver_with(
        &p,
        &StageOptions {
            attempts: 3,
            ..StageOptions::default()
        },
    );
    let plain = solver_with(
        &p,
        &StageOptions {
            pair_extra: 0,
            defer: 0,
            ..one_attempt()
        },
    );
    let group = p.group();
    let mut rng = StdRng::seed_from_u64(16);
    let mut families = Vec::new();
    for _ in 0..3 {
        let g = group.random_element(&mut rng);
        let a = solve_checked(&p, &one, &g, 2.0);
        let b = solve_checked(&p, &three, &g, 2.0);
        solve_checked(&p, &plain, &g, 2.0);
        assert!(b.cost <= a.cost, "{} > {}", b.cost, a.cost);
        assert_eq!(a.last_family, one.plan().last_family);
        families.push(b.last_family);
    }
    assert!(families.iter().all(|&f| f < three.moves().families()));
}

#[test]
fn cube2_staged_is_at_least_the_exact_distance() {
    let p = Puzzle::builtin("cube2").unwrap();
    let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
    let names = moves.moves().iter().map(|m| m.name.clone()).collect();
    let full = GroupSpace::new(p.name(), p.degree(), names, moves.perms()).unwrap();
    let (table, _) =
        search_space(&full, &BfsOptions::default(), &SearchBudget::unlimited()).unwrap();
    let s = solver(&p);
    let group = p.group();
    let mut rng = StdRng::seed_from_u64(2);
    for _ in 0..3 {
        let g = group.random_element(&mut rng);
        let exact = distance_with_table(&full, &table, &state_of(&g, p.degree())).unwrap() as u32;
        let sol = solve_checked(&p, &s, &g, 2.0);
        assert!(sol.cost >= exact, "{} < {exact}", sol.cost);
    }
}

/// With several candidate stages per step (the order chosen while solving, the
/// tables built when first needed), random cube3 positions still replay to
/// solved.
#[test]
fn cube3_candidates_replay_to_solved() {
    let p = Puzzle::builtin("cube3").unwrap();
    let moves = MoveSet::for_puzzle(&p, Metric::Htm).unwrap();
    let opts = StageOptions {
        candidates: 4,
        ..one_attempt()
    };
    let s = PieceStages::build(
        &moves,
        &opts,
        &SearchBudget::unlimited(),
        &TableCache::none(),
    )
    .unwrap();
    let group = p.group();
    let mut rng = StdRng::seed_from_u64(15);
    for _ in 0..2 {
        let g = group.random_element(&mut rng);
        let sol = solve_checked(&p, &s, &g, 0.5);
        // no piece is placed by two stages
        let mut placed: Vec<usize> = sol.stages.iter().flat_map(|r| r.pieces.clone()).collect();
        let reported = placed.len();
        placed.sort_unstable();
        placed.dedup();
        assert_eq!(placed.len(), reported, "{:?}", sol.stages);
    }
}

/// The 4x4x4 (issue 36): its inner quarter turns permute the wings oddly, which
/// the commutator macros and the last face's turns cannot undo, so every stage
/// ends with the wings evenly permuted (`Plan::parity`); positions of both wing
/// parities are then solved without factorising (each replayed through the word
/// parser). The Megaminx's turns are all even: no such rule.
#[test]
fn cube4_wing_parity_is_kept_even_by_the_stages() {
    let p = Puzzle::builtin("cube:4").unwrap();
    let s = solver(&p);
    let plan = s.plan();
    let span = plan.parity.as_ref().expect("the 4x4x4 has a parity rule");
    let pieces = &plan.pieces;
    let bit = |size: usize| {
        let i = pieces.pieces.iter().position(|q| q.len() == size).unwrap();
        1u64 << pieces.orbit[i]
    };
    let (corners, wings, centres) = (bit(3), bit(2), bit(1));
    assert!(span.contains(corners | centres));
    assert!(!span.contains(wings));
    assert!(megaminx().1.plan().parity.is_none());
    let slice = p.parse_word("2R").unwrap();
    for seed in 0..2 {
        let mut g = scramble(&p, 30, seed);
        if pieces.odd_orbits(&state_of(&g, p.degree())) & wings == 0 {
            g = &g * &p.eval(&slice);
        }
        assert_ne!(pieces.odd_orbits(&state_of(&g, p.degree())) & wings, 0);
        let sol = solve_checked(&p, &s, &g, 1.0);
        assert!(sol.stages.iter().all(|r| !r.fallback), "{:?}", sol.stages);
    }
}
