//! Schreier graphs (orbit graphs): the action of a group's generators on a set of
//! points closed under them, drawn as a directed graph with one vertex per point and
//! one edge `p → p^s` per point `p` and generator `s` (a loop where `s` fixes `p`),
//! each generator in its own colour with a legend.
//!
//! The Schreier graph of a group `G = ⟨S⟩` acting on a set `Ω` is the directed graph on
//! `Ω` with an edge `ω → ω^s` for every `ω ∈ Ω` and `s ∈ S` (Holt–Eick–O'Brien,
//! *Handbook of Computational Group Theory*, §4.1, the Schreier vector of an orbit
//! being a spanning tree of it). Vertices are placed deterministically: on a circle in
//! the order given, or in layers by breadth-first distance from the first point of
//! their orbit (one layer per distance, each layer in the order the search reached
//! it).
//!
//! ```
//! use permlab::{Puzzle, figures::{Figure, schreier::{GraphLayout, SchreierFigure}}};
//! let p = Puzzle::builtin("board:3x3:2").unwrap();
//! let points: Vec<usize> = (0..p.degree()).collect();
//! let fig = SchreierFigure::on_points(&p, &points).unwrap().layout(GraphLayout::Layers);
//! assert_eq!(fig.edges().len(), points.len() * p.generators().len());
//! assert!(fig.to_svg(fig.default_size()).unwrap().contains("</svg>"));
//! ```

use super::{centred_text, draw_arrow, draw_err, draw_title, palette, text, Area, Figure};
use super::{text_style, FigureError, Theme};
use crate::puzzle::Puzzle;
use plotters::prelude::*;
use std::f64::consts::PI;

/// The most vertices a Schreier graph is drawn with: beyond it the picture is a blur.
pub const MAX_VERTICES: usize = 200;

/// Where the vertices go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum GraphLayout {
    /// Evenly on a circle, in the order of the points, the first at the top.
    #[default]
    Circle,
    /// In rows by breadth-first distance from the first point of each orbit.
    Layers,
}

/// A Schreier graph picture.
#[derive(Clone, Debug)]
pub struct SchreierFigure {
    /// Vertex labels, in vertex order.
    labels: Vec<String>,
    /// Generator names, in colour order.
    gens: Vec<String>,
    /// Edges `(from vertex, to vertex, generator)`.
    edges: Vec<(usize, usize, usize)>,
    layout: GraphLayout,
    title: String,
}

impl SchreierFigure {
    /// The Schreier graph of `puzzle`'s generators on `points` (0-based, drawn
    /// 1-based), which must be closed under every generator. Errors: no points, more
    /// than [`MAX_VERTICES`], more generators than there are series colours, or a
    /// generator taking a listed point to one not listed.
    pub fn on_points(puzzle: &Puzzle, points: &[usize]) -> Result<SchreierFigure, FigureError> {
        let gens: Vec<(String, &crate::Perm)> = puzzle
            .generators()
            .iter()
            .map(|m| (m.name.clone(), &m.perm))
            .collect();
        let labels: Vec<String> = points.iter().map(|p| (p + 1).to_string()).collect();
        let mut index = vec![usize::MAX; puzzle.degree()];
        for (v, &p) in points.iter().enumerate() {
            if p >= puzzle.degree() {
                return Err(FigureError::Invalid(format!(
                    "point {} is beyond the puzzle's {} points",
                    p + 1,
                    puzzle.degree()
                )));
            }
            index[p] = v;
        }
        let mut edges = Vec::with_capacity(points.len() * gens.len());
        for (v, &p) in points.iter().enumerate() {
            for (k, (name, g)) in gens.iter().enumerate() {
                let q = g.image(p);
                if index[q] == usize::MAX {
                    return Err(FigureError::Invalid(format!(
                        "the points are not closed under the generators: {name} takes {} to {}, \
                         which is not listed",
                        p + 1,
                        q + 1
                    )));
                }
                edges.push((v, index[q], k));
            }
        }
        SchreierFigure::new(labels, gens.into_iter().map(|g| g.0).collect(), edges)
    }

    /// The Schreier graph of `puzzle`'s generators on the right cosets `Hg` of the
    /// subgroup `H = ⟨subgroup⟩` (the coset graph: an edge `Hg → Hgs` per coset and
    /// generator `s`). Vertex 1 is `H` itself and the others are numbered in the
    /// breadth-first order from it; two products `g`, `g'` lie in one coset exactly
    /// when `g'·g⁻¹ ∈ H`, decided by sifting in `H`'s stabiliser chain. The index
    /// `|G : H|` is computed from the two orders first, and more than
    /// [`MAX_VERTICES`] cosets are refused before any is listed. Errors also when a
    /// subgroup generator is not in the puzzle's group.
    ///
    /// ```
    /// use permlab::{PermGroup, Puzzle, figures::schreier::SchreierFigure};
    /// let p = Puzzle::builtin("turnstyle:5").unwrap();
    /// let a = p.generators()[0].perm.clone();
    /// let f = SchreierFigure::on_cosets(&p, &[a.clone()]).unwrap();
    /// // one vertex per coset of ⟨a⟩, one edge per coset and generator
    /// let index = p.group().order() / PermGroup::new(5, vec![a]).order();
    /// assert_eq!(f.labels().len().to_string(), index.to_string());
    /// assert_eq!(f.edges().len(), f.labels().len() * p.generators().len());
    /// ```
    pub fn on_cosets(
        puzzle: &Puzzle,
        subgroup: &[crate::Perm],
    ) -> Result<SchreierFigure, FigureError> {
        use crate::group::PermGroup;
        let n = puzzle.degree();
        let gens: Vec<(String, &crate::Perm)> = puzzle
            .generators()
            .iter()
            .map(|m| (m.name.clone(), &m.perm))
            .collect();
        let g = puzzle.group();
        let h = PermGroup::new(n, subgroup.iter().map(|x| x.extended(n)).collect());
        if let Some(x) = subgroup.iter().find(|x| !g.contains(&x.extended(n))) {
            return Err(FigureError::Invalid(format!(
                "the subgroup generator {x} is not in the group of {}",
                puzzle.name()
            )));
        }
        let index = g.order() / h.order();
        if index > num_bigint::BigUint::from(MAX_VERTICES) {
            return Err(FigureError::Invalid(format!(
                "the subgroup has index {index}: a coset graph is drawn with at most {MAX_VERTICES} vertices"
            )));
        }
        let index = usize::try_from(&index).expect("at most MAX_VERTICES");
        let mut reps: Vec<crate::Perm> = vec![crate::Perm::identity(n)];
        let mut inverses: Vec<crate::Perm> = vec![crate::Perm::identity(n)];
        let mut edges = Vec::with_capacity(index * gens.len());
        let mut next = 0;
        while next < reps.len() {
            for (k, (_, s)) in gens.iter().enumerate() {
                let x = &reps[next] * *s;
                let to = match inverses.iter().position(|r| h.contains(&(&x * r))) {
                    Some(j) => j,
                    None => {
                        inverses.push(x.inverse());
                        reps.push(x);
                        reps.len() - 1
                    }
                };
                edges.push((next, to, k));
            }
            next += 1;
        }
        assert_eq!(reps.len(), index, "the coset enumeration found every coset");
        let labels = (1..=reps.len()).map(|v| v.to_string()).collect();
        SchreierFigure::new(labels, gens.into_iter().map(|g| g.0).collect(), edges)
    }

    /// A Schreier graph from its parts: vertex labels, generator names, and edges
    /// `(from, to, generator)` (indices into the two lists). Errors as
    /// [`SchreierFigure::on_points`], and for an index out of range.
    pub fn new(
        labels: Vec<String>,
        gens: Vec<String>,
        edges: Vec<(usize, usize, usize)>,
    ) -> Result<SchreierFigure, FigureError> {
        if labels.is_empty() {
            return Err(FigureError::Invalid(
                "a Schreier graph needs at least one vertex".into(),
            ));
        }
        if labels.len() > MAX_VERTICES {
            return Err(FigureError::Invalid(format!(
                "{} vertices: a Schreier graph is drawn with at most {MAX_VERTICES}",
                labels.len()
            )));
        }
        if gens.len() > palette::SERIES.len() {
            return Err(FigureError::Invalid(format!(
                "{} generators: at most {} have distinct colours",
                gens.len(),
                palette::SERIES.len()
            )));
        }
        if let Some(e) = edges
            .iter()
            .find(|e| e.0 >= labels.len() || e.1 >= labels.len() || e.2 >= gens.len())
        {
            return Err(FigureError::Invalid(format!(
                "edge {e:?} names a vertex or generator that does not exist"
            )));
        }
        Ok(SchreierFigure {
            labels,
            gens,
            edges,
            layout: GraphLayout::Circle,
            title: String::new(),
        })
    }

    /// Chooses the vertex layout.
    pub fn layout(mut self, layout: GraphLayout) -> SchreierFigure {
        self.layout = layout;
        self
    }

    /// Sets the title.
    pub fn title(mut self, title: &str) -> SchreierFigure {
        self.title = title.to_string();
        self
    }

    /// The edges `(from vertex, to vertex, generator index)`, loops included.
    pub fn edges(&self) -> &[(usize, usize, usize)] {
        &self.edges
    }

    /// The vertex labels.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// For each vertex, its layer in the [`GraphLayout::Layers`] layout: the
    /// breadth-first distance along generator edges from the first vertex (in vertex
    /// order) of its connected component.
    pub fn layers(&self) -> Vec<usize> {
        let n = self.labels.len();
        let mut out = vec![usize::MAX; n];
        let mut adj = vec![Vec::new(); n];
        for &(a, b, _) in &self.edges {
            adj[a].push(b);
        }
        for root in 0..n {
            if out[root] != usize::MAX {
                continue;
            }
            out[root] = 0;
            let mut queue = std::collections::VecDeque::from([root]);
            while let Some(v) = queue.pop_front() {
                for &w in &adj[v] {
                    if out[w] == usize::MAX {
                        out[w] = out[v] + 1;
                        queue.push_back(w);
                    }
                }
            }
        }
        out
    }

    /// The breadth-first order of the vertices (component by component), the order
    /// vertices take within a layer.
    fn bfs_order(&self) -> Vec<usize> {
        let n = self.labels.len();
        let mut seen = vec![false; n];
        let mut order = Vec::with_capacity(n);
        let mut adj = vec![Vec::new(); n];
        for &(a, b, _) in &self.edges {
            adj[a].push(b);
        }
        for root in 0..n {
            if seen[root] {
                continue;
            }
            seen[root] = true;
            let start = order.len();
            order.push(root);
            let mut i = start;
            while i < order.len() {
                let v = order[i];
                i += 1;
                for &w in &adj[v] {
                    if !seen[w] {
                        seen[w] = true;
                        order.push(w);
                    }
                }
            }
        }
        order
    }

    /// Vertex centres in pixels for a drawing box `(x0, y0, w, h)`.
    fn positions(&self, bx: (f64, f64, f64, f64)) -> Vec<(f64, f64)> {
        let (x0, y0, w, h) = bx;
        let n = self.labels.len();
        match self.layout {
            GraphLayout::Circle => {
                let (cx, cy) = (x0 + w / 2.0, y0 + h / 2.0);
                let r = w.min(h) / 2.0;
                (0..n)
                    .map(|i| {
                        let a = -PI / 2.0 + 2.0 * PI * i as f64 / n as f64;
                        if n == 1 {
                            (cx, cy)
                        } else {
                            (cx + r * a.cos(), cy + r * a.sin())
                        }
                    })
                    .collect()
            }
            GraphLayout::Layers => {
                let layers = self.layers();
                let depth = layers.iter().copied().max().unwrap_or(0) + 1;
                let mut rows: Vec<Vec<usize>> = vec![Vec::new(); depth];
                for v in self.bfs_order() {
                    rows[layers[v]].push(v);
                }
                let mut out = vec![(0.0, 0.0); n];
                for (d, row) in rows.iter().enumerate() {
                    let y = if depth == 1 {
                        y0 + h / 2.0
                    } else {
                        y0 + h * d as f64 / (depth - 1) as f64
                    };
                    for (j, &v) in row.iter().enumerate() {
                        out[v] = (x0 + w * (j as f64 + 0.5) / row.len() as f64, y);
                    }
                }
                out
            }
        }
    }
}

/// A point on the quadratic Bézier curve `a, c, b` at parameter `t`.
fn bezier(a: (f64, f64), c: (f64, f64), b: (f64, f64), t: f64) -> (f64, f64) {
    let s = 1.0 - t;
    (
        s * s * a.0 + 2.0 * s * t * c.0 + t * t * b.0,
        s * s * a.1 + 2.0 * s * t * c.1 + t * t * b.1,
    )
}

impl Figure for SchreierFigure {
    fn default_size(&self) -> (u32, u32) {
        (600, 640)
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let size = area.dim_in_pixel();
        let (w, h) = (size.0 as f64, size.1 as f64);
        let top = draw_title(area, &self.title, theme)? as f64;
        let n = self.labels.len();
        // the legend: one row of "— name" entries at the bottom
        let legend_size = theme.label_size(size);
        let legend_h = legend_size * 2.0;
        let widest = self.labels.iter().map(String::len).max().unwrap_or(1) as f64;
        let margin = 8.0;
        let avail = (w - 2.0 * margin).min(h - top - legend_h - 2.0 * margin);
        // vertex radius: room for the label, at most a share of the circle's perimeter
        let radius = match self.layout {
            GraphLayout::Circle => (PI * avail / n as f64 * 0.28).clamp(3.0, 18.0),
            GraphLayout::Layers => (avail / (n as f64).sqrt() * 0.15).clamp(3.0, 18.0),
        };
        let font_size = theme
            .text((radius * 2.2 / widest.max(1.5)).clamp(6.0, 16.0))
            .min(radius * 2.6 / widest.max(1.5));
        // room for the loops: they reach 1 + 1.8·1.17 radii from a vertex's centre
        let pad = radius * 3.2 + margin;
        let bx = (
            pad,
            top + pad,
            (w - 2.0 * pad).max(1.0),
            (h - top - legend_h - 2.0 * pad).max(1.0),
        );
        let pos = self.positions(bx);
        let px = |p: (f64, f64)| (p.0.round() as i32, p.1.round() as i32);
        let stroke = theme.line((radius / 9.0).clamp(1.0, 2.0).floor());
        let head = (radius * 0.8).clamp(4.0, 10.0);
        for &(a, b, k) in &self.edges {
            let colour = theme.palette.series[k];
            let style = colour.stroke_width(stroke);
            let (pa, pb) = (pos[a], pos[b]);
            if a == b {
                // a loop: a small circle outside the vertex, away from the centre of
                // the drawing, one size per generator
                let (cx, cy) = (bx.0 + bx.2 / 2.0, bx.1 + bx.3 / 2.0);
                let (dx, dy) = (pa.0 - cx, pa.1 - cy);
                let len = (dx * dx + dy * dy).sqrt();
                let (ux, uy) = if len < 1e-9 {
                    (0.0, -1.0)
                } else {
                    (dx / len, dy / len)
                };
                let lr = radius * (0.45 + 0.12 * k as f64);
                let c = (
                    pa.0 + ux * (radius + lr * 0.8),
                    pa.1 + uy * (radius + lr * 0.8),
                );
                area.draw(&Circle::new(px(c), lr.round() as i32, style))
                    .map_err(draw_err)?;
                continue;
            }
            // a curved edge bent to its left, more for later generators, so edges
            // between the same two vertices (both ways, or by several generators)
            // stay apart
            let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1);
            let len = (dx * dx + dy * dy).sqrt();
            let (ux, uy) = (dx / len, dy / len);
            let bend = len * (0.08 + 0.06 * k as f64);
            let c = (
                (pa.0 + pb.0) / 2.0 + uy * bend,
                (pa.1 + pb.1) / 2.0 - ux * bend,
            );
            let steps = 24;
            let pts: Vec<(f64, f64)> = (0..=steps)
                .map(|s| bezier(pa, c, pb, s as f64 / steps as f64))
                .collect();
            // stop at the target's rim
            let end = pts
                .iter()
                .rposition(|p| ((p.0 - pb.0).powi(2) + (p.1 - pb.1).powi(2)).sqrt() > radius)
                .unwrap_or(steps);
            let end = end.max(1);
            area.draw(&PathElement::new(
                pts[..end].iter().map(|&p| px(p)).collect::<Vec<_>>(),
                style,
            ))
            .map_err(draw_err)?;
            draw_arrow(area, pts[end - 1], pts[end], head, style)?;
        }
        let label = centred_text(font_size, theme.palette.ink);
        for (v, &p) in pos.iter().enumerate() {
            let r = radius.round() as i32;
            area.draw(&Circle::new(px(p), r, WHITE.filled()))
                .map_err(draw_err)?;
            area.draw(&Circle::new(
                px(p),
                r,
                theme.palette.ink.stroke_width(theme.line(1.0)),
            ))
            .map_err(draw_err)?;
            if radius >= 5.0 {
                area.draw(&Text::new(self.labels[v].clone(), px(p), label.clone()))
                    .map_err(draw_err)?;
            }
        }
        // legend
        let em = text::em_of(legend_size);
        let swatch = legend_size * 1.6;
        let gap = legend_size * 1.2;
        let entries: Vec<f64> = self
            .gens
            .iter()
            .map(|g| swatch + legend_size * 0.4 + text::text_width(g, em))
            .collect();
        let total = entries.iter().sum::<f64>() + gap * entries.len().saturating_sub(1) as f64;
        let mut x = ((w - total) / 2.0).max(margin);
        let y = h - legend_h / 2.0;
        let font =
            text_style(legend_size, theme.palette.ink).pos(plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Left,
                plotters::style::text_anchor::VPos::Center,
            ));
        for (k, g) in self.gens.iter().enumerate() {
            let style = theme.palette.series[k].stroke_width(stroke.max(2));
            draw_arrow(
                area,
                (x, y),
                (x + swatch, y),
                head.min(legend_size * 0.6),
                style,
            )?;
            area.draw(&Text::new(
                g.clone(),
                px((x + swatch + legend_size * 0.4, y)),
                font.clone(),
            ))
            .map_err(draw_err)?;
            x += entries[k] + gap;
        }
        Ok(())
    }
}
