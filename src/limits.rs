//! The limits permlab puts on its input, in one place. Each is checked where input
//! enters (parsers, puzzle specs, `.gens` files) before anything is allocated, and
//! input beyond a limit is refused with a one-line error naming the limit.
//!
//! | limit | value | checked by |
//! |---|---|---|
//! | [`MAX_DEGREE`] | 2^24 points | cycle notation, `.gens` `degree:` and points, puzzle specs, states, [`Perm`](crate::Perm) constructors |
//! | [`MAX_PUZZLE_BYTES`] | 1 GiB | puzzle specs and `.gens` files: points × moves × 4 bytes |
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
