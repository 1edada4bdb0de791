//! The limits permlab puts on its input, in one place. Each is checked where input
//! enters (parsers, puzzle specs, `.gens` files) before anything is allocated, and
//! input beyond a limit is refused with a one-line error naming the limit.
//!
//! | limit | value | checked by |
//! |---|---|---|
//! | [`MAX_DEGREE`] | 2^24 points | cycle notation, `.gens` `degree:` and points, puzzle specs, states, [`Perm`](crate::Perm) constructors |
//! | [`MAX_PUZZLE_BYTES`] | 1 GiB | puzzle specs and `.gens` files: points × moves × 4 bytes; the size of a `.gens`, `.tws` or `.geo` file ([`read_input`]) |
//! | [`MAX_CERTIFICATE_BYTES`] | 1 GiB | the size of a certificate `permlab verify` reads |
//! | [`MAX_CHECK_BYTES`] | 2 GiB | the permutations the certificate checker holds (less where less memory is available) |
//! | [`MAX_CHECK_STEPS`] | 2^32 steps | the work of the certificate checker (point images computed) |
//! | [`MAX_WORD_DEPTH`] | 200 nested brackets | the word parser |
//! | [`MAX_WORD_LETTERS`] | 2^26 letters | expanding a word (powers, commutators, conjugates) |
//! | [`MAX_ECHO_CHARS`] | 60 characters | user text quoted back in an error message |

/// The largest degree permlab supports: 2^24 = 16,777,216 points.
///
/// One permutation of this degree takes 64 MiB (one `u32` image per point). Every
/// place that takes a degree from input (cycle notation, `.gens` files, puzzle specs,
/// states) checks it against this limit before allocating and refuses larger ones
/// with an error; the constructors that cannot return an error
/// ([`Perm::identity`](crate::Perm::identity), [`Perm::extended`](crate::Perm::extended))
/// document that they panic beyond it.
pub const MAX_DEGREE: usize = 1 << 24;

/// The most bytes a puzzle's moves may take: points × moves × 4 bytes (one `u32` image
/// per point and move), 1 GiB. `board:300x300:2` (89,401 moves on 90,000 points,
/// 32 GB) is refused before any move is built.
pub const MAX_PUZZLE_BYTES: u64 = 1 << 30;

/// The largest certificate file `permlab verify` reads: 1 GiB (one generator on
/// [`MAX_DEGREE`] points takes about 150 MB in cycle notation).
pub const MAX_CERTIFICATE_BYTES: u64 = 1 << 30;

/// The most bytes of permutations (image arrays and Schreier trees) the certificate
/// checker ([`crate::certificate::check`]) holds, estimated from a certificate's sizes
/// before anything is built: 2 GiB.
pub const MAX_CHECK_BYTES: u64 = 1 << 31;

/// The most steps (point images computed, and the word operations of factorials) the
/// certificate checker takes: 2^32, a few seconds. A certificate that needs more is
/// refused, the check counting as it goes.
pub const MAX_CHECK_STEPS: u64 = 1 << 32;

/// Most points of a puzzle whose positions the searches store as one byte per
/// point (image lists of `u8`): the move sets, IDA*, two-phase and piece-stage
/// solvers, and the byte-state kernels.
pub const MAX_BYTE_STATE_POINTS: usize = 255;

/// The deepest nesting of brackets (`( )`, `[ ]`, `[a: b]`) in a word.
pub const MAX_WORD_DEPTH: usize = 200;

/// The most letters a word may expand to (powers, commutators and conjugates written
/// out): 2^26 = 67,108,864.
pub const MAX_WORD_LETTERS: u64 = 1 << 26;

/// The most characters of user text an error message quotes.
pub const MAX_ECHO_CHARS: usize = 60;

/// `text` cut to at most [`MAX_ECHO_CHARS`] characters, with `…` where it was cut,
/// for quoting user input in an error message.
///
/// ```
/// use permlab::limits::clip;
/// assert_eq!(clip("R U"), "R U");
/// assert_eq!(clip(&"x".repeat(1000)).chars().count(), 61);
/// ```
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(MAX_ECHO_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Why an input file was not read ([`open_input`], [`read_input`]).
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file could not be opened or read.
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// A directory, FIFO, socket or device: refused before reading (a FIFO would block,
    /// a device such as `/dev/zero` never end).
    #[error("not a regular file")]
    NotRegular,
    /// The file is larger than the limit, by its size before reading.
    #[error("{bytes} bytes, more than the limit of {limit} bytes")]
    TooLarge {
        /// The size found.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// The file grew past the limit while it was read.
    #[error("more than the limit of {0} bytes (the file grew while it was read)")]
    Grew(u64),
}

/// A reader that yields at most `limit` bytes and fails with
/// [`std::io::ErrorKind::FileTooLarge`] when its source has more ([`open_input`]).
#[derive(Debug)]
pub struct LimitedRead<R> {
    inner: R,
    left: u64,
    limit: u64,
}

impl<R: std::io::Read> std::io::Read for LimitedRead<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            // at the limit: one more byte means the source is too large
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(std::io::Error::new(
                    std::io::ErrorKind::FileTooLarge,
                    format!("more than the limit of {} bytes", self.limit),
                )),
            };
        }
        let want = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..want])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// Opens `path` as input of at most `limit` bytes. The file is opened without
/// blocking (`O_NONBLOCK`, so a FIFO cannot hang the open) and refused before anything
/// is read unless it is a regular file of at most `limit` bytes (by `fstat` of the
/// open file, so the check and the read are of the same file); the reader returned
/// also stops with an error past `limit` bytes, should the file grow meanwhile.
///
/// ```
/// use permlab::limits::{open_input, InputError};
/// use std::io::Read;
/// let dir = std::env::temp_dir().join("permlab-doc-open-input");
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("x.gens");
/// std::fs::write(&path, "A: (1,2)\n").unwrap();
/// let mut text = String::new();
/// open_input(&path, 100).unwrap().read_to_string(&mut text).unwrap();
/// assert_eq!(text, "A: (1,2)\n");
/// assert!(matches!(open_input(&path, 5), Err(InputError::TooLarge { bytes: 9, limit: 5 })));
/// assert!(matches!(open_input(&dir, 100), Err(InputError::NotRegular)));
/// assert_eq!(open_input(&dir, 100).unwrap_err().to_string(), "not a regular file");
/// ```
pub fn open_input(
    path: &std::path::Path,
    limit: u64,
) -> Result<LimitedRead<std::fs::File>, InputError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(InputError::NotRegular);
    }
    if meta.len() > limit {
        return Err(InputError::TooLarge {
            bytes: meta.len(),
            limit,
        });
    }
    Ok(LimitedRead {
        inner: file,
        left: limit,
        limit,
    })
}

/// The whole of `path` as UTF-8 text, read through [`open_input`] with the byte limit
/// `limit` enforced while reading.
pub fn read_input(path: &std::path::Path, limit: u64) -> Result<String, InputError> {
    use std::io::Read;
    let mut r = open_input(path, limit)?;
    let mut text = String::new();
    r.read_to_string(&mut text).map_err(|e| {
        if e.kind() == std::io::ErrorKind::FileTooLarge {
            InputError::Grew(limit)
        } else {
            InputError::Io(e)
        }
    })?;
    Ok(text)
}
