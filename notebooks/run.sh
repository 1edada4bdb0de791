#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless with the evcxr Rust kernel, writes the executed
# copies to target/notebooks/, and checks them with check_outputs.py (fails on any error output,
# panic or compile error). Installs what it needs when missing:
#   - evcxr_jupyter (cargo install --locked, about 7 minutes the first time),
#   - a Python venv notebooks/.venv with nbclient (`jupyter execute`),
#   - the `rust` kernel spec inside that venv.
#
# Usage: notebooks/run.sh [--update] [NOTEBOOK.ipynb ...]
#   --update   write the executed notebooks (with outputs) back into notebooks/ when all pass
# Environment: PYTHON (default python3), NOTEBOOK_TIMEOUT (seconds per cell, default 1200).
set -euo pipefail

EVCXR_VERSION=0.22.0
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
venv="$here/.venv"
out="$root/target/notebooks"
python="${PYTHON:-python3}"
timeout="${NOTEBOOK_TIMEOUT:-1200}"

update=0
notebooks=()
for arg in "$@"; do
    case "$arg" in
        --update) update=1 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        -*) echo "run.sh: error: unknown option $arg" >&2; exit 2 ;;
        *) [ -f "$arg" ] || { echo "run.sh: error: no notebook file $arg" >&2; exit 2; }
           notebooks+=("$(cd "$(dirname "$arg")" && pwd)/$(basename "$arg")") ;;
    esac
done
selftest=0
if [ ${#notebooks[@]} -eq 0 ]; then
    notebooks=("$here"/[0-9][0-9]-*.ipynb)
    selftest=1
fi

log() { echo "run.sh: $*" >&2; }
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$cargo_bin:$PATH"

# 1. The evcxr Jupyter kernel, pinned.
if ! cargo install --list 2>/dev/null | grep -q "^evcxr_jupyter v$EVCXR_VERSION:"; then
    log "installing evcxr_jupyter $EVCXR_VERSION (cargo install, several minutes)"
    start=$(date +%s)
    mkdir -p "$out"
    if ! cargo install --locked "evcxr_jupyter@$EVCXR_VERSION" >"$out/evcxr_install.log" 2>&1; then
        tail -n 30 "$out/evcxr_install.log" >&2
        log "error: cargo install evcxr_jupyter failed (log: $out/evcxr_install.log)"
        exit 1
    fi
    log "evcxr_jupyter installed in $(( $(date +%s) - start )) s"
fi

# 2. The Python side: nbclient provides `jupyter execute`.
if [ ! -x "$venv/bin/jupyter-execute" ]; then
    log "creating $venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi

# 3. The `rust` kernel spec, installed inside the venv (JUPYTER_PATH is where evcxr writes it;
#    <venv>/share/jupyter is on Jupyter's search path when it runs from the venv).
kernel_json="$venv/share/jupyter/kernels/rust/kernel.json"
if ! grep -qF "$cargo_bin/evcxr_jupyter" "$kernel_json" 2>/dev/null; then
    JUPYTER_PATH="$venv/share/jupyter" "$cargo_bin/evcxr_jupyter" --install >/dev/null
fi

# 4. One evcxr build directory for all notebooks, the evcxr config (init.evcxr enables :cache)
#    and the evcxr cache, all kept under target/ so a second run is fast.
mkdir -p "$out/build" "$out/cache"
export EVCXR_TMPDIR="$out/build"
export EVCXR_CONFIG_DIR="$here/evcxr"
export XDG_CACHE_HOME="$out/cache"

# Executes one notebook into $out; returns non-zero when jupyter execute itself fails.
execute() {
    local nb="$1" name
    name="$(basename "$nb" .ipynb)"
    log "executing $name"
    local start
    start=$(date +%s)
    rm -f "$out/$name.ipynb"
    # --allow-errors: run every cell so the checker can report them all.
    if ! "$venv/bin/jupyter-execute" --kernel_name=rust --allow-errors --timeout="$timeout" \
        --output="$out/$name" "$nb" >"$out/$name.log" 2>&1; then
        tail -n 20 "$out/$name.log" >&2
        log "error: jupyter execute failed on $name (log: $out/$name.log)"
        return 1
    fi
    log "$name took $(( $(date +%s) - start )) s"
}

# 5. Self-test of the checker on a notebook with a compile error, a failed assert and a panic
#    (run with the full set, skipped when notebooks are named on the command line).
if [ "$selftest" -eq 1 ]; then
    execute "$here/tests/checker-selftest.ipynb" || true
    expected="checker-selftest: 3 passed, 3 failed"
    report="$("$venv/bin/python" "$here/check_outputs.py" "$out/checker-selftest.ipynb" || true)"
    cells="$(grep -c "^checker-selftest: cell [256] " <<<"$report" || true)"
    if grep -qx "$expected" <<<"$report" && [ "$cells" -eq 3 ]; then
        log "checker self-test ok (compile error, failed assert and panic all detected)"
    else
        echo "$report" | sed 's/^/  | /' >&2
        log "error: checker self-test: expected '$expected' with cells 2, 5, 6 failing"
        exit 1
    fi
fi

# 6. The notebooks.
status=0
executed=()
for nb in "${notebooks[@]}"; do
    execute "$nb" || status=1
    executed+=("$out/$(basename "$nb")")
done

# 7. A panic or failed assert in an evcxr cell does not make `jupyter execute` fail: scan outputs.
if ! "$venv/bin/python" "$here/check_outputs.py" "${executed[@]}"; then
    status=1
fi

if [ "$update" -eq 1 ]; then
    if [ "$status" -ne 0 ]; then
        log "not updating the committed notebooks: some cells failed"
    else
        for nb in "${notebooks[@]}"; do
            "$venv/bin/python" "$here/check_outputs.py" --strip-into "$nb" "$out/$(basename "$nb")"
        done
        log "updated ${#notebooks[@]} notebook(s) in $here"
    fi
fi
exit "$status"
