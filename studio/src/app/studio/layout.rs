//! The window's layout: the menu bar and toolbar at the top, the status bar,
//! the family's editor (its side panels and its map in the centre, see
//! [`Editor`](crate::app::editor::Editor)) and the diagnostics docked below.

use egui::{RichText, Ui, ViewportCommand};

use super::super::panels::diagnostics::DiagnosticClick;
use super::super::selection::Obj;
use super::Studio;

/// The Diagnostics panel's height until the designer drags it, in points:
/// room for the counts and about eight findings.
const DIAGNOSTICS_DEFAULT: f32 = 220.0;
/// The least it can be dragged to: the counts and two findings.
const DIAGNOSTICS_MIN: f32 = 90.0;

/// The side panel's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    /// The Cities table.
    Cities,
    /// The Routes table.
    Routes,
    /// The Tickets table.
    Tickets,
    /// Rule parameters.
    Rules,
    /// The deck.
    Cards,
    /// Statistics.
    Statistics,
}

impl Tab {
    /// Every tab, in the order shown.
    pub const ALL: [Tab; 6] = [
        Tab::Cities,
        Tab::Routes,
        Tab::Tickets,
        Tab::Rules,
        Tab::Cards,
        Tab::Statistics,
    ];

    /// The tab's title.
    pub fn label(self) -> &'static str {
        match self {
            Tab::Cities => "Cities",
            Tab::Routes => "Routes",
            Tab::Tickets => "Tickets",
            Tab::Rules => "Rules",
            Tab::Cards => "Cards",
            Tab::Statistics => "Statistics",
        }
    }
}

impl Studio {
    /// Shows one frame of the studio.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let scale = self.settings.interface_scale.unwrap_or(1.0);
        if (ctx.zoom_factor() - scale).abs() > 1e-3 {
            ctx.set_zoom_factor(scale);
        }
        self.validator.poll();
        self.validator
            .submit(self.doc.generation(), &self.doc.design);
        self.handle_window_events(&ctx);
        if !self.play.in_game() {
            if let Some(s) = self.editor().keys(self, &ctx) {
                self.status = s;
            }
            self.shortcuts(&ctx);
        }
        // A game on the table draws its board; otherwise simulation results.
        self.canvas.overlay = self
            .play
            .overlay()
            .or_else(|| self.simulate.overlay())
            .or_else(|| self.compare.as_ref().map(|c| c.overlay.clone()))
            .or_else(|| self.fit_layout.overlay(&self.doc.design))
            .or_else(|| {
                self.deck
                    .open
                    .then(|| self.deck.overlay(&self.doc.design))
                    .flatten()
            })
            .or_else(|| {
                self.balance
                    .open
                    .then(|| self.balance.overlay(&self.doc.design))
                    .flatten()
            })
            .unwrap_or_default();
        self.canvas.read_only = self.play.in_game();

        egui::Panel::top("menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| self.menus(ui));
            self.toolbar(ui);
        });
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        let editor = self.editor();
        self.play_dock(ui);
        editor.side_panels(self, ui);
        self.diagnostics_dock(ui);
        super::super::play::set_map_area(&ctx, ui.available_rect_before_wrap());
        editor.centre(self, ui);
        self.windows(&ctx);
        self.dialogs(&ctx);
        self.autosave_tick(&ctx);
        let title = self.title();
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if self.wants_close {
            self.wants_close = false;
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
    }

    /// The Diagnostics panel docked below, as tall as the designer last
    /// dragged its handle (remembered between runs).
    fn diagnostics_dock(&mut self, ui: &mut Ui) {
        let most = (ui.available_height() * 0.7).max(DIAGNOSTICS_MIN);
        let height = self
            .settings
            .diagnostics_height
            .unwrap_or(DIAGNOSTICS_DEFAULT)
            .clamp(DIAGNOSTICS_MIN, most);
        egui::Panel::bottom("diagnostics")
            .resizable(false)
            .exact_size(height)
            .show(ui, |ui| {
                self.diagnostics_handle(ui, height, most);
                self.diagnostics_panel(ui);
            });
    }

    /// The handle along the panel's top edge: a grip to drag the panel
    /// taller or shorter. The height is stored when the drag ends.
    fn diagnostics_handle(&mut self, ui: &mut Ui, height: f32, most: f32) {
        let (rect, response) =
            ui.allocate_exact_size(egui::vec2(ui.available_width(), 10.0), egui::Sense::drag());
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Splitter, true, "Resize the diagnostics panel")
        });
        let response = response
            .on_hover_cursor(egui::CursorIcon::ResizeVertical)
            .on_hover_text("Drag to make the diagnostics panel taller or shorter");
        let lit = response.hovered() || response.dragged();
        let color = if lit {
            ui.visuals().widgets.hovered.fg_stroke.color
        } else {
            ui.visuals().widgets.noninteractive.fg_stroke.color
        };
        let c = rect.center();
        for dy in [-2.0, 2.0] {
            ui.painter().line_segment(
                [
                    egui::pos2(c.x - 24.0, c.y + dy),
                    egui::pos2(c.x + 24.0, c.y + dy),
                ],
                egui::Stroke::new(1.5, color),
            );
        }
        if response.dragged() {
            let h = (height - response.drag_delta().y).clamp(DIAGNOSTICS_MIN, most);
            self.settings.diagnostics_height = Some(h);
        }
        if response.drag_stopped()
            && let Err(e) = self.settings.store(&self.config.dirs)
        {
            self.status = format!("Could not remember the panel's height: {e}");
        }
    }

    /// The active tool's hint and the last message.
    fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.label(RichText::new(self.editor().hint(self)).weak());
            ui.separator();
            ui.label(&self.status);
        });
    }

    /// A colour finding: the colour lit in the Cards panel and its routes
    /// selected on the map.
    fn reveal_color(&mut self, color: &str) {
        let routes = (self.doc.design.routes.iter().enumerate())
            .filter(|(_, r)| r.color == color)
            .map(|(i, _)| Obj::Route(i))
            .collect();
        self.select_and_reveal(routes, false);
        self.cards.highlight = Some(color.to_owned());
        self.tab = Tab::Cards;
    }

    /// The validator's findings; a click selects what one names.
    fn diagnostics_panel(&mut self, ui: &mut Ui) {
        ui.heading("Diagnostics");
        let busy = self.validator.busy();
        let report = self.validator.latest();
        if let Some(click) = self.diagnostics.ui(ui, report, &self.doc.design, busy) {
            match click {
                DiagnosticClick::Objects(objs) => self.select_and_reveal(objs, false),
                DiagnosticClick::Color(color) => self.reveal_color(&color),
                DiagnosticClick::Cards => self.tab = Tab::Cards,
                DiagnosticClick::Rules(d) => self.editor().reveal(self, &d),
            }
        }
    }
}
