//! The dice rules of a design checked: faces that let a game end, the goods
//! decks, their chains, and the supplies at every player count.

use super::*;

/// A game ends when the points supply runs out, and points are paid only by
/// deliveries, which need trains on the tracks: a die with no train face
/// (locked or not) never fills a track, so no game could end.
pub(super) fn check_faces(rules: &DiceRules, d: &mut Diagnostics) {
    if !rules
        .dice
        .faces
        .iter()
        .any(|f| matches!(f, Face::Train | Face::LockedTrain))
    {
        d.push(
            err(
                Code::DiceSupply,
                "rules.dice.faces".into(),
                "the dice have no train face: no track is ever filled, no delivery pays points, so the points supply never runs out and no game ends".into(),
            )
            .fix("give the dice a `train` face, e.g. [coin, hotel, mine, ranch, train, locked-train]"),
        );
    }
}

pub(super) fn check_goods(rules: &DiceRules, d: &mut Diagnostics) -> Vec<Good> {
    if rules.goods.len() > MAX_GOODS || rules.goods.is_empty() {
        d.push(err(
            Code::EngineLimit,
            "rules.goods".into(),
            format!(
                "a dice design has 1 to {MAX_GOODS} goods decks, not {}",
                rules.goods.len()
            ),
        ));
    }
    rules
        .goods
        .iter()
        .map(|(name, g)| Good {
            name: name.clone(),
            cards: g.cards,
            monopoly: g.monopoly,
        })
        .collect()
}

pub(super) fn check_chains(
    rules: &DiceRules,
    goods: &[Good],
    d: &mut Diagnostics,
) -> [Vec<SmallVec<[u8; 2]>>; 3] {
    let raw = [&rules.chains.hotel, &rules.chains.mine, &rules.chains.ranch];
    let mut out: [Vec<SmallVec<[u8; 2]>>; 3] = Default::default();
    let mut starts: Vec<u8> = Vec::new();
    for (b, stages) in Building::ALL.into_iter().zip(raw) {
        let path = format!("rules.chains.{}", b.name());
        if stages.first().is_none_or(|s| s.is_empty()) {
            d.push(
                err(
                    Code::DiceChain,
                    path.clone(),
                    format!("the {} has no goods to start with", b.name()),
                )
                .fix("give it a first stage, e.g. [[cattle], [food], [gold]]"),
            );
        }
        let mut seen: Vec<u8> = Vec::new();
        for (si, stage) in stages.iter().enumerate() {
            let mut ids = SmallVec::new();
            for (gi, name) in stage.iter().enumerate() {
                match goods.iter().position(|g| &g.name == name) {
                    None => d.push(err(
                        Code::DiceChain,
                        format!("{path}[{si}][{gi}]"),
                        format!(
                            "the {} chain names `{name}`, which is not a goods deck (a dead end)",
                            b.name()
                        ),
                    )),
                    Some(g) => {
                        let g = g as u8;
                        if seen.contains(&g) {
                            d.push(err(
                                Code::DiceChain,
                                format!("{path}[{si}][{gi}]"),
                                format!("the {} chain loops back to `{name}`", b.name()),
                            ));
                        }
                        seen.push(g);
                        ids.push(g);
                    }
                }
            }
            if si == 0 {
                for &g in &ids {
                    if starts.contains(&g) {
                        d.push(err(
                            Code::DiceChain,
                            path.clone(),
                            format!(
                                "`{}` starts on two buildings; a deck lies on one building",
                                goods[usize::from(g)].name
                            ),
                        ));
                    }
                    starts.push(g);
                }
                if ids.len() > 1 {
                    d.push(err(
                        Code::DiceChain,
                        format!("{path}[0]"),
                        format!("the {} must start with one good", b.name()),
                    ));
                }
            }
            out[b.index()].push(ids);
        }
    }
    out
}

pub(super) fn check_supplies(rules: &DiceRules, d: &mut Diagnostics) {
    let p = rules.players;
    if p.min < 1 || p.min > p.max || usize::from(p.max) > MAX_PLAYERS {
        d.push(err(
            Code::DiceSupply,
            "rules.players".into(),
            format!(
                "players {}–{} is not a range of 1 to {MAX_PLAYERS}",
                p.min, p.max
            ),
        ));
    }
    for n in p.min..=p.max.min(MAX_PLAYERS as u8) {
        match rules.points.supply.get(&n) {
            None => d.push(
                err(
                    Code::DiceSupply,
                    "rules.points.supply".into(),
                    format!(
                        "no victory-point supply for {}",
                        crate::words::count(n, "player")
                    ),
                )
                .fix(format!("add `{n}: …` under rules.points.supply")),
            ),
            Some(&s) if u32::from(s) <= u32::from(n) * u32::from(rules.points.start) => {
                d.push(err(
                    Code::DiceSupply,
                    "rules.points.supply".into(),
                    format!(
                        "the supply of {} for {} does not cover the {} dealt at setup",
                        crate::words::count(s, "point"),
                        crate::words::count(n, "player"),
                        crate::words::count(u32::from(n) * u32::from(rules.points.start), "point")
                    ),
                ))
            }
            Some(_) => {}
        }
    }
    let dice = &rules.dice;
    if dice.faces.is_empty() {
        d.push(err(
            Code::DiceSupply,
            "rules.dice.faces".into(),
            "the dice have no faces".into(),
        ));
    }
    if dice.rolled == 0 || dice.rolled > dice.per_player || dice.per_player > 15 {
        d.push(err(
            Code::DiceSupply,
            "rules.dice.rolled".into(),
            format!(
                "{} rolled a turn out of {} per player: rolled must be 1 to the dice per player (at most 15)",
                crate::words::count_with(dice.rolled, "die", "dice"),
                dice.per_player
            ),
        ));
    }
    if dice.bonus > 15 || dice.build_set == 0 {
        d.push(err(
            Code::DiceSupply,
            "rules.dice".into(),
            "at most 15 bonus dice, and a building needs at least one face".into(),
        ));
    }
    if rules.coins.start > rules.coins.max || rules.coins.reroll_cost == 0 {
        d.push(err(
            Code::DiceSupply,
            "rules.coins".into(),
            "coins at the start above the most a player may hold, or free re-rolls".into(),
        ));
    }
    if rules.specials.keep > rules.specials.dealt {
        d.push(err(
            Code::DiceSupply,
            "rules.specials.keep".into(),
            "more special cards kept than dealt".into(),
        ));
    }
}
