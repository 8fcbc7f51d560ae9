//! Where every node of a YAML text stands: a map from key paths such as
//! `routes[12].color` to line and column, so that errors found long after parsing
//! (by serde or by the engine's validator) can still point at the right place.

use std::collections::HashMap;

use saphyr_parser::{Event, Parser, ScanError, Span};

use crate::limits::{MAX_DEPTH, MAX_EXPANDED_NODES};

/// A place in a text: 1-based line and 1-based column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
}

impl Pos {
    /// A position from 1-based line and column counts (saturating at `u32::MAX`).
    pub fn new(line: usize, column: usize) -> Self {
        Pos {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }

    fn from_span(span: Span) -> Self {
        Pos::new(span.start.line(), span.start.col() + 1)
    }
}

/// Why a text could not be indexed: its YAML is malformed, or nested too deep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexError {
    /// The YAML scanner or parser rejected the text.
    Syntax {
        /// Where the problem was noticed.
        pos: Pos,
        /// What the parser said.
        message: String,
    },
    /// Mappings and sequences are nested deeper than [`MAX_DEPTH`].
    TooDeep {
        /// The node that went past the limit.
        pos: Pos,
    },
    /// Aliases would expand the document past [`MAX_EXPANDED_NODES`] nodes
    /// (an "alias bomb").
    TooManyNodes {
        /// The alias that went past the limit.
        pos: Pos,
    },
    /// The text holds more than one YAML document.
    SeveralDocuments {
        /// Where the second document starts.
        pos: Pos,
    },
}

/// The positions of every key and value of one YAML document, by key path.
///
/// Paths use the syntax of our error messages: `rules.players.min`, `routes[3].from`.
/// Sequence indices are 0-based.
#[derive(Debug, Clone, Default)]
pub struct SourceIndex {
    // foldhash: hashing the half-million paths of a 20,000-city design with
    // the standard SipHash took a fifth of loading it; foldhash is seeded per
    // process, so crafted keys cannot force collisions either.
    values: foldhash::HashMap<String, Pos>,
    keys: foldhash::HashMap<String, Pos>,
}

impl SourceIndex {
    /// Indexes a YAML text. Aliases are recorded where they stand, never expanded,
    /// so an alias bomb costs no more than its own text.
    pub fn build(text: &str) -> Result<Self, IndexError> {
        let mut builder = Builder::default();
        for item in Parser::new_from_str(text) {
            let (event, span) = item.map_err(|e: ScanError| IndexError::Syntax {
                pos: Pos::new(e.marker().line(), e.marker().col() + 1),
                message: e.info().to_string(),
            })?;
            builder.on_event(event, span)?;
        }
        Ok(builder.index)
    }

    /// The position of the value at `path`, if that path exists in the text.
    pub fn value(&self, path: &str) -> Option<Pos> {
        self.values.get(path).copied()
    }

    /// The position of the key that ends `path` (the `color` of `routes[3].color`).
    pub fn key(&self, path: &str) -> Option<Pos> {
        self.keys.get(path).copied()
    }

    /// The best position for `path`: its key, else its value, else the nearest
    /// enclosing node that exists.
    pub fn locate(&self, path: &str) -> Option<Pos> {
        let mut p = path;
        loop {
            if let Some(pos) = self.key(p).or_else(|| self.value(p)) {
                return Some(pos);
            }
            p = parent_path(p)?;
        }
    }
}

/// The path one level up: `routes[3].color` → `routes[3]` → `routes` → none.
pub fn parent_path(path: &str) -> Option<&str> {
    if path.is_empty() {
        return None;
    }
    let cut = path.rfind(['.', '[']).unwrap_or(0);
    Some(&path[..cut])
}

/// An open collection: where its path is, and how many nodes it holds so far
/// (aliases counted as what they expand to).
enum Frame {
    Mapping {
        path: String,
        key: Option<String>,
        is_key: bool,
    },
    Sequence {
        path: String,
        next: usize,
        is_key: bool,
    },
}

#[derive(Default)]
struct Builder {
    index: SourceIndex,
    stack: Vec<Frame>,
    /// Node counts of the open collections, parallel to `stack`, with their anchors.
    sizes: Vec<(u64, usize)>,
    /// Expanded size of each anchored node.
    anchors: HashMap<usize, u64>,
    /// Nodes of the whole document once every alias is expanded.
    expanded: u64,
    documents: usize,
}

impl Builder {
    fn on_event(&mut self, event: Event<'_>, span: Span) -> Result<(), IndexError> {
        let pos = Pos::from_span(span);
        match event {
            Event::DocumentStart(_) => {
                self.documents += 1;
                if self.documents > 1 {
                    return Err(IndexError::SeveralDocuments { pos });
                }
            }
            Event::Scalar(text, _, anchor, _) => {
                self.count(1, anchor, pos)?;
                if let Some(Frame::Mapping { key, path, .. }) = self.stack.last_mut()
                    && key.is_none()
                {
                    let full = join(path, &text);
                    self.index.keys.insert(full, pos);
                    *key = Some(text.into_owned());
                    return Ok(());
                }
                self.node_path(pos);
                self.finish_value();
            }
            Event::Alias(id) => {
                let size = self.anchors.get(&id).copied().unwrap_or(1);
                self.count(size, 0, pos)?;
                if let Some(Frame::Mapping { key, .. }) = self.stack.last_mut()
                    && key.is_none()
                {
                    *key = Some("*".to_owned());
                    return Ok(());
                }
                self.node_path(pos);
                self.finish_value();
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if self.stack.len() >= MAX_DEPTH {
                    return Err(IndexError::TooDeep { pos });
                }
                self.sizes.push((1, anchor));
                let is_key = matches!(self.stack.last(), Some(Frame::Mapping { key: None, .. }));
                let path = if is_key {
                    // A complex key (a mapping or sequence used as a key): give it a
                    // placeholder name so the value after it still gets a path.
                    if let Some(Frame::Mapping { key, .. }) = self.stack.last_mut() {
                        *key = Some("?".to_owned());
                    }
                    "?".to_owned()
                } else {
                    self.node_path(pos).unwrap_or_default()
                };
                self.stack
                    .push(if matches!(event, Event::MappingStart(..)) {
                        Frame::Mapping {
                            path,
                            key: None,
                            is_key,
                        }
                    } else {
                        Frame::Sequence {
                            path,
                            next: 0,
                            is_key,
                        }
                    });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((size, anchor)) = self.sizes.pop() {
                    // Its children are counted already; add the collection itself.
                    self.expanded = self.expanded.saturating_sub(size - 1);
                    self.count(size, anchor, pos)?;
                }
                let was_key = matches!(
                    self.stack.pop(),
                    Some(
                        Frame::Mapping { is_key: true, .. } | Frame::Sequence { is_key: true, .. }
                    )
                );
                // A finished collection that served as a value frees its key slot.
                if !was_key {
                    self.finish_value();
                }
            }
            Event::StreamStart | Event::StreamEnd | Event::DocumentEnd | Event::Nothing => {}
        }
        Ok(())
    }

    /// Adds a finished node of `size` expanded nodes to its parent and the total.
    fn count(&mut self, size: u64, anchor: usize, pos: Pos) -> Result<(), IndexError> {
        if anchor != 0 {
            self.anchors.insert(anchor, size);
        }
        if let Some((parent, _)) = self.sizes.last_mut() {
            *parent = parent.saturating_add(size);
        }
        self.expanded = self.expanded.saturating_add(size);
        if self.expanded > MAX_EXPANDED_NODES {
            return Err(IndexError::TooManyNodes { pos });
        }
        Ok(())
    }

    /// Records a value node at the current position and returns its path.
    fn node_path(&mut self, pos: Pos) -> Option<String> {
        let path = match self.stack.last_mut() {
            None => String::new(),
            Some(Frame::Mapping { path, key, .. }) => {
                let k = key.as_deref().unwrap_or("?");
                join(path, k)
            }
            Some(Frame::Sequence { path, next, .. }) => {
                let p = format!("{path}[{next}]");
                *next += 1;
                p
            }
        };
        self.index.values.insert(path.clone(), pos);
        // Scalars are complete at once; collections finish at their end event.
        Some(path)
    }

    fn finish_value(&mut self) {
        if let Some(Frame::Mapping { key, .. }) = self.stack.last_mut() {
            *key = None;
        }
    }
}

fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_owned()
    } else {
        format!("{parent}.{key}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_point_at_values_and_keys() {
        let text =
            "name: X\nroutes:\n  - from: A\n    to: B\n    color: red\n  - {from: C, to: D}\n";
        let idx = SourceIndex::build(text).unwrap();
        assert_eq!(idx.value("name"), Some(Pos { line: 1, column: 7 }));
        assert_eq!(idx.key("routes[0].color"), Some(Pos { line: 5, column: 5 }));
        assert_eq!(
            idx.value("routes[0].color"),
            Some(Pos {
                line: 5,
                column: 12
            })
        );
        assert_eq!(
            idx.value("routes[1].to"),
            Some(Pos {
                line: 6,
                column: 19
            })
        );
        assert_eq!(
            idx.locate("routes[1].length"),
            Some(Pos { line: 6, column: 5 })
        );
    }

    #[test]
    fn deep_nesting_is_refused() {
        let text = "[".repeat(MAX_DEPTH + 5) + &"]".repeat(MAX_DEPTH + 5);
        assert!(matches!(
            SourceIndex::build(&text),
            Err(IndexError::TooDeep { .. })
        ));
    }

    #[test]
    fn alias_bombs_are_refused_without_expanding() {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..12 {
            let refs = vec![format!("*a{}", i - 1); 10].join(", ");
            text.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
        }
        let start = std::time::Instant::now();
        let err = SourceIndex::build(&text).unwrap_err();
        assert!(matches!(err, IndexError::TooManyNodes { .. }), "{err:?}");
        assert!(start.elapsed().as_secs() < 2);
    }

    #[test]
    fn syntax_errors_have_a_position() {
        let err = SourceIndex::build("a: [1, 2\nb: 3\n").unwrap_err();
        assert!(matches!(err, IndexError::Syntax { .. }), "{err:?}");
    }

    #[test]
    fn parent_paths_walk_up() {
        assert_eq!(parent_path("routes[3].color"), Some("routes[3]"));
        assert_eq!(parent_path("routes[3]"), Some("routes"));
        assert_eq!(parent_path("routes"), Some(""));
        assert_eq!(parent_path(""), None);
    }
}
