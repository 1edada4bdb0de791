//! Cycle-type pictures: the cycles of a permutation drawn as rings of numbered points
//! joined by arcs (`i` → `i^g` along the ring), or as one bar split into a segment per
//! cycle, its length written on it.
//!
//! ```
//! use permlab::figures::{Figure, cycles::{CycleFigure, CycleStyle, cycle_type_text}};
//! let g: permlab::Perm = "(1,2,3)(4,5)".parse::<permlab::Perm>().unwrap().extended(7);
//! assert_eq!(cycle_type_text(&g), "3 2 1^2");
//! let fig = CycleFigure::new(&g).style(CycleStyle::Bar);
//! // the title's exponent is set as a superscript: its own, smaller text
//! let svg = fig.to_svg((500, 160)).unwrap();
//! assert!(svg.contains("3 2 1\n</text>") && !svg.contains("1^2"));
//! ```

use super::{centred_text, draw_arrow, draw_err, draw_title, Area, Figure, FigureError, Theme};
use crate::perm::Perm;
use plotters::prelude::*;
use std::f64::consts::PI;

/// How the cycles are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
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

    /// Sets the title (by default: the cycle type).
    pub fn title(mut self, title: &str) -> CycleFigure {
        self.title = Some(title.to_string());
        self
    }

    fn full_title(&self) -> String {
        let ct = format!("cycle type {}", cycle_type_text(&self.perm));
        match &self.title {
            Some(t) if !t.is_empty() => format!("{t}: {ct}"),
            _ => ct,
        }
    }

    fn draw_arcs<DB: DrawingBackend>(
        &self,
        area: &Area<DB>,
        top: f64,
        theme: &Theme,
    ) -> Result<(), FigureError> {
        let (w, h) = area.dim_in_pixel();
        let cycles = self.perm.cycles();
        let fixed = self.perm.degree() - cycles.iter().map(Vec::len).sum::<usize>();
        let foot = theme.text((h as f64 * 0.06).clamp(12.0, 22.0));
        let avail_h = (h as f64 - top - foot * 1.6).max(10.0);
        let m = cycles.len().max(1);
        // columns that make the cells closest to square
        let cols = (1..=m)
            .min_by(|&a, &b| {
                let cell = |c: usize| {
                    let rows = m.div_ceil(c);
                    (w as f64 / c as f64).min(avail_h / rows as f64)
                };
                cell(b).total_cmp(&cell(a)).then(a.cmp(&b))
            })
            .unwrap_or(1);
        let rows = m.div_ceil(cols);
        let (cw, ch) = (w as f64 / cols as f64, avail_h / rows as f64);
        let side = cw.min(ch);
        for (k, cyc) in cycles.iter().enumerate() {
            let colour = theme.palette.series(k);
            let (cx, cy) = (
                (k % cols) as f64 * cw + cw / 2.0,
                top + (k / cols) as f64 * ch + ch / 2.0,
            );
            let radius = side * 0.32;
            let len = cyc.len();
            let angle = |j: f64| -PI / 2.0 + 2.0 * PI * j / len as f64;
            let at = |a: f64, r: f64| (cx + r * a.cos(), cy + r * a.sin());
            let dot = (side * 0.03).min(PI * radius / len as f64 * 0.22).max(2.5);
            let style = colour.stroke_width(theme.line((side / 120.0).max(1.0).floor()));
            for j in 0..len {
                // arc from point j to point j+1, leaving room for the dots
                let gap = (dot * 1.6 / radius).min(PI / len as f64 * 0.6);
                let (a0, a1) = (angle(j as f64) + gap, angle(j as f64 + 1.0) - gap);
                let steps = 16;
                let pts: Vec<(f64, f64)> = (0..=steps)
                    .map(|s| at(a0 + (a1 - a0) * s as f64 / steps as f64, radius))
                    .collect();
                let to_px = |p: &(f64, f64)| (p.0.round() as i32, p.1.round() as i32);
                area.draw(&PathElement::new(
                    pts[..steps].iter().map(to_px).collect::<Vec<_>>(),
                    style,
                ))
                .map_err(draw_err)?;
                draw_arrow(area, pts[steps - 2], pts[steps], dot * 2.2, style)?;
            }
            let font_size = theme.text(
                (side * 0.075)
                    .min(PI * radius / len as f64 * 0.5)
                    .clamp(9.0, 18.0),
            );
            let font = centred_text(font_size, theme.palette.ink);
            for (j, &p) in cyc.iter().enumerate() {
                let (x, y) = at(angle(j as f64), radius);
                let c = (x.round() as i32, y.round() as i32);
                area.draw(&Circle::new(c, dot.round() as i32, colour.filled()))
                    .map_err(draw_err)?;
                let (lx, ly) = at(angle(j as f64), radius + dot + font_size * 0.9);
                area.draw(&Text::new(
                    (p + 1).to_string(),
                    (lx.round() as i32, ly.round() as i32),
                    font.clone(),
                ))
                .map_err(draw_err)?;
            }
        }
        let note = if cycles.is_empty() {
            format!("identity on {} points", self.perm.degree())
        } else {
            format!(
                "{} cycle{}, {fixed} fixed point{}; one colour per cycle, arrow p → p^g",
                cycles.len(),
                if cycles.len() == 1 { "" } else { "s" },
                if fixed == 1 { "" } else { "s" }
            )
        };
        super::draw_label(
            area,
            &note,
            foot * 0.8,
            ((w / 2) as f64, h as f64 - foot),
            theme.palette.ink,
        )
    }

    fn draw_bar<DB: DrawingBackend>(
        &self,
        area: &Area<DB>,
        top: f64,
        theme: &Theme,
    ) -> Result<(), FigureError> {
        let (w, h) = area.dim_in_pixel();
        let n = self.perm.degree().max(1);
        let margin = 10.0;
        let unit = (w as f64 - 2.0 * margin) / n as f64;
        let bar_h = ((h as f64 - top) * 0.5).clamp(8.0, 120.0);
        let y = top + ((h as f64 - top) - bar_h) / 2.0;
        let mut x = margin;
        let mut segments: Vec<(usize, RGBColor)> = Vec::new();
        let mut lens: Vec<usize> = self.perm.cycles().iter().map(Vec::len).collect();
        lens.sort_unstable_by(|a, b| b.cmp(a));
        for (k, &l) in lens.iter().enumerate() {
            segments.push((l, theme.palette.series(k)));
        }
        let fixed = self.perm.degree() - lens.iter().sum::<usize>();
        if fixed > 0 {
            segments.push((fixed, RGBColor(220, 220, 220)));
        }
        let font_size = theme.text((bar_h * 0.4).clamp(8.0, 18.0)).min(bar_h * 0.8);
        let font = centred_text(font_size, theme.palette.ink);
        for (i, &(l, colour)) in segments.iter().enumerate() {
            let x1 = x + l as f64 * unit;
            let corners = [
                (x.round() as i32, y.round() as i32),
                (x1.round() as i32, (y + bar_h).round() as i32),
            ];
            area.draw(&Rectangle::new(corners, colour.filled()))
                .map_err(draw_err)?;
            area.draw(&Rectangle::new(
                corners,
                WHITE.stroke_width(theme.line(1.0)),
            ))
            .map_err(draw_err)?;
            let is_fixed = fixed > 0 && i == segments.len() - 1;
            let label = if is_fixed {
                format!("{l} fixed")
            } else {
                l.to_string()
            };
            // write the label only where it fits
            if (x1 - x) >= super::text::text_width(&label, super::text::em_of(font_size)) + 4.0 {
                area.draw(&Text::new(
                    label,
                    (
                        ((x + x1) / 2.0).round() as i32,
                        (y + bar_h / 2.0).round() as i32,
                    ),
                    font.clone(),
                ))
                .map_err(draw_err)?;
            }
            x = x1;
        }
        Ok(())
    }
}

impl Figure for CycleFigure {
    fn default_size(&self) -> (u32, u32) {
        match self.style {
            CycleStyle::Arcs => (560, 420),
            CycleStyle::Bar => (560, 160),
        }
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let top = draw_title(area, &self.full_title(), theme)? as f64;
        match self.style {
            CycleStyle::Arcs => self.draw_arcs(area, top, theme),
            CycleStyle::Bar => self.draw_bar(area, top, theme),
        }
    }
}
