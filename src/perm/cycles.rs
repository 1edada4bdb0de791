//! GAP cycle notation: parsing with column-precise errors, and formatting.
//!
//! Points are 1-based in text. `()` is the identity; spaces are allowed anywhere
//! between tokens; cycles are composed left to right, but a point may appear only once
//! in the whole expression (disjoint cycles), as in the notation users write by hand.

use crate::perm::{Perm, MAX_DEGREE};

/// A malformed cycle notation, with the 1-based column where the problem starts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CycleParseError {
    /// A character that is neither a digit, `(`, `)`, `,` nor a space.
    #[error("column {column}: unexpected character {found:?} in cycle notation")]
    Unexpected {
        /// 1-based column.
        column: usize,
        /// The character found.
        found: char,
    },
    /// `0` is not a point (points are 1-based).
    #[error("column {column}: point 0 is not allowed (points are 1-based)")]
    Zero {
        /// 1-based column.
        column: usize,
    },
    /// A point occurs twice.
    #[error("column {column}: point {point} is repeated (first at column {first})")]
    Repeated {
        /// 1-based column of the repeat.
        column: usize,
        /// The point, 1-based.
        point: usize,
        /// Column of the first occurrence.
        first: usize,
    },
    /// A `(` without `)` or a `)` without `(`.
    #[error("column {column}: unbalanced parenthesis")]
    Unbalanced {
        /// 1-based column.
        column: usize,
    },
    /// A point larger than the declared degree.
    #[error("column {column}: point {point} exceeds the degree {degree}")]
    BeyondDegree {
        /// 1-based column.
        column: usize,
        /// The point.
        point: usize,
        /// The degree.
        degree: usize,
    },
    /// A point beyond [`MAX_DEGREE`].
    #[error("column {column}: point too large (at most {MAX_DEGREE})")]
    Overflow {
        /// 1-based column.
        column: usize,
    },
    /// A declared degree beyond [`MAX_DEGREE`].
    #[error("column 1: degree {degree} is too large (at most {MAX_DEGREE} points)")]
    DegreeTooLarge {
        /// The degree asked for.
        degree: usize,
    },
    /// Empty text.
    #[error("column 1: empty cycle notation (write () for the identity)")]
    Empty,
}

/// Parses GAP cycle notation into a permutation of `degree` points (or of the largest
/// point mentioned when `degree` is `None`). Points and `degree` are at most
/// [`MAX_DEGREE`].
pub fn parse_cycles(text: &str, degree: Option<usize>) -> Result<Perm, CycleParseError> {
    if let Some(d) = degree.filter(|&d| d > MAX_DEGREE) {
        return Err(CycleParseError::DegreeTooLarge { degree: d });
    }
    let chars: Vec<char> = text.chars().collect();
    let mut cycles: Vec<Vec<usize>> = Vec::new();
    let mut first_seen: std::collections::HashMap<usize, usize> = Default::default();
    let mut current: Option<Vec<usize>> = None;
    let mut open_col = 0;
    let mut expect_point = false; // after '(' or ','
    let mut i = 0;
    let mut any = false;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        match c {
            ' ' | '\t' => {
                i += 1;
            }
            '(' => {
                if current.is_some() {
                    return Err(CycleParseError::Unbalanced { column: col });
                }
                current = Some(Vec::new());
                open_col = col;
                expect_point = true;
                any = true;
                i += 1;
            }
            ')' => {
                let cyc = current
                    .take()
                    .ok_or(CycleParseError::Unbalanced { column: col })?;
                if expect_point && !cyc.is_empty() {
                    return Err(CycleParseError::Unexpected {
                        column: col,
                        found: ')',
                    });
                }
                cycles.push(cyc);
                expect_point = false;
                i += 1;
            }
            ',' => {
                if current.is_none() || expect_point {
                    return Err(CycleParseError::Unexpected {
                        column: col,
                        found: ',',
                    });
                }
                expect_point = true;
                i += 1;
            }
            '0'..='9' => {
                let cyc = current.as_mut().ok_or(CycleParseError::Unexpected {
                    column: col,
                    found: c,
                })?;
                if !expect_point {
                    return Err(CycleParseError::Unexpected {
                        column: col,
                        found: c,
                    });
                }
                let mut value: usize = 0;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    value = value
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(chars[i] as usize - '0' as usize))
                        .filter(|&v| v <= MAX_DEGREE)
                        .ok_or(CycleParseError::Overflow { column: col })?;
                    i += 1;
                }
                if value == 0 {
                    return Err(CycleParseError::Zero { column: col });
                }
                if let Some(d) = degree {
                    if value > d {
                        return Err(CycleParseError::BeyondDegree {
                            column: col,
                            point: value,
                            degree: d,
                        });
                    }
                }
                if let Some(&first) = first_seen.get(&value) {
                    return Err(CycleParseError::Repeated {
                        column: col,
                        point: value,
                        first,
                    });
                }
                first_seen.insert(value, col);
                cyc.push(value - 1);
                expect_point = false;
            }
            other => {
                return Err(CycleParseError::Unexpected {
                    column: col,
                    found: other,
                })
            }
        }
    }
    if current.is_some() {
        return Err(CycleParseError::Unbalanced { column: open_col });
    }
    if !any {
        return Err(CycleParseError::Empty);
    }
    let max_point = first_seen.keys().copied().max().unwrap_or(0);
    let n = degree.unwrap_or(max_point);
    Ok(Perm::from_cycles(n, &cycles).expect("points checked against the degree"))
}

/// Formats 0-based cycles in 1-based GAP notation; `()` for none.
pub fn format_cycles(cycles: &[Vec<usize>]) -> String {
    if cycles.is_empty() {
        return "()".to_string();
    }
    let mut s = String::new();
    for c in cycles {
        s.push('(');
        for (k, x) in c.iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            s.push_str(&(x + 1).to_string());
        }
        s.push(')');
    }
    s
}

/// Parses a 1-based point list (`1,3,5`, `9-12`, `1..4,7`: numbers and ranges `a-b`
/// or `a..b` separated by commas) into 0-based points in `0..n`, each at most once;
/// the inverse of [`point_set_text`] on sorted lists.
///
/// ```
/// use permlab::perm::cycles::parse_point_list;
/// assert_eq!(parse_point_list("1-3,5", 6).unwrap(), [0, 1, 2, 4]);
/// assert!(parse_point_list("0", 6).is_err());
/// ```
pub fn parse_point_list(text: &str, n: usize) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim) {
        let bad = || format!("{part:?} is not a number or a range a-b of numbers 1..{n}");
        let (a, b) = match part.split_once("..").or_else(|| part.split_once('-')) {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (part, part),
        };
        let a: usize = a.parse().map_err(|_| bad())?;
        let b: usize = b.parse().map_err(|_| bad())?;
        if a == 0 || b > n || a > b {
            return Err(bad());
        }
        out.extend((a..=b).map(|x| x - 1));
    }
    let mut sorted = out.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("point {} is listed twice", w[0] + 1));
    }
    Ok(out)
}

/// A set of 0-based points as text, 1-based with runs of three or more compressed:
/// `{1-4,7,9,10}`.
///
/// ```
/// assert_eq!(permlab::perm::cycles::point_set_text(&[0, 1, 2, 3, 6, 8, 9]), "{1-4,7,9,10}");
/// ```
pub fn point_set_text(v: &[usize]) -> String {
    let mut s: Vec<usize> = v.to_vec();
    s.sort_unstable();
    s.dedup();
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let mut j = i;
        while j + 1 < s.len() && s[j + 1] == s[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => (s[i] + 1).to_string(),
            1 => format!("{},{}", s[i] + 1, s[j] + 1),
            _ => format!("{}-{}", s[i] + 1, s[j] + 1),
        });
        i = j + 1;
    }
    format!("{{{}}}", parts.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roundtrip_and_spaces() {
        let p = parse_cycles(" ( 1, 3 ,8,6 )(2,5,7,4) ", None).unwrap();
        assert_eq!(p.to_string(), "(1,3,8,6)(2,5,7,4)");
        assert_eq!(p.degree(), 8);
        assert!(parse_cycles("()", None).unwrap().is_identity());
        assert!(parse_cycles("()", Some(5)).unwrap().degree() == 5);
    }

    #[test]
    fn errors_have_columns() {
        use CycleParseError::*;
        assert_eq!(
            parse_cycles("(1,2,1)", None),
            Err(Repeated {
                column: 6,
                point: 1,
                first: 2
            })
        );
        assert_eq!(parse_cycles("(1,0)", None), Err(Zero { column: 4 }));
        assert_eq!(
            parse_cycles("(1,x)", None),
            Err(Unexpected {
                column: 4,
                found: 'x'
            })
        );
        assert_eq!(parse_cycles("(1,2", None), Err(Unbalanced { column: 1 }));
        assert_eq!(
            parse_cycles("1,2)", None).unwrap_err().to_string(),
            "column 1: unexpected character '1' in cycle notation"
        );
        assert_eq!(parse_cycles("(1,2))", None), Err(Unbalanced { column: 6 }));
        assert_eq!(parse_cycles("((1,2)", None), Err(Unbalanced { column: 2 }));
        assert_eq!(
            parse_cycles("(1,,2)", None),
            Err(Unexpected {
                column: 4,
                found: ','
            })
        );
        assert_eq!(
            parse_cycles("(1,9)", Some(4)),
            Err(BeyondDegree {
                column: 4,
                point: 9,
                degree: 4
            })
        );
        assert_eq!(parse_cycles("", None), Err(Empty));
        assert_eq!(
            parse_cycles("(99999999999999999999)", None),
            Err(Overflow { column: 2 })
        );
    }
}
