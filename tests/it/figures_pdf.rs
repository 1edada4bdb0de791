//! PDF output (`pdf` feature): the page is the figure's print width, the text is set in the
//! shipped DejaVu Sans embedded in the file (and no other font), the bytes carry no
//! date and two renders are identical; `permlab figure … --out x.pdf` writes it.
#![cfg(feature = "pdf")]

use permlab::figures::cycles::CycleFigure;
use permlab::figures::histogram::{DistanceDistribution, HistogramFigure};
use permlab::figures::matrix::MatrixFigure;
use permlab::figures::{DynFigure, Figure};
use permlab::{Perm, Puzzle};
use std::process::Command;

fn count(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len()).filter(|w| *w == needle).count()
}

fn figures() -> Vec<(&'static str, Box<dyn DynFigure>)> {
    let cube = Puzzle::builtin("cube3").unwrap();
    let g: Perm = cube.eval(&cube.parse_word("R U R' U'").unwrap());
    let d = DistanceDistribution::new(vec![1, 9, 54, 321]);
    vec![
        (
            "matrix",
            Box::new(MatrixFigure::of_perm(&g).cube_faces(3).title("R U R' U'")),
        ),
        (
            "hist",
            Box::new(
                HistogramFigure::new(vec![("cube2".into(), d)])
                    .log(true)
                    .title("Megaminx xyz wax"),
            ),
        ),
        ("cycles", Box::new(CycleFigure::new(&g).title("cycles"))),
    ]
}

#[test]
fn pdf_page_font_and_determinism() {
    for (name, fig) in figures() {
        let size = (430, 310);
        let pdf = fig.pdf(size).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "{name}");
        assert!(
            pdf.ends_with(b"%%EOF") || pdf.ends_with(b"%%EOF\n"),
            "{name}"
        );
        // one journal column wide (8.5 cm = 240.94 pt), the height in proportion
        assert_eq!(count(&pdf, b"/MediaBox [0 0 240.94 173.7]"), 1, "{name}");
        // the shipped font, embedded as a TrueType subset, is the only font
        assert_eq!(count(&pdf, b"/Type /FontDescriptor"), 1, "{name}");
        assert_eq!(count(&pdf, b"/FontFile2"), 1, "{name}");
        assert_eq!(count(&pdf, b"/Subtype /CIDFontType2"), 1, "{name}");
        // the type-0 font, its CID font and its descriptor name it
        assert_eq!(count(&pdf, b"+DejaVuSans"), 3, "{name}");
        assert_eq!(count(&pdf, b"Date"), 0, "{name}: no dates");
        // svg2pdf collects resources in HashMaps, seeded afresh each time
        for _ in 0..8 {
            assert_eq!(pdf, fig.pdf(size).unwrap(), "{name}: two renders differ");
        }
    }
}

#[test]
fn save_writes_pdf_by_extension() {
    let dir = std::env::temp_dir().join(format!("permlab-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.PDF");
    let g: Perm = "(1,2,3)".parse().unwrap();
    let fig = MatrixFigure::of_perm(&g).title("(1,2,3)");
    let format = fig.save(&path, (200, 220)).unwrap();
    assert_eq!(format, permlab::figures::Format::Pdf);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        fig.to_pdf((200, 220)).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn figure_command_writes_pdf() {
    let dir = std::env::temp_dir().join(format!("permlab-pdf-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("tperm.pdf");
    let o = Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args([
            "figure",
            "matrix",
            "cube3",
            "R U R' U'",
            "--size",
            "300x320",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&out).unwrap();
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        stdout.trim_end(),
        format!(
            "wrote {} (pdf, 300x320 px, 240.9x257.0 pt, {} bytes)",
            out.display(),
            bytes.len()
        )
    );
    assert_eq!(count(&bytes, b"/MediaBox [0 0 240.94 257.01]"), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn width_sets_the_physical_size() {
    let dir = std::env::temp_dir().join(format!("permlab-pdf-width-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |file: &str, extra: &[&str]| -> serde_json::Value {
        let out = dir.join(file);
        let o = Command::new(env!("CARGO_BIN_EXE_permlab"))
            .args([
                "figure", "matrix", "cube3", "R", "--size", "400x300", "--json",
            ])
            .args(extra)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    // 8.5 cm = 8.5 / 2.54 · 72 pt
    let pt = 8.5 / 2.54 * 72.0;
    let v = run("w.pdf", &["--width", "8.5cm"]);
    assert!((v["width_pt"].as_f64().unwrap() - pt).abs() < 1e-9);
    assert!((v["height_pt"].as_f64().unwrap() - pt * 0.75).abs() < 1e-9);
    let pdf = std::fs::read(dir.join("w.pdf")).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    let mb = text.split("/MediaBox [0 0 ").nth(1).unwrap();
    let nums: Vec<f64> = mb
        .split(']')
        .next()
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    assert!(
        (nums[0] - pt).abs() < 0.01 && (nums[1] - 0.75 * pt).abs() < 0.01,
        "{nums:?}"
    );
    let v = run("w.svg", &["--width", "240pt"]);
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(400), Some(300))
    );
    let svg = std::fs::read_to_string(dir.join("w.svg")).unwrap();
    assert!(svg.starts_with(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"240pt\" height=\"180pt\" viewBox=\"0 0 400 300\">"
    ));
    // single and double: one or two journal columns
    let v = run("s.pdf", &["--width", "double"]);
    assert!((v["width_pt"].as_f64().unwrap() - 17.5 / 2.54 * 72.0).abs() < 1e-9);
    // a PNG of 8.5 cm at 150 dpi: 8.5 / 2.54 · 150 = 501.97 → 502 pixels wide, 502 · 3/4 = 376.5 → 377 high
    let v = run("w.png", &["--width", "8.5cm", "--dpi", "150"]);
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(502), Some(377))
    );
    let png = std::fs::read(dir.join("w.png")).unwrap();
    let (w, h, _) = permlab::figures::decode_png(&png).unwrap();
    assert_eq!((w, h), (502, 377));
    std::fs::remove_dir_all(&dir).unwrap();
}
