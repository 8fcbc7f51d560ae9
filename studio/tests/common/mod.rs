//! What the studio's UI tests share: a studio on a throw-away settings
//! folder, and the mouse and keyboard as a designer uses them.

#![allow(
    dead_code,
    reason = "each test file is its own crate and uses a part of these helpers"
)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::files::StudioDirs;
use studio::app::play::family::PlayView;
use studio::app::play::session::Session;
use studio::app::{Studio, StudioConfig};

/// A bundled design.
pub fn maps(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name)
}

/// A studio that keeps its settings under `dir`, opens `open`, and never
/// shows a native file dialog.
pub fn config(dir: &Path, open: Option<PathBuf>) -> StudioConfig {
    StudioConfig {
        dirs: StudioDirs {
            config: dir.join("config"),
        },
        open,
        native_dialogs: false,
        autosave_every: Duration::from_secs(30),
    }
}

/// The whole app in a window of `size`, settled after its first frames.
pub fn harness(config: StudioConfig, size: [f32; 2]) -> Harness<'static, Studio> {
    let mut h = Harness::builder()
        .with_size(size)
        .build_eframe(move |cc| Studio::new(&cc.egui_ctx, config));
    settle(&mut h);
    h
}

/// File → New with the dialog's defaults, or the game titled `family`
/// (as the dialog offers it): clicks Create.
pub fn new_design(h: &mut Harness<'_, Studio>, family: Option<&str>) {
    click_label(h, "File");
    click_label(h, "New…");
    if let Some(f) = family {
        click_label(h, f);
    }
    click_label(h, "Create");
}

/// Runs frames until validation has caught up and the UI is still.
pub fn settle(h: &mut Harness<'_, Studio>) {
    h.run_steps(2);
    h.state_mut().validator.wait();
    h.run_steps(3);
}

/// A click with the primary button at `p`, holding `modifiers`.
pub fn click_at(h: &mut Harness<'_, Studio>, p: Pos2, modifiers: Modifiers) {
    h.event(Event::PointerMoved(p));
    h.event(Event::ModifiersChanged(modifiers));
    h.step();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos: p,
            button: PointerButton::Primary,
            pressed,
            modifiers,
        });
        h.step();
    }
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    h.run_steps(2);
}

/// Replaces the text of the field labelled `label` with `text`.
pub fn type_into(h: &mut Harness<'_, Studio>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run_steps(1);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.run_steps(1);
    h.get_by_label(label).type_text(text);
    h.run_steps(2);
}

/// Clicks the control named `label` and lets the studio answer.
pub fn click_label(h: &mut Harness<'_, Studio>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(3);
}

/// The game of family `F` on the table.
pub fn session<'a, F: PlayView>(h: &'a Harness<'_, Studio>) -> &'a Session<F> {
    h.state()
        .play
        .session::<F>()
        .expect("a game of this family is on")
}

/// Runs frames until a human must decide (and no bot thinks) or the game of
/// family `F` is over.
pub fn wait_for_human<F: PlayView>(h: &mut Harness<'_, Studio>) {
    let t0 = Instant::now();
    loop {
        h.step();
        let s = session::<F>(h);
        if s.is_over() || (s.human_to_move().is_some() && !s.thinking()) {
            break;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(60),
            "the bots never finish"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
}
