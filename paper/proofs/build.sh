#!/usr/bin/env bash
# Compiles the proof corpus: every claim of paper/proofs/claims.txt rendered by
# `permlab claim --latex`, wrapped in a plain `article` (no \sloppy, no package: the
# proofs must paste into any document), checked to be ASCII and, when pdflatex is
# installed, compiled with -halt-on-error; an overfull line over 1 pt fails the build.
# (CI: .ci/run sets PERMLAB_REQUIRE_PDFLATEX=1 or PERMLAB_REQUIRE_TOOLS=1 after
# paper/build.sh has installed LaTeX, so a missing pdflatex fails there.) Also writes
# and verifies each claim's certificate.
# Output: target/proofs/corpus.tex (and corpus.pdf).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet
bin=target/release/permlab
out=target/proofs
mkdir -p "$out"
tex="$out/corpus.tex"
{
  printf '%s\n' '\documentclass{article}' '\begin{document}' \
    '\section*{permlab proof corpus}'
} > "$tex"
n=0
while read -r puzzle args; do
  case "$puzzle" in ''|'#'*) continue ;; esac
  n=$((n + 1))
  # shellcheck disable=SC2086
  printf '\\subsection*{%s}\n' "Claim $n" >> "$tex"
  code=0
  # shellcheck disable=SC2086
  "$bin" claim "$puzzle" $args --latex >> "$tex" || code=$?
  if [ "$code" -gt 1 ]; then
    echo "paper/proofs/build.sh: permlab claim $puzzle $args failed (exit $code)" >&2
    exit 1
  fi
  case "$args" in
    *--stabilizer-fixes*) ;;
    *)
      # shellcheck disable=SC2086
      "$bin" claim "$puzzle" $args --certificate "$out/cert$n.json" > /dev/null || [ $? -eq 1 ]
      "$bin" verify "$out/cert$n.json" > /dev/null || {
        echo "paper/proofs/build.sh: the certificate of $puzzle $args does not verify" >&2
        exit 1
      }
      ;;
  esac
done < paper/proofs/claims.txt
echo '\end{document}' >> "$tex"
if LC_ALL=C grep -q '[^[:print:][:space:]]' "$tex"; then
  echo "paper/proofs/build.sh: $tex is not ASCII" >&2
  exit 1
fi
echo "$tex: $n proofs, ASCII, certificates verified"
if command -v pdflatex >/dev/null 2>&1; then
  (cd "$out" && pdflatex -interaction=nonstopmode -halt-on-error corpus.tex > corpus.log 2>&1) || {
    tail -30 "$out/corpus.log"
    echo "paper/proofs/build.sh: pdflatex failed (see $out/corpus.log)" >&2
    exit 1
  }
  # an overfull box over 1 pt is a line running into the margin
  over=$(grep -E '^Overfull \\[hv]box \(([1-9][0-9]*|[1-9])\.[0-9]+pt too' "$out/corpus.log" || true)
  if [ -n "$over" ]; then
    printf '%s\n' "$over" >&2
    echo "paper/proofs/build.sh: overfull lines in $out/corpus.pdf (see $out/corpus.log)" >&2
    exit 1
  fi
  echo "$out/corpus.pdf: $(stat -c %s "$out/corpus.pdf") bytes, no overfull line"
elif [ "${PERMLAB_REQUIRE_PDFLATEX:-0}" = 1 ] || [ "${PERMLAB_REQUIRE_TOOLS:-0}" = 1 ]; then
  echo "paper/proofs/build.sh: pdflatex is not installed" >&2
  exit 1
else
  echo "pdflatex not installed: corpus not compiled"
fi
