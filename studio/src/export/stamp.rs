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
        }
    }

    /// The line printed on a page.
    pub fn line(&self) -> String {
        format!("{} · file {} · {}", self.design, self.hash, self.date)
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
