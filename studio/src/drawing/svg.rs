//! The board as an SVG document at real size (millimetres), drawn from the
//! same layout as the canvas ([`Geometry`]) for printing and sharing: terrain,
//! country outlines, routes as car spaces in their colours (tunnels with a
//! heavy border, ferry spaces with a locomotive disc), cities and their names.
//! [`BoardStyle`] chooses paper colours, whether terrain is drawn, and the
//! printed size.

use std::sync::{Arc, OnceLock};

use egui::{Color32, Pos2};
use formats::GameFile;
use resvg::usvg;
use svg::Document;
use svg::node::element::{Circle, Group, Polygon, Rectangle, Text, Title};

use super::DrawError;
use super::colors::{self, Palette};
use super::geometry::{CITY_RADIUS, FONT, Geometry};
use super::paper::PrintSize;

/// Which colours the board is drawn in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Colors {
    /// The studio's colours.
    #[default]
    Screen,
    /// Lighter fills that spare ink and keep names readable on paper.
    Paper,
}

/// How the board is drawn: colours, terrain, printed size.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardStyle {
    /// Screen or paper colours.
    pub colors: Colors,
    /// Leaves out terrain regions and country fills (outlines stay), for a
    /// plain background.
    pub no_terrain: bool,
    /// The size on paper.
    pub size: PrintSize,
}

/// The board of `design` as a drawing: its content in the design's
/// millimetres, and that extent.
pub struct Drawing {
    /// Everything drawn, in design millimetres from the top-left corner.
    pub content: Group,
    /// Width in design millimetres.
    pub width: f32,
    /// Height in design millimetres.
    pub height: f32,
}

/// The extent of the board of `design` in millimetres: its `board:` size, or
/// the drawing's extent without one.
pub fn extent(design: &GameFile, g: &Geometry) -> (f32, f32) {
    match &design.board {
        Some(b) => (b.width, b.height),
        None => (g.bounds.max.x + 20.0, g.bounds.max.y + 20.0),
    }
}

/// The board of `design` as SVG text, sized as `style` says.
pub fn board(design: &GameFile, style: &BoardStyle) -> String {
    let d = drawing(design, style);
    let (w, h) = style.size.fit(d.width, d.height);
    Document::new()
        .set("width", format!("{w}mm"))
        .set("height", format!("{h}mm"))
        .set("viewBox", (0.0, 0.0, d.width, d.height))
        .add(Title::new(design.name.clone()))
        .add(d.content)
        .to_string()
}

/// The board of `design` drawn in `style`'s colours, at the design's size.
pub fn drawing(design: &GameFile, style: &BoardStyle) -> Drawing {
    let g = Geometry::build(design, 0);
    let palette = Palette::of(design);
    let (width, height) = extent(design, &g);
    let paper = style.colors == Colors::Paper;
    // On paper, fills are mixed with white: terrain a lot, car spaces a little
    // (their colour is the rule), so the page is light and names stand out.
    let land = |c: Color32| if paper { mix_white(c, 0.6) } else { c };
    let car = |c: Color32| if paper { mix_white(c, 0.25) } else { c };
    let mut content = Group::new().add(
        Rectangle::new()
            .set("width", width)
            .set("height", height)
            .set("fill", "#ffffff"),
    );

    let mut terrain = Group::new().set("id", "terrain");
    if !style.no_terrain {
        for r in &g.regions {
            terrain = terrain.add(polygon(&r.outline, land(colors::region(r.kind))));
        }
    }
    for c in &g.countries {
        let fill = if style.no_terrain {
            "none".to_owned()
        } else {
            hex(land(Color32::from_rgb(232, 222, 200)))
        };
        terrain = terrain.add(
            Polygon::new()
                .set("points", points(&c.outline))
                .set("fill", fill)
                .set("stroke", "#806850")
                .set("stroke-width", 0.6),
        );
    }
    content = content.add(terrain);

    let mut routes = Group::new().set("id", "routes");
    let hw = g.half_width;
    for (route, rg) in design.routes.iter().zip(&g.routes) {
        let fill = hex(car(palette.route(&route.color)));
        let (edge, edge_w) = if route.tunnel {
            ("#19140f", hw * 0.45)
        } else {
            ("#464646", hw * 0.15)
        };
        let mut group = Group::new().set("data-route", route.display_name());
        for (k, sp) in rg.spaces.iter().enumerate() {
            group = group.add(
                Polygon::new()
                    .set("points", points(&sp.corners(hw)))
                    .set("fill", fill.clone())
                    .set("stroke", edge)
                    .set("stroke-width", edge_w),
            );
            if (k as u32) < route.ferry {
                group = group.add(
                    Circle::new()
                        .set("cx", sp.center.x)
                        .set("cy", sp.center.y)
                        .set("r", hw.min(sp.half_len) * 0.7)
                        .set("fill", "#ffffff")
                        .set("stroke", "#000000")
                        .set("stroke-width", hw * 0.12),
                );
            }
        }
        routes = routes.add(group);
    }
    content = content.add(routes);

    let mut cities = Group::new().set("id", "cities");
    let font = FONT;
    for ((city, p), label) in design.cities.iter().zip(&g.cities).zip(&g.labels) {
        // Where the drawing put the name: clear of car spaces and other names.
        let anchor = match label.align.x() {
            egui::Align::Min => "start",
            egui::Align::Center => "middle",
            egui::Align::Max => "end",
        };
        cities = cities
            .add(
                Circle::new()
                    .set("cx", p.x)
                    .set("cy", p.y)
                    .set("r", CITY_RADIUS * 0.8)
                    .set("fill", "#ffffff")
                    .set("stroke", "#b03020")
                    .set("stroke-width", CITY_RADIUS * 0.25),
            )
            .add(
                Text::new(city.name.clone())
                    .set("x", label.at.x)
                    .set("y", label.at.y)
                    .set("font-family", "sans-serif")
                    .set("font-size", font)
                    .set("text-anchor", anchor)
                    .set("paint-order", "stroke")
                    .set("stroke", "#ffffff")
                    .set(
                        "stroke-width",
                        font * engine::board_game::layout::geometry::HALO,
                    )
                    .set("fill", "#000000"),
            );
    }
    Drawing {
        content: content.add(cities),
        width,
        height,
    }
}

/// Options for reading SVG with usvg in the studio's own fonts (egui's, the
/// same on every machine), loaded once.
pub fn svg_options() -> usvg::Options<'static> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        let mut fonts = usvg::fontdb::Database::new();
        for data in egui::FontDefinitions::default().font_data.values() {
            fonts.load_font_data((*data.font).as_ref().to_vec());
        }
        // egui's text face (Ubuntu Light) rather than its monospace or emoji ones.
        let family = fonts
            .faces()
            .filter(|f| !f.monospaced)
            .filter_map(|f| f.families.first().map(|(name, _)| name.clone()))
            .min_by_key(|name| !name.contains("Ubuntu"));
        if let Some(family) = family {
            fonts.set_sans_serif_family(family);
        }
        Arc::new(fonts)
    });
    usvg::Options {
        fontdb: fonts.clone(),
        ..usvg::Options::default()
    }
}

/// How the board is drawn to a file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BoardImage {
    /// An SVG drawing at real size ([`board`]).
    Svg,
    /// A PNG image at so many dots per inch ([`board_png`]).
    Png {
        /// Dots per inch.
        dpi: f32,
    },
}

/// The bytes of the board of `design` drawn as `image`, for a file.
pub fn board_file(
    design: &GameFile,
    image: BoardImage,
    style: &BoardStyle,
) -> Result<Vec<u8>, DrawError> {
    match image {
        BoardImage::Svg => Ok(board(design, style).into_bytes()),
        BoardImage::Png { dpi } => board_png(design, dpi, style),
    }
}

/// The most pixels a board image may have (a 1 m × 1.4 m board at 300 dpi has
/// about 200 million): larger ones would exhaust memory.
pub const MAX_PIXELS: u64 = 250_000_000;

/// The board of `design` as a PNG image at `dpi` dots per inch of its printed
/// size (the SVG of [`board`], rendered by resvg with the studio's own fonts,
/// so the image is the same on every machine).
pub fn board_png(design: &GameFile, dpi: f32, style: &BoardStyle) -> Result<Vec<u8>, DrawError> {
    use resvg::tiny_skia;
    let tree = usvg::Tree::from_str(&board(design, style), &svg_options())
        .map_err(|e| DrawError::Svg(e.to_string()))?;
    // usvg measures in CSS pixels, 96 to the inch.
    let scale = dpi / 96.0;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).round() as u32,
        (size.height() * scale).round() as u32,
    );
    let too_large = || DrawError::TooLarge {
        width: w,
        height: h,
    };
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(too_large());
    }
    let mut pixmap = tiny_skia::Pixmap::new(w.max(1), h.max(1)).ok_or_else(too_large)?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    encode_png(&pixmap)
}

/// `pixmap` as PNG bytes, compressed fast (tiny-skia's own encoder takes
/// seconds on a poster-sized board; the fast setting is several times
/// quicker for a slightly larger file).
pub fn encode_png(pixmap: &resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, DrawError> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    // tiny-skia keeps premultiplied alpha; PNG wants it straight. Its own
    // demultiplying loop runs in tiny-skia's optimised code even in tests.
    let rgba = pixmap.clone().take_demultiplied();
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(
            &rgba,
            pixmap.width(),
            pixmap.height(),
            image::ExtendedColorType::Rgba8,
        )
        .map_err(|e| DrawError::Png(e.to_string()))?;
    Ok(out)
}

fn polygon(outline: &[Pos2], fill: Color32) -> Polygon {
    Polygon::new()
        .set("points", points(outline))
        .set("fill", hex(fill))
}

fn points(pts: &[Pos2]) -> String {
    pts.iter()
        .map(|p| format!("{},{}", p.x, p.y))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `c` as `#rrggbb`.
pub fn hex(c: Color32) -> String {
    format!("#{:02x}{:02x}{:02x}", c.r(), c.g(), c.b())
}

/// `c` mixed with white: `t` = 0 keeps it, 1 gives white.
fn mix_white(c: Color32, t: f32) -> Color32 {
    let m = |v: u8| (f32::from(v) + (255.0 - f32::from(v)) * t).round() as u8;
    Color32::from_rgb(m(c.r()), m(c.g()), m(c.b()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usa_board_is_an_svg_with_every_car_space_and_city_at_real_size() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.yaml");
        let design = formats::load(&path).unwrap().design;
        let text = board(&design, &BoardStyle::default());
        let b = design.board.as_ref().unwrap();
        assert!(
            text.contains(&format!("width=\"{}mm\"", b.width)),
            "{}",
            &text[..200]
        );
        let spaces: u32 = design.routes.iter().map(|r| r.length).sum();
        // Every car space is a polygon, and so is nothing else on this map
        // (it has no terrain regions or countries).
        assert_eq!(
            text.matches("<polygon").count() as u32,
            spaces + design.terrain.regions.len() as u32
        );
        assert_eq!(text.matches("<text").count(), design.cities.len());
        assert!(text.contains("Santa Fe"));
        // It parses as SVG.
        let events = svg::read(&text).unwrap().count();
        assert!(events > spaces as usize);
    }
}
