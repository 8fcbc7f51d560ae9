//! Undo and redo over whole designs, stored compactly.
//!
//! Every committed change is kept as a [`Patch`]: per list (cities, routes,
//! tickets, countries, regions) only the elements that changed, and the rest of
//! the design (rules, cards, name …) only when it changed. A 6,000-route design
//! with a moved city costs one city per step, so thousands of steps fit.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use formats::GameFile;

/// How many steps are kept; older ones are dropped.
pub const UNDO_LIMIT: usize = 1000;

/// Consecutive commits with the same key within this time merge into one step
/// (typing a name is one step, not one per letter).
const COALESCE_WINDOW: Duration = Duration::from_secs(2);

/// Identifies one state of the document: two equal ids mean equal designs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateId(u64);

/// The change of one list: equal-length lists store the changed elements,
/// others the differing middle between the common prefix and suffix.
#[derive(Clone, Debug)]
enum ListPatch<T> {
    Elements(Vec<(usize, T, T)>),
    Splice { at: usize, old: Vec<T>, new: Vec<T> },
}

impl<T: Clone + PartialEq> ListPatch<T> {
    fn diff(old: &[T], new: &[T]) -> Option<Self> {
        if old.len() == new.len() {
            let changed: Vec<_> = old
                .iter()
                .zip(new)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, (a, b))| (i, a.clone(), b.clone()))
                .collect();
            return (!changed.is_empty()).then_some(ListPatch::Elements(changed));
        }
        let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        let max_suffix = old.len().min(new.len()) - prefix;
        let suffix = old
            .iter()
            .rev()
            .zip(new.iter().rev())
            .take(max_suffix)
            .take_while(|(a, b)| a == b)
            .count();
        Some(ListPatch::Splice {
            at: prefix,
            old: old[prefix..old.len() - suffix].to_vec(),
            new: new[prefix..new.len() - suffix].to_vec(),
        })
    }

    /// Applies the patch backwards (`undo`) or forwards.
    fn apply(&self, list: &mut Vec<T>, undo: bool) {
        match self {
            ListPatch::Elements(changes) => {
                for (i, old, new) in changes {
                    if let Some(slot) = list.get_mut(*i) {
                        *slot = if undo { old.clone() } else { new.clone() };
                    }
                }
            }
            ListPatch::Splice { at, old, new } => {
                let (remove, insert) = if undo { (new, old) } else { (old, new) };
                let at = (*at).min(list.len());
                let end = (at + remove.len()).min(list.len());
                list.splice(at..end, insert.iter().cloned());
            }
        }
    }
}

/// Everything of a design but its big lists and its print number (a record
/// of printings made, which undo cannot take back: see
/// [`History::record_print`]).
fn rest_of(d: &GameFile) -> GameFile {
    let mut terrain = d.terrain.clone();
    terrain.regions = Vec::new();
    GameFile {
        cities: Vec::new(),
        routes: Vec::new(),
        tickets: Vec::new(),
        countries: Vec::new(),
        terrain,
        print: None,
        ..d.clone()
    }
}

fn set_rest(d: &mut GameFile, rest: &GameFile) {
    let kept = (
        std::mem::take(&mut d.print),
        std::mem::take(&mut d.cities),
        std::mem::take(&mut d.routes),
        std::mem::take(&mut d.tickets),
        std::mem::take(&mut d.countries),
        std::mem::take(&mut d.terrain.regions),
    );
    *d = rest.clone();
    (
        d.print,
        d.cities,
        d.routes,
        d.tickets,
        d.countries,
        d.terrain.regions,
    ) = kept;
}

/// The difference between two designs.
#[derive(Clone, Debug, Default)]
struct Patch {
    cities: Option<ListPatch<formats::CitySpec>>,
    routes: Option<ListPatch<formats::RouteSpec>>,
    tickets: Option<ListPatch<formats::TicketSpec>>,
    countries: Option<ListPatch<formats::CountrySpec>>,
    regions: Option<ListPatch<formats::Region>>,
    rest: Option<Box<(GameFile, GameFile)>>,
}

impl Patch {
    fn diff(old: &GameFile, new: &GameFile) -> Patch {
        let (ro, rn) = (rest_of(old), rest_of(new));
        Patch {
            cities: ListPatch::diff(&old.cities, &new.cities),
            routes: ListPatch::diff(&old.routes, &new.routes),
            tickets: ListPatch::diff(&old.tickets, &new.tickets),
            countries: ListPatch::diff(&old.countries, &new.countries),
            regions: ListPatch::diff(&old.terrain.regions, &new.terrain.regions),
            rest: (ro != rn).then(|| Box::new((ro, rn))),
        }
    }

    fn is_empty(&self) -> bool {
        self.cities.is_none()
            && self.routes.is_none()
            && self.tickets.is_none()
            && self.countries.is_none()
            && self.regions.is_none()
            && self.rest.is_none()
    }

    fn apply(&self, d: &mut GameFile, undo: bool) {
        if let Some(rest) = &self.rest {
            set_rest(d, if undo { &rest.0 } else { &rest.1 });
        }
        if let Some(p) = &self.cities {
            p.apply(&mut d.cities, undo);
        }
        if let Some(p) = &self.routes {
            p.apply(&mut d.routes, undo);
        }
        if let Some(p) = &self.tickets {
            p.apply(&mut d.tickets, undo);
        }
        if let Some(p) = &self.countries {
            p.apply(&mut d.countries, undo);
        }
        if let Some(p) = &self.regions {
            p.apply(&mut d.terrain.regions, undo);
        }
    }
}

#[derive(Debug)]
struct Entry {
    label: String,
    patch: Patch,
    before: StateId,
    after: StateId,
    key: Option<String>,
    at: Instant,
}

/// The undo history of one document.
#[derive(Debug)]
pub struct History {
    undo: VecDeque<Entry>,
    redo: Vec<Entry>,
    /// The design as of the last commit, undo or redo.
    committed: GameFile,
    current: StateId,
    next_id: u64,
}

impl History {
    /// A history starting at `design`.
    pub fn new(design: &GameFile) -> Self {
        History {
            undo: VecDeque::new(),
            redo: Vec::new(),
            committed: design.clone(),
            current: StateId(0),
            next_id: 1,
        }
    }

    /// The id of the committed state.
    pub fn current(&self) -> StateId {
        self.current
    }

    /// The design as last committed (what undo returns to when an edit in
    /// progress is abandoned).
    pub fn committed(&self) -> &GameFile {
        &self.committed
    }

    /// Records `design` as the next step, named `label`. Steps with the same
    /// `key` in quick succession merge. Returns whether anything changed.
    pub fn commit(&mut self, design: &GameFile, label: &str, key: Option<&str>) -> bool {
        let now = Instant::now();
        let merge = self.redo.is_empty()
            && key.is_some()
            && self.undo.back().is_some_and(|last| {
                last.key.as_deref() == key && now.duration_since(last.at) < COALESCE_WINDOW
            });
        if merge && let Some(last) = self.undo.pop_back() {
            let mut before = self.committed.clone();
            last.patch.apply(&mut before, true);
            let patch = Patch::diff(&before, design);
            self.committed = design.clone();
            if patch.is_empty() {
                self.current = last.before;
                return true;
            }
            self.current = StateId(self.next_id);
            self.next_id += 1;
            self.undo.push_back(Entry {
                patch,
                after: self.current,
                at: now,
                ..last
            });
            return true;
        }
        let patch = Patch::diff(&self.committed, design);
        if patch.is_empty() {
            return false;
        }
        let before = self.current;
        self.current = StateId(self.next_id);
        self.next_id += 1;
        self.committed = design.clone();
        self.redo.clear();
        self.undo.push_back(Entry {
            label: label.to_owned(),
            patch,
            before,
            after: self.current,
            key: key.map(str::to_owned),
            at: now,
        });
        while self.undo.len() > UNDO_LIMIT {
            self.undo.pop_front();
        }
        true
    }

    /// Records the print number of a printing in the committed design. It is
    /// no step, and undo and redo keep it: a printing cannot be taken back,
    /// so the next export of a changed design counts on from it and never
    /// hands out a number twice.
    pub fn record_print(&mut self, print: formats::PrintNumber) {
        self.committed.print = Some(print);
    }

    /// Undoes the last step into `design`; returns its label.
    pub fn undo(&mut self, design: &mut GameFile) -> Option<String> {
        let entry = self.undo.pop_back()?;
        entry.patch.apply(&mut self.committed, true);
        *design = self.committed.clone();
        self.current = entry.before;
        let label = entry.label.clone();
        self.redo.push(entry);
        Some(label)
    }

    /// Redoes the last undone step into `design`; returns its label.
    pub fn redo(&mut self, design: &mut GameFile) -> Option<String> {
        let entry = self.redo.pop()?;
        entry.patch.apply(&mut self.committed, false);
        *design = self.committed.clone();
        self.current = entry.after;
        let label = entry.label.clone();
        self.undo.push_back(Entry { key: None, ..entry });
        Some(label)
    }

    /// The label of the step undo would take back.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.back().map(|e| e.label.as_str())
    }

    /// The label of the step redo would bring back.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|e| e.label.as_str())
    }

    /// Steps that can be undone.
    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use formats::{CitySpec, RouteSpec};

    fn design(n: usize) -> GameFile {
        GameFile {
            cities: (0..n)
                .map(|i| CitySpec {
                    name: format!("C{i}"),
                    x: i as f32,
                    ..CitySpec::default()
                })
                .collect(),
            ..GameFile::default()
        }
    }

    #[test]
    fn a_recorded_print_is_no_step_and_survives_undo_and_redo() {
        let mut d = design(2);
        let mut h = History::new(&d);
        d.name = "Renamed".into();
        h.commit(&d, "rename", None);
        let print = formats::PrintNumber {
            number: 2,
            fingerprint: "0000abcd".into(),
        };
        d.print = Some(print.clone());
        h.record_print(print.clone());
        assert!(!h.commit(&d, "print", None), "a print is no step");
        assert_eq!(h.undo(&mut d).as_deref(), Some("rename"));
        assert_eq!((d.name.as_str(), d.print.as_ref()), ("", Some(&print)));
        h.redo(&mut d);
        assert_eq!(
            (d.name.as_str(), d.print.as_ref()),
            ("Renamed", Some(&print))
        );
    }

    #[test]
    fn undo_and_redo_walk_through_every_kind_of_change() {
        let mut d = design(5);
        let mut h = History::new(&d);
        let start = d.clone();
        d.cities[2].x = 99.0;
        assert!(h.commit(&d, "move", None));
        let moved = d.clone();
        d.cities.remove(1);
        d.routes.push(RouteSpec {
            from: "C0".into(),
            to: "C2".into(),
            length: 2,
            color: "red".into(),
            ..RouteSpec::default()
        });
        h.commit(&d, "delete", None);
        let deleted = d.clone();
        d.name = "Renamed".into();
        h.commit(&d, "rename", None);
        assert!(!h.commit(&d, "nothing", None), "no change, no step");
        assert_eq!(h.undo(&mut d).as_deref(), Some("rename"));
        assert_eq!(d, deleted);
        h.undo(&mut d);
        assert_eq!(d, moved);
        h.undo(&mut d);
        assert_eq!(d, start);
        assert!(h.undo(&mut d).is_none());
        h.redo(&mut d);
        h.redo(&mut d);
        assert_eq!(d, deleted);
    }

    #[test]
    fn keeps_at_least_five_hundred_steps_and_ids_track_states() {
        let mut d = design(3);
        let mut h = History::new(&d);
        let id0 = h.current();
        for i in 0..600 {
            d.cities[0].x = i as f32 + 1.0;
            h.commit(&d, "nudge", None);
        }
        assert!(h.undo_len() >= 500);
        for _ in 0..500 {
            assert!(h.undo(&mut d).is_some());
        }
        assert_eq!(d.cities[0].x, 100.0);
        d.cities[0].x = 0.0;
        let mut fresh = History::new(&d);
        fresh.commit(&d, "x", None);
        assert_eq!(fresh.current(), id0, "an empty change keeps the state");
    }

    #[test]
    fn same_key_edits_merge_into_one_step() {
        let mut d = design(2);
        let mut h = History::new(&d);
        for name in ["A", "Ab", "Abc"] {
            d.cities[0].name = name.into();
            h.commit(&d, "rename city", Some("city0.name"));
        }
        assert_eq!(h.undo_len(), 1);
        h.undo(&mut d);
        assert_eq!(d.cities[0].name, "C0");
    }

    use proptest::prelude::*;

    /// One random edit of a small design.
    #[derive(Clone, Debug)]
    enum Op {
        Move(usize, f32),
        Add(String),
        Remove(usize),
        Rename(String),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (0usize..8, -50.0f32..50.0).prop_map(|(i, x)| Op::Move(i, x)),
            "[a-z]{1,6}".prop_map(Op::Add),
            (0usize..8).prop_map(Op::Remove),
            "[A-Z][a-z]{0,5}".prop_map(Op::Rename),
        ]
    }

    fn apply(d: &mut GameFile, op: &Op) {
        match op {
            Op::Move(i, x) => {
                if let Some(c) = d.cities.get_mut(*i) {
                    c.x += x;
                }
            }
            Op::Add(name) => d.cities.insert(
                d.cities.len() / 2,
                CitySpec {
                    name: name.clone(),
                    ..CitySpec::default()
                },
            ),
            Op::Remove(i) => {
                if *i < d.cities.len() {
                    d.cities.remove(*i);
                }
            }
            Op::Rename(n) => d.name = n.clone(),
        }
    }

    proptest! {
        #[test]
        fn undoing_everything_restores_every_state(ops in prop::collection::vec(op(), 1..40)) {
            let mut d = design(4);
            let mut h = History::new(&d);
            let mut states = vec![d.clone()];
            for o in &ops {
                apply(&mut d, o);
                if h.commit(&d, "op", None) {
                    states.push(d.clone());
                }
            }
            for want in states.iter().rev().skip(1) {
                prop_assert!(h.undo(&mut d).is_some());
                prop_assert_eq!(&d, want);
            }
            prop_assert!(h.undo(&mut d).is_none());
            for want in states.iter().skip(1) {
                prop_assert!(h.redo(&mut d).is_some());
                prop_assert_eq!(&d, want);
            }
        }
    }
}
