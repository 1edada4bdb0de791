#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless with the evcxr Rust kernel, writes the executed
# copies to target/notebooks/, and checks them:
#   - check_outputs.py: no error output, panic or compile error, the final cell's summary line;
#   - every figure cell draws what the committed notebook shows (SVG and PNG compared; after a
#     change to the figures, `run.sh --update` commits the new pictures);
#   - `jupyter nbconvert --to latex` of notebook 06 keeps its figures: one \includegraphics of an
#     existing PNG per figure cell.
# Installs what it needs when missing, and says so:
#   - mold (Debian package; evcxr links every cell with it when it is on the PATH),
#   - evcxr_jupyter, pinned (cargo install --locked; an installed binary of the right version is
#     reused),
#   - pandoc (Debian package, else PyPI's pypandoc-binary in the venv; nbconvert's LaTeX export
#     converts the Markdown cells with it; without it that check is skipped with a warning, or
#     fails when PERMLAB_REQUIRE_TOOLS=1),
#   - a Python venv notebooks/.venv with nbclient and nbconvert, and the `rust` kernel spec in it.
#
# Usage: notebooks/run.sh [--update] [--timings] [NOTEBOOK.ipynb ...]
#   --update   write the executed notebooks (with outputs) back into notebooks/ when all pass
#   --timings  run three passes and write every cell's wall time to target/notebooks/timings.md:
#              cold (empty evcxr cache and build directory), new-kernel (evcxr's cache warm, empty
#              build directory: what a new kernel meets without EVCXR_TMPDIR) and warm (both kept);
#              the latency probe notebooks/tests/latency.ipynb runs first in each pass
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
timings=0
notebooks=()
for arg in "$@"; do
    case "$arg" in
        --update) update=1 ;;
        --timings) timings=1 ;;
        -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
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
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$cargo_bin:$PATH"
mkdir -p "$out"

# Installs Debian packages when run as root with apt-get; otherwise says what is missing.
apt_install() {
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        log "installing $* (apt-get)"
        local start
        start=$(now)
        export DEBIAN_FRONTEND=noninteractive
        if ! apt-get install -y -qq --no-install-recommends "$@" >"$out/apt.log" 2>&1; then
            apt-get update -qq >>"$out/apt.log" 2>&1 || true
            apt-get install -y -qq --no-install-recommends "$@" >>"$out/apt.log" 2>&1 || return 1
        fi
        log "installed $* in $(since "$start") s"
    else
        return 1
    fi
}

# 1. A fast linker: evcxr links every cell; it uses mold, else lld, when on the PATH.
if ! command -v mold >/dev/null && ! command -v ld.lld >/dev/null; then
    apt_install mold || log "warning: neither mold nor lld found: cells link with the system linker (slower); install mold (apt-get install mold)"
fi

# 2. The evcxr Jupyter kernel, pinned: the binary cargo installed is reused when cargo's record
#    says it is this version (evcxr_jupyter has no --version).
evcxr="$cargo_bin/evcxr_jupyter"
installed="$(cargo install --list 2>/dev/null || true)"
if ! [ -x "$evcxr" ] || ! grep -qx "evcxr_jupyter v$EVCXR_VERSION:" <<<"$installed"; then
    log "installing evcxr_jupyter $EVCXR_VERSION (cargo install --locked; 7 minutes on an idle 2-core machine, up to an hour on a busy one)"
    start=$(now)
    if ! cargo install --locked "evcxr_jupyter@$EVCXR_VERSION" >"$out/evcxr_install.log" 2>&1; then
        tail -n 30 "$out/evcxr_install.log" >&2
        log "error: cargo install evcxr_jupyter failed (log: $out/evcxr_install.log)"
        exit 1
    fi
    log "evcxr_jupyter $EVCXR_VERSION installed in $(since "$start") s (load: $(cut -d' ' -f1-3 /proc/loadavg))"
else
    log "reusing $evcxr ($EVCXR_VERSION)"
fi

# 3. pandoc, for nbconvert's LaTeX export of the Markdown cells: Debian's, else the binary that
#    PyPI's pypandoc-binary ships (installed into the venv below).
pandoc_from_pypi=0
if ! command -v pandoc >/dev/null && ! apt_install pandoc; then
    log "pandoc not installed and not installable with apt-get: trying PyPI's pypandoc-binary"
    pandoc_from_pypi=1
fi

# 4. The Python side: nbclient provides `jupyter execute`, nbconvert the LaTeX export. The venv is
#    rebuilt when requirements.txt changes.
if ! cmp -s "$here/requirements.txt" "$venv/requirements.txt"; then
    log "creating $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
    cp "$here/requirements.txt" "$venv/requirements.txt"
fi
if [ "$pandoc_from_pypi" -eq 1 ]; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check "pypandoc-binary==1.17" >&2 \
        || log "warning: pip could not install pypandoc-binary"
    bundled="$("$venv/bin/python" -c 'import pypandoc, os; print(os.path.dirname(pypandoc.__file__))' 2>/dev/null)/files"
    [ -x "$bundled/pandoc" ] && export PATH="$bundled:$PATH"
fi

# 5. The `rust` kernel spec, installed inside the venv (JUPYTER_PATH is where evcxr writes it;
#    <venv>/share/jupyter is on Jupyter's search path when it runs from the venv).
kernel_json="$venv/share/jupyter/kernels/rust/kernel.json"
if ! grep -qF "$evcxr" "$kernel_json" 2>/dev/null; then
    JUPYTER_PATH="$venv/share/jupyter" "$evcxr" --install >/dev/null
fi

# 6. One evcxr build directory for all notebooks, and evcxr's cache, both under target/ so a
#    second run is fast. No evcxr configuration is read (an empty config directory): each
#    notebook's header cell sets what it needs.
build="$out/build"
cache="$out/cache"
mkdir -p "$build" "$cache" "$out/evcxr-config"
export EVCXR_TMPDIR="$build"
export EVCXR_CONFIG_DIR="$out/evcxr-config"
export XDG_CACHE_HOME="$cache"

# Executes one notebook into $2 (a directory); returns non-zero when jupyter execute itself fails.
# Appends NAME=SECONDS (wall time, kernel start included) to $2/totals.
execute() {
    local nb="$1" dir="$2" name start
    name="$(basename "$nb" .ipynb)"
    mkdir -p "$dir"
    log "executing $name"
    start=$(now)
    rm -f "$dir/$name.ipynb"
    # --allow-errors: run every cell so the checker can report them all.
    if ! "$venv/bin/jupyter-execute" --kernel_name=rust --allow-errors --timeout="$timeout" \
        --output="$dir/$name" "$nb" >"$dir/$name.log" 2>&1; then
        tail -n 20 "$dir/$name.log" >&2
        log "error: jupyter execute failed on $name (log: $dir/$name.log)"
        return 1
    fi
    local took
    took=$(since "$start")
    echo "$name=$took" >>"$dir/totals"
    log "$name took $took s"
}

# 7. --timings: three passes over the latency probe and the notebooks, then the table.
if [ "$timings" -eq 1 ]; then
    rm -f "$out/timings.json"
    run_pass() {
        local pass="$1" dir="$out/timings-$1"
        rm -rf "$dir"
        local start totals=()
        start=$(now)
        for nb in "$here/tests/latency.ipynb" "${notebooks[@]}"; do
            execute "$nb" "$dir" || true
        done
        echo "all=$(since "$start")" >>"$dir/totals"
        while IFS= read -r t; do totals+=(--total "$t"); done <"$dir/totals"
        "$venv/bin/python" "$here/timings.py" record "$pass" "$dir"/*.ipynb "${totals[@]}" \
            --into "$out/timings.json"
        log "pass $pass: $(tail -n 1 "$dir/totals" | cut -d= -f2) s (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    }
    load_before="$(uptime)"
    rm -rf "$build" "$cache"; mkdir -p "$build" "$cache"
    run_pass cold
    rm -rf "$build"; mkdir -p "$build"
    run_pass new-kernel
    run_pass warm
    {
        echo "# Notebook timings"
        echo
        echo "$(nproc) cores; evcxr_jupyter $EVCXR_VERSION; $(rustc --version); linker: $(command -v mold || command -v ld.lld || echo system)."
        echo "Passes: cold = empty evcxr cache and build directory; new-kernel = evcxr's cache warm, empty build directory; warm = both kept."
        echo
        "$venv/bin/python" "$here/timings.py" table "$out/timings.json" --load \
            "before: $load_before; after: $(uptime)"
    } >"$out/timings.md"
    log "wrote $out/timings.md"
    cat "$out/timings.md"
    exit 0
fi

# 8. Self-test of the checker on a notebook with a compile error, a failed assert and a panic
#    (run with the full set, skipped when notebooks are named on the command line).
if [ "$selftest" -eq 1 ]; then
    execute "$here/tests/checker-selftest.ipynb" "$out" || true
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

# 9. The notebooks.
status=0
executed=()
rm -f "$out/totals"
for nb in "${notebooks[@]}"; do
    execute "$nb" "$out" || status=1
    executed+=("$out/$(basename "$nb")")
done

# 10. A panic or failed assert in an evcxr cell does not make `jupyter execute` fail: scan outputs.
if ! "$venv/bin/python" "$here/check_outputs.py" "${executed[@]}"; then
    status=1
fi

# 11. Every figure cell draws what the committed notebook shows (with --update: the changes are
#     listed, then committed below).
pairs=()
for nb in "${notebooks[@]}"; do
    pairs+=("$nb" "$out/$(basename "$nb")")
done
if ! "$venv/bin/python" "$here/check_outputs.py" --compare-figures "${pairs[@]}"; then
    if [ "$update" -eq 1 ]; then
        log "the figures above change with --update"
    else
        log "error: figure outputs differ from the committed notebooks: run notebooks/run.sh --update and commit"
        status=1
    fi
fi

# 12. The LaTeX export of notebook 06 keeps every figure (nbconvert takes image/png). nbconvert's
#     SVG-to-PDF step runs Inkscape on every image/svg+xml output and fails without it: it is
#     switched off, so the export uses the PNG each figure also sends.
nb06="$out/06-cube-group-structure.ipynb"
if [ -f "$nb06" ] && ! command -v pandoc >/dev/null; then
    if [ "${PERMLAB_REQUIRE_TOOLS:-0}" = 1 ]; then
        log "error: no pandoc (apt-get install pandoc): the LaTeX export check of notebook 06 cannot run (PERMLAB_REQUIRE_TOOLS=1)"
        status=1
    else
        log "warning: SKIPPED the LaTeX export check of notebook 06: no pandoc (apt-get install pandoc, or pip install pypandoc-binary)"
    fi
elif [ -f "$nb06" ]; then
    rm -rf "$out/latex"
    if "$venv/bin/jupyter-nbconvert" --to latex --SVG2PDFPreprocessor.enabled=False --output-dir "$out/latex" "$nb06" >"$out/latex.log" 2>&1 \
        && "$venv/bin/python" "$here/check_outputs.py" --latex-figures "$nb06" "$out/latex/06-cube-group-structure.tex"; then
        :
    else
        tail -n 20 "$out/latex.log" >&2
        log "error: the LaTeX export of notebook 06 lost figures (log: $out/latex.log)"
        status=1
    fi
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
