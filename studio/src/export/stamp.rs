//! The version stamp printed on every page, so printed prototypes can be told
//! apart: the design's name, a fingerprint of its file and the date.

use std::time::SystemTime;

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

#[cfg(test)]
mod tests {
    use super::*;

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
