//! Hostile input (issue 18): every case is refused with one line on stderr and exit
//! code 2, never a panic, an abort or an allocation beyond the documented limits.

use crate::common::{assert_refused, permlab};

/// Asserts that `args` are refused ([`assert_refused`]).
fn refused(args: &[&str], expected: &str) {
    assert_refused(args, permlab(args), expected);
}

#[test]
fn oversized_puzzles_are_refused_before_they_are_built() {
    for spec in ["board:1000x1000:2", "board:300x300:2", "board:2x8388608:2"] {
        refused(&["perm", spec, ""], "is too large: ");
        refused(
            &["perm", spec, ""],
            "more than the limit of 1073741824 bytes",
        );
    }
    refused(
        &["nrp", "quality", "--boards", "board:1000x1000:2"],
        "is too large",
    );
    refused(
        &["perm", "board:8589934592x2147483648:2", ""],
        "18446744073709551616 cells, more than 16777216 points",
    );
    for spec in ["turnstyle:10000000000", "turnstyle:4294967297"] {
        refused(&["perm", spec, ""], "(at most 16777216 points)");
    }
    refused(
        &["perm", "turnstyle:16777217", ""],
        "degree 16777217 is too large",
    );
}

#[test]
fn gens_degrees_and_points_beyond_the_limit_are_refused() {
    let d = "tests/data/hostile";
    refused(
        &["perm", &format!("{d}/degree_wraps.gens"), "A"],
        "degree_wraps.gens:2:9: degree 4294967298 is too large (at most 16777216 points)",
    );
    refused(
        &["perm", &format!("{d}/degree_huge.gens"), "A"],
        "degree_huge.gens:1:9: degree 10000000000 is too large",
    );
    refused(
        &["perm", &format!("{d}/point_u32max.gens"), "A"],
        "point_u32max.gens:1:7: generator A: point too large (at most 16777216)",
    );
    refused(
        &["perm", &format!("{d}/point_billion.gens"), "A"],
        "point_billion.gens:1:7: generator A: point too large",
    );
    // 17 moves on 2^24 points: refused at line 18, the 17th generator, unparsed.
    refused(
        &["perm", &format!("{d}/too_many_bytes.gens"), "A"],
        "too_many_bytes.gens:18:1: 17 moves on 16777216 points take 1140850688 bytes",
    );
}

/// Runs permlab with stdout and/or stderr sent to `/dev/full`: (exit code, stderr).
/// `None` when this system has no `/dev/full`.
fn to_dev_full(args: &[&str], stdout: bool, stderr: bool) -> Option<(i32, String)> {
    use std::process::{Command, Stdio};
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full");
    if full().is_err() {
        eprintln!("skipped: no /dev/full");
        return None;
    }
    let mut c = Command::new(env!("CARGO_BIN_EXE_permlab"));
    c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    c.stdout(if stdout {
        Stdio::from(full().unwrap())
    } else {
        Stdio::null()
    });
    c.stderr(if stderr {
        Stdio::from(full().unwrap())
    } else {
        Stdio::piped()
    });
    let out = c.output().expect("permlab runs");
    Some((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

#[test]
fn a_full_disk_is_exit_2_with_one_line() {
    let cases: &[&[&str]] = &[
        &["puzzles"],
        &["puzzles", "--json"],
        &["perm", "cube3", "R U"],
        &["perm", "cube3", "R U", "--json"],
        &["order", "cube3", "R U"],
        &["matrix", "cube:9", ""],
        &["group", "cube2"],
        &["bfs", "board:3x3:2"],
        &["--help"],
        &["perm", "--help"],
        &["--version"],
    ];
    for args in cases {
        let Some((code, err)) = to_dev_full(args, true, false) else {
            return;
        };
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(
            err, "permlab: error: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
    // stderr full too: still exit 2, no abort
    for args in [&["perm", "cube3", "Q"][..], &["puzzles"]] {
        let Some((code, _)) = to_dev_full(args, true, true) else {
            return;
        };
        assert_eq!(code, 2, "{args:?}");
    }
    let Some((code, _)) = to_dev_full(&["perm", "cube3", "R"], false, true) else {
        return;
    };
    assert_eq!(code, 0);
}

#[test]
fn a_closed_pipe_ends_quietly_with_exit_0() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    for args in [
        &["matrix", "cube:9", ""][..],
        &["matrix", "cube:9", "", "--json"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_permlab"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("permlab runs");
        let mut head = [0u8; 10];
        child.stdout.take().unwrap().read_exact(&mut head).unwrap();
        // the read end is closed here, with most of the 236 kB output unread
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}

#[test]
fn argument_errors_are_one_line_with_a_hint() {
    refused(&[], "a subcommand is required (see --help)");
    refused(
        &["order", "cube3", "R", "--convention", "xx"],
        "invalid value 'xx' for '--convention <CONVENTION>'; possible values: lr, rl (see --help)",
    );
    refused(
        &["order", "cube3", "R", "--bogus"],
        "unexpected argument '--bogus' found (see --help)",
    );
    refused(&["order"], "(see --help)");
    for args in [
        &["apply", "board:3x3:2", "A", "--state", "-1,2,3"][..],
        &["solve", "board:3x3:2", "-1,2,3,4,5,6,7,8,9"],
        &["bfs", "board:3x3:2", "--max-memory", "-1"],
    ] {
        refused(args, "use -- before values that start with -");
    }
    let (code, out, err) = permlab(&["--help"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("Usage: permlab"));
}

#[test]
fn non_utf8_arguments_are_refused() {
    use std::os::unix::ffi::OsStrExt;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_permlab"))
        .arg("order")
        .arg(std::ffi::OsStr::from_bytes(b"cube\xff"))
        .arg("R")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("invalid UTF-8"), "{err}");
}

#[test]
fn deep_and_huge_words_are_refused() {
    let deep = format!("{}R{}", "(".repeat(20_000), ")".repeat(20_000));
    refused(
        &["order", "cube3", &deep],
        "column 201: brackets nested more than 200 deep",
    );
    let comm = format!("{}R{}", "[".repeat(25_000), ", U]".repeat(25_000));
    refused(
        &["order", "cube3", &comm],
        "brackets nested more than 200 deep",
    );
    // 200 deep is allowed
    let ok = format!("{}R{}", "(".repeat(200), ")".repeat(200));
    let (code, out, _) = permlab(&["order", "cube3", &ok]);
    assert_eq!((code, out.as_str()), (0, "4\n"));
    // compact words evaluate without expanding: the same as the power reduced
    // modulo the order 105 of R U
    let (code, out, _) = permlab(&["order", "cube3", "(R U)^9223372036854775807"]);
    let reduced = format!("(R U)^{}", i64::MAX % 105);
    assert_eq!(
        (code, out.clone()),
        (0, permlab(&["order", "cube3", &reduced]).1)
    );
    assert_eq!(permlab(&["order", "cube3", "R U"]).1, "105\n");
    // expanding is refused before allocating
    let dir = std::env::temp_dir().join(format!("permlab-hostile-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("b.svg");
    for word in [
        "(A B)^100000000",
        "A^9223372036854775807 (A B)^9223372036854775807",
    ] {
        refused(
            &[
                "figure",
                "board",
                "board:3x3:2",
                word,
                "--path",
                "1",
                "--out",
                png.to_str().unwrap(),
            ],
            "more than the limit of 67108864",
        );
    }
    assert!(
        std::fs::read_dir(&dir).unwrap().next().is_none(),
        "no file left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    refused(
        &["perm", "cube3", "R^-9223372036854775808"],
        "bad power \"overflow (powers are at most 2^63-1 in size)\"",
    );
    refused(&["perm", "cube3", "R^9223372036854775808"], "bad power");
    refused(&["perm", "cube3", "R^4611686018427387904^2"], "bad power");
    // the product of the suffixes is i64::MIN, which has no inverse power
    refused(&["perm", "cube3", "R^-4611686018427387904^2"], "bad power");
}

#[test]
fn unknown_moves_cap_the_list_and_the_echoed_token() {
    let long = "Q".repeat(100_000);
    let (code, _, err) = permlab(&["order", "cube3", &format!("R {long}")]);
    assert_eq!(code, 2);
    assert!(err.len() < 400, "{} bytes", err.len());
    assert!(
        err.contains(&format!("column 3: unknown move \"{}…\"", "Q".repeat(60))),
        "{err}"
    );
    // a file with 10,000 generators: the list of known names is cut after 20
    let dir = std::env::temp_dir().join(format!("permlab-hostile-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("many.gens");
    let text: String = (1..=10_000).map(|i| format!("g{i}: (1,2)\n")).collect();
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = permlab(&["order", path.to_str().unwrap(), "Q"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1);
    assert!(err.len() < 400, "{err}");
    assert!(err.contains("g19, g20, … 9980 more)"), "{err}");
}

/// Runs permlab in a new user and mount namespace with `mounts` (source, target)
/// bind-mounted first: (exit code, stdout, stderr), or `None` (with a message) where
/// this system cannot create the namespace.
fn with_mounts(
    mounts: &[(&std::path::Path, &str)],
    args: &[&str],
) -> Option<(i32, String, String)> {
    let mut script = String::from("set -e\n");
    for (from, to) in mounts {
        script.push_str(&format!("mount --bind '{}' '{to}'\n", from.display()));
    }
    script.push_str("exec \"$@\"\n");
    let probe = std::process::Command::new("unshare")
        .args([
            "-r",
            "-m",
            "sh",
            "-c",
            "mount --bind /proc/meminfo /proc/meminfo",
        ])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: cannot create a mount namespace (unshare -r -m)");
        return None;
    }
    let out = std::process::Command::new("unshare")
        .args([
            "-r",
            "-m",
            "sh",
            "-c",
            &script,
            "sh",
            env!("CARGO_BIN_EXE_permlab"),
        ])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    Some((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

#[test]
fn memory_check_uses_cgroups_and_refuses_when_nothing_is_known() {
    let dir = std::env::temp_dir().join(format!("permlab-hostile-mem-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    std::fs::create_dir_all(dir.join("cg/memory")).unwrap();
    std::fs::write(dir.join("meminfo_none"), "MemTotal: 1000000 kB\n").unwrap();
    std::fs::write(dir.join("meminfo_small"), "MemAvailable: 1000 kB\n").unwrap();
    // a 100 MB cgroup with 0 bytes used: 90 MB less the 64 MiB reserve for a table
    std::fs::write(dir.join("cg/memory/memory.limit_in_bytes"), "100000000\n").unwrap();
    std::fs::write(dir.join("cg/memory/memory.usage_in_bytes"), "0\n").unwrap();
    let none = dir.join("meminfo_none");
    let empty = dir.join("empty");
    let cg = dir.join("cg");
    let hidden = [
        (none.as_path(), "/proc/meminfo"),
        (empty.as_path(), "/sys/fs/cgroup"),
    ];
    let Some((code, _, err)) = with_mounts(&hidden, &["bfs", "board:3x3:2"]) else {
        std::fs::remove_dir_all(&dir).unwrap();
        return;
    };
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err,
        "permlab: error: the search needs 91040 bytes: the table 90720 and 320 of working memory \
         beside it and the memory available is unknown (no MemAvailable in /proc/meminfo, no \
         cgroup limit); give --max-memory\n"
    );
    let (code, out, _) =
        with_mounts(&hidden, &["bfs", "board:3x3:2", "--max-memory", "1M"]).unwrap();
    assert_eq!(code, 0);
    assert!(out.contains("90720 bytes"), "{out}");
    // the cgroup limit is below MemAvailable: the cgroup decides
    let (code, _, err) = with_mounts(
        &[(cg.as_path(), "/sys/fs/cgroup")],
        &["bfs", "turnstyle:12"],
    )
    .unwrap();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the limit is 22891136 bytes (90% of the available memory, from the cgroup limit /sys/fs/cgroup/memory/memory.limit_in_bytes); choose a smaller search"), "{err}");
    // a small MemAvailable, no cgroup
    let small = dir.join("meminfo_small");
    let (code, _, err) = with_mounts(
        &[
            (small.as_path(), "/proc/meminfo"),
            (empty.as_path(), "/sys/fs/cgroup"),
        ],
        &["bfs", "board:3x3:2"],
    )
    .unwrap();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("from MemAvailable in /proc/meminfo"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fresh empty directory for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("permlab-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names of the files in `dir`, sorted.
fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn outputs_are_checked_before_work_and_leave_no_temporaries() {
    let dir = scratch("files");
    let d = dir.to_str().unwrap();
    refused(&["bfs", "board:3x3:2", "--save", d], "--save");
    refused(
        &["bfs", "board:3x3:2", "--save", d],
        ": is a directory; permlab writes only regular files",
    );
    refused(
        &["bfs", "board:3x3:2", "--save", &format!("{d}/no/t.dist")],
        &format!("no such directory: {d}/no"),
    );
    refused(
        &[
            "figure",
            "bfs",
            "board:3x3:2",
            "--out",
            &format!("{d}/h.jpg"),
        ],
        "the file name must end in .svg, .png, .pdf or .tex",
    );
    refused(
        &[
            "figure",
            "hist",
            "--series",
            "a=1,2",
            "--out",
            &format!("{d}/h.svg"),
            "--title",
            "a\u{1}b",
        ],
        "--title: control character at character 2",
    );
    refused(
        &[
            "figure",
            "hist",
            "--series",
            "a=1,2",
            "--out",
            &format!("{d}/h.svg"),
            "--x-desc",
            "\u{7}",
        ],
        "--x-desc: control character at character 1",
    );
    refused(&["nrp", "bench", "--n-to", "65"], "65");
    refused(&["nrp", "quality", "--n-to", "65"], "65");
    refused(
        &["nrp", "quality", "--boards", "board:3x3:2,nosuch"],
        "unknown puzzle \"nosuch\"",
    );
    assert!(listing(&dir).is_empty(), "{:?}", listing(&dir));
    // a FIFO as a table is refused at once instead of blocking
    let fifo = dir.join("t.dist");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        refused(
            &[
                "solve",
                "board:3x3:2",
                "--table",
                fifo.to_str().unwrap(),
                "1,2,3,4,5,6,7,8,9",
            ],
            "t.dist: not a regular file",
        );
        refused(
            &["perm", fifo.to_str().unwrap(), "A"],
            "t.dist:0:0: not a regular file",
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_write_removes_its_temporary_file() {
    // a file-size limit: the table is written in part, then the write fails
    let dir = scratch("fsize");
    let target = dir.join("t.dist");
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            "ulimit -f 8 && exec \"$@\"",
            "sh",
            env!("CARGO_BIN_EXE_permlab"),
        ])
        .args([
            "bfs",
            "turnstyle:10",
            "--quiet",
            "--save",
            target.to_str().unwrap(),
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("t.dist: File too large"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(listing(&dir).is_empty(), "{:?}", listing(&dir));
    // the same for a figure
    let png = dir.join("f.png");
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            "ulimit -f 1 && exec \"$@\"",
            "sh",
            env!("CARGO_BIN_EXE_permlab"),
        ])
        .args([
            "figure",
            "matrix",
            "cube3",
            "R",
            "--out",
            png.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(listing(&dir).is_empty(), "{:?}", listing(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigterm_during_a_saved_search_leaves_no_temporary_file() {
    let dir = scratch("sigterm");
    let target = dir.join("t.dist");
    // turnstyle:11: 40 million positions, a 10 MB table; SIGTERM at several moments
    for delay_ms in [100u64, 1000, 2500, 4000] {
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_permlab"))
            .args([
                "bfs",
                "turnstyle:11",
                "--quiet",
                "--save",
                target.to_str().unwrap(),
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{err}");
        let files = listing(&dir);
        match out.status.code() {
            // finished before the signal: the complete table only
            Some(0) => assert_eq!(files, ["t.dist"]),
            // stopped: nothing, or a table saved before
            Some(2) | Some(130) => assert!(files.iter().all(|f| f == "t.dist"), "{files:?}"),
            other => panic!("exit {other:?}: {err}"),
        }
        let _ = std::fs::remove_file(&target);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn library_api_returns_errors_for_bad_input() {
    use permlab::perm::{check_degree, MAX_DEGREE};
    use permlab::{Perm, PermError, Puzzle};
    // one degree limit, checked before allocating
    assert!(check_degree(MAX_DEGREE).is_ok());
    assert_eq!(
        Perm::from_cycles((1 << 32) + 3, &[]).unwrap_err(),
        PermError::TooLarge((1 << 32) + 3)
    );
    assert!(Perm::parse_cycles("(1,2)", Some(MAX_DEGREE + 1)).is_err());
    assert!(Perm::from_images_one_based(&[1; 3]).is_err());
    assert!(std::panic::catch_unwind(|| Perm::identity((1 << 32) + 3)).is_err());
    // puzzles
    assert!(matches!(
        Puzzle::builtin("board:8589934592x2147483648:2"),
        Err(permlab::PuzzleError::TooLarge { .. })
    ));
    let mut p = Puzzle::builtin("board:3x3:2").unwrap();
    assert_eq!(
        p.add_alias("q", "Q", 1).unwrap_err().to_string(),
        "alias \"q\": the puzzle has no move named \"Q\""
    );
    // arrangements
    assert!(permlab::search::index::Arrangements::new(3, 5).is_err());
    // figures
    use permlab::figures::Figure;
    let net = permlab::figures::cube_net::CubeNetFigure::new(1, &[0, 1, 2, 3, 4, 99]);
    assert!(net.is_err());
    let fig = permlab::figures::cycles::CycleFigure::new(&"(1,2)".parse().unwrap());
    assert!(fig.to_png((100_000, 100_000)).is_err());
    let panels = permlab::figures::Panels {
        items: vec![fig.clone()],
        cols: 0,
        panel_size: (50, 50),
    };
    assert!(panels.to_svg((50, 50)).is_ok());
}

/// Issue 18, item 7: work that had no bound gets one, or an algorithm that needs no
/// table (the giant case).
#[test]
fn unbounded_work_is_bounded() {
    // the solved state is the empty word, without tables
    let solved: Vec<String> = (1..=400).map(|i| i.to_string()).collect();
    let (code, out, err) = permlab(&["factor", "board:20x20:5", &solved.join(",")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("reach (0 letters)"), "{out}");
    // Minkwitz tables of S_60 exceed the work bound: one line, exit 2 (with an empty
    // table cache of its own: tables another run completed would be reused)
    let mut t: Vec<String> = (1..=60).map(|i| i.to_string()).collect();
    t.swap(0, 1);
    let cache = std::env::temp_dir().join(format!("permlab-hostile-cache-{}", std::process::id()));
    let args = ["factor", "turnstyle:60", &t.join(",")];
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(args)
        .env("PERMLAB_CACHE", &cache)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&cache);
    let run = (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert_refused(&args, run, "factoring gave up");
    // the pointwise stabilizer of a giant needs no chain: S_10 on the last 10 points
    let (code, out, err) = permlab(&["group", "turnstyle:20000", "--fix", "1-19990"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("stabilizer of {1-19990}:\n  order:          3628800\n"),
        "{out}"
    );
    // primitivity of a recognised giant from its prime cycle, not by a quadratic search
    let (code, out, err) = permlab(&["claim", "turnstyle:30000", "--symmetric"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("The group is primitive on its 30000 points: a block system"),
        "{out}"
    );
    refused(
        &["nrp", "quality", "--n-from", "64", "--n-to", "64"],
        "--n-to 64 is above the limit of 24",
    );
}

/// Issue 18, item 8: the sampled antipodes count against the memory bound.
#[test]
fn antipode_samples_count_against_the_memory_bound() {
    refused(
        &[
            "bfs",
            "board:3x4:2",
            "--inverses",
            "--antipodes",
            "1000000000",
            "--max-memory",
            "200M",
        ],
        "of working memory beside it; the limit is 209715200 bytes",
    );
    let (code, _, err) = permlab(&[
        "bfs",
        "turnstyle:8",
        "--antipodes",
        "1000000000",
        "--max-memory",
        "200M",
    ]);
    assert_eq!(code, 0, "{err}");
}

/// Issue 18, item 11: a built-in that shadows a file of the same name says so.
#[test]
fn a_builtin_shadowing_a_file_says_so() {
    let dir = scratch("shadow");
    std::fs::write(dir.join("cube3"), "degree: 3\nA: (1,2)\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(["order", "cube3", "R"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "4\n");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "permlab: note: \"cube3\" is the built-in puzzle; the file cube3 is not read (write ./cube3 to read it)\n"
    );
}
