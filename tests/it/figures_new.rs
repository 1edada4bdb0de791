//! The new pictures: Schreier graphs (one edge per point and generator, each edge the
//! generator's image), cycle-type diagrams (one drawn row per cycle, as long as the
//! cycle), block-system pictures (one colour per block); deterministic bytes; the CLI
//! refuses what it cannot draw with a one-line error and exit code 2.

use permlab::figures::blocks_figure::BlocksFigure;
use permlab::figures::cycletype::CycleTypeFigure;
use permlab::figures::schreier::{GraphLayout, SchreierFigure, MAX_VERTICES};
use permlab::figures::{palette, Figure};
use permlab::{Perm, Puzzle};
use std::process::Command;

fn permlab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(args)
        .output()
        .expect("run permlab")
}

/// Cycle lengths by walking each point's images (independent of `Perm::cycles`).
fn brute_cycle_lengths(g: &Perm) -> Vec<usize> {
    let n = g.degree();
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for s in 0..n {
        if seen[s] {
            continue;
        }
        let mut len = 0;
        let mut p = s;
        while !seen[p] {
            seen[p] = true;
            p = g.images()[p] as usize;
            len += 1;
        }
        out.push(len);
    }
    out
}

#[test]
fn schreier_has_one_edge_per_point_and_generator_each_its_image() {
    for spec in ["board:3x3:2", "cube2", "turnstyle:12"] {
        let p = Puzzle::builtin(spec).unwrap();
        let points: Vec<usize> = (0..p.degree()).collect();
        let fig = SchreierFigure::on_points(&p, &points).unwrap();
        assert_eq!(
            fig.edges().len(),
            p.degree() * p.generators().len(),
            "{spec}"
        );
        for &(a, b, k) in fig.edges() {
            let (pa, pb) = (points[a], points[b]);
            assert_eq!(p.generators()[k].perm.images()[pa] as usize, pb, "{spec}");
        }
        // every (point, generator) pair exactly once
        let mut pairs: Vec<(usize, usize)> = fig.edges().iter().map(|e| (e.0, e.2)).collect();
        pairs.sort_unstable();
        pairs.dedup();
        assert_eq!(pairs.len(), fig.edges().len());
    }
}

#[test]
fn schreier_layers_are_breadth_first_distances() {
    let p = Puzzle::builtin("board:3x3:2").unwrap();
    let points: Vec<usize> = (0..p.degree()).collect();
    let fig = SchreierFigure::on_points(&p, &points).unwrap();
    let layers = fig.layers();
    assert_eq!(layers[0], 0);
    // BFS distances: no edge skips a layer forwards, and every vertex beyond layer 0
    // is entered from the layer before it
    for &(a, b, _) in fig.edges() {
        assert!(layers[b] <= layers[a] + 1);
    }
    for v in 1..points.len() {
        assert!(layers[v] > 0, "one orbit: only point 1 is a root");
        assert!(fig
            .edges()
            .iter()
            .any(|&(a, b, _)| b == v && layers[a] + 1 == layers[v]));
    }
}

#[test]
fn schreier_on_an_orbit_and_refusals() {
    let cube = Puzzle::builtin("cube2").unwrap();
    let orbit = cube
        .group()
        .orbits()
        .into_iter()
        .find(|o| o.len() > 1)
        .unwrap();
    let fig = SchreierFigure::on_points(&cube, &orbit).unwrap();
    assert_eq!(fig.edges().len(), orbit.len() * cube.generators().len());
    // not closed under the generators
    let err = SchreierFigure::on_points(&cube, &orbit[..3])
        .unwrap_err()
        .to_string();
    assert!(err.contains("not closed"), "{err}");
    // too many vertices
    let big = Puzzle::builtin("cube:7").unwrap();
    assert!(big.degree() > MAX_VERTICES);
    let all: Vec<usize> = (0..big.degree()).collect();
    let err = SchreierFigure::on_points(&big, &all)
        .unwrap_err()
        .to_string();
    assert!(err.contains(&format!("at most {MAX_VERTICES}")), "{err}");
}

#[test]
fn schreier_bytes_are_deterministic() {
    let p = Puzzle::builtin("board:3x3:2").unwrap();
    let points: Vec<usize> = (0..p.degree()).collect();
    for layout in [GraphLayout::Circle, GraphLayout::Layers] {
        let make = || {
            SchreierFigure::on_points(&p, &points)
                .unwrap()
                .layout(layout)
                .title("t")
        };
        let (a, b) = (make(), make());
        assert_eq!(a.to_svg((400, 420)).unwrap(), b.to_svg((400, 420)).unwrap());
        assert_eq!(a.to_png((400, 420)).unwrap(), b.to_png((400, 420)).unwrap());
    }
}

/// The bars of a cycle-type SVG: `(y, width)` of every rect in the bar colour, in
/// the order drawn (a row is its boxes side by side: they are merged).
fn bars(svg: &str, colour: &str) -> Vec<(f64, f64)> {
    let mut rows: Vec<(f64, f64)> = Vec::new();
    for r in crate::svg::parse(svg)
        .rects
        .iter()
        .filter(|r| r.fill == colour)
    {
        match rows.last_mut() {
            Some(last) if last.0 == r.y => last.1 += r.w,
            _ => rows.push((r.y, r.w)),
        }
    }
    rows
}

#[test]
fn cycletype_rows_are_the_cycle_lengths_as_drawn() {
    let cube = Puzzle::builtin("cube3").unwrap();
    let hex = crate::svg::hex(palette::SERIES[0]);
    for word in ["R U", "R U2 D' B D'", "R", ""] {
        let g = cube.eval(&cube.parse_word(word).unwrap());
        let mut expected: Vec<usize> = brute_cycle_lengths(&g)
            .into_iter()
            .filter(|&l| l > 1)
            .collect();
        expected.sort_unstable_by(|a, b| b.cmp(a));
        let fig = CycleTypeFigure::new(&g).title(word);
        assert_eq!(fig.rows(), expected, "{word}");
        let size = fig.default_size();
        let geo = fig.geometry(size, &permlab::figures::Theme::paper());
        let drawn = bars(&fig.to_svg(size).unwrap(), &hex);
        assert_eq!(drawn.len(), expected.len(), "{word}: one bar per cycle");
        for (i, ((y, width), len)) in drawn.iter().zip(&expected).enumerate() {
            assert!(
                (width - *len as f64 * geo.unit).abs() < 0.02,
                "{word}: row {i}"
            );
            assert!((y - (geo.y0 + i as f64 * geo.unit)).abs() < 0.01);
        }
        // with the fixed points: every cycle, lengths summing to the degree
        let all = CycleTypeFigure::new(&g).fixed_points(true).rows();
        assert_eq!(all.iter().sum::<usize>(), cube.degree());
        let mut brute = brute_cycle_lengths(&g);
        brute.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(all, brute);
    }
}

#[test]
fn cycletype_bytes_are_deterministic() {
    let cube = Puzzle::builtin("cube3").unwrap();
    let g = cube.eval(&cube.parse_word("R U F").unwrap());
    let make = || CycleTypeFigure::new(&g).title("R U F");
    assert_eq!(
        make().to_svg((500, 200)).unwrap(),
        make().to_svg((500, 200)).unwrap()
    );
    assert_eq!(
        make().to_png((500, 200)).unwrap(),
        make().to_png((500, 200)).unwrap()
    );
}

#[test]
fn blocks_one_colour_per_block() {
    for spec in ["cube3", "cube2", "board:3x3:2"] {
        let p = Puzzle::builtin(spec).unwrap();
        let systems = p.group().minimal_block_systems();
        // the first system of each orbit (systems of one orbit overlap)
        let mut chosen: Vec<Vec<Vec<usize>>> = Vec::new();
        for s in &systems {
            if !chosen.iter().any(|c| c[0][0] == s[0][0]) {
                chosen.push(s.clone());
            }
        }
        // independent check that each is a block system: a generator maps every block
        // onto a block
        for s in &chosen {
            for m in p.generators() {
                for b in s {
                    let mut img: Vec<usize> = b.iter().map(|&x| m.perm.image(x)).collect();
                    img.sort_unstable();
                    assert!(
                        s.contains(&img),
                        "{spec}: {} does not map a block to a block",
                        m.name
                    );
                }
            }
        }
        let fig = BlocksFigure::new(&p, &chosen).unwrap();
        let blocks: Vec<&Vec<usize>> = chosen.iter().flatten().collect();
        assert_eq!(fig.block_count(), blocks.len(), "{spec}");
        let mut colours = Vec::new();
        for b in &blocks {
            let c = fig.colour_at(b[0]);
            assert!(
                b.iter().all(|&x| fig.colour_at(x) == c),
                "{spec}: one block, one colour"
            );
            colours.push(c);
        }
        let mut distinct = colours.clone();
        distinct.sort_by_key(|c| (c.0, c.1, c.2));
        distinct.dedup();
        assert_eq!(distinct.len(), blocks.len(), "{spec}: a colour per block");
        for x in 0..p.degree() {
            if !blocks.iter().any(|b| b.contains(&x)) {
                assert!(
                    !colours.contains(&fig.colour_at(x)),
                    "{spec}: point {x} outside blocks"
                );
            }
        }
        let svg = fig.to_svg(fig.default_size()).unwrap();
        for c in &colours {
            assert!(svg.contains(&format!("fill=\"{}\"", crate::svg::hex(*c))));
        }
        assert_eq!(svg, fig.to_svg(fig.default_size()).unwrap());
    }
    // cube3: 8 corner blocks of 3 stickers and 12 edge blocks of 2
    let cube = Puzzle::builtin("cube3").unwrap();
    let fig = BlocksFigure::new(&cube, &cube.group().minimal_block_systems()).unwrap();
    assert_eq!(fig.block_count(), 20);
    assert_eq!(
        fig.note(),
        "8 blocks of 3 on 24 points; 12 blocks of 2 on 24 points"
    );
}

#[test]
fn blocks_refuse_overlapping_systems() {
    // two partitions of one 4-point orbit given at once
    let p = Puzzle::builtin("board:2x2:2").unwrap();
    let s1 = vec![vec![0, 1], vec![2, 3]];
    let s2 = vec![vec![0, 2], vec![1, 3]];
    let err = BlocksFigure::new(&p, &[s1, s2]).unwrap_err().to_string();
    assert!(err.contains("two of the block systems"), "{err}");
}

#[test]
fn cli_new_figures_write_and_refuse() {
    let dir = std::env::temp_dir().join(format!("permlab-figures-new-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = |name: &str| dir.join(name).display().to_string();
    for args in [
        vec!["figure", "schreier", "cube2", "--out", &out("s.svg")],
        vec![
            "figure",
            "schreier",
            "cube3",
            "--orbit",
            "1",
            "--layout",
            "layers",
            "--out",
            &out("s.png"),
        ],
        vec![
            "figure",
            "cycletype",
            "cube3",
            "R U",
            "--out",
            &out("c.pdf"),
        ],
        vec![
            "figure",
            "blocks",
            "cube3",
            "--system",
            "2",
            "--out",
            &out("b.svg"),
        ],
    ] {
        let o = permlab(&args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let path = args[args.len() - 1];
        assert!(std::fs::metadata(path).unwrap().len() > 100);
    }
    for (args, needle) in [
        (
            vec!["figure", "schreier", "cube:7", "--out", &out("x.svg")],
            "at most 200",
        ),
        (
            vec![
                "figure",
                "schreier",
                "cube3",
                "--points",
                "1-3",
                "--out",
                &out("x.svg"),
            ],
            "not closed",
        ),
        (
            vec![
                "figure",
                "schreier",
                "cube3",
                "--orbit",
                "99",
                "--out",
                &out("x.svg"),
            ],
            "--orbit 99",
        ),
        (
            vec![
                "figure",
                "blocks",
                "cube3",
                "--system",
                "9",
                "--out",
                &out("x.svg"),
            ],
            "--system 9",
        ),
    ] {
        let o = permlab(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn distributions_figure_draws_each_puzzles_bfs_counts() {
    let dir = std::env::temp_dir().join(format!("permlab-dists-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tex = dir.join("d.tex");
    let puzzles = ["pyraminx:notips", "floppy", "ivy"];
    let mut args = vec!["figure", "distributions"];
    args.extend(puzzles);
    args.extend(["--quiet", "--out", tex.to_str().unwrap()]);
    let out = permlab(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&tex).unwrap();
    // one \addplot per puzzle, in order, its coordinates the nonzero counts of
    // `permlab bfs PUZZLE --json`, and a legend entry with the puzzle's name
    let plots: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("\\addplot"))
        .collect();
    assert_eq!(plots.len(), puzzles.len());
    for (puzzle, plot) in puzzles.iter().zip(&plots) {
        let bfs = permlab(&["bfs", puzzle, "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&bfs.stdout).unwrap();
        let coords: String = v["distribution"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .filter(|(_, c)| c.as_u64().unwrap() > 0)
            .map(|(d, c)| format!("({d},{c}) "))
            .collect();
        assert!(plot.contains(&format!("{{ {coords}}}")), "{puzzle}: {plot}");
        assert!(text.contains(&format!("\\addlegendentry{{{puzzle}}}")));
    }
    assert!(text.contains("xlabel={distance (moves)}"));
    // SVG: deterministic bytes, a legend entry per puzzle
    let svg = dir.join("d.svg");
    let mut svg_args = vec!["figure", "distributions"];
    svg_args.extend(puzzles);
    svg_args.extend(["--quiet", "--out", svg.to_str().unwrap()]);
    assert!(permlab(&svg_args).status.success());
    let first = std::fs::read(&svg).unwrap();
    assert!(permlab(&svg_args).status.success());
    assert_eq!(first, std::fs::read(&svg).unwrap());
    let svg_text = String::from_utf8(first).unwrap();
    for puzzle in puzzles {
        assert!(svg_text.contains(puzzle), "{puzzle}");
    }
    // a bad puzzle is one line on stderr and exit code 2, nothing written
    let bad = dir.join("bad.svg");
    let out = permlab(&[
        "figure",
        "distributions",
        "floppy",
        "nosuchpuzzle",
        "--out",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    assert!(!bad.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn coset_graph_has_one_vertex_per_coset() {
    use permlab::PermGroup;
    let mut drawn = 0;
    for (spec, words) in [
        ("turnstyle:5", vec!["T"]),
        ("pyraminx:notips", vec!["U", "L", "R"]),
        ("board:3x3:2", vec!["A", "B"]),
        ("floppy", vec!["U"]),
    ] {
        let p = Puzzle::builtin(spec).unwrap();
        let Ok(sub) = words
            .iter()
            .map(|w| p.parse_word(w).map(|w| p.eval(&w)))
            .collect::<Result<Vec<Perm>, _>>()
        else {
            continue;
        };
        let h = PermGroup::new(p.degree(), sub.clone());
        let index = p.group().order() / h.order();
        match SchreierFigure::on_cosets(&p, &sub) {
            Ok(f) => {
                drawn += 1;
                assert_eq!(f.labels().len().to_string(), index.to_string(), "{spec}");
                // each generator permutes the cosets: its edges form a bijection
                let k = f.labels().len();
                for s in 0..p.generators().len() {
                    let mut hit = vec![0; k];
                    for &(from, to, g) in f.edges() {
                        if g == s {
                            assert!(from < k);
                            hit[to] += 1;
                        }
                    }
                    assert!(hit.iter().all(|&c| c == 1), "{spec}: generator {s}");
                }
                // the subgroup's own generators fix the coset H (vertex 1): the
                // generators of H that are puzzle generators loop at vertex 0
                for (s, m) in p.generators().iter().enumerate() {
                    if h.contains(&m.perm) {
                        assert!(f.edges().contains(&(0, 0, s)), "{spec}: {}", m.name);
                    }
                }
            }
            Err(e) => assert!(index > MAX_VERTICES.into(), "{spec}: {e}"),
        }
    }
    // refused: too many cosets
    let target = std::env::temp_dir().join(format!("permlab-coset-{}.svg", std::process::id()));
    let out = permlab(&[
        "figure",
        "schreier",
        "cube2",
        "--coset",
        "cube2[R,U]",
        "--out",
        target.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("index 3024"), "{err}");
    assert_eq!(err.lines().count(), 1);
    assert!(!target.exists());
    assert!(drawn >= 2);
}

#[test]
fn exponents_and_subscripts_are_set_smaller_and_shifted() {
    use permlab::escape::{script_runs, Script};
    use permlab::figures::text::{self, set_line, SCRIPT_SCALE};
    let runs = script_runs("(R U)^105 in S_8");
    let kinds: Vec<Script> = runs.iter().map(|r| r.1).collect();
    assert_eq!(
        kinds,
        [
            Script::Normal,
            Script::Superscript,
            Script::Normal,
            Script::Subscript
        ]
    );
    let em = 24.0;
    let line = set_line("(R U)^105 in S_8", em);
    // the runs follow one another: each starts where the previous one's advance ends
    for pair in line.runs.windows(2) {
        let w = text::text_width(&pair[0].text, pair[0].em);
        assert!((pair[1].x - (pair[0].x + w)).abs() < 1e-9);
    }
    // the exponent smaller and raised, the subscript smaller and lowered (screen y
    // grows downwards), the normal runs on one line
    let r = &line.runs;
    assert_eq!(r[1].em, em * SCRIPT_SCALE);
    assert_eq!(r[3].em, em * SCRIPT_SCALE);
    assert!(r[1].shift < 0.0 && r[3].shift > 0.0);
    assert_eq!(r[0].shift, r[2].shift);
    // in a figure's SVG the exponent is a run of its own, smaller than the title
    let g: Perm = "(1,2,3)".parse().unwrap();
    let svg = CycleTypeFigure::new(&g.extended(8))
        .to_svg((560, 200))
        .unwrap();
    assert!(svg.contains(">5</tspan>"), "{svg}");
    assert!(!svg.contains("1^5"));
}

#[test]
fn boards_with_arrows_and_cycle_pictures_say_what_arrows_and_colours_mean() {
    use permlab::figures::board::BoardFigure;
    use permlab::figures::cycles::CycleFigure;
    let p = Puzzle::builtin("nokia2x2").unwrap();
    let g = p.eval(&p.parse_word("A B").unwrap());
    let plain = BoardFigure::for_puzzle(&p, &g.apply_to_state(&p.solved())).unwrap();
    let with = plain.clone().arrows_of(&g);
    let svg = |f: &BoardFigure| f.to_svg(f.default_size()).unwrap();
    // the caption's text, its exponent set apart ("p → p" then "g")
    assert!(svg(&with).contains("arrow p → p"));
    assert!(svg(&with).contains("for each position p the permutation g moves"));
    assert!(!svg(&plain).contains("arrow p"));
    let c = CycleFigure::new(&g);
    let s = c.to_svg(c.default_size()).unwrap();
    assert!(s.contains("one colour per cycle, arrow p → p"), "{s}");
    let net = permlab::figures::cube_net::CubeNetFigure::new(
        3,
        &Puzzle::builtin("cube3").unwrap().solved(),
    )
    .unwrap();
    assert!(net
        .to_svg(net.default_size())
        .unwrap()
        .contains(permlab::figures::cube_net::NET_CAPTION));
}
