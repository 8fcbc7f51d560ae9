//! A validated card-game design: its rules, deck, tickets and Big Cities,
//! with names resolved to indices, built from a design file by [`build`],
//! which says everything wrong with it (`docs/diagnostics.md`, TL040–TL043
//! and TL140–TL142, besides the shared TL006, TL012, TL016 and TL116).

use formats::GameFile;
use formats::card_game::{CardRules, CardTieBreak};

use super::cards::{Counts, MAX_COLORS};
use crate::diagnostics::keys;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};
use crate::words::count;

/// Most players the engine seats.
pub const MAX_PLAYERS: usize = 8;
/// Most tickets offered at once (a choice is a bit mask).
pub const MAX_OFFER: usize = 16;

/// A ticket of the card game.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticket {
    /// `From - To`.
    pub name: String,
    /// The two cities it names.
    pub cities: [String; 2],
    /// Points won when completed, lost when not.
    pub points: i32,
    /// Cards of each colour it needs (locomotives stand in for any).
    pub needs: Counts,
    /// Cards it needs in all.
    pub size: u8,
}

/// A Big City bonus card, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct BigCity {
    /// The city.
    pub name: String,
    /// Its points.
    pub points: i32,
}

/// A validated card-game design, shared by every game on it.
#[derive(Clone, Debug)]
pub struct CardDesign {
    /// The design's name.
    pub name: String,
    /// Every rule parameter.
    pub rules: CardRules,
    /// Colour names, in deck order (card kind `i`; the locomotive is kind
    /// `colors.len()`).
    pub colors: Vec<String>,
    /// Cards of each kind in the deck.
    pub deck: Counts,
    /// The tickets.
    pub tickets: Vec<Ticket>,
    /// The Big City bonus cards.
    pub big_cities: Vec<BigCity>,
    /// For each ticket, a bit per Big City it names.
    pub ticket_cities: Vec<u32>,
}

impl CardDesign {
    /// The locomotive's card kind.
    #[inline]
    pub fn loco(&self) -> usize {
        self.colors.len()
    }

    /// Card kinds in play (colours and the locomotive).
    #[inline]
    pub fn kinds(&self) -> usize {
        self.colors.len() + 1
    }

    /// A card kind's name (`red`, `locomotive`).
    pub fn kind_name(&self, kind: usize) -> &str {
        self.colors.get(kind).map_or("locomotive", String::as_str)
    }

    /// The kind a name means (`locomotive` or a colour).
    pub fn kind_of(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        if name == "locomotive" || name == "locomotives" {
            return Some(self.loco());
        }
        self.colors.iter().position(|c| c == name)
    }

    /// A ticket by its name (`From - To`, either way round).
    pub fn ticket_by_name(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        self.tickets
            .iter()
            .position(|t| t.name == name)
            .or_else(|| {
                let (a, b) = name.split_once(" - ")?;
                self.tickets
                    .iter()
                    .position(|t| t.cities[0] == b.trim() && t.cities[1] == a.trim())
            })
    }

    /// The tie-break order.
    pub fn tie_break(&self) -> &[CardTieBreak] {
        &self.rules.tie_break
    }
}

/// Keys of `rules:` and `cards:` that no card-game parameter has: ignored,
/// and reported as TL116 warnings, as in every family.
fn unknown_rule_keys(file: &GameFile, diags: &mut Diagnostics) {
    let (preset, _) = formats::card_game::preset_sections();
    let shape = keys::Shape {
        keyed_by_data: &["deals"],
        open: &[],
    };
    let mut unknown = Vec::new();
    keys::unknown_keys(&file.rules, &preset, "rules", &shape, &mut unknown);
    keys::unknown_item_keys(
        file.rules.get("big_cities"),
        "rules.big_cities",
        &["city", "points"],
        &mut unknown,
    );
    keys::unknown_card_keys(&file.cards, &mut unknown);
    for u in &unknown {
        diags.push(keys::warning(u));
    }
}

/// Builds a card-game design, or says everything that stops it; warnings are
/// added to `diags` either way.
pub fn build(file: &GameFile, diags: &mut Diagnostics) -> Option<CardDesign> {
    unknown_rule_keys(file, diags);
    let (rules, deck) = match formats::card_game::resolve(&file.rules, &file.cards) {
        Ok(r) => r,
        Err(e) => {
            diags.push(Diagnostic::unresolved_rules(&e));
            return None;
        }
    };
    let errors_before = diags.count(crate::Severity::Error);
    let colors = deck.colors_in_play();
    if colors.len() > MAX_COLORS {
        diags.push(
            Diagnostic::new(
                Code::EngineLimit,
                format!(
                    "the deck has {}; the card game plays at most {MAX_COLORS}",
                    count(colors.len(), "colour")
                ),
            )
            .at("cards.colors")
            .object(ObjectRef::Cards),
        );
        return None;
    }
    for c in &colors {
        if c == "gray" || c == "locomotive" {
            diags.push(
                Diagnostic::new(
                    Code::RuleContradiction,
                    format!("`{c}` cannot be a deck colour"),
                )
                .at(format!("cards.colors.{c}"))
                .object(ObjectRef::Cards),
            );
        }
    }
    let mut counts = Counts::default();
    for (i, c) in colors.iter().enumerate() {
        counts.0[i] = deck.colors[c];
    }
    counts.0[colors.len()] = deck.locomotives;
    let deck_total: u32 = deck.total();

    check_rules(&rules, &counts, colors.len(), deck_total, diags);

    let mut tickets = Vec::with_capacity(file.tickets.len());
    for (i, t) in file.tickets.iter().enumerate() {
        let mut needs = Counts::default();
        let mut size: u32 = 0;
        for (color, &n) in &t.cards {
            match colors.iter().position(|c| c == color) {
                Some(k) => {
                    needs.0[k] = needs.0[k].saturating_add(n);
                    size += u32::from(n);
                }
                None => diags.push(
                    Diagnostic::new(
                        Code::UnknownColor,
                        format!(
                            "ticket {} needs `{color}` cards, which the deck does not have",
                            t.display_name()
                        ),
                    )
                    .at(format!("tickets[{i}].cards.{color}"))
                    .object(ObjectRef::Ticket(i))
                    .fix(format!(
                        "use one of the deck's colours: {}",
                        colors.join(", ")
                    )),
                ),
            }
        }
        if t.from == t.to {
            diags.push(
                Diagnostic::new(
                    Code::TicketSelf,
                    format!("ticket {} goes from a city to itself", t.display_name()),
                )
                .at(format!("tickets[{i}].to"))
                .object(ObjectRef::Ticket(i)),
            );
        }
        if size == 0 {
            diags.push(
                Diagnostic::new(
                    Code::TrivialTicket,
                    format!(
                        "ticket {} needs no cards: every player holding it completes it",
                        t.display_name()
                    ),
                )
                .at(format!("tickets[{i}].cards"))
                .object(ObjectRef::Ticket(i))
                .fix("list the cards it needs, e.g. `cards: {red: 2, blue: 1}`"),
            );
        }
        for (k, name) in colors.iter().enumerate() {
            let have = u32::from(counts.0[k]) + u32::from(deck.locomotives);
            if u32::from(needs.0[k]) > have {
                diags.push(
                    Diagnostic::new(
                        Code::TicketBeyondDeck,
                        format!(
                            "ticket {} needs {}; the deck has {} {name} and {}",
                            t.display_name(),
                            count(needs.0[k], &format!("{name} card")),
                            counts.0[k],
                            count(deck.locomotives, "locomotive")
                        ),
                    )
                    .at(format!("tickets[{i}].cards.{name}"))
                    .object(ObjectRef::Ticket(i)),
                );
            }
        }
        if size > deck_total {
            diags.push(
                Diagnostic::new(
                    Code::TicketBeyondDeck,
                    format!(
                        "ticket {} needs {}; the deck has {deck_total}",
                        t.display_name(),
                        count(size, "card")
                    ),
                )
                .at(format!("tickets[{i}].cards"))
                .object(ObjectRef::Ticket(i)),
            );
        }
        let reach = per_player_reach(&rules, deck_total);
        if size > reach && size <= deck_total {
            diags.push(
                Diagnostic::new(
                    Code::TicketOutOfReach,
                    format!(
                        "ticket {} needs {}; with {} a player sees about {} in a deal",
                        t.display_name(),
                        count(size, "card"),
                        count(rules.players.max, "player"),
                        count(reach, "card")
                    ),
                )
                .at(format!("tickets[{i}].cards"))
                .object(ObjectRef::Ticket(i)),
            );
        }
        let points = i32::try_from(t.points).unwrap_or(i32::MAX);
        tickets.push(Ticket {
            name: t.display_name(),
            cities: [t.from.clone(), t.to.clone()],
            points,
            needs,
            size: u8::try_from(size).unwrap_or(u8::MAX),
        });
    }

    let max_players = usize::from(rules.players.max);
    let setup_tickets = max_players * usize::from(rules.tickets.setup.dealt);
    if tickets.len() < setup_tickets {
        diags.push(
            Diagnostic::new(
                Code::CardTicketsTooFew,
                format!(
                    "{} {} dealt {} each ({setup_tickets} in all); the design has {}",
                    count(rules.players.max, "player"),
                    crate::words::verb(rules.players.max, "is", "are"),
                    count(rules.tickets.setup.dealt, "ticket"),
                    tickets.len()
                ),
            )
            .at("tickets")
            .object(ObjectRef::Rule("tickets.setup.dealt".into())),
        );
    }
    if tickets.len() > usize::from(u16::MAX) {
        diags.push(
            Diagnostic::new(
                Code::EngineLimit,
                format!(
                    "{}; the engine holds at most 65535",
                    count(tickets.len(), "ticket")
                ),
            )
            .at("tickets"),
        );
    }
    if rules.big_cities.len() > 32 {
        diags.push(
            Diagnostic::new(
                Code::EngineLimit,
                format!(
                    "{} Big Cities; the engine holds at most 32",
                    rules.big_cities.len()
                ),
            )
            .at("rules.big_cities"),
        );
        return None;
    }
    let mut big_cities = Vec::new();
    for (i, b) in rules.big_cities.iter().enumerate() {
        if !tickets.iter().any(|t| t.cities.contains(&b.city)) {
            diags.push(
                Diagnostic::new(
                    Code::BigCityUnnamed,
                    format!(
                        "Big City `{}` is on no ticket: its bonus can never be won",
                        b.city
                    ),
                )
                .at(format!("rules.big_cities[{i}].city"))
                .object(ObjectRef::Rule(format!("big_cities[{i}]"))),
            );
        }
        big_cities.push(BigCity {
            name: b.city.clone(),
            points: b.points,
        });
    }
    let ticket_cities = tickets
        .iter()
        .map(|t| {
            big_cities
                .iter()
                .enumerate()
                .filter(|(_, b)| t.cities.contains(&b.name))
                .fold(0u32, |m, (i, _)| m | 1 << i)
        })
        .collect();

    if diags.count(crate::Severity::Error) > errors_before {
        return None;
    }
    Some(CardDesign {
        name: file.name.clone(),
        rules,
        colors,
        deck: counts,
        tickets,
        big_cities,
        ticket_cities,
    })
}

/// About how many cards one player sees in a deal: their hand plus an even
/// share of the deck (every card of the deck ends in someone's hand or the
/// display).
fn per_player_reach(rules: &CardRules, deck_total: u32) -> u32 {
    let players = u32::from(rules.players.max.max(1));
    deck_total / players
}

/// Checks the rule parameters against each other and the deck.
fn check_rules(
    rules: &CardRules,
    deck: &Counts,
    colors: usize,
    deck_total: u32,
    diags: &mut Diagnostics,
) {
    let contradiction = |path: &str, msg: String| {
        Diagnostic::new(Code::RuleContradiction, msg)
            .at(format!("rules.{path}"))
            .object(ObjectRef::Rule(path.to_owned()))
    };
    let p = rules.players;
    if p.min < 1 || p.min > p.max {
        diags.push(contradiction(
            "players",
            format!("players from {} to {}: no table fits", p.min, p.max),
        ));
    }
    if usize::from(p.max) > MAX_PLAYERS {
        diags.push(
            Diagnostic::new(
                Code::EngineLimit,
                format!(
                    "up to {}; the engine seats at most {MAX_PLAYERS}",
                    count(p.max, "player")
                ),
            )
            .at("rules.players.max"),
        );
    }
    for (path, deal) in [
        ("tickets.setup", rules.tickets.setup),
        ("tickets.draw", rules.tickets.draw),
    ] {
        if deal.keep > deal.dealt {
            diags.push(contradiction(
                &format!("{path}.keep"),
                format!(
                    "keep at least {} of {}: impossible",
                    deal.keep,
                    count(deal.dealt, "ticket")
                ),
            ));
        }
        if usize::from(deal.dealt) > MAX_OFFER {
            diags.push(
                Diagnostic::new(
                    Code::EngineLimit,
                    format!(
                        "{} offered at once; the engine offers at most {MAX_OFFER}",
                        count(deal.dealt, "ticket")
                    ),
                )
                .at(format!("rules.{path}.dealt")),
            );
        }
    }
    let loco = deck.0[colors];
    let max = u32::from(p.max);
    let locos_needed = max * u32::from(rules.locomotives_dealt);
    if locos_needed > u32::from(loco) {
        diags.push(
            Diagnostic::new(
                Code::CardDeckTooSmall,
                format!(
                    "{} {} {} each ({locos_needed} in all); the deck has {loco}",
                    count(p.max, "player"),
                    crate::words::verb(p.max, "gets", "get"),
                    count(rules.locomotives_dealt, "locomotive")
                ),
            )
            .at("rules.locomotives_dealt")
            .object(ObjectRef::Cards),
        );
    }
    let dealt = max * (u32::from(rules.initial_hand) + u32::from(rules.locomotives_dealt))
        + u32::from(rules.display.size);
    if dealt > deck_total {
        diags.push(
            Diagnostic::new(
                Code::CardDeckTooSmall,
                format!(
                    "{} {} dealt {} each and {} lie face up ({dealt} in all); the deck has {deck_total}",
                    count(p.max, "player"),
                    crate::words::verb(p.max, "is", "are"),
                    count(
                        u32::from(rules.initial_hand) + u32::from(rules.locomotives_dealt),
                        "card"
                    ),
                    rules.display.size
                ),
            )
            .at("rules.initial_hand")
            .object(ObjectRef::Cards)
            .fix("deal fewer cards, show fewer face up, or add cards to the deck"),
        );
    }
    let next = max * u32::from(rules.next_deal_hand) + u32::from(rules.display.size);
    if rules.deals.values().any(|&d| d > 1) && next > deck_total {
        diags.push(
            Diagnostic::new(
                Code::CardDeckTooSmall,
                format!(
                    "a later deal gives {} to each of {} and shows {}; the deck has {deck_total}",
                    count(rules.next_deal_hand, "card"),
                    count(p.max, "player"),
                    rules.display.size
                ),
            )
            .at("rules.next_deal_hand")
            .object(ObjectRef::Cards),
        );
    }
    if rules.draws_per_turn == 0 {
        diags.push(
            Diagnostic::new(
                Code::CardRulesCannotEnd,
                "players draw no train cards, so the deck never runs out and a deal never ends",
            )
            .at("rules.draws_per_turn")
            .object(ObjectRef::Rule("draws_per_turn".into()))
            .fix("let players draw at least 1 card a turn (the rulebook: 2)"),
        );
    }
    if rules.rail_yard.same_color_min == 0 {
        diags.push(
            Diagnostic::new(
                Code::CardRulesCannotEnd,
                "a Rail Yard row of 0 cards: playing nothing would be a turn",
            )
            .at("rules.rail_yard.same_color_min")
            .object(ObjectRef::Rule("rail_yard.same_color_min".into())),
        );
    }
    if usize::from(rules.rail_yard.mixed_colors) > colors {
        diags.push(
            Diagnostic::new(
                Code::CardRulesCannotEnd,
                format!(
                    "a mixed play of {}, but the deck has {colors}",
                    count(rules.rail_yard.mixed_colors, "colour")
                ),
            )
            .at("rules.rail_yard.mixed_colors")
            .object(ObjectRef::Rule("rail_yard.mixed_colors".into())),
        );
    }
    for (&players, &deals) in &rules.deals {
        if deals == 0 {
            diags.push(
                Diagnostic::new(
                    Code::CardRulesCannotEnd,
                    format!(
                        "{} {} 0 deals: there is no game",
                        count(players, "player"),
                        crate::words::verb(players, "plays", "play")
                    ),
                )
                .at(format!("rules.deals.{players}"))
                .object(ObjectRef::Rule(format!("deals.{players}"))),
            );
        }
    }
    if rules.tie_break.len()
        != rules
            .tie_break
            .iter()
            .collect::<std::collections::HashSet<_>>()
            .len()
    {
        diags.push(contradiction(
            "tie_break",
            "a tie-break is listed twice".into(),
        ));
    }
}
