//! Text set with the shipped font's own metrics, the same in every output format.
//!
//! plotters' `ab_glyph` path places each glyph's bitmap at the pen position without
//! its left side bearing and truncates the pen to whole pixels, so letters with wide
//! or narrow bearings ("x", "i", "l") sit apart from their neighbours in PNGs; and it
//! measures text with a scale 6% off the one the SVG's `font-size` means, so layouts
//! computed for SVG text were too narrow. [`TextBackend`] wraps a plotters backend
//! and replaces both: text is laid out here ([`layout`]: advance widths and pair
//! kerning from the font's `hmtx` and `kern` tables, through `ab_glyph`, at the em
//! size the SVG's `font-size` names), rasterised glyph by glyph at sub-pixel pen
//! positions for bitmaps, and written as `<text>` naming the font
//! ([`SVG_FONT_FAMILY`]) with an explicit baseline for SVG, so a viewer with DejaVu
//! Sans (and the PDF, which embeds it) sets the same advances.
//!
//! Sizes follow plotters: a text style of size `s` has an em of `s / 1.24` pixels
//! ([`em_of`]). Anchors follow plotters' SVG backend: the baseline lies 0.76 em below
//! a top anchor, half an x-height below a centre anchor and half an x-height above a
//! bottom anchor.
//!
//! ```
//! use permlab::figures::text::{layout, text_width};
//! let glyphs = layout("AV", 20.0);
//! assert_eq!(glyphs.len(), 2);
//! // "AV" is a kerning pair: V moves left of A's advance
//! assert!(glyphs[1].x < glyphs[0].advance);
//! assert!((text_width("AV", 20.0) - glyphs[1].x - glyphs[1].advance).abs() < 1e-9);
//! ```

use super::DEJAVU_SANS;
use ab_glyph::{Font, FontRef, GlyphId, PxScale};
use plotters::prelude::DrawingBackend;
use plotters_backend::text_anchor::{HPos, Pos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontFamily,
    FontStyle, FontTransform,
};
use std::sync::OnceLock;

/// The `font-family` written on SVG text: the shipped font by name, then the generic
/// family for viewers without it.
pub const SVG_FONT_FAMILY: &str = "DejaVu Sans, sans-serif";

/// The em size (pixels) of a plotters text style of size `size`.
pub fn em_of(size: f64) -> f64 {
    size / 1.24
}

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        // compiled in: failing to parse it is a build defect
        FontRef::try_from_slice(DEJAVU_SANS).expect("the shipped DejaVuSans.ttf parses")
    })
}

fn units_per_em() -> f64 {
    font().units_per_em().map_or(2048.0, f64::from)
}

/// The font's x-height as a fraction of the em (the top of the glyph "x").
pub fn x_height_em() -> f64 {
    let f = font();
    let id = f.glyph_id('x');
    let glyph = id.with_scale(PxScale::from(f.height_unscaled()));
    match f.outline_glyph(glyph) {
        Some(o) => -f64::from(o.px_bounds().min.y) / units_per_em(),
        None => 0.5,
    }
}

/// One glyph of a line of text: its character, pen position `x` (pixels from the
/// start of the line) and advance width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedGlyph {
    /// The character.
    pub ch: char,
    /// Pen position: the sum of the advances and kerning adjustments before it.
    pub x: f64,
    /// The glyph's advance width.
    pub advance: f64,
}

/// Lays out one line of `text` at an em of `em` pixels: each glyph's pen position
/// is the previous one's plus its advance width (`hmtx`) plus the pair's kerning
/// (`kern` table), in the shipped font.
pub fn layout(text: &str, em: f64) -> Vec<PlacedGlyph> {
    let f = font();
    let k = em / units_per_em();
    let mut out = Vec::with_capacity(text.len());
    let mut pen = 0.0;
    let mut prev: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = f.glyph_id(ch);
        if let Some(p) = prev {
            pen += f64::from(f.kern_unscaled(p, id)) * k;
        }
        let advance = f64::from(f.h_advance_unscaled(id)) * k;
        out.push(PlacedGlyph {
            ch,
            x: pen,
            advance,
        });
        pen += advance;
        prev = Some(id);
    }
    out
}

/// The advance width of one line of `text` at an em of `em` pixels.
pub fn text_width(text: &str, em: f64) -> f64 {
    layout(text, em).last().map_or(0.0, |g| g.x + g.advance)
}

/// How far below the anchor point the baseline lies, in ems, for a vertical anchor.
fn baseline_em(v: VPos) -> f64 {
    match v {
        VPos::Top => 0.76,
        VPos::Center => 0.5 * x_height_em(),
        VPos::Bottom => -0.5 * x_height_em(),
    }
}

/// Splits `text` at spaces into lines no wider than `max_width` pixels at an em of
/// `em` (a word wider than that gets a line of its own).
pub fn wrap(text: &str, em: f64, max_width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || text_width(&candidate, em) <= max_width {
            line = candidate;
        } else {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// How [`TextBackend`] sets text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextMode {
    /// Rasterise the glyphs (bitmap backends).
    Raster,
    /// Hand the whole string to the backend with the font named and a top anchor
    /// (SVG: one `<text>` element, the viewer sets it).
    Vector,
}

/// A plotters backend whose text is set by this module (see the module docs); every
/// other drawing call goes to the wrapped backend unchanged.
pub struct TextBackend<B> {
    inner: B,
    mode: TextMode,
}

impl<B> TextBackend<B> {
    /// Wraps `inner`, setting text as `mode` says.
    pub fn new(inner: B, mode: TextMode) -> TextBackend<B> {
        TextBackend { inner, mode }
    }
}

/// A text style as given, with the family, anchor and position replaced.
struct Restyled<'a, S> {
    style: &'a S,
    family: &'static str,
    anchor: Pos,
}

impl<S: BackendTextStyle> BackendTextStyle for Restyled<'_, S> {
    type FontError = S::FontError;
    fn color(&self) -> BackendColor {
        self.style.color()
    }
    fn size(&self) -> f64 {
        self.style.size()
    }
    fn transform(&self) -> FontTransform {
        self.style.transform()
    }
    fn style(&self) -> FontStyle {
        self.style.style()
    }
    fn anchor(&self) -> Pos {
        self.anchor
    }
    fn family(&self) -> FontFamily<'_> {
        FontFamily::Name(self.family)
    }
    fn layout_box(&self, text: &str) -> Result<((i32, i32), (i32, i32)), Self::FontError> {
        let em = em_of(self.style.size());
        Ok((
            (0, 0),
            (text_width(text, em).ceil() as i32, em.round() as i32),
        ))
    }
    fn draw<E, F: FnMut(i32, i32, BackendColor) -> Result<(), E>>(
        &self,
        text: &str,
        pos: BackendCoord,
        draw: F,
    ) -> Result<Result<(), E>, Self::FontError> {
        self.style.draw(text, pos, draw)
    }
}

/// Rotates a text-frame offset into the device frame (plotters' convention).
fn rotate(t: FontTransform, x: f64, y: f64) -> (f64, f64) {
    match t {
        FontTransform::None => (x, y),
        FontTransform::Rotate90 => (-y, x),
        FontTransform::Rotate180 => (-x, -y),
        FontTransform::Rotate270 => (y, -x),
    }
}

impl<B: DrawingBackend> DrawingBackend for TextBackend<B> {
    type ErrorType = B::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.present()
    }
    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_path(path, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_circle(center, radius, style, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.fill_polygon(vert, style)
    }
    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.blit_bitmap(pos, size, src)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        let em = em_of(style.size());
        Ok((text_width(text, em).ceil() as u32, em.round() as u32))
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        let color = style.color();
        if color.alpha == 0.0 || text.is_empty() {
            return Ok(());
        }
        let em = em_of(style.size());
        let anchor = style.anchor();
        let trans = style.transform();
        let baseline = baseline_em(anchor.v_pos) * em;
        match self.mode {
            TextMode::Vector => {
                // move the anchor along the text's own vertical so that a top
                // anchor (dy = 0.76em) puts the baseline where `anchor` asks
                let shift = baseline - baseline_em(VPos::Top) * em;
                let (dx, dy) = rotate(trans, 0.0, shift);
                let at = (pos.0 + dx.round() as i32, pos.1 + dy.round() as i32);
                let restyled = Restyled {
                    style,
                    family: SVG_FONT_FAMILY,
                    anchor: Pos::new(anchor.h_pos, VPos::Top),
                };
                self.inner.draw_text(text, &restyled, at)
            }
            TextMode::Raster => {
                let glyphs = layout(text, em);
                let width = glyphs.last().map_or(0.0, |g| g.x + g.advance);
                let start = match anchor.h_pos {
                    HPos::Left => 0.0,
                    HPos::Center => -width / 2.0,
                    HPos::Right => -width,
                };
                let f = font();
                let scale =
                    PxScale::from((em * f64::from(f.height_unscaled()) / units_per_em()) as f32);
                for g in &glyphs {
                    let glyph = f.glyph_id(g.ch).with_scale_and_position(
                        scale,
                        ab_glyph::point((start + g.x) as f32, baseline as f32),
                    );
                    let Some(outline) = f.outline_glyph(glyph) else {
                        continue;
                    };
                    let min = outline.px_bounds().min;
                    let mut pixels = Vec::new();
                    outline.draw(|x, y, c| pixels.push((x, y, c)));
                    for (x, y, c) in pixels {
                        if c <= 0.0 {
                            continue;
                        }
                        let (tx, ty) = (min.x as i32 + x as i32, min.y as i32 + y as i32);
                        let (rx, ry) = trans.transform(tx, ty);
                        let ink = BackendColor {
                            alpha: color.alpha * f64::from(c.min(1.0)),
                            rgb: color.rgb,
                        };
                        self.inner.draw_pixel((pos.0 + rx, pos.1 + ry), ink)?;
                    }
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::prelude::*;

    /// Renders `text` left/top anchored at `at` with plotters size `size` through a
    /// raster [`TextBackend`] and returns the image's RGB pixels.
    fn raster(text: &str, size: f64, dim: (u32, u32), at: (i32, i32)) -> Vec<u8> {
        let mut buf = vec![255u8; 3 * dim.0 as usize * dim.1 as usize];
        {
            let backend = BitMapBackend::with_buffer(&mut buf, dim);
            let root = TextBackend::new(backend, TextMode::Raster).into_drawing_area();
            let style = super::super::text_style(size, BLACK);
            root.draw(&Text::new(text.to_string(), at, style)).unwrap();
            root.present().unwrap();
        }
        buf
    }

    /// Runs of columns holding ink (a pixel darker than 200).
    fn ink_runs(buf: &[u8], dim: (u32, u32)) -> Vec<(i32, i32)> {
        let (w, h) = (dim.0 as usize, dim.1 as usize);
        let inked: Vec<bool> = (0..w)
            .map(|x| (0..h).any(|y| buf[3 * (y * w + x)] < 200))
            .collect();
        let mut runs = Vec::new();
        let mut start = None;
        for (x, &i) in inked.iter().chain([&false]).enumerate() {
            match (i, start) {
                (true, None) => start = Some(x as i32),
                (false, Some(s)) => {
                    runs.push((s, x as i32 - 1));
                    start = None;
                }
                _ => {}
            }
        }
        runs
    }

    #[test]
    fn glyphs_sit_at_the_fonts_advances_and_kerning() {
        // the issue's string, at an em of 100 px so that nearly every glyph has
        // blank columns on both sides
        let text = "Megaminx xyz wax";
        let size = 124.0;
        let em = 100.0f64;
        let (dim, at) = ((1000u32, 160u32), (20i32, 10i32));
        let buf = raster(text, size, dim, at);
        // independently of `layout`: the pen advances by hmtx + kern (font units)
        let f = FontRef::try_from_slice(DEJAVU_SANS).unwrap();
        let upem = f64::from(f.units_per_em().unwrap());
        let scale = PxScale::from((em * f64::from(f.height_unscaled()) / upem) as f32);
        let mut pen = 0.0f64;
        let mut prev = None;
        let mut extents: Vec<(f32, f32)> = Vec::new();
        for ch in text.chars() {
            let id = f.glyph_id(ch);
            if let Some(p) = prev {
                pen += f64::from(f.kern_unscaled(p, id)) * em / upem;
            }
            let origin = ab_glyph::point(at.0 as f32 + pen as f32, 0.0);
            if let Some(o) = f.outline_glyph(id.with_scale_and_position(scale, origin)) {
                let b = o.px_bounds();
                extents.push((b.min.x, b.max.x));
            }
            pen += f64::from(f.h_advance_unscaled(id)) * em / upem;
            prev = Some(id);
        }
        // glyphs whose boxes touch form one run of ink
        let mut expected: Vec<(f32, f32)> = Vec::new();
        for (l, r) in extents {
            match expected.last_mut() {
                Some(last) if l <= last.1 + 1.0 => last.1 = last.1.max(r),
                _ => expected.push((l, r)),
            }
        }
        let runs = ink_runs(&buf, dim);
        assert!(expected.len() >= 12, "{expected:?}");
        assert_eq!(runs.len(), expected.len(), "{runs:?} vs {expected:?}");
        for ((l, r), (el, er)) in runs.iter().zip(&expected) {
            // the box's outer columns may hold only faint coverage
            assert!((*l as f32 - el).abs() <= 1.0, "{runs:?} vs {expected:?}");
            assert!(
                (*r as f32 - (er - 1.0)).abs() <= 1.0,
                "{runs:?} vs {expected:?}"
            );
        }
        // and the layout the SVG path measures with agrees with the same metrics
        let total = text_width(text, em);
        assert!((total - pen).abs() < 1e-9);
    }

    #[test]
    fn anchors_put_the_baseline_where_the_svg_does() {
        // a top-anchored "H" has its top at baseline - cap height, baseline 0.76 em
        // below the anchor
        let f = font();
        let cap = {
            let o = f
                .outline_glyph(
                    f.glyph_id('H')
                        .with_scale(PxScale::from(f.height_unscaled())),
                )
                .unwrap();
            -f64::from(o.px_bounds().min.y) / units_per_em()
        };
        let dim = (200u32, 200u32);
        let buf = raster("H", 124.0, dim, (50, 20));
        let rows: Vec<usize> = (0..200)
            .filter(|y| (0..200).any(|x| buf[3 * (y * 200 + x)] < 200))
            .collect();
        let (top, bottom) = (rows[0] as f64, *rows.last().unwrap() as f64);
        assert!((bottom + 1.0 - (20.0 + 76.0)).abs() <= 1.0, "{bottom}");
        assert!((top - (20.0 + 76.0 - cap * 100.0)).abs() <= 1.0, "{top}");
    }

    #[test]
    fn wrap_keeps_words_and_width() {
        let text = "Distance distribution of the Nokia 2x2 puzzle over its generators";
        let lines = wrap(text, 12.0, 150.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), text);
        for l in &lines {
            assert!(text_width(l, 12.0) <= 150.0 || !l.contains(' '), "{l}");
        }
        assert_eq!(wrap("", 12.0, 10.0), vec![String::new()]);
    }
}
