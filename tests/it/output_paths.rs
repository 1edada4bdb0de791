//! Output paths (issue 34, items 1–3 and 14): a write never replaces a device, FIFO,
//! socket or directory, never follows a planted link at a temporary name, never
//! creates a missing directory, and a killed process leaves no temporary file that a
//! later run does not remove.

use crate::common::{permlab, require_tool};
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("permlab-out-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `script` with `sh` in `dir`, `$P` being the permlab binary: (code, stderr).
fn sh(dir: &Path, script: &str) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("P", env!("CARGO_BIN_EXE_permlab"))
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn one_line_refusal(code: i32, err: &str, what: &str) {
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(what), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

fn is_char_device(p: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(p)
        .map(|m| m.file_type().is_char_device())
        .unwrap_or(false)
}

#[test]
fn a_device_at_the_save_path_is_refused_and_kept() {
    let d = scratch("mknod");
    let (code, err) = sh(&d, "mknod null.dist c 1 3");
    if code != 0 {
        require_tool("mknod (root)", &err);
        return;
    }
    let (code, err) = sh(&d, "$P bfs nokia2x2 --quiet --save null.dist");
    one_line_refusal(code, &err, "is a character device");
    assert!(is_char_device(&d.join("null.dist")));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn dev_full_as_certificate_is_refused_and_kept() {
    if !is_char_device(Path::new("/dev/full")) {
        require_tool("/dev/full", "no /dev/full");
        return;
    }
    let (code, _, err) = permlab(&[
        "claim",
        "cube2",
        "--order",
        "88179840",
        "--certificate",
        "/dev/full",
    ]);
    one_line_refusal(code, &err, "is a character device");
    assert!(is_char_device(Path::new("/dev/full")));
}

#[test]
fn fifos_sockets_and_directories_are_refused_for_every_output_option() {
    let d = scratch("kinds");
    assert_eq!(sh(&d, "mkfifo fifo && mkdir dir").0, 0);
    let _sock = std::os::unix::net::UnixListener::bind(d.join("sock")).unwrap();
    let fifo = d.join("fifo");
    let dir = d.join("dir");
    let sock = d.join("sock");
    for (target, what) in [
        (&fifo, "is a FIFO"),
        (&dir, "is a directory"),
        (&sock, "is a socket"),
    ] {
        let t = target.to_str().unwrap();
        for args in [
            vec!["bfs", "nokia2x2", "--quiet", "--save", t],
            vec!["figure", "matrix", "cube3", "R", "--out", t],
            vec!["claim", "cube2", "--order", "88179840", "--certificate", t],
            vec!["bench", "search", "--only", "nokia2x2", "--latex", t],
            vec!["boards", "--max", "3", "--out", t],
        ] {
            let (code, _, err) = permlab(&args);
            one_line_refusal(code, &err, what);
        }
    }
    assert!(dir.is_dir());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_planted_link_at_the_old_temporary_name_is_not_followed() {
    let d = scratch("plant");
    std::fs::write(d.join("victim"), b"keep me").unwrap();
    let (code, err) = sh(
        &d,
        "ln -s victim .f.svg.$$.tmp; exec $P figure matrix cube3 R --out f.svg",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(d.join("victim")).unwrap(), b"keep me");
    assert!(std::fs::read_to_string(d.join("f.svg"))
        .unwrap()
        .starts_with("<svg"));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn missing_directories_are_an_error_and_are_not_created() {
    let d = scratch("nodir");
    let missing = d.join("nonexistent/dir");
    let x = missing.join("x.tex");
    let x = x.to_str().unwrap();
    for args in [
        vec!["bench", "search", "--only", "nokia2x2", "--latex", x],
        vec!["figure", "matrix", "cube3", "R", "--out", x],
        vec!["bfs", "nokia2x2", "--quiet", "--save", x],
        vec!["claim", "cube2", "--order", "88179840", "--certificate", x],
    ] {
        let (code, _, err) = permlab(&args);
        one_line_refusal(
            code,
            &err,
            &format!("no such directory: {}", missing.display()),
        );
    }
    let dir = missing.to_str().unwrap();
    for args in [
        vec!["bfs", "cube2", "--quiet", "--on-disk", dir],
        vec!["reproduce", "--only", "000-a", "--generated", dir],
    ] {
        let (code, _, err) = permlab(&args);
        one_line_refusal(
            code,
            &err,
            &format!("no such directory: {}", missing.display()),
        );
    }
    assert!(!d.join("nonexistent").exists());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_link_to_a_regular_file_is_written_through_and_stays_a_link() {
    let d = scratch("through");
    std::fs::write(d.join("real.svg"), b"old").unwrap();
    std::os::unix::fs::symlink("real.svg", d.join("f.svg")).unwrap();
    let (code, err) = sh(&d, "$P figure matrix cube3 R --out f.svg");
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(d.join("f.svg"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(d.join("real.svg"))
        .unwrap()
        .starts_with("<svg"));
    std::fs::remove_dir_all(&d).unwrap();
}

/// The names in `dir` that look like temporary files (hidden, ending in `.tmp`).
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.') && n.ends_with(".tmp"))
        .collect()
}

#[test]
fn sigkill_during_save_leaves_nothing_a_later_run_keeps() {
    let d = scratch("kill");
    // a killed run of an older kind left a named temporary file (a pid that cannot
    // run: above the kernel's pid_max)
    std::fs::write(d.join(".t.dist.permlab-4294967-0123456789abcdef.tmp"), b"x").unwrap();
    // killed at different moments of a search and its save
    for ms in [50, 300, 900] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_permlab"))
            .args(["bfs", "turnstyle:11", "--quiet", "--save", "t.dist"])
            .current_dir(&d)
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(ms));
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
    }
    let (code, err) = sh(&d, "$P bfs nokia2x2 --quiet --save t.dist");
    assert_eq!(code, 0, "{err}");
    assert_eq!(temporaries(&d), Vec::<String>::new());
    std::fs::remove_dir_all(&d).unwrap();
}
