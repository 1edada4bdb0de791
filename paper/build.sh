#!/usr/bin/env bash
# Builds paper/main.pdf from the crate's own output:
#   1. `permlab reproduce --latex` writes paper/generated/ (claims table, numbers),
#      examples/linalg_table.rs the linear-algebra table, and `permlab figures` writes figures/;
#   2. latexmk builds the PDF. Installs Debian's LaTeX packages when missing.
# Usage: paper/build.sh [--quick]   (--quick skips the heavy searches in reproduce)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=()
[ "${1:-}" = "--quick" ] && quick=(--quick)

if ! command -v latexmk >/dev/null 2>&1 || ! kpsewhich booktabs.sty >/dev/null 2>&1; then
  echo "== installing LaTeX (latexmk, texlive)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq latexmk texlive-latex-base texlive-latex-recommended texlive-latex-extra >/dev/null
fi

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
echo "paper/main.pdf: $(stat -c %s main.pdf) bytes"
