//! PDF output (`pdf` feature): the page is the figure's size, the text is set in the
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
        // one point per SVG pixel
        assert_eq!(count(&pdf, b"/MediaBox [0 0 430 310]"), 1, "{name}");
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
            "wrote {} (pdf, 300x320 pt, {} bytes)",
            out.display(),
            bytes.len()
        )
    );
    assert_eq!(count(&bytes, b"/MediaBox [0 0 300 320]"), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
