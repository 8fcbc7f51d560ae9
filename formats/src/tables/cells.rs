//! One CSV cell and line: writing a record (quoted where spaces must
//! survive), neutralising a formula a spreadsheet would run and restoring
//! it, which fields of a raw line were quoted, and a table's separator.

/// The separator of a table: `,`, `;` or tab, whichever its header line
/// holds most of outside quotes (a comma on a tie).
pub(super) fn separator(text: &str) -> u8 {
    let header = text.lines().next().unwrap_or_default();
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for b in header.bytes() {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => counts[0] += 1,
            b';' if !quoted => counts[1] += 1,
            b'\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|i| (counts[*i], 3 - i)).unwrap_or(0);
    [b',', b';', b'\t'][best]
}

pub(super) fn flag(b: bool) -> String {
    if b { "yes" } else { "no" }.to_owned()
}

pub(super) fn write(header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> String {
    let mut out = record(header.iter().map(|h| (*h).to_owned()).collect());
    for row in rows {
        out.push_str(&record(row.into_iter().map(neutralise).collect()));
    }
    out
}

/// One CSV line. A row with a cell that starts or ends with white space is
/// written with every cell quoted, so that import keeps the spaces (it trims
/// only cells that are not quoted).
pub(super) fn record(cells: Vec<String>) -> String {
    let padded = cells.iter().any(|c| c.trim() != c);
    let mut w = csv::WriterBuilder::new()
        .quote_style(if padded {
            csv::QuoteStyle::Always
        } else {
            csv::QuoteStyle::Necessary
        })
        .buffer_capacity(256)
        .from_writer(Vec::new());
    // Writing to memory cannot fail.
    let _ = w.write_record(&cells);
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// What a spreadsheet takes for the start of a formula (OWASP, "CSV
/// Injection"): `=`, `+`, `-`, `@`, a tab or a carriage return.
pub(super) const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A cell a spreadsheet would run as a formula (`=HYPERLINK(…)`), and one
/// that starts with the escaping quote itself, gets a leading `'`, as
/// spreadsheet-safe CSV writers do; a number (`-3.5`) stays as it is.
/// [`restore`] takes the quote off again on import.
pub(super) fn neutralise(cell: String) -> String {
    let formula = cell.starts_with(FORMULA_STARTS) && cell.trim().parse::<f64>().is_err();
    if formula || cell.starts_with('\'') {
        format!("'{cell}")
    } else {
        cell
    }
}

/// Reads a cell [`neutralise`] wrote: one leading `'` before a formula
/// character or another `'` goes; anything else is as typed.
pub(super) fn restore(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) || rest.starts_with('\'') => rest,
        _ => cell,
    }
}

/// Which fields of one raw CSV line (cells split at `sep`) were quoted
/// (their first byte is `"`), so that import keeps their spaces.
pub(super) fn quoted_fields(raw: &[u8], sep: u8) -> Vec<bool> {
    let raw = raw
        .iter()
        .position(|b| !matches!(b, b'\r' | b'\n'))
        .map_or(&[][..], |i| &raw[i..]);
    let mut out = Vec::new();
    let (mut at_start, mut in_quotes, mut quoted) = (true, false, false);
    for &b in raw {
        if in_quotes {
            in_quotes = b != b'"';
            continue;
        }
        match b {
            b'"' => {
                quoted |= at_start;
                in_quotes = true;
            }
            b if b == sep => {
                out.push(quoted);
                quoted = false;
                at_start = true;
                continue;
            }
            b'\r' | b'\n' => break,
            _ => {}
        }
        at_start = false;
    }
    out.push(quoted);
    out
}
