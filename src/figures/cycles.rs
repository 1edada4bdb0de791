//! Cycle-type pictures: the cycles of a permutation drawn as rings of numbered points
//! joined by arcs (`i` → `i^g` along the ring), or as one bar split into a segment per
//! cycle, its length written on it.
//!
//! The rings are laid out in a grid of square cells in cell units
//! ([`CycleFigure::rings`]); the canvas and the TikZ form draw that layout (scaled to
//! pixels, or in centimetres), so both show the same rings, points and labels in the
//! same order. Arcs are true circular arcs, each stopping short of the dots at its
//! ends with its head tangent to the ring.
//!
//! ```
//! use permlab::figures::{Figure, cycles::{CycleFigure, CycleStyle, cycle_type_text}};
//! let g: permlab::Perm = "(1,2,3)(4,5)".parse::<permlab::Perm>().unwrap().extended(7);
//! assert_eq!(cycle_type_text(&g), "3 2 1^2");
//! let fig = CycleFigure::new(&g).style(CycleStyle::Bar);
//! // the title's exponent is set as a superscript: a run of its own, smaller
//! let svg = fig.to_svg((500, 160)).unwrap();
//! assert!(svg.contains(">cycle type 3 2 1</tspan>") && !svg.contains("1^2"));
//! ```

use super::canvas::{Canvas, Stroke};
use super::text::{label_width, HAlign, VAlign, CAP_HEIGHT};
use super::{draw_arc_arrow, draw_title, tikz, Figure, FigureError, Theme};
use crate::perm::Perm;
use plotters::style::RGBColor;
use std::f64::consts::PI;
use std::fmt::Write;

/// How the cycles are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CycleStyle {
    /// Each nontrivial cycle as a ring of its points with arrows along the ring.
    #[default]
    Arcs,
    /// One bar of the degree's width, a segment per cycle (fixed points together).
    Bar,
}

/// A picture of the cycles of a permutation.
#[derive(Clone, Debug)]
pub struct CycleFigure {
    perm: Perm,
    style: CycleStyle,
    title: Option<String>,
}

/// The cycle type as text, longest cycles first, with multiplicities as powers:
/// `4^5 1^34` (the identity on `n` points is `1^n`).
pub fn cycle_type_text(g: &Perm) -> String {
    let mut parts: Vec<String> = Vec::new();
    let ct = g.cycle_type();
    let mut i = 0;
    while i < ct.len() {
        let len = ct[i];
        let count = ct[i..].iter().take_while(|&&l| l == len).count();
        parts.push(if count == 1 {
            len.to_string()
        } else {
            format!("{len}^{count}")
        });
        i += count;
    }
    parts.join(" ")
}

/// The title of a cycle picture: `title` followed by the cycle type (the cycle type
/// alone without a title, nothing for an empty title).
pub(super) fn cycle_title(title: &Option<String>, g: &Perm) -> String {
    let ct = format!("cycle type {}", cycle_type_text(g));
    match title {
        None => ct,
        Some(t) if t.is_empty() => String::new(),
        Some(t) => format!("{t}: {ct}"),
    }
}

/// One ring of [`CycleFigure::rings`], in cell units: its centre, radius and points
/// (0-based, in cycle order, the first at the top, clockwise).
#[derive(Clone, Debug, PartialEq)]
pub struct Ring {
    /// Centre.
    pub centre: (f64, f64),
    /// Radius.
    pub radius: f64,
    /// The cycle's points.
    pub points: Vec<usize>,
}

impl Ring {
    /// The angle of the `j`-th point (radians, clockwise from the +x axis on the
    /// page): the first at the top.
    pub fn angle(&self, j: usize) -> f64 {
        -PI / 2.0 + 2.0 * PI * j as f64 / self.points.len() as f64
    }

    /// The position of the `j`-th point at distance `r` from the centre.
    pub fn at(&self, j: usize, r: f64) -> (f64, f64) {
        let a = self.angle(j);
        (self.centre.0 + r * a.cos(), self.centre.1 + r * a.sin())
    }
}

/// The radius of a ring's dots, in cell units.
pub const DOT: f64 = 0.025;

impl CycleFigure {
    /// The cycles of `g` (on its degree: fixed points up to the degree count).
    pub fn new(g: &Perm) -> CycleFigure {
        CycleFigure {
            perm: g.clone(),
            style: CycleStyle::Arcs,
            title: None,
        }
    }

    /// Chooses the drawing style.
    pub fn style(mut self, style: CycleStyle) -> CycleFigure {
        self.style = style;
        self
    }

    /// Sets the title, followed by the cycle type (by default: the cycle type alone;
    /// an empty title draws none).
    pub fn title(mut self, title: &str) -> CycleFigure {
        self.title = Some(title.to_string());
        self
    }

    fn full_title(&self) -> String {
        cycle_title(&self.title, &self.perm)
    }

    /// The note under the rings.
    fn note(&self) -> String {
        let cycles = self.perm.cycles();
        let fixed = self.perm.degree() - cycles.iter().map(Vec::len).sum::<usize>();
        if cycles.is_empty() {
            format!("identity on {} points", self.perm.degree())
        } else {
            format!(
                "{} cycle{}, {fixed} fixed point{}; one colour per cycle, arrow p → p^g",
                cycles.len(),
                if cycles.len() == 1 { "" } else { "s" },
                if fixed == 1 { "" } else { "s" }
            )
        }
    }

    /// The rings in a grid of `cols` columns of unit cells (row-major, one per
    /// nontrivial cycle), with the columns chosen for a drawing area of aspect
    /// `width / height` so the cells are as large as possible; each ring of radius
    /// 0.3 in the middle of its cell.
    pub fn rings(&self, aspect: f64) -> (Vec<Ring>, (usize, usize)) {
        let cycles = self.perm.cycles();
        let m = cycles.len().max(1);
        let cols = (1..=m)
            .min_by(|&a, &b| {
                let cell = |c: usize| (aspect / c as f64).min(1.0 / m.div_ceil(c) as f64);
                cell(b).total_cmp(&cell(a)).then(a.cmp(&b))
            })
            .unwrap_or(1);
        let rows = m.div_ceil(cols);
        let rings = cycles
            .into_iter()
            .enumerate()
            .map(|(k, points)| Ring {
                centre: ((k % cols) as f64 + 0.5, (k / cols) as f64 + 0.5),
                radius: 0.3,
                points,
            })
            .collect();
        (rings, (cols, rows))
    }

    /// The arcs of a ring, in cell units, as (start angle, sweep): from each point to
    /// the next, leaving a gap round the dots.
    fn arcs(ring: &Ring) -> Vec<(f64, f64)> {
        let len = ring.points.len();
        let gap = (DOT * 1.8 / ring.radius).min(PI / len as f64 * 0.5);
        (0..len)
            .map(|j| {
                let a0 = ring.angle(j) + gap;
                (a0, 2.0 * PI / len as f64 - 2.0 * gap)
            })
            .collect()
    }

    /// The centre of the `j`-th point's label (em `em`, cell units): outwards along
    /// the point's ray, far enough that the label's box keeps 0.2 em off the disc of
    /// the ring and its dots (the box reaches `|ux|·w/2 + |uy|·h/2` along the ray).
    fn label_at(ring: &Ring, j: usize, text: &str, em: f64) -> (f64, f64) {
        let a = ring.angle(j);
        let (w, h) = (label_width(text, em), CAP_HEIGHT * em + 0.1 * em);
        let reach = a.cos().abs() * w / 2.0 + a.sin().abs() * h / 2.0;
        ring.at(j, ring.radius + DOT + 0.2 * em + reach)
    }

    /// Every how many points a ring is labelled so that labels of em `em` (cell
    /// units) do not touch: the chord between labelled points must hold the widest
    /// label and a quarter em.
    fn label_every(ring: &Ring, em: f64) -> usize {
        let len = ring.points.len();
        let widest = ring
            .points
            .iter()
            .map(|p| label_width(&(p + 1).to_string(), em))
            .fold(0.0, f64::max);
        let r = ring.radius + DOT + 0.2 * em + widest / 2.0;
        (1..=len)
            .find(|&k| {
                let chord = 2.0 * r * (PI * k as f64 / len as f64).min(PI / 2.0).sin();
                k == len || chord >= widest + 0.25 * em
            })
            .unwrap_or(len)
    }

    fn draw_arcs(&self, canvas: &mut Canvas, top: f64, theme: &Theme) {
        let (w, h) = (canvas.width(), canvas.height());
        let em_note = theme.label(w);
        let avail_h = (h - top - em_note * 2.2).max(10.0);
        let (rings, (cols, rows)) = self.rings(w / avail_h);
        let side = (w / cols as f64).min(avail_h / rows as f64);
        let (ox, oy) = (
            (w - side * cols as f64) / 2.0,
            top + (avail_h - side * rows as f64) / 2.0,
        );
        let px = |p: (f64, f64)| (ox + p.0 * side, oy + p.1 * side);
        let em = theme.small(w);
        for (k, ring) in rings.iter().enumerate() {
            let colour = theme.palette.series(k);
            let stroke = Stroke::new(colour, theme.line(1.4, w));
            let head = (theme.pt(4.0, w)).min(ring.radius * side * 0.5);
            for (a0, sweep) in CycleFigure::arcs(ring) {
                draw_arc_arrow(
                    canvas,
                    px(ring.centre),
                    ring.radius * side,
                    a0,
                    sweep,
                    head,
                    stroke,
                );
            }
            let every = CycleFigure::label_every(ring, em / side);
            for (j, &p) in ring.points.iter().enumerate() {
                canvas.circle(px(ring.at(j, ring.radius)), DOT * side, Some(colour), None);
                if j % every == 0 {
                    let text = (p + 1).to_string();
                    let at = px(CycleFigure::label_at(ring, j, &text, em / side));
                    canvas.label(
                        &text,
                        at,
                        em,
                        (HAlign::Centre, VAlign::Middle),
                        theme.palette.ink,
                    );
                }
            }
        }
        canvas.label(
            &self.note(),
            (w / 2.0, h - em_note * 0.6),
            em_note,
            (HAlign::Centre, VAlign::Bottom),
            theme.palette.ink,
        );
    }

    /// The bar's segments: each cycle's length and colour, longest first, then the
    /// fixed points together (grey), with their labels.
    fn segments(&self, theme: &Theme) -> Vec<(usize, RGBColor, String)> {
        let mut lens: Vec<usize> = self.perm.cycles().iter().map(Vec::len).collect();
        lens.sort_unstable_by(|a, b| b.cmp(a));
        let mut out: Vec<(usize, RGBColor, String)> = lens
            .iter()
            .enumerate()
            .map(|(k, &l)| (l, theme.palette.series(k), l.to_string()))
            .collect();
        let fixed = self.perm.degree() - lens.iter().sum::<usize>();
        if fixed > 0 {
            out.push((fixed, RGBColor(220, 220, 220), format!("{fixed} fixed")));
        }
        out
    }

    fn draw_bar(&self, canvas: &mut Canvas, top: f64, theme: &Theme) {
        let (w, h) = (canvas.width(), canvas.height());
        let n = self.perm.degree().max(1);
        let margin = w * 0.02;
        let unit = (w - 2.0 * margin) / n as f64;
        let bar_h = ((h - top) * 0.5).clamp(8.0, w * 0.2);
        let y = top + ((h - top) - bar_h) / 2.0;
        let em = theme.label(w).min(bar_h * 0.6);
        let mut x = margin;
        for (l, colour, label) in self.segments(theme) {
            let x1 = x + l as f64 * unit;
            canvas.rect(
                (x, y),
                (x1, y + bar_h),
                Some(colour),
                Some(Stroke::new(RGBColor(255, 255, 255), theme.line(1.0, w))),
            );
            // the label only where it fits
            if x1 - x >= label_width(&label, em) + em * 0.4 {
                canvas.label(
                    &label,
                    ((x + x1) / 2.0, y + bar_h / 2.0),
                    em,
                    (HAlign::Centre, VAlign::Middle),
                    theme.palette.ink,
                );
            }
            x = x1;
        }
    }

    fn tikz_arcs(&self, s: &mut String) {
        let (w, h) = self.default_size();
        let (rings, (cols, _)) = self.rings(f64::from(w) / f64::from(h) * 0.9);
        let unit = (8.0 / cols as f64).min(4.0);
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[x={}cm,y=-{}cm]",
            tikz::num(unit),
            tikz::num(unit)
        );
        let em = 0.7 * 7.0 / (unit * 28.45);
        for (k, ring) in rings.iter().enumerate() {
            let c = tikz::colour(super::palette::SERIES[k % super::palette::SERIES.len()]);
            for (a0, sweep) in CycleFigure::arcs(ring) {
                let start = ring.at(0, 0.0);
                let p = (
                    start.0 + ring.radius * a0.cos(),
                    start.1 + ring.radius * a0.sin(),
                );
                let _ = writeln!(
                    s,
                    "\\draw[-latex,color={c},line width=0.8pt] ({},{}) arc[start angle={},delta angle={},radius={}];",
                    tikz::num(p.0),
                    tikz::num(p.1),
                    tikz::num(a0.to_degrees()),
                    tikz::num(sweep.to_degrees()),
                    tikz::num(ring.radius)
                );
            }
            let every = CycleFigure::label_every(ring, em);
            for (j, &p) in ring.points.iter().enumerate() {
                let d = ring.at(j, ring.radius);
                let _ = writeln!(
                    s,
                    "\\fill[color={c}] ({},{}) circle ({});",
                    tikz::num(d.0),
                    tikz::num(d.1),
                    tikz::num(DOT)
                );
                if j % every == 0 {
                    let text = (p + 1).to_string();
                    let l = CycleFigure::label_at(ring, j, &text, em);
                    s.push_str(&tikz::node("font=\\footnotesize", l.0, l.1, &text));
                }
            }
        }
        let rows = rings.last().map_or(1.0, |r| r.centre.1 + 0.5);
        s.push_str(&tikz::node(
            "below,font=\\small",
            cols as f64 / 2.0,
            rows,
            &self.note(),
        ));
        let title = self.full_title();
        if !title.is_empty() {
            s.push_str(&tikz::node("above", cols as f64 / 2.0, 0.0, &title));
        }
        s.push_str("\\end{tikzpicture}\n");
    }

    fn tikz_bar(&self, s: &mut String) {
        let n = self.perm.degree().max(1);
        let unit = 8.0 / n as f64;
        let _ = writeln!(s, "\\begin{{tikzpicture}}[x={}cm,y=-1cm]", tikz::num(unit));
        let mut x = 0usize;
        for (l, colour, label) in self.segments(&Theme::paper()) {
            let _ = writeln!(
                s,
                "\\filldraw[fill={},draw=white] ({x},0) rectangle ({},1);",
                tikz::colour(colour),
                x + l
            );
            // as on the canvas: the label where it fits (a \small digit is about 5 pt)
            if l as f64 * unit * 28.45 >= 5.5 * label.len() as f64 {
                s.push_str(&tikz::node(
                    "font=\\small",
                    x as f64 + l as f64 / 2.0,
                    0.5,
                    &label,
                ));
            }
            x += l;
        }
        let title = self.full_title();
        if !title.is_empty() {
            s.push_str(&tikz::node("above", n as f64 / 2.0, 0.0, &title));
        }
        s.push_str("\\end{tikzpicture}\n");
    }
}

impl Figure for CycleFigure {
    fn default_size(&self) -> (u32, u32) {
        match self.style {
            CycleStyle::Arcs => (560, 420),
            CycleStyle::Bar => (560, 160),
        }
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let top = draw_title(canvas, &self.full_title(), theme);
        match self.style {
            CycleStyle::Arcs => self.draw_arcs(canvas, top, theme),
            CycleStyle::Bar => self.draw_bar(canvas, top, theme),
        }
        Ok(())
    }

    /// The rings (or the bar) as on the canvas, in centimetres: the same rings,
    /// points, labels and segments in the same order.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let mut s = String::new();
        match self.style {
            CycleStyle::Arcs => self.tikz_arcs(&mut s),
            CycleStyle::Bar => self.tikz_bar(&mut s),
        }
        Ok(s)
    }
}
