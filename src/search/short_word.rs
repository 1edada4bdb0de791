//! Short words for elements of a puzzle's group: the shorter of the puzzle's solver
//! ([`super::solver::Solver`], the one `permlab solve` runs, within a time budget) and
//! Minkwitz's factorisation through the stabiliser chain ([`crate::group::factor`]),
//! as `permlab factor` and `permlab conjugate` print them.
//!
//! Minkwitz's tables write any element of the group as a product of one stored word per
//! base point, each shortened by subword replacement: about 300 letters on the 3×3×3
//! cube. A solver that searches (the two-phase method, piece stages, a complete
//! distance table) answers in about 20 on the same positions. A word for `x` is a
//! solution of `x⁻¹` (the solver's word `w` has `x⁻¹·w = 1`). For a group with no
//! puzzle structure the solver has no method but the same factorisation, and
//! Minkwitz's word stays. Every word returned is evaluated and checked equal to its
//! element.
//!
//! For conjugation ([`ShortWords::conjugator`]) any element of the coset `C_G(g)·x` of
//! conjugating elements will do: [`crate::PermGroup::short_conjugating_word`]
//! enumerates the short words, else factors many coset elements through Minkwitz's
//! tables; here the solver is then run on the coset elements whose factorisations were
//! shortest, while the time budget lasts, and the shortest word of all kept.

use super::budget::SearchBudget;
use super::cache::TableCache;
use super::solver::{Method, SolveError, SolveOptions, Solver};
use crate::group::conjugacy::{ConjugatorMethod, CONJUGATOR_CANDIDATES};
use crate::group::PermGroup;
use crate::perm::Perm;
use crate::puzzle::Puzzle;
use crate::word::Word;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Default seconds the solver may spend on one word (`permlab factor`, `permlab
/// conjugate`): the two-phase method answers a 3×3×3 position in well under a
/// second once its tables are in the table cache.
pub const DEFAULT_SECONDS: f64 = 2.0;

/// Most coset elements [`ShortWords::conjugator`] hands to the solver.
pub const SOLVED_CANDIDATES: usize = 32;

/// How a word was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordMethod {
    /// Minkwitz's tables with subword shortening ([`crate::group::factor`]).
    Minkwitz,
    /// The puzzle's solver, by this method.
    Solver(Method),
    /// A conjugating word found by [`crate::PermGroup::short_conjugating_word`].
    Conjugator(ConjugatorMethod),
}

impl std::fmt::Display for WordMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WordMethod::Minkwitz => f.write_str("Minkwitz's factorisation with subword shortening"),
            WordMethod::Solver(m) => write!(f, "the solver: {m}"),
            WordMethod::Conjugator(m) => write!(f, "{m}"),
        }
    }
}

impl WordMethod {
    /// A short name for JSON: `minkwitz`, `solver`, `enumeration`.
    pub fn key(&self) -> &'static str {
        match self {
            WordMethod::Minkwitz | WordMethod::Conjugator(ConjugatorMethod::Minkwitz { .. }) => {
                "minkwitz"
            }
            WordMethod::Solver(_) => "solver",
            WordMethod::Conjugator(ConjugatorMethod::Enumeration { .. }) => "enumeration",
        }
    }
}

/// A word for an element, checked to evaluate to it.
#[derive(Clone, Debug)]
pub struct ShortWord {
    /// The word over the puzzle's moves (simplified), equal to the element.
    pub word: Word,
    /// How it was found.
    pub method: WordMethod,
    /// The length (letters) of Minkwitz's word, when the group was factored.
    pub minkwitz_letters: Option<u128>,
    /// The length (letters) of the solver's shortest word, when it answered.
    pub solver_letters: Option<u128>,
    /// Why the solver did not answer, when it was run and did not.
    pub solver_note: Option<String>,
}

/// Why no word was found.
#[derive(Debug, thiserror::Error)]
pub enum ShortWordError {
    /// The element is not in the group.
    #[error("the element is not in the puzzle's group")]
    NotInGroup,
    /// Neither method answered (explained).
    #[error("{0}")]
    NoWord(String),
    /// The stop flag was raised (Ctrl-C).
    #[error("interrupted (Ctrl-C)")]
    Interrupted,
    /// A group computation failed.
    #[error(transparent)]
    Group(#[from] crate::group::GroupError),
}

/// A conjugating element with its word ([`ShortWords::conjugator`]).
#[derive(Clone, Debug)]
pub struct ShortConjugator {
    /// The element `x`, `x⁻¹ g x = h` (checked).
    pub element: Perm,
    /// Its word, `None` when the group is too large to factor and the solver did not
    /// answer.
    pub word: Option<ShortWord>,
}

/// Short words for elements of one puzzle's group (see the module docs), keeping the
/// group's tables and the solver's from one element to the next.
pub struct ShortWords {
    puzzle: Puzzle,
    /// The solver's group when there is a solver (one set of factorisation
    /// tables for both), else the puzzle's.
    group: Arc<PermGroup>,
    /// Where Minkwitz's tables are kept ([`TableCache::factor_tables`]).
    cache: TableCache,
    solver: Option<Solver>,
    /// Why there is no solver, when one was asked for.
    solver_note: Option<String>,
}

impl ShortWords {
    /// Short words for `puzzle`'s group; `solver` the options of the solver, `None`
    /// for Minkwitz's words alone.
    pub fn new(puzzle: &Puzzle, solver: Option<SolveOptions>) -> ShortWords {
        let cache = solver
            .as_ref()
            .map_or_else(TableCache::none, |o| o.cache.clone());
        let (solver, solver_note) = match solver.map(|o| Solver::new(puzzle, o)) {
            None => (None, None),
            Some(Ok(s)) if s.moves().is_some() => (Some(s), None),
            Some(Ok(_)) => (
                None,
                Some(format!(
                    "the solver does not search puzzles of more than {} points",
                    crate::limits::MAX_BYTE_STATE_POINTS
                )),
            ),
            Some(Err(e)) => (None, Some(format!("the solver does not apply: {e}"))),
        };
        ShortWords {
            cache,
            group: solver
                .as_ref()
                .map_or_else(|| Arc::new(puzzle.group()), |s| Arc::clone(s.group())),
            puzzle: puzzle.clone(),
            solver,
            solver_note,
        }
    }

    /// The same, keeping Minkwitz's tables in `cache` (by default the solver
    /// options' cache, none without a solver).
    pub fn with_cache(mut self, cache: TableCache) -> ShortWords {
        self.cache = cache;
        self
    }

    /// The puzzle's group.
    pub fn group(&self) -> &PermGroup {
        &self.group
    }

    /// Minkwitz's word for `x` (simplified and checked), or `None` when the group
    /// cannot be factored.
    fn minkwitz(&self, x: &Perm) -> Option<Word> {
        self.cache.factor_tables(&self.group, &|_| {});
        let w = self.group.factor_word(x, &self.puzzle.generator_names())?;
        let w = self.puzzle.simplify(&w);
        (self.puzzle.eval(&w) == *x).then_some(w)
    }

    /// The solver's word for `x` within `budget` (simplified and checked), or why
    /// there is none. The solver is run on the position `x` (its solution inverted) in
    /// the first half of the budget and on `x⁻¹` in the second half, unless the first
    /// answer is optimal or the solver's own factorisation (its searches did not
    /// answer): the two searches meet different positions, and a near-optimal
    /// method can be much quicker on one than on the other. The shorter answer is kept.
    fn solved(&mut self, x: &Perm, budget: &SearchBudget) -> Result<(Word, Method), String> {
        let Some(solver) = self.solver.as_mut() else {
            return Err(self
                .solver_note
                .clone()
                .unwrap_or_else(|| "the solver was not asked for".into()));
        };
        let mut first = *budget;
        first.deadline = budget.remaining().map(|left| Instant::now() + left / 2);
        let mut best: Option<(Word, Method)> = None;
        let mut why = String::new();
        for (position, deadline_budget, invert) in
            [(x.clone(), first, true), (x.inverse(), *budget, false)]
        {
            if best.is_some() && budget.expired() {
                break;
            }
            match solver.solve(&position, &deadline_budget) {
                Ok(sol) => {
                    let w = if invert {
                        sol.word.inverse()
                    } else {
                        sol.word.clone()
                    };
                    let w = self.puzzle.simplify(&w);
                    if self.puzzle.eval(&w) != *x {
                        return Err(
                            "internal error: the solver's word does not evaluate to the element"
                                .into(),
                        );
                    }
                    // the solver's last resort is the factorisation (rebuilding the
                    // tables): its searches did not answer, a second try would repeat it
                    let last = sol.optimal || sol.method == Method::Factorisation;
                    if best
                        .as_ref()
                        .is_none_or(|(b, _)| w.letter_count() < b.letter_count())
                    {
                        best = Some((w, sol.method));
                    }
                    if last {
                        break;
                    }
                }
                Err(SolveError::NotReachable) => {
                    // x is in the group (checked): the solver's last resort, the same
                    // factorisation through the stabiliser chain, gave up
                    why = "the solver found no word (its searches did not apply or ran out \
                           of time, and its factorisation gave up)"
                        .into();
                    break;
                }
                Err(e) => {
                    why = format!("the solver did not answer: {e}");
                    break;
                }
            }
            if budget.stopped() {
                break;
            }
        }
        best.ok_or(why)
    }

    /// A short word for `x`: the shorter of Minkwitz's and the solver's (within
    /// `budget`; ties go to Minkwitz's), checked to evaluate to `x`.
    ///
    /// ```
    /// use permlab::search::budget::SearchBudget;
    /// use permlab::search::short_word::{ShortWords, WordMethod};
    /// use permlab::search::solver::SolveOptions;
    /// use permlab::Puzzle;
    /// let cube = Puzzle::builtin("cube2").unwrap();
    /// let x = cube.eval(&cube.parse_word("R U R' U' F2 R").unwrap());
    /// let mut words = ShortWords::new(&cube, Some(SolveOptions::default()));
    /// let budget = SearchBudget::unlimited().with_time_limit(30.0).unwrap();
    /// let w = words.factor(&x, &budget).unwrap();
    /// assert_eq!(cube.eval(&w.word), x);
    /// assert!(w.word.letter_count() <= 6);
    /// assert!(w.word.letter_count() <= w.minkwitz_letters.unwrap());
    /// ```
    pub fn factor(&mut self, x: &Perm, budget: &SearchBudget) -> Result<ShortWord, ShortWordError> {
        if !self.group.contains(x) {
            return Err(ShortWordError::NotInGroup);
        }
        let minkwitz = self.minkwitz(x);
        let solved = match &minkwitz {
            // no word is shorter than one letter
            Some(m) if m.letter_count() <= 1 => {
                Err("the solver was not needed: no word is shorter".into())
            }
            _ => self.solved(x, budget),
        };
        if budget.stopped() {
            return Err(ShortWordError::Interrupted);
        }
        let (solved, solver_note) = match solved {
            Ok(s) => (Some(s), None),
            Err(why) => (None, Some(why)),
        };
        let minkwitz_letters = minkwitz.as_ref().map(Word::letter_count);
        let solver_letters = solved.as_ref().map(|(w, _)| w.letter_count());
        let (word, method) = match (minkwitz, solved) {
            (Some(m), Some((s, how))) if s.letter_count() < m.letter_count() => {
                (s, WordMethod::Solver(how))
            }
            (Some(m), _) => (m, WordMethod::Minkwitz),
            (None, Some((s, how))) => (s, WordMethod::Solver(how)),
            (None, None) => {
                let minkwitz = if self.group.can_factor() {
                    format!(
                        "factoring gave up: the word tables of this group could not be \
                         completed within {} point operations with words of at most {} letters",
                        crate::group::factor::WORK_LIMIT,
                        crate::group::factor::WORD_LIMIT
                    )
                } else {
                    "the group is too large to tabulate for factoring".into()
                };
                return Err(ShortWordError::NoWord(format!(
                    "{minkwitz}; {}",
                    solver_note.unwrap_or_default()
                )));
            }
        };
        Ok(ShortWord {
            word,
            method,
            minkwitz_letters,
            solver_letters,
            solver_note,
        })
    }

    /// A conjugating element `x` (`x⁻¹ g x = h`) with a short word, or `Ok(None)` when
    /// `g` and `h` are not conjugate in the group: the word of
    /// [`crate::PermGroup::short_conjugating_word`], then, unless that is a shortest
    /// word by enumeration, the solver's words for the coset elements whose Minkwitz
    /// words were shortest (at most [`SOLVED_CANDIDATES`], while `budget` lasts): the
    /// shortest word of all, checked to evaluate to a conjugating element.
    pub fn conjugator(
        &mut self,
        g: &Perm,
        h: &Perm,
        budget: &SearchBudget,
    ) -> Result<Option<ShortConjugator>, ShortWordError> {
        let Some(c) = self
            .group
            .short_conjugating_word(g, h, CONJUGATOR_CANDIDATES)?
        else {
            return Ok(None);
        };
        let names: std::sync::Arc<[String]> = self.puzzle.generator_names().into();
        let mut best: Option<(Word, WordMethod, Perm)> = None;
        let mut minkwitz_letters = None;
        if let Some((letters, method)) = &c.word {
            let w = self.puzzle.simplify(&Word::from_letters(names, letters));
            if self.puzzle.eval(&w) == c.element {
                let exact = matches!(method, ConjugatorMethod::Enumeration { .. });
                if !exact {
                    minkwitz_letters = Some(w.letter_count());
                }
                best = Some((w, WordMethod::Conjugator(method.clone()), c.element.clone()));
                if exact {
                    return Ok(Some(self.checked(
                        g,
                        h,
                        best,
                        minkwitz_letters,
                        None,
                        None,
                    )?));
                }
            }
        }
        let mut candidates = c.candidates.clone();
        if candidates.is_empty() {
            candidates.push(c.element.clone());
        }
        candidates.truncate(SOLVED_CANDIDATES);
        let mut solver_letters: Option<u128> = None;
        let mut solver_note = None;
        let started = Instant::now();
        for (i, y) in candidates.iter().enumerate() {
            if budget.expired() || budget.stopped() {
                break;
            }
            // each solve at most half of what is left, so that several are tried
            let mut each = *budget;
            if let Some(left) = budget.remaining() {
                each.deadline = Some(Instant::now() + left / 2);
            } else {
                each.deadline = Some(Instant::now() + Duration::from_secs_f64(DEFAULT_SECONDS));
            }
            match self.solved(y, &each) {
                Ok((w, how)) => {
                    let n = w.letter_count();
                    solver_letters = Some(solver_letters.map_or(n, |s| s.min(n)));
                    if best.as_ref().is_none_or(|(b, _, _)| n < b.letter_count()) {
                        best = Some((w, WordMethod::Solver(how), y.clone()));
                    }
                }
                Err(why) => {
                    if i == 0 {
                        solver_note = Some(why);
                    }
                    if self.solver.is_none() {
                        break;
                    }
                }
            }
            if budget.deadline.is_none() && started.elapsed().as_secs_f64() > DEFAULT_SECONDS {
                break;
            }
        }
        if budget.stopped() {
            return Err(ShortWordError::Interrupted);
        }
        let found = self.checked(g, h, best, minkwitz_letters, solver_letters, solver_note)?;
        Ok(Some(match found.word {
            Some(_) => found,
            None => ShortConjugator {
                element: c.element,
                word: None,
            },
        }))
    }

    /// The conjugator of `best` after checking that its word evaluates to its element
    /// and that the element conjugates `g` to `h`.
    fn checked(
        &self,
        g: &Perm,
        h: &Perm,
        best: Option<(Word, WordMethod, Perm)>,
        minkwitz_letters: Option<u128>,
        solver_letters: Option<u128>,
        solver_note: Option<String>,
    ) -> Result<ShortConjugator, ShortWordError> {
        let n = self.group.degree();
        let Some((word, method, element)) = best else {
            return Ok(ShortConjugator {
                element: Perm::identity(n),
                word: None,
            });
        };
        let x = self.puzzle.eval(&word);
        if x != element || g.extended(n).conjugate(&x) != h.extended(n) {
            return Err(ShortWordError::NoWord(
                "internal error: the conjugating word does not conjugate".into(),
            ));
        }
        Ok(ShortConjugator {
            element,
            word: Some(ShortWord {
                word,
                method,
                minkwitz_letters,
                solver_letters,
                solver_note,
            }),
        })
    }
}
