//! `--theme paper|slides|notebook`: every figure kind renders under every theme with
//! deterministic bytes; slides' text is larger than paper's, measured from the SVG;
//! paper is the default; a theme's default size is paper's scaled by the theme.

use permlab::figures::matrix::MatrixFigure;
use permlab::figures::theme::{Theme, THEME_NAMES};
use permlab::figures::Figure;
use std::path::Path;
use std::process::Command;

fn permlab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(args)
        .output()
        .expect("run permlab")
}

/// One command line per figure kind (before `--out`).
fn kinds() -> Vec<Vec<&'static str>> {
    vec![
        vec!["matrix", "cube2", "R U"],
        vec!["board", "nokia2x2", "A"],
        vec!["net", "cube2", "R U"],
        vec!["cycles", "cube2", "R U"],
        vec!["bfs", "nokia2x2"],
        vec!["schreier", "cube2[R,U]"],
        vec!["cycletype", "cube2", "R U"],
        vec!["blocks", "cube2"],
        vec!["spectrum", "cube2", "R U"],
        vec!["orbitals", "nokia2x2"],
        vec!["mixing", "--puzzle", "nokia2x2", "--steps", "4"],
        vec!["hist", "--series", "a=1,3,6,2", "--series", "b=1,2,3"],
    ]
}

/// The `font-size` of every `<text>` element of an SVG.
fn font_sizes(svg: &str) -> Vec<f64> {
    svg.split("font-size=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].parse().unwrap())
        .collect()
}

fn render(dir: &Path, kind: &[&str], theme: Option<&str>, name: &str) -> String {
    let out = dir.join(name);
    let mut args = vec!["figure"];
    args.extend_from_slice(kind);
    args.extend(["--out", out.to_str().unwrap()]);
    if let Some(t) = theme {
        args.extend(["--theme", t]);
    }
    let o = permlab(&args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn every_kind_renders_under_every_theme_deterministically() {
    let dir = std::env::temp_dir().join(format!("permlab-theme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for kind in kinds() {
        let default = render(&dir, &kind, None, "d.svg");
        let mut by_theme = Vec::new();
        for theme in THEME_NAMES {
            let a = render(&dir, &kind, Some(theme), "a.svg");
            let b = render(&dir, &kind, Some(theme), "b.svg");
            assert_eq!(a, b, "{kind:?} --theme {theme}: bytes differ between runs");
            assert!(a.contains("</svg>"));
            by_theme.push(a);
        }
        // paper is the default
        assert_eq!(by_theme[0], default, "{kind:?}");
        let (paper, slides) = (font_sizes(&by_theme[0]), font_sizes(&by_theme[1]));
        assert!(!paper.is_empty(), "{kind:?}: no text");
        let max = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
        assert!(
            max(&slides) > max(&paper),
            "{kind:?}: slides' largest text {} not above paper's {}",
            max(&slides),
            max(&paper)
        );
        assert_ne!(
            by_theme[0], by_theme[2],
            "{kind:?}: notebook looks like paper"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn theme_scales_default_size_and_label_text_at_one_size() {
    let g: permlab::Perm = "(1,2,3)".parse().unwrap();
    let fig = MatrixFigure::of_perm(&g).title("(1,2,3)").numbers(true);
    let paper = fig.default_size();
    for theme in [Theme::paper(), Theme::slides(), Theme::notebook()] {
        let t = fig.clone().themed(theme);
        let s = t.default_size();
        assert_eq!(
            s,
            (
                (paper.0 as f64 * theme.size_scale).round() as u32,
                (paper.1 as f64 * theme.size_scale).round() as u32
            )
        );
    }
    // at one pixel size every text of the slides picture is larger than paper's, by
    // the theme's 1.5 at most (a long title shrinks to fit)
    let size = (400, 440);
    let p = font_sizes(&fig.to_svg(size).unwrap());
    let s = font_sizes(&fig.clone().themed(Theme::slides()).to_svg(size).unwrap());
    assert_eq!(p.len(), s.len());
    for (a, b) in p.iter().zip(&s) {
        assert!(b > a && *b <= a * 1.5 + 1e-9, "{a} -> {b}");
    }
}

#[test]
fn theme_refusals() {
    let o = permlab(&[
        "figure", "matrix", "cube2", "R", "--out", "x.svg", "--theme", "poster",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("poster") && err.contains("slides"), "{err}");
    let o = permlab(&[
        "figure", "matrix", "cube2", "R", "--out", "x.tex", "--theme", "slides",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).trim().lines().count(), 1);
}
