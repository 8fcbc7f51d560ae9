//! Hit-testing: which object of the map is under a point of the screen.

use egui::{Pos2, Rect, Vec2};

use super::super::selection::Obj;
use super::Canvas;
use crate::drawing::geometry::{CITY_RADIUS, polyline_distance};

impl Canvas {
    /// The object at a screen point: cities first, then routes, then region edges.
    pub fn hit(&self, at: Pos2) -> Option<Obj> {
        let g = self.geometry.as_ref()?;
        let p = self.view.to_board(at);
        let slop = 4.0 / self.view.scale;
        let city_r = CITY_RADIUS + slop;
        let near = Rect::from_center_size(p, Vec2::splat(2.0 * city_r));
        let city = g
            .city_index
            .query(near)
            .into_iter()
            .filter_map(|i| Some((i, g.cities.get(i)?.distance(p))))
            .filter(|(_, d)| *d <= city_r)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, _)) = city {
            return Some(Obj::City(i));
        }
        let route_r = g.half_width * 1.3 + slop;
        let near = Rect::from_center_size(p, Vec2::splat(2.0 * route_r));
        let route = g
            .route_index
            .query(near)
            .into_iter()
            .filter_map(|i| Some((i, polyline_distance(&g.routes.get(i)?.line, p))))
            .filter(|(_, d)| *d <= route_r)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, _)) = route {
            return Some(Obj::Route(i));
        }
        g.regions
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, r)| r.bbox.expand(slop).contains(p))
            .find(|(_, r)| {
                let mut closed = r.outline.clone();
                closed.extend(r.outline.first().copied());
                polyline_distance(&closed, p) <= slop * 1.5
            })
            .map(|(i, _)| Obj::Region(i))
    }
}
