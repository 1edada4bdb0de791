//! The dense distance table: 2 bits per position, holding the distance modulo 3
//! (values 1, 2, 3) or "unseen" (0). With the moves this is enough to recover exact
//! distances and optimal solutions (from a position at distance `d`, some move leads
//! to a position at distance `d - 1`, the only neighbour distance `≡ d - 1 (mod 3)`
//! when the moves are closed under inverses), as in T. Rokicki's twsearch.
//!
//! Tables can be saved and loaded: a versioned file (magic `PERMLAB-DIST`, format
//! version, a JSON header naming the state space, the packed entries, and an
//! FNV-1a 64-bit checksum of everything before it), written to a temporary file
//! and renamed.

use super::mapped::{self, MappedFile};
use std::fs;
use std::io::{self, Read, Seek, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

const MAGIC: &[u8; 12] = b"PERMLAB-DIST";
const VERSION: u32 = 2; // 2: move-table coordinate indexing

/// A problem with a table file or with memory.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// An I/O error on the named file.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: io::Error,
    },
    /// Not a table file, a truncated one, a damaged one, or one for another space.
    #[error("{path}: {why}")]
    Bad {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// No memory bound is known (no `/proc/meminfo`, no cgroup limit) and none was
    /// given.
    #[error("{} and the memory available is unknown (no MemAvailable in /proc/meminfo, no cgroup limit); give --max-memory", needs_text(*.needed, None, *.extra))]
    MemoryUnknown {
        /// Bytes needed: the table and `extra`.
        needed: u64,
        /// Bytes needed beside the table, included in `needed`.
        extra: u64,
    },
    /// The table would not fit in the memory bound.
    #[error("{}; the limit is {limit} bytes ({source_of_limit})", needs_text(*.needed, Some(*.entries), *.extra))]
    Memory {
        /// Bytes needed: the table and `extra`.
        needed: u64,
        /// Positions.
        entries: u64,
        /// Bytes needed beside the table (e.g. the sampled antipodes), included in `needed`.
        extra: u64,
        /// Bytes allowed.
        limit: u64,
        /// Where the limit comes from.
        source_of_limit: String,
    },
}

/// "the table needs N bytes (E positions at 2 bits)", or with working memory beside the
/// table "the search needs N bytes: the table T (…) and X of working memory beside it".
fn needs_text(needed: u64, entries: Option<u64>, extra: u64) -> String {
    let positions = entries.map_or(String::new(), |e| format!(" ({e} positions at 2 bits)"));
    if extra == 0 {
        format!("the table needs {needed} bytes{positions}")
    } else {
        format!(
            "the search needs {needed} bytes: the table {}{positions} and {extra} of working memory beside it",
            needed - extra
        )
    }
}

use super::memory::advise_huge_pages;
pub use super::memory::available_memory;

/// The peak resident memory of this process in bytes (`VmHWM`), if known.
pub fn peak_memory() -> Option<u64> {
    let text = fs::read_to_string("/proc/self/status").ok()?;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("VmHWM:") {
            let kb: u64 = rest.trim().trim_end_matches("kB").trim().parse().ok()?;
            return Some(kb * 1024);
        }
    }
    None
}

/// CPU seconds (user + system) this process has used so far, from
/// `/proc/self/stat` (at 100 ticks per second), if known. Benchmarks report
/// positions per CPU second, which does not depend on other load on the machine.
pub fn cpu_seconds() -> Option<f64> {
    let text = fs::read_to_string("/proc/self/stat").ok()?;
    // fields after the parenthesised command name: state is field 3, utime 14, stime 15
    let rest = &text[text.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Bytes a table of `entries` positions takes.
pub fn table_bytes(entries: u64) -> u64 {
    entries.div_ceil(32) * 8
}

/// The `source_of_limit` of a [`TableError::Memory`] when the limit is the caller's
/// `max_memory` (not the system's).
pub const GIVEN_BOUND: &str = "the given memory bound";

/// Checks, before allocating, that a table of `entries` positions fits in
/// `max_memory` bytes (if given) and in 90% of the memory available
/// ([`super::memory::smallest_bound`], the smallest of `MemAvailable` and the cgroup
/// limits), leaving `reserve` bytes for everything else. When the system states no
/// bound, `max_memory` must be given.
pub fn check_memory(entries: u64, max_memory: Option<u64>, reserve: u64) -> Result<(), TableError> {
    check_memory_with(
        entries,
        0,
        max_memory,
        reserve,
        super::memory::smallest_bound(),
    )
}

/// [`check_memory`] for a computation that allocates `extra` bytes beside the table
/// (counted against `max_memory` too, unlike `reserve`).
pub fn check_memory_beside(
    entries: u64,
    extra: u64,
    max_memory: Option<u64>,
    reserve: u64,
) -> Result<(), TableError> {
    check_memory_with(
        entries,
        extra,
        max_memory,
        reserve,
        super::memory::smallest_bound(),
    )
}

/// [`check_memory`] with the system's bound given.
pub fn check_memory_with(
    entries: u64,
    extra: u64,
    max_memory: Option<u64>,
    reserve: u64,
    system: Option<super::memory::MemoryBound>,
) -> Result<(), TableError> {
    let needed = table_bytes(entries).saturating_add(extra);
    let Some((limit, source)) = memory_limit(max_memory, reserve, system) else {
        return Err(TableError::MemoryUnknown { needed, extra });
    };
    if needed > limit {
        return Err(TableError::Memory {
            needed,
            entries,
            extra,
            limit,
            source_of_limit: source,
        });
    }
    Ok(())
}

/// The bytes a computation may allocate, with where the bound comes from: the
/// smaller of `max_memory` (if given) and 90% of the system's bound `system` less
/// `reserve`; `None` when neither is known. [`check_memory_with`] tests a table
/// against it; other whole-space computations (e.g. [`super::mixing`]) test their
/// own vectors.
pub fn memory_limit(
    max_memory: Option<u64>,
    reserve: u64,
    system: Option<super::memory::MemoryBound>,
) -> Option<(u64, String)> {
    let system = system.map(|b| {
        (
            (b.bytes / 10 * 9).saturating_sub(reserve),
            format!("90% of the available memory, from {}", b.source),
        )
    });
    let given = max_memory.map(|m| (m, GIVEN_BOUND.to_string()));
    Some(match (given, system) {
        (Some(g), Some(s)) => {
            if g.0 <= s.0 {
                g
            } else {
                s
            }
        }
        (Some(b), None) | (None, Some(b)) => b,
        (None, None) => return None,
    })
}

/// 2-bit entries, `0` = unseen, `1 + d mod 3` = seen at distance `d`; safe to
/// update from many threads. The entries live in memory ([`DistanceTable::new`]) or
/// in a memory-mapped scratch file ([`DistanceTable::on_disk`]).
pub struct DistanceTable {
    len: u64,
    /// Owns the words (kept for its drop).
    storage: Words,
    /// The words of `storage`, resolved once: the hot loops index them without
    /// matching on the storage kind.
    ptr: std::ptr::NonNull<AtomicU64>,
    n: usize,
}

// SAFETY: the table owns its words (`storage`, a Vec or a private map, neither of
// which moves its buffer when moved), and every access goes through atomics.
unsafe impl Send for DistanceTable {}
// SAFETY: as above: shared access is only through `AtomicU64` operations.
unsafe impl Sync for DistanceTable {}

/// Where a table's words live.
enum Words {
    /// On the heap.
    Heap(Vec<AtomicU64>),
    /// In a scratch file mapped into memory (the operating system pages it in and
    /// out); the file is removed when the table is dropped.
    Mapped {
        map: memmap2::MmapMut,
        words: usize,
        _file: crate::io::TempFile,
    },
    /// In a saved table file mapped into memory ([`DistanceTable::load`]): `words`
    /// words at byte `offset`, a multiple of 8.
    File {
        file: MappedFile,
        offset: usize,
        words: usize,
    },
}

impl std::ops::Deref for Words {
    type Target = [AtomicU64];
    fn deref(&self) -> &[AtomicU64] {
        match self {
            Words::Heap(v) => v,
            // SAFETY: the map is page-aligned, at least `8 * words` bytes long and
            // lives as long as `self`; `AtomicU64` has the size and alignment of
            // `u64`; all access goes through the atomics; the scratch file is this
            // process's own (created by it, removed on drop).
            Words::Mapped { map, words, .. } => unsafe {
                std::slice::from_raw_parts(map.as_ptr().cast::<AtomicU64>(), *words)
            },
            // SAFETY: `load` checked that the file holds `8 * words` bytes from
            // `offset`, a multiple of 8 in a page-aligned map, in the machine's
            // (little-endian) order; the map is private and lives as long as `self`.
            Words::File {
                file,
                offset,
                words,
            } => unsafe {
                std::slice::from_raw_parts(
                    file.bytes()[*offset..].as_ptr().cast::<AtomicU64>(),
                    *words,
                )
            },
        }
    }
}

/// Free bytes on the file system holding `dir` (for unprivileged users), or `None`
/// where it cannot be told.
pub fn disk_available(dir: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let c = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
        let mut st = std::mem::MaybeUninit::<libc::statvfs>::uninit();
        // SAFETY: `c` is a NUL-terminated path and `st` is written by statvfs
        // before it is read (only when it returns 0).
        let rc = unsafe { libc::statvfs(c.as_ptr(), st.as_mut_ptr()) };
        if rc != 0 {
            return None;
        }
        // SAFETY: statvfs returned 0, so it filled `st`.
        let st = unsafe { st.assume_init() };
        #[allow(clippy::unnecessary_cast)] // the field types differ between platforms
        Some((st.f_bavail as u64).saturating_mul(st.f_frsize as u64))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

/// Makes `file` `bytes` long with its blocks allocated (`posix_fallocate`), so that
/// writing through a memory map later cannot fail for want of space (a full disk
/// under a map is SIGBUS, not an error). Where the file system cannot allocate ahead
/// (other systems), the file is only extended, sparse.
fn reserve_disk(file: &fs::File, bytes: u64) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let len = libc::off_t::try_from(bytes)
            .map_err(|_| io::Error::other(format!("{bytes} bytes is too large a file")))?;
        // SAFETY: the descriptor is open for writing for the duration of the call.
        match unsafe { libc::posix_fallocate(file.as_raw_fd(), 0, len) } {
            0 => Ok(()),
            e => Err(io::Error::from_raw_os_error(e)),
        }
    }
    #[cfg(not(target_os = "linux"))]
    file.set_len(bytes)
}

impl DistanceTable {
    fn from_storage(len: u64, storage: Words) -> DistanceTable {
        let (ptr, n) = {
            let w: &[AtomicU64] = &storage;
            (
                std::ptr::NonNull::new(w.as_ptr() as *mut AtomicU64).expect("slices are non-null"),
                w.len(),
            )
        };
        DistanceTable {
            len,
            storage,
            ptr,
            n,
        }
    }

    /// The words (entry `32w + j` in bits `2j, 2j+1` of word `w`).
    #[inline(always)]
    fn words(&self) -> &[AtomicU64] {
        // SAFETY: `ptr` and `n` describe `storage`'s buffer, which lives as long as
        // `self` and does not move.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.n) }
    }

    /// A table of `len` unseen entries (zeroed memory, so pages are only touched
    /// when written). Check the size with [`check_memory`] first.
    pub fn new(len: u64) -> DistanceTable {
        let n = len.div_ceil(32) as usize;
        // vec![0; n] uses a zeroed allocation; AtomicU64 has the layout of u64
        let raw: Vec<u64> = vec![0u64; n];
        advise_huge_pages(raw.as_ptr() as *const u8, n * 8);
        let words = raw.into_iter().map(AtomicU64::new).collect();
        DistanceTable::from_storage(len, Words::Heap(words))
    }

    /// A table of `len` unseen entries in a scratch file in the directory `dir`,
    /// mapped into memory: a search whose table is larger than the memory runs on
    /// the disk, the operating system keeping the parts in use in memory. The file's
    /// blocks are allocated before the search (`posix_fallocate`), so that a disk
    /// filling up meanwhile cannot fail a write through the map; the file is removed
    /// when the table is dropped, or by Ctrl-C ([`crate::io::remove_pending`]).
    /// Refused before creating anything when the file system has less free space than
    /// the table, and with the file removed when the space cannot be allocated.
    pub fn on_disk(len: u64, dir: &Path) -> Result<DistanceTable, TableError> {
        let name = dir.display().to_string();
        let io_err = |e: io::Error| TableError::Io {
            path: name.clone(),
            source: e,
        };
        if !dir.is_dir() {
            return Err(TableError::Bad {
                path: name.clone(),
                why: "not a directory".into(),
            });
        }
        let bytes = table_bytes(len);
        if bytes == 0 {
            return Ok(DistanceTable::new(len));
        }
        if let Some(free) = disk_available(dir) {
            if bytes > free {
                return Err(TableError::Bad {
                    path: name.clone(),
                    why: format!(
                        "the table needs {bytes} bytes ({len} positions at 2 bits) on disk and the file system has {free} bytes free"
                    ),
                });
            }
        }
        let words = usize::try_from(len.div_ceil(32)).map_err(|_| TableError::Bad {
            path: name.clone(),
            why: format!("{len} positions cannot be addressed on this machine"),
        })?;
        let mut file = crate::io::TempFile::scratch(dir, "permlab-table").map_err(io_err)?;
        reserve_disk(file.file(), bytes).map_err(|e| {
            if e.raw_os_error() == Some(libc::ENOSPC) {
                let free = disk_available(dir).map_or(String::new(), |f| {
                    format!(" and the file system has {f} bytes free")
                });
                TableError::Bad {
                    path: name.clone(),
                    why: format!(
                        "the table needs {bytes} bytes ({len} positions at 2 bits) on disk{free}"
                    ),
                }
            } else {
                io_err(e)
            }
        })?;
        // SAFETY: the file is this process's own scratch file, not truncated while
        // mapped (it is removed only after the map is dropped: fields drop in order).
        let map = unsafe { memmap2::MmapMut::map_mut(&*file.file()) }.map_err(io_err)?;
        Ok(DistanceTable::from_storage(
            len,
            Words::Mapped {
                map,
                words,
                _file: file,
            },
        ))
    }

    /// Whether the entries live in a memory-mapped file ([`DistanceTable::on_disk`]).
    pub fn is_on_disk(&self) -> bool {
        matches!(self.storage, Words::Mapped { .. })
    }

    /// Number of entries.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of 64-bit words (32 entries each).
    pub fn word_count(&self) -> usize {
        self.words().len()
    }

    /// The raw word `w` (entry `32w + j` in bits `2j, 2j+1`).
    #[inline]
    pub fn word(&self, w: usize) -> u64 {
        self.words()[w].load(Ordering::Relaxed)
    }

    /// The raw code of entry `i`: 0 unseen, else `1 + d mod 3`.
    #[inline]
    pub fn code(&self, i: u64) -> u8 {
        ((self.words()[(i >> 5) as usize].load(Ordering::Relaxed) >> ((i & 31) * 2)) & 3) as u8
    }

    /// Asks the processor to bring the cache line of entry `i` in (a hint with no
    /// effect on the contents; nothing on targets without a prefetch instruction).
    /// A search that knows the entries it will read soon issues their prefetches
    /// together so that the memory accesses overlap.
    #[inline]
    pub fn prefetch(&self, i: u64) {
        prefetch_item(self.words(), (i >> 5) as usize);
    }

    /// The distance mod 3 of entry `i`, or `None` if unseen.
    #[inline]
    pub fn get(&self, i: u64) -> Option<u8> {
        match self.code(i) {
            0 => None,
            c => Some(c - 1),
        }
    }

    /// Marks entry `i` as seen at distance `d` (stored mod 3) if it is unseen;
    /// returns whether it was unseen. Atomic: of several threads racing to set the
    /// same entry in the same layer exactly one gets `true`.
    #[inline]
    pub fn set_if_unseen(&self, i: u64, d: u32) -> bool {
        let w = &self.words()[(i >> 5) as usize];
        let shift = (i & 31) * 2;
        if (w.load(Ordering::Relaxed) >> shift) & 3 != 0 {
            return false;
        }
        let code = (d % 3 + 1) as u64;
        let old = w.fetch_or(code << shift, Ordering::Relaxed);
        (old >> shift) & 3 == 0
    }

    /// [`DistanceTable::set_if_unseen`] for a caller that is alone in writing the
    /// table while it calls this: a plain load and store instead of an atomic
    /// read-modify-write (a locked instruction, which stalls the loads after it).
    /// Another thread writing the same word at the same time could lose an entry.
    #[inline]
    pub fn set_if_unseen_exclusive(&self, i: u64, d: u32) -> bool {
        let w = &self.words()[(i >> 5) as usize];
        let shift = (i & 31) * 2;
        let old = w.load(Ordering::Relaxed);
        if (old >> shift) & 3 != 0 {
            return false;
        }
        let code = (d % 3 + 1) as u64;
        w.store(old | code << shift, Ordering::Relaxed);
        true
    }

    /// Sets bits of word `w` (`fetch_or`): several entries at once.
    #[inline]
    pub fn or_word(&self, w: usize, bits: u64) {
        self.words()[w].fetch_or(bits, Ordering::Relaxed);
    }

    /// A mask with bit pattern `code` in every 2-bit slot of a word that holds
    /// exactly `code` (`code` 0..=3); bit `2j` of the result is set for slot `j`.
    #[inline]
    pub fn slots_equal(word: u64, code: u8) -> u64 {
        const LOW: u64 = 0x5555_5555_5555_5555;
        let pattern = LOW * code as u64;
        let x = !(word ^ pattern); // slot = 11 where equal
        x & (x >> 1) & LOW
    }

    /// Counts of entries by code (unseen, 1, 2, 3).
    pub fn code_counts(&self) -> [u64; 4] {
        let mut c = [0u64; 4];
        for (wi, w) in self.words().iter().enumerate() {
            let v = w.load(Ordering::Relaxed);
            let valid = if (wi as u64 + 1) * 32 <= self.len {
                32
            } else {
                self.len - wi as u64 * 32
            };
            let keep = if valid == 32 {
                u64::MAX
            } else {
                (1u64 << (valid * 2)) - 1
            };
            for (code, slot) in c.iter_mut().enumerate() {
                *slot += (Self::slots_equal(v, code as u8) & keep).count_ones() as u64;
            }
        }
        c
    }

    /// Saves the table with a header (a JSON value naming the state space and
    /// anything else worth keeping) to `path`, through a temporary file renamed
    /// into place ([`crate::io::TempFile`]: removed on every error).
    pub fn save(&self, path: &Path, header: &serde_json::Value) -> Result<(), TableError> {
        let io_err = |e: io::Error| TableError::Io {
            path: path.display().to_string(),
            source: e,
        };
        let result = (|| -> io::Result<()> {
            let mut tmp = crate::io::TempFile::create(path)?;
            let mut w = io::BufWriter::with_capacity(1 << 20, tmp.file());
            let mut hash = Fnv::new();
            let mut head = serde_json::to_vec(header).expect("JSON serialises");
            // the entries at a multiple of 8 bytes, to be read in place (`load`)
            mapped::pad_header(&mut head, 12 + 4 + 8 + 8);
            let mut pre = Vec::new();
            pre.extend_from_slice(MAGIC);
            pre.extend_from_slice(&VERSION.to_le_bytes());
            pre.extend_from_slice(&(head.len() as u64).to_le_bytes());
            pre.extend_from_slice(&head);
            pre.extend_from_slice(&self.len.to_le_bytes());
            hash.update(&pre);
            w.write_all(&pre)?;
            let mut buf = Vec::with_capacity(1 << 16);
            for chunk in self.words().chunks(8192) {
                buf.clear();
                for x in chunk {
                    buf.extend_from_slice(&x.load(Ordering::Relaxed).to_le_bytes());
                }
                hash.update(&buf);
                w.write_all(&buf)?;
            }
            w.write_all(&hash.finish().to_le_bytes())?;
            w.flush()?;
            drop(w);
            // on any error above, dropping `tmp` removes the temporary file
            tmp.commit()
        })();
        result.map_err(io_err)
    }

    /// Loads a table saved by [`DistanceTable::save`], returning it and its
    /// header. A file that is not a table, of another version, truncated or
    /// damaged (checksum) is rejected with an error naming the problem; so is one
    /// whose table would not fit in `max_memory`.
    ///
    /// The entries are read in place from the file mapped into memory
    /// ([`crate::search::mapped`]: a process starts on a table of hundreds of
    /// megabytes in milliseconds), its checksum checked in full only the first time
    /// the file is loaded; a file saved by an older permlab, whose entries do not
    /// start at a multiple of 8 bytes, is read into memory instead.
    pub fn load(
        path: &Path,
        max_memory: Option<u64>,
    ) -> Result<(DistanceTable, serde_json::Value), TableError> {
        let name = path.display().to_string();
        let bad = |why: &str| TableError::Bad {
            path: name.clone(),
            why: why.to_string(),
        };
        // a FIFO or a device would block or never end: check before opening
        let meta = fs::metadata(path).map_err(|e| TableError::Io {
            path: name.clone(),
            source: e,
        })?;
        if !meta.is_file() {
            return Err(bad("not a regular file"));
        }
        let mut f = fs::File::open(path).map_err(|e| TableError::Io {
            path: name.clone(),
            source: e,
        })?;
        let file_len = f.metadata().map(|m| m.len()).unwrap_or(0);
        let (header, len, start) = read_prefix(&mut f, file_len).map_err(|why| bad(&why))?;
        let expected = start + table_bytes(len) + 8;
        if file_len < expected {
            return Err(bad(&format!(
                "truncated file ({file_len} bytes, {expected} expected for {len} entries)"
            )));
        }
        if file_len > expected {
            return Err(bad(&format!(
                "{} bytes of trailing data after the table",
                file_len - expected
            )));
        }
        check_memory(len, max_memory, 0)?;
        let words = usize::try_from(len.div_ceil(32)).map_err(|_| {
            bad(&format!(
                "{len} entries cannot be addressed on this machine"
            ))
        })?;
        let damaged = || bad("checksum mismatch: the file is damaged");
        if start % 8 == 0 && cfg!(target_endian = "little") {
            let file = MappedFile::new(&f).map_err(|e| TableError::Io {
                path: name.clone(),
                source: e,
            })?;
            let sum = file.stored_checksum().ok_or_else(damaged)?;
            if !mapped::verified_before(path, &meta, sum) {
                if !file.checksum_holds(fnv64) {
                    return Err(damaged());
                }
                mapped::record_verified(path, &meta, sum);
            }
            let storage = Words::File {
                file,
                offset: start as usize,
                words,
            };
            return Ok((DistanceTable::from_storage(len, storage), header));
        }
        // an older file: read it into memory, hashing as it is read
        let mut r = io::BufReader::with_capacity(1 << 20, f);
        r.seek(io::SeekFrom::Start(0))
            .map_err(|_| bad("cannot read the file again"))?;
        let mut hash = Fnv::new();
        let mut prefix = vec![0u8; start as usize];
        r.read_exact(&mut prefix)
            .map_err(|_| bad("truncated file (while reading the header)"))?;
        hash.update(&prefix);
        let mut entries: Vec<AtomicU64> = Vec::with_capacity(words);
        advise_huge_pages(entries.as_ptr() as *const u8, words * 8);
        let mut buf = vec![0u8; 8 * 8192];
        let mut left = words;
        while left > 0 {
            let take = left.min(8192);
            r.read_exact(&mut buf[..take * 8])
                .map_err(|_| bad("truncated file (while reading the entries)"))?;
            hash.update(&buf[..take * 8]);
            for c in buf[..take * 8].chunks_exact(8) {
                entries.push(AtomicU64::new(u64::from_le_bytes(
                    c.try_into().expect("8 bytes"),
                )));
            }
            left -= take;
        }
        let mut sum = [0u8; 8];
        r.read_exact(&mut sum)
            .map_err(|_| bad("truncated file (no checksum)"))?;
        if u64::from_le_bytes(sum) != hash.finish() {
            return Err(damaged());
        }
        Ok((
            DistanceTable::from_storage(len, Words::Heap(entries)),
            header,
        ))
    }

    /// Whether the entries are read in place from a saved file mapped into memory
    /// ([`DistanceTable::load`]).
    pub fn is_mapped_from_file(&self) -> bool {
        matches!(self.storage, Words::File { .. })
    }

    /// Copies entries read in place from a mapped file ([`DistanceTable::load`])
    /// into the process's memory, backed by huge pages where the system allows:
    /// random look-ups then walk the page tables far less often. Measured on
    /// cube3's 855 MB of tables (one position, 20 s of IDA* on two cores, load
    /// about 4): 11.6 million nodes from memory against 8.2 million through the
    /// map; mapping and copying took 0.5 s. Nothing for other tables.
    pub fn copy_into_memory(&mut self) {
        let Words::File {
            file,
            offset,
            words,
        } = &self.storage
        else {
            return;
        };
        let mut raw: Vec<u64> = vec![0; *words];
        advise_huge_pages(raw.as_ptr() as *const u8, *words * 8);
        // SAFETY: the bytes of a `u64` slice; every bit pattern is a `u64`, and
        // the file's order is the machine's (`load` maps only little-endian).
        let bytes =
            unsafe { std::slice::from_raw_parts_mut(raw.as_mut_ptr().cast::<u8>(), *words * 8) };
        if file.read_at(*offset as u64, bytes).is_err() {
            // the file is unreadable now: the map serves as before
            return;
        }
        let entries: Vec<AtomicU64> = raw.into_iter().map(AtomicU64::new).collect();
        *self = DistanceTable::from_storage(self.len, Words::Heap(entries));
    }
}

/// The start of a table file ([`DistanceTable::save`]): its header, its number of
/// entries and the offset of the entries; an error saying what is wrong.
fn read_prefix(f: &mut fs::File, file_len: u64) -> Result<(serde_json::Value, u64, u64), String> {
    let mut read = |buf: &mut [u8], what: &str| -> Result<(), String> {
        f.read_exact(buf)
            .map_err(|_| format!("truncated file (while reading the {what})"))
    };
    let mut magic = [0u8; 12];
    read(&mut magic, "magic")
        .map_err(|_| "not a permlab distance table (too short)".to_string())?;
    if &magic != MAGIC {
        return Err("not a permlab distance table (bad magic)".into());
    }
    let mut v = [0u8; 4];
    read(&mut v, "version")?;
    let version = u32::from_le_bytes(v);
    if version != VERSION {
        return Err(format!(
            "table format version {version}, this permlab reads version {VERSION}"
        ));
    }
    let mut l = [0u8; 8];
    read(&mut l, "header length")?;
    let head_len = u64::from_le_bytes(l);
    if head_len > file_len {
        return Err("truncated file (header longer than the file)".into());
    }
    let mut head = vec![0u8; head_len as usize];
    read(&mut head, "header")?;
    let header: serde_json::Value =
        serde_json::from_slice(&head).map_err(|e| format!("header is not JSON: {e}"))?;
    read(&mut l, "entry count")?;
    Ok((header, u64::from_le_bytes(l), 12 + 4 + 8 + head_len + 8))
}

/// Asks the processor to bring `items[i]` into the cache (a hint: nothing
/// happens past the end of the slice or on other architectures), so that a
/// read of it soon after does not wait for memory.
#[inline(always)]
pub(crate) fn prefetch_item<T>(items: &[T], i: usize) {
    if i < items.len() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint; it never faults nor changes memory, and
        // the address is inside the slice.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(items.as_ptr().add(i) as *const i8);
        }
    }
}

/// FNV-1a, 64 bits, fed 8 bytes at a time where possible (a simple checksum, not
/// cryptographic).
pub(crate) struct Fnv(u64);

/// The 64-bit FNV-1a hash of `data` (file names of cached tables; not cryptographic).
pub(crate) fn fnv64(data: &[u8]) -> u64 {
    let mut h = Fnv::new();
    h.update(data);
    h.finish()
}

impl Fnv {
    pub(crate) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub(crate) fn update(&mut self, data: &[u8]) {
        let mut h = self.0;
        for &b in data {
            h ^= b as u64;
            h = h.wrapping_mul(0x100_0000_01b3);
        }
        self.0 = h;
    }
    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_get() {
        let t = DistanceTable::new(100);
        assert_eq!(t.get(37), None);
        assert!(t.set_if_unseen(37, 5));
        assert!(!t.set_if_unseen(37, 6));
        assert_eq!(t.get(37), Some(2));
        assert!(t.set_if_unseen(99, 3));
        assert_eq!(t.get(99), Some(0));
        assert_eq!(t.code_counts(), [98, 1, 0, 1]);
    }

    /// A saved table is read in place from the mapped file; a file of the older
    /// layout (entries not at a multiple of 8 bytes) is read into memory; both
    /// hold the entries saved, and a changed byte is a checksum mismatch.
    #[test]
    fn saved_tables_are_read_in_place_or_into_memory() {
        let dir = std::env::temp_dir().join(format!("permlab-table-map-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let t = DistanceTable::new(1000);
        for i in (0..1000).step_by(7) {
            t.set_if_unseen(i, (i % 5) as u32);
        }
        let path = dir.join("t.dist");
        t.save(&path, &serde_json::json!({ "space": "tests" }))
            .unwrap();
        let (mapped, header) = DistanceTable::load(&path, None).unwrap();
        assert!(mapped.is_mapped_from_file());
        assert_eq!(header["space"], "tests");
        // the older layout: the header without the spaces that align the entries
        let bytes = fs::read(&path).unwrap();
        let head_len = u64::from_le_bytes(bytes[16..24].try_into().unwrap()) as usize;
        let json = std::str::from_utf8(&bytes[24..24 + head_len])
            .unwrap()
            .trim_end();
        let mut old = bytes[..16].to_vec();
        old.extend_from_slice(&(json.len() as u64).to_le_bytes());
        old.extend_from_slice(json.as_bytes());
        old.extend_from_slice(&bytes[24 + head_len..bytes.len() - 8]);
        assert_ne!(
            (32 + json.len()) % 8,
            0,
            "the test needs an unaligned layout"
        );
        old.extend_from_slice(&fnv64(&old).to_le_bytes());
        let old_path = dir.join("old.dist");
        fs::write(&old_path, &old).unwrap();
        let (copied, _) = DistanceTable::load(&old_path, None).unwrap();
        assert!(!copied.is_mapped_from_file());
        let (mut in_memory, _) = DistanceTable::load(&path, None).unwrap();
        in_memory.copy_into_memory();
        assert!(!in_memory.is_mapped_from_file());
        for i in 0..1000 {
            assert_eq!(mapped.get(i), t.get(i), "entry {i}");
            assert_eq!(copied.get(i), t.get(i), "entry {i}");
            assert_eq!(in_memory.get(i), t.get(i), "entry {i}");
        }
        for p in [&path, &old_path] {
            let mut b = fs::read(p).unwrap();
            let at = b.len() - 20;
            b[at] ^= 4;
            fs::write(p, b).unwrap();
            let e = DistanceTable::load(p, None).err().unwrap().to_string();
            assert!(e.contains("checksum mismatch"), "{e}");
        }
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn slots_equal_finds_codes() {
        // slots: 0 -> code 1, 1 -> code 3, 2 -> code 0, rest 0
        let w: u64 = 0b00_11_01;
        assert_eq!(DistanceTable::slots_equal(w, 1), 0b1);
        assert_eq!(DistanceTable::slots_equal(w, 3), 0b100);
        assert_eq!(DistanceTable::slots_equal(w, 0).count_ones(), 30);
    }

    #[test]
    fn memory_bound_is_checked() {
        let e = check_memory(1 << 40, Some(1 << 20), 0).unwrap_err();
        assert!(
            e.to_string()
                .contains("the limit is 1048576 bytes (the given memory bound)"),
            "{e}"
        );
        assert!(check_memory(1000, Some(1 << 20), 0).is_ok());
    }

    #[test]
    fn the_smallest_known_bound_applies_and_none_known_is_refused() {
        use crate::search::memory::MemoryBound;
        let cgroup = || {
            Some(MemoryBound {
                bytes: 1000 << 20,
                source: "a cgroup".into(),
            })
        };
        // 21.8 GB table against a 1000 MB cgroup: refused, naming the cgroup
        let e = check_memory_with(87 << 30, 0, None, 0, cgroup()).unwrap_err();
        assert!(e.to_string().contains("from a cgroup"), "{e}");
        assert!(check_memory_with(1 << 30, 0, None, 0, cgroup()).is_ok()); // 256 MiB
        assert!(check_memory_with(1 << 30, 0, Some(1 << 20), 0, cgroup()).is_err());
        // nothing known: refused unless a bound is given
        let e = check_memory_with(1000, 0, None, 0, None).unwrap_err();
        assert!(
            matches!(e, TableError::MemoryUnknown { needed: 256, .. }),
            "{e}"
        );
        assert!(check_memory_with(1000, 0, Some(1 << 20), 0, None).is_ok());
        assert!(check_memory_with(1 << 40, 0, Some(1 << 20), 0, None).is_err());
        // working memory beside the table counts against a given bound, and is named
        assert!(check_memory_with(1000, 1 << 20, Some(1 << 20), 0, None).is_err());
        let e = check_memory_with(1000, 5000, Some(5000), 1 << 19, cgroup()).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "the search needs 5256 bytes: the table 256 (1000 positions at 2 bits) and 5000 \
                 of working memory beside it; the limit is 5000 bytes"
            ),
            "{e}"
        );
        assert!(
            matches!(
                e,
                TableError::Memory {
                    needed: 5256,
                    extra: 5000,
                    ..
                }
            ),
            "{e}"
        );
    }
}
