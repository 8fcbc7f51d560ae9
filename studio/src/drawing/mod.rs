//! How a board design is drawn, shared by the studio's canvas, the command
//! line's image export and the print-and-play and Tabletop Simulator exports:
//! where things go on the board ([`geometry`], with its spatial [`index`]),
//! their colours ([`colors`]), the board as SVG and PNG ([`svg`]) and paper
//! sizes ([`paper`]). Nothing here knows about egui windows or files on disk
//! beyond the image it returns.

pub mod colors;
pub mod components;
pub mod geometry;
pub mod index;
pub mod paper;
pub mod svg;

/// Why a board could not be drawn as an image.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    /// The drawing's SVG could not be read back (a bug in the drawing).
    #[error("{0}")]
    Svg(String),
    /// The image would have more than [`svg::MAX_PIXELS`] pixels.
    #[error(
        "an image of {width} × {height} pixels is too large (at most {max} pixels); \
         choose fewer dots per inch or a smaller size",
        max = svg::MAX_PIXELS
    )]
    TooLarge {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// The PNG encoder failed.
    #[error("{0}")]
    Png(String),
}
