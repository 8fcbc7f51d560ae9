//! Reading a design: bytes → checked text → YAML with positions → variants merged
//! → typed [`GameFile`], with every failure located in its file.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde_yaml::{Mapping, Value};

use crate::design::{FORMAT_VERSION, FormatVersion, GameFile};
use crate::error::{LoadError, LoadErrorKind, Location, describe_serde};
use crate::limits::{MAX_EXTENDS_DEPTH, MAX_FILE_BYTES, MAX_LIST_ENTRIES};
use crate::merge::{self, KEYED_LISTS, Origins};
use crate::source::{IndexError, Pos, SourceIndex};

/// One file of a loaded design, with the positions of its nodes.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as the user gave it (or as `extends` resolved it).
    pub path: PathBuf,
    /// Positions by key path.
    pub index: SourceIndex,
}

/// The files a design was merged from (base first, the opened file last), and
/// where each merged list entry came from.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    /// Base first, the opened file last.
    pub files: Vec<SourceFile>,
    origins: Origins,
}

impl Sources {
    /// Where the merged design's `path` (e.g. `routes[12].color`) was written.
    pub fn locate(&self, path: &str) -> Option<Location> {
        let at = |file: usize, pos: Pos| {
            Some(Location {
                file: self.files.get(file)?.path.clone(),
                pos,
            })
        };
        for list in KEYED_LISTS.iter().copied().chain(["allow"]) {
            let Some(rest) = path.strip_prefix(list).and_then(|r| r.strip_prefix('[')) else {
                continue;
            };
            let Some((num, tail)) = rest.split_once(']') else {
                continue;
            };
            let Ok(index) = num.parse::<usize>() else {
                continue;
            };
            let contributors = self.origins.of(list, index);
            for &(file, j) in contributors {
                let local = format!("{list}[{j}]{tail}");
                if let Some(pos) = self
                    .files
                    .get(file)
                    .and_then(|f| f.index.value(&local).or_else(|| f.index.key(&local)))
                {
                    return at(file, pos);
                }
            }
            let &(file, j) = contributors.first()?;
            let pos = self
                .files
                .get(file)?
                .index
                .locate(&format!("{list}[{j}]"))?;
            return at(file, pos);
        }
        // Plain fields: the most derived file that writes the path wins.
        for (file, f) in self.files.iter().enumerate().rev() {
            if let Some(pos) = f.index.value(path).or_else(|| f.index.key(path)) {
                return at(file, pos);
            }
        }
        let (file, f) = self.files.iter().enumerate().next_back()?;
        at(file, f.index.locate(path)?)
    }

    /// The file the user opened.
    pub fn main_file(&self) -> Option<&Path> {
        self.files.last().map(|f| f.path.as_path())
    }
}

/// The base a variant extends, as needed to show and save what the variant changes.
#[derive(Debug, Clone)]
pub struct BaseDesign {
    /// The `extends:` text, relative to the variant.
    pub extends: String,
    /// The fully merged base.
    pub design: GameFile,
    /// The same as a YAML mapping, for computing the variant's difference.
    pub mapping: Mapping,
}

/// A design read from disk.
#[derive(Debug, Clone)]
pub struct LoadedDesign {
    /// The merged, typed design.
    pub design: GameFile,
    /// Where everything was written.
    pub sources: Sources,
    /// For a variant: its base.
    pub base: Option<BaseDesign>,
}

/// Reads a file as text, refusing files over 16 MiB, bytes that are not UTF-8,
/// and anything but a regular file (a FIFO or device would block or never end).
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let io = |e| LoadError::new(path, LoadErrorKind::Io(e));
    regular_file(path, &fs::metadata(path).map_err(io)?)?;
    let file = fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    regular_file(path, &meta)?;
    let size = meta.len();
    if size > MAX_FILE_BYTES {
        return Err(LoadError::new(path, LoadErrorKind::TooLarge { size }));
    }
    let mut bytes = Vec::new();
    // Read one byte past the limit so a file that grows meanwhile is still caught.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(LoadError::new(
            path,
            LoadErrorKind::TooLarge {
                size: bytes.len() as u64,
            },
        ));
    }
    text_from_bytes(bytes, path)
}

/// Refuses what is not a regular file, naming what it is.
fn regular_file(path: &Path, meta: &fs::Metadata) -> Result<(), LoadError> {
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(());
    }
    let what = if kind.is_dir() {
        "a folder"
    } else {
        special_kind(&kind)
    };
    Err(LoadError::new(path, LoadErrorKind::NotAFile { what }))
}

#[cfg(unix)]
fn special_kind(kind: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &fs::FileType) -> &'static str {
    "not a file"
}

/// Checks that bytes are UTF-8, locating the first bad byte.
pub fn text_from_bytes(bytes: Vec<u8>, path: &Path) -> Result<String, LoadError> {
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        let before = String::from_utf8_lossy(&bytes[..good]);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        LoadError::new(
            path,
            LoadErrorKind::NotUtf8 {
                byte: bytes.get(good).copied().unwrap_or(0),
            },
        )
        .at(Some(Pos::new(line, column)))
    })
}

/// Parses one YAML document into a mapping and its position index.
pub fn parse_document(text: &str, path: &Path) -> Result<(Mapping, SourceIndex), LoadError> {
    let index = SourceIndex::build(text).map_err(|e| {
        let (kind, pos) = match e {
            IndexError::Syntax { pos, message } => (LoadErrorKind::Syntax(message), pos),
            IndexError::TooDeep { pos } => (LoadErrorKind::TooDeep, pos),
            IndexError::TooManyNodes { pos } => (LoadErrorKind::TooManyNodes, pos),
            IndexError::SeveralDocuments { pos } => (LoadErrorKind::SeveralDocuments, pos),
        };
        LoadError::new(path, kind).at(Some(pos))
    })?;
    let value: Value = serde_yaml::from_str(text).map_err(|e| {
        let pos = e.location().map(|l| Pos::new(l.line(), l.column()));
        LoadError::new(path, LoadErrorKind::Syntax(describe_serde(&e.to_string()))).at(pos)
    })?;
    match value {
        Value::Mapping(m) => Ok((m, index)),
        Value::Null => Ok((Mapping::new(), index)),
        other => Err(
            LoadError::new(path, LoadErrorKind::NotAMapping(kind_of(&other)))
                .at(Some(Pos { line: 1, column: 1 })),
        ),
    }
}

/// Refuses a design with a list longer than [`MAX_LIST_ENTRIES`] as soon as
/// it is read, so that no check (nor the studio) spends minutes on a file the
/// engine cannot hold.
fn check_list_sizes(merged: &Mapping, sources: &Sources, path: &Path) -> Result<(), LoadError> {
    for (key, value) in merged {
        let (Some(list), Some(items)) = (key.as_str(), value.as_sequence()) else {
            continue;
        };
        if items.len() > MAX_LIST_ENTRIES {
            let at = sources.locate(list);
            let file = at.as_ref().map_or(path, |l| l.file.as_path());
            return Err(LoadError::new(
                file,
                LoadErrorKind::TooManyEntries {
                    list: list.to_owned(),
                    count: items.len(),
                },
            )
            .at(at.map(|l| l.pos))
            .path(list));
        }
    }
    Ok(())
}

fn kind_of(v: &Value) -> String {
    match v {
        Value::Null => "nothing".into(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the text \"{}\"", s.chars().take(40).collect::<String>()),
        Value::Sequence(_) => "a list".into(),
        Value::Mapping(_) => "a mapping".into(),
        Value::Tagged(t) => format!("a value tagged {}", t.tag),
    }
}

fn check_version(doc: &Mapping, index: &SourceIndex, path: &Path) -> Result<(), LoadError> {
    let err = |kind| {
        LoadError::new(path, kind)
            .at(index.value("format").or(Some(Pos { line: 1, column: 1 })))
            .path("format")
    };
    let Some(v) = doc.get("format") else {
        return Err(err(LoadErrorKind::MissingFormat));
    };
    let Some(text) = v.as_str() else {
        return Err(err(LoadErrorKind::Version(format!(
            "found {}, expected `tracklayer/{FORMAT_VERSION}`",
            kind_of(v)
        ))));
    };
    match FormatVersion::parse(text) {
        Some(FormatVersion(n)) if n == FORMAT_VERSION => Ok(()),
        Some(FormatVersion(n)) if n > FORMAT_VERSION => Err(err(LoadErrorKind::Version(format!(
            "this file is format tracklayer/{n}, newer than this Tracklayer reads (tracklayer/{FORMAT_VERSION}); update Tracklayer to open it"
        )))),
        _ => Err(err(LoadErrorKind::Version(format!(
            "found `{text}`, expected `tracklayer/{FORMAT_VERSION}`"
        )))),
    }
}

/// Loads a design file, merging the bases it `extends`.
pub fn load(path: &Path) -> Result<LoadedDesign, LoadError> {
    let text = read_text(path)?;
    load_str(&text, path)
}

/// Loads a design from text; `path` names it in messages and anchors `extends`.
pub fn load_str(text: &str, path: &Path) -> Result<LoadedDesign, LoadError> {
    let mut chain = Vec::new();
    let (merged, sources, base) = load_chain(text, path, &mut chain)?;
    check_list_sizes(&merged, &sources, path)?;
    let design = typed_design(&merged, &sources)?;
    Ok(LoadedDesign {
        design,
        sources,
        base,
    })
}

type Chain = (Mapping, Sources, Option<BaseDesign>);

fn load_chain(text: &str, path: &Path, visiting: &mut Vec<PathBuf>) -> Result<Chain, LoadError> {
    let (mut doc, index) = parse_document(text, path)?;
    check_version(&doc, &index, path)?;
    let extends = match doc.get("extends") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => {
            return Err(LoadError::new(
                path,
                LoadErrorKind::Field {
                    message: format!(
                        "found {}, expected the path of a base design",
                        kind_of(other)
                    ),
                },
            )
            .at(index.value("extends"))
            .path("extends"));
        }
    };
    let Some(extends) = extends else {
        if doc.get("remove").is_some_and(|r| !matches!(r, Value::Null)) {
            return Err(LoadError::new(
                path,
                LoadErrorKind::Field {
                    message: "`remove:` lists what a variant drops from its base, but this file has no `extends:`".into(),
                },
            )
            .at(index.key("remove"))
            .path("remove"));
        }
        let origins = Origins::of_file(&doc, 0);
        let sources = Sources {
            files: vec![SourceFile {
                path: path.to_owned(),
                index,
            }],
            origins,
        };
        return Ok((doc, sources, None));
    };

    let base_path = path.parent().unwrap_or(Path::new(".")).join(&extends);
    let here = |kind| {
        LoadError::new(path, kind)
            .at(index.value("extends"))
            .path("extends")
    };
    let canonical = fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    if visiting.contains(&canonical) {
        return Err(here(LoadErrorKind::ExtendsCycle(canonical)));
    }
    if visiting.len() >= MAX_EXTENDS_DEPTH {
        return Err(here(LoadErrorKind::ExtendsTooDeep));
    }
    visiting.push(canonical);
    let base_text = read_text(&base_path).map_err(|e| {
        here(LoadErrorKind::Base {
            base: base_path.clone(),
            source: Box::new(e),
        })
    })?;
    let (base_doc, mut sources, _) = load_chain(&base_text, &base_path, visiting)?;
    visiting.pop();

    // The base must be a valid design in its own right.
    let base_design = typed_design(&base_doc, &sources)?;
    let file_no = sources.files.len();
    let variant_keys = doc.clone();
    doc.shift_remove("format");
    let (mut merged, origins, unmatched) =
        merge::merge_variant(base_doc.clone(), sources.origins.clone(), doc, file_no);
    if let Some((list, name)) = unmatched.into_iter().next() {
        let lpath = if list == "regions" {
            "terrain.regions".to_owned()
        } else {
            list.clone()
        };
        let names = merge::list_keys(
            &lpath,
            base_doc
                .get(lpath.split('.').next().unwrap_or(""))
                .and_then(|v| {
                    if lpath.contains('.') {
                        v.get("regions")
                    } else {
                        Some(v)
                    }
                })
                .and_then(Value::as_sequence)
                .map_or(&[][..], Vec::as_slice),
        );
        let hint = crate::suggest::did_you_mean(&name, names.iter().map(String::as_str))
            .map(str::to_owned);
        let position = removal_position(&variant_keys, &index, &list, &name);
        let message = format!(
            "names `{name}`, which the base design does not have{}",
            hint.map(|h| format!("; did you mean `{h}`?"))
                .unwrap_or_default()
        );
        return Err(LoadError::new(path, LoadErrorKind::UnknownRemoval(message))
            .at(position)
            .path(format!("remove.{list}")));
    }
    merged.insert("extends".into(), Value::String(extends.clone()));
    merged.insert(
        "format".into(),
        Value::String(format!("tracklayer/{FORMAT_VERSION}")),
    );
    sources.files.push(SourceFile {
        path: path.to_owned(),
        index,
    });
    sources.origins = origins;
    // Diffs are taken between typed designs written out the same way, so that
    // `x: 5` in the base and `x: 5.0` from the studio count as equal.
    let mapping = match serde_yaml::to_value(&base_design) {
        Ok(Value::Mapping(m)) => m,
        _ => base_doc,
    };
    let base = BaseDesign {
        extends,
        design: base_design,
        mapping,
    };
    Ok((merged, sources, Some(base)))
}

fn removal_position(doc: &Mapping, index: &SourceIndex, list: &str, name: &str) -> Option<Pos> {
    let names = doc.get("remove")?.get(list)?.as_sequence()?;
    let i = names.iter().position(|v| v.as_str() == Some(name))?;
    index.value(&format!("remove.{list}[{i}]"))
}

/// Turns a merged mapping into a typed design, locating the first bad field.
fn typed_design(merged: &Mapping, sources: &Sources) -> Result<GameFile, LoadError> {
    let fail = |path: String, message: String| {
        let loc = sources.locate(&path);
        let file = loc
            .as_ref()
            .map(|l| l.file.clone())
            .or_else(|| sources.main_file().map(Path::to_owned))
            .unwrap_or_default();
        LoadError {
            file,
            pos: loc.map(|l| l.pos),
            path: Some(path),
            kind: LoadErrorKind::Field { message },
        }
    };
    let design: GameFile = serde_path_to_error::deserialize(Value::Mapping(merged.clone()))
        .map_err(|e| {
            let path = e.path().to_string();
            fail(
                if path == "." { String::new() } else { path },
                describe_serde(&e.inner().to_string()),
            )
        })?;
    crate::families::of(design.family)
        .check_rules(&design.rules, &design.cards)
        .map_err(|e| fail(e.path, e.message))?;
    Ok(design)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> LoadError {
        load_str(text, Path::new("t.yaml")).unwrap_err()
    }

    const OK: &str = "format: tracklayer/1\nname: T\ncities:\n  - {name: A, x: 0, y: 0}\n  - {name: B, x: 1, y: 0}\nroutes:\n  - from: A\n    to: B\n    length: 2\n    color: red\n";

    #[cfg(unix)]
    #[test]
    fn a_fifo_named_in_extends_or_as_the_design_is_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("base.yaml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let variant = dir.path().join("v.yaml");
        std::fs::write(&variant, "format: tracklayer/1\nextends: base.yaml\n").unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        for path in [variant, fifo] {
            let tx = tx.clone();
            std::thread::spawn(move || tx.send(load(&path).map(drop)));
        }
        for _ in 0..2 {
            let got = rx
                .recv_timeout(std::time::Duration::from_secs(20))
                .expect("reading a FIFO blocked");
            let text = got.unwrap_err().to_string();
            assert!(
                text.contains("FIFO") && text.contains("base.yaml"),
                "{text}"
            );
        }
    }

    #[test]
    fn a_list_over_the_limit_is_refused_as_it_is_read() {
        let names = vec!["x"; MAX_LIST_ENTRIES + 1].join(", ");
        let e = err(&format!(
            "format: tracklayer/1\nname: Big\ncities: [{names}]\n"
        ));
        assert!(
            matches!(e.kind, LoadErrorKind::TooManyEntries { ref list, count } if list == "cities" && count == MAX_LIST_ENTRIES + 1),
            "{e}"
        );
    }

    #[test]
    fn loads_a_small_design() {
        let d = load_str(OK, Path::new("t.yaml")).unwrap();
        assert_eq!(d.design.routes[0].length, 2);
        let loc = d.sources.locate("routes[0].color").unwrap();
        assert_eq!(loc.to_string(), "t.yaml:10:12");
    }

    #[test]
    fn a_wrong_type_names_file_line_column_and_path() {
        let e = err(&OK.replace("length: 2", "length: two"));
        assert_eq!(e.path.as_deref(), Some("routes[0].length"));
        assert_eq!(e.location(), "t.yaml:9:13");
        let text = e.to_string();
        assert!(text.contains("found string \"two\""), "{text}");
    }

    #[test]
    fn versions_are_checked() {
        assert!(
            err("name: x")
                .to_string()
                .contains("missing `format: tracklayer/1`")
        );
        assert!(err("format: tracklayer/7").to_string().contains("newer"));
        assert!(
            err("format: trackmaker/1")
                .to_string()
                .contains("expected `tracklayer/1`")
        );
    }

    #[test]
    fn unknown_fields_survive() {
        let d = load_str(&format!("{OK}future: {{a: 1}}\n"), Path::new("t.yaml")).unwrap();
        assert!(d.design.extra.contains_key("future"));
        let again: GameFile =
            serde_yaml::from_str(&serde_yaml::to_string(&d.design).unwrap()).unwrap();
        assert_eq!(again, d.design);
    }

    #[test]
    fn bad_bytes_and_bad_shapes_are_located() {
        let e =
            text_from_bytes(b"format: x\nname: \xff\n".to_vec(), Path::new("t.yaml")).unwrap_err();
        assert_eq!(e.location(), "t.yaml:2:7");
        assert!(matches!(
            err("- a\n- b\n").kind,
            LoadErrorKind::NotAMapping(_)
        ));
        assert!(matches!(
            err("a: 1\n---\nb: 2\n").kind,
            LoadErrorKind::SeveralDocuments
        ));
    }

    #[test]
    fn rules_errors_point_into_the_rules() {
        let e = err(&format!(
            "{OK}rules:\n  preset: europe\n  display:\n    size: lots\n"
        ));
        assert_eq!(e.path.as_deref(), Some("rules.display.size"));
        assert_eq!(e.location(), "t.yaml:14:11");
    }
}
