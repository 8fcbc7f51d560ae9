//! Loading errors: what went wrong, in which file, at which line and column,
//! at which key path, and what would fix it.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::limits::{
    MAX_DEPTH, MAX_EXPANDED_NODES, MAX_EXTENDS_DEPTH, MAX_FILE_BYTES, MAX_LIST_ENTRIES,
};
use crate::source::Pos;

/// A place in a file: `maps/usa.yaml:41:7`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// The file, as the user named it.
    pub file: PathBuf,
    /// Line and column.
    pub pos: Pos,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}",
            self.file.display(),
            self.pos.line,
            self.pos.column
        )
    }
}

/// Why a file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadErrorKind {
    /// The file could not be read at all.
    #[error("cannot read the file: {0}")]
    Io(#[source] std::io::Error),
    /// The path is a folder, a FIFO, a device or a socket: only regular files
    /// are read, so that nothing can block or read forever.
    #[error(
        "{what} is not a regular file; name a design file (a FIFO or device would block the reading)"
    )]
    NotAFile {
        /// What the path is (`a FIFO`, `a folder`, …).
        what: &'static str,
    },
    /// A list holds more entries than the engine can play.
    #[error(
        "`{list}` has {count} entries; a design may have at most {} of each (the limit is checked before the design is validated)",
        MAX_LIST_ENTRIES
    )]
    TooManyEntries {
        /// The list (`cities`, `routes`, …).
        list: String,
        /// How many entries it has.
        count: usize,
    },
    /// The file is over [`MAX_FILE_BYTES`].
    #[error("the file is {size} bytes; design files are limited to {} MiB", MAX_FILE_BYTES / 1024 / 1024)]
    TooLarge {
        /// Its size in bytes.
        size: u64,
    },
    /// The file holds bytes that are not UTF-8.
    #[error(
        "the file is not UTF-8 text (byte 0x{byte:02x} cannot start a character); save it as UTF-8"
    )]
    NotUtf8 {
        /// The first offending byte.
        byte: u8,
    },
    /// The YAML is malformed.
    #[error("YAML syntax error: {0}")]
    Syntax(String),
    /// Nesting deeper than [`MAX_DEPTH`].
    #[error("mappings and lists are nested more than {MAX_DEPTH} levels deep")]
    TooDeep,
    /// Aliases expand past [`MAX_EXPANDED_NODES`].
    #[error(
        "YAML aliases expand this document past {MAX_EXPANDED_NODES} nodes; write the data out or use fewer aliases"
    )]
    TooManyNodes,
    /// More than one YAML document in the file.
    #[error("the file holds more than one YAML document (`---`); a design is one document")]
    SeveralDocuments,
    /// The top level is not a mapping.
    #[error("a design is a mapping of fields (`format:`, `name:`, `cities:` …); found {0}")]
    NotAMapping(String),
    /// No `format:` field.
    #[error(
        "missing `format: tracklayer/{}` at the top of the file",
        crate::design::FORMAT_VERSION
    )]
    MissingFormat,
    /// A `format:` this version does not read.
    #[error("{0}")]
    Version(String),
    /// A field has the wrong type or value.
    #[error("{message}")]
    Field {
        /// Found and expected, in words.
        message: String,
    },
    /// `extends` forms a loop.
    #[error("`extends` loops back to {0}")]
    ExtendsCycle(PathBuf),
    /// `extends` chains too deep.
    #[error("`extends` chains more than {MAX_EXTENDS_DEPTH} variants deep")]
    ExtendsTooDeep,
    /// The base of a variant failed to load.
    #[error("the base design {base} does not load: {source}")]
    Base {
        /// The base file.
        base: PathBuf,
        /// Why it failed.
        #[source]
        source: Box<LoadError>,
    },
    /// A `remove:` entry names nothing in the base (the sentence says which,
    /// with a did-you-mean).
    #[error("{0}")]
    UnknownRemoval(String),
}

/// A file that did not load, with everything needed to fix it.
#[derive(Debug)]
pub struct LoadError {
    /// The file at fault.
    pub file: PathBuf,
    /// Where in it, when known.
    pub pos: Option<Pos>,
    /// The key path of the offending field, e.g. `routes[12].color`.
    pub path: Option<String>,
    /// What went wrong.
    pub kind: LoadErrorKind,
}

impl LoadError {
    /// An error in `file` with no position.
    pub fn new(file: &Path, kind: LoadErrorKind) -> Self {
        LoadError {
            file: file.to_owned(),
            pos: None,
            path: None,
            kind,
        }
    }

    /// Sets the position.
    pub fn at(mut self, pos: Option<Pos>) -> Self {
        self.pos = pos;
        self
    }

    /// Sets the key path.
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// `file:line:column` (or just the file).
    pub fn location(&self) -> String {
        match self.pos {
            Some(p) => format!("{}:{}:{}", self.file.display(), p.line, p.column),
            None => self.file.display().to_string(),
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.location())?;
        if let Some(path) = &self.path {
            write!(f, "`{path}`: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.kind.source()
    }
}

/// Rewrites a serde message as "found …, expected …", in a designer's words,
/// with a did-you-mean for unknown names.
pub fn describe_serde(msg: &str) -> String {
    // serde_yaml appends its own location, which we replace with ours.
    let msg = msg.split(" at line ").next().unwrap_or(msg);
    if let Some(rest) = msg.strip_prefix("unknown variant `")
        && let Some((found, expected)) = rest.split_once("`, expected ")
    {
        let options: Vec<&str> = expected
            .trim_start_matches("one of ")
            .split(", ")
            .map(|s| s.trim_matches('`'))
            .collect();
        let hint = crate::suggest::did_you_mean(found, options.iter().copied());
        return format!(
            "found `{found}`, expected {}{}",
            options
                .iter()
                .map(|o| format!("`{o}`"))
                .collect::<Vec<_>>()
                .join(", "),
            hint.map(|h| format!("; did you mean `{h}`?"))
                .unwrap_or_default()
        );
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = msg.strip_prefix(prefix)
            && let Some((found, expected)) = rest.split_once(", expected ")
        {
            return format!("found {found}, expected {}", plain_type(expected));
        }
    }
    msg.to_owned()
}

fn plain_type(t: &str) -> String {
    match t {
        "u8" => "a whole number from 0 to 255".into(),
        "u16" => "a whole number from 0 to 65535".into(),
        "u32" | "u64" | "usize" => "a whole number, 0 or more".into(),
        "i32" | "i64" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_messages_become_found_and_expected() {
        assert_eq!(
            describe_serde("invalid type: string \"abc\", expected u32"),
            "found string \"abc\", expected a whole number, 0 or more"
        );
        let m = describe_serde("unknown variant `seaa`, expected one of `sea`, `lake`");
        assert!(m.contains("did you mean `sea`?"), "{m}");
    }
}
