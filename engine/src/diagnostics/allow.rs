//! The design's `allow:` list: warnings and infos a designer silences on
//! purpose, for every object or for one named object. Errors are never
//! silenced. An entry that silences nothing is itself reported (TL117), so
//! the list does not rot when the design changes.

use std::collections::HashSet;

use formats::GameFile;
use formats::suggest::did_you_mean;

use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef, Severity};

/// Every name by which an allow entry may refer to `o`.
fn names_of(file: &GameFile, route_names: &[String], o: &ObjectRef) -> Vec<String> {
    match o {
        ObjectRef::City(i) => file
            .cities
            .get(*i)
            .map(|c| c.name.clone())
            .into_iter()
            .collect(),
        ObjectRef::Country(i) => file
            .countries
            .get(*i)
            .map(|c| c.name.clone())
            .into_iter()
            .collect(),
        ObjectRef::Route(i) => file
            .routes
            .get(*i)
            .map(|r| {
                let mut names = vec![
                    r.display_name(),
                    format!("{} - {} ({})", r.to, r.from, r.color),
                    route_names[*i].clone(),
                ];
                names.extend(r.id.clone());
                names
            })
            .unwrap_or_default(),
        ObjectRef::Ticket(i) => file
            .tickets
            .get(*i)
            .map(|t| vec![t.display_name(), format!("{} - {}", t.to, t.from)])
            .unwrap_or_default(),
        ObjectRef::Region(i) => file
            .terrain
            .regions
            .get(*i)
            .and_then(|r| r.name.clone())
            .into_iter()
            .collect(),
        ObjectRef::Rule(p) => vec![p.clone(), format!("rules.{p}")],
        ObjectRef::Cards => vec!["cards".into()],
        ObjectRef::Color(c) => vec![c.clone()],
    }
}

/// Every object name the design has, for checking entries and suggesting.
fn all_names(file: &GameFile, route_names: &[String]) -> Vec<String> {
    let mut objects: Vec<ObjectRef> = Vec::new();
    objects.extend((0..file.cities.len()).map(ObjectRef::City));
    objects.extend((0..file.countries.len()).map(ObjectRef::Country));
    objects.extend((0..file.routes.len()).map(ObjectRef::Route));
    objects.extend((0..file.tickets.len()).map(ObjectRef::Ticket));
    objects.extend((0..file.terrain.regions.len()).map(ObjectRef::Region));
    objects.extend(
        formats::board_game::rules::PARAMETERS
            .iter()
            .map(|p| ObjectRef::Rule(p.path.to_owned())),
    );
    objects.push(ObjectRef::Cards);
    objects
        .iter()
        .flat_map(|o| names_of(file, route_names, o))
        .collect()
}

/// Drops the warnings and infos the design silences in its `allow:` list, and
/// reports entries that silence nothing (TL117).
pub fn apply_allow_list(file: &GameFile, diags: &mut Diagnostics) {
    if file.allow.is_empty() {
        return;
    }
    let route_names = super::names::route_names(file);
    let entries: Vec<Option<Code>> = file.allow.iter().map(|a| Code::parse(&a.code)).collect();
    let mut used = vec![false; entries.len()];
    diags.0.retain(|d| {
        if d.severity == Severity::Error {
            return true;
        }
        let mut silenced = false;
        for (k, a) in file.allow.iter().enumerate() {
            if entries[k] != Some(d.code) {
                continue;
            }
            let matches = match &a.object {
                None => true,
                Some(name) => d
                    .objects
                    .iter()
                    .any(|o| names_of(file, &route_names, o).iter().any(|n| n == name)),
            };
            if matches {
                used[k] = true;
                silenced = true;
            }
        }
        !silenced
    });

    let names: HashSet<String> = if file.allow.iter().any(|a| a.object.is_some()) {
        all_names(file, &route_names).into_iter().collect()
    } else {
        HashSet::new()
    };
    for (k, a) in file.allow.iter().enumerate() {
        let report = |message: String, field: &str, fix: String| {
            Diagnostic::new(Code::UnusedAllow, message)
                .at(format!("allow[{k}]{field}"))
                .fix(fix)
        };
        let d = match entries[k] {
            None => {
                let codes: Vec<String> = Code::ALL.iter().map(Code::to_string).collect();
                let hint = did_you_mean(&a.code, codes.iter().map(String::as_str));
                report(
                    format!(
                        "allow entry `{}` is not a diagnostic code{}",
                        a.code,
                        hint.map(|h| format!("; did you mean `{h}`?"))
                            .unwrap_or_default()
                    ),
                    ".code",
                    "use a code from docs/diagnostics.md, such as TL104".into(),
                )
            }
            Some(code) if code.severity() == Severity::Error => report(
                format!(
                    "allow entry {code} silences nothing: {code} is an error, and errors cannot be silenced"
                ),
                ".code",
                format!("fix what {code} reports, and remove this entry"),
            ),
            Some(code) => match &a.object {
                Some(name) if !names.contains(name) => {
                    let hint = did_you_mean(name, names.iter().map(String::as_str));
                    report(
                        format!(
                            "allow entry {code} names `{name}`, which is no city, country, route, ticket or rule of the design{}",
                            hint.map(|h| format!("; did you mean `{h}`?"))
                                .unwrap_or_default()
                        ),
                        ".object",
                        "name a city, a route (id or `From - To (colour)`), or a ticket (`From - To`)".into(),
                    )
                }
                _ if used[k] => continue,
                Some(name) => report(
                    format!(
                        "allow entry {code} for `{name}` silences nothing: there is no {code} about it"
                    ),
                    "",
                    "remove the entry; the problem it silenced is gone".into(),
                ),
                None => report(
                    format!("allow entry {code} silences nothing: the design has no {code}"),
                    "",
                    "remove the entry; the problem it silenced is gone".into(),
                ),
            },
        };
        diags.push(d);
    }
}

/// The `allow:` entries of `file` that silence nothing (TL117 about the
/// entry itself or the object it names; an entry whose code is no code or an
/// error is not among them: it is wrong, not stale), by their index in the
/// list. Read from the design's validation, so it agrees with what the
/// designer is shown.
pub fn stale_entries(file: &GameFile) -> HashSet<usize> {
    crate::validate(file)
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::UnusedAllow)
        .filter_map(|d| {
            let (k, field) = d.path.as_deref()?.strip_prefix("allow[")?.split_once(']')?;
            matches!(field, "" | ".object")
                .then(|| k.parse().ok())
                .flatten()
        })
        .collect()
}

/// Drops from `after` the `allow:` entries that a change from `before` left
/// silencing nothing (a new ticket deck names the city an entry excused),
/// keeping those that were already stale: they are the designer's to mend.
/// `after` must have `before`'s allow list. Returns how many were dropped.
pub fn drop_made_stale(before: &GameFile, after: &mut GameFile) -> usize {
    let was = stale_entries(before);
    let now = stale_entries(after);
    let mut k = 0;
    let len = after.allow.len();
    after.allow.retain(|_| {
        let keep = was.contains(&k) || !now.contains(&k);
        k += 1;
        keep
    });
    len - after.allow.len()
}

#[cfg(test)]
mod tests {
    use crate::board_game::design_checks::testing::{check, silent_on_bundled_maps, with};
    use crate::diagnostics::Code;

    const MAP: &str = "cities:
  - {name: Seattle, x: 0, y: 0}
  - {name: Portland, x: 0, y: 60}
  - {name: Boise, x: 80, y: 60}
routes:
  - {from: Seattle, to: Portland, length: 2, color: red}
  - {from: Portland, to: Boise, length: 3, color: blue}
tickets:
  - {from: Seattle, to: Portland, points: 2}
";

    #[test]
    fn a_change_drops_only_the_entries_it_made_stale() {
        let text = format!(
            "{MAP}allow:\n  - {{code: TL103, object: Boise}}\n  - {{code: TL202}}\n  - {{code: TL103, object: Portland}}"
        );
        let before = crate::validate::test_design(&text);
        assert_eq!(super::stale_entries(&before), [2].into());
        let mut after = before.clone();
        after.tickets.push(formats::TicketSpec {
            from: "Seattle".into(),
            to: "Boise".into(),
            ..before.tickets[0].clone()
        });
        assert_eq!(super::drop_made_stale(&before, &mut after), 1);
        let kept: Vec<_> = after.allow.iter().map(|a| a.object.clone()).collect();
        assert_eq!(kept, [None, Some("Portland".to_owned())]);
    }

    #[test]
    fn an_entry_silences_its_code_for_its_object_only() {
        let v = check(MAP);
        assert_eq!(with(&v, Code::CityWithoutTicket).len(), 1);
        let v = check(&format!(
            "{MAP}allow:\n  - {{code: TL103, object: Boise}}\n  - {{code: TL202}}"
        ));
        assert!(with(&v, Code::CityWithoutTicket).is_empty());
        assert!(with(&v, Code::Statistics).is_empty());
        assert!(
            with(&v, Code::UnusedAllow).is_empty(),
            "{:#?}",
            v.diagnostics
        );
        let v = check(&format!(
            "{MAP}allow:\n  - {{code: TL103, object: Seattle}}"
        ));
        assert_eq!(with(&v, Code::CityWithoutTicket).len(), 1);
    }

    #[test]
    fn routes_and_tickets_are_named_either_way_round_or_by_id() {
        let map = MAP.replace("points: 2}", "points: 9}");
        let v = check(&format!(
            "{map}allow:\n  - {{code: TL104, object: Portland - Seattle}}"
        ));
        assert!(
            with(&v, Code::TicketPointsOff).is_empty(),
            "{:#?}",
            v.diagnostics
        );
        assert!(with(&v, Code::UnusedAllow).is_empty());
    }

    #[test]
    fn errors_are_never_silenced() {
        let map = MAP.replace("color: blue", "color: blu");
        let v = check(&format!("{map}allow:\n  - {{code: TL006}}"));
        assert_eq!(with(&v, Code::UnknownColor).len(), 1);
        let d = &with(&v, Code::UnusedAllow)[0];
        assert!(
            d.message.contains("errors cannot be silenced"),
            "{}",
            d.message
        );
        assert_eq!(d.path.as_deref(), Some("allow[0].code"));
    }

    #[test]
    fn tl117_reports_unused_misspelt_and_unknown_entries() {
        let v = check(&format!(
            "{MAP}allow:
  - {{code: TL105}}
  - {{code: TL1O3}}
  - {{code: TL103, object: Boyse}}
  - {{code: TL103, object: Seattle}}"
        ));
        let found: Vec<String> = with(&v, Code::UnusedAllow)
            .into_iter()
            .map(|d| d.message)
            .collect();
        assert_eq!(found.len(), 4, "{found:#?}");
        assert_eq!(
            found[0],
            "allow entry TL105 silences nothing: the design has no TL105"
        );
        assert!(
            found[1].starts_with("allow entry `TL1O3` is not a diagnostic code"),
            "{}",
            found[1]
        );
        assert!(found[2].ends_with("did you mean `Boise`?"), "{}", found[2]);
        assert_eq!(
            found[3],
            "allow entry TL103 for `Seattle` silences nothing: there is no TL103 about it"
        );
    }

    #[test]
    fn tl117_is_silent_on_the_bundled_maps() {
        silent_on_bundled_maps(Code::UnusedAllow);
    }
}
