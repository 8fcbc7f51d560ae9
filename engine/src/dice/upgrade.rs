//! Step 5 (RULES.md §5): an emptied goods deck is upgraded to the next good
//! of its building's chain, which opens a speculation.

use smallvec::SmallVec;

use super::action::Event;
use super::design::Building;
use super::rules::Sink;
use super::state::{DeckPlace, Phase, State};

impl State {
    /// Step 5: one exhausted deck is upgraded.
    pub(super) fn end_of_turn(&mut self, sink: &mut Sink) {
        let mut opts = SmallVec::new();
        self.upgrade_options(&mut opts);
        match opts.len() {
            0 => self.next_turn(sink),
            1 => self.upgrade(opts[0].0, opts[0].1, sink),
            _ => self.phase = Phase::Upgrade,
        }
    }

    /// The upgrades open now: (building type, new good or none).
    pub(crate) fn upgrade_options(&self, out: &mut SmallVec<[(Building, Option<u8>); 6]>) {
        out.clear();
        for b in Building::ALL {
            let Some(g) = self.producing[b.index()] else {
                continue;
            };
            if self.decks[usize::from(g)].left > 0 {
                continue;
            }
            let stages = &self.design.chains[b.index()];
            let mut found = false;
            for stage in stages.iter().skip(usize::from(self.stage[b.index()]) + 1) {
                for &n in stage {
                    if self.decks[usize::from(n)].place == DeckPlace::Unused {
                        out.push((b, Some(n)));
                        found = true;
                    }
                }
                if found {
                    break;
                }
            }
            if !found {
                out.push((b, None));
            }
        }
    }

    pub(super) fn upgrade(&mut self, b: Building, good: Option<u8>, sink: &mut Sink) {
        if let Some(old) = self.producing[b.index()] {
            self.decks[usize::from(old)].place = DeckPlace::Used;
        }
        self.producing[b.index()] = good;
        sink.push(Event::Upgraded { building: b, good });
        let Some(g) = good else {
            self.stage[b.index()] = self.design.chains[b.index()].len() as u8;
            self.next_turn(sink);
            return;
        };
        self.decks[usize::from(g)].place = DeckPlace::On(b);
        if let Some(s) = self.design.chains[b.index()]
            .iter()
            .position(|st| st.contains(&g))
        {
            self.stage[b.index()] = s as u8;
        }
        if self.design.rules.speculation.give == 0 {
            self.next_turn(sink);
        } else {
            self.phase = Phase::Speculate {
                seat: self.current,
                good: g,
            };
        }
    }
}
