//! File output that never leaves a half-written file: write to a temporary file in the
//! same directory, then rename over the target. The temporary file is removed when
//! anything fails ([`TempFile`] deletes it on drop), and a signal handler can remove
//! the ones still being written ([`remove_pending`]).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Temporary files being written, for [`remove_pending`].
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every temporary file still being written and returns how many there were;
/// for a signal handler that ends the process (Ctrl-C, SIGTERM). A file being renamed
/// into place at that moment is finished first. When there were some, no temporary
/// file can be created or committed afterwards (the process is expected to exit).
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

/// A temporary file beside `target` (`.NAME.PID.tmp` in the same directory), removed
/// on drop unless [`TempFile::commit`] renamed it over the target.
///
/// ```
/// use std::io::Write;
/// let dir = std::env::temp_dir().join("permlab-doc-tempfile");
/// std::fs::create_dir_all(&dir).unwrap();
/// let target = dir.join("t.txt");
/// let mut t = permlab::io::TempFile::create(&target).unwrap();
/// t.file().write_all(b"partial").unwrap();
/// let tmp = t.path().to_path_buf();
/// drop(t); // an error path: nothing is left behind
/// assert!(!tmp.exists() && !target.exists());
/// ```
pub struct TempFile {
    path: PathBuf,
    target: PathBuf,
    file: Option<File>,
}

impl TempFile {
    /// Creates the temporary file for `target` (whose directory must exist). Errors
    /// if `target` is a directory.
    pub fn create(target: &Path) -> std::io::Result<TempFile> {
        let name = target
            .file_name()
            .ok_or_else(|| std::io::Error::other("not a file path"))?;
        if target.is_dir() {
            return Err(std::io::Error::other("is a directory"));
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let path = dir.join(format!(
            ".{}.{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let mut list = pending();
        // readable too, so that it can be mapped into memory
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)?;
        list.push(path.clone());
        Ok(TempFile {
            path,
            target: target.to_path_buf(),
            file: Some(file),
        })
    }

    /// The open temporary file.
    pub fn file(&mut self) -> &mut File {
        self.file.as_mut().expect("open until commit")
    }

    /// The temporary file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Syncs the file to disk and renames it over the target.
    pub fn commit(mut self) -> std::io::Result<()> {
        let file = self.file.take().expect("open until commit");
        file.sync_all()?;
        drop(file);
        let mut list = pending();
        std::fs::rename(&self.path, &self.target)?;
        list.retain(|p| p != &self.path);
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let mut list = pending();
        if let Some(i) = list.iter().position(|p| p == &self.path) {
            list.remove(i);
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Writes `bytes` to `path` atomically (temporary file + rename), creating parent
/// directories; errors name the path.
///
/// ```
/// let dir = std::env::temp_dir().join("permlab-doc-write-atomic");
/// let path = dir.join("x.txt");
/// permlab::io::write_atomic(&path, b"hello").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"hello");
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let result = (|| {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let mut t = TempFile::create(path)?;
        t.file().write_all(bytes)?;
        t.commit()
    })();
    result.map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}
