//! The station map at the Play window's table and on the Simulate window's
//! heatmap page, drawn by the shared [`station_map`](crate::app::station_map)
//! fitted to its panel: the dice on the spaces, the buildings in the slots,
//! lit spaces and stations, or a colour per track. A click names the space
//! or the station under the pointer.

use egui::{Pos2, Rect, Sense, Ui, vec2};
use engine::dice::DiceDesign;

use crate::app::station_map::{self, Fit, Layout, Look, MapModel};

pub use crate::app::station_map::Look as MapLook;

/// What a click on the station map names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapClick {
    /// A track space (its index).
    Space(u16),
    /// A station or one of its slots (its index).
    Station(u16),
}

/// The map of `design` laid out to fill `rect`.
fn laid_out(design: &DiceDesign, rect: Rect) -> (MapModel, Layout) {
    let model = MapModel::of_design(design);
    let l = station_map::layout(&model, &Fit::content(&model, rect));
    (model, l)
}

/// Where space `space` of `design` is drawn when the map fills `rect` (a
/// click there names it).
pub fn space_centre(design: &DiceDesign, rect: Rect, space: u16) -> Option<Pos2> {
    laid_out(design, rect)
        .1
        .spaces
        .get(usize::from(space))
        .copied()
}

/// Where station `station` of `design` is drawn when the map fills `rect`.
pub fn station_centre(design: &DiceDesign, rect: Rect, station: u16) -> Option<Pos2> {
    laid_out(design, rect)
        .1
        .stations
        .get(usize::from(station))
        .copied()
}

/// Draws the station map of `design` at `height` points high with `look`
/// over it; returns what a click named.
pub fn draw(ui: &mut Ui, design: &DiceDesign, look: &Look, height: f32) -> Option<MapClick> {
    let (rect, response) =
        ui.allocate_exact_size(vec2(ui.available_width(), height), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Station map"));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, station_map::PAPER);
    let (model, l) = laid_out(design, rect);
    station_map::paint(&painter, &model, &l, look);
    let click = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())?;
    if let Some(s) = station_map::space_at(&l, click) {
        return Some(MapClick::Space(s as u16));
    }
    station_map::station_at(&l, click, 12.0).map(|s| MapClick::Station(s as u16))
}
