//! The station map of a design checked and built: stations and their
//! slots, tracks made of spaces, the groups of spaces that deliver together,
//! which stations they join, and the groups' names.

use super::*;

pub(super) fn check_stations(
    file: &GameFile,
    rules: &DiceRules,
    d: &mut Diagnostics,
) -> Vec<Station> {
    let mut out = Vec::new();
    for (i, s) in file.stations.iter().enumerate() {
        if file.stations[..i].iter().any(|o| o.name == s.name) {
            d.push(err(
                Code::DuplicateName,
                format!("stations[{i}].name"),
                format!("two stations are called `{}`", s.name),
            ));
        }
        if !(2..=3).contains(&s.slots) {
            d.push(
                err(
                    Code::DiceSlots,
                    format!("stations[{i}].slots"),
                    format!(
                        "{} has {}; the rulebook's stations have 2 or 3",
                        s.name,
                        crate::words::count(s.slots, "building slot")
                    ),
                )
                .fix("set slots to 2 or 3"),
            );
        }
        let bonus = s.bonus.as_ref().and_then(|b| {
            let path = format!("stations[{i}].bonus");
            let bonus = match b.kind.as_str() {
                "points" => Some(Bonus::Points(b.amount)),
                "special-card" => Some(Bonus::SpecialCards(b.amount)),
                "bonus-die" => Some(Bonus::BonusDice(b.amount)),
                other => {
                    d.push(
                        err(
                            Code::DiceUnknownBonus,
                            format!("{path}.kind"),
                            format!("{}'s bonus `{other}` does not exist", s.name),
                        )
                        .fix("use points, special-card or bonus-die"),
                    );
                    None
                }
            }?;
            let empty = match bonus {
                Bonus::SpecialCards(_) => file.specials.is_empty(),
                Bonus::BonusDice(_) => rules.dice.bonus == 0,
                Bonus::Points(_) => false,
            };
            if b.amount == 0 || empty {
                d.push(err(
                    Code::DiceUnknownBonus,
                    path,
                    format!(
                        "{}'s bonus of {} {} gives nothing (an amount of 0, or no such cards or dice in the game)",
                        s.name, b.amount, b.kind
                    ),
                ));
            }
            Some(bonus)
        });
        out.push(Station {
            name: s.name.clone(),
            pos: Point { x: s.x, y: s.y },
            slots: s.slots,
            bonus,
        });
    }
    out
}

pub(super) fn build_tracks(
    file: &GameFile,
    stations: &[Station],
    junctions: &[(String, Point)],
    d: &mut Diagnostics,
) -> (Vec<Track>, Vec<Space>) {
    let end = |name: &str| {
        stations
            .iter()
            .position(|s| s.name == name)
            .map(|i| End::Station(i as u16))
            .or_else(|| {
                junctions
                    .iter()
                    .position(|j| j.0 == name)
                    .map(|i| End::Junction(i as u16))
            })
    };
    let mut tracks = Vec::new();
    let mut spaces: Vec<Space> = Vec::new();
    for (i, t) in file.tracks.iter().enumerate() {
        let mut ends = [None, None];
        for (k, (field, name)) in [("from", &t.from), ("to", &t.to)].into_iter().enumerate() {
            ends[k] = end(name);
            if ends[k].is_none() {
                d.push(err(
                    Code::UnknownName,
                    format!("tracks[{i}].{field}"),
                    format!(
                        "track {} names `{name}`, which is no station or junction",
                        t.display_name()
                    ),
                ));
            }
        }
        if t.spaces == 0 {
            d.push(
                err(
                    Code::DiceEmptyTrack,
                    format!("tracks[{i}].spaces"),
                    format!("track {} has no spaces", t.display_name()),
                )
                .fix("give it at least one space"),
            );
        }
        if t.from == t.to {
            d.push(err(
                Code::SelfLoop,
                format!("tracks[{i}]"),
                format!("track {} leads back to where it starts", t.display_name()),
            ));
        }
        let (Some(from), Some(to)) = (ends[0], ends[1]) else {
            continue;
        };
        if t.spaces == 0 || spaces.len() + t.spaces as usize > usize::from(u16::MAX) {
            continue;
        }
        let first = spaces.len() as u16;
        let len = t.spaces as u16;
        for k in 0..len {
            let mut neighbours = SmallVec::new();
            if k > 0 {
                neighbours.push(first + k - 1);
            }
            if k + 1 < len {
                neighbours.push(first + k + 1);
            }
            let at_station = (k == 0 && matches!(from, End::Station(_)))
                || (k + 1 == len && matches!(to, End::Station(_)));
            spaces.push(Space {
                track: tracks.len() as u16,
                neighbours,
                at_station,
            });
        }
        tracks.push(Track {
            from,
            to,
            first,
            len,
            name: t.display_name(),
            bends: t.bends.0.clone(),
        });
    }
    // Across junctions: the end spaces of every track meeting there.
    for j in 0..junctions.len() as u16 {
        let ends: Vec<u16> = tracks
            .iter()
            .flat_map(|t| {
                let mut v: SmallVec<[u16; 2]> = SmallVec::new();
                if t.from == End::Junction(j) {
                    v.push(t.first);
                }
                if t.to == End::Junction(j) {
                    v.push(t.first + t.len - 1);
                }
                v
            })
            .collect();
        for &a in &ends {
            for &b in &ends {
                if a != b && !spaces[usize::from(a)].neighbours.contains(&b) {
                    spaces[usize::from(a)].neighbours.push(b);
                }
            }
        }
    }
    (tracks, spaces)
}

pub(super) fn build_groups(tracks: &[Track], spaces: &[Space]) -> (Vec<Group>, Vec<u16>) {
    let mut space_group = vec![u16::MAX; spaces.len()];
    let mut groups: Vec<Group> = Vec::new();
    for start in 0..spaces.len() {
        if space_group[start] != u16::MAX {
            continue;
        }
        let id = groups.len() as u16;
        let mut stack = vec![start as u16];
        space_group[start] = id;
        let mut members = Vec::new();
        while let Some(s) = stack.pop() {
            members.push(s);
            for &n in &spaces[usize::from(s)].neighbours {
                if space_group[usize::from(n)] == u16::MAX {
                    space_group[usize::from(n)] = id;
                    stack.push(n);
                }
            }
        }
        members.sort_unstable();
        let mut tr: SmallVec<[u16; 4]> = SmallVec::new();
        let mut st: SmallVec<[u16; 4]> = SmallVec::new();
        for &s in &members {
            let t = spaces[usize::from(s)].track;
            if !tr.contains(&t) {
                tr.push(t);
                for e in [tracks[usize::from(t)].from, tracks[usize::from(t)].to] {
                    if let End::Station(x) = e
                        && !st.contains(&x)
                    {
                        st.push(x);
                    }
                }
            }
        }
        st.sort_unstable();
        groups.push(Group {
            spaces: members,
            stations: st,
            tracks: tr,
            name: String::new(),
        });
    }
    (groups, space_group)
}

pub(super) fn check_reachable(stations: &[Station], groups: &[Group], d: &mut Diagnostics) {
    for (i, s) in stations.iter().enumerate() {
        let reached = groups
            .iter()
            .any(|g| g.stations.len() >= 2 && g.stations.contains(&(i as u16)));
        if !reached {
            d.push(
                err(
                    Code::DiceUnreachable,
                    format!("stations[{i}]"),
                    format!(
                        "no delivery can reach {}: no track joins it to another station",
                        s.name
                    ),
                )
                .fix("draw a track from it to another station"),
            );
        }
    }
}

/// Are two stations joined through groups of track?
pub(super) fn joined(groups: &[Group], stations: usize, a: u16, b: u16) -> bool {
    let mut seen = vec![false; stations];
    let mut stack = vec![a];
    seen[usize::from(a)] = true;
    while let Some(x) = stack.pop() {
        if x == b {
            return true;
        }
        for g in groups.iter().filter(|g| g.stations.contains(&x)) {
            for &y in &g.stations {
                if !seen[usize::from(y)] {
                    seen[usize::from(y)] = true;
                    stack.push(y);
                }
            }
        }
    }
    false
}

/// Names each group by its stations, numbering groups that join the same ones.
pub(super) fn name_groups(design: &mut DiceDesign) {
    let mut used: Vec<String> = Vec::new();
    for g in &mut design.groups {
        let base = g
            .stations
            .iter()
            .map(|&s| design.stations[usize::from(s)].name.as_str())
            .collect::<Vec<_>>()
            .join(" - ");
        let mut name = base.clone();
        let mut n = 1;
        while used.contains(&name) {
            n += 1;
            name = format!("{base} ({n})");
        }
        used.push(name.clone());
        g.name = name;
    }
}
