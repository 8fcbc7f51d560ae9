//! What the designer has selected: objects of the design by list index.

use std::collections::BTreeSet;

use formats::GameFile;

/// An object of the design, by its index in the design's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Obj {
    /// `cities[i]`.
    City(usize),
    /// `routes[i]`.
    Route(usize),
    /// `tickets[i]`.
    Ticket(usize),
    /// `terrain.regions[i]`.
    Region(usize),
}

impl Obj {
    /// Does the object exist in `design`?
    pub fn exists_in(self, design: &GameFile) -> bool {
        match self {
            Obj::City(i) => i < design.cities.len(),
            Obj::Route(i) => i < design.routes.len(),
            Obj::Ticket(i) => i < design.tickets.len(),
            Obj::Region(i) => i < design.terrain.regions.len(),
        }
    }

    /// How the designer names it.
    pub fn name(self, design: &GameFile) -> String {
        match self {
            Obj::City(i) => design.cities.get(i).map(|c| c.name.clone()),
            Obj::Route(i) => design.routes.get(i).map(|r| r.display_name()),
            Obj::Ticket(i) => design.tickets.get(i).map(|t| t.display_name()),
            Obj::Region(i) => design.terrain.regions.get(i).map(|r| {
                r.name
                    .clone()
                    .unwrap_or_else(|| format!("{} region {}", r.kind.name(), i + 1))
            }),
        }
        .unwrap_or_default()
    }
}

/// A set of selected objects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    set: BTreeSet<Obj>,
}

impl Selection {
    /// Selects only `obj`.
    pub fn select_only(&mut self, obj: Obj) {
        self.set.clear();
        self.set.insert(obj);
    }

    /// Adds `obj`, or removes it if selected (Shift-click).
    pub fn toggle(&mut self, obj: Obj) {
        if !self.set.remove(&obj) {
            self.set.insert(obj);
        }
    }

    /// Adds `obj`.
    pub fn add(&mut self, obj: Obj) {
        self.set.insert(obj);
    }

    /// Selects nothing.
    pub fn clear(&mut self) {
        self.set.clear();
    }

    /// Replaces the selection.
    pub fn set(&mut self, objs: impl IntoIterator<Item = Obj>) {
        self.set = objs.into_iter().collect();
    }

    /// Is `obj` selected?
    pub fn contains(&self, obj: Obj) -> bool {
        self.set.contains(&obj)
    }

    /// Nothing selected?
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// How many are selected.
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// The selected objects, in list order.
    pub fn iter(&self) -> impl Iterator<Item = Obj> + '_ {
        self.set.iter().copied()
    }

    /// Indices of the selected cities.
    pub fn cities(&self) -> Vec<usize> {
        self.iter()
            .filter_map(|o| match o {
                Obj::City(i) => Some(i),
                _ => None,
            })
            .collect()
    }

    /// Indices of the selected routes.
    pub fn routes(&self) -> Vec<usize> {
        self.iter()
            .filter_map(|o| match o {
                Obj::Route(i) => Some(i),
                _ => None,
            })
            .collect()
    }

    /// Indices of the selected tickets.
    pub fn tickets(&self) -> Vec<usize> {
        self.iter()
            .filter_map(|o| match o {
                Obj::Ticket(i) => Some(i),
                _ => None,
            })
            .collect()
    }

    /// Indices of the selected regions.
    pub fn regions(&self) -> Vec<usize> {
        self.iter()
            .filter_map(|o| match o {
                Obj::Region(i) => Some(i),
                _ => None,
            })
            .collect()
    }

    /// Drops objects that no longer exist (after undo or a delete).
    pub fn retain_existing(&mut self, design: &GameFile) {
        self.set.retain(|o| o.exists_in(design));
    }
}
