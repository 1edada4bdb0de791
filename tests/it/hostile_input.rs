//! Hostile input (issue 34, items 4–11, 13 and 15): each case of the issue, run as
//! written in a child process under an address-space limit (`ulimit -v`, so an
//! allocation abort shows as a failure) and a CPU-time limit (`ulimit -t`, so a hang
//! fails fast). Every case answers, or is refused with one line on stderr and exit
//! code 2, never a panic or an abort. Cases that need a tool this system lacks
//! (`unshare`, `mkfifo`) say "skipped" on stderr, and fail when
//! `PERMLAB_REQUIRE_TOOLS=1`.

use crate::common::{assert_refused, outcome, permlab_limited, require_tool};
use std::path::{Path, PathBuf};

/// The address-space limit of the issue's runs: `ulimit -v 4000000`.
const VMEM_KB: u64 = 4_000_000;

/// CPU seconds a case may take: each must answer or refuse "within seconds".
const CPU_SECONDS: u64 = 30;

/// `args` run under the limits are refused (see [`assert_refused`]).
fn refused(args: &[&str], expected: &str) {
    assert_refused(
        args,
        permlab_limited(VMEM_KB, CPU_SECONDS, None, args),
        expected,
    );
}

/// `args` run under the limits in `dir` succeed: stdout.
fn answered_in(dir: Option<&Path>, args: &[&str]) -> String {
    let (code, out, err) = permlab_limited(VMEM_KB, CPU_SECONDS, dir, args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// A fresh empty directory for one test, removed by the test at its end.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("permlab-hostile34-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `MemAvailable` of this machine in bytes.
fn mem_available() -> u64 {
    let text = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    permlab::search::memory::meminfo_available(&text).unwrap_or(0)
}

/// The number N in "the limit is N bytes" of an error line.
fn limit_in(err: &str) -> u64 {
    let rest = err.split("the limit is ").nth(1).expect("a limit");
    rest.split(' ').next().unwrap().parse().unwrap()
}

/// The cube3 position of item 4 (54 points, 1-based).
const CUBE3_STATE: &str = "16,47,12,29,5,15,25,8,48,52,6,18,53,14,2,21,42,43,46,20,34,38,23,17,54,4,37,27,22,19,49,32,40,30,51,1,7,26,45,33,41,44,10,24,28,36,11,3,13,50,35,9,31,39";

/// Item 4: a plain `solve cube3 STATE` stays within its default memory budget: under
/// the 4 GB address-space limit it answers, and its answer solves the position.
#[test]
fn item4_solve_cube3_within_the_default_memory() {
    let out = answered_in(None, &["solve", "cube3", CUBE3_STATE]);
    let line = out.lines().last().expect("a solution line");
    let word = line.split(" (").next().unwrap();
    let p = permlab::Puzzle::builtin("cube3").unwrap();
    let state = p.parse_state(CUBE3_STATE).unwrap();
    let w = p.parse_word(word).unwrap();
    assert_eq!(p.apply(&state, &w), p.solved(), "{out}");
}

/// Item 7: a time limit too large for a `Duration` is no deadline, not a panic
/// ("cannot convert float seconds to Duration"), in `solve` and `bench solve`; a
/// limit that is not a positive number is refused.
#[test]
fn item7_huge_time_limits() {
    for t in ["1e300", "18446744073709551615"] {
        let state = "4,3,6,7,2,9,8,5,1";
        let out = answered_in(None, &["solve", "board:3x3:2", state, "--time-limit", t]);
        let p = permlab::Puzzle::builtin("board:3x3:2").unwrap();
        let word = out.lines().last().unwrap().split(" (").next().unwrap();
        let w = p.parse_word(word).unwrap();
        assert_eq!(
            p.apply(&p.parse_state(state).unwrap(), &w),
            p.solved(),
            "{out}"
        );
        assert!(permlab::search::budget::SearchBudget::unlimited()
            .with_time_limit(t.parse().unwrap())
            .is_ok());
    }
    let out = answered_in(
        None,
        &[
            "bench",
            "solve",
            "--optimal",
            "1",
            "--puzzle",
            "cube2",
            "--time-limit",
            "1e300",
        ],
    );
    assert!(out.contains("solved 1 (every solution replayed)"), "{out}");
    for t in ["0", "NaN"] {
        refused(
            &[
                "solve",
                "board:3x3:2",
                "4,3,6,7,2,9,8,5,1",
                "--time-limit",
                t,
            ],
            &format!("--time-limit {t}: must be a positive number of seconds"),
        );
    }
}

/// Item 5: `RLIMIT_AS` and `RLIMIT_DATA` are part of the memory bound.
#[test]
fn item5_address_space_and_data_limits_bound_memory() {
    let args = ["mixing", "board:3x4:2", "--steps", "2"];
    let run = permlab_limited(VMEM_KB, CPU_SECONDS, None, &args);
    let err = run.2.clone();
    // two f64 vectors and a 2-byte level for each of the 12! positions
    assert_refused(&args, run, "the random walk needs 8622028800 bytes");
    let bound = 4_000_000 * 1024 / 10 * 9 - (64 << 20);
    if mem_available() > 4_000_000 * 1024 {
        assert!(
            err.contains("from RLIMIT_AS (ulimit -v) less the address space in use"),
            "{err}"
        );
        // 90% of the limit less the address space already in use, less 64 MiB
        let limit = limit_in(&err);
        assert!(limit <= bound && limit > bound - (256 << 20), "{err}");
    }
    let args = ["bfs", "turnstyle:14"];
    let run = permlab_limited(VMEM_KB, CPU_SECONDS, None, &args);
    let err = run.2.clone();
    assert_refused(
        &args,
        run,
        "the search needs 21794573120 bytes: the table 21794572800 (87178291200 positions at 2 bits)",
    );
    assert!(err.ends_with("; choose a smaller search\n"), "{err}");
    if mem_available() > 4_000_000 * 1024 {
        assert!(err.contains("from RLIMIT_AS (ulimit -v)"), "{err}");
    }
    // RLIMIT_DATA alone (ulimit -d, in KiB): 13!/2 positions need a 778 MB table
    let run = outcome(
        std::process::Command::new("sh").args([
            "-c",
            "ulimit -d 500000 && ulimit -t 30 && exec \"$@\"",
            "sh",
            env!("CARGO_BIN_EXE_permlab"),
            "bfs",
            "turnstyle:13",
        ]),
        None,
    );
    let err = run.2.clone();
    assert_refused(&["bfs", "turnstyle:13"], run, "the table 778377600");
    if mem_available() > 500_000 * 1024 {
        assert!(
            err.contains("from RLIMIT_DATA (ulimit -d) less the data in use"),
            "{err}"
        );
    }
    // what fits is not refused
    let out = answered_in(None, &["bfs", "board:3x3:2", "--quiet"]);
    assert!(out.contains("362880 positions"), "{out}");
}

/// Runs `script` with `sh` in a private mount namespace (`unshare -m`, with a user
/// namespace when not root): `None` (skipped) where this system cannot.
fn in_mount_namespace(script: &str, args: &[&str]) -> Option<std::process::Output> {
    let root = is_root();
    let ns: &[&str] = if root { &["-m"] } else { &["-r", "-m"] };
    let probe = std::process::Command::new("unshare")
        .args(ns)
        .args(["sh", "-c", "mount -t tmpfs -o size=64k none /mnt"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        require_tool(
            "unshare",
            "cannot mount a tmpfs in a private mount namespace (unshare -m)",
        );
        return None;
    }
    Some(
        std::process::Command::new("unshare")
            .args(ns)
            .args(["sh", "-c", script, "sh"])
            .args(args)
            .output()
            .unwrap(),
    )
}

/// Whether this process runs as root (uid 0), from `/proc/self/status`.
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .and_then(|l| l.split_whitespace().next())
        == Some("0")
}

/// Item 6: `bfs --on-disk` reserves the table's space before the search, so a disk
/// filling up during the search cannot end it with SIGBUS; a table that does not fit
/// is one line, exit 2, and no scratch file is left.
#[test]
fn item6_on_disk_tables_reserve_their_space() {
    let dir = scratch("ondisk");
    let mnt = dir.join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    // turnstyle:11: 19958400 positions, a 4989600-byte table. Two such searches at
    // once on an 8 MiB tmpfs: both may pass the check of the free space, but only one
    // table fits. With sparse tables both filled their pages until one write found the
    // disk full (SIGBUS, usually in both); with the space reserved first, one search
    // completes and the other is refused.
    let script = r#"
        set -u
        mnt=$1 out=$2 permlab=$3
        mount -t tmpfs -o size=8m none "$mnt" || exit 99
        ulimit -t 60
        for run in a b; do
            "$permlab" bfs turnstyle:11 --quiet --on-disk "$mnt" >"$out/$run.out" 2>"$out/$run.err" &
        done
        wait %1; echo $? >"$out/a.code"
        wait %2; echo $? >"$out/b.code"
        ls -A "$mnt" >"$out/left"
        # a table larger than the file system: refused before anything is created
        "$permlab" bfs turnstyle:12 --quiet --on-disk "$mnt" >"$out/c.out" 2>"$out/c.err"
        echo $? >"$out/c.code"
        ls -A "$mnt" >>"$out/left"
    "#;
    let Some(run) = in_mount_namespace(
        script,
        &[
            mnt.to_str().unwrap(),
            dir.to_str().unwrap(),
            env!("CARGO_BIN_EXE_permlab"),
        ],
    ) else {
        std::fs::remove_dir_all(&dir).unwrap();
        return;
    };
    assert!(run.status.success(), "{run:?}");
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    let code = |run: &str| -> i32 { read(&format!("{run}.code")).trim().parse().unwrap() };
    let (done, other) = match (code("a"), code("b")) {
        (0, 2) => ("a", "b"),
        (2, 0) => ("b", "a"),
        codes => panic!("exit codes {codes:?}: {} {}", read("a.err"), read("b.err")),
    };
    let out = read(&format!("{done}.out"));
    assert!(out.contains("19958400 positions"), "{out}");
    for (run, table) in [(other, "4989600"), ("c", "119750400")] {
        assert_refused(
            &["bfs", "--on-disk"],
            (
                code(run),
                read(&format!("{run}.out")),
                read(&format!("{run}.err")),
            ),
            &format!("the table needs {table} bytes"),
        );
    }
    assert_eq!(read("left"), "", "no scratch file is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 7: exporting a puzzle without points to twsearch is refused, not a panic
/// ("removal index (is 0) should be < len").
#[test]
fn item7_export_of_a_puzzle_without_points() {
    let dir = scratch("id0");
    let gens = dir.join("id0.gens");
    std::fs::write(&gens, "A: ()\n").unwrap();
    let args = ["export", gens.to_str().unwrap(), "--tws"];
    assert_refused(
        &args,
        permlab_limited(VMEM_KB, CPU_SECONDS, None, &args),
        "id0.gens\": cannot write a .tws file: the puzzle has no points",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Writes a certificate for `permlab verify`: the JSON keys of
/// `permlab::certificate::Certificate`, with `fields` (JSON text) after the common
/// ones.
fn certificate(path: &Path, fields: &str) {
    std::fs::write(
        path,
        format!(r#"{{"format":"permlab-certificate-1","puzzle":"hostile",{fields}}}"#),
    )
    .unwrap();
}

/// Item 8: small inputs asking for huge allocations are refused before allocating.
#[test]
fn item8_sizes_are_checked_before_allocating() {
    // the setwise stabilizer of half of S_100000 needs a chain with 99999 levels
    refused(
        &["stabilizer", "turnstyle:100000", "--set", "1-50000"],
        "the setwise stabilizer needs a stabilizer chain with a base of at least 99999 points on 100000 points",
    );
    let dir = scratch("certs");
    // 30 KB: degree 2^24 and 1000 trivial generators, 268 GB of image arrays
    let trivial: Vec<String> = (0..1000)
        .map(|i| format!(r#"{{"name":"g{i}","perm":"()"}}"#))
        .collect();
    let wide = dir.join("wide.json");
    certificate(
        &wide,
        &format!(
            r#""degree":16777216,"generators":[{}],"claim":{{"kind":"even"}},"holds":true"#,
            trivial.join(",")
        ),
    );
    assert!(std::fs::metadata(&wide).unwrap().len() < 40_000);
    refused(
        &["verify", wide.to_str().unwrap()],
        "wide.json: too large to check: checking it needs 269509197824 bytes of permutations (1000 generators, 0 words and 0 chain levels on 16777216 points), more than the limit of",
    );
    // 1.6 MB: a chain of 100,000 levels and program lines on 100,000 points
    let n = 100_000;
    let base: Vec<String> = (1..=n).map(|b| b.to_string()).collect();
    let deep = dir.join("deep.json");
    certificate(
        &deep,
        &format!(
            r#""degree":{n},"generators":[{{"name":"a","perm":"(1,2)"}}],"claim":{{"kind":"order","order":"2"}},"holds":true,"chain":{{"base":[{}],"orbit_lengths":[{}],"lines":[{}],"strong_generators":[]}}"#,
            base.join(","),
            vec!["1"; n].join(","),
            vec!["[[0,1]]"; n].join(",")
        ),
    );
    assert!(std::fs::metadata(&deep).unwrap().len() > 1_500_000);
    // 8 bytes per point for the generator and its inverse, the lines, each basic
    // orbit point's transversal element and its inverse, and 8 working arrays; 32 per
    // point and level for the level tables
    let needed = n * (8 * (2 + n + 2 * n + 8) + 32 * n);
    refused(
        &["verify", deep.to_str().unwrap()],
        &format!("deep.json: too large to check: checking it needs {needed} bytes of permutations (1 generator, 0 words and 100000 chain levels on 100000 points)"),
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // C(54, 10) sets, each listed: terabytes
    refused(
        &[
            "orbits",
            "cube3",
            "--on",
            "sets:10",
            "--limit",
            "18446744073709551615",
        ],
        "--on sets:10: listing the 23930713170 10-subsets of 54 points takes about",
    );
    // within the limits the same commands answer
    let out = answered_in(None, &["stabilizer", "turnstyle:12", "--set", "1-6"]);
    // S_6 × S_6
    assert!(out.contains("order:      518400\n"), "{out}");
    let out = answered_in(
        None,
        &[
            "orbits",
            "cube3",
            "--on",
            "sets:2",
            "--limit",
            "18446744073709551615",
        ],
    );
    assert!(out.starts_with("orbits on sets:2: "), "{out}");
}

/// Item 9: `verify` refuses devices, FIFOs and files over the limit before reading.
#[test]
fn item9_verify_reads_only_regular_files_within_the_limit() {
    refused(&["verify", "/dev/zero"], "/dev/zero: not a regular file");
    let dir = scratch("verify-fifo");
    let fifo = dir.join("c.json");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        refused(
            &["verify", fifo.to_str().unwrap()],
            "c.json: not a regular file",
        );
    } else {
        require_tool("mkfifo", "cannot make a FIFO");
    }
    // a sparse file of 1 GiB and one byte: refused by its size, nothing read
    let big = dir.join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len((1 << 30) + 1).unwrap();
    refused(
        &["verify", big.to_str().unwrap()],
        "big.json: 1073741825 bytes, more than the limit of 1073741824 bytes",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 10: a puzzle file is read with the byte limit enforced: a 3 GB one-line
/// `.gens` file (sparse, so the test costs no disk) is refused before it is read, and
/// the `.tws` and `.geo` readers do the same.
#[test]
fn item10_puzzle_files_are_read_within_the_byte_limit() {
    let dir = scratch("bigfiles");
    for name in ["one-line.gens", "big.tws", "big.geo"] {
        let path = dir.join(name);
        let f = std::fs::File::create(&path).unwrap();
        f.set_len(3_000_000_000).unwrap();
        let (code, out, err) = permlab_limited(
            VMEM_KB,
            CPU_SECONDS,
            None,
            &["perm", path.to_str().unwrap(), "A"],
        );
        assert_refused(
            &["perm", name],
            (code, out, err),
            "3000000000 bytes, more than the limit of 1073741824 bytes",
        );
    }
    // at the limit the reader stops as it reads: the limit is also enforced on a file
    // whose size is not known in advance (the reader's own test, in `limits`)
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 11: `PermGroup::unrank` returns an error for a group whose order does not fit
/// in a `u128` and for a rank beyond the order.
#[test]
fn item11_unrank_returns_errors() {
    let g = permlab::Puzzle::builtin("cube:5").unwrap().group();
    assert!(g.order_u128().is_none());
    let e = g.unrank(0).unwrap_err();
    assert_eq!(e.to_string(), "|G| is 2^128 or more, beyond the u128 ranks");
    let g = permlab::Puzzle::builtin("cube2").unwrap().group();
    let order = g.order_u128().unwrap();
    assert_eq!(
        g.unrank(order).unwrap_err().to_string(),
        "rank 88179840 is not below |G| = 88179840"
    );
    let last = g.unrank(order - 1).unwrap();
    assert_eq!(g.rank(&last), Some(order - 1));
}

/// Item 13: work that had no bound answers or is refused within seconds (the CPU
/// limit of each child is 30 s; each case takes a few).
#[test]
fn item13_work_is_bounded() {
    refused(
        &["centralizer", "turnstyle:100000", "T"],
        "the centralizer needs a stabilizer chain with a base of at least 99999 points",
    );
    // T = (1,2)(3,4) is even and L, a 100000-cycle, odd: the group is S_100000 and
    // the normal closure of T is A_100000, of index 2
    let p = permlab::Puzzle::builtin("turnstyle:100000").unwrap();
    let perm = |name: &str| {
        let m = p.generators().iter().find(|m| m.name == name).unwrap();
        m.perm.clone()
    };
    assert!(perm("T").is_even() && !perm("L").is_even());
    let out = answered_in(None, &["normal-closure", "turnstyle:100000", "T"]);
    assert_eq!(out.lines().last(), Some("index in the group:   2"));
    // on 9 points L is a 9-cycle, even: the group is A_9, simple, the closure all of it
    let out = answered_in(None, &["normal-closure", "turnstyle:9", "L"]);
    assert_eq!(
        out,
        "normal closure order: 181440\nindex in the group:   1\n"
    );
    refused(
        &["stabilizer", "megaminx", "--set", "1-66"],
        "the setwise stabilizer: the backtrack search gave up after 268435456 point images (the limit)",
    );
    refused(
        &["count", "cube:5", "--up-to", "x,y,z"],
        "the centralizer: the backtrack search gave up after 268435456 point images",
    );
    refused(
        &["mixing", "cube2", "--steps", "18446744073709551615"],
        "18446744073709551615 steps of the walk on 88179840 positions with 18 moves take",
    );
    // a puzzle of 10^6 points with two orbits of 500,000: no twsearch set holds them
    let dir = scratch("export-big");
    let path = dir.join("two-orbits.gens");
    let cycle = |from: usize, to: usize| {
        (from..=to)
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    std::fs::write(
        &path,
        format!(
            "degree: 1000000\nA: ({})\nB: ({})\n",
            cycle(1, 500_000),
            cycle(500_001, 1_000_000)
        ),
    )
    .unwrap();
    refused(
        &["export", path.to_str().unwrap(), "--tws"],
        "cannot write a .tws file: an orbit of 500000 points (twsearch sets hold at most 255 pieces of at most 127 orientations)",
    );
    // one word of 10^7 letters on 2^24 points: 1.7·10^14 point images, refused at once
    let word = dir.join("word.json");
    certificate(
        &word,
        &format!(
            r#""degree":16777216,"generators":[{{"name":"a","perm":"(1,2)"}}],"claim":{{"kind":"even"}},"holds":false,"words":[{{"word":"{}","perm":"()"}}]"#,
            "a ".repeat(10_000_000)
        ),
    );
    refused(
        &["verify", word.to_str().unwrap()],
        "word.json: too large to check: evaluating word 1 takes more than the limit of 4294967296 steps (point images computed); raise --max-steps",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 12: `group` on groups whose facts took minutes answers with the cheap facts
/// exact and the expensive ones within the default time (or not computed); item 13:
/// `group` on a `.tws` file at the 2^24-point limit (one piece of 2^24 orientations,
/// one twist: the cyclic group of order 2^24, regular on its points).
#[test]
fn item12_13_group_answers_on_large_groups() {
    let dir = scratch("group-big");
    let path = dir.join("one.tws");
    std::fs::write(
        &path,
        "Name big\nSet X 1 16777216\nSolved\nX\n1\nEnd\nMove T\nX\n1\n1\nEnd\n",
    )
    .unwrap();
    let out = answered_in(None, &["group", path.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["degree"], 16_777_216);
    assert_eq!(v["order"], "16777216");
    assert_eq!(v["base_length"], 1);
    assert_eq!(v["is_symmetric"], false);
    std::fs::remove_dir_all(&dir).unwrap();
    // cube:9: 486 points, base of 353 points; the order is that of the pieces'
    // groups tied by parities, checked against the group's own chain-free bound
    let out = answered_in(None, &["group", "cube:9", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["degree"], 486);
    assert_eq!(v["base_length"], 353);
    let order: num_bigint::BigUint = v["order"].as_str().unwrap().parse().unwrap();
    let bound = permlab::group::order_bound::upper_bound(
        &permlab::Puzzle::builtin("cube:9").unwrap().group(),
    );
    assert_eq!(Some(order), bound);
}

/// Item 15: the note that a built-in shadows a file of the same name is printed after
/// a success, and folded into the one error line after a failure.
#[test]
fn item15_the_shadowing_note_keeps_an_error_to_one_line() {
    let dir = scratch("shadow");
    std::fs::write(dir.join("cube3"), "degree: 3\nA: (1,2)\n").unwrap();
    let note =
        "\"cube3\" is the built-in puzzle; the file cube3 is not read (write ./cube3 to read it)";
    let args = ["perm", "cube3", "A"];
    let (code, out, err) = permlab_limited(VMEM_KB, CPU_SECONDS, Some(&dir), &args);
    assert_refused(&args, (code, out, err.clone()), "unknown move \"A\"");
    assert!(err.ends_with(&format!(" (note: {note})\n")), "{err}");
    // after a success: the output, then the note on stderr
    let (code, out, err) =
        permlab_limited(VMEM_KB, CPU_SECONDS, Some(&dir), &["order", "cube3", "R"]);
    assert_eq!((code, out.as_str()), (0, "4\n"));
    assert_eq!(err, format!("permlab: note: {note}\n"));
    // ./cube3 reads the file
    let out = answered_in(Some(&dir), &["perm", "./cube3", "A"]);
    assert_eq!(out, "(1,2)\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
