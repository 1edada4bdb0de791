//! Rendering proofs: each [`Fact`] as text spans built only from its data, and the
//! spans as plain text, Markdown or LaTeX.
//!
//! The LaTeX is valid by construction: prose is ASCII with the ten special characters
//! escaped, formulas are in math mode (`$…$`) and built from ASCII macros, literals are
//! `\texttt{…}` with every special character escaped and a stretchable break after
//! each comma and space, and numbers are math with commas between groups of three
//! digits and a break allowed after each (`$|G| = 43{,}\allowbreak 252…$`, the
//! relation spaced), so long values wrap instead of running into the margin: a proof
//! pasted into a plain `article` sets without an overfull line. Any other character
//! is replaced, so the output is always ASCII.

use super::invariant::{Invariant, ParityCoordinate};
use super::{Basis, Fact, Format, Proof, Span, Theorem, WordSource};
use crate::escape::{latex_code, latex_number, latex_text};
use crate::group::giant::factorial;
use crate::perm::Perm;
use num_bigint::BigUint;

fn t(s: impl Into<String>) -> Span {
    Span::Text(s.into())
}
fn m(plain: impl Into<String>, latex: impl Into<String>) -> Span {
    Span::Math(plain.into(), latex.into())
}
fn c(s: impl Into<String>) -> Span {
    Span::Code(s.into())
}
fn num(n: impl ToString) -> Span {
    Span::Number(n.to_string())
}

pub(crate) use crate::perm::cycles::point_set_text as set_text;

/// A list of 0-based points in the given order, 1-based: `(3,1,2)`.
fn tuple_text(v: &[usize]) -> String {
    format!(
        "({})",
        v.iter()
            .map(|x| (x + 1).to_string())
            .collect::<Vec<_>>()
            .join(",")
    )
}

fn list_text(v: &[usize]) -> String {
    format!(
        "[{}]",
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    )
}

fn orbit_name(o: &[usize]) -> String {
    format!("the orbit of position {} ({} points)", o[0] + 1, o.len())
}

fn sign_text(p: &Perm) -> (Vec<usize>, usize, bool) {
    let lens: Vec<usize> = p.cycles().iter().map(Vec::len).collect();
    let even = lens.iter().filter(|&&l| l % 2 == 0).count();
    (lens, even, even % 2 == 0)
}

/// The spans of a fact, from its data only; `certificate` names the certificate file
/// written beside the proof, if any (a long word is in it, or the reader is told how
/// to write one).
pub(crate) fn fact_spans(f: &Fact, certificate: Option<&str>) -> Vec<Span> {
    match f {
        Fact::SignRule => vec![
            t("The sign of a permutation is "),
            m("(−1)^e", "(-1)^{e}"),
            t(" with e the number of its cycles of even length, and the sign is multiplicative."),
        ],
        Fact::GeneratorSign { name, perm } => generator_sign_spans(name, perm),
        Fact::Trivial { generators } => vec![
            t("The generators "),
            c(generators.join(", ")),
            t(" are all the identity, so the group is trivial and moves no point."),
        ],
        Fact::Orbits { orbits } if orbits.is_empty() => {
            vec![t("Every generator fixes every point: no point is moved.")]
        }
        Fact::Orbits { orbits } => orbits_spans(orbits),
        Fact::InsideAlternating { n } => vec![
            t("All generators are even, so the group lies in "),
            m(format!("A_{n}"), format!("A_{{{n}}}")),
            t("."),
        ],
        Fact::OddGenerators { names, n } => vec![
            t("The generator(s) "),
            c(names.join(", ")),
            t(" are odd, so the group does not lie in "),
            m(format!("A_{n}"), format!("A_{{{n}}}")),
            t("."),
        ],
        Fact::Blocks { blocks } => blocks_spans(blocks),
        Fact::Primitive { points } => primitive_spans(*points),
        Fact::PrimitiveByPrimeCycle { points, prime } => vec![t(format!(
            "The group is primitive on its {points} points: a block system would have blocks of some size d dividing {points} with 1 < d < {points}, so at most {points}/2 < {prime}; the {prime}-cycle above permutes the fewer than {prime} blocks with cycles of length 1 or {prime}, so it fixes every block, and its {prime} moved points lie in one block of at least {prime} > {points}/2 points, which is then the whole orbit: a contradiction (Wielandt, Finite Permutation Groups, Thm 13.9)."
        ))],
        Fact::WordValue {
            word,
            letters,
            perm,
            source,
            reaches_state,
        } => word_value_spans(word, *letters, perm, source, *reaches_state, certificate),
        Fact::Cites(th) => theorem_spans(th),
        Fact::PrimeCycle {
            orbit,
            prime,
            cycle,
        } => prime_cycle_spans(orbit, *prime, cycle),
        Fact::KernelProduct { orbits } => vec![
            t(format!(
                "For each of the {orbits} orbits a power of a random element moves points of that orbit only; such elements form a normal subgroup whose action is normal in the giant on that orbit, hence contains its alternating group ("
            )),
            m("A_m", "A_{m}"),
            t(" is simple for "),
            m("m ≥ 5", "m \\ge 5"),
            t("). So the group contains the direct product of the alternating groups on its orbits."),
        ],
        Fact::ParityRank {
            orbit_lengths,
            rank,
        } => parity_rank_spans(orbit_lengths, *rank),
        Fact::BaseAndOrbits { base, lengths } => base_and_orbits_spans(base, lengths),
        Fact::ExactlyAlternating => vec![t(
            "Since all generators are even, the group is exactly the alternating group.",
        )],
        Fact::StabilizerOrder { order } => vec![
            t("Schreier-Sims with the fixed points first in the base gives the pointwise stabilizer, of order "),
            num(order),
            t("."),
        ],
        Fact::RestrictionOrder { points, order } => vec![
            t(format!("Its action on the {points} points has order ")),
            num(order),
            t(format!(" (Schreier-Sims on the restricted generators); {points}! = ")),
            num(factorial(*points)),
            t("."),
        ],
        Fact::RestrictionKernel { order } => vec![
            t("The kernel of this action (moves fixing these points too) has order "),
            num(order),
            t("."),
        ],
        Fact::SetNotInvariant { from, to } => vec![t(format!(
            "A generator of the stabilizer maps point {} of the set to {}, outside it.",
            from + 1,
            to + 1
        ))],
        Fact::NotAState { error } => vec![t(format!(
            "It is not an arrangement of the labels: {}.",
            error.replace(|ch: char| !ch.is_ascii(), "?")
        ))],
        Fact::GiantMember => vec![t(
            "The group contains the alternating group on each of its orbits (Jordan's theorem, as for its order); the state's permutation maps every orbit onto itself and fixes the other points, and its signs on the orbits are a sum of the generators' sign vectors, so it is a group element.",
        )],
        Fact::SiftsToIdentity => vec![t(
            "The permutation taking solved to this state sifts through the stabilizer chain to the identity, so it is a group element.",
        )],
        Fact::Breaks(inv) => invariant_spans(inv),
        Fact::SiftFailure {
            levels,
            stop,
            moved,
        } => sift_failure_spans(*levels, *stop, *moved),
        Fact::StructureNode { group, statement } => prose_with_numbers(&format!("{group} {statement}")),
        Fact::TreeData => {
            let mut v = vec![t("The groups H1, H2, ... below are generated by the restrictions of their parent's generators, their images on blocks, or words in them, each with a stabilizer chain over its generators (")];
            v.extend(written(certificate, "them"));
            v.push(t(")."));
            v
        }
        Fact::NaturalName { name, points } => vec![
            t(format!(
                "So the group is the whole symmetric or alternating group of its {points} moved points, which "
            )),
            name_span(name),
            t(" names."),
        ],
        Fact::SimpleByNormalClosures {
            group,
            points,
            prime,
            exponent,
            elements,
            centre_order,
        } => {
            let mut v =
                simple_spans(group, *points, *prime, *exponent, *elements, centre_order.as_ref());
            v.push(t(" (The elements and their conjugates: "));
            v.extend(written(certificate, "them"));
            v.push(t(".)"));
            v
        }
        Fact::NamedByOrder { name, order } => vec![
            t("By the classification of finite simple groups, the only simple group of order "),
            num(order),
            t(" is "),
            name_span(name),
            t(" (two non-isomorphic simple groups have equal orders only for "),
            m("A_8", "A_{8}"),
            t(" and "),
            m("PSL(3,4)", "\\mathrm{PSL}(3,\\allowbreak 4)"),
            t(", and for "),
            m("PΩ(2n+1,q)", "P\\Omega(2n+1,\\allowbreak q)"),
            t(" and "),
            m("PSp(2n,q)", "\\mathrm{PSp}(2n,\\allowbreak q)"),
            t(" with n >= 3 and q odd: Artin 1955, Kimmerle-Lyons-Sandling-Teague 1990; the table of orders lists no other group of this order)."),
        ],
        Fact::NormalOfIndexTwo { order, generators } => {
            let mut v = vec![t(format!(
                "The subgroup D generated by {generators} elements ("
            ))];
            v.extend(written(certificate, "them"));
            v.extend([
                t(") has order "),
                num(order),
                t(", half the group's, and every conjugate of each of its generators by a generator of the group lies in D: D is normal of index 2."),
            ]);
            v
        }
        Fact::SymmetricByCentralizer { n, points } => vec![
            t("The centralizer C of "),
            m(format!("D ≅ A_{n}"), format!("D \\cong A_{{{n}}}")),
            t(format!(
                " is normal, and meets D in the centre of D, which is trivial, so |C| <= 2; a non-trivial normal subgroup of a primitive group is transitive and has at least {points} > 2 elements, so C = 1. The group then embeds in "
            )),
            m(format!("Aut(A_{n}) = S_{n}"), format!("\\mathrm{{Aut}}(A_{{{n}}}) = S_{{{n}}}")),
            t(format!(" (n = {n} is not 6) and has its order "), ),
            m(format!("{n}!"), format!("{n}!")),
            t("."),
        ],
        Fact::PreservesBlocks { blocks } => {
            let shown: Vec<String> = blocks.iter().take(4).map(|b| set_text(b)).collect();
            vec![
                t(format!(
                    "Every generator maps each of the {} blocks ",
                    blocks.len()
                )),
                c(format!(
                    "{}{}",
                    shown.join(" "),
                    if blocks.len() > 4 { " ..." } else { "" }
                )),
                t(format!(
                    " of {} points onto a block, so the group lies in the stabilizer of this partition of its moved points.",
                    blocks.first().map_or(0, Vec::len)
                )),
            ]
        }
        Fact::WreathOfSymmetric { block, blocks } => vec![
            t("The stabilizer of a partition into "),
            m(format!("k = {blocks}"), format!("k = {blocks}")),
            t(" blocks of "),
            m(format!("b = {block}"), format!("b = {block}")),
            t(" points is the wreath product "),
            m(
                format!("S_{block} ≀ S_{blocks}"),
                format!("S_{{{block}}} \\wr S_{{{blocks}}}"),
            ),
            t(", of order "),
            m("b!^k k!", "b!^{k}\\,k!"),
            t(" = "),
            num(factorial(*block).pow(*blocks as u32) * factorial(*blocks)),
            t("; the group lies in it and has this order, so it is all of it."),
        ],
    }
}

/// Where the data of a step are: the certificate file written beside the proof, or
/// how to write one.
fn written(certificate: Option<&str>, what: &str) -> Vec<Span> {
    match certificate {
        Some(file) => vec![t("written in the certificate "), c(file)],
        None => vec![t(format!(
            "not shown; add --certificate FILE to write {what}"
        ))],
    }
}

/// Prose in which each run of 7 or more digits is a number (broken across lines in
/// LaTeX).
fn prose_with_numbers(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut prose = String::new();
    let mut digits = String::new();
    let flush_digits = |digits: &mut String, prose: &mut String, out: &mut Vec<Span>| {
        if digits.len() >= 7 {
            if !prose.is_empty() {
                out.push(t(std::mem::take(prose)));
            }
            out.push(num(std::mem::take(digits)));
        } else {
            prose.push_str(&std::mem::take(digits));
        }
    };
    for ch in text.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
        } else {
            flush_digits(&mut digits, &mut prose, &mut out);
            prose.push(ch);
        }
    }
    flush_digits(&mut digits, &mut prose, &mut out);
    if !prose.is_empty() {
        out.push(t(prose));
    }
    out
}

/// `s` with its first letter in upper case.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A structure name as plain and LaTeX math.
fn name_span(name: &str) -> Span {
    m(name, structure_latex(name))
}

/// The simplicity argument by normal closures.
fn simple_spans(
    group: &str,
    points: usize,
    p: u64,
    e: u32,
    elements: usize,
    centre: Option<&BigUint>,
) -> Vec<Span> {
    let mut v = vec![t(format!(
        "{} is primitive on its {points} points (Atkinson's algorithm), so a non-trivial normal subgroup N of {group} is transitive and {p}, a prime dividing {points}, divides |N|. ",
        capitalised(group)
    ))];
    if e == 1 {
        v.push(t(format!(
            "{p} divides the order once, so N contains a subgroup of order {p}, and all of them are conjugate (Sylow): N contains an element z of order {p} chosen by the proof, whose conjugates in {group} generate {group} (a chain of them has its order). So N = {group}: {group} is simple."
        )));
    } else {
        v.push(t(format!(
            "For a Sylow {p}-subgroup P ({p}^{e} elements), the intersection of N with P is a non-trivial normal subgroup of P, so it meets the centre Z(P)"
        )));
        if let Some(z) = centre {
            v.push(t(", of order "));
            v.push(num(z));
        }
        let each = if elements == 1 {
            format!("the one subgroup of order {p} of Z(P) has")
        } else {
            format!("each of the {elements} subgroups of order {p} of Z(P) has")
        };
        v.push(t(format!(
            ", in a subgroup of order {p}; {each} an element whose conjugates in {group} generate {group} (a chain of them has its order). So N = {group}: {group} is simple."
        )));
    }
    v
}

/// The sign of one generator, from the lengths of its cycles.
fn generator_sign_spans(name: &str, perm: &Perm) -> Vec<Span> {
    let (lens, even, is_even) = sign_text(perm);
    let lens: Vec<String> = lens.iter().map(|l| l.to_string()).collect();
    vec![
        c(name),
        t(" = "),
        c(perm.to_string()),
        t(format!(
            " has cycle lengths [{}], {even} of them even, so its sign is ",
            if lens.is_empty() {
                "none".to_string()
            } else {
                lens.join(", ")
            }
        )),
        if is_even {
            m("+1", "+1")
        } else {
            m("−1", "-1")
        },
        t(if is_even { " (even)." } else { " (odd)." }),
    ]
}

/// The orbits of the moved points, with their sizes.
fn orbits_spans(orbits: &[Vec<usize>]) -> Vec<Span> {
    let mut v = vec![t(format!(
        "The moved points fall into {} orbit{} (orbit computation; a point is never carried to another orbit): ",
        orbits.len(),
        if orbits.len() == 1 { "" } else { "s" }
    ))];
    for (i, o) in orbits.iter().enumerate() {
        if i > 0 {
            v.push(t(", "));
        }
        v.push(c(set_text(o)));
        v.push(t(format!(" ({} points)", o.len())));
    }
    v.push(t("."));
    v
}

/// The blocks (the first four) that show the group imprimitive.
fn blocks_spans(blocks: &[Vec<usize>]) -> Vec<Span> {
    let shown: Vec<String> = blocks.iter().take(4).map(|b| set_text(b)).collect();
    vec![
        t(format!(
            "The group is imprimitive: it permutes the {} blocks ",
            blocks.len()
        )),
        c(format!(
            "{}{}",
            shown.join(" "),
            if blocks.len() > 4 { " ..." } else { "" }
        )),
        t(" (Atkinson's minimal-block algorithm); the symmetric and alternating groups of degree "),
        m("n ≥ 3", "n \\ge 3"),
        t(" are primitive."),
    ]
}

/// Why the group is primitive, by Atkinson's algorithm.
fn primitive_spans(points: usize) -> Vec<Span> {
    vec![
        t(format!(
            "The group is primitive on its {points} points: for the smallest moved point "
        )),
        m("a", "a"),
        t(" and one point "),
        m("b", "b"),
        t(" of each orbit of a subgroup of the stabilizer of "),
        m("a", "a"),
        t(", the smallest block containing "),
        m("a", "a"),
        t(" and "),
        m("b", "b"),
        t(" is the whole orbit (Atkinson's algorithm); the smallest block containing "),
        m("a", "a"),
        t(" and "),
        m("b^h", "b^{h}"),
        t(" ("),
        m("h", "h"),
        t(" fixing "),
        m("a", "a"),
        t(") is the image of that of "),
        m("a", "a"),
        t(" and "),
        m("b", "b"),
        t(" under "),
        m("h", "h"),
        t(", so it is the whole orbit for every other point "),
        m("b", "b"),
        t("."),
    ]
}

/// What a word evaluates to, and where it was found (a long word is in the certificate).
fn word_value_spans(
    word: &str,
    letters: u128,
    perm: &Perm,
    source: &WordSource,
    reaches_state: bool,
    certificate: Option<&str>,
) -> Vec<Span> {
    let found = match source {
        WordSource::BreadthFirst => "found by breadth-first search over short words",
        WordSource::Minkwitz => "from Minkwitz transversal tables",
    };
    let cycles = perm.cycles();
    let what = if reaches_state {
        ", the permutation of the state: it reaches the state from solved, and its inverse solves it".to_string()
    } else if cycles.len() == 1 && cycles[0].len() == 2 {
        ", a transposition".to_string()
    } else if cycles.len() == 1 && cycles[0].len() == 3 {
        ", a 3-cycle".to_string()
    } else {
        String::new()
    };
    let long = letters > super::HAND_LETTERS;
    let mut v = if !long {
        vec![t("The word "), c(word)]
    } else if let Some(file) = certificate {
        vec![
            t(format!(
                "A word of {letters} letters (written in the certificate "
            )),
            c(file.to_string()),
            t(")"),
        ]
    } else {
        vec![t(format!(
            "A word of {letters} letters (not shown; add --certificate FILE to write it)"
        ))]
    };
    v.push(t(format!(" ({found}) evaluates to ")));
    v.push(c(perm.to_string()));
    v.push(t(what));
    v.push(t(match (long, certificate) {
        (false, _) => ".",
        (true, Some(_)) => "; this rests on computation: see the certificate.",
        (true, None) => "; this rests on computation.",
    }));
    v
}

/// The statement of a cited theorem, with its reference.
fn theorem_spans(th: &Theorem) -> Vec<Span> {
    vec![t(match th {
    Theorem::JordanTransposition => "Jordan: a primitive group containing a transposition is the full symmetric group (Wielandt, Finite Permutation Groups, Thm 13.3).",
    Theorem::JordanThreeCycle => "Jordan: a primitive group containing a 3-cycle contains the alternating group (Wielandt, Finite Permutation Groups, Thm 13.3).",
    Theorem::JordanPrimeCycle => {
        return vec![
            t("Jordan: a transitive group of degree m containing a cycle of prime length p with "),
            m("m/2 < p ≤ m − 3", "m/2 < p \\le m - 3"),
            t(" is primitive and contains the alternating group "),
            m("A_m", "A_{m}"),
            t(" (Wielandt, Finite Permutation Groups, Thm 13.9; Seress, Permutation Group Algorithms, Sec. 10.2)."),
        ]
    }
})]
}

/// The prime cycle an element makes on an orbit, within the bounds of Jordan's theorem.
fn prime_cycle_spans(orbit: &[usize], prime: usize, cycle: &[usize]) -> Vec<Span> {
    let mm = orbit.len();
    vec![
        t(format!(
            "On {} a group element (a power of a random element) acts as the single {prime}-cycle ",
            orbit_name(orbit)
        )),
        c(tuple_text(cycle)),
        t(format!("; {prime} is prime and ")),
        m(
            format!("{mm}/2 < {prime} ≤ {mm} − 3"),
            format!("{mm}/2 < {prime} \\le {mm} - 3"),
        ),
        t("."),
    ]
}

/// The order of a product of alternating groups extended by the rank of the sign vectors.
fn parity_rank_spans(orbit_lengths: &[usize], rank: usize) -> Vec<Span> {
    let mut o = BigUint::from(1u32);
    for &l in orbit_lengths {
        o *= factorial(l) / 2u32;
    }
    o <<= rank;
    vec![
        t(format!(
            "So the group contains the alternating group on each orbit (of lengths {}) and their product; modulo it only the signs on the orbits remain, and the generators' sign vectors span a space of dimension {rank}, so ",
            list_text(orbit_lengths)
        )),
        m(
            format!("|G| = ∏ m!/2 · 2^{rank} = "),
            format!("|G| = \\prod m!/2 \\cdot 2^{{{rank}}} = "),
        ),
        num(o),
        t("."),
    ]
}

/// The order from a verified base and its basic orbit lengths.
fn base_and_orbits_spans(base: &[usize], lengths: &[usize]) -> Vec<Span> {
    let o = lengths
        .iter()
        .fold(BigUint::from(1u32), |a, &l| a * BigUint::from(l));
    vec![
        t("Schreier-Sims (verified by Sims' Schreier-generator test) gives the base "),
        c(format!(
            "[{}]",
            base.iter()
                .map(|b| (b + 1).to_string())
                .collect::<Vec<_>>()
                .join(",")
        )),
        t(" with basic orbit lengths "),
        c(list_text(lengths)),
        t("; their product is "),
        m("|G| = ", "|G| = "),
        num(o),
        t("."),
    ]
}

/// Why sifting shows a permutation is not a group element.
fn sift_failure_spans(
    levels: usize,
    stop: Option<(usize, usize, usize, usize)>,
    moved: Option<(usize, usize)>,
) -> Vec<Span> {
    let head =
        "None of the orbit, block, parity and orientation invariants found excludes it, but ";
    match (stop, moved) {
        (Some((l, b, img, len)), _) => vec![t(format!(
            "{head}sifting through the stabilizer chain ({levels} levels) stops at level {}: the remaining element maps that level's base point {} to {}, which is not in its basic orbit (of {len} points).",
            l + 1,
            b + 1,
            img + 1
        ))],
        (None, Some((x, y))) => vec![t(format!(
            "{head}sifting passes all {levels} levels of the stabilizer chain and leaves a non-identity element that fixes every base point (it maps {} to {}); in the group only the identity fixes the whole base.",
            x + 1,
            y + 1
        ))],
        (None, None) => vec![t(format!(
            "{head}sifting through the stabilizer chain ({levels} levels) does not reach the identity."
        ))],
    }
}

fn invariant_spans(inv: &Invariant) -> Vec<Span> {
    match inv {
        Invariant::Orbit {
            label,
            position,
            orbit,
        } => vec![
            t(format!(
                "The positions label {} can reach form {}: ",
                label + 1,
                orbit_name(orbit)
            )),
            c(set_text(orbit)),
            t(format!(
                " (every move maps it onto itself). The state puts label {} at position {}, outside it.",
                label + 1,
                position + 1
            )),
        ],
        Invariant::Block {
            blocks,
            block,
            images,
        } => vec![
            t(format!(
                "Every move carries the {} blocks of {} points ",
                blocks.len(),
                block.len()
            )),
            c(blocks.iter().map(|b| set_text(b)).collect::<Vec<_>>().join(" ")),
            t(" onto blocks (a block system of the group, found by Atkinson's algorithm). The state sends block "),
            c(set_text(block)),
            t(" to positions "),
            c(tuple_text(images)),
            t(", which lie in different blocks."),
        ],
        Invariant::Parity {
            coordinates,
            generators,
            state,
        } => {
            let mut v = vec![t(
                "Record for each permutation its sign on each of these (odd = 1); the vector is additive mod 2 under products: ",
            )];
            for (i, cd) in coordinates.iter().enumerate() {
                if i > 0 {
                    v.push(t("; "));
                }
                match cd {
                    ParityCoordinate::Orbit(o) => {
                        v.push(t(format!("{}. the positions ", i + 1)));
                        v.push(c(set_text(o)));
                    }
                    ParityCoordinate::Blocks(bs) => {
                        v.push(t(format!(
                            "{}. the permutation of the {} blocks of {} points containing position {}",
                            i + 1,
                            bs.len(),
                            bs[0].len(),
                            bs[0][0] + 1
                        )));
                    }
                }
            }
            let bits = |b: &[bool]| -> String { b.iter().map(|&x| if x { '1' } else { '0' }).collect() };
            v.push(t(". The generators' vectors: "));
            v.push(c(generators
                .iter()
                .map(|(n, b)| format!("{n} {}", bits(b)))
                .collect::<Vec<_>>()
                .join(", ")));
            v.push(t(". The state's vector "));
            v.push(c(bits(state)));
            v.push(t(" is not a sum of them."));
            v
        }
        Invariant::Orientation {
            blocks,
            modulus: k,
            generators,
            state_twists,
        } => {
            let (d, s) = inv
                .orientation_sums()
                .expect("an orientation invariant has sums");
            let rule = if d == *k {
                format!("the twists of the blocks must sum to 0 mod {k}")
            } else {
                format!("the twists of the blocks must sum to a multiple of {d} mod {k}")
            };
            vec![
                t(format!(
                    "Label the points of each of the {} blocks ",
                    blocks.len()
                )),
                c(blocks
                    .iter()
                    .map(|b| {
                        format!(
                            "[{}]",
                            b.iter()
                                .map(|x| (x + 1).to_string())
                                .collect::<Vec<_>>()
                                .join(",")
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" ")),
                t(format!(
                    " 0 to {} in the order listed. Every move carries each block onto a block, adding a constant (its twist) to the labels mod {k}, and the sum of the twists mod {k} is additive under products. The generators' sums: ",
                    k - 1
                )),
                c(generators
                    .iter()
                    .map(|(n, s)| format!("{n} {s}"))
                    .collect::<Vec<_>>()
                    .join(", ")),
                t(format!(
                    ". So {rule}; this state's twists {} sum to {s}.",
                    list_text(state_twists)
                )),
            ]
        }
    }
}

fn render_spans(spans: &[Span], f: Format) -> String {
    let mut s = String::new();
    let mut last_math = false;
    for sp in spans {
        // in LaTeX a number is math too: `$|G| = 43{,}252…$`, the relation spaced
        let math =
            matches!(sp, Span::Math(..)) || (f == Format::Latex && matches!(sp, Span::Number(..)));
        let formula = match (sp, f) {
            (Span::Math(_, l), Format::Markdown | Format::Latex) => Some(latex_text_math(l)),
            (Span::Number(x), Format::Latex) => Some(latex_number(x)),
            _ => None,
        };
        if let Some(formula) = formula {
            // adjacent formulas share one math group (never `$$`)
            if last_math {
                s.pop();
            } else {
                s.push('$');
            }
            s.push_str(&formula);
            s.push('$');
            last_math = math;
            continue;
        }
        match (sp, f) {
            (Span::Text(x), Format::Latex) => s.push_str(&latex_text(x)),
            (Span::Text(x), _) => s.push_str(x),
            (Span::Math(p, _), _) => s.push_str(p),
            (Span::Code(x), Format::Text) => s.push_str(x),
            (Span::Code(x), Format::Markdown) => {
                s.push('`');
                s.push_str(x);
                s.push('`');
            }
            (Span::Code(x), Format::Latex) => s.push_str(&latex_code(x)),
            (Span::Number(x), _) => s.push_str(x),
        }
        last_math = math;
    }
    s
}

/// Math is ASCII by construction; anything else is replaced.
fn latex_text_math(l: &str) -> String {
    l.chars()
        .map(|c| if c.is_ascii() { c } else { '?' })
        .collect()
}

impl Basis {
    fn label(self) -> &'static str {
        match self {
            Basis::Hand => "by hand",
            Basis::Theorem => "theorem",
            Basis::Computation => "computation",
        }
    }
}

impl Proof {
    /// The argument in the given format, as shown when no certificate is written (a
    /// long word is not shown; the text says how to write a certificate holding it).
    pub fn render(&self, f: Format) -> String {
        self.render_for(f, None)
    }

    /// The argument in the given format, shown beside the certificate written to
    /// `file` (which holds the long words the text does not show).
    pub fn render_with_certificate(&self, f: Format, file: &str) -> String {
        self.render_for(f, Some(file))
    }

    fn render_for(&self, f: Format, certificate: Option<&str>) -> String {
        let verdict = if self.holds { "TRUE" } else { "FALSE" };
        let mut out = String::new();
        match f {
            Format::Text => {
                out.push_str(&format!(
                    "Claim: {}  [{verdict}]\n",
                    render_spans(&self.statement, f)
                ));
                for (i, st) in self.steps.iter().enumerate() {
                    out.push_str(&format!(
                        "  {}. ({}) {}\n",
                        i + 1,
                        st.basis.label(),
                        render_spans(&st.spans_with(certificate), f)
                    ));
                }
                out.push_str(&format!(
                    "Conclusion: {}\n",
                    render_spans(&self.conclusion, f)
                ));
            }
            Format::Markdown => {
                out.push_str(&format!(
                    "**Claim.** {} — **{verdict}**\n\n",
                    render_spans(&self.statement, f)
                ));
                for (i, st) in self.steps.iter().enumerate() {
                    out.push_str(&format!(
                        "{}. *({})* {}\n",
                        i + 1,
                        st.basis.label(),
                        render_spans(&st.spans_with(certificate), f)
                    ));
                }
                out.push_str(&format!(
                    "\n**Conclusion.** {}\n",
                    render_spans(&self.conclusion, f)
                ));
            }
            Format::Latex => {
                out.push_str(&format!(
                    "\\paragraph{{Claim.}} {} --- \\textbf{{{verdict}}}\n\\begin{{enumerate}}\n",
                    render_spans(&self.statement, f)
                ));
                for st in &self.steps {
                    out.push_str(&format!(
                        "  \\item \\emph{{({})}} {}\n",
                        st.basis.label(),
                        render_spans(&st.spans_with(certificate), f)
                    ));
                }
                out.push_str(&format!(
                    "\\end{{enumerate}}\n\\noindent\\textbf{{Conclusion.}} {}\n",
                    render_spans(&self.conclusion, f)
                ));
            }
        }
        out
    }
}

/// `name` as LaTeX math: `S5 ≀ S6` as `S_{5} \wr S_{6}`, `PSL(2,7)` as
/// `\mathrm{PSL}(2,7)`, `C3^7` as `C_{3}^{7}`.
pub fn structure_latex(name: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = name.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if ch.is_ascii_uppercase() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphabetic() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if word.len() == 1 {
                out.push_str(&word);
            } else {
                out.push_str(&format!("\\mathrm{{{word}}}"));
            }
            let digits_start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            if i > digits_start {
                let d: String = chars[digits_start..i].iter().collect();
                out.push_str(&format!("_{{{d}}}"));
            }
            continue;
        }
        match ch {
            '^' => {
                let s = i + 1;
                i = s;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let d: String = chars[s..i].iter().collect();
                out.push_str(&format!("^{{{d}}}"));
                continue;
            }
            '≀' => out.push_str("\\wr "),
            '×' => out.push_str("\\times "),
            '⋊' => out.push_str("\\rtimes "),
            '.' => out.push_str("{.}"),
            ' ' => {}
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
        i += 1;
    }
    out
}
