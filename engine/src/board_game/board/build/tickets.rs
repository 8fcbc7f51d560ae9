//! The tickets of a map: two different places (cities or countries).

use formats::GameFile;

use super::hint;
use super::places::Places;
use crate::board_game::board::{Place, Ticket};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

/// The tickets of `file`, each problem diagnosed; `false` when a ticket could
/// not be built.
pub(super) fn tickets(
    file: &GameFile,
    places: &Places<'_>,
    diags: &mut Diagnostics,
) -> (Vec<Ticket>, bool) {
    let mut tickets = Vec::with_capacity(file.tickets.len());
    let mut tickets_ok = true;
    for (i, t) in file.tickets.iter().enumerate() {
        let obj = ObjectRef::Ticket(i);
        let name = t.display_name();
        let mut end = |field: &str, n: &str| -> Option<Place> {
            let p = places.place(n);
            if p.is_none() {
                diags.push(
                    Diagnostic::new(
                        Code::UnknownName,
                        format!(
                            "ticket {name} names `{n}`, which is neither a city nor a country{}",
                            hint(
                                n,
                                file.cities
                                    .iter()
                                    .map(|c| c.name.as_str())
                                    .chain(file.countries.iter().map(|c| c.name.as_str()))
                            )
                        ),
                    )
                    .at(format!("tickets[{i}].{field}"))
                    .object(obj.clone())
                    .fix("use the name of a city or a country"),
                );
            }
            p
        };
        let from = end("from", &t.from);
        let to = end("to", &t.to);
        match (from, to) {
            (Some(a), Some(b)) if a == b => {
                diags.push(
                    Diagnostic::new(
                        Code::TicketSelf,
                        format!("ticket {name} goes from a place to itself"),
                    )
                    .at(format!("tickets[{i}].to"))
                    .object(obj)
                    .fix("change one end, or delete the ticket"),
                );
                tickets_ok = false;
            }
            (Some(from), Some(to)) => tickets.push(Ticket {
                from,
                to,
                points: i32::try_from(t.points).unwrap_or(i32::MAX),
                long: t.long,
                name,
            }),
            _ => tickets_ok = false,
        }
    }
    (tickets, tickets_ok)
}
