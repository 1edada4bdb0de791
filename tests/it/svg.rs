//! A reader of the SVG documents the figures write (one element a line), for the
//! tests that measure what a figure drew: its physical size, its text runs (position,
//! size, text), rectangles, circles and polygons. It parses the document, not the
//! library's layout, so the tests check the output independently of the code that
//! placed it.

/// One run of text: its left end, baseline, font size and text.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub x: f64,
    pub y: f64,
    pub size: f64,
    pub text: String,
}

/// A `<text>` element: its runs (one for text without `<tspan>`s), fill colour and
/// rotation (angle in degrees, `-90` reading upwards, about a centre).
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    pub runs: Vec<Run>,
    pub fill: String,
    pub rotate: Option<(f64, f64, f64)>,
}

impl Text {
    /// The whole text.
    pub fn text(&self) -> String {
        self.runs.iter().map(|r| r.text.as_str()).collect()
    }

    /// The smallest font size of its runs.
    pub fn min_size(&self) -> f64 {
        self.runs
            .iter()
            .map(|r| r.size)
            .fold(f64::INFINITY, f64::min)
    }

    /// The box the text covers, as (left, top, right, bottom): each run's advance
    /// width in the shipped font, from 0.76 em above its baseline to 0.24 em below
    /// (the font's capitals and descenders), turned by the text's rotation.
    pub fn bbox(&self) -> (f64, f64, f64, f64) {
        let mut b = (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        );
        for r in &self.runs {
            let w = permlab::figures::text::text_width(&r.text, r.size);
            b.0 = b.0.min(r.x);
            b.2 = b.2.max(r.x + w);
            b.1 = b.1.min(r.y - 0.76 * r.size);
            b.3 = b.3.max(r.y + 0.24 * r.size);
        }
        let Some((angle, cx, cy)) = self.rotate else {
            return b;
        };
        let (sin, cos) = angle.to_radians().sin_cos();
        let corners = [(b.0, b.1), (b.2, b.1), (b.0, b.3), (b.2, b.3)].map(|(x, y)| {
            let (dx, dy) = (x - cx, y - cy);
            (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos)
        });
        corners.iter().fold(
            (
                f64::INFINITY,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NEG_INFINITY,
            ),
            |a, p| (a.0.min(p.0), a.1.min(p.1), a.2.max(p.0), a.3.max(p.1)),
        )
    }
}

/// A `<rect>`: x, y, width, height and fill (`none` when not filled).
#[derive(Clone, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub fill: String,
}

/// A `<circle>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Circle {
    pub cx: f64,
    pub cy: f64,
    pub r: f64,
    pub fill: String,
    pub stroke: Option<String>,
}

/// A parsed document.
#[derive(Clone, Debug, Default)]
pub struct Doc {
    /// `width` and `height` in points.
    pub size_pt: (f64, f64),
    /// The `viewBox` width and height (the drawing's pixels).
    pub view: (f64, f64),
    pub texts: Vec<Text>,
    /// Rectangles after the white background.
    pub rects: Vec<Rect>,
    pub circles: Vec<Circle>,
    /// Filled polygons (arrow heads).
    pub polygons: Vec<(Vec<(f64, f64)>, String)>,
    /// Polylines and paths, as their `points` or `d` attribute.
    pub strokes: Vec<String>,
}

impl Doc {
    /// Points per drawing pixel when printed at the document's width.
    pub fn pt_per_px(&self) -> f64 {
        self.size_pt.0 / self.view.0
    }
}

/// The value of attribute `name` in an element's text.
pub fn attr<'a>(elem: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let s = elem.find(&key)? + key.len();
    let e = elem[s..].find('"')?;
    Some(&elem[s..s + e])
}

fn num(elem: &str, name: &str) -> f64 {
    attr(elem, name)
        .unwrap_or_else(|| panic!("no {name} in {elem}"))
        .trim_end_matches("pt")
        .parse()
        .unwrap_or_else(|_| panic!("{name} in {elem}"))
}

fn unescape(t: &str) -> String {
    t.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Parses a figure's SVG.
pub fn parse(svg: &str) -> Doc {
    let mut d = Doc::default();
    for line in svg.lines() {
        if line.starts_with("<svg") {
            d.size_pt = (num(line, "width"), num(line, "height"));
            let vb: Vec<f64> = attr(line, "viewBox")
                .unwrap()
                .split(' ')
                .map(|v| v.parse().unwrap())
                .collect();
            d.view = (vb[2], vb[3]);
        } else if line.starts_with("<text") {
            let head_end = line.find('>').unwrap();
            let head = &line[..head_end];
            let size = num(head, "font-size");
            let rotate = attr(head, "transform").map(|t| {
                let v: Vec<f64> = t
                    .trim_start_matches("rotate(")
                    .trim_end_matches(')')
                    .split(' ')
                    .map(|x| x.parse().unwrap())
                    .collect();
                (v[0], v[1], v[2])
            });
            let body = &line[head_end + 1..line.rfind("</text>").unwrap()];
            let runs = if body.starts_with("<tspan") {
                body.split("</tspan>")
                    .filter(|p| !p.is_empty())
                    .map(|p| {
                        let e = p.find('>').unwrap();
                        Run {
                            x: num(&p[..e], "x"),
                            y: num(&p[..e], "y"),
                            size: num(&p[..e], "font-size"),
                            text: unescape(&p[e + 1..]),
                        }
                    })
                    .collect()
            } else {
                vec![Run {
                    x: num(head, "x"),
                    y: num(head, "y"),
                    size,
                    text: unescape(body),
                }]
            };
            d.texts.push(Text {
                runs,
                fill: attr(head, "fill").unwrap().to_string(),
                rotate,
            });
        } else if line.starts_with("<rect") {
            let r = Rect {
                x: num(line, "x"),
                y: num(line, "y"),
                w: num(line, "width"),
                h: num(line, "height"),
                fill: attr(line, "fill").unwrap_or("none").to_string(),
            };
            if !(r.x == 0.0
                && r.y == 0.0
                && r.fill == "#ffffff"
                && d.rects.is_empty()
                && r.w == d.view.0)
            {
                d.rects.push(r);
            }
        } else if line.starts_with("<circle") {
            d.circles.push(Circle {
                cx: num(line, "cx"),
                cy: num(line, "cy"),
                r: num(line, "r"),
                fill: attr(line, "fill").unwrap_or("none").to_string(),
                stroke: attr(line, "stroke").map(str::to_string),
            });
        } else if line.starts_with("<polygon") {
            let pts = attr(line, "points")
                .unwrap()
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            d.polygons
                .push((pts, attr(line, "fill").unwrap().to_string()));
        } else if line.starts_with("<polyline") {
            d.strokes.push(attr(line, "points").unwrap().to_string());
        } else if line.starts_with("<path") {
            d.strokes.push(attr(line, "d").unwrap().to_string());
        }
    }
    d
}

/// `#rrggbb` of a colour, as the canvas writes it.
pub fn hex(c: permlab::plotters::style::RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// Whether two boxes (left, top, right, bottom) overlap (touching is not).
pub fn overlap(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}
