//! What the studio's window asks of a family's editor, after egui's demo
//! `View` and rerun's views: its side panels and centre, its own keys, the
//! hint of its active tool, which commands apply to its designs, and how it
//! shows what a finding is about. Layout, menus, the toolbar and the command
//! list go through [`Editor`] and never name a family; each family's editor
//! lives in its own folder and is registered once, in
//! [`families`](super::families).

use egui::{Context, Ui};
use engine::Diagnostic;
use formats::GameFile;

use super::canvas::paint::ProposedDrawing;
use super::command::UICommand;
use super::studio::Studio;

/// A family's editor, as the studio's window uses it. The editor's state is
/// kept by the [`Studio`] (the document, the selection, the panels shared by
/// several families); an editor is the code that shows and edits it.
pub trait Editor: Sync {
    /// The family's name where File → New offers it.
    fn family_title(&self) -> &'static str;
    /// What a new design of the family is, in a sentence.
    fn family_blurb(&self) -> &'static str;
    /// The panels at the left and right (the studio docks the diagnostics
    /// below them).
    fn side_panels(&self, studio: &mut Studio, ui: &mut Ui);
    /// The centre: the map being edited.
    fn centre(&self, studio: &mut Studio, ui: &mut Ui);
    /// Handles the editor's own keys this frame (tools of its own), with a
    /// status message when one acted.
    fn keys(&self, studio: &mut Studio, ctx: &Context) -> Option<String> {
        let _ = (studio, ctx);
        None
    }
    /// The active tool's hint, for the status bar.
    fn hint(&self, studio: &Studio) -> &'static str;
    /// Does `command` apply to this family's designs at all? Menus and the
    /// toolbar show it disabled, and its shortcut does nothing, otherwise.
    fn offers(&self, command: UICommand) -> bool;
    /// Runs `command` the family's own way if it has one (`true`), or leaves
    /// it to the studio (`false`).
    fn run(&self, studio: &mut Studio, command: UICommand) -> bool {
        let _ = (studio, command);
        false
    }
    /// Shows what `finding` is about when it names no object on the map (a
    /// rule, a key of the file).
    fn reveal(&self, studio: &mut Studio, finding: &Diagnostic);
    /// What View → Fit layout proposes, drawn over the map: the places as
    /// they are in `now` and would be in `then`, and the spaces of `then`
    /// (`None`: the family draws no map to lay out).
    fn fit_proposal(&self, now: &GameFile, then: &GameFile) -> Option<ProposedDrawing> {
        let _ = (now, then);
        None
    }
}

/// The editor of a family, for the studio's registry.
pub trait EditorOf {
    /// The family's editor.
    const EDITOR: &'static dyn Editor;
}
