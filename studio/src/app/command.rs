//! Every command of the studio in one list, after rerun's `UICommand`: its
//! text, tooltip and keyboard shortcuts. The menus, the toolbar, the
//! shortcut handler and the shortcut hints all read this list, so a shortcut
//! is defined once, here. What a command does is the studio's
//! ([`crate::app::studio::Studio::run_command`]); this module has no widgets.

use egui::{Context, Key, KeyboardShortcut, Modifiers};

use super::canvas::Tool;

/// A direction to nudge the selected cities in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards smaller x.
    Left,
    /// Towards larger x.
    Right,
    /// Towards smaller y (up on the map).
    Up,
    /// Towards larger y.
    Down,
}

impl Direction {
    /// Every direction.
    pub const ALL: [Direction; 4] = [
        Direction::Left,
        Direction::Right,
        Direction::Up,
        Direction::Down,
    ];

    /// The step of one millimetre in this direction, as (x, y).
    pub fn unit(self) -> (f32, f32) {
        match self {
            Direction::Left => (-1.0, 0.0),
            Direction::Right => (1.0, 0.0),
            Direction::Up => (0.0, -1.0),
            Direction::Down => (0.0, 1.0),
        }
    }

    /// The direction in a sentence.
    fn word(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Right => "right",
            Direction::Up => "up",
            Direction::Down => "down",
        }
    }
}

/// Where a command's shortcut is listened for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Always, even while a text field has the keyboard or a dialog is open
    /// (so a text field never takes Ctrl+Z for itself).
    Window,
    /// Only while no text field has the keyboard and no dialog is open: the
    /// plain keys of the map.
    Map,
}

/// A command of the studio: what a menu entry, a toolbar button or a
/// keyboard shortcut asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UICommand {
    /// A new design: the New design dialog asks for its family, name,
    /// board size and preset.
    New,
    /// Open a design with the file dialog.
    Open,
    /// Open a design by typing its path.
    OpenPath,
    /// Save to the design's file.
    Save,
    /// Save under a new name with the file dialog.
    SaveAs,
    /// Save to a typed path.
    SaveToPath,
    /// Draw the board at real size into an SVG file.
    ExportSvg,
    /// Draw the board into a PNG image.
    ExportPng,
    /// Write the print-and-play PDF.
    ExportPdf,
    /// Write a Tabletop Simulator set into a folder.
    ExportTts,
    /// Write the cities, routes and tickets as CSV tables into a folder.
    ExportTables,
    /// Replace the cities, routes and tickets with CSV tables from a folder.
    ImportTables,
    /// Compare the design with another file: the differences listed and shown on the map.
    Compare,
    /// Derive a card-game design from the open board design.
    DeriveCardGame,
    /// Close the studio.
    Quit,
    /// Undo the last change.
    Undo,
    /// Redo the last undone change.
    Redo,
    /// Delete the selection.
    Delete,
    /// Duplicate the selection.
    Duplicate,
    /// Select every city, route and region of the map.
    SelectAll,
    /// Lock or unlock the selected cities' positions.
    ToggleLock,
    /// Open the Search window.
    Search,
    /// Zoom the map to show the whole design.
    ZoomToFit,
    /// Fit the layout to the routes: a proposal to accept or discard.
    FitLayout,
    /// Zoom the map in a step, about its centre.
    ZoomIn,
    /// Zoom the map out a step, about its centre.
    ZoomOut,
    /// Show the map at its printed size (100 %).
    ZoomActual,
    /// Make the whole interface (text, buttons) larger.
    InterfaceLarger,
    /// Make the whole interface smaller.
    InterfaceSmaller,
    /// The interface at its normal size.
    InterfaceNormal,
    /// Open the Background image window.
    BackgroundImage,
    /// Open the Play window.
    PlayGame,
    /// Open the Simulate window.
    Simulate,
    /// Open the Balance window.
    Balance,
    /// Open the Build a deck window.
    BuildDeck,
    /// Open the sheet of every command and its keyboard shortcuts.
    ShortcutSheet,
    /// Pick a tool of the map.
    Tool(Tool),
    /// Cancel a half-finished action, or clear the selection.
    Cancel,
    /// Close the region being drawn.
    FinishRegion,
    /// Move the selected cities by 1 mm (`far`: 10 mm).
    Nudge {
        /// Which way.
        direction: Direction,
        /// 10 mm instead of 1 mm.
        far: bool,
    },
}

/// A shortcut without modifiers.
const fn plain(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, key)
}

/// A shortcut with Ctrl (⌘ on a Mac).
const fn cmd(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

/// A shortcut with Ctrl+Shift (⌘⇧ on a Mac).
const fn cmd_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

/// A shortcut with Shift.
const fn shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::SHIFT, key)
}

impl UICommand {
    /// Does the command change the design? Those wait while a game is on the
    /// Play table: the game was dealt from the design as it was.
    pub fn edits_design(self) -> bool {
        matches!(
            self,
            UICommand::ImportTables
                | UICommand::Undo
                | UICommand::Redo
                | UICommand::Delete
                | UICommand::Duplicate
                | UICommand::ToggleLock
                | UICommand::FitLayout
                | UICommand::BackgroundImage
                | UICommand::FinishRegion
                | UICommand::Nudge { .. }
        )
    }

    /// Every command: files, editing, view, playtest, the tools, then the
    /// map's keys.
    pub fn all() -> impl Iterator<Item = UICommand> {
        use UICommand::{
            BackgroundImage, Balance, BuildDeck, Cancel, Compare, Delete, DeriveCardGame,
            Duplicate, ExportPdf, ExportPng, ExportSvg, ExportTables, ExportTts, FinishRegion,
            ImportTables, InterfaceLarger, InterfaceNormal, InterfaceSmaller, New, Nudge, Open,
            OpenPath, PlayGame, Quit, Redo, Save, SaveAs, SaveToPath, Search, SelectAll,
            ShortcutSheet, Simulate, ToggleLock, Undo, ZoomActual, ZoomIn, ZoomOut, ZoomToFit,
        };
        std::iter::once(New)
            .chain([
                Open,
                OpenPath,
                Save,
                SaveAs,
                SaveToPath,
                ExportSvg,
                ExportPng,
                ExportPdf,
                ExportTts,
                ExportTables,
                ImportTables,
                Compare,
                DeriveCardGame,
                Quit,
                Undo,
                Redo,
                Delete,
                Duplicate,
                SelectAll,
                ToggleLock,
                Search,
                ZoomToFit,
                UICommand::FitLayout,
                ZoomIn,
                ZoomOut,
                ZoomActual,
                InterfaceLarger,
                InterfaceSmaller,
                InterfaceNormal,
                BackgroundImage,
                PlayGame,
                Simulate,
                Balance,
                BuildDeck,
                ShortcutSheet,
            ])
            .chain(Tool::ALL.map(UICommand::Tool))
            .chain([Cancel, FinishRegion])
            .chain(
                Direction::ALL
                    .into_iter()
                    .flat_map(|direction| [false, true].map(|far| Nudge { direction, far })),
            )
    }

    /// The text of its menu entry (and of its toolbar button unless
    /// [`Self::toolbar_text`] differs).
    pub fn text(self) -> &'static str {
        match self {
            UICommand::New => "New…",
            UICommand::Open => "Open…",
            UICommand::OpenPath => "Open path…",
            UICommand::Save => "Save",
            UICommand::SaveAs => "Save As…",
            UICommand::SaveToPath => "Save to path…",
            UICommand::ExportSvg => "Export board (SVG)…",
            UICommand::Compare => "Compare…",
            UICommand::ExportPng => "Export board (PNG)…",
            UICommand::ExportPdf => "Export print-and-play (PDF)…",
            UICommand::ExportTts => "Export Tabletop Simulator set…",
            UICommand::ExportTables => "Export tables (CSV)…",
            UICommand::ImportTables => "Import tables (CSV)…",
            UICommand::DeriveCardGame => "Derive card game…",
            UICommand::Quit => "Quit",
            UICommand::Undo => "Undo",
            UICommand::Redo => "Redo",
            UICommand::Delete => "Delete",
            UICommand::Duplicate => "Duplicate",
            UICommand::ToggleLock => "Lock or unlock positions",
            UICommand::Search => "Search…",
            UICommand::ZoomToFit => "Zoom to fit",
            UICommand::FitLayout => "Fit layout…",
            UICommand::ZoomIn => "Zoom in",
            UICommand::ZoomOut => "Zoom out",
            UICommand::ZoomActual => "Zoom 100%",
            UICommand::InterfaceLarger => "Larger interface",
            UICommand::InterfaceSmaller => "Smaller interface",
            UICommand::InterfaceNormal => "Normal interface size",
            UICommand::SelectAll => "Select all",
            UICommand::BackgroundImage => "Background image…",
            UICommand::PlayGame => "Play a game…",
            UICommand::Simulate => "Simulate…",
            UICommand::Balance => "Balance…",
            UICommand::BuildDeck => "Build a deck…",
            UICommand::ShortcutSheet => "Keyboard shortcuts…",
            UICommand::Tool(t) => t.label(),
            UICommand::Cancel => "Cancel",
            UICommand::FinishRegion => "Close region",
            UICommand::Nudge { direction, far } => match (direction, far) {
                (Direction::Left, false) => "Nudge left",
                (Direction::Right, false) => "Nudge right",
                (Direction::Up, false) => "Nudge up",
                (Direction::Down, false) => "Nudge down",
                (Direction::Left, true) => "Nudge left 10 mm",
                (Direction::Right, true) => "Nudge right 10 mm",
                (Direction::Up, true) => "Nudge up 10 mm",
                (Direction::Down, true) => "Nudge down 10 mm",
            },
        }
    }

    /// The text of its toolbar button. Where the Edit menu has the same
    /// command, the two differ, so each label names one control.
    pub fn toolbar_text(self) -> &'static str {
        match self {
            UICommand::Delete => "Delete selection",
            UICommand::Duplicate => "Duplicate selection",
            UICommand::ToggleLock => "Lock",
            UICommand::Search => "Search",
            other => other.text(),
        }
    }

    /// What it does, in a sentence.
    pub fn tooltip(self) -> String {
        match self {
            UICommand::New => {
                "Start a new design: choose its game, name, board size and rules preset".into()
            }
            UICommand::Open => "Open a design file".into(),
            UICommand::OpenPath => "Open a design by typing its path".into(),
            UICommand::Save => {
                "Save the design to its file, keeping the previous version as .bak".into()
            }
            UICommand::SaveAs => "Save the design under a new name".into(),
            UICommand::SaveToPath => "Save the design to a typed path".into(),
            UICommand::ExportSvg => "Draw the board at real size as an SVG file".into(),
            UICommand::Compare => {
                "List what differs from another design file and show it on the map".into()
            }
            UICommand::ExportPng => "Draw the board as a PNG image at 150 dots per inch".into(),
            UICommand::ExportPdf => "Print and play on A4: the board tiled at real size, the tickets, train and terrain cards, a rules summary".into(),
            UICommand::ExportTts => "A Tabletop Simulator saved object with the board and the decks, and its images".into(),
            UICommand::ExportTables => {
                "Write the cities, routes and tickets as CSV tables for a spreadsheet".into()
            }
            UICommand::ImportTables => {
                "Replace the cities, routes and tickets with CSV tables (one undo step)".into()
            }
            UICommand::DeriveCardGame => "Make a Ticket to Ride: The Card Game design from this map: each ticket needs the colours of the routes along its path".into(),
            UICommand::Quit => "Close the studio, asking first about unsaved changes".into(),
            UICommand::Undo => "Undo the last change".into(),
            UICommand::Redo => "Redo the last undone change".into(),
            UICommand::Delete => {
                "Delete the selection (a city takes its routes and tickets along)".into()
            }
            UICommand::Duplicate => "Duplicate the selection and select the copies".into(),
            UICommand::ToggleLock => "Lock or unlock the selected cities' positions".into(),
            UICommand::Search => "Find a city, route or ticket by name".into(),
            UICommand::ZoomToFit => "Show the whole design".into(),
            UICommand::FitLayout => "Move the unlocked places so each route's drawing fits its length and nothing is printed over anything else; shown as a proposal to accept (one undo step) or discard".into(),
            UICommand::ZoomIn => "Zoom the map in".into(),
            UICommand::ZoomOut => "Zoom the map out".into(),
            UICommand::ZoomActual => {
                "Show the map at its printed size (on a 96 dots-per-inch screen)".into()
            }
            UICommand::InterfaceLarger => "Make the text and controls larger".into(),
            UICommand::InterfaceSmaller => "Make the text and controls smaller".into(),
            UICommand::InterfaceNormal => "Show the text and controls at their normal size".into(),
            UICommand::SelectAll => "Select every city, route and region of the map".into(),
            UICommand::BackgroundImage => "Place an image under the map to trace a board".into(),
            UICommand::PlayGame => {
                "Play a hot-seat game against bots on the design as it is now".into()
            }
            UICommand::Simulate => {
                "Play thousands of bot games on the design and show the results".into()
            }
            UICommand::Balance => {
                "Search for small changes that meet balance targets in simulation, then accept or reject each".into()
            }
            UICommand::BuildDeck => "Build a ticket deck for the map, chosen by simulation with the bots, and accept it as one undo step".into(),
            UICommand::ShortcutSheet => "Every command and its keyboard shortcuts".into(),
            UICommand::Tool(t) => t.hint().into(),
            UICommand::Cancel => "Cancel a half-finished action, or clear the selection".into(),
            UICommand::FinishRegion => "Close the region being drawn".into(),
            UICommand::Nudge { direction, far } => format!(
                "Move the selected cities {} mm {}",
                if far { 10 } else { 1 },
                direction.word()
            ),
        }
    }

    /// Its keyboard shortcuts, the first the one to show.
    pub fn kb_shortcuts(self) -> &'static [KeyboardShortcut] {
        match self {
            UICommand::New => const { &[cmd(Key::N)] },
            UICommand::Open => const { &[cmd(Key::O)] },
            UICommand::Save => const { &[cmd(Key::S)] },
            UICommand::SaveAs => const { &[cmd_shift(Key::S)] },
            UICommand::OpenPath
            | UICommand::SaveToPath
            | UICommand::ExportSvg
            | UICommand::Compare
            | UICommand::ExportPng
            | UICommand::ExportPdf
            | UICommand::ExportTts
            | UICommand::ExportTables
            | UICommand::ImportTables
            | UICommand::DeriveCardGame
            | UICommand::Quit
            | UICommand::BackgroundImage
            | UICommand::PlayGame
            | UICommand::Simulate
            | UICommand::Balance
            | UICommand::BuildDeck
            | UICommand::InterfaceLarger
            | UICommand::InterfaceSmaller
            | UICommand::InterfaceNormal => &[],
            UICommand::SelectAll => const { &[cmd(Key::A)] },
            UICommand::ShortcutSheet => const { &[plain(Key::F1)] },
            UICommand::ZoomIn => {
                const {
                    &[
                        plain(Key::Plus),
                        plain(Key::Equals),
                        cmd(Key::Plus),
                        cmd(Key::Equals),
                    ]
                }
            }
            UICommand::ZoomOut => const { &[plain(Key::Minus), cmd(Key::Minus)] },
            UICommand::ZoomActual => const { &[cmd(Key::Num0)] },
            UICommand::Undo => const { &[cmd(Key::Z)] },
            UICommand::Redo => const { &[cmd_shift(Key::Z), cmd(Key::Y)] },
            UICommand::Delete => const { &[plain(Key::Delete), plain(Key::Backspace)] },
            UICommand::Duplicate => const { &[cmd(Key::D)] },
            UICommand::ToggleLock => const { &[plain(Key::L)] },
            UICommand::Search => const { &[cmd(Key::F)] },
            UICommand::ZoomToFit => const { &[plain(Key::F)] },
            UICommand::FitLayout => &[],
            UICommand::Tool(t) => match t {
                Tool::Select => const { &[plain(Key::V)] },
                Tool::AddCity => const { &[plain(Key::C)] },
                Tool::AddRoute => const { &[plain(Key::R)] },
                Tool::AddTicket => const { &[plain(Key::T)] },
                Tool::Bend => const { &[plain(Key::B)] },
                Tool::Region => const { &[plain(Key::G)] },
            },
            UICommand::Cancel => const { &[plain(Key::Escape)] },
            UICommand::FinishRegion => const { &[plain(Key::Enter)] },
            UICommand::Nudge { direction, far } => match (direction, far) {
                (Direction::Left, false) => const { &[plain(Key::ArrowLeft)] },
                (Direction::Right, false) => const { &[plain(Key::ArrowRight)] },
                (Direction::Up, false) => const { &[plain(Key::ArrowUp)] },
                (Direction::Down, false) => const { &[plain(Key::ArrowDown)] },
                (Direction::Left, true) => const { &[shift(Key::ArrowLeft)] },
                (Direction::Right, true) => const { &[shift(Key::ArrowRight)] },
                (Direction::Up, true) => const { &[shift(Key::ArrowUp)] },
                (Direction::Down, true) => const { &[shift(Key::ArrowDown)] },
            },
        }
    }

    /// Where its shortcuts are listened for.
    pub fn scope(self) -> Scope {
        match self {
            UICommand::New
            | UICommand::Open
            | UICommand::Save
            | UICommand::SaveAs
            | UICommand::Undo
            | UICommand::Redo
            | UICommand::Search
            | UICommand::ShortcutSheet => Scope::Window,
            _ => Scope::Map,
        }
    }

    /// Its shortcuts as the platform writes them (`Ctrl+Shift+Z or Ctrl+Y`),
    /// or `None` when it has none.
    pub fn shortcut_text(self, ctx: &Context) -> Option<String> {
        let keys: Vec<String> = self
            .kb_shortcuts()
            .iter()
            .map(|s| ctx.format_shortcut(s))
            .collect();
        (!keys.is_empty()).then(|| keys.join(" or "))
    }

    /// The tooltip with the shortcut hint: `Undo the last change (Ctrl+Z)`.
    pub fn tooltip_with_shortcut(self, ctx: &Context) -> String {
        match self.shortcut_text(ctx) {
            Some(keys) => format!("{} ({keys})", self.tooltip()),
            None => self.tooltip(),
        }
    }

    /// The commands of `scope` whose shortcuts were pressed this frame, in
    /// the order of [`Self::all`]; their key presses are consumed. Shortcuts
    /// with more modifiers are taken first, so Ctrl+Shift+Z is never read as
    /// Ctrl+Z.
    pub fn pressed(ctx: &Context, scope: Scope) -> Vec<UICommand> {
        let mut shortcuts: Vec<(UICommand, KeyboardShortcut)> = Self::all()
            .filter(|c| c.scope() == scope)
            .flat_map(|c| c.kb_shortcuts().iter().map(move |s| (c, *s)))
            .collect();
        shortcuts.sort_by_key(|(_, s)| std::cmp::Reverse(modifier_count(s.modifiers)));
        let mut pressed: Vec<UICommand> = Vec::new();
        ctx.input_mut(|i| {
            for (c, s) in shortcuts {
                if i.consume_shortcut(&s) && !pressed.contains(&c) {
                    pressed.push(c);
                }
            }
        });
        pressed.sort_by_key(|c| Self::all().position(|a| a == *c));
        pressed
    }
}

/// How many modifier keys a shortcut needs.
fn modifier_count(m: Modifiers) -> u32 {
    u32::from(m.alt) + u32::from(m.shift) + u32::from(m.command || m.ctrl || m.mac_cmd)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_shortcut_is_defined_twice() {
        let mut seen: Vec<(KeyboardShortcut, UICommand)> = Vec::new();
        for c in UICommand::all() {
            for s in c.kb_shortcuts() {
                if let Some((_, other)) = seen.iter().find(|(t, _)| t == s) {
                    panic!("{s:?} is the shortcut of both {other:?} and {c:?}");
                }
                seen.push((*s, c));
            }
        }
    }

    #[test]
    fn every_command_is_listed_once_with_a_text_and_a_tooltip() {
        let all: Vec<UICommand> = UICommand::all().collect();
        for (i, c) in all.iter().enumerate() {
            assert!(!all[..i].contains(c), "{c:?} is listed twice");
            assert!(!c.text().is_empty() && !c.tooltip().is_empty(), "{c:?}");
        }
        let texts: Vec<&str> = all.iter().map(|c| c.text()).collect();
        for (i, t) in texts.iter().enumerate() {
            assert!(!texts[..i].contains(t), "two commands are called {t}");
        }
    }

    #[test]
    fn shortcut_hints_are_written_as_the_platform_writes_them() {
        let ctx = Context::default();
        ctx.set_os(egui::os::OperatingSystem::Nix);
        let hint = |c: UICommand| c.shortcut_text(&ctx);
        assert_eq!(hint(UICommand::Undo).as_deref(), Some("Ctrl+Z"));
        assert_eq!(
            hint(UICommand::Redo).as_deref(),
            Some("Ctrl+Shift+Z or Ctrl+Y")
        );
        assert_eq!(hint(UICommand::Tool(Tool::AddCity)).as_deref(), Some("C"));
        assert_eq!(hint(UICommand::Quit), None);
        assert_eq!(
            UICommand::Undo.tooltip_with_shortcut(&ctx),
            "Undo the last change (Ctrl+Z)"
        );
    }

    /// One frame with `key` pressed while holding `modifiers`; the commands
    /// of `scope` it runs.
    fn press(modifiers: Modifiers, key: Key, scope: Scope) -> Vec<UICommand> {
        let ctx = Context::default();
        let mut input = egui::RawInput::default();
        input.events.push(egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        });
        let mut pressed = Vec::new();
        let mut output = ctx.run_ui(input, |ui| pressed = UICommand::pressed(ui.ctx(), scope));
        output.textures_delta.clear();
        pressed
    }

    #[test]
    fn the_most_specific_shortcut_wins() {
        let ctrl_shift = Modifiers::COMMAND.plus(Modifiers::SHIFT);
        assert_eq!(
            press(ctrl_shift, Key::Z, Scope::Window),
            vec![UICommand::Redo]
        );
        assert_eq!(
            press(Modifiers::COMMAND, Key::Z, Scope::Window),
            vec![UICommand::Undo]
        );
        assert_eq!(
            press(ctrl_shift, Key::S, Scope::Window),
            vec![UICommand::SaveAs]
        );
        assert_eq!(
            press(Modifiers::SHIFT, Key::ArrowLeft, Scope::Map),
            vec![UICommand::Nudge {
                direction: Direction::Left,
                far: true
            }]
        );
        assert_eq!(
            press(Modifiers::NONE, Key::F, Scope::Map),
            vec![UICommand::ZoomToFit]
        );
        assert!(
            press(Modifiers::NONE, Key::F, Scope::Window).is_empty(),
            "map keys are not window shortcuts"
        );
    }
}
