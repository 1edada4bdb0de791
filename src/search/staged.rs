//! Seed 001's staged solver for the clockwise-only Rotation puzzle: numbers are put
//! home one at a time (1, 2, 3, 7, 8, 9, 5, 4) by decision matrices `D(m)` that give,
//! for each cell number `m` may be in, the word to execute; repeated until `m` is
//! home. The matrices are data (`data/rotation3_staged.txt`), read with the puzzle's
//! word parser.

use super::bfs::exact_distances;
use super::space::{GroupSpace, StateSpace};
use super::DistanceDistribution;
use crate::perm::Perm;
use crate::puzzle::{format_state, Puzzle};

/// Seed 001's decision matrices, as shipped with permlab.
pub const ROTATION3_STAGES: &str = include_str!("../../data/rotation3_staged.txt");

/// What a cell of a decision matrix says.
#[derive(Clone, Debug)]
enum Entry {
    /// The number cannot be here.
    Illegal,
    /// The number is home.
    Home,
    /// Execute these clockwise turns (generator indices, in order).
    Turns(Vec<usize>, Perm),
}

/// A staged solver: one decision matrix per stage.
#[derive(Clone, Debug)]
pub struct StagedSolver {
    degree: usize,
    /// (label 0-based, entry per cell)
    stages: Vec<(usize, Vec<Entry>)>,
}

impl StagedSolver {
    /// The number of cells each stage's matrix accepts (every entry but `0`): the
    /// cases the solver considers, stage by stage.
    pub fn case_counts(&self) -> Vec<usize> {
        self.stages
            .iter()
            .map(|(_, cells)| {
                cells
                    .iter()
                    .filter(|e| !matches!(e, Entry::Illegal))
                    .count()
            })
            .collect()
    }

    /// Parses decision matrices (format of `data/rotation3_staged.txt`: `stage m`
    /// lines, each followed by the rows of cells separated by `|`; `#` comments)
    /// over the puzzle's move names. Inverse letters become clockwise powers
    /// (`X^{-1}` = `X X X`).
    pub fn parse(puzzle: &Puzzle, text: &str) -> Result<StagedSolver, String> {
        let orders = puzzle.move_orders();
        let mut stages: Vec<(usize, Vec<Entry>)> = Vec::new();
        for (ln, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let at = |why: String| format!("staged solver data line {}: {why}", ln + 1);
            if let Some(m) = line.strip_prefix("stage") {
                let m: usize = m
                    .trim()
                    .parse()
                    .map_err(|_| at(format!("bad stage number {:?}", m.trim())))?;
                if m == 0 || m > puzzle.degree() {
                    return Err(at(format!(
                        "stage {m} is not a label 1..{}",
                        puzzle.degree()
                    )));
                }
                stages.push((m - 1, Vec::new()));
                continue;
            }
            let stage = stages
                .last_mut()
                .ok_or_else(|| at("a matrix row before the first `stage` line".into()))?;
            for cell in line.split('|') {
                let cell = cell.trim();
                let e = match cell {
                    "0" => Entry::Illegal,
                    "I" => Entry::Home,
                    w => {
                        let word = puzzle
                            .parse_word(w)
                            .map_err(|e| at(format!("word {w:?}: {e}")))?
                            .with_positive_powers(&orders);
                        let mut turns = Vec::new();
                        for (g, p) in word.letters() {
                            for _ in 0..p {
                                turns.push(g);
                            }
                        }
                        let perm = puzzle.eval(&word);
                        Entry::Turns(turns, perm)
                    }
                };
                stage.1.push(e);
            }
        }
        for (m, cells) in &stages {
            if cells.len() != puzzle.degree() {
                return Err(format!(
                    "staged solver data: stage {} has {} cells, the puzzle {}",
                    m + 1,
                    cells.len(),
                    puzzle.degree()
                ));
            }
        }
        Ok(StagedSolver {
            degree: puzzle.degree(),
            stages,
        })
    }

    /// Seed 001's solver for `rotation3`.
    pub fn rotation3() -> StagedSolver {
        let p = Puzzle::builtin("rotation3").expect("built-in");
        StagedSolver::parse(&p, ROTATION3_STAGES).expect("shipped data parses")
    }

    /// The numbers placed by the stages, in order (0-based labels).
    pub fn stage_labels(&self) -> Vec<usize> {
        self.stages.iter().map(|(m, _)| *m).collect()
    }

    /// Solves a state (0-based labels at positions): the clockwise turns
    /// (generator indices) in order, and the turns of each stage. Errors if a
    /// number is in a cell marked illegal or a stage does not finish.
    pub fn solve(&self, state: &[u32]) -> Result<(Vec<usize>, Vec<usize>), String> {
        let mut cells = state.to_vec();
        let mut turns = Vec::new();
        let mut per_stage = Vec::new();
        for (m, matrix) in &self.stages {
            let before = turns.len();
            let mut steps = 0;
            loop {
                let pos = cells
                    .iter()
                    .position(|&x| x as usize == *m)
                    .ok_or_else(|| format!("number {} missing", m + 1))?;
                match &matrix[pos] {
                    Entry::Home => break,
                    Entry::Illegal => {
                        return Err(format!(
                            "stage {}: number {} in cell {} marked illegal",
                            m + 1,
                            m + 1,
                            pos + 1
                        ))
                    }
                    Entry::Turns(t, p) => {
                        turns.extend_from_slice(t);
                        cells = p.apply_to_state(&cells);
                    }
                }
                steps += 1;
                if steps > 4 * self.degree {
                    return Err(format!("stage {} does not finish", m + 1));
                }
            }
            per_stage.push(turns.len() - before);
        }
        if cells.iter().enumerate().any(|(i, &x)| x as usize != i) {
            return Err("the stages end in an unsolved state".into());
        }
        Ok((turns, per_stage))
    }
}

/// Optimal and staged solution lengths of every position of `rotation3`.
pub struct Comparison {
    /// Positions by optimal length.
    pub optimal: DistanceDistribution,
    /// Positions by staged-solver length.
    pub staged: DistanceDistribution,
    /// (optimal, staged) -> positions.
    pub joint: std::collections::BTreeMap<(usize, usize), u64>,
    /// Largest staged length per stage.
    pub stage_max: Vec<usize>,
    /// A position where the staged solver is longest, with its optimal length.
    pub worst: (Vec<u32>, usize, usize),
    /// Per stage, the first position (in rank order) where the stage takes its
    /// largest number of turns, with that number.
    pub stage_worst: Vec<(Vec<u32>, usize)>,
    /// The largest excess of the staged length over the optimal one.
    pub excess_max: usize,
    /// Positions whose staged solution, replayed with the puzzle's moves, ends
    /// solved (all of them, when the solver is right).
    pub replayed: u64,
}

/// Runs seed 001's staged solver and the optimal solver on every position.
pub fn compare_rotation3() -> Result<Comparison, String> {
    let puzzle = Puzzle::builtin("rotation3").map_err(|e| e.to_string())?;
    let space = GroupSpace::for_puzzle(&puzzle, false).map_err(|e| e.to_string())?;
    let dist = exact_distances(&space);
    let solver = StagedSolver::rotation3();
    let mut optimal = Vec::new();
    let mut staged = Vec::new();
    let mut joint = std::collections::BTreeMap::new();
    let mut stage_max = vec![0usize; solver.stage_labels().len()];
    let mut worst = (Vec::new(), 0, 0);
    let mut stage_worst = vec![(Vec::new(), 0usize); solver.stage_labels().len()];
    let (mut excess_max, mut replayed) = (0usize, 0u64);
    let gens = puzzle.generator_perms();
    let mut s = vec![0u8; space.width()];
    for r in 0..space.size() {
        space.unrank(r, &mut s);
        let cells = space.to_cells(&s);
        let o = dist[r as usize] as usize;
        let (turns, per) = solver
            .solve(&cells)
            .map_err(|e| format!("staged solver on {}: {e}", format_state(&cells)))?;
        let l = turns.len();
        let end = turns
            .iter()
            .fold(cells.clone(), |c, &t| gens[t].apply_to_state(&c));
        replayed += (end == puzzle.solved()) as u64;
        excess_max = excess_max.max(l.saturating_sub(o));
        for (m, p) in stage_max.iter_mut().zip(&per) {
            *m = (*m).max(*p);
        }
        for (w, &p) in stage_worst.iter_mut().zip(&per) {
            if p > w.1 {
                *w = (cells.clone(), p);
            }
        }
        if optimal.len() <= o {
            optimal.resize(o + 1, 0);
        }
        optimal[o] += 1;
        if staged.len() <= l {
            staged.resize(l + 1, 0);
        }
        staged[l] += 1;
        *joint.entry((o, l)).or_insert(0) += 1;
        if l > worst.2 || worst.0.is_empty() {
            worst = (cells, o, l);
        }
    }
    Ok(Comparison {
        optimal: optimal.into(),
        staged: staged.into(),
        joint,
        stage_max,
        worst,
        stage_worst,
        excess_max,
        replayed,
    })
}
