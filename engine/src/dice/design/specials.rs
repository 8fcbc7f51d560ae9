//! The special cards of a design checked: delivery tickets between joined
//! stations, goods cards naming two goods.

use super::map::joined;
use super::*;

pub(super) fn check_specials(
    file: &GameFile,
    stations: &[Station],
    groups: &[Group],
    goods: &[Good],
    rules: &DiceRules,
    d: &mut Diagnostics,
) -> Vec<Special> {
    let mut out = Vec::new();
    for (i, s) in file.specials.iter().enumerate() {
        let path = format!("specials[{i}]");
        let card = match (s.ticket.as_slice(), s.goods.as_slice()) {
            ([a, b], []) => {
                let ia = stations.iter().position(|x| &x.name == a);
                let ib = stations.iter().position(|x| &x.name == b);
                match (ia, ib) {
                    (Some(ia), Some(ib)) => {
                        let (ia, ib) = (ia as u16, ib as u16);
                        if ia == ib || !joined(groups, stations.len(), ia, ib) {
                            d.push(
                                err(
                                    Code::DiceTicket,
                                    format!("{path}.ticket"),
                                    format!("no chain of deliveries connects {a} and {b}"),
                                )
                                .fix("name two stations the tracks connect"),
                            );
                        }
                        Some(Special::Ticket {
                            a: ia,
                            b: ib,
                            points: s.points.unwrap_or(0),
                        })
                    }
                    _ => {
                        d.push(err(
                            Code::DiceTicket,
                            format!("{path}.ticket"),
                            format!("the ticket {a} - {b} names an unknown station"),
                        ));
                        None
                    }
                }
            }
            ([], [a, b]) => {
                let ga = goods.iter().position(|g| &g.name == a);
                let gb = goods.iter().position(|g| &g.name == b);
                match (ga, gb) {
                    (Some(ga), Some(gb)) => Some(Special::Goods {
                        a: ga as u8,
                        b: gb as u8,
                    }),
                    _ => {
                        d.push(err(
                            Code::DiceChain,
                            format!("{path}.goods"),
                            format!("the goods card {a} + {b} names an unknown good"),
                        ));
                        None
                    }
                }
            }
            _ => {
                d.push(
                    err(
                        Code::DiceTicket,
                        path.clone(),
                        "a special card is a `ticket:` of two stations or a `goods:` of two goods"
                            .into(),
                    )
                    .fix("write `ticket: [Seattle, Detroit]` with `points:`, or `goods: [coal, cattle]`"),
                );
                None
            }
        };
        if let Some(c) = card {
            for _ in 0..s.count {
                out.push(c);
            }
        }
    }
    let need = usize::from(rules.specials.dealt) * usize::from(rules.players.max);
    if out.len() < need {
        d.push(err(
            Code::DiceSupply,
            "specials".into(),
            format!(
                "{} cannot deal {} to each of {}",
                crate::words::count(out.len(), "special card"),
                rules.specials.dealt,
                crate::words::count(rules.players.max, "player")
            ),
        ));
    }
    out
}
