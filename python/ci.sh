#!/usr/bin/env bash
# The Python bindings on a fresh machine (CPython >= 3.9 with venv and pip, a Rust
# toolchain): a virtual environment in python/.venv, maturin, NumPy, SymPy, pytest and
# the notebook runner from PyPI; rustfmt and clippy on the bindings' crate; the abi3
# wheel built (release) and installed; the README's check; pytest; the Python notebook
# executed headless, failing on any error in a cell. Called by .ci/run. From a clean
# clone it took 794 s wall (4.6 CPU-minutes: clippy's check of the crate 3 min of wall,
# the release build 8.5 min, pytest 24 s, the notebook 14 s) on the 2-core machine at a
# load of 11; with python/target and python/.venv kept, 54 s at a load of 13.
set -euo pipefail
cd "$(dirname "$0")"
start=$(date +%s)
stamp() { echo "== python [$(( $(date +%s) - start )) s] $*"; }

PYTHON=${PYTHON:-python3}
stamp "virtual environment (python/.venv) and packages from PyPI"
"$PYTHON" --version
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
VPY=.venv/bin/python
"$VPY" -m pip install --quiet --disable-pip-version-check \
  'maturin>=1.9.4,<2' numpy sympy pytest nbconvert ipykernel

stamp "rustfmt and clippy (the bindings' crate)"
cargo fmt -- --check
cargo clippy --all-targets -- -D warnings

stamp "the abi3 wheel (maturin build --release) and its install"
rm -rf target/wheels
.venv/bin/maturin build --release --quiet --out target/wheels
"$VPY" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps target/wheels/permlab-*.whl

stamp "the README's check"
order=$("$VPY" -c "import permlab; print(permlab.Puzzle.builtin('cube3').group().order())")
echo "$order"
test "$order" = 43252003274489856000

stamp "pytest"
(cd tests && ../"$VPY" -m pytest -q -p no:cacheprovider .)

stamp "the Python notebook, executed headless (nbconvert fails on an error in any cell)"
mkdir -p target/notebooks
.venv/bin/jupyter nbconvert --to notebook --execute --ExecutePreprocessor.timeout=600 \
  --ExecutePreprocessor.kernel_name=python3 \
  --output-dir target/notebooks ../notebooks/python/01-permlab-from-python.ipynb

stamp "done"
