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

/// A figure label for LaTeX text mode: [`latex_text`], except that an exponent or a
/// subscript (`^` or `_` followed by letters, digits or `-`, as in a cycle type
/// `7^2 1^22`, a power `(R U)^105` or a group `S_8`) is set in math mode as a real
/// superscript or subscript.
///
/// ```
/// use permlab::escape::latex_label;
/// assert_eq!(latex_label("cycle type 7^2 1^22"), "cycle type 7$^{2}$ 1$^{22}$");
/// assert_eq!(latex_label("(R U)^105 in S_8"), "(R U)$^{105}$ in S$_{8}$");
/// assert_eq!(latex_label("x^ and a_b%"), "x\\^{} and a$_{b}$\\%");
/// ```
pub fn latex_label(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 8);
    let mut plain = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let run = chars[i + 1..]
            .iter()
            .take_while(|x| x.is_ascii_alphanumeric() || **x == '-')
            .count();
        if (c == '^' || c == '_') && run > 0 {
            out.push_str(&latex_text(&plain));
            plain.clear();
            let script: String = chars[i + 1..i + 1 + run].iter().collect();
            out.push_str(&format!("${c}{{{script}}}$"));
            i += 1 + run;
        } else {
            plain.push(c);
            i += 1;
        }
    }
    out.push_str(&latex_text(&plain));
    out
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

/// A literal for LaTeX text mode: `\texttt{…}`, escaped, with a break allowed after
/// each comma and space.
pub fn latex_code(s: &str) -> String {
    let mut o = String::new();
    for ch in s.chars() {
        o.push_str(&latex_text(ch.encode_utf8(&mut [0; 4])));
        if ch == ',' || ch == ' ' {
            o.push_str("\\allowbreak{}");
        }
    }
    format!("\\texttt{{{o}}}")
}

/// The decimal digits of `s` with `\allowbreak{}` between groups of three (from the
/// right), so a long integer can break across lines.
pub fn latex_number(s: &str) -> String {
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    let n = digits.len();
    let mut o = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(3) {
            o.push_str("\\allowbreak{}");
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
