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
///
/// The document is kept as a tree of nodes rather than a map of path strings:
/// a 20,000-city design has half a million nodes, and formatting and hashing a
/// path for each took a third of indexing it. A path is resolved when it is
/// asked for, which happens once per diagnostic.
#[derive(Debug, Clone)]
pub struct SourceIndex {
    /// The text of every mapping key, by id (each distinct key stored once).
    names: foldhash::HashMap<Box<str>, u32>,
    /// A node's children: `(parent, segment)` → child, where the segment is a
    /// key's id or a sequence index (see [`Segment`]). foldhash is seeded per
    /// process, so crafted keys cannot force collisions.
    children: foldhash::HashMap<(u32, u64), u32>,
    /// The position of each node's key and of its value; node 0 is the
    /// document (the path `""`).
    nodes: Vec<Positions>,
}

impl Default for SourceIndex {
    fn default() -> Self {
        SourceIndex {
            names: foldhash::HashMap::default(),
            children: foldhash::HashMap::default(),
            nodes: vec![Positions::default()],
        }
    }
}

/// Where one node's key and value stand.
#[derive(Debug, Clone, Copy, Default)]
struct Positions {
    key: Option<Pos>,
    value: Option<Pos>,
}

/// One step of a path: a mapping key (by id) or a sequence index.
#[derive(Clone, Copy)]
enum Segment {
    Key(u32),
    Index(usize),
}

impl Segment {
    fn code(self) -> u64 {
        match self {
            Segment::Key(id) => u64::from(id) << 1,
            Segment::Index(i) => ((i as u64) << 1) | 1,
        }
    }
}

/// The root node: the whole document.
const ROOT: u32 = 0;

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
        self.nodes[self.resolve(path)? as usize].value
    }

    /// The position of the key that ends `path` (the `color` of `routes[3].color`).
    pub fn key(&self, path: &str) -> Option<Pos> {
        self.nodes[self.resolve(path)? as usize].key
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

    /// The node `segment` under `parent`, made if it is new.
    fn child(&mut self, parent: u32, segment: Segment) -> u32 {
        let next = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        let id = *self
            .children
            .entry((parent, segment.code()))
            .or_insert(next);
        if id == next {
            self.nodes.push(Positions::default());
        }
        id
    }

    /// The id of the key `name`, stored once.
    fn name(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.names.get(name) {
            return id;
        }
        let id = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
        self.names.insert(name.into(), id);
        id
    }

    /// The node at `path`. Keys may hold `.` or `[` themselves, so each place
    /// where a key could end is tried.
    fn resolve(&self, path: &str) -> Option<u32> {
        self.resolve_from(ROOT, path, true)
    }

    fn resolve_from(&self, node: u32, rest: &str, first: bool) -> Option<u32> {
        if rest.is_empty() {
            return Some(node);
        }
        let child = |segment: Segment| self.children.get(&(node, segment.code())).copied();
        if let Some(inner) = rest.strip_prefix('[')
            && let Some((num, after)) = inner.split_once(']')
            && let Ok(i) = num.parse::<usize>()
            && let Some(found) =
                child(Segment::Index(i)).and_then(|c| self.resolve_from(c, after, false))
        {
            return Some(found);
        }
        let key_text = if first { rest } else { rest.strip_prefix('.')? };
        let ends = key_text
            .match_indices(['.', '['])
            .map(|(i, _)| i)
            .chain([key_text.len()]);
        for end in ends {
            let Some(&id) = self.names.get(&key_text[..end]) else {
                continue;
            };
            if let Some(found) =
                child(Segment::Key(id)).and_then(|c| self.resolve_from(c, &key_text[end..], false))
            {
                return Some(found);
            }
        }
        None
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

/// An open collection: its node, and how far it has got.
enum Frame {
    Mapping {
        node: u32,
        /// The node of the key read last, until its value is read.
        key: Option<u32>,
        is_key: bool,
    },
    Sequence {
        node: u32,
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
                if let Some(&Frame::Mapping {
                    node, key: None, ..
                }) = self.stack.last()
                {
                    let id = self.index.name(&text);
                    let child = self.index.child(node, Segment::Key(id));
                    self.index.nodes[child as usize].key = Some(pos);
                    self.set_key(child);
                    return Ok(());
                }
                self.value_node(pos);
                self.finish_value();
            }
            Event::Alias(id) => {
                let size = self.anchors.get(&id).copied().unwrap_or(1);
                self.count(size, 0, pos)?;
                if let Some(&Frame::Mapping {
                    node, key: None, ..
                }) = self.stack.last()
                {
                    let id = self.index.name("*");
                    let child = self.index.child(node, Segment::Key(id));
                    self.set_key(child);
                    return Ok(());
                }
                self.value_node(pos);
                self.finish_value();
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if self.stack.len() >= MAX_DEPTH {
                    return Err(IndexError::TooDeep { pos });
                }
                self.sizes.push((1, anchor));
                let is_key = matches!(self.stack.last(), Some(Frame::Mapping { key: None, .. }));
                let node = if is_key {
                    // A complex key (a mapping or sequence used as a key): give it a
                    // placeholder name so the value after it still gets a path; its
                    // own nodes sit under `?` at the top.
                    let placeholder = self.index.name("?");
                    if let Some(&Frame::Mapping { node: parent, .. }) = self.stack.last() {
                        let slot = self.index.child(parent, Segment::Key(placeholder));
                        self.set_key(slot);
                    }
                    self.index.child(ROOT, Segment::Key(placeholder))
                } else {
                    self.value_node(pos)
                };
                self.stack
                    .push(if matches!(event, Event::MappingStart(..)) {
                        Frame::Mapping {
                            node,
                            key: None,
                            is_key,
                        }
                    } else {
                        Frame::Sequence {
                            node,
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

    /// Records a value at `pos` where the open collection expects one, and
    /// returns its node.
    fn value_node(&mut self, pos: Pos) -> u32 {
        let node = match self.stack.last_mut() {
            None => ROOT,
            Some(&mut Frame::Mapping { key: Some(k), .. }) => k,
            Some(&mut Frame::Mapping {
                node, key: None, ..
            }) => {
                let placeholder = self.index.name("?");
                self.index.child(node, Segment::Key(placeholder))
            }
            Some(Frame::Sequence { node, next, .. }) => {
                let (parent, i) = (*node, *next);
                *next += 1;
                self.index.child(parent, Segment::Index(i))
            }
        };
        self.index.nodes[node as usize].value = Some(pos);
        node
    }

    /// Marks `key` as the key whose value the open mapping reads next.
    fn set_key(&mut self, key_node: u32) {
        if let Some(Frame::Mapping { key, .. }) = self.stack.last_mut() {
            *key = Some(key_node);
        }
    }

    fn finish_value(&mut self) {
        if let Some(Frame::Mapping { key, .. }) = self.stack.last_mut() {
            *key = None;
        }
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
    fn keys_holding_dots_or_brackets_are_found() {
        let text = "points:\n  St. Louis: 3\n  a[1]: 4\n  St: {x: 5}\nlist:\n  - [7, {b.c: 8}]\n";
        let idx = SourceIndex::build(text).unwrap();
        assert_eq!(idx.value("points.St. Louis"), Some(Pos::new(2, 14)));
        assert_eq!(idx.key("points.a[1]"), Some(Pos::new(3, 3)));
        assert_eq!(idx.value("points.St.x"), Some(Pos::new(4, 11)));
        assert_eq!(idx.value("list[0][1].b.c"), Some(Pos::new(6, 15)));
        assert_eq!(idx.value("points.Nowhere"), None);
        assert_eq!(idx.locate("points.St. Louis.extra"), Some(Pos::new(2, 3)));
    }

    #[test]
    fn the_document_and_complex_keys_have_paths() {
        let idx = SourceIndex::build("just text\n").unwrap();
        assert_eq!(idx.value(""), Some(Pos::new(1, 1)));
        let idx = SourceIndex::build("? [a, b]\n: v\nk: &x w\n*x : z\n").unwrap();
        assert_eq!(idx.value("?"), Some(Pos::new(2, 3)));
        assert_eq!(idx.value("?[1]"), Some(Pos::new(1, 7)));
        assert_eq!(idx.value("*"), Some(Pos::new(4, 6)));
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
