//! The places of a map: countries, then cities (a city may be a location of
//! a country), each name unique among both.

use std::collections::HashMap;

use formats::GameFile;

use super::hint;
use crate::board_game::board::{City, CityId, Country, CountryId, Place};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, ObjectRef};

/// The countries and cities of a file, and their indexes by name.
pub(super) struct Places<'f> {
    /// In file order.
    pub countries: Vec<Country>,
    /// A country's index by its name.
    pub country_index: HashMap<&'f str, usize>,
    /// In file order.
    pub cities: Vec<City>,
    /// A city's index by its name (the first, when two share it).
    pub city_index: HashMap<&'f str, usize>,
}

impl Places<'_> {
    /// The city, or else the country, named `name`.
    pub fn place(&self, name: &str) -> Option<Place> {
        self.city_index
            .get(name)
            .map(|&c| Place::City(CityId::from_index(c)))
            .or_else(|| {
                self.country_index
                    .get(name)
                    .map(|&k| Place::Country(CountryId::from_index(k)))
            })
    }
}

/// Reads the countries and cities of `file`, diagnosing every name.
pub(super) fn places<'f>(file: &'f GameFile, diags: &mut Diagnostics) -> Places<'f> {
    // Countries.
    let mut countries: Vec<Country> = Vec::new();
    let mut country_index: HashMap<&str, usize> = HashMap::new();
    for (i, c) in file.countries.iter().enumerate() {
        if country_index.insert(c.name.as_str(), i).is_some() {
            diags.push(
                Diagnostic::new(
                    Code::DuplicateName,
                    format!("two countries are named `{}`", c.name),
                )
                .at(format!("countries[{i}].name"))
                .object(ObjectRef::Country(i))
                .fix("rename one of them"),
            );
        }
        countries.push(Country {
            name: c.name.clone(),
            locations: Vec::new(),
        });
    }

    // Cities.
    let mut cities = Vec::with_capacity(file.cities.len());
    let mut city_index: HashMap<&str, usize> = HashMap::new();
    for (i, c) in file.cities.iter().enumerate() {
        if c.name.trim().is_empty() {
            diags.push(
                Diagnostic::new(Code::UnknownName, format!("city {} has no name", i + 1))
                    .at(format!("cities[{i}].name"))
                    .object(ObjectRef::City(i))
                    .fix("give every city a unique name"),
            );
        }
        if let Some(&first) = city_index.get(c.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    Code::DuplicateName,
                    format!("two cities are named `{}`", c.name),
                )
                .at(format!("cities[{i}].name"))
                .object(ObjectRef::City(first))
                .object(ObjectRef::City(i))
                .fix("rename one of them; routes and tickets refer to cities by name"),
            );
        } else {
            city_index.insert(c.name.as_str(), i);
        }
        if country_index.contains_key(c.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    Code::DuplicateName,
                    format!("`{}` names both a city and a country", c.name),
                )
                .at(format!("cities[{i}].name"))
                .object(ObjectRef::City(i))
                .fix("tickets could not tell them apart: rename one"),
            );
        }
        let country =
            match &c.country {
                None => None,
                Some(k) => match country_index.get(k.as_str()) {
                    Some(&ci) => {
                        countries[ci].locations.push(CityId::from_index(i));
                        Some(CountryId::from_index(ci))
                    }
                    None => {
                        diags.push(
                        Diagnostic::new(
                            Code::UnknownCountry,
                            format!(
                                "city `{}` belongs to country `{k}`, which is not in `countries`{}",
                                c.name,
                                hint(k, file.countries.iter().map(|c| c.name.as_str()))
                            ),
                        )
                        .at(format!("cities[{i}].country"))
                        .object(ObjectRef::City(i))
                        .fix(format!("add `- name: {k}` to `countries`, or correct the name")),
                    );
                        None
                    }
                },
            };
        cities.push(City {
            name: c.name.clone(),
            pos: c.pos(),
            country,
        });
    }
    Places {
        countries,
        country_index,
        cities,
        city_index,
    }
}
