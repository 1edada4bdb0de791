//! Table files mapped into memory, so that a process starts on a saved table of
//! hundreds of megabytes in milliseconds: the operating system pages the file in
//! as the search reads it (from its page cache when another process read it
//! recently) instead of the process copying it into its own memory first.
//!
//! - **Private maps** ([`MappedFile`]): copy-on-write, so a write (none is made to
//!   a loaded table, but nothing forbids it) changes this process's copy only,
//!   never the file. Cache files are replaced by renaming a new file into place,
//!   never rewritten, so a map keeps the file it was made from.
//! - **Checksums verified once** ([`verified_before`], [`record_verified`]): a
//!   table file ends with a checksum of everything before it, and reading
//!   all of a large file to check it costs the second the map saves. So after a
//!   file's checksum has been checked in full, a stamp `NAME.ok` beside it records
//!   the file's size, modification time, inode and checksum; a later load whose
//!   file still has all four skips the check. A stamp is only written for a file
//!   last modified at least [`STAMP_AGE`] before, so that any later change of the
//!   file (whose modification time comes from a clock of coarse resolution) gives it
//!   another modification time than the stamp's.
//! - **Slices of a file** ([`Slab`]): numbers stored little-endian at an aligned
//!   offset are read in place on little-endian machines, or as an owned vector.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// How long before a checksum's stamp is written the file must have been last
/// modified (see the module docs).
pub const STAMP_AGE: Duration = Duration::from_secs(2);

/// A whole file mapped into memory, private (copy-on-write).
pub struct MappedFile {
    map: memmap2::MmapMut,
    file: fs::File,
}

impl MappedFile {
    /// Maps the open file `file` (a regular file, not changed in place while mapped:
    /// see the module docs).
    pub fn new(file: &fs::File) -> io::Result<MappedFile> {
        // SAFETY: a private map; the files mapped are table files that are replaced
        // by renaming, never truncated or rewritten in place (see the module docs).
        let map = unsafe { memmap2::MmapOptions::new().map_copy(file)? };
        Ok(MappedFile {
            map,
            file: file.try_clone()?,
        })
    }

    /// Reads `buf.len()` bytes of the file from `offset` into `buf` with read
    /// calls (copying from the operating system's cache without a page fault
    /// per page of the map, as reading through the map would take).
    pub fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        #[cfg(unix)]
        {
            std::os::unix::fs::FileExt::read_exact_at(&self.file, buf, offset)
        }
        #[cfg(not(unix))]
        {
            let start = usize::try_from(offset).map_err(io::Error::other)?;
            let src = self
                .map
                .get(start..start + buf.len())
                .ok_or_else(|| io::Error::from(io::ErrorKind::UnexpectedEof))?;
            buf.copy_from_slice(src);
            Ok(())
        }
    }

    /// The file's bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// The address of byte `offset` (for slices of the file).
    fn at(&self, offset: usize) -> *const u8 {
        self.map[offset..].as_ptr()
    }

    /// Whether the checksum the file ends with (`hash` of everything before it,
    /// little-endian; the table files' is FNV-1a) is right.
    pub fn checksum_holds(&self, hash: impl Fn(&[u8]) -> u64) -> bool {
        let b = self.bytes();
        if b.len() < 8 {
            return false;
        }
        let (body, sum) = b.split_at(b.len() - 8);
        u64::from_le_bytes(sum.try_into().expect("8 bytes")) == hash(body)
    }

    /// The checksum the file ends with.
    pub fn stored_checksum(&self) -> Option<u64> {
        let b = self.bytes();
        let sum = b.get(b.len().checked_sub(8)?..)?;
        Some(u64::from_le_bytes(sum.try_into().ok()?))
    }
}

/// Numbers that may be read in place from a file: plain integers of fixed size,
/// any bit pattern valid.
pub trait Plain: Copy + Send + Sync + 'static {
    /// Decodes one from its little-endian bytes.
    fn from_le(bytes: &[u8]) -> Self;
    /// Its little-endian bytes, appended to `out`.
    fn put_le(self, out: &mut Vec<u8>);
}

macro_rules! plain {
    ($($t:ty),*) => {$(
        impl Plain for $t {
            fn from_le(bytes: &[u8]) -> Self {
                <$t>::from_le_bytes(bytes.try_into().expect("the size of the type"))
            }
            fn put_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
plain!(u8, u16, u32, u64);

/// A slice of numbers owned or read in place from a mapped file; it dereferences
/// to `[T]`, and clones share a mapped file.
#[derive(Clone)]
pub enum Slab<T: Plain> {
    /// In memory.
    Owned(Vec<T>),
    /// `len` numbers at byte `offset` of a mapped file.
    Mapped {
        /// The file.
        file: Arc<MappedFile>,
        /// Where they start (a multiple of the size of `T`).
        offset: usize,
        /// How many.
        len: usize,
    },
}

impl<T: Plain> Slab<T> {
    /// `len` numbers at byte `offset` of `file`: read in place when the machine is
    /// little-endian and the offset aligned, else decoded into a vector; `None`
    /// when they run past the end of the file.
    pub fn of_file(file: &Arc<MappedFile>, offset: usize, len: usize) -> Option<Slab<T>> {
        let size = std::mem::size_of::<T>();
        let end = len.checked_mul(size)?.checked_add(offset)?;
        if end > file.bytes().len() {
            return None;
        }
        let aligned = (file.at(offset) as usize).is_multiple_of(std::mem::align_of::<T>());
        if cfg!(target_endian = "little") && aligned {
            return Some(Slab::Mapped {
                file: Arc::clone(file),
                offset,
                len,
            });
        }
        Some(Slab::Owned(
            file.bytes()[offset..end]
                .chunks_exact(size)
                .map(T::from_le)
                .collect(),
        ))
    }

    /// Appends the numbers to `out`, little-endian.
    pub fn put_le(&self, out: &mut Vec<u8>) {
        out.reserve(self.len() * std::mem::size_of::<T>());
        for &x in self.iter() {
            x.put_le(out);
        }
    }
}

impl<T: Plain> From<Vec<T>> for Slab<T> {
    fn from(v: Vec<T>) -> Slab<T> {
        Slab::Owned(v)
    }
}

impl<T: Plain> std::ops::Deref for Slab<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match self {
            Slab::Owned(v) => v,
            // SAFETY: `of_file` checked that the `len` numbers lie inside the map
            // and start aligned for `T`, and that the machine is little-endian (the
            // file's order); every bit pattern is a valid `T` (`Plain`); the map
            // lives as long as the `Arc` held here and is never written.
            Slab::Mapped { file, offset, len } => unsafe {
                std::slice::from_raw_parts(file.at(*offset).cast::<T>(), *len)
            },
        }
    }
}

impl<T: Plain + std::fmt::Debug> std::fmt::Debug for Slab<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self {
            Slab::Owned(_) => "owned",
            Slab::Mapped { .. } => "mapped",
        };
        write!(f, "Slab({kind}, {} numbers)", self.len())
    }
}

/// Spaces after a JSON header (allowed after JSON) so that what follows it
/// starts at a multiple of 8 bytes, with `around` bytes of fixed fields before
/// and after the header: numbers then read in place from the mapped file.
pub fn pad_header(head: &mut Vec<u8>, around: usize) {
    while !(around + head.len()).is_multiple_of(8) {
        head.push(b' ');
    }
}

/// The stamp file of `path` (`NAME.ok` beside `NAME.EXT`).
fn stamp_path(path: &Path) -> PathBuf {
    path.with_extension("ok")
}

/// What a stamp records of a file: size, modification time (ns), inode, checksum.
fn stamp_text(meta: &fs::Metadata, checksum: u64) -> Option<String> {
    let modified = meta
        .modified()
        .ok()?
        .duration_since(SystemTime::UNIX_EPOCH)
        .ok()?;
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(meta);
    #[cfg(not(unix))]
    let inode = 0u64;
    Some(format!(
        "{} {} {} {:016x}\n",
        meta.len(),
        modified.as_nanos(),
        inode,
        checksum
    ))
}

/// Whether the checksum of the file at `path` (metadata `meta`, ending with
/// `checksum`) was checked in full before and the file has not changed since
/// (see the module docs).
pub fn verified_before(path: &Path, meta: &fs::Metadata, checksum: u64) -> bool {
    match (
        fs::read_to_string(stamp_path(path)),
        stamp_text(meta, checksum),
    ) {
        (Ok(saved), Some(now)) => saved == now,
        _ => false,
    }
}

/// Records that the checksum of the file at `path` (metadata `meta`, ending with
/// `checksum`) was checked in full, when the file was last modified at least
/// [`STAMP_AGE`] ago; a stamp that cannot be written is only a check more next time.
pub fn record_verified(path: &Path, meta: &fs::Metadata, checksum: u64) {
    let old_enough = meta
        .modified()
        .ok()
        .and_then(|m| SystemTime::now().duration_since(m).ok())
        .is_some_and(|age| age >= STAMP_AGE);
    if let (true, Some(text)) = (old_enough, stamp_text(meta, checksum)) {
        let _ = crate::io::write_atomic(&stamp_path(path), text.as_bytes());
    }
}

/// Removes the stamp of the file at `path` (when the file is removed).
pub fn remove_stamp(path: &Path) {
    let _ = fs::remove_file(stamp_path(path));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("permlab-mapped-{name}-{}", std::process::id()));
        fs::create_dir_all(&d).unwrap();
        d
    }

    /// A checksum for the tests: the bytes' sum, each weighted by its place.
    fn checksum(body: &[u8]) -> u64 {
        body.iter()
            .enumerate()
            .map(|(i, &x)| (i as u64 + 1) * x as u64)
            .sum()
    }

    /// A file of `body` followed by its checksum.
    fn write_checked(path: &Path, body: &[u8]) {
        let mut b = body.to_vec();
        b.extend_from_slice(&checksum(body).to_le_bytes());
        fs::write(path, b).unwrap();
    }

    #[test]
    fn slabs_read_numbers_in_place_and_refuse_to_run_past_the_end() {
        let d = scratch("slab");
        let path = d.join("t.bin");
        let mut body = Vec::new();
        for x in [7u32, 1 << 31, 0, 42] {
            x.put_le(&mut body);
        }
        write_checked(&path, &body);
        let file = Arc::new(MappedFile::new(&fs::File::open(&path).unwrap()).unwrap());
        assert!(file.checksum_holds(checksum));
        let s = Slab::<u32>::of_file(&file, 4, 3).unwrap();
        assert!(matches!(s, Slab::Mapped { .. }));
        assert_eq!(&s[..], &[1 << 31, 0, 42]);
        // unaligned: decoded into a vector, same numbers
        let u = Slab::<u16>::of_file(&file, 1, 2).unwrap();
        assert_eq!(&u[..], &[0, 0]);
        assert!(Slab::<u64>::of_file(&file, 8, 2).is_some()); // the checksum's bytes
        assert!(Slab::<u64>::of_file(&file, 16, 2).is_none());
        let mut out = Vec::new();
        s.put_le(&mut out);
        assert_eq!(out, body[4..]);
        fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn a_damaged_file_fails_its_checksum() {
        let d = scratch("damaged");
        let path = d.join("t.bin");
        write_checked(&path, b"some table bytes");
        let mut b = fs::read(&path).unwrap();
        b[3] ^= 1;
        fs::write(&path, b).unwrap();
        let file = MappedFile::new(&fs::File::open(&path).unwrap()).unwrap();
        assert!(!file.checksum_holds(checksum));
        fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn a_stamp_is_kept_for_an_old_file_only_and_lost_when_it_changes() {
        let d = scratch("stamp");
        let path = d.join("t.dist");
        write_checked(&path, b"body");
        let meta = fs::metadata(&path).unwrap();
        let sum = MappedFile::new(&fs::File::open(&path).unwrap())
            .unwrap()
            .stored_checksum()
            .unwrap();
        // just written: no stamp
        record_verified(&path, &meta, sum);
        assert!(!verified_before(&path, &meta, sum));
        // last modified long ago: stamped
        let old = SystemTime::now() - Duration::from_secs(60);
        fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(old)
            .unwrap();
        let meta = fs::metadata(&path).unwrap();
        record_verified(&path, &meta, sum);
        assert!(verified_before(&path, &meta, sum));
        assert!(!verified_before(&path, &meta, sum ^ 1));
        // rewritten: another modification time, the stamp no longer holds
        write_checked(&path, b"body");
        assert!(!verified_before(&path, &fs::metadata(&path).unwrap(), sum));
        remove_stamp(&path);
        assert!(!stamp_path(&path).exists());
        fs::remove_dir_all(&d).ok();
    }
}
