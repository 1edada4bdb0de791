//! Move words: parsing over a puzzle's generator names, evaluation under the four
//! conventions, inversion, simplification and printing.
//!
//! Syntax (whitespace optional between tokens):
//! - a generator name or alias, matched longest-first (`BaabaBBab` parses when `a`, `b`
//!   are aliases of `A'`, `B'`);
//! - suffixes: `'` (inverse), Singmaster powers `R2`, `U2'`, `R3` (digits right after
//!   the name or bracket), `^k`, `^-1`, `^{-1}`;
//! - groups `(Y X)^4`, commutators `[A, B]` = `A B A' B'`, conjugates `[A: B]` =
//!   `A B A'`, each with the same suffixes.
//!
//! Limits ([`crate::limits`]): brackets nest at most [`MAX_WORD_DEPTH`] deep; powers
//! lie in `-(2^63-1) ..= 2^63-1`; a word is kept compact (`(R U)^1000000000` costs
//! nothing to evaluate), and expanding it into letters ([`Word::try_letters`]) is
//! refused beyond [`MAX_WORD_LETTERS`] letters.
//!
//! ```
//! use permlab::Puzzle;
//! let cube = Puzzle::builtin("cube3").unwrap();
//! let w = cube.parse_word("[R, U] (R U2)^2'").unwrap();
//! assert_eq!(w.to_string(), "[R, U] (R U2)^-2");
//! assert_eq!(w.letter_count(), 8);
//! assert!((cube.eval(&w) * cube.eval(&w.inverse())).is_identity());
//! ```

use crate::limits::{clip, MAX_ECHO_CHARS, MAX_WORD_DEPTH, MAX_WORD_LETTERS};
use crate::perm::Perm;
use std::fmt;
use std::sync::Arc;

/// Order in which the letters of a word are multiplied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum ProductOrder {
    /// `g1 g2 … gk` is first `g1`, then `g2` … (GAP; the crate's default).
    LeftToRight,
    /// `g1 g2 … gk` is first `gk`, then … `g1` (function composition).
    RightToLeft,
}

/// Which way a generator letter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Direction {
    /// A letter is the generator as defined (clockwise turns; the default).
    Clockwise,
    /// A letter is the inverse of the generator (counterclockwise turns).
    Counterclockwise,
}

/// A reading of words: product order × turn direction. The default is GAP's
/// left-to-right product with clockwise letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Convention {
    /// Product order.
    pub order: ProductOrder,
    /// Turn direction of letters.
    pub direction: Direction,
}

impl Default for Convention {
    fn default() -> Self {
        Convention {
            order: ProductOrder::LeftToRight,
            direction: Direction::Clockwise,
        }
    }
}

impl Convention {
    /// All four conventions, the default first.
    pub fn all() -> [Convention; 4] {
        use Direction::*;
        use ProductOrder::*;
        [
            Convention {
                order: LeftToRight,
                direction: Clockwise,
            },
            Convention {
                order: RightToLeft,
                direction: Clockwise,
            },
            Convention {
                order: LeftToRight,
                direction: Counterclockwise,
            },
            Convention {
                order: RightToLeft,
                direction: Counterclockwise,
            },
        ]
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = match self.order {
            ProductOrder::LeftToRight => "left-to-right",
            ProductOrder::RightToLeft => "right-to-left",
        };
        let d = match self.direction {
            Direction::Clockwise => "clockwise",
            Direction::Counterclockwise => "counterclockwise",
        };
        write!(f, "{o} products, {d} letters")
    }
}

/// A malformed word, with the 1-based column of the offending token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordParseError {
    /// Text that matches no generator name or alias.
    #[error("column {column}: unknown move {text:?} (known: {known})")]
    UnknownMove {
        /// 1-based column.
        column: usize,
        /// The unmatched text (up to the next space or bracket), at most
        /// [`MAX_ECHO_CHARS`] characters.
        text: String,
        /// The known names, comma-separated (the first 20, then how many more).
        known: String,
    },
    /// Brackets nested deeper than [`MAX_WORD_DEPTH`].
    #[error("column {column}: brackets nested more than {MAX_WORD_DEPTH} deep")]
    TooDeep {
        /// 1-based column of the bracket that is too deep.
        column: usize,
    },
    /// A word whose expansion into letters exceeds [`MAX_WORD_LETTERS`].
    #[error("the word expands to {letters} letters, more than the limit of {MAX_WORD_LETTERS}")]
    TooLong {
        /// The number of letters (saturating).
        letters: u128,
    },
    /// A bracket or separator in the wrong place.
    #[error("column {column}: unexpected {found:?}{expected}")]
    Unexpected {
        /// 1-based column.
        column: usize,
        /// What was found (`end of word` at the end).
        found: String,
        /// What was expected, as `, expected …`.
        expected: String,
    },
    /// A power that is not an integer or does not fit.
    #[error("column {column}: bad power {text:?}")]
    BadPower {
        /// 1-based column.
        column: usize,
        /// The text of the power.
        text: String,
    },
}

/// What a term of a word is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TermKind {
    /// A generator, by index.
    Gen(usize),
    /// A parenthesised subword.
    Group(Vec<Term>),
    /// `[A, B]` = `A B A' B'`.
    Commutator(Vec<Term>, Vec<Term>),
    /// `[A: B]` = `A B A'`.
    Conjugate(Vec<Term>, Vec<Term>),
}

/// A term raised to an integer power.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    /// The term.
    pub kind: TermKind,
    /// Its power (negative for inverses).
    pub power: i64,
}

/// A word over a puzzle's generators, kept in its parsed structure (groups,
/// commutators and powers are not expanded, so `(R U F L B)^100000` is small).
#[derive(Clone, Debug)]
pub struct Word {
    terms: Vec<Term>,
    names: Arc<[String]>,
}

impl PartialEq for Word {
    fn eq(&self, other: &Word) -> bool {
        self.terms == other.terms
    }
}
impl Eq for Word {}

/// A token of an alphabet: text that stands for a generator to a power.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Token {
    text: String,
    gen: usize,
    power: i64,
}

/// The names a word may use: generator names and aliases such as `a` = `A'`.
#[derive(Clone, Debug)]
pub struct Alphabet {
    names: Arc<[String]>,
    tokens: Vec<Token>,
}

impl Alphabet {
    /// An alphabet with the given generator names (in generator order).
    pub fn new(names: Vec<String>) -> Alphabet {
        let tokens = names
            .iter()
            .enumerate()
            .map(|(gen, text)| Token {
                text: text.clone(),
                gen,
                power: 1,
            })
            .collect();
        Alphabet {
            names: names.into(),
            tokens,
        }
    }

    /// Declares `text` as an alias of generator `gen` to the power `power`.
    ///
    /// # Panics
    ///
    /// If `gen` is not a generator index (`gen >= names().len()`).
    pub fn add_alias(&mut self, text: &str, gen: usize, power: i64) {
        assert!(
            gen < self.names.len(),
            "alias {text:?}: generator index {gen} out of range (there are {})",
            self.names.len()
        );
        self.tokens.retain(|t| t.text != text);
        self.tokens.push(Token {
            text: text.to_string(),
            gen,
            power,
        });
    }

    /// The generator names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The aliases as `(text, generator, power)`.
    pub fn aliases(&self) -> Vec<(String, usize, i64)> {
        self.tokens
            .iter()
            .filter(|t| t.power != 1 || self.names[t.gen] != t.text)
            .map(|t| (t.text.clone(), t.gen, t.power))
            .collect()
    }

    /// The index of a generator name.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Parses a word. Empty names and aliases never match.
    pub fn parse(&self, text: &str) -> Result<Word, WordParseError> {
        let mut p = Parser {
            chars: text.chars().collect(),
            pos: 0,
            depth: 0,
            alphabet: self,
        };
        let terms = p.sequence()?;
        p.skip_space();
        if p.pos < p.chars.len() {
            return Err(p.unexpected(""));
        }
        Ok(Word {
            terms,
            names: self.names.clone(),
        })
    }

    /// The word consisting of one generator to a power.
    pub fn letter(&self, gen: usize, power: i64) -> Word {
        Word::from_letters(self.names.clone(), &[(gen, power)])
    }
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    /// Brackets open at `pos`: the recursion depth, at most [`MAX_WORD_DEPTH`].
    depth: usize,
    alphabet: &'a Alphabet,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.pos < self.chars.len() && self.chars[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn unexpected(&self, expected: &str) -> WordParseError {
        let found = match self.peek() {
            Some(c) => c.to_string(),
            None => "end of word".to_string(),
        };
        WordParseError::Unexpected {
            column: self.pos + 1,
            found,
            expected: if expected.is_empty() {
                String::new()
            } else {
                format!(", expected {expected}")
            },
        }
    }

    /// Terms until a closing bracket, separator or end.
    fn sequence(&mut self) -> Result<Vec<Term>, WordParseError> {
        let mut terms = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None | Some(')') | Some(']') | Some(',') | Some(':') => return Ok(terms),
                _ => terms.push(self.term()?),
            }
        }
    }

    fn expect(&mut self, c: char) -> Result<(), WordParseError> {
        self.skip_space();
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected(&format!("{c:?}")))
        }
    }

    fn term(&mut self) -> Result<Term, WordParseError> {
        let c = self.peek().expect("sequence checked for a character");
        if c == '(' || c == '[' {
            if self.depth >= MAX_WORD_DEPTH {
                return Err(WordParseError::TooDeep {
                    column: self.pos + 1,
                });
            }
            self.depth += 1;
        }
        let (kind, power) = match c {
            '(' => {
                self.pos += 1;
                let body = self.sequence()?;
                self.expect(')')?;
                (TermKind::Group(body), 1)
            }
            '[' => {
                self.pos += 1;
                let a = self.sequence()?;
                self.skip_space();
                let sep = self.peek();
                if sep != Some(',') && sep != Some(':') {
                    return Err(self.unexpected("',' or ':'"));
                }
                self.pos += 1;
                let b = self.sequence()?;
                self.expect(']')?;
                if sep == Some(',') {
                    (TermKind::Commutator(a, b), 1)
                } else {
                    (TermKind::Conjugate(a, b), 1)
                }
            }
            _ => {
                let tok = self.longest_token()?;
                (TermKind::Gen(tok.gen), tok.power)
            }
        };
        if c == '(' || c == '[' {
            self.depth -= 1;
        }
        let power = power
            .checked_mul(self.suffixes()?)
            .filter(|&p| p != i64::MIN)
            .ok_or(WordParseError::BadPower {
                column: self.pos,
                text: "overflow (powers are at most 2^63-1 in size)".into(),
            })?;
        Ok(Term { kind, power })
    }

    fn longest_token(&mut self) -> Result<Token, WordParseError> {
        // only the next `longest` characters can match: keeps parsing linear
        let longest = self
            .alphabet
            .tokens
            .iter()
            .map(|t| t.text.chars().count())
            .max()
            .unwrap_or(0);
        let rest: String = self.chars[self.pos..].iter().take(longest).collect();
        let best = self
            .alphabet
            .tokens
            .iter()
            .filter(|t| !t.text.is_empty() && rest.starts_with(&t.text))
            .max_by_key(|t| t.text.len());
        match best {
            Some(t) => {
                self.pos += t.text.chars().count();
                Ok(t.clone())
            }
            None => {
                let text: String = self.chars[self.pos..]
                    .iter()
                    .take_while(|c| !c.is_whitespace() && !"()[],:^".contains(**c))
                    .take(MAX_ECHO_CHARS + 1)
                    .collect();
                const SHOWN: usize = 20;
                let tokens = &self.alphabet.tokens;
                let mut known = tokens
                    .iter()
                    .take(SHOWN)
                    .map(|t| clip(&t.text))
                    .collect::<Vec<_>>()
                    .join(", ");
                if tokens.len() > SHOWN {
                    known.push_str(&format!(", … {} more", tokens.len() - SHOWN));
                }
                Err(WordParseError::UnknownMove {
                    column: self.pos + 1,
                    text: clip(&text),
                    known,
                })
            }
        }
    }

    fn number(&mut self, allow_sign: bool) -> Result<i64, WordParseError> {
        let start = self.pos;
        if allow_sign && matches!(self.peek(), Some('-') | Some('+')) {
            self.pos += 1;
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let mut text: String = self.chars[start..self.pos].iter().collect();
        let parsed = text.parse::<i64>();
        if parsed.is_err() && self.pos == start {
            // nothing numeric: report the token that stands where the power should be
            text = self.chars[start..]
                .iter()
                .take_while(|c| !c.is_whitespace() && !"()[],:".contains(**c))
                .collect();
        }
        parsed.map_err(|_| WordParseError::BadPower {
            column: start + 1,
            text,
        })
    }

    /// `'`, digits, `^k`, `^{k}` in any sequence; returns the product of the powers.
    fn suffixes(&mut self) -> Result<i64, WordParseError> {
        let mut power: i64 = 1;
        let overflow = |col| WordParseError::BadPower {
            column: col,
            text: "overflow".into(),
        };
        loop {
            match self.peek() {
                Some('\'') => {
                    self.pos += 1;
                    power = -power;
                }
                Some(c) if c.is_ascii_digit() => {
                    let col = self.pos + 1;
                    let k = self.number(false)?;
                    power = power.checked_mul(k).ok_or(overflow(col))?;
                }
                Some('^') => {
                    self.pos += 1;
                    let col = self.pos + 1;
                    let k = if self.peek() == Some('{') {
                        self.pos += 1;
                        let k = self.number(true)?;
                        if self.peek() != Some('}') {
                            return Err(self.unexpected("'}'"));
                        }
                        self.pos += 1;
                        k
                    } else {
                        self.number(true)?
                    };
                    power = power.checked_mul(k).ok_or(overflow(col))?;
                }
                _ => return Ok(power),
            }
        }
    }
}

impl Word {
    /// The word `g1^p1 g2^p2 …` from (generator, power) letters.
    pub fn from_letters(names: Arc<[String]>, letters: &[(usize, i64)]) -> Word {
        Word {
            terms: letters
                .iter()
                .map(|&(g, p)| Term {
                    kind: TermKind::Gen(g),
                    power: p,
                })
                .collect(),
            names,
        }
    }

    /// The empty word over the same names.
    pub fn empty_like(&self) -> Word {
        Word {
            terms: Vec::new(),
            names: self.names.clone(),
        }
    }

    /// The top-level terms.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The generator names this word prints with.
    pub fn names(&self) -> &Arc<[String]> {
        &self.names
    }

    /// Whether the word has no letters.
    pub fn is_empty(&self) -> bool {
        self.letter_count() == 0
    }

    /// The permutation of the word under the default convention.
    ///
    /// # Panics
    ///
    /// If the word names a generator index `>= gens.len()` (words parsed by a puzzle's
    /// alphabet and evaluated with its moves never do).
    pub fn eval(&self, gens: &[Perm]) -> Perm {
        self.eval_with(gens, Convention::default())
    }

    /// The permutation of the word under a convention. Powers are taken with
    /// [`Perm::pow`], so large exponents cost nothing extra. Panics as
    /// [`Word::eval`] does.
    pub fn eval_with(&self, gens: &[Perm], conv: Convention) -> Perm {
        let degree = gens.iter().map(Perm::degree).max().unwrap_or(0);
        eval_terms(&self.terms, gens, conv, degree)
    }

    /// The inverse word: terms reversed, powers negated.
    ///
    /// # Panics
    ///
    /// If a power is `i64::MIN`, which has no negation (the parser refuses it; only
    /// [`Word::from_letters`] can make one).
    pub fn inverse(&self) -> Word {
        Word {
            terms: invert_terms(&self.terms),
            names: self.names.clone(),
        }
    }

    /// The word followed by `other`.
    pub fn concat(&self, other: &Word) -> Word {
        let mut terms = self.terms.clone();
        terms.extend(other.terms.iter().cloned());
        Word {
            terms,
            names: self.names.clone(),
        }
    }

    /// The letters `(generator, ±power)` of the fully expanded word. A letter with power
    /// `p` stands for one turn (`R2` is one letter). Words that expand to more than
    /// [`MAX_WORD_LETTERS`] letters are refused before anything is allocated.
    ///
    /// ```
    /// use permlab::Puzzle;
    /// let t = Puzzle::builtin("turnstyle:12").unwrap();
    /// assert_eq!(t.parse_word("(L T)^2").unwrap().try_letters().unwrap().len(), 4);
    /// assert!(t.parse_word("(L T)^100000000").unwrap().try_letters().is_err());
    /// ```
    pub fn try_letters(&self) -> Result<Vec<(usize, i64)>, WordParseError> {
        let letters = self.letter_count();
        if letters > u128::from(MAX_WORD_LETTERS) {
            return Err(WordParseError::TooLong { letters });
        }
        let mut out = Vec::with_capacity(letters as usize);
        expand_terms(&self.terms, &mut out);
        Ok(out)
    }

    /// [`Word::try_letters`] for words known to be short (built by the program).
    ///
    /// # Panics
    ///
    /// If the word expands to more than [`MAX_WORD_LETTERS`] letters; use
    /// [`Word::try_letters`] for words from input.
    pub fn letters(&self) -> Vec<(usize, i64)> {
        self.try_letters().unwrap_or_else(|e| panic!("{e}"))
    }

    /// The number of letters of the expanded word, computed without expanding
    /// (saturating at `u128::MAX`).
    pub fn letter_count(&self) -> u128 {
        count_terms(&self.terms)
    }

    /// The flat word of [`Word::letters`] (which panics beyond [`MAX_WORD_LETTERS`]).
    pub fn flattened(&self) -> Word {
        Word::from_letters(self.names.clone(), &self.letters())
    }

    /// Free reduction with generator orders: merges adjacent letters of one generator,
    /// reduces powers modulo the generator's order (to the range `-o/2 < p ≤ o/2`) and
    /// cancels trivial letters, repeatedly (`R R'` vanishes, `X X X X` vanishes when
    /// `X` has order 4). `orders[g]` is generator `g`'s order (0 = unknown, no folding).
    ///
    /// ```
    /// use permlab::Puzzle;
    /// let cube = Puzzle::builtin("cube3").unwrap();
    /// let w = cube.parse_word("R U U' R2 F F F").unwrap();
    /// assert_eq!(cube.simplify(&w).to_string(), "R' F'");
    /// ```
    ///
    /// # Panics
    ///
    /// If the word expands to more than [`MAX_WORD_LETTERS`] letters; use
    /// [`Word::try_simplify`] for words from input.
    pub fn simplify(&self, orders: &[u64]) -> Word {
        self.try_simplify(orders).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Word::simplify`], refusing words that expand to more than
    /// [`MAX_WORD_LETTERS`] letters.
    pub fn try_simplify(&self, orders: &[u64]) -> Result<Word, WordParseError> {
        Ok(Word::from_letters(
            self.names.clone(),
            &crate::letters::reduced(&self.try_letters()?, orders),
        ))
    }

    /// The same word with every power written as a positive power below the generator
    /// order (`X'` becomes `X3` for a quarter turn), for puzzles that allow only one
    /// turn direction (seed 001). Panics as [`Word::letters`] does.
    pub fn with_positive_powers(&self, orders: &[u64]) -> Word {
        let letters: Vec<(usize, i64)> = self
            .letters()
            .into_iter()
            .map(|(g, p)| {
                let o = orders.get(g).copied().unwrap_or(0) as i64;
                (g, if o > 0 { p.rem_euclid(o) } else { p })
            })
            .filter(|&(_, p)| p != 0)
            .collect();
        Word::from_letters(self.names.clone(), &letters)
    }

    /// Number of quarter turns: the sum of `|power|` over the expanded letters,
    /// computed without expanding (saturating at `u128::MAX`).
    ///
    /// ```
    /// use permlab::Puzzle;
    /// let cube = Puzzle::builtin("cube3").unwrap();
    /// assert_eq!(cube.parse_word("[R2, U]^3").unwrap().power_sum(), 18);
    /// assert_eq!(cube.parse_word("(R U)^9223372036854775807").unwrap().power_sum(), 2 * (i64::MAX as u128));
    /// ```
    pub fn power_sum(&self) -> u128 {
        sum_terms(&self.terms, &|t| u128::from(t.power.unsigned_abs()))
    }
}

fn combine(parts: Vec<Perm>, conv: Convention, degree: usize) -> Perm {
    let mut acc = Perm::identity(degree);
    match conv.order {
        ProductOrder::LeftToRight => parts.iter().for_each(|p| acc = &acc * p),
        ProductOrder::RightToLeft => parts.iter().rev().for_each(|p| acc = &acc * p),
    }
    acc
}

fn eval_terms(terms: &[Term], gens: &[Perm], conv: Convention, degree: usize) -> Perm {
    let parts = terms
        .iter()
        .map(|t| eval_term(t, gens, conv, degree))
        .collect();
    combine(parts, conv, degree)
}

fn eval_term(term: &Term, gens: &[Perm], conv: Convention, degree: usize) -> Perm {
    let base = match &term.kind {
        TermKind::Gen(g) => {
            let p = gens[*g].extended(degree);
            match conv.direction {
                Direction::Clockwise => p,
                Direction::Counterclockwise => p.inverse(),
            }
        }
        TermKind::Group(body) => eval_terms(body, gens, conv, degree),
        TermKind::Commutator(a, b) => {
            let a = eval_terms(a, gens, conv, degree);
            let b = eval_terms(b, gens, conv, degree);
            let (ai, bi) = (a.inverse(), b.inverse());
            combine(vec![a, b, ai, bi], conv, degree)
        }
        TermKind::Conjugate(a, b) => {
            let a = eval_terms(a, gens, conv, degree);
            let b = eval_terms(b, gens, conv, degree);
            let ai = a.inverse();
            combine(vec![a, b, ai], conv, degree)
        }
    };
    base.pow(term.power)
}

fn invert_terms(terms: &[Term]) -> Vec<Term> {
    terms
        .iter()
        .rev()
        .map(|t| Term {
            kind: t.kind.clone(),
            power: t
                .power
                .checked_neg()
                .expect("a power other than i64::MIN (see Word::inverse)"),
        })
        .collect()
}

fn expand_term_once(term: &Term, out: &mut Vec<(usize, i64)>) {
    match &term.kind {
        TermKind::Gen(g) => out.push((*g, term.power.signum())),
        TermKind::Group(body) => expand_terms(body, out),
        TermKind::Commutator(a, b) => {
            expand_terms(a, out);
            expand_terms(b, out);
            expand_terms(&invert_terms(a), out);
            expand_terms(&invert_terms(b), out);
        }
        TermKind::Conjugate(a, b) => {
            expand_terms(a, out);
            expand_terms(b, out);
            expand_terms(&invert_terms(a), out);
        }
    }
}

fn expand_terms(terms: &[Term], out: &mut Vec<(usize, i64)>) {
    for t in terms {
        if let TermKind::Gen(g) = t.kind {
            if t.power != 0 {
                out.push((g, t.power));
            }
            continue;
        }
        let mut once = Vec::new();
        let unit = Term {
            kind: t.kind.clone(),
            power: 1,
        };
        expand_term_once(&unit, &mut once);
        let body: Vec<(usize, i64)> = if t.power >= 0 {
            once
        } else {
            once.iter().rev().map(|&(g, p)| (g, -p)).collect()
        };
        for _ in 0..t.power.unsigned_abs() {
            out.extend_from_slice(&body);
        }
    }
}

fn count_terms(terms: &[Term]) -> u128 {
    sum_terms(terms, &|t| u128::from(t.power != 0))
}

/// The sum over the expanded letters of `letter(term)` for a generator term, without
/// expanding (inverting a subword keeps each letter's weight); saturating.
fn sum_terms(terms: &[Term], letter: &dyn Fn(&Term) -> u128) -> u128 {
    terms.iter().fold(0u128, |acc, t| {
        let once = match &t.kind {
            TermKind::Gen(_) => return acc.saturating_add(letter(t)),
            TermKind::Group(b) => sum_terms(b, letter),
            TermKind::Commutator(a, b) => sum_terms(a, letter)
                .saturating_add(sum_terms(b, letter))
                .saturating_mul(2),
            TermKind::Conjugate(a, b) => sum_terms(a, letter)
                .saturating_mul(2)
                .saturating_add(sum_terms(b, letter)),
        };
        acc.saturating_add(once.saturating_mul(u128::from(t.power.unsigned_abs())))
    })
}

fn fmt_power(f: &mut fmt::Formatter<'_>, power: i64, bracket: bool) -> fmt::Result {
    match (power, bracket) {
        (1, _) => Ok(()),
        (-1, _) => f.write_str("'"),
        (p, false) if p > 1 => write!(f, "{p}"),
        // i64::MIN has no positive counterpart, so it keeps the ^ form
        (p, false) if p < -1 && p != i64::MIN => write!(f, "{}'", -p),
        (p, _) => write!(f, "^{p}"),
    }
}

fn fmt_terms(f: &mut fmt::Formatter<'_>, terms: &[Term], names: &[String]) -> fmt::Result {
    for (i, t) in terms.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        match &t.kind {
            TermKind::Gen(g) => {
                let name = &names[*g];
                f.write_str(name)?;
                // A name ending in a digit needs ^k so the power is not read as part of it.
                let ends_digit = name.ends_with(|c: char| c.is_ascii_digit() || c == '\'');
                fmt_power(f, t.power, ends_digit)?;
            }
            TermKind::Group(b) => {
                f.write_str("(")?;
                fmt_terms(f, b, names)?;
                f.write_str(")")?;
                fmt_power(f, t.power, true)?;
            }
            TermKind::Commutator(a, b) | TermKind::Conjugate(a, b) => {
                let sep = if matches!(t.kind, TermKind::Commutator(..)) {
                    ", "
                } else {
                    ": "
                };
                f.write_str("[")?;
                fmt_terms(f, a, names)?;
                f.write_str(sep)?;
                fmt_terms(f, b, names)?;
                f.write_str("]")?;
                fmt_power(f, t.power, true)?;
            }
        }
    }
    Ok(())
}

impl fmt::Display for Word {
    /// The word in the parser's syntax (round-trips through [`Alphabet::parse`]);
    /// the empty word prints as nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_terms(f, &self.terms, &self.names)
    }
}

impl serde::Serialize for Word {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn abc() -> Alphabet {
        let mut a = Alphabet::new(vec!["A".into(), "B".into(), "AB".into()]);
        a.add_alias("a", 0, -1);
        a.add_alias("b", 1, -1);
        a
    }

    #[test]
    fn longest_match_and_aliases() {
        let al = abc();
        let w = al.parse("ABaB").unwrap();
        assert_eq!(w.letters(), vec![(2, 1), (0, -1), (1, 1)]);
        let w = al.parse("BaabaBBab").unwrap();
        assert_eq!(w.letter_count(), 9);
    }

    #[test]
    fn powers() {
        let al = abc();
        for (text, letters) in [
            ("A2", vec![(0, 2)]),
            ("A2'", vec![(0, -2)]),
            ("A^3", vec![(0, 3)]),
            ("A^-1", vec![(0, -1)]),
            ("A^{-1}", vec![(0, -1)]),
            ("(A B)^2", vec![(0, 1), (1, 1), (0, 1), (1, 1)]),
            ("(A B)'", vec![(1, -1), (0, -1)]),
            ("[A, B]", vec![(0, 1), (1, 1), (0, -1), (1, -1)]),
            ("[A: B]", vec![(0, 1), (1, 1), (0, -1)]),
            ("[A,B]'", vec![(1, 1), (0, 1), (1, -1), (0, -1)]),
        ] {
            assert_eq!(al.parse(text).unwrap().letters(), letters, "{text}");
        }
    }

    #[test]
    fn errors_name_token_and_column() {
        let al = abc();
        assert_eq!(
            al.parse("A Q B").unwrap_err(),
            WordParseError::UnknownMove {
                column: 3,
                text: "Q".into(),
                known: "A, B, AB, a, b".into()
            }
        );
        assert!(matches!(
            al.parse("(A B"),
            Err(WordParseError::Unexpected { column: 5, .. })
        ));
        assert!(matches!(
            al.parse("A B)"),
            Err(WordParseError::Unexpected { column: 4, .. })
        ));
        assert!(matches!(
            al.parse("[A B]"),
            Err(WordParseError::Unexpected { column: 5, .. })
        ));
        assert!(matches!(
            al.parse("A^x"),
            Err(WordParseError::BadPower { column: 3, .. })
        ));
        assert!(matches!(
            al.parse("A^{2"),
            Err(WordParseError::Unexpected { column: 5, .. })
        ));
    }

    #[test]
    fn display_roundtrips() {
        let al = abc();
        for text in ["A B2 a", "(A B)^4 [A, B]^-1 [A: B2']", "AB^3 A'"] {
            let w = al.parse(text).unwrap();
            let again = al.parse(&w.to_string()).unwrap();
            assert_eq!(w, again, "{text} -> {w}");
        }
    }

    #[test]
    fn letter_count_without_expanding() {
        let al = abc();
        let w = al.parse("(A B A B B)^100000").unwrap();
        assert_eq!(w.letter_count(), 500_000);
    }

    #[test]
    fn counts_saturate_and_expansion_is_bounded() {
        let al = abc();
        // 150 nested commutators: 2^151 letters, beyond u128
        let text = format!("{}A{}", "[".repeat(150), ", B]".repeat(150));
        let w = al.parse(&text).unwrap();
        assert_eq!(w.letter_count(), u128::MAX);
        assert_eq!(w.power_sum(), u128::MAX);
        assert_eq!(
            w.try_letters(),
            Err(WordParseError::TooLong { letters: u128::MAX })
        );
        assert!(w.try_simplify(&[0, 0, 0]).is_err());
        // counts against brute-force expansion on small words
        for text in ["[A, B]^3 (A2 B')^2", "[[A, B]: A3]^-2 AB"] {
            let w = al.parse(text).unwrap();
            let letters = w.try_letters().unwrap();
            assert_eq!(w.letter_count(), letters.len() as u128, "{text}");
            let sum: u128 = letters.iter().map(|&(_, p)| p.unsigned_abs() as u128).sum();
            assert_eq!(w.power_sum(), sum, "{text}");
        }
    }

    #[test]
    fn depth_limit_and_extreme_powers() {
        let al = abc();
        let ok = format!(
            "{}A{}",
            "(".repeat(MAX_WORD_DEPTH),
            ")".repeat(MAX_WORD_DEPTH)
        );
        assert!(al.parse(&ok).is_ok());
        let deep = format!("{}A{}", "[".repeat(100_000), ", B]".repeat(100_000));
        assert_eq!(
            al.parse(&deep),
            Err(WordParseError::TooDeep {
                column: MAX_WORD_DEPTH + 1
            })
        );
        let w = al
            .parse("A^9223372036854775807 A^-9223372036854775807")
            .unwrap();
        assert_eq!(al.parse(&w.to_string()).unwrap(), w);
        assert!(al.parse("A^-9223372036854775808").is_err());
        // a word built with power i64::MIN prints in the ^ form (which is refused)
        let min = Word::from_letters(al.names.clone(), &[(0, i64::MIN)]);
        assert_eq!(min.to_string(), "A^-9223372036854775808");
        assert!(matches!(
            al.parse(&min.to_string()),
            Err(WordParseError::BadPower { .. })
        ));
    }

    #[test]
    fn empty_names_never_match() {
        let mut al = Alphabet::new(vec!["".into(), "A".into()]);
        al.add_alias("", 1, -1);
        assert!(matches!(
            al.parse("A Q"),
            Err(WordParseError::UnknownMove { column: 3, .. })
        ));
        assert_eq!(al.parse("A A").unwrap().letter_count(), 2);
    }
}
