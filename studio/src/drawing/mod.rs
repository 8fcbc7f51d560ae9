//! How a board design is drawn, shared by the studio's canvas, the command
//! line's image export and the print-and-play and Tabletop Simulator exports:
//! where things go on the board ([`geometry`], with its spatial [`index`]),
//! their colours ([`colors`]), the board as SVG and PNG ([`svg`]) and paper
//! sizes ([`paper`]). Nothing here knows about egui windows or files on disk
//! beyond the image it returns.

pub mod colors;
pub mod geometry;
pub mod index;
pub mod paper;
pub mod svg;
