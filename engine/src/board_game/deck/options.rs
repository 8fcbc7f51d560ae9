//! What the designer sets for a deck, and the defaults read off the official
//! decks (USA and Europe, bundled in `maps/`): how many tickets per place,
//! how their lengths spread over short / medium / long bands relative to the
//! map's diameter, how many tickets may name one city, Europe's long tickets.
//! [`Plan::new`] turns the options into the numbers for one map, or says
//! which option the map cannot honour.

use std::sync::OnceLock;

use formats::GameFile;

use super::DeckError;
use super::space::Space;
use crate::words;

/// Where the bands end, as fractions of the map's diameter: a ticket shorter
/// than `short_below × diameter` is short, one from `long_from × diameter` on
/// is long, the rest medium.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BandEdges {
    /// Short tickets end here.
    pub short_below: f64,
    /// Long tickets start here.
    pub long_from: f64,
}

/// The default band edges: thirds of the diameter.
pub const EDGES: BandEdges = BandEdges {
    short_below: 1.0 / 3.0,
    long_from: 2.0 / 3.0,
};

/// The three bands.
pub const BANDS: [&str; 3] = ["short", "medium", "long"];

impl BandEdges {
    /// The band (0 short, 1 medium, 2 long) of a length on a map of
    /// `diameter`.
    pub fn band(&self, length: u32, diameter: u32) -> usize {
        let f = f64::from(length) / f64::from(diameter.max(1));
        if f < self.short_below {
            0
        } else if f < self.long_from {
            1
        } else {
            2
        }
    }
}

/// How a ticket's points follow from its length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PointsRule {
    /// The car spaces of its shortest path (the official maps' rule, which
    /// the validator's TL104 checks).
    Shortest,
    /// `round(per_space × length + plus)`, at least 1.
    Linear {
        /// Points per car space.
        per_space: f64,
        /// Points added.
        plus: f64,
    },
}

impl PointsRule {
    /// The points of a ticket of `length` car spaces.
    pub fn points(&self, length: u32) -> u32 {
        match *self {
            PointsRule::Shortest => length,
            PointsRule::Linear { per_space, plus } => {
                (per_space * f64::from(length) + plus).round().max(1.0) as u32
            }
        }
    }

    /// Reads `shortest` or `linear:A,B` (A points per car space, plus B).
    pub fn parse(text: &str) -> Result<PointsRule, String> {
        let t = text.trim();
        if t == "shortest" {
            return Ok(PointsRule::Shortest);
        }
        let bad = || {
            format!(
                "`{t}` is not a points rule: give `shortest` or `linear:A,B` (A points per car space plus B, A > 0)"
            )
        };
        let (a, b) = t
            .strip_prefix("linear:")
            .and_then(|v| v.split_once(','))
            .ok_or_else(bad)?;
        match (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
            (Ok(a), Ok(b)) if a.is_finite() && b.is_finite() && a > 0.0 => Ok(PointsRule::Linear {
                per_space: a,
                plus: b,
            }),
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for PointsRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PointsRule::Shortest => write!(f, "shortest"),
            PointsRule::Linear { per_space, plus } => write!(f, "linear:{per_space},{plus}"),
        }
    }
}

/// What the designer sets; `None` takes the default for the map.
#[derive(Clone, Debug, PartialEq)]
pub struct DeckOptions {
    /// Regular tickets (default: scaled to the places as the official deck
    /// the map follows, [`Reference::model`]).
    pub count: Option<usize>,
    /// The band edges.
    pub edges: BandEdges,
    /// Shares of the regular tickets in the short, medium and long bands
    /// (default: as the official deck the map follows, [`Reference::model`]);
    /// they need not add to 1.
    pub shares: Option<[f64; 3]>,
    /// Tickets that may name one place (default: scaled from the official decks).
    pub max_per_city: Option<usize>,
    /// Whether well-connected places may be named more often than others
    /// (as the official decks name Los Angeles and New York).
    pub hubs: bool,
    /// Long tickets (default: one more than a full table is dealt, where the
    /// rules deal them; 0 where they do not).
    pub long_count: Option<usize>,
    /// The shortest long ticket, as a fraction of the diameter (default: as
    /// Europe's).
    pub long_min: Option<f64>,
    /// The longest long ticket, as a fraction of the diameter (default: as
    /// Europe's longest).
    pub long_max: Option<f64>,
    /// Tickets of the design (`From - To`) that stay as they are.
    pub locked: Vec<String>,
    /// How points follow from lengths.
    pub points: PointsRule,
    /// Let the simulation move ticket points (the `ticket-points` knob and a
    /// `ticket-value` target).
    pub adjust_points: bool,
    /// The seed of every choice.
    pub seed: u64,
}

impl Default for DeckOptions {
    fn default() -> Self {
        DeckOptions {
            count: None,
            edges: EDGES,
            shares: None,
            max_per_city: None,
            hubs: true,
            long_count: None,
            long_min: None,
            long_max: None,
            locked: Vec::new(),
            points: PointsRule::Shortest,
            adjust_points: false,
            seed: 1,
        }
    }
}

/// An official deck's figures, the defaults' source.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// The map's name (`USA`).
    pub name: &'static str,
    /// Places tickets may name.
    pub places: usize,
    /// The map's diameter.
    pub diameter: u32,
    /// Regular tickets.
    pub regular: usize,
    /// Long tickets.
    pub long: usize,
    /// Shares of the regular tickets per band at [`EDGES`].
    pub shares: [f64; 3],
    /// The most tickets naming one place, over the mean per place.
    pub max_over_mean: f64,
    /// The shortest long ticket's length over the diameter.
    pub long_min: Option<f64>,
    /// The longest long ticket's length over the diameter.
    pub long_max: Option<f64>,
    /// The shortest regular ticket's length over the diameter.
    pub min_length: f64,
}

impl Reference {
    fn of(name: &'static str, text: &str) -> Reference {
        let file = formats::load_str(text, std::path::Path::new(name))
            .map(|l| l.design)
            .unwrap_or_default();
        let space = Space::of(&file, 1);
        let mut shares = [0.0; 3];
        let mut named = vec![0usize; space.spots.len()];
        let (mut regular, mut long, mut long_min, mut long_max) = (0, 0, None::<u32>, None::<u32>);
        let mut shortest = u32::MAX;
        for t in &file.tickets {
            let Some(p) = space.pair_named(&t.from, &t.to) else {
                continue;
            };
            let pair = &space.pairs[p];
            named[pair.a] += 1;
            named[pair.b] += 1;
            if t.long {
                long += 1;
                long_min = Some(long_min.map_or(pair.length, |m| m.min(pair.length)));
                long_max = Some(long_max.map_or(pair.length, |m| m.max(pair.length)));
            } else {
                regular += 1;
                shortest = shortest.min(pair.length);
                shares[EDGES.band(pair.length, space.diameter)] += 1.0;
            }
        }
        for s in &mut shares {
            *s /= regular.max(1) as f64;
        }
        let mean = 2.0 * (regular + long) as f64 / space.spots.len().max(1) as f64;
        Reference {
            name,
            places: space.spots.len(),
            diameter: space.diameter,
            regular,
            long,
            shares,
            max_over_mean: named.iter().copied().max().unwrap_or(0) as f64 / mean.max(1e-9),
            long_min: long_min.map(|m| f64::from(m) / f64::from(space.diameter.max(1))),
            long_max: long_max.map(|m| f64::from(m) / f64::from(space.diameter.max(1))),
            min_length: f64::from(shortest.min(space.diameter)) / f64::from(space.diameter.max(1)),
        }
    }

    /// The official USA and Europe decks.
    pub fn official() -> &'static [Reference; 2] {
        static REFS: OnceLock<[Reference; 2]> = OnceLock::new();
        REFS.get_or_init(|| {
            [
                Reference::of("USA", include_str!("../../../../maps/usa.yaml")),
                Reference::of("Europe", include_str!("../../../../maps/europe.yaml")),
            ]
        })
    }

    /// The official deck a map's defaults follow: Europe's where the rules
    /// deal long tickets, USA's otherwise.
    pub fn model(long_tickets: bool) -> &'static Reference {
        &Reference::official()[usize::from(long_tickets)]
    }

    /// Regular tickets per place.
    pub fn per_place(&self) -> f64 {
        self.regular as f64 / self.places.max(1) as f64
    }

    /// `USA: 36 places, diameter 26, 30 tickets, short 40% / medium 47% / long 13%`.
    pub fn describe(&self) -> String {
        let mut s = format!(
            "{}: {}, diameter {}, {} ({} per place), {}",
            self.name,
            words::count(self.places, "place"),
            self.diameter,
            words::count(self.regular, "ticket"),
            format_args!("{:.2}", self.per_place()),
            shares_text(&self.shares)
        );
        if let Some(m) = self.long_min {
            s.push_str(&format!(
                ", {} long from {:.0}% of the diameter",
                self.long,
                m * 100.0
            ));
        }
        s
    }
}

/// `short 40% / medium 47% / long 13%`.
pub fn shares_text(shares: &[f64; 3]) -> String {
    let sum: f64 = shares.iter().sum::<f64>().max(1e-9);
    BANDS
        .iter()
        .zip(shares)
        .map(|(b, s)| format!("{b} {:.0}%", 100.0 * s / sum))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The options for one map, every default filled in.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The official deck the defaults follow (`USA`, `Europe`).
    pub model: &'static str,
    /// Regular tickets to build (locked ones included).
    pub count: usize,
    /// Regular tickets per band (locked ones included).
    pub per_band: [usize; 3],
    /// The band edges.
    pub edges: BandEdges,
    /// Tickets that may name one place.
    pub max_per_city: usize,
    /// Hubs may be named more often.
    pub hubs: bool,
    /// Long tickets to build.
    pub long_count: usize,
    /// The shortest long ticket in car spaces.
    pub long_min: u32,
    /// The longest long ticket in car spaces.
    pub long_max: u32,
    /// The shortest regular ticket in car spaces (as the official deck's,
    /// relative to the diameter; never above the short band's top).
    pub min_length: u32,
    /// The map's diameter.
    pub diameter: u32,
    /// Points rule.
    pub points: PointsRule,
    /// Indices in the design's tickets of the locked tickets.
    pub locked: Vec<usize>,
}

impl Plan {
    /// The plan for `file`'s map, or the option it cannot honour.
    pub fn new(file: &GameFile, space: &Space, o: &DeckOptions) -> Result<Plan, DeckError> {
        if file.family != formats::Family::Board {
            return Err(DeckError::Family(file.family));
        }
        if space.pairs.is_empty() {
            return Err(DeckError::NoPairs);
        }
        let (rules, _) = formats::board_game::rules::resolve(&file.rules, &file.cards)
            .map_err(|e| DeckError::Rules(format!("{}: {}", e.path, e.message)))?;
        let players = usize::from(rules.players.max);
        let refs = Reference::official();
        let places = space.spots.len();
        let dealt = usize::from(rules.tickets.setup.regular) * players;
        let long_rules = rules.tickets.setup.long > 0 || rules.tickets.draw.long > 0;
        // A map whose rules deal long tickets follows Europe, the others USA.
        let model = Reference::model(long_rules);
        let count = o.count.unwrap_or_else(|| {
            ((places as f64 * model.per_place()).round() as usize).max(dealt + 1)
        });
        if count < dealt {
            return Err(DeckError::TooFew {
                what: "regular",
                count,
                needed: dealt,
            });
        }
        let long_dealt = usize::from(rules.tickets.setup.long) * players;
        let long_count = o
            .long_count
            .unwrap_or(if long_rules { long_dealt + 1 } else { 0 });
        if long_count > 0 && !long_rules {
            return Err(DeckError::NoLongRule(long_count));
        }
        if long_count < long_dealt {
            return Err(DeckError::TooFew {
                what: "long",
                count: long_count,
                needed: long_dealt,
            });
        }
        let long_fraction = o.long_min.unwrap_or_else(|| {
            refs.iter()
                .filter_map(|r| r.long_min)
                .next()
                .unwrap_or(EDGES.long_from)
        });
        if !(0.0..=1.0).contains(&long_fraction) {
            return Err(DeckError::Option(format!(
                "the long tickets' minimum length is a fraction of the diameter from 0 to 1, not {long_fraction}"
            )));
        }
        let long_min = (long_fraction * f64::from(space.diameter)).ceil().max(1.0) as u32;
        let max_fraction = o
            .long_max
            .unwrap_or_else(|| refs.iter().filter_map(|r| r.long_max).next().unwrap_or(1.0));
        if !(0.0..=1.0).contains(&max_fraction) {
            return Err(DeckError::Option(format!(
                "the long tickets' maximum length is a fraction of the diameter from 0 to 1, not {max_fraction}"
            )));
        }
        // A designer's minimum above the official longest keeps its band.
        let long_max = ((max_fraction * f64::from(space.diameter)).floor() as u32)
            .max(if o.long_max.is_some() { 0 } else { long_min });
        if long_max < long_min {
            return Err(DeckError::Option(format!(
                "the long tickets' maximum length ({}) is below their minimum ({long_min})",
                words::count(long_max, "car space")
            )));
        }
        let e = o.edges;
        if !(e.short_below > 0.0 && e.short_below <= e.long_from && e.long_from <= 1.0) {
            return Err(DeckError::Option(format!(
                "band edges must be 0 < short ≤ long ≤ 1 (fractions of the diameter), not {:.2} and {:.2}",
                e.short_below, e.long_from
            )));
        }
        let shares = o.shares.unwrap_or(model.shares);
        if shares.iter().any(|s| !s.is_finite() || *s < 0.0) || shares.iter().sum::<f64>() <= 0.0 {
            return Err(DeckError::Option(
                "band shares must be numbers ≥ 0, not all 0".into(),
            ));
        }
        let per_band = split(count, &shares);
        let short_top = (1..=space.diameter)
            .filter(|&l| e.band(l, space.diameter) == 0)
            .max()
            .unwrap_or(1);
        let min_length = ((model.min_length * f64::from(space.diameter)).floor() as u32)
            .clamp(1, short_top.max(1));
        for (b, n) in per_band.iter().enumerate() {
            let available = space
                .pairs
                .iter()
                .filter(|p| e.band(p.length, space.diameter) == b && p.length >= min_length)
                .count();
            if *n > 0 && available == 0 {
                let range = band_range(&e, b, space.diameter);
                return Err(DeckError::EmptyBand {
                    band: BANDS[b],
                    range: if range == "none" {
                        format!("no length of the diameter {}", space.diameter)
                    } else {
                        format!("{range} car spaces")
                    },
                });
            }
            if *n > available {
                return Err(DeckError::Supply {
                    count: *n,
                    what: format!("{} tickets", BANDS[b]),
                    available,
                });
            }
        }
        let long_available = space
            .pairs
            .iter()
            .filter(|p| (long_min..=long_max).contains(&p.length))
            .count();
        if long_count > long_available {
            return Err(DeckError::Supply {
                count: long_count,
                what: format!("long tickets of {long_min} to {long_max} car spaces"),
                available: long_available,
            });
        }
        let tickets = count + long_count;
        let mean_named = 2.0 * tickets as f64 / places.max(1) as f64;
        let max_per_city = o
            .max_per_city
            .unwrap_or_else(|| (model.max_over_mean * mean_named).ceil().max(2.0) as usize);
        if max_per_city == 0 || 2 * tickets > places * max_per_city {
            return Err(DeckError::Supply {
                count: tickets,
                what: format!("tickets with at most {max_per_city} naming one place"),
                available: places * max_per_city / 2,
            });
        }
        let mut locked = Vec::new();
        for name in &o.locked {
            let i = file
                .tickets
                .iter()
                .position(|t| {
                    t.display_name() == *name || format!("{} - {}", t.to, t.from) == *name
                })
                .ok_or_else(|| DeckError::Lock(name.clone()))?;
            locked.push(i);
        }
        let locked_regular = locked.iter().filter(|&&i| !file.tickets[i].long).count();
        let locked_long = locked.len() - locked_regular;
        if locked_regular > count || locked_long > long_count {
            return Err(DeckError::Option(format!(
                "{} {} not fit a deck of {} and {}",
                words::count(locked.len(), "locked ticket"),
                if locked.len() == 1 { "does" } else { "do" },
                words::count(count, "regular ticket"),
                words::count(long_count, "long ticket")
            )));
        }
        Ok(Plan {
            model: model.name,
            count,
            per_band,
            edges: e,
            max_per_city,
            hubs: o.hubs,
            long_count,
            long_min,
            long_max,
            min_length,
            diameter: space.diameter,
            points: o.points,
            locked,
        })
    }

    /// Whether a regular ticket may be `length` car spaces long.
    pub fn allowed(&self, length: u32) -> bool {
        length >= self.min_length
    }

    /// Whether a long ticket may be `length` car spaces long.
    pub fn long_allowed(&self, length: u32) -> bool {
        (self.long_min..=self.long_max).contains(&length)
    }

    /// The band of a regular ticket of `length`.
    pub fn band(&self, length: u32) -> usize {
        self.edges.band(length, self.diameter)
    }

    /// The plan in words.
    pub fn describe(&self) -> String {
        let mut s = format!(
            "{}: {} short ({}-{}), {} medium ({}), {} long ({}) car spaces; at most {} per place{}",
            words::count(self.count, "regular ticket"),
            self.per_band[0],
            self.min_length,
            band_range(&self.edges, 0, self.diameter)
                .rsplit('-')
                .next()
                .unwrap_or_default(),
            self.per_band[1],
            band_range(&self.edges, 1, self.diameter),
            self.per_band[2],
            band_range(&self.edges, 2, self.diameter),
            self.max_per_city,
            if self.hubs {
                ", hubs may be named more"
            } else {
                ", places named evenly"
            }
        );
        if self.long_count > 0 {
            s.push_str(&format!(
                "; {} of {} to {} car spaces",
                words::count(self.long_count, "long ticket"),
                self.long_min,
                self.long_max
            ));
        }
        s.push_str(&format!(
            "; points: {}; defaults as the official {} deck",
            self.points, self.model
        ));
        s
    }
}

/// A band's lengths in words (`1-8`) on a map of `diameter`.
pub fn band_range(e: &BandEdges, band: usize, diameter: u32) -> String {
    let lengths: Vec<u32> = (1..=diameter)
        .filter(|&l| e.band(l, diameter) == band)
        .collect();
    match (lengths.first(), lengths.last()) {
        (Some(a), Some(b)) => format!("{a}-{b}"),
        _ => "none".into(),
    }
}

/// `count` split by `shares` (largest remainders).
fn split(count: usize, shares: &[f64; 3]) -> [usize; 3] {
    let sum: f64 = shares.iter().sum();
    let exact = shares.map(|s| s / sum * count as f64);
    let mut out = exact.map(|x| x.floor() as usize);
    let mut order = [0, 1, 2];
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())));
    let mut left = count - out.iter().sum::<usize>();
    for b in order {
        if left == 0 {
            break;
        }
        out[b] += 1;
        left -= 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_official_decks_give_the_defaults() {
        let [usa, europe] = Reference::official();
        assert_eq!((usa.regular, usa.long), (30, 0));
        assert_eq!((europe.regular, europe.long), (40, 6));
        assert!(europe.long_min.is_some() && usa.long_min.is_none());
        for r in [usa, europe] {
            assert!((r.shares.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{r:?}");
            assert!(r.max_over_mean > 1.0);
        }
        assert_eq!(split(10, &[1.0, 1.0, 1.0]).iter().sum::<usize>(), 10);
        assert_eq!(
            PointsRule::parse("linear:1.5,2"),
            Ok(PointsRule::Linear {
                per_space: 1.5,
                plus: 2.0
            })
        );
        assert_eq!(
            PointsRule::Linear {
                per_space: 1.5,
                plus: 2.0
            }
            .points(4),
            8
        );
        assert!(PointsRule::parse("sum").unwrap_err().contains("`sum`"));
    }
}
