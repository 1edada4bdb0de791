//! The linear invariants of a puzzle's moves, found by linear algebra over `Q`,
//! `Z/k` and `GF(2)`.
//!
//! * **Over `Q`**: the vectors fixed by every move matrix `P_s` are spanned by the
//!   indicator vectors of the orbits (a vector `v` with `v[i^s] = v[i]` for every
//!   generator is constant on orbits), so there is one invariant per orbit: a piece
//!   never leaves its orbit. [`fixed_space_dimension`] computes the dimension
//!   independently, as `n − rank` of the stacked `P_s − I` from their Smith form.
//! * **Over `Z/k`, on an orientation module**: when an orbit carries a block system
//!   whose blocks (pieces of `k` positions) every generator turns cyclically
//!   (found by [`crate::proof::invariant`]: the smallest block system, labelled by
//!   transport along the generators), an element `x` has a twist `t_x ∈ (Z/k)^m` on
//!   the `m` pieces, and the action on twists is affine: `o(gh) = P_h·o(g) + o(h)`.
//!   A functional `c` is invariant (`c·o(g) ≡ 0` on the whole group) exactly when
//!   it is constant along the action on pieces (`c·P_h = c`) and `c·t_s ≡ 0 (mod k)`
//!   for every generator `s`. The group is transitive on the pieces of each system
//!   (it is transitive on the orbit), so `c` is one coefficient per system; the
//!   systems with the same `k` form one module, and the congruences
//!   `Σ_r a_r·(twist sum of s on system r) ≡ 0 (mod k)` are solved with the Smith
//!   form ([`super::smith::relations_mod`]). On the cube this finds the corner
//!   twist and edge flip (Bandelow, *Inside Rubik's Cube and Beyond*, 1982;
//!   D. Joyner, *Adventures in Group Theory*, 2nd ed., 2008, ch. 10).
//! * **Over `GF(2)`, signs**: the sign of the action on each orientation system's
//!   pieces and on each other non-trivial orbit is a homomorphism to `GF(2)`; the
//!   relations among the generators' sign vectors, solved the same way with `k = 2`,
//!   hold on the whole group (the cube's "corner and edge permutations have the
//!   same parity").
//! * **Mixed**: some relations tie twist sums to signs (on the 4×4×4 cube turned by
//!   its outer faces, a face's four centres are two pieces of two: a quarter turn
//!   twists once and swaps the two pieces, so their twist sum is odd exactly when
//!   their permutation is). All relations together are the characters of
//!   `A = Π Z/k_r × GF(2)^c` vanishing on the generators' images
//!   ([`super::smith::relations_moduli`]); those not implied by the twist and sign
//!   relations are added, the sparsest first (one twist sum and one sign, then three
//!   coordinates), until the relations listed, counted from themselves alone
//!   ([`LinearInvariants::listed_solutions`]), have as many solutions as all.
//!
//! **Counting.** The full group on the same pieces is the product, over the
//! non-trivial orbits, of the wreath product `C_k ≀ S_m` (an orbit with an
//! orientation system) or the symmetric group on the orbit. It maps onto
//! `A = Π Z/k_r × GF(2)^c` (twist sums and signs); the number of solutions of all
//! the invariant equations together is `|A / image(G)|`, the order of the quotient
//! ([`super::smith::quotient_order`]), which divides the index `[Full : G]` and
//! equals it exactly when these invariants explain every unreachable position.

use super::smith::{quotient_order, relations_mod, relations_moduli, smith, SmithError};
use crate::group::PermGroup;
use crate::perm::Perm;
use crate::proof::invariant::{
    parity_vector, smallest_block_system, transported, Labelling, ParityCoordinate,
};
use num_bigint::BigUint;

/// Pieces of `modulus` positions each (0-based), every one listed so that every
/// generator turns the listings cyclically: the position at index `j` of a piece has
/// orientation label `j`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrientationSystem {
    /// The pieces, each in its orientation order.
    pub pieces: Vec<Vec<usize>>,
    /// The number of positions per piece, the modulus of twists.
    pub modulus: usize,
}

impl OrientationSystem {
    /// The sum mod `k` of the twists of `x` on the pieces, if `x` turns every piece
    /// cyclically onto a piece.
    pub fn twist_sum(&self, x: &Perm) -> Option<usize> {
        let lab = Labelling::new(&self.pieces, self.modulus, x.degree().max(self.degree()));
        let t = lab.twists(&x.extended(x.degree().max(self.degree())))?;
        Some(t.iter().sum::<usize>() % self.modulus)
    }

    fn degree(&self) -> usize {
        self.pieces.iter().flatten().max().map_or(0, |&p| p + 1)
    }
}

/// A linear invariant of a group of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinearInvariant {
    /// Over `Q`: the indicator vector of an orbit is fixed by every move matrix.
    Orbit {
        /// The orbit (0-based, increasing).
        points: Vec<usize>,
    },
    /// Over `Z/modulus`: `Σ coefficient·(twist sum of the system) ≡ 0 (mod modulus)`.
    Orientation {
        /// The modulus (divides every system's `k`).
        modulus: u64,
        /// The systems with non-zero coefficient, and their coefficients.
        terms: Vec<(u64, OrientationSystem)>,
    },
    /// Over `GF(2)`: the number of odd permutations among the terms' (with
    /// coefficient 1) is even.
    Sign {
        /// The coordinates whose signs are summed.
        terms: Vec<ParityCoordinate>,
    },
    /// A relation mixing twists and signs:
    /// `Σ coefficient·(value of the coordinate) ≡ 0 (mod modulus)`, a twist sum taken
    /// mod its system's `k` and a sign counted 1 for an odd permutation, 0 for an even
    /// one; every `coefficient·k ≡ 0 (mod modulus)` (`k = 2` for a sign), so the
    /// relation is well defined.
    Mixed {
        /// The modulus.
        modulus: u64,
        /// The coordinates with non-zero coefficient, and their coefficients.
        terms: Vec<(u64, Coordinate)>,
    },
}

/// A coordinate of the abelian group the invariants live in: the twist sum of an
/// orientation system (mod its `k`) or a sign (mod 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Coordinate {
    /// The twist sum of the system, mod its modulus.
    Twist(OrientationSystem),
    /// The sign of a permutation of pieces or positions: 1 if odd, 0 if even.
    Sign(ParityCoordinate),
}

impl Coordinate {
    /// The modulus of its values: the system's `k`, or 2 for a sign.
    pub fn modulus(&self) -> u64 {
        match self {
            Coordinate::Twist(sys) => sys.modulus as u64,
            Coordinate::Sign(_) => 2,
        }
    }

    /// Its value on the permutation `x`, if `x` respects the structure it is stated
    /// on (turns pieces onto pieces, keeps the orbit).
    pub fn value(&self, x: &Perm) -> Option<u64> {
        match self {
            Coordinate::Twist(sys) => sys.twist_sum(x).map(|t| t as u64),
            Coordinate::Sign(c) => {
                let n = match c {
                    ParityCoordinate::Orbit(o) => o.iter().max(),
                    ParityCoordinate::Blocks(b) => b.iter().flatten().max(),
                }
                .map_or(0, |p| p + 1);
                let x = x.extended(x.degree().max(n));
                parity_vector(&x, std::slice::from_ref(c)).map(|v| u64::from(v[0]))
            }
        }
    }

    /// The coordinate in words, 1-based.
    pub fn text(&self) -> String {
        match self {
            Coordinate::Twist(sys) => format!(
                "the twist sum mod {} of {}",
                sys.modulus,
                pieces_text(&sys.pieces)
            ),
            Coordinate::Sign(c) => format!("the sign of {}", coordinate_text(c)),
        }
    }
}

/// `{1,9,35}`: 0-based points as a 1-based set.
fn set(points: &[usize]) -> String {
    let v: Vec<String> = points.iter().map(|p| (p + 1).to_string()).collect();
    format!("{{{}}}", v.join(","))
}

fn pieces_text(pieces: &[Vec<usize>]) -> String {
    let v: Vec<String> = pieces.iter().map(|p| set(p)).collect();
    format!("the {} pieces {}", pieces.len(), v.join(", "))
}

fn coordinate_text(c: &ParityCoordinate) -> String {
    match c {
        ParityCoordinate::Orbit(o) => format!("the permutation of the positions {}", set(o)),
        ParityCoordinate::Blocks(b) => format!("the permutation of {}", pieces_text(b)),
    }
}

impl LinearInvariant {
    /// `"orbit"`, `"orientation"`, `"sign"` or `"mixed"`.
    pub fn kind(&self) -> &'static str {
        match self {
            LinearInvariant::Orbit { .. } => "orbit",
            LinearInvariant::Orientation { .. } => "orientation",
            LinearInvariant::Sign { .. } => "sign",
            LinearInvariant::Mixed { .. } => "mixed",
        }
    }

    /// The modulus of the congruence (`None` for an orbit: an equation over `Q`).
    pub fn modulus(&self) -> Option<u64> {
        match self {
            LinearInvariant::Orbit { .. } => None,
            LinearInvariant::Orientation { modulus, .. } => Some(*modulus),
            LinearInvariant::Sign { .. } => Some(2),
            LinearInvariant::Mixed { modulus, .. } => Some(*modulus),
        }
    }

    /// Whether the permutation `x` (a position, as the permutation from solved)
    /// satisfies the invariant; `false` also when `x` does not respect the structure
    /// the invariant is stated on (it breaks a piece).
    pub fn holds_for(&self, x: &Perm) -> bool {
        match self {
            LinearInvariant::Orbit { points } => {
                let mut inside = vec![false; points.iter().max().map_or(0, |&p| p + 1)];
                for &p in points {
                    inside[p] = true;
                }
                points
                    .iter()
                    .all(|&p| inside.get(x.image(p)).copied().unwrap_or(false))
            }
            LinearInvariant::Orientation { modulus, terms } => {
                let mut total = 0u64;
                for (c, sys) in terms {
                    let Some(t) = sys.twist_sum(x) else {
                        return false;
                    };
                    total = (total + c * t as u64) % modulus;
                }
                total == 0
            }
            LinearInvariant::Sign { terms } => {
                let n = terms
                    .iter()
                    .flat_map(|c| match c {
                        ParityCoordinate::Orbit(o) => o.clone(),
                        ParityCoordinate::Blocks(b) => b.concat(),
                    })
                    .max()
                    .map_or(0, |p| p + 1);
                let x = x.extended(x.degree().max(n));
                parity_vector(&x, terms).is_some_and(|v| v.iter().filter(|&&b| b).count() % 2 == 0)
            }
            LinearInvariant::Mixed { modulus, terms } => {
                let mut total = 0u64;
                for (c, coord) in terms {
                    let Some(v) = coord.value(x) else {
                        return false;
                    };
                    total = (total + c * v) % modulus;
                }
                total == 0
            }
        }
    }

    /// The invariant as a sentence in the puzzle's (1-based) numbering.
    pub fn sentence(&self) -> String {
        match self {
            LinearInvariant::Orbit { points } if points.len() == 1 => {
                format!("position {} is never moved", points[0] + 1)
            }
            LinearInvariant::Orbit { points } => format!(
                "the positions {} form an orbit: what is at one of them stays among them (the orbit's indicator vector is fixed by every move matrix)",
                set(points)
            ),
            LinearInvariant::Orientation { modulus, terms } => {
                if let [(1, sys)] = terms.as_slice() {
                    format!(
                        "the twists of {} sum to 0 mod {} (a piece's positions are listed in the order every move turns them; its twist mod {} is how far along that order it is turned)",
                        pieces_text(&sys.pieces),
                        modulus,
                        sys.modulus
                    )
                } else {
                    let parts: Vec<String> = terms
                        .iter()
                        .map(|(c, sys)| {
                            format!("{c}·(the twist sum mod {} of {})", sys.modulus, pieces_text(&sys.pieces))
                        })
                        .collect();
                    format!(
                        "{} ≡ 0 mod {} (a piece's positions are listed in the order every move turns them)",
                        parts.join(" + "),
                        modulus
                    )
                }
            }
            LinearInvariant::Sign { terms } => match terms.as_slice() {
                [a] => format!("{} is always even", coordinate_text(a)),
                [a, b] => format!(
                    "{} and {} always have the same parity",
                    coordinate_text(a),
                    coordinate_text(b)
                ),
                _ => {
                    let parts: Vec<String> = terms.iter().map(coordinate_text).collect();
                    format!(
                        "an even number of these permutations are odd: {}",
                        parts.join("; ")
                    )
                }
            },
            LinearInvariant::Mixed { modulus, terms } => match terms.as_slice() {
                [(1, Coordinate::Twist(sys)), (1, Coordinate::Sign(c))]
                | [(1, Coordinate::Sign(c)), (1, Coordinate::Twist(sys))]
                    if *modulus == 2 =>
                {
                    format!(
                        "the twist sum mod {} of {} is odd exactly when {} is odd (a piece's positions are listed in the order every move turns them)",
                        sys.modulus,
                        pieces_text(&sys.pieces),
                        coordinate_text(c)
                    )
                }
                _ => {
                    let parts: Vec<String> = terms
                        .iter()
                        .map(|(c, coord)| format!("{c}·({})", coord.text()))
                        .collect();
                    format!(
                        "{} ≡ 0 mod {modulus} (a sign is 1 for an odd permutation, 0 for an even one; a piece's positions are listed in the order every move turns them)",
                        parts.join(" + ")
                    )
                }
            },
        }
    }
}

/// The linear invariants of a group and how much of its index they explain.
#[derive(Clone, Debug)]
pub struct LinearInvariants {
    /// The invariants: orbits, then orientation congruences, then sign relations.
    pub invariants: Vec<LinearInvariant>,
    /// The orientation systems found (one per orbit that has one).
    pub systems: Vec<OrientationSystem>,
    /// The sign coordinates (orientation systems' pieces, other non-trivial orbits).
    pub sign_coordinates: Vec<ParityCoordinate>,
    /// The number of orbits (the dimension of the fixed space over `Q`).
    pub orbits: usize,
    /// The number of solutions of all the invariant equations together: the order of
    /// `A / image(G)` (module docs).
    pub solutions: BigUint,
    /// The product of the numbers of solutions of the orientation congruences (per
    /// modulus) and of the sign relations, taken separately; smaller than
    /// [`solutions`](Self::solutions) exactly when some relations mix twists and signs.
    pub separate_solutions: BigUint,
    /// The number of solutions of the listed relations (orientation, sign and mixed)
    /// taken together, computed from them alone: equal to
    /// [`solutions`](Self::solutions) when they imply every relation.
    pub listed_solutions: BigUint,
    /// The order of the full group on the same pieces (module docs).
    pub full_order: BigUint,
    /// The order of the group.
    pub group_order: BigUint,
}

impl LinearInvariants {
    /// The index of the group in the full group on the same pieces.
    pub fn index(&self) -> BigUint {
        &self.full_order / &self.group_order
    }
}

fn factorial(n: usize) -> BigUint {
    (2..=n as u64).fold(BigUint::from(1u32), |f, i| f * i)
}

/// Finds the linear invariants of `g` (see the module docs).
///
/// ```
/// use permlab::linalg::invariants::linear_invariants;
/// use permlab::Puzzle;
/// let inv = linear_invariants(&Puzzle::builtin("cube2").unwrap().group()).unwrap();
/// // the corner twist: 3 solutions, and the group has index 3 in C3 ≀ S8
/// assert_eq!(inv.solutions, 3u32.into());
/// assert_eq!(inv.index(), 3u32.into());
/// ```
pub fn linear_invariants(g: &PermGroup) -> Result<LinearInvariants, SmithError> {
    let n = g.degree();
    let gens = g.generators();
    let orbits = g.orbits();
    let PieceSystems {
        systems,
        sign_coordinates,
        full_order,
    } = piece_systems(g, &orbits);
    // twist sums of the generators, one row per system
    let twist_rows: Vec<Vec<i64>> = systems
        .iter()
        .map(|sys| {
            gens.iter()
                .map(|s| sys.twist_sum(s).expect("checked above") as i64)
                .collect()
        })
        .collect();
    let coordinates: Vec<Coordinate> = systems
        .iter()
        .cloned()
        .map(Coordinate::Twist)
        .chain(sign_coordinates.iter().cloned().map(Coordinate::Sign))
        .collect();
    let moduli: Vec<i64> = coordinates.iter().map(|c| c.modulus() as i64).collect();
    let lcm = moduli.iter().fold(1i64, |a, &b| num_integer::lcm(a, b));
    let mut listed = ListedRelations {
        invariants: orbits
            .iter()
            .map(|o| LinearInvariant::Orbit { points: o.clone() })
            .collect(),
        characters: Vec::new(),
        separate: BigUint::from(1u32),
        lcm,
        coordinates: coordinates.len(),
    };
    listed.add_orientation_relations(&systems, &twist_rows)?;
    let sign_vectors: Vec<Vec<bool>> = gens
        .iter()
        .map(|s| {
            parity_vector(&s.extended(n), &sign_coordinates)
                .expect("generators preserve orbits and systems")
        })
        .collect();
    let sign_rows: Vec<Vec<i64>> = (0..sign_coordinates.len())
        .map(|c| sign_vectors.iter().map(|v| i64::from(v[c])).collect())
        .collect();
    listed.add_sign_relations(&sign_coordinates, &sign_rows, systems.len())?;
    // all together: A = Π Z/k_r × GF(2)^c modulo the generators' images
    let mut all_rows = twist_rows;
    all_rows.extend(sign_rows);
    let solutions = quotient_order(&moduli, &all_rows)?;
    let listed_solutions =
        listed.add_mixed_relations(&moduli, &all_rows, &coordinates, systems.len(), &solutions)?;
    Ok(LinearInvariants {
        invariants: listed.invariants,
        systems,
        sign_coordinates,
        orbits: orbits.len(),
        solutions,
        separate_solutions: listed.separate,
        listed_solutions,
        full_order,
        group_order: g.order(),
    })
}

/// The pieces of each non-trivial orbit: an orientation system where its smallest
/// block system carries one, else its points; with the order of the full group on
/// those pieces.
struct PieceSystems {
    /// The orientation systems, in orbit order.
    systems: Vec<OrientationSystem>,
    /// The coordinates of the signs, one per non-trivial orbit.
    sign_coordinates: Vec<ParityCoordinate>,
    /// The order of the full group on the pieces (module docs).
    full_order: BigUint,
}

/// The orientation systems and sign coordinates of `g`'s non-trivial orbits, and
/// the order of the full group on their pieces.
fn piece_systems(g: &PermGroup, orbits: &[Vec<usize>]) -> PieceSystems {
    let n = g.degree();
    let gens = g.generators();
    let mut systems: Vec<OrientationSystem> = Vec::new();
    let mut sign_coordinates = Vec::new();
    let mut full_order = BigUint::from(1u32);
    for o in orbits.iter().filter(|o| o.len() > 1) {
        let sys = smallest_block_system(n, gens, o)
            .and_then(|bs| transported(&bs, gens, n))
            .map(|pieces| OrientationSystem {
                modulus: pieces[0].len(),
                pieces,
            })
            .filter(|sys| gens.iter().all(|s| sys.twist_sum(s).is_some()));
        match sys {
            Some(sys) => {
                let (k, m) = (sys.modulus, sys.pieces.len());
                full_order *= BigUint::from(k).pow(m as u32) * factorial(m);
                let mut blocks = sys.pieces.clone();
                blocks.iter_mut().for_each(|b| b.sort_unstable());
                blocks.sort();
                sign_coordinates.push(ParityCoordinate::Blocks(blocks));
                systems.push(sys);
            }
            None => {
                full_order *= factorial(o.len());
                sign_coordinates.push(ParityCoordinate::Orbit(o.clone()));
            }
        }
    }
    PieceSystems {
        systems,
        sign_coordinates,
        full_order,
    }
}

/// The relations listed so far: as invariants, and each as a character, a vector in
/// `(Z/lcm)^coordinates` (twist coordinates first, then signs).
struct ListedRelations {
    invariants: Vec<LinearInvariant>,
    characters: Vec<Vec<i64>>,
    /// The product of the numbers of solutions of each family of relations (the
    /// twists of one modulus, the signs), taken separately.
    separate: BigUint,
    /// The lcm of the coordinates' moduli.
    lcm: i64,
    /// The number of coordinates.
    coordinates: usize,
}

impl ListedRelations {
    /// Adds the relations among the twist sums of the systems of each modulus
    /// (`twist_rows`: one row per system, one column per generator).
    fn add_orientation_relations(
        &mut self,
        systems: &[OrientationSystem],
        twist_rows: &[Vec<i64>],
    ) -> Result<(), SmithError> {
        let mut twist_moduli: Vec<usize> = systems.iter().map(|s| s.modulus).collect();
        twist_moduli.sort_unstable();
        twist_moduli.dedup();
        for &k in &twist_moduli {
            let idx: Vec<usize> = (0..systems.len())
                .filter(|&r| systems[r].modulus == k)
                .collect();
            let rows: Vec<Vec<i64>> = idx.iter().map(|&r| twist_rows[r].clone()).collect();
            let (count, rels) = relations_mod(k as i64, &rows)?;
            self.separate *= count;
            for rel in rels {
                let mut ch = vec![0i64; self.coordinates];
                for (&r, &c) in idx.iter().zip(&rel.coefficients) {
                    ch[r] = c * (self.lcm / rel.modulus);
                }
                self.characters.push(ch);
                let terms = idx
                    .iter()
                    .zip(&rel.coefficients)
                    .filter(|(_, &c)| c != 0)
                    .map(|(&r, &c)| (c as u64, systems[r].clone()))
                    .collect();
                self.invariants.push(LinearInvariant::Orientation {
                    modulus: rel.modulus as u64,
                    terms,
                });
            }
        }
        Ok(())
    }

    /// Adds the relations mod 2 among the signs (`sign_rows`: one row per sign
    /// coordinate, one column per generator); the sign coordinates follow the
    /// `twists` twist coordinates.
    fn add_sign_relations(
        &mut self,
        sign_coordinates: &[ParityCoordinate],
        sign_rows: &[Vec<i64>],
        twists: usize,
    ) -> Result<(), SmithError> {
        let (count, rels) = relations_mod(2, sign_rows)?;
        self.separate *= count;
        for rel in rels {
            let mut ch = vec![0i64; self.coordinates];
            for (c, &x) in rel.coefficients.iter().enumerate() {
                ch[twists + c] = x * (self.lcm / 2);
            }
            self.characters.push(ch);
            let terms = sign_coordinates
                .iter()
                .zip(&rel.coefficients)
                .filter(|(_, &c)| c != 0)
                .map(|(c, _)| c.clone())
                .collect();
            self.invariants.push(LinearInvariant::Sign { terms });
        }
        Ok(())
    }

    /// Adds mixed relations (of twists and signs together) until the listed
    /// relations have exactly the `solutions` of all relations, each only when it
    /// cuts the solutions down; returns the number of solutions of the listed ones.
    fn add_mixed_relations(
        &mut self,
        moduli: &[i64],
        all_rows: &[Vec<i64>],
        coordinates: &[Coordinate],
        twists: usize,
        solutions: &BigUint,
    ) -> Result<BigUint, SmithError> {
        let lcm = self.lcm;
        let mut listed_solutions = characters_order(lcm, coordinates.len(), &self.characters)?;
        if listed_solutions == *solutions {
            return Ok(listed_solutions);
        }
        for (d, coefficients) in mixed_relations(moduli, all_rows, lcm, twists)? {
            let mut ch = self.characters.clone();
            ch.push(coefficients.iter().map(|&c| c * (lcm / d)).collect());
            let order = characters_order(lcm, coordinates.len(), &ch)?;
            if order == listed_solutions {
                continue;
            }
            self.characters = ch;
            listed_solutions = order;
            let terms = coefficients
                .iter()
                .zip(coordinates)
                .filter(|(&c, _)| c != 0)
                .map(|(&c, coord)| (c as u64, coord.clone()))
                .collect();
            self.invariants.push(LinearInvariant::Mixed {
                modulus: d as u64,
                terms,
            });
            if listed_solutions == *solutions {
                break;
            }
        }
        Ok(listed_solutions)
    }
}

/// The order of the subgroup of `(Z/lcm)^n` generated by `characters`: `lcm^n`
/// divided by the order of the quotient by them ([`quotient_order`]). A relation
/// `c·y ≡ 0 (mod d)` is the character `(lcm/d)·c`, and the number of solutions of a
/// set of relations taken together is the order of the group their characters
/// generate (the characters vanishing on the solutions are exactly that group, by
/// the duality of finite abelian groups).
fn characters_order(lcm: i64, n: usize, characters: &[Vec<i64>]) -> Result<BigUint, SmithError> {
    let rows: Vec<Vec<i64>> = (0..n)
        .map(|j| characters.iter().map(|c| c[j]).collect())
        .collect();
    let all = BigUint::from(lcm as u64).pow(n as u32);
    Ok(all / quotient_order(&vec![lcm; n], &rows)?)
}

/// Candidate relations `(d, c)` (`c·y ≡ 0 mod d`, `c_j·moduli_j ≡ 0 mod d`) that
/// mix twists and signs and hold on every generator (every column of `rows`): the
/// sparse ones first (one twist sum and one sign, then three coordinates with both
/// kinds), then the generators of all relations from the Smith form
/// ([`relations_moduli`]), which complete them.
fn mixed_relations(
    moduli: &[i64],
    rows: &[Vec<i64>],
    lcm: i64,
    twist_count: usize,
) -> Result<Vec<(i64, Vec<i64>)>, SmithError> {
    let n = moduli.len();
    let gens = rows.first().map_or(0, Vec::len);
    let holds = |d: i64, c: &[i64]| {
        (0..gens).all(|s| {
            c.iter()
                .zip(rows)
                .map(|(&a, r)| a * r[s].rem_euclid(d))
                .sum::<i64>()
                .rem_euclid(d)
                == 0
        })
    };
    let divisors: Vec<i64> = (2..=lcm).filter(|d| lcm % d == 0).collect();
    let mut out = Vec::new();
    for support in 2..=3usize {
        for &d in &divisors {
            // the coefficients allowed on coordinate j: multiples of d / gcd(d, k_j)
            let step: Vec<i64> = moduli.iter().map(|&k| d / num_integer::gcd(d, k)).collect();
            for set in subsets(n, support) {
                let mixes =
                    set.iter().any(|&j| j < twist_count) && set.iter().any(|&j| j >= twist_count);
                if !mixes || set.iter().any(|&j| step[j] == d) {
                    continue;
                }
                // every choice of non-zero allowed coefficients on the set
                let mut c = vec![0i64; n];
                let mut digits = vec![1i64; support];
                loop {
                    for (&j, &m) in set.iter().zip(&digits) {
                        c[j] = m * step[j];
                    }
                    if holds(d, &c) {
                        out.push((d, c.clone()));
                    }
                    let Some(pos) = (0..support).find(|&i| (digits[i] + 1) * step[set[i]] < d)
                    else {
                        break;
                    };
                    digits[pos] += 1;
                    digits[..pos].fill(1);
                }
            }
        }
    }
    let (_, rels) = relations_moduli(moduli, rows)?;
    out.extend(rels.into_iter().map(|r| (r.modulus, r.coefficients)));
    Ok(out)
}

/// The `size`-subsets of `0..n`, increasing, in lexicographic order.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur: Vec<usize> = (0..size).collect();
    if size > n {
        return out;
    }
    loop {
        out.push(cur.clone());
        let Some(i) = (0..size).rev().find(|&i| cur[i] < n - size + i) else {
            return out;
        };
        cur[i] += 1;
        for j in i + 1..size {
            cur[j] = cur[j - 1] + 1;
        }
    }
}

/// The dimension over `Q` of the space of vectors fixed by every generator's matrix,
/// computed as `n − rank` of the stacked matrices `P_s − I` (one row `e_i − e_{i^s}`
/// per moved point), the rank read off their Smith form. By the module docs it is the
/// number of orbits; this computes it independently.
///
/// ```
/// use permlab::linalg::invariants::fixed_space_dimension;
/// use permlab::Perm;
/// let a: Perm = "(1,2,3)".parse().unwrap();
/// assert_eq!(fixed_space_dimension(5, &[a]).unwrap(), 3);
/// ```
pub fn fixed_space_dimension(degree: usize, gens: &[Perm]) -> Result<usize, SmithError> {
    let rows: Vec<Vec<i64>> = gens
        .iter()
        .flat_map(|s| {
            (0..degree).filter(|&i| s.image(i) != i).map(move |i| {
                let mut r = vec![0i64; degree];
                r[i] = 1;
                r[s.image(i)] = -1;
                r
            })
        })
        .collect();
    if rows.is_empty() {
        return Ok(degree);
    }
    Ok(degree - smith(&rows)?.rank)
}
