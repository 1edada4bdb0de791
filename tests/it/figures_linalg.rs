//! `permlab figure mixing`: the plotted curves are the mixing module's, the bounds
//! are the spectrum module's, a brute-force walk on a small group agrees, and the
//! bytes are deterministic.

use permlab::figures::mixing::{MixingFigure, MixingSeries};
use permlab::figures::Figure;
use permlab::linalg::spectrum::{random_move_spectrum, Domain};
use permlab::search::mixing::{mixing, MixingOptions};
use permlab::search::space::{metric_moves, GroupSpace};
use permlab::{Layout, Move, Perm, Puzzle};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// The curve of `p`'s walk under its own metric with its spectral bound, as the
/// gallery and `figure mixing` make it: the walk from `search::mixing`, the bound
/// from `linalg::spectrum`.
fn mixing_series(
    p: &Puzzle,
    steps: usize,
    max_memory: Option<u64>,
) -> (MixingSeries, permlab::search::mixing::Mixing) {
    let (names, perms) = metric_moves(p, p.metric()).unwrap();
    let space = GroupSpace::new(p.name(), p.degree(), names, perms.clone()).unwrap();
    let opts = MixingOptions {
        steps,
        max_memory,
        ..Default::default()
    };
    let walk = mixing(&space, &opts, &AtomicBool::new(false)).unwrap();
    let spectrum = random_move_spectrum(p.degree(), &perms, Domain::Points).ok();
    (MixingSeries::new(p.name(), &walk, spectrum.as_ref()), walk)
}

#[test]
fn plotted_values_are_the_mixing_curve_and_the_spectral_bound() {
    for spec in ["nokia2x2", "rotation3"] {
        let p = Puzzle::load(spec).unwrap();
        let (series, m) = mixing_series(&p, 20, Some(1 << 30));
        let (_, perms) = metric_moves(&p, p.metric()).unwrap();
        assert_eq!(series.tv, m.tv, "{spec}");
        assert_eq!(series.tv.len(), 21);
        let s = random_move_spectrum(p.degree(), &perms, Domain::Points).unwrap();
        let b = series.lower_bound.as_ref().expect("a bound");
        assert_eq!(b.len(), 21);
        for (k, (&lb, &tv)) in b.iter().zip(&series.tv).enumerate() {
            assert_eq!(lb, s.lower_bound(k as u32).unwrap(), "{spec} k = {k}");
            assert!(tv >= lb - 1e-12, "{spec} k = {k}: the bound holds");
        }
        let fig = MixingFigure::new(vec![series.clone()]);
        assert_eq!(fig.series(), &[series]);
    }
}

/// TV distances of the walk by a distribution over explicit group elements.
fn brute_force_tv(moves: &[Perm], steps: usize) -> Vec<f64> {
    let n = moves[0].degree();
    let mut dist: HashMap<Perm, f64> = HashMap::from([(Perm::identity(n), 1.0)]);
    let order = permlab::PermGroup::new(n, moves.to_vec())
        .order_u128()
        .unwrap() as f64;
    let mut out = Vec::new();
    for k in 0..=steps {
        let mass: f64 = dist.values().map(|&p| (p - 1.0 / order).abs()).sum();
        let unseen = (order - dist.len() as f64) / order;
        out.push((mass + unseen) / 2.0);
        if k == steps {
            break;
        }
        let mut next: HashMap<Perm, f64> = HashMap::new();
        for (g, &pr) in &dist {
            for s in moves {
                *next.entry(g * s).or_default() += pr / moves.len() as f64;
            }
        }
        dist = next;
    }
    out
}

#[test]
fn a_small_walk_agrees_with_brute_force() {
    // S3 from a 3-cycle and a transposition, value by value
    let a = Move {
        name: "A".into(),
        perm: "(1,2,3)".parse().unwrap(),
    };
    let b = Move {
        name: "B".into(),
        perm: "(1,2)".parse().unwrap(),
    };
    let p = Puzzle::try_new("s3", 3, vec![a, b], vec![], Layout::Plain).unwrap();
    let (series, _) = mixing_series(&p, 8, Some(1 << 20));
    let (_, perms) = metric_moves(&p, p.metric()).unwrap();
    let brute = brute_force_tv(&perms, 8);
    assert_eq!(series.tv.len(), brute.len());
    for (k, (x, y)) in series.tv.iter().zip(&brute).enumerate() {
        assert!((x - y).abs() < 1e-12, "k = {k}: {x} vs {y}");
    }
    // k = 0: the walk sits on the identity, 1 − 1/6 from uniform
    assert!((series.tv[0] - 5.0 / 6.0).abs() < 1e-12);
}

#[test]
fn the_figure_is_deterministic_and_captioned() {
    let nokia = Puzzle::load("nokia2x2").unwrap();
    let rot = Puzzle::load("rotation3").unwrap();
    let make = || {
        let s: Vec<_> = [&nokia, &rot]
            .iter()
            .map(|p| mixing_series(p, 12, Some(1 << 30)).0)
            .collect();
        MixingFigure::new(s).title("mixing")
    };
    let (f1, f2) = (make(), make());
    let svg = f1.to_svg((720, 480)).unwrap();
    assert_eq!(svg, f2.to_svg((720, 480)).unwrap());
    // the curves drawn are the walk's values at the plot's scale: every point of a
    // polyline lies inside the plot, one polyline per curve and per bound
    let doc = crate::svg::parse(&svg);
    let curves = doc
        .strokes
        .iter()
        .filter(|s| s.split(' ').count() > 5)
        .count();
    assert_eq!(curves, 4);
    assert_eq!(
        f1.to_png((720, 480)).unwrap(),
        f2.to_png((720, 480)).unwrap()
    );
    for text in [
        "random moves k",
        "total-variation distance to uniform",
        "nokia2x2",
        "rotation3: lower bound",
    ] {
        assert!(svg.contains(text), "{text}");
    }
}

#[test]
fn cli_figure_mixing() {
    let dir = std::env::temp_dir().join(format!("permlab-figmix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("m.svg");
    let o = out.to_str().unwrap();
    let args = [
        "figure",
        "mixing",
        "--puzzle",
        "nokia2x2",
        "--puzzle",
        "rotation3",
        "--steps",
        "10",
        "--out",
        o,
    ];
    let (code, _, err) = crate::common::permlab(&args);
    assert_eq!(code, 0, "{err}");
    let first = std::fs::read(&out).unwrap();
    let (code, _, err) = crate::common::permlab(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), first);
    let (code, _, err) = crate::common::permlab(&["figure", "mixing", "--steps", "3", "--out", o]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
