//! Seed 003: the linearization of the Rubik's cube.

use super::{holds_if, Check, Outcome};
use crate::matrix::{matrix_power, order_by_matrix, perm_from_dmatrix, to_dmatrix};
use crate::{Convention, Direction, Perm, ProductOrder, Puzzle};
use nalgebra::DMatrix;

pub fn checks() -> Vec<Check> {
    vec![
        Check {
            id: "s003-order-1260",
            heavy: false,
            run: order_1260,
        },
        Check {
            id: "s003-power-100000",
            heavy: false,
            run: power_100000,
        },
        Check {
            id: "s003-u-100000",
            heavy: false,
            run: u_100000,
        },
        Check {
            id: "s003-move-mat",
            heavy: false,
            run: move_mat,
        },
        Check {
            id: "s003-transpose",
            heavy: false,
            run: transpose,
        },
        Check {
            id: "s003-closed",
            heavy: false,
            run: closed,
        },
        Check {
            id: "s003-finite-order",
            heavy: false,
            run: finite_order,
        },
        Check {
            id: "s003-inverse-word",
            heavy: false,
            run: inverse_word,
        },
        Check {
            id: "s003-niss",
            heavy: false,
            run: niss,
        },
        Check {
            id: "s003-no-6x6",
            heavy: false,
            run: no_6x6,
        },
    ]
}

fn cube() -> Result<Puzzle, String> {
    Puzzle::builtin("cube3").map_err(|e| e.to_string())
}

fn word_perm(p: &Puzzle, w: &str) -> Result<Perm, String> {
    Ok(p.eval(&p.parse_word(w).map_err(|e| e.to_string())?))
}

/// The 18 face moves of the cube as words.
fn eighteen_moves() -> Vec<String> {
    let mut v = Vec::new();
    for f in ["U", "D", "F", "B", "R", "L"] {
        for s in ["", "'", "2"] {
            v.push(format!("{f}{s}"));
        }
    }
    v
}

fn order_1260() -> Result<Outcome, String> {
    let p = cube()?;
    let w = p.parse_word("R U2 D' B D'").map_err(|e| e.to_string())?;
    let g = p.eval(&w);
    let by_matrix = order_by_matrix(&to_dmatrix::<f32>(&g), 5000).ok_or("order above 5000")?;
    let by_cycles = g.order();
    let mixed = p
        .eval_with(
            &w,
            Convention {
                order: ProductOrder::LeftToRight,
                direction: Direction::Counterclockwise,
            },
        )
        .order();
    let ok = by_cycles == 1260u32.into() && by_matrix == 1260;
    Ok(Outcome::new(
        holds_if(ok),
        format!(
            "order {by_cycles} by cycles (cycle lengths {:?}), {by_matrix} by matrix powers; {mixed} if the letters are read counterclockwise (or products right to left)",
            g.cycles().iter().map(Vec::len).collect::<Vec<_>>()
        ),
        "lcm of the cycle lengths of the 54-sticker permutation; least k with M^k = I for the 54x54 matrix",
    )
    .number("OrderRUDBD", &by_cycles)
    .number("OrderRUDBDMixed", &mixed))
}

fn power_100000() -> Result<Outcome, String> {
    let p = cube()?;
    let g = word_perm(&p, "R U F L B")?;
    let m = matrix_power(&to_dmatrix::<f64>(&g), 100_000);
    let by_matrix = perm_from_dmatrix(&m).map_err(|e| e.to_string())?;
    let by_cycles = g.pow(100_000);
    let order = g.order();
    let ok = by_matrix == by_cycles;
    Ok(Outcome::new(
        holds_if(ok),
        format!(
            "R U F L B has order {order}; (R U F L B)^100000 = (R U F L B)^{} = {} ({} stickers moved); mat_exp and Perm::pow agree",
            100_000u64 % u64::try_from(&order).unwrap_or(1),
            by_cycles,
            by_cycles.support().len()
        ),
        "17 squarings of the 54x54 matrix (seed 003's mat_exp) against the power taken on cycles",
    )
    .number("OrderRUFLB", &order))
}

fn u_100000() -> Result<Outcome, String> {
    let p = cube()?;
    let u = word_perm(&p, "U")?;
    let m = matrix_power(&to_dmatrix::<f64>(&u), 100_000);
    let solved = m == DMatrix::identity(54, 54);
    Ok(Outcome::new(
        holds_if(solved && u.order() == 4u32.into()),
        format!(
            "U has order {}; U^100000 is the identity matrix: {solved}",
            u.order()
        ),
        "matrix power by repeated squaring",
    ))
}

fn move_mat() -> Result<Outcome, String> {
    let p = cube()?;
    let mat =
        |w: &str| -> Result<DMatrix<i32>, String> { Ok(to_dmatrix::<i32>(&word_perm(&p, w)?)) };
    let word = mat("R U R' U'")?;
    let product = mat("U'")? * mat("R'")? * mat("U")? * mat("R")?;
    Ok(Outcome::new(
        holds_if(word == product),
        "matrix(R U R' U') = U^-1 R^-1 U R exactly",
        "products of 54x54 permutation matrices (P x with P[i^g, i] = 1)",
    ))
}

fn transpose() -> Result<Outcome, String> {
    let p = cube()?;
    let mut ok = true;
    for w in eighteen_moves() {
        let g = word_perm(&p, &w)?;
        let m = to_dmatrix::<i32>(&g);
        ok &= m.transpose() == to_dmatrix::<i32>(&g.inverse());
        ok &= &m * m.transpose() == DMatrix::identity(54, 54);
    }
    Ok(Outcome::new(
        holds_if(ok),
        "P^T = P^-1 and P P^T = I for all 18 face moves",
        "18 matrix products",
    ))
}

fn closed() -> Result<Outcome, String> {
    let p = cube()?;
    let moves = eighteen_moves();
    let mut count = 0;
    let mut ok = true;
    for a in &moves {
        for b in &moves {
            let prod =
                to_dmatrix::<i32>(&word_perm(&p, a)?) * to_dmatrix::<i32>(&word_perm(&p, b)?);
            ok &= perm_from_dmatrix(&prod).is_ok();
            count += 1;
        }
    }
    Ok(Outcome::new(
        holds_if(ok),
        format!("all {count} products of two face-move matrices are permutation matrices"),
        "validation of each product (one 1 per row and column)",
    ))
}

fn finite_order() -> Result<Outcome, String> {
    let p = cube()?;
    let mut ok = true;
    let mut largest = 0;
    for w in eighteen_moves()
        .iter()
        .map(String::as_str)
        .chain(["R U", "R U2 D' B D'", "R U F L B"])
    {
        let g = word_perm(&p, w)?;
        let k = order_by_matrix(&to_dmatrix::<f32>(&g), 5000);
        ok &= k.is_some_and(|k| g.order() == k.into());
        largest = largest.max(k.unwrap_or(0));
    }
    Ok(Outcome::new(
        holds_if(ok),
        format!("the least k with P^k = I exists and equals the cycle order for 21 words (largest {largest})"),
        "repeated multiplication until the identity, compared with the lcm of cycle lengths",
    ))
}

fn inverse_word() -> Result<Outcome, String> {
    let p = cube()?;
    let w = p
        .parse_word("R U2 D' B D' F L2")
        .map_err(|e| e.to_string())?;
    let ok = p.eval(&w.inverse()) == p.eval(&w).inverse();
    Ok(Outcome::new(
        holds_if(ok),
        format!("({w})^-1 = {}", w.inverse()),
        "the reversed word of inverse moves, evaluated",
    ))
}

fn niss() -> Result<Outcome, String> {
    let p = cube()?;
    let s = p
        .parse_word("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
        .map_err(|e| e.to_string())?;
    let letters = s.concat(&s.inverse()).letters();
    let gens = p.all_perms();
    let all = (0..letters.len()).all(|k| {
        let mut r = letters[k..].to_vec();
        r.extend_from_slice(&letters[..k]);
        crate::Word::from_letters(s.names().clone(), &r)
            .eval(&gens)
            .is_identity()
    });
    Ok(Outcome::new(
        holds_if(all),
        format!(
            "all {} cyclic rotations of scramble·solution are the identity",
            letters.len()
        ),
        "a 20-move scramble with its inverse as the solution",
    ))
}

fn no_6x6() -> Result<Outcome, String> {
    // The solved 6x9 state S has constant rows, so every column of A S equals A times
    // the first column: A S has 9 equal columns. The R-turned state does not.
    let p = cube()?;
    let r = word_perm(&p, "R")?;
    let colours: Vec<u32> = (0..54).map(|i| (i / 9) as u32).collect();
    let turned = r.apply_to_state(&colours);
    let columns: std::collections::BTreeSet<Vec<u32>> = (0..9)
        .map(|c| (0..6).map(|f| turned[f * 9 + c]).collect())
        .collect();
    Ok(Outcome::new(
        holds_if(columns.len() > 1),
        format!(
            "after R the 6x9 colour matrix has {} distinct columns, but A·S has one for every 6x6 A (S has constant rows)",
            columns.len()
        ),
        "the columns of the turned colour matrix",
    ))
}
