#!/usr/bin/env bash
# Builds paper/main.pdf from the crate's own output:
#   1. `permlab reproduce --latex` writes paper/generated/ (claims table, numbers),
#      examples/linalg_table.rs the linear-algebra table, and `permlab figures` writes figures/;
#   2. latexmk builds the PDF; an overfull box fails the build;
#   3. pdftoppm renders every page to target/paper-pages/page-N.png, and the first page
#      is kept as paper/first-page.png (for the README).
# Installs Debian's LaTeX packages, poppler-utils (pdftoppm, pdftotext) and mupdf-tools
# (mutool; the figure tests read PDF font sizes with it) when missing.
# Usage: paper/build.sh [--quick | --install-only]
#   --quick skips the heavy searches in reproduce; --install-only installs the tools
#   (CI runs it before the tests, which need pdflatex, pdftoppm, pdftotext and mutool)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=()
[ "${1:-}" = "--quick" ] && quick=(--quick)

if ! command -v latexmk >/dev/null 2>&1 || ! kpsewhich booktabs.sty >/dev/null 2>&1 \
  || ! command -v pdftoppm >/dev/null 2>&1 || ! command -v mutool >/dev/null 2>&1; then
  echo "== installing LaTeX (latexmk, texlive), poppler-utils and mupdf-tools"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq latexmk texlive-latex-base texlive-latex-recommended texlive-latex-extra \
    poppler-utils mupdf-tools >/dev/null
fi
[ "${1:-}" = "--install-only" ] && exit 0

cargo build --release --quiet
bin=target/release/permlab
echo "== permlab reproduce --latex ${quick[*]:-}"
"$bin" reproduce --latex "${quick[@]}" --generated paper/generated \
  --check > /dev/null
if "$bin" figures --help >/dev/null 2>&1; then
  echo "== permlab figures"
  "$bin" figures --dir figures > /dev/null
fi
echo "== linear-algebra table (examples/linalg_table.rs)"
cargo run --release --quiet --example linalg_table -- paper/generated/linalg.tex \
  'cube2 $\langle R,U,F\rangle$=tests/data/cube2_ruf.gens' 'cube3=cube3' 'Megaminx=megaminx' \
  'nokia2x2=nokia2x2' 'rotation3=rotation3' 'Turnstyle-10=turnstyle:10'
if "$bin" boards --help >/dev/null 2>&1; then
  "$bin" boards --max 8 --out paper/generated/boards.tex > /dev/null
fi

echo "== latexmk"
cd paper
latexmk -pdf -interaction=nonstopmode -halt-on-error main.tex > latexmk.log 2>&1 || {
  tail -40 latexmk.log
  echo "paper/build.sh: LaTeX failed (see paper/latexmk.log)" >&2
  exit 1
}
# an overfull box is text or a table running into the margin
if grep -q '^Overfull \\[hv]box' main.log; then
  grep -A1 '^Overfull \\[hv]box' main.log >&2
  echo "paper/build.sh: overfull boxes in paper/main.pdf (see paper/main.log)" >&2
  exit 1
fi
if grep -q "There were undefined references" main.log; then
  echo "paper/build.sh: undefined references (see paper/main.log)" >&2
  exit 1
fi
pages=../target/paper-pages
rm -rf "$pages"
mkdir -p "$pages"
pdftoppm -r 100 -png main.pdf "$pages/page"
cp "$(ls "$pages"/page-*.png | head -1)" first-page.png
echo "paper/main.pdf: $(stat -c %s main.pdf) bytes, $(ls "$pages" | wc -l) pages rendered to target/paper-pages/, no overfull box"
