//! The table cache: pruning and coordinate tables kept on disk between processes, so
//! that a second `permlab solve` (or notebook cell) loads in milliseconds what the
//! first built.
//!
//! - **Where**: `$PERMLAB_CACHE`, else `$XDG_CACHE_HOME/permlab`, else
//!   `~/.cache/permlab` ([`TableCache::from_env`]); the directory is created (with
//!   its parents: it is the cache's own) on first use.
//! - **What**: one file per table, named by its kind and the FNV-1a hash of a key
//!   that describes it completely (the moves as permutations, the subgroup, the
//!   format): `NAME.tbl` in the versioned, checksummed format of
//!   [`write_blob`]/[`read_blob`] (magic `PERMLAB-BLOB`, the key in a JSON header,
//!   the payload, an FNV-1a checksum of everything before it). A file whose header
//!   names another key, or that is truncated or damaged, is rebuilt with a note.
//! - **Safe when shared**: files are written atomically ([`crate::io::TempFile`]),
//!   and a process building a table holds an exclusive lock on `NAME.lock`
//!   (`flock`), so a second process asking for the same table waits for it and
//!   loads the first one's file instead of building its own.
//! - **Bounded**: after a table is saved, the oldest files (by modification time)
//!   are removed until the cache holds at most [`TableCache::max_bytes`]
//!   (`$PERMLAB_CACHE_MAX`, e.g. `8G`; default [`DEFAULT_MAX_BYTES`], 4 GiB).
//!
//! ```
//! use permlab::search::cache::TableCache;
//! let dir = std::env::temp_dir().join(format!("permlab-doc-cache-{}", std::process::id()));
//! let cache = TableCache::at(dir.clone());
//! let mut built = 0;
//! for _ in 0..2 {
//!     let t = cache.get_or_build("demo", "squares up to 9", |_| -> Result<Vec<u8>, String> {
//!         built += 1;
//!         Ok((0u8..10).map(|x| x * x).collect())
//!     });
//!     assert_eq!(t.unwrap()[3], 9);
//! }
//! assert_eq!(built, 1); // the second call loaded the file
//! assert_eq!(cache.entries().len(), 1);
//! cache.clear().unwrap();
//! assert!(cache.entries().is_empty());
//! # std::fs::remove_dir_all(&dir).ok();
//! ```

use super::table::{fnv64, Fnv};
use crate::group::factor::FactorTables;
use crate::group::PermGroup;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The cache's size bound when `$PERMLAB_CACHE_MAX` does not set one: 4 GiB.
pub const DEFAULT_MAX_BYTES: u64 = 4 << 30;

const BLOB_MAGIC: &[u8; 12] = b"PERMLAB-BLOB";
const BLOB_VERSION: u32 = 1;
/// The suffix of table files.
const SUFFIX: &str = "tbl";
/// The suffix of distance tables ([`crate::search::table::DistanceTable::save`]),
/// the pruning tables of IDA* and the piece stages kept in the cache's directory.
const DIST_SUFFIX: &str = "dist";

/// The table cache (see the module docs); `TableCache::none()` keeps nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCache {
    dir: Option<PathBuf>,
    max_bytes: u64,
}

/// One file of the cache.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheEntry {
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// What it holds (the key of its header; empty when unreadable).
    pub key: String,
}

/// Parses `500M`, `2G`, `1.5G`, `100000` into bytes.
///
/// ```
/// use permlab::search::cache::parse_bytes;
/// assert_eq!(parse_bytes("2G"), Some(2 << 30));
/// assert_eq!(parse_bytes("1.5k"), Some(1536));
/// assert_eq!(parse_bytes("-1"), None);
/// assert_eq!(parse_bytes("lots"), None);
/// ```
pub fn parse_bytes(text: &str) -> Option<u64> {
    let t = text.trim();
    let (num, mult) = match t.chars().last() {
        Some('k' | 'K') => (&t[..t.len() - 1], 1u64 << 10),
        Some('m' | 'M') => (&t[..t.len() - 1], 1 << 20),
        Some('g' | 'G') => (&t[..t.len() - 1], 1 << 30),
        Some('t' | 'T') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    let v: f64 = num.trim().parse().ok()?;
    if !v.is_finite() || v < 0.0 {
        return None;
    }
    let bytes = v * mult as f64;
    (bytes < u64::MAX as f64).then_some(bytes as u64)
}

impl TableCache {
    /// The user's cache: `$PERMLAB_CACHE`, else `$XDG_CACHE_HOME/permlab`, else
    /// `~/.cache/permlab` (none when no home is known), bounded by
    /// `$PERMLAB_CACHE_MAX` or [`DEFAULT_MAX_BYTES`].
    pub fn from_env() -> TableCache {
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let dir = var("PERMLAB_CACHE")
            .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("permlab")))
            .or_else(|| var("HOME").map(|h| h.join(".cache").join("permlab")));
        let max_bytes = std::env::var("PERMLAB_CACHE_MAX")
            .ok()
            .and_then(|v| parse_bytes(&v))
            .unwrap_or(DEFAULT_MAX_BYTES);
        TableCache { dir, max_bytes }
    }

    /// A cache in `dir`, bounded by [`DEFAULT_MAX_BYTES`].
    pub fn at(dir: PathBuf) -> TableCache {
        TableCache {
            dir: Some(dir),
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }

    /// No cache: every table is built in memory.
    pub fn none() -> TableCache {
        TableCache {
            dir: None,
            max_bytes: 0,
        }
    }

    /// The same cache with another size bound.
    pub fn with_max_bytes(self, max_bytes: u64) -> TableCache {
        TableCache { max_bytes, ..self }
    }

    /// The directory (`None`: no cache).
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The directory, created when missing, for tables written by other code
    /// (the pruning tables of IDA* and the piece stages, `prune-HASH.dist`); `None`
    /// without a cache or when it cannot be created.
    pub fn tables_dir(&self) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        fs::create_dir_all(dir).ok()?;
        Some(dir.clone())
    }

    /// The size bound in bytes.
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// The file of a table of `kind` with `key`.
    fn file(&self, dir: &Path, kind: &str, key: &str) -> PathBuf {
        dir.join(format!("{kind}-{:016x}.{SUFFIX}", fnv64(key.as_bytes())))
    }

    /// The table of `kind` described by `key`: read from the cache when a file
    /// holds it, else built by `build` and saved. While it is built, other processes
    /// asking for it wait (a lock on the table's file). A file that is damaged or
    /// holds another table is rebuilt, with a note through `note`; a cache that
    /// cannot be written (read-only, full) only costs the saving, with a note.
    pub fn get_or_build<E>(
        &self,
        kind: &str,
        key: &str,
        build: impl FnOnce(&dyn Fn(&str)) -> Result<Vec<u8>, E>,
    ) -> Result<Vec<u8>, E> {
        self.get_or_build_noted(kind, key, &|_| {}, build)
    }

    /// [`TableCache::get_or_build`] with notes (damaged files, unwritable cache)
    /// given to `note`.
    pub fn get_or_build_noted<E>(
        &self,
        kind: &str,
        key: &str,
        note: &dyn Fn(&str),
        build: impl FnOnce(&dyn Fn(&str)) -> Result<Vec<u8>, E>,
    ) -> Result<Vec<u8>, E> {
        let Some(dir) = &self.dir else {
            return build(note);
        };
        if let Err(e) = fs::create_dir_all(dir) {
            note(&format!(
                "table cache {}: {e}; the table is not kept",
                dir.display()
            ));
            return build(note);
        }
        let path = self.file(dir, kind, key);
        let _lock = Lock::take(&path.with_extension("lock"));
        match read_blob(&path) {
            Ok((k, payload)) if k == key => return Ok(payload),
            Ok(_) => note(&format!(
                "{}: holds another table (a hash collision); rebuilt",
                path.display()
            )),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => note(&format!("{}: {e}; rebuilt", path.display())),
        }
        let payload = build(note)?;
        match write_blob(&path, key, &payload) {
            Ok(()) => self.evict(&path),
            Err(e) => note(&format!("{}: {e}; the table is not kept", path.display())),
        }
        Ok(payload)
    }

    /// `group`'s factorisation tables ([`PermGroup::factor_tables`]): read from
    /// the cache when a file holds them for this group, else built (seconds on
    /// the Megaminx) and saved. Bytes that do not decode to tables of the group
    /// are rebuilt, with a note through `note`.
    pub fn factor_tables<'g>(
        &self,
        group: &'g PermGroup,
        note: &dyn Fn(&str),
    ) -> Option<&'g FactorTables> {
        group.factor_tables_or(|g| {
            if self.dir.is_none() {
                return FactorTables::build(g);
            }
            let images: Vec<u8> = g
                .generators()
                .iter()
                .flat_map(|p| p.images().iter().flat_map(|x| x.to_le_bytes()))
                .collect();
            let key = format!(
                "factor v1; degree {}; {} generators {:016x}",
                g.degree(),
                g.generators().len(),
                fnv64(&images)
            );
            // tables that cannot be completed are not kept (an empty payload)
            let payload = self
                .get_or_build_noted("factor", &key, note, |_| {
                    Ok::<_, std::convert::Infallible>(
                        FactorTables::build(g).map_or_else(Vec::new, |t| t.encode()),
                    )
                })
                .unwrap_or_else(|e| match e {});
            if payload.is_empty() {
                return None;
            }
            FactorTables::decode(g, &payload).or_else(|| {
                note("table cache: factorisation tables that do not fit the group; rebuilt");
                FactorTables::build(g)
            })
        })
    }

    /// The table files of the cache, largest first.
    pub fn entries(&self) -> Vec<CacheEntry> {
        let Some(dir) = &self.dir else {
            return Vec::new();
        };
        let mut out: Vec<CacheEntry> = table_files(dir)
            .into_iter()
            .map(|(path, bytes, _)| {
                let key = read_key(&path).unwrap_or_default();
                CacheEntry { path, bytes, key }
            })
            .collect();
        out.sort_by(|a, b| b.bytes.cmp(&a.bytes).then(a.path.cmp(&b.path)));
        out
    }

    /// Removes every table file (and lock file) of the cache; returns how many
    /// tables and bytes were removed.
    pub fn clear(&self) -> io::Result<(usize, u64)> {
        let Some(dir) = &self.dir else {
            return Ok((0, 0));
        };
        let mut n = (0, 0);
        for (path, bytes, _) in table_files(dir) {
            fs::remove_file(&path)?;
            let _ = fs::remove_file(path.with_extension("lock"));
            super::mapped::remove_stamp(&path);
            n.0 += 1;
            n.1 += bytes;
        }
        Ok(n)
    }

    /// Removes the oldest table files until the cache holds at most its bound (after
    /// tables were written into [`TableCache::tables_dir`] by other code).
    pub fn trim(&self) {
        self.evict(Path::new(""));
    }

    /// Removes the oldest table files (never `keep`) until the cache holds at most
    /// its bound.
    fn evict(&self, keep: &Path) {
        let Some(dir) = &self.dir else { return };
        let mut files = table_files(dir);
        let mut total: u64 = files.iter().map(|f| f.1).sum();
        files.sort_by_key(|f| f.2);
        for (path, bytes, _) in files {
            if total <= self.max_bytes {
                break;
            }
            if path == keep {
                continue;
            }
            if fs::remove_file(&path).is_ok() {
                let _ = fs::remove_file(path.with_extension("lock"));
                super::mapped::remove_stamp(&path);
                total -= bytes;
            }
        }
    }
}

/// The table files of `dir`: path, size, modification time.
fn table_files(dir: &Path) -> Vec<(PathBuf, u64, SystemTime)> {
    let Ok(rd) = fs::read_dir(dir) else {
        return Vec::new();
    };
    rd.flatten()
        .filter(|e| {
            e.path()
                .extension()
                .is_some_and(|x| x == SUFFIX || x == DIST_SUFFIX)
        })
        .filter_map(|e| {
            let m = e.metadata().ok()?;
            m.is_file().then(|| {
                (
                    e.path(),
                    m.len(),
                    m.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                )
            })
        })
        .collect()
}

/// An exclusive lock on a file (`flock`), released when dropped; nothing where
/// locks are not available: a process building a table holds it, so that another
/// one asking for the same table waits and then loads the file.
pub(crate) struct Lock(Option<File>);

impl Lock {
    /// Takes the lock of `path` (created when missing), waiting for it.
    pub(crate) fn take(path: &Path) -> Lock {
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .ok();
        #[cfg(unix)]
        if let Some(f) = &file {
            use std::os::unix::io::AsRawFd;
            // SAFETY: flock on a descriptor this process owns; blocks until granted.
            unsafe {
                libc::flock(f.as_raw_fd(), libc::LOCK_EX);
            }
        }
        Lock(file)
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(f) = &self.0 {
            use std::os::unix::io::AsRawFd;
            // SAFETY: unlocking a descriptor this process owns.
            unsafe {
                libc::flock(f.as_raw_fd(), libc::LOCK_UN);
            }
        }
    }
}

/// Writes `payload` with its `key` to `path` atomically, in the checksummed
/// format read by [`read_blob`]: magic `PERMLAB-BLOB`, version (u32), header length
/// (u64) and header (JSON `{"key": …}`), payload length (u64) and payload, and the
/// FNV-1a hash of everything before it (u64), all little-endian.
pub fn write_blob(path: &Path, key: &str, payload: &[u8]) -> io::Result<()> {
    let mut t = crate::io::TempFile::create(path)?;
    let mut head = serde_json::to_vec(&serde_json::json!({ "key": key })).expect("JSON");
    // the payload at a multiple of 8 bytes, to be read in place ([`map_blob`])
    super::mapped::pad_header(&mut head, 12 + 4 + 8 + 8);
    let mut hash = Fnv::new();
    let mut w = io::BufWriter::with_capacity(1 << 20, t.file());
    let mut put = |bytes: &[u8]| -> io::Result<()> {
        hash.update(bytes);
        w.write_all(bytes)
    };
    put(BLOB_MAGIC)?;
    put(&BLOB_VERSION.to_le_bytes())?;
    put(&(head.len() as u64).to_le_bytes())?;
    put(&head)?;
    put(&(payload.len() as u64).to_le_bytes())?;
    put(payload)?;
    let sum = hash.finish();
    w.write_all(&sum.to_le_bytes())?;
    w.flush()?;
    drop(w);
    t.commit()
}

fn bad(why: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why)
}

/// The header key of a blob file, without reading its payload.
fn read_key(path: &Path) -> io::Result<String> {
    let mut f = File::open(path)?;
    let mut pre = [0u8; 24];
    f.read_exact(&mut pre)?;
    let head_len = u64::from_le_bytes(pre[16..24].try_into().expect("8 bytes"));
    let dist = &pre[..12] == b"PERMLAB-DIST";
    if !(&pre[..12] == BLOB_MAGIC || dist) || head_len > 1 << 20 {
        return Err(bad("not a permlab table file".into()));
    }
    let mut head = vec![0u8; head_len as usize];
    f.read_exact(&mut head)?;
    let v: serde_json::Value =
        serde_json::from_slice(&head).map_err(|e| bad(format!("header: {e}")))?;
    let key = if dist { &v["space"] } else { &v["key"] };
    Ok(key.as_str().unwrap_or("").to_string())
}

/// Reads a file written by [`write_blob`]: its key and payload. A file that is not
/// one, of another version, truncated, longer than announced or damaged (checksum)
/// is an error saying so; a non-regular file is refused before it is opened.
pub fn read_blob(path: &Path) -> io::Result<(String, Vec<u8>)> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(bad("not a regular file".into()));
    }
    let file_len = meta.len();
    let mut r = io::BufReader::with_capacity(1 << 20, File::open(path)?);
    let mut hash = Fnv::new();
    let mut read = |n: u64, what: &str| -> io::Result<Vec<u8>> {
        if n > file_len {
            return Err(bad(format!("truncated file (the {what})")));
        }
        let mut buf = vec![0u8; n as usize];
        r.read_exact(&mut buf)
            .map_err(|_| bad(format!("truncated file (the {what})")))?;
        hash.update(&buf);
        Ok(buf)
    };
    if read(12, "magic")? != BLOB_MAGIC {
        return Err(bad("not a permlab table file (bad magic)".into()));
    }
    let version = u32::from_le_bytes(read(4, "version")?.try_into().expect("4 bytes"));
    if version != BLOB_VERSION {
        return Err(bad(format!(
            "table file version {version}, this permlab reads version {BLOB_VERSION}"
        )));
    }
    let head_len = u64::from_le_bytes(read(8, "header length")?.try_into().expect("8"));
    let head = read(head_len, "header")?;
    let v: serde_json::Value =
        serde_json::from_slice(&head).map_err(|e| bad(format!("header is not JSON: {e}")))?;
    let key = v["key"].as_str().unwrap_or("").to_string();
    let len = u64::from_le_bytes(read(8, "payload length")?.try_into().expect("8"));
    let expected = 12 + 4 + 8 + head_len + 8 + len + 8;
    if file_len != expected {
        return Err(bad(format!(
            "{file_len} bytes where the header announces {expected}"
        )));
    }
    let payload = read(len, "payload")?;
    let mut sum = [0u8; 8];
    r.read_exact(&mut sum)
        .map_err(|_| bad("truncated file (no checksum)".into()))?;
    if u64::from_le_bytes(sum) != hash.finish() {
        return Err(bad("checksum mismatch: the file is damaged".into()));
    }
    Ok((key, payload))
}

/// A file written by [`write_blob`], mapped into memory: its key and where its
/// payload lies in the map.
pub struct MappedBlob {
    /// The key of the header.
    pub key: String,
    /// The whole file.
    pub file: std::sync::Arc<super::mapped::MappedFile>,
    /// The payload: offset and length in bytes.
    pub payload: (usize, usize),
}

/// Maps a file written by [`write_blob`] into memory (see
/// [`crate::search::mapped`]; the checksum is checked in full the first time
/// only), with the errors of [`read_blob`].
pub fn map_blob(path: &Path) -> io::Result<MappedBlob> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(bad("not a regular file".into()));
    }
    let file = super::mapped::MappedFile::new(&File::open(path)?)?;
    let b = file.bytes();
    let field = |at: usize, n: usize, what: &str| -> io::Result<&[u8]> {
        b.get(at..at.saturating_add(n))
            .ok_or_else(|| bad(format!("truncated file (the {what})")))
    };
    let number = |at: usize, what: &str| -> io::Result<usize> {
        let n = u64::from_le_bytes(field(at, 8, what)?.try_into().expect("8 bytes"));
        usize::try_from(n).map_err(|_| bad(format!("truncated file (the {what})")))
    };
    if field(0, 12, "magic")? != BLOB_MAGIC {
        return Err(bad("not a permlab table file (bad magic)".into()));
    }
    let version = u32::from_le_bytes(field(12, 4, "version")?.try_into().expect("4 bytes"));
    if version != BLOB_VERSION {
        return Err(bad(format!(
            "table file version {version}, this permlab reads version {BLOB_VERSION}"
        )));
    }
    let head_len = number(16, "header length")?;
    let v: serde_json::Value = serde_json::from_slice(field(24, head_len, "header")?)
        .map_err(|e| bad(format!("header is not JSON: {e}")))?;
    let key = v["key"].as_str().unwrap_or("").to_string();
    let len = number(24 + head_len, "payload length")?;
    let start = 32 + head_len;
    let expected = start as u64 + len as u64 + 8;
    if b.len() as u64 != expected {
        return Err(bad(format!(
            "{} bytes where the header announces {expected}",
            b.len()
        )));
    }
    let sum = file.stored_checksum().expect("at least 8 bytes");
    if !super::mapped::verified_before(path, &meta, sum) {
        if !file.checksum_holds(fnv64) {
            return Err(bad("checksum mismatch: the file is damaged".into()));
        }
        super::mapped::record_verified(path, &meta, sum);
    }
    Ok(MappedBlob {
        key,
        file: std::sync::Arc::new(file),
        payload: (start, len),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("permlab-cache-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_damaged_file_is_rebuilt_with_a_note() {
        let d = scratch("damaged");
        let cache = TableCache::at(d.clone());
        let payload: Vec<u8> = (0..=255).collect();
        let build = |_: &dyn Fn(&str)| -> Result<Vec<u8>, String> { Ok(payload.clone()) };
        cache.get_or_build("t", "k", build).unwrap();
        let file = &cache.entries()[0].path;
        // flip one byte of the payload
        let mut bytes = fs::read(file).unwrap();
        let i = bytes.len() - 20;
        bytes[i] ^= 1;
        fs::write(file, &bytes).unwrap();
        let notes = std::cell::RefCell::new(Vec::new());
        let got = cache
            .get_or_build_noted("t", "k", &|n| notes.borrow_mut().push(n.to_string()), build)
            .unwrap();
        assert_eq!(got, payload);
        let notes = notes.into_inner();
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0].ends_with("checksum mismatch: the file is damaged; rebuilt"),
            "{notes:?}"
        );
        // and it is whole again
        assert_eq!(read_blob(file).unwrap(), ("k".to_string(), payload));
        // truncated
        fs::write(file, &bytes[..30]).unwrap();
        assert!(read_blob(file)
            .unwrap_err()
            .to_string()
            .contains("truncated"));
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn concurrent_builders_build_once() {
        let d = scratch("concurrent");
        let built = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    let cache = TableCache::at(d.clone());
                    let t = cache
                        .get_or_build("t", "shared", |_| -> Result<Vec<u8>, String> {
                            built.fetch_add(1, Ordering::SeqCst);
                            std::thread::sleep(std::time::Duration::from_millis(100));
                            Ok(vec![7; 1000])
                        })
                        .unwrap();
                    assert_eq!(t, vec![7; 1000]);
                });
            }
        });
        assert_eq!(built.load(Ordering::SeqCst), 1);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn the_oldest_tables_go_first_beyond_the_bound() {
        let d = scratch("bound");
        let cache = TableCache::at(d.clone()).with_max_bytes(2500);
        for k in ["a", "b", "c"] {
            cache
                .get_or_build("t", k, |_| -> Result<Vec<u8>, String> { Ok(vec![0; 1000]) })
                .unwrap();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let keys: Vec<String> = cache.entries().into_iter().map(|e| e.key).collect();
        let mut keys = keys;
        keys.sort();
        assert_eq!(keys, ["b", "c"]);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn no_cache_builds_every_time() {
        let cache = TableCache::none();
        let mut n = 0;
        for _ in 0..2 {
            cache
                .get_or_build("t", "k", |_| -> Result<Vec<u8>, String> {
                    n += 1;
                    Ok(vec![1])
                })
                .unwrap();
        }
        assert_eq!(n, 2);
    }
}
