//! Escaping text for the formats the crate writes: LaTeX (paper tables, proofs,
//! numbers), Markdown table cells and HTML. Each format has one escaper, here.
//!
//! ```
//! use permlab::escape::{latex_text, markdown_cell};
//! assert_eq!(latex_text("<R,U> has 50% of a_b"), "$\\langle$R,U$\\rangle$ has 50\\% of a\\_b");
//! assert_eq!(markdown_cell("a | b\nc"), "a \\| b c");
//! ```

/// Text for LaTeX's text mode, ASCII only: the special characters `\ & % $ # _ { } ^ ~`
/// escaped; `<R,U>` (a `<` before a letter, up to the next `>`) as angle brackets;
/// other `<`, `>`, `<=`, `>=` and the mathematical symbols the crate prints (`⟨ ⟩ ≤ ≥ ·
/// × → ⇒ ∈ ∉ − ∏ ⁻ ¹`) as math; dashes and `…` as their LaTeX spellings; straight double
/// quotes as `''`. Any other non-ASCII character becomes `?`, so the output always
/// compiles with pdflatex.
pub fn latex_text(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut angle_open = false;
    let mut i = 0;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        match chars[i] {
            '<' if next.is_some_and(char::is_alphabetic) => {
                angle_open = true;
                out.push_str("$\\langle$");
            }
            '>' if angle_open => {
                angle_open = false;
                out.push_str("$\\rangle$");
            }
            c @ ('<' | '>') => {
                let op = match (c, next) {
                    ('<', Some('=')) => "\\le",
                    ('>', Some('=')) => "\\ge",
                    ('<', _) => "<",
                    _ => ">",
                };
                if next == Some('=') {
                    i += 1;
                }
                out.push('$');
                out.push_str(op);
                out.push('$');
            }
            '\\' => out.push_str("\\textbackslash{}"),
            c @ ('&' | '%' | '$' | '#' | '_' | '{' | '}') => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            '"' => out.push_str("''"),
            '|' => out.push_str("$|$"),
            c if c.is_ascii_whitespace() => out.push(' '),
            c if c.is_ascii_control() => out.push('?'),
            '…' => out.push_str("\\ldots{}"),
            '—' => out.push_str("---"),
            '–' => out.push_str("--"),
            '−' => out.push('-'),
            c => match latex_math_symbol(c) {
                Some(m) => {
                    out.push('$');
                    out.push_str(m);
                    out.push('$');
                }
                None if c.is_ascii() => out.push(c),
                None => out.push('?'),
            },
        }
        i += 1;
    }
    out
}

/// The position of a run of a label's text: on the line, raised or lowered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    /// On the baseline.
    Normal,
    /// An exponent.
    Superscript,
    /// A subscript.
    Subscript,
}

/// A label cut into runs by its exponents and subscripts: `^` followed by digits (with
/// an optional `-`) or by one letter is an exponent (`7^2`, `g^-1`, `(R U)^105`,
/// `2^n`), `_` followed by digits or by one letter a subscript (`S_8`, `A_n`); the
/// `^` and `_` are dropped. Anything else stays as it is, so a name like `cube2_ruf`
/// is not cut. The one rule for math-like labels in every figure format
/// ([`latex_label`] for TikZ, the figures' titles in SVG, PNG and PDF).
///
/// ```
/// use permlab::escape::{script_runs, Script};
/// assert_eq!(
///     script_runs("S_8 has 7^2"),
///     vec![
///         ("S".to_string(), Script::Normal),
///         ("8".to_string(), Script::Subscript),
///         (" has 7".to_string(), Script::Normal),
///         ("2".to_string(), Script::Superscript),
///     ]
/// );
/// assert_eq!(script_runs("cube2_ruf"), vec![("cube2_ruf".to_string(), Script::Normal)]);
/// ```
pub fn script_runs(s: &str) -> Vec<(String, Script)> {
    let chars: Vec<char> = s.chars().collect();
    let mut runs: Vec<(String, Script)> = Vec::new();
    let mut plain = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let rest = &chars[i + 1..];
        let word = rest
            .iter()
            .take_while(|x| x.is_ascii_alphanumeric() || **x == '-')
            .count();
        let script: &[char] = &rest[..word];
        let digits = |t: &[char]| !t.is_empty() && t.iter().all(char::is_ascii_digit);
        let accepted = match c {
            '^' => {
                digits(script)
                    || (script.first() == Some(&'-') && digits(&script[1..]))
                    || (script.len() == 1 && script[0].is_ascii_alphabetic())
            }
            '_' => digits(script) || (script.len() == 1 && script[0].is_ascii_alphabetic()),
            _ => false,
        };
        if accepted {
            if !plain.is_empty() {
                runs.push((std::mem::take(&mut plain), Script::Normal));
            }
            let kind = if c == '^' {
                Script::Superscript
            } else {
                Script::Subscript
            };
            runs.push((script.iter().collect(), kind));
            i += 1 + word;
        } else {
            plain.push(c);
            i += 1;
        }
    }
    if !plain.is_empty() || runs.is_empty() {
        runs.push((plain, Script::Normal));
    }
    runs
}

/// A figure label for LaTeX text mode: [`latex_text`], except that the exponents and
/// subscripts of [`script_runs`] are set in math mode as real superscripts and
/// subscripts.
///
/// ```
/// use permlab::escape::latex_label;
/// assert_eq!(latex_label("cycle type 7^2 1^22"), "cycle type 7$^{2}$ 1$^{22}$");
/// assert_eq!(latex_label("(R U)^105 in S_8"), "(R U)$^{105}$ in S$_{8}$");
/// assert_eq!(latex_label("x^ and cube2_ruf%"), "x\\^{} and cube2\\_ruf\\%");
/// ```
pub fn latex_label(s: &str) -> String {
    script_runs(s)
        .into_iter()
        .map(|(text, kind)| match kind {
            Script::Normal => latex_text(&text),
            Script::Superscript => format!("$^{{{text}}}$"),
            Script::Subscript => format!("$_{{{text}}}$"),
        })
        .collect()
}

/// The math-mode spelling of a symbol the crate prints, if it has one.
fn latex_math_symbol(c: char) -> Option<&'static str> {
    Some(match c {
        '⟨' => "\\langle",
        '⟩' => "\\rangle",
        '≤' => "\\le",
        '≥' => "\\ge",
        '·' => "\\cdot",
        '×' => "\\times",
        '→' => "\\to",
        '⇒' => "\\Rightarrow",
        '∈' => "\\in",
        '∉' => "\\notin",
        '∏' => "\\prod",
        '⁻' => "^{-}",
        '¹' => "^{1}",
        'λ' => "\\lambda",
        _ => return None,
    })
}

/// A break point with a little stretch, for text that has no stretchable space of its
/// own (typewriter type, long numbers): a line may end here, and a line with several
/// of them can be filled without running into the margin.
pub const LATEX_STRETCHY_BREAK: &str = "\\hspace{0pt plus 2pt}";

/// A literal for LaTeX text mode: `\texttt{…}`, escaped, with a break allowed after
/// each comma and space and between two cycles `)(` ([`LATEX_STRETCHY_BREAK`], as
/// typewriter spaces do not stretch).
///
/// ```
/// use permlab::escape::latex_code;
/// assert_eq!(
///     latex_code("(1,2)(3,4)"),
///     "\\texttt{(1,\\hspace{0pt plus 2pt}2)\\hspace{0pt plus 2pt}(3,\\hspace{0pt plus 2pt}4)}"
/// );
/// ```
pub fn latex_code(s: &str) -> String {
    let mut o = String::new();
    let chars: Vec<char> = s.chars().collect();
    for (i, &ch) in chars.iter().enumerate() {
        o.push_str(&latex_text(ch.encode_utf8(&mut [0; 4])));
        if ch == ',' || ch == ' ' || (ch == ')' && chars.get(i + 1) == Some(&'(')) {
            o.push_str(LATEX_STRETCHY_BREAK);
        }
    }
    format!("\\texttt{{{o}}}")
}

/// The decimal digits of `s` for LaTeX's math mode, grouped by three from the right
/// with commas (`{,}`, so no space follows them) and a stretchable break after each
/// ([`LATEX_STRETCHY_BREAK`]; in math a line may end at the `\\allowbreak`), so a
/// long integer can end a line and fill it.
///
/// ```
/// use permlab::escape::latex_number;
/// assert_eq!(
///     latex_number("1234567"),
///     "1{,}\\allowbreak\\hspace{0pt plus 2pt}234{,}\\allowbreak\\hspace{0pt plus 2pt}567"
/// );
/// assert_eq!(latex_number("720"), "720");
/// ```
pub fn latex_number(s: &str) -> String {
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    let n = digits.len();
    let mut o = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(3) {
            o.push_str("{,}\\allowbreak");
            o.push_str(LATEX_STRETCHY_BREAK);
        }
        o.push(ch);
    }
    o
}

/// Allows line breaks in escaped LaTeX after commas and closing parentheses (long
/// cycle notation and lists).
pub fn latex_breakable(latex: &str) -> String {
    latex
        .replace(',', ",\\allowbreak{}")
        .replace(')', ")\\allowbreak{}")
}

/// Text for one cell of a Markdown table: `|` escaped, line breaks as spaces.
pub fn markdown_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// Text for HTML text and attributes: `&`, `<`, `>` and `"` escaped.
pub fn html_text(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            _ => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latex_specials_brackets_and_comparisons() {
        assert_eq!(
            latex_text("a_b & 50% #1 {x} ^ ~ \\ $"),
            "a\\_b \\& 50\\% \\#1 \\{x\\} \\^{} \\~{} \\textbackslash{} \\$"
        );
        assert_eq!(
            latex_text("cube2 <R,U,F> <= 3 s, > 40 s, n >= 4"),
            "cube2 $\\langle$R,U,F$\\rangle$ $\\le$ 3 s, $>$ 40 s, n $\\ge$ 4"
        );
        assert_eq!(
            latex_text("⟨R⟩ · 2 − 1 … “x”"),
            "$\\langle$R$\\rangle$ $\\cdot$ 2 - 1 \\ldots{} ?x?"
        );
    }

    #[test]
    fn latex_output_is_ascii() {
        let all: String = (0u32..0x3000).filter_map(char::from_u32).collect();
        assert!(latex_text(&all).is_ascii());
    }

    #[test]
    fn markdown_and_html() {
        assert_eq!(markdown_cell("x|y\nz"), "x\\|y z");
        assert_eq!(
            html_text("<a href=\"x\">&</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
        );
        assert_eq!(
            latex_breakable("(1,2)"),
            "(1,\\allowbreak{}2)\\allowbreak{}"
        );
    }
}
