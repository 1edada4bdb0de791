//! File output that never leaves a half-written file and never writes through
//! anything but a regular file.
//!
//! **The rules for an output path** (every `--save`, `--out`, `--certificate`,
//! `--latex`, table and checkpoint file goes through [`TempFile`] or
//! [`write_atomic`]):
//!
//! - the target is a regular file or does not exist yet: a directory, device, FIFO or
//!   socket at the path is refused ([`check_output_path`]) and never renamed over;
//! - a symbolic link at the path is followed to the file it names, which must itself
//!   be a regular file or missing (the link stays a link, its target gets the new
//!   contents);
//! - the directory must exist: no parent directory is created;
//! - the bytes are written to a temporary file in the target's directory, synced, and
//!   renamed over the target, so a reader sees the old file or the new one. On Linux
//!   the temporary file has no name until it is complete (`O_TMPFILE`, then
//!   `linkat` to a fresh random name just before the rename), so a process killed
//!   with SIGKILL leaves nothing behind. Elsewhere (or on file systems without
//!   `O_TMPFILE`) it is `.NAME.permlab-PID-RANDOM.tmp`, created with
//!   `O_CREAT | O_EXCL | O_NOFOLLOW` (a name planted in advance, or a symbolic link
//!   there, makes the open fail instead of being followed); such a file left by a
//!   killed process is removed by the next write of the same target.
//!
//! The temporary file is removed when anything fails ([`TempFile`] deletes it on
//! drop), and a signal handler can remove the named ones still being written
//! ([`remove_pending`]).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Named temporary files being written, for [`remove_pending`].
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every named temporary file still being written and returns how many there
/// were; for a signal handler that ends the process (Ctrl-C, SIGTERM). A file being
/// renamed into place at that moment is finished first. When there were some, no
/// temporary file can be created or committed afterwards (the process is expected to
/// exit). Unnamed temporary files (`O_TMPFILE`) vanish with the process by
/// themselves.
pub fn remove_pending() -> usize {
    let mut list = pending();
    let n = list.len();
    if n == 0 {
        return 0;
    }
    for p in list.iter() {
        let _ = std::fs::remove_file(p);
    }
    list.clear();
    // keep the lock: the process is about to end, and no rename may start now
    std::mem::forget(list);
    n
}

fn err(kind: std::io::ErrorKind, text: String) -> std::io::Error {
    std::io::Error::new(kind, text)
}

/// What a non-regular file is, in words.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// The directory of a path (`.` for a bare file name).
fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Checks that `path` may be written as an output file, and returns the path to
/// write: `path` itself, or the file a symbolic link at `path` names. Errors (one
/// line, to be prefixed with the path by the caller, as [`write_atomic`] does): the
/// path names a directory, device, FIFO or socket (also through a link), or its
/// directory does not exist ("no such directory: DIR").
///
/// ```
/// let dir = std::env::temp_dir();
/// assert!(permlab::io::check_output_path(&dir).is_err()); // a directory
/// assert!(permlab::io::check_output_path(&dir.join("no/such/dir/x.txt")).is_err());
/// assert!(permlab::io::check_output_path(&dir.join("permlab-new-file.txt")).is_ok());
/// ```
pub fn check_output_path(path: &Path) -> std::io::Result<PathBuf> {
    use std::io::ErrorKind;
    if let Ok(m) = std::fs::metadata(path) {
        if !m.is_file() {
            return Err(err(
                ErrorKind::InvalidInput,
                format!("is {}; permlab writes only regular files", kind_of(&m)),
            ));
        }
    }
    if path.file_name().is_none() {
        return Err(err(ErrorKind::InvalidInput, "not a file path".to_string()));
    }
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match std::fs::canonicalize(path) {
            Ok(t) => t,
            Err(_) => {
                return Err(err(
                    ErrorKind::InvalidInput,
                    "a symbolic link to a missing file; permlab writes only through a link \
                     to an existing regular file"
                        .to_string(),
                ))
            }
        },
        _ => path.to_path_buf(),
    };
    match std::fs::metadata(&target) {
        Ok(m) if !m.is_file() => {
            return Err(err(
                ErrorKind::InvalidInput,
                format!("is {}; permlab writes only regular files", kind_of(&m)),
            ))
        }
        Ok(_) => {}
        Err(e) if e.kind() == ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let dir = dir_of(&target);
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(target),
        Ok(_) => Err(err(
            ErrorKind::InvalidInput,
            format!("not a directory: {}", dir.display()),
        )),
        Err(e) if e.kind() == ErrorKind::NotFound => Err(err(
            ErrorKind::NotFound,
            format!("no such directory: {}", dir.display()),
        )),
        Err(e) => Err(err(e.kind(), format!("{}: {e}", dir.display()))),
    }
}

/// Checks that `dir` is an existing directory (for options that name a directory to
/// write files into, such as `--pruning-tables` and `--checkpoint`); one-line errors.
pub fn check_output_dir(dir: &Path) -> std::io::Result<()> {
    use std::io::ErrorKind;
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(m) => Err(err(
            ErrorKind::InvalidInput,
            format!("{}: is {}, not a directory", dir.display(), kind_of(&m)),
        )),
        Err(e) if e.kind() == ErrorKind::NotFound => Err(err(
            ErrorKind::NotFound,
            format!("no such directory: {}", dir.display()),
        )),
        Err(e) => Err(err(e.kind(), format!("{}: {e}", dir.display()))),
    }
}

/// The prefix of the named temporary files of `name`: `.NAME.permlab-`.
fn temp_prefix(name: &str) -> String {
    format!(".{name}.permlab-")
}

/// A fresh, unpredictable temporary name for `name` in this process.
fn temp_name(name: &str) -> String {
    format!(
        "{}{}-{:016x}.tmp",
        temp_prefix(name),
        std::process::id(),
        rand::random::<u64>()
    )
}

/// Whether process `pid` is running (on Unix; elsewhere assumed running).
fn process_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 checks only whether the process exists.
        let rc = unsafe { libc::kill(pid, 0) };
        rc == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Removes the named temporary files of `name` in `dir` left by processes that no
/// longer run (killed before they could remove them). Unlinking never follows links.
fn remove_stale(dir: &Path, name: &str) {
    let prefix = temp_prefix(name);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let file = e.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        let Some(pid) = rest
            .strip_suffix(".tmp")
            .and_then(|r| r.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !process_alive(pid) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Opens a new file exclusively (`O_CREAT | O_EXCL | O_NOFOLLOW`), readable and
/// writable (so that it can be mapped into memory), with the usual mode (0666 less
/// the umask).
fn create_exclusive(path: &Path) -> std::io::Result<File> {
    let mut o = OpenOptions::new();
    o.read(true).write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC);
    }
    o.open(path)
}

/// An unnamed file in `dir` (Linux's `O_TMPFILE`), or `None` where the file system
/// or system does not support one.
#[cfg(target_os = "linux")]
fn create_unnamed(dir: &Path) -> Option<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_TMPFILE | libc::O_CLOEXEC)
        .open(dir)
        .ok()
}

#[cfg(not(target_os = "linux"))]
fn create_unnamed(_dir: &Path) -> Option<File> {
    None
}

/// Gives the unnamed file `file` the name `path` (which must not exist).
#[cfg(target_os = "linux")]
fn link_unnamed(file: &File, path: &Path) -> std::io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::AsRawFd;
    let to = CString::new(path.as_os_str().as_bytes())
        .map_err(|_| std::io::Error::other("a NUL byte in the path"))?;
    let from = CString::new(format!("/proc/self/fd/{}", file.as_raw_fd())).expect("no NUL");
    // SAFETY: both paths are NUL-terminated C strings living across the call.
    let rc = unsafe {
        libc::linkat(
            libc::AT_FDCWD,
            from.as_ptr(),
            libc::AT_FDCWD,
            to.as_ptr(),
            libc::AT_SYMLINK_FOLLOW,
        )
    };
    if rc == 0 {
        return Ok(());
    }
    let first = std::io::Error::last_os_error();
    // without /proc: AT_EMPTY_PATH (needs CAP_DAC_READ_SEARCH)
    let empty = CString::new("").expect("no NUL");
    // SAFETY: as above; the empty path with AT_EMPTY_PATH names the descriptor.
    let rc = unsafe {
        libc::linkat(
            file.as_raw_fd(),
            empty.as_ptr(),
            libc::AT_FDCWD,
            to.as_ptr(),
            libc::AT_EMPTY_PATH,
        )
    };
    if rc == 0 {
        Ok(())
    } else {
        Err(first)
    }
}

#[cfg(not(target_os = "linux"))]
fn link_unnamed(_file: &File, _path: &Path) -> std::io::Result<()> {
    Err(std::io::Error::other(
        "unnamed files are not supported here",
    ))
}

/// Syncs the directory `dir`, so that a rename in it survives a crash (best effort).
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// A temporary file for a target file, renamed over the target by
/// [`TempFile::commit`] and removed on drop otherwise; or a scratch file
/// ([`TempFile::scratch`]) that is never given a lasting name. See the module docs
/// for the rules it follows.
///
/// ```
/// use std::io::Write;
/// let dir = std::env::temp_dir().join("permlab-doc-tempfile");
/// std::fs::create_dir_all(&dir).unwrap();
/// let target = dir.join("t.txt");
/// let _ = std::fs::remove_file(&target);
/// let mut t = permlab::io::TempFile::create(&target).unwrap();
/// t.file().write_all(b"partial").unwrap();
/// drop(t); // an error path: nothing is left behind
/// assert!(!target.exists());
/// assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
/// ```
pub struct TempFile {
    /// The name while it has one (`None` for an unnamed `O_TMPFILE` file).
    path: Option<PathBuf>,
    /// The file it replaces on commit (`None` for a scratch file).
    target: Option<PathBuf>,
    /// The file's name in its directory, for the random name it gets on commit.
    name: String,
    dir: PathBuf,
    file: Option<File>,
}

impl TempFile {
    /// Creates the temporary file for `target` after [`check_output_path`] (whose
    /// errors it returns): unnamed where Linux allows, else with a fresh random name
    /// in the target's directory. Named temporary files of the same target left by
    /// killed processes are removed first.
    pub fn create(target: &Path) -> std::io::Result<TempFile> {
        let target = check_output_path(target)?;
        let name = target
            .file_name()
            .expect("checked: a file path")
            .to_string_lossy()
            .into_owned();
        let dir = dir_of(&target).to_path_buf();
        remove_stale(&dir, &name);
        TempFile::open(dir, name, Some(target))
    }

    /// A scratch file in the directory `dir` (which must exist), removed when
    /// dropped and never given a lasting name: for data too large for memory.
    pub fn scratch(dir: &Path, what: &str) -> std::io::Result<TempFile> {
        check_output_dir(dir)?;
        remove_stale(dir, what);
        TempFile::open(dir.to_path_buf(), what.to_string(), None)
    }

    fn open(dir: PathBuf, name: String, target: Option<PathBuf>) -> std::io::Result<TempFile> {
        let mut list = pending();
        if let Some(file) = create_unnamed(&dir) {
            return Ok(TempFile {
                path: None,
                target,
                name,
                dir,
                file: Some(file),
            });
        }
        let path = dir.join(temp_name(&name));
        let file = create_exclusive(&path)?;
        list.push(path.clone());
        Ok(TempFile {
            path: Some(path),
            target,
            name,
            dir,
            file: Some(file),
        })
    }

    /// The open temporary file.
    pub fn file(&mut self) -> &mut File {
        self.file.as_mut().expect("open until commit")
    }

    /// The temporary file's name, or `None` while it has none (Linux's `O_TMPFILE`).
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Syncs the file to disk and renames it over the target, after checking the
    /// target once more (it may have been replaced by a device or a directory since
    /// the file was created). Errors for a scratch file.
    pub fn commit(mut self) -> std::io::Result<()> {
        let target = self
            .target
            .clone()
            .ok_or_else(|| std::io::Error::other("a scratch file has no target"))?;
        let file = self.file.take().expect("open until commit");
        file.sync_all()?;
        let mut list = pending();
        if self.path.is_none() {
            let path = self.dir.join(temp_name(&self.name));
            link_unnamed(&file, &path)?;
            list.push(path.clone());
            self.path = Some(path);
        }
        drop(file);
        let path = self.path.clone().expect("named now");
        // the target as it is now: a regular file or nothing
        if let Ok(m) = std::fs::symlink_metadata(&target) {
            if !m.is_file() {
                return Err(err(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "is {} now; permlab writes only regular files",
                        if m.file_type().is_symlink() {
                            "a symbolic link"
                        } else {
                            kind_of(&m)
                        }
                    ),
                ));
            }
        }
        std::fs::rename(&path, &target)?;
        list.retain(|p| p != &path);
        self.path = None;
        drop(list);
        sync_dir(&self.dir);
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let Some(path) = self.path.take() else {
            return; // unnamed (or committed): nothing to remove
        };
        let mut list = pending();
        if let Some(i) = list.iter().position(|p| p == &path) {
            list.remove(i);
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Writes `bytes` to `path` atomically by the rules of the module docs (temporary
/// file + rename; the directory must exist); errors start with the path.
///
/// ```
/// let dir = std::env::temp_dir();
/// let path = dir.join("permlab-doc-write-atomic.txt");
/// permlab::io::write_atomic(&path, b"hello").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"hello");
/// assert!(permlab::io::write_atomic(&dir.join("no-such-dir/x.txt"), b"x").is_err());
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let result = (|| {
        let mut t = TempFile::create(path)?;
        t.file().write_all(bytes)?;
        t.commit()
    })();
    result.map_err(|e| err(e.kind(), format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("permlab-io-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_symlink_at_a_temporary_name_is_never_followed() {
        let d = scratch_dir("plant");
        let victim = d.join("victim");
        std::fs::write(&victim, b"keep").unwrap();
        // plant links at every name of the old, predictable form and at the prefix
        #[cfg(unix)]
        for n in [
            format!(".f.svg.{}.tmp", std::process::id()),
            format!(".f.svg.permlab-{}-0000000000000000.tmp", std::process::id()),
        ] {
            std::os::unix::fs::symlink(&victim, d.join(n)).unwrap();
        }
        write_atomic(&d.join("f.svg"), b"new").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        assert_eq!(std::fs::read(d.join("f.svg")).unwrap(), b"new");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_link_to_a_regular_file_is_written_through() {
        let d = scratch_dir("link");
        let real = d.join("real.txt");
        std::fs::write(&real, b"old").unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&real, d.join("link.txt")).unwrap();
            write_atomic(&d.join("link.txt"), b"new").unwrap();
            assert!(std::fs::symlink_metadata(d.join("link.txt"))
                .unwrap()
                .file_type()
                .is_symlink());
            assert_eq!(std::fs::read(&real).unwrap(), b"new");
            std::os::unix::fs::symlink(d.join("missing"), d.join("dangling")).unwrap();
            assert!(write_atomic(&d.join("dangling"), b"x").is_err());
        }
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn non_regular_targets_and_missing_directories_are_refused() {
        let d = scratch_dir("refuse");
        let e = write_atomic(&d, b"x").unwrap_err().to_string();
        assert!(e.contains("is a directory"), "{e}");
        let e = write_atomic(&d.join("a/b/c.txt"), b"x")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            format!(
                "{}: no such directory: {}",
                d.join("a/b/c.txt").display(),
                d.join("a/b").display()
            )
        );
        assert!(!d.join("a").exists());
        #[cfg(unix)]
        {
            let e = write_atomic(Path::new("/dev/null"), b"x")
                .unwrap_err()
                .to_string();
            assert!(e.contains("is a character device"), "{e}");
        }
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn stale_named_temporary_files_are_removed_live_ones_kept() {
        let d = scratch_dir("stale");
        // a pid that cannot run (above the kernel's pid_max of 2^22)
        let dead = d.join(".t.dist.permlab-4294967-0123456789abcdef.tmp");
        let live = d.join(format!(
            ".t.dist.permlab-{}-0123456789abcdef.tmp",
            std::process::id()
        ));
        std::fs::write(&dead, b"x").unwrap();
        std::fs::write(&live, b"x").unwrap();
        write_atomic(&d.join("t.dist"), b"table").unwrap();
        assert!(!dead.exists());
        assert!(live.exists());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn scratch_files_leave_nothing_behind() {
        let d = scratch_dir("scratch");
        let mut t = TempFile::scratch(&d, "permlab-table").unwrap();
        t.file().write_all(b"data").unwrap();
        drop(t);
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 0);
        std::fs::remove_dir_all(&d).unwrap();
    }
}
