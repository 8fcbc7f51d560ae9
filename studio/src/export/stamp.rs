//! The version stamp printed on every page, so printed prototypes can be told
//! apart: the design's name, a fingerprint of its file and the date.

use std::time::SystemTime;

use formats::{GameFile, PrintNumber};

/// What identifies one printing of a design.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// The design's name.
    pub design: String,
    /// CRC-32 of the design's file, eight hex digits.
    pub hash: String,
    /// The day of the export, `YYYY-MM-DD` (UTC).
    pub date: String,
    /// The design's print number (`None`: a design never saved, which has
    /// none).
    pub print: Option<u32>,
}

impl Stamp {
    /// The stamp of a design named `design` whose file holds `bytes`, dated
    /// today.
    pub fn new(design: &str, bytes: &[u8]) -> Stamp {
        let now = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
        Stamp {
            design: design.to_owned(),
            hash: format!("{:08x}", crc32fast::hash(bytes)),
            date: now[..10].to_owned(),
            print: None,
        }
    }

    /// The stamp with print number `n`.
    pub fn numbered(self, n: u32) -> Stamp {
        Stamp {
            print: Some(n),
            ..self
        }
    }

    /// The print number as printed on every card and sheet, `v8` (the file's
    /// fingerprint when the design has no number).
    pub fn version(&self) -> String {
        match self.print {
            Some(n) => format!("v{n}"),
            None => format!("file {}", self.hash),
        }
    }

    /// The line printed on a page.
    pub fn line(&self) -> String {
        match self.print {
            Some(n) => format!(
                "{} · v{n} · file {} · {}",
                self.design, self.hash, self.date
            ),
            None => format!("{} · file {} · {}", self.design, self.hash, self.date),
        }
    }
}

/// The fingerprint of `design` as printed: CRC-32 of the design without its
/// print number, eight hex digits.
pub fn fingerprint(design: &GameFile) -> String {
    let mut d = design.clone();
    d.print = None;
    let text = serde_yaml::to_string(&d).unwrap_or_default();
    format!("{:08x}", crc32fast::hash(text.as_bytes()))
}

/// The print number an export of `design` gets: the last one again when the
/// design has not changed since it was printed, else the next (so a number
/// is never given to two different designs, even after an undo).
pub fn next_print(design: &GameFile) -> PrintNumber {
    let fingerprint = fingerprint(design);
    match &design.print {
        Some(p) if p.fingerprint == fingerprint => p.clone(),
        Some(p) => PrintNumber {
            number: p.number + 1,
            fingerprint,
        },
        None => PrintNumber {
            number: 1,
            fingerprint,
        },
    }
}

/// The text of a design file with its top-level `print:` entry set to
/// `print`: the entry's line replaced, or a line added at the end. Every
/// other line (comments too) stays as it was.
pub fn with_print(text: &str, print: &PrintNumber) -> String {
    let entry = format!(
        "print: {{number: {}, fingerprint: '{}'}}",
        print.number, print.fingerprint
    );
    let mut found = false;
    let mut out: Vec<String> = text
        .lines()
        .map(|l| {
            if !found && l.starts_with("print:") {
                found = true;
                entry.clone()
            } else {
                l.to_owned()
            }
        })
        .collect();
    if !found {
        out.push(entry);
    }
    out.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_print_number_counts_up_only_when_the_design_changed() {
        let text = "format: tracklayer/1\nname: T\n# a comment\ncities: []\n";
        let path = std::path::Path::new("t.yaml");
        let design = formats::load_str(text, path).unwrap().design;
        let first = next_print(&design);
        assert_eq!(first.number, 1);
        let printed = with_print(text, &first);
        assert!(printed.contains("# a comment"), "{printed}");
        let again = formats::load_str(&printed, path).unwrap().design;
        assert_eq!(again.print.as_ref(), Some(&first));
        assert_eq!(next_print(&again), first, "unchanged: the same number");
        // A change, then its undo: each a new number, never the old one.
        let changed = printed.replace("name: T", "name: U");
        let changed = formats::load_str(&changed, path).unwrap().design;
        let second = next_print(&changed);
        assert_eq!(second.number, 2);
        let undone = with_print(&with_print(text, &second), &second);
        let entries = undone.lines().filter(|l| l.starts_with("print:")).count();
        assert_eq!(entries, 1, "{undone}");
        let undone = formats::load_str(&undone, path).unwrap().design;
        assert_eq!(next_print(&undone).number, 3);
    }

    #[test]
    fn a_changed_file_gets_another_fingerprint_and_the_date_is_a_day() {
        let a = Stamp::new("USA", b"cities: []");
        let b = Stamp::new("USA", b"cities: [x]");
        assert_ne!(a.hash, b.hash);
        assert_eq!(a.hash.len(), 8);
        assert_eq!(a.date.len(), 10);
        assert_eq!(&a.date[4..5], "-");
        assert!(a.line().starts_with("USA · file "), "{}", a.line());
    }
}
