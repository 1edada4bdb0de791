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
//! it). Edges are curves bent to their left (so the two directions between two
//! vertices stay apart) that start and stop on the vertices' circles; loops are
//! small circles outside their vertex. The cosets of a subgroup come from
//! [`crate::PermGroup::right_coset_action`]; this module only draws them. The canvas
//! and the TikZ form draw the same vertices and edges in the same order.
//!
//! ```
//! use permlab::{Puzzle, figures::{Figure, schreier::{GraphLayout, SchreierFigure}}};
//! let p = Puzzle::builtin("board:3x3:2").unwrap();
//! let points: Vec<usize> = (0..p.degree()).collect();
//! let fig = SchreierFigure::on_points(&p, &points).unwrap().layout(GraphLayout::Layers);
//! assert_eq!(fig.edges().len(), points.len() * p.generators().len());
//! assert!(fig.to_svg(fig.default_size()).unwrap().contains("</svg>"));
//! ```

use super::canvas::{Canvas, Stroke};
use super::text::{label_width, HAlign, VAlign};
use super::{draw_title, palette, tikz, Figure, FigureError, Theme};
use crate::puzzle::Puzzle;
use plotters::style::RGBColor;
use std::f64::consts::PI;
use std::fmt::Write;

/// The most vertices a Schreier graph is drawn with: beyond it the picture is a blur.
pub const MAX_VERTICES: usize = 200;

/// Where the vertices go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
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
        let names: Vec<String> = puzzle.generators().iter().map(|m| m.name.clone()).collect();
        let h = PermGroup::new(n, subgroup.iter().map(|x| x.extended(n)).collect());
        let action = puzzle
            .group()
            .right_coset_action(&h, MAX_VERTICES)
            .map_err(|e| match e {
                crate::group::GroupError::NotInGroup { index, .. } => {
                    FigureError::Invalid(format!(
                        "the subgroup generator {} is not in the group of {}",
                        subgroup[index - 1],
                        puzzle.name()
                    ))
                }
                e => FigureError::Invalid(format!(
                    "{e}: a coset graph is drawn with at most {MAX_VERTICES} vertices"
                )),
            })?;
        let index = action.representatives.len();
        let mut edges = Vec::with_capacity(index * names.len());
        for v in 0..index {
            for (k, s) in action.generators.iter().enumerate() {
                edges.push((v, s.image(v), k));
            }
        }
        let labels = (1..=index).map(|v| v.to_string()).collect();
        SchreierFigure::new(labels, names, edges)
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

    /// Vertex centres for a drawing box `(x0, y0, w, h)` (pixels, or any unit).
    pub fn positions(&self, bx: (f64, f64, f64, f64)) -> Vec<(f64, f64)> {
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

/// How a Schreier graph is placed in a box: vertex centres, the vertex radius and the
/// box's centre (loops point away from it), in the box's units.
struct GraphGeometry {
    pos: Vec<(f64, f64)>,
    radius: f64,
    /// For each vertex, the unit direction its loops point to.
    loop_dir: Vec<(f64, f64)>,
}

impl SchreierFigure {
    /// The geometry in a box `(x0, y0, w, h)` whose smaller side is `avail` long
    /// (in the box's units): the vertex radius takes a share of the circle's
    /// perimeter (or of the layers' spacing), at most `max_radius`, and loops keep
    /// `3.2` radii round the box free.
    fn geometry(&self, bx: (f64, f64, f64, f64), max_radius: f64) -> GraphGeometry {
        let n = self.labels.len() as f64;
        let avail = bx.2.min(bx.3);
        let radius = match self.layout {
            GraphLayout::Circle => (PI * avail / n * 0.28).min(max_radius),
            GraphLayout::Layers => (avail / n.sqrt() * 0.15).min(max_radius),
        };
        let pad = radius * 3.2;
        let inner = (
            bx.0 + pad,
            bx.1 + pad,
            (bx.2 - 2.0 * pad).max(1e-6),
            (bx.3 - 2.0 * pad).max(1e-6),
        );
        let pos = self.positions(inner);
        let centre = (inner.0 + inner.2 / 2.0, inner.1 + inner.3 / 2.0);
        let loop_dir = (0..pos.len())
            .map(|v| self.loop_direction(&pos, v, centre))
            .collect();
        GraphGeometry {
            pos,
            radius,
            loop_dir,
        }
    }

    /// The direction of vertex `v`'s loops: the middle of the widest angle between
    /// its edges to other vertices (in or out), or away from `centre` when it has
    /// none, so a loop never sits on an edge.
    fn loop_direction(&self, pos: &[(f64, f64)], v: usize, centre: (f64, f64)) -> (f64, f64) {
        let p = pos[v];
        let mut angles: Vec<f64> = self
            .edges
            .iter()
            .filter(|e| e.0 != e.1 && (e.0 == v || e.1 == v))
            .map(|e| {
                let o = pos[if e.0 == v { e.1 } else { e.0 }];
                (o.1 - p.1).atan2(o.0 - p.0)
            })
            .collect();
        if angles.is_empty() {
            let (dx, dy) = (p.0 - centre.0, p.1 - centre.1);
            let len = (dx * dx + dy * dy).sqrt();
            return if len < 1e-9 {
                (0.0, -1.0)
            } else {
                (dx / len, dy / len)
            };
        }
        angles.sort_by(f64::total_cmp);
        let mut best = (0.0, 0.0);
        for (i, &a) in angles.iter().enumerate() {
            let next = if i + 1 < angles.len() {
                angles[i + 1]
            } else {
                angles[0] + 2.0 * PI
            };
            if next - a > best.0 + 1e-9 {
                best = (next - a, a + (next - a) / 2.0);
            }
        }
        (best.1.cos(), best.1.sin())
    }

    /// A loop at vertex `v` for generator `k`: a circle outside the vertex in the
    /// widest gap between its edges, one size per generator (centre, radius).
    fn loop_circle(g: &GraphGeometry, v: usize, k: usize) -> ((f64, f64), f64) {
        let p = g.pos[v];
        let (ux, uy) = g.loop_dir[v];
        let lr = g.radius * (0.45 + 0.12 * k as f64);
        (
            (
                p.0 + ux * (g.radius + lr * 0.8),
                p.1 + uy * (g.radius + lr * 0.8),
            ),
            lr,
        )
    }

    /// An edge between two distinct vertices as a quadratic curve (from, control,
    /// to) between their centres, bent to its left, more for later generators.
    fn edge_curve(g: &GraphGeometry, a: usize, b: usize, k: usize) -> [(f64, f64); 3] {
        let (pa, pb) = (g.pos[a], g.pos[b]);
        let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let bend = len * (0.08 + 0.06 * k as f64);
        let c = (
            (pa.0 + pb.0) / 2.0 + uy * bend,
            (pa.1 + pb.1) / 2.0 - ux * bend,
        );
        [pa, c, pb]
    }
}

impl Figure for SchreierFigure {
    fn default_size(&self) -> (u32, u32) {
        (600, 640)
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = (canvas.width(), canvas.height());
        let top = draw_title(canvas, &self.title, theme);
        let pal = &theme.palette;
        let em = theme.small(w);
        // the legend: rows of "→ name" entries at the bottom
        let legend_em = theme.label(w);
        let names = self.gens.clone();
        let legend_h = {
            let mut probe = Canvas::new(w, h);
            super::axes::legend_rows(&mut probe, &names, 0.0, legend_em, pal.text, |_, _, _| {})
        };
        let margin = w * 0.02;
        // a vertex holds its widest label at the smallest text size
        let widest = self
            .labels
            .iter()
            .map(|l| label_width(l, em))
            .fold(0.0, f64::max);
        let label_r = (widest / 2.0 + em * 0.35).max(em * 0.75);
        let bx = (
            margin,
            top + margin,
            w - 2.0 * margin,
            h - top - legend_h - 2.0 * margin,
        );
        let g = self.geometry(bx, label_r.max(theme.pt(9.0, w)));
        let labelled = g.radius >= label_r * 0.99;
        let stroke_w = theme.line(1.3, w);
        let head = (g.radius * 0.7).clamp(theme.pt(2.5, w), theme.pt(4.5, w));
        for &(a, b, k) in &self.edges {
            let stroke = Stroke::new(pal.series[k], stroke_w);
            if a == b {
                let (c, r) = SchreierFigure::loop_circle(&g, a, k);
                canvas.circle(c, r, None, Some(stroke));
            } else {
                let [p, c, q] = SchreierFigure::edge_curve(&g, a, b, k);
                let stop = g.radius + stroke_w;
                super::draw_curve_arrow(canvas, (p, c, q), (stop, stop), head, stroke);
            }
        }
        let ring = Stroke::new(pal.ink, theme.line(1.0, w));
        for (v, &p) in g.pos.iter().enumerate() {
            canvas.circle(p, g.radius, Some(RGBColor(255, 255, 255)), Some(ring));
            if labelled {
                canvas.label(
                    &self.labels[v],
                    p,
                    em,
                    (HAlign::Centre, VAlign::Middle),
                    pal.ink,
                );
            }
        }
        let head = head.min(legend_em * 0.6);
        super::axes::legend_rows(
            canvas,
            &names,
            h - legend_h - margin / 2.0,
            legend_em,
            pal.text,
            |c, k, (x, y, sw)| {
                super::draw_arrow(
                    c,
                    (x, y),
                    (x + sw, y),
                    head,
                    Stroke::new(pal.series[k], stroke_w),
                );
            },
        );
        Ok(())
    }

    /// The same graph in centimetres (an 8 cm square): the edges in the order listed
    /// (curves with arrow tips, loops as circles), then the vertices as circled
    /// nodes in vertex order, the generators' colours named below.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let g = self.geometry((0.0, 0.0, 8.0, 8.0), 0.3);
        let mut s = String::new();
        s.push_str("\\begin{tikzpicture}[y=-1cm,font=\\footnotesize]\n");
        for &(a, b, k) in &self.edges {
            let c = tikz::colour(palette::SERIES[k]);
            if a == b {
                let (centre, r) = SchreierFigure::loop_circle(&g, a, k);
                let _ = writeln!(
                    s,
                    "\\draw[color={c},line width=0.6pt] ({},{}) circle ({});",
                    tikz::num(centre.0),
                    tikz::num(centre.1),
                    tikz::num(r)
                );
                continue;
            }
            let [p, q0, r] = SchreierFigure::edge_curve(&g, a, b, k);
            if let Some((a, c0, b)) = super::curve_between(p, q0, r, (g.radius, g.radius)) {
                let c1 = (
                    a.0 + 2.0 / 3.0 * (c0.0 - a.0),
                    a.1 + 2.0 / 3.0 * (c0.1 - a.1),
                );
                let c2 = (
                    b.0 + 2.0 / 3.0 * (c0.0 - b.0),
                    b.1 + 2.0 / 3.0 * (c0.1 - b.1),
                );
                let _ = writeln!(
                    s,
                    "\\draw[-latex,color={c},line width=0.6pt] ({},{}) .. controls ({},{}) and ({},{}) .. ({},{});",
                    tikz::num(a.0),
                    tikz::num(a.1),
                    tikz::num(c1.0),
                    tikz::num(c1.1),
                    tikz::num(c2.0),
                    tikz::num(c2.1),
                    tikz::num(b.0),
                    tikz::num(b.1)
                );
            }
        }
        for (v, p) in g.pos.iter().enumerate() {
            let _ = writeln!(
                s,
                "\\node[circle,draw,fill=white,inner sep=0pt,minimum size={}cm] at ({},{}) {{{}}};",
                tikz::num(2.0 * g.radius),
                tikz::num(p.0),
                tikz::num(p.1),
                tikz::label(&self.labels[v])
            );
        }
        let legend: Vec<String> = self
            .gens
            .iter()
            .enumerate()
            .map(|(k, name)| {
                let c = palette::SERIES[k];
                format!(
                    "\\textcolor[RGB]{{{},{},{}}}{{$\\rightarrow$}}~{}",
                    c.0,
                    c.1,
                    c.2,
                    tikz::label(name)
                )
            })
            .collect();
        let _ = writeln!(
            s,
            "\\node[below] at (4,8.2) {{{}}};",
            legend.join("\\quad ")
        );
        if !self.title.is_empty() {
            s.push_str(&tikz::node("above", 4.0, 0.0, &self.title));
        }
        s.push_str("\\end{tikzpicture}\n");
        Ok(s)
    }
}
