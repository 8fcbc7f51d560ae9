//! Printing diagnostics: rustc-style text with the offending line and a caret
//! under the value, or one JSON document.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use engine::{Code, Diagnostic, Severity};
use formats::{LoadError, Location};
use serde::Serialize;

use super::Outcome;

/// Source texts by file, read and split into lines once when a diagnostic
/// points into them (looking each line up from the start of the file made
/// the report of a large design quadratic: 27 s for 38,000 warnings).
#[derive(Debug, Default)]
pub struct Sources {
    lines: HashMap<PathBuf, Option<Vec<String>>>,
}

impl Sources {
    /// Line `line` (1-based) of `file`, if the file can be read.
    fn line(&mut self, file: &Path, line: usize) -> Option<String> {
        let lines = self.lines.entry(file.to_owned()).or_insert_with(|| {
            formats::load::read_text(file)
                .ok()
                .map(|text| text.lines().map(str::to_owned).collect())
        });
        lines.as_ref()?.get(line.checked_sub(1)?).cloned()
    }
}

/// How many characters from `column` (1-based) the value there spans: a quoted
/// string to its closing quote, a flow collection to its closing bracket,
/// anything else to the next separator.
fn token_width(line: &str, column: usize) -> usize {
    let rest: Vec<char> = line.chars().skip(column.saturating_sub(1)).collect();
    let Some(&first) = rest.first() else {
        return 1;
    };
    let end = match first {
        '"' | '\'' => rest[1..]
            .iter()
            .position(|&c| c == first)
            .map_or(rest.len(), |p| p + 2),
        '{' | '[' => {
            let close = if first == '{' { '}' } else { ']' };
            let mut depth = 0usize;
            let mut end = rest.len();
            for (i, &c) in rest.iter().enumerate() {
                if c == first {
                    depth += 1;
                } else if c == close {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
            }
            end
        }
        _ => {
            let stop = rest
                .iter()
                .position(|&c| matches!(c, ',' | '}' | ']' | '#'))
                .unwrap_or(rest.len());
            let trimmed = rest[..stop].iter().rposition(|c| !c.is_whitespace());
            trimmed.map_or(1, |p| p + 1)
        }
    };
    end.max(1)
}

/// The `--> file:line:col` line and the source line with a caret under the
/// value, indented for a gutter of `width` digits.
fn snippet(out: &mut String, loc: &Location, sources: &mut Sources) {
    let line_no = loc.pos.line.to_string();
    let pad = " ".repeat(line_no.len());
    let _ = writeln!(out, "{pad}--> {loc}");
    if let Some(line) = sources.line(&loc.file, loc.pos.line as usize) {
        let col = (loc.pos.column as usize).max(1);
        let indent: String = line
            .chars()
            .take(col - 1)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{line_no} | {line}");
        let _ = writeln!(
            out,
            "{pad} | {indent}{}",
            "^".repeat(token_width(&line, col))
        );
    }
}

/// One diagnostic, rustc-style.
pub fn render_diagnostic(d: &Diagnostic, sources: &mut Sources) -> String {
    let mut out = format!("{}[{}]: {}\n", d.severity, d.code, d.message);
    let pad = match &d.span {
        Some(loc) => {
            snippet(&mut out, loc, sources);
            " ".repeat(loc.pos.line.to_string().len())
        }
        None => String::new(),
    };
    if let Some(fix) = &d.fix {
        let _ = writeln!(out, "{pad} = fix: {fix}");
    }
    out
}

/// A file that did not load, rustc-style.
pub fn render_load_error(e: &LoadError, sources: &mut Sources) -> String {
    let mut out = match &e.path {
        Some(p) if !p.is_empty() => format!("error: `{p}`: {}\n", e.kind),
        _ => format!("error: {}\n", e.kind),
    };
    match e.pos {
        Some(pos) => snippet(
            &mut out,
            &Location {
                file: e.file.clone(),
                pos,
            },
            sources,
        ),
        None => {
            let _ = writeln!(out, "  --> {}", e.file.display());
        }
    }
    out
}

/// Counts by code, e.g. `TL104 ×3, TL113 ×1`.
fn by_code(diags: &[&Diagnostic]) -> String {
    let mut counts: Vec<(Code, usize)> = Vec::new();
    for d in diags {
        match counts.iter_mut().find(|(c, _)| *c == d.code) {
            Some((_, n)) => *n += 1,
            None => counts.push((d.code, 1)),
        }
    }
    counts.sort();
    counts
        .iter()
        .map(|(c, n)| format!("{c} ×{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The whole human report: every diagnostic, then a summary line per file.
pub fn human(files: &[PathBuf], outcomes: &[Outcome]) -> String {
    let mut sources = Sources::default();
    let mut out = String::new();
    let mut summary = String::new();
    for (file, outcome) in files.iter().zip(outcomes) {
        match outcome {
            Outcome::Unreadable(e) => {
                out.push_str(&render_load_error(e, &mut sources));
                out.push('\n');
                let _ = writeln!(summary, "{}: could not be loaded", file.display());
            }
            Outcome::Checked(diags) => {
                for d in diags {
                    out.push_str(&render_diagnostic(d, &mut sources));
                    out.push('\n');
                }
                let parts: Vec<String> = [
                    (Severity::Error, "error"),
                    (Severity::Warning, "warning"),
                    (Severity::Info, "info"),
                ]
                .iter()
                .map(|&(s, word)| {
                    let of: Vec<&Diagnostic> = diags.iter().filter(|d| d.severity == s).collect();
                    if of.is_empty() {
                        engine::words::count(0, word)
                    } else {
                        format!(
                            "{} ({})",
                            engine::words::count(of.len(), word),
                            by_code(&of)
                        )
                    }
                })
                .collect();
                let _ = writeln!(summary, "{}: {}", file.display(), parts.join(", "));
            }
        }
    }
    out.push_str(&summary);
    out
}

#[derive(Serialize)]
struct JsonSpan {
    file: String,
    line: u32,
    column: u32,
}

#[derive(Serialize)]
struct JsonLoadError {
    message: String,
    path: Option<String>,
    span: Option<JsonSpan>,
}

#[derive(Serialize)]
struct JsonFile<'a> {
    file: String,
    errors: usize,
    warnings: usize,
    infos: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    load_error: Option<JsonLoadError>,
    diagnostics: &'a [Diagnostic],
}

/// The JSON report: `{"files": [{file, errors, warnings, infos, diagnostics,
/// load_error?}]}`.
pub fn json(files: &[PathBuf], outcomes: &[Outcome]) -> String {
    let entries: Vec<JsonFile> = files
        .iter()
        .zip(outcomes)
        .map(|(file, o)| match o {
            Outcome::Unreadable(e) => JsonFile {
                file: file.display().to_string(),
                errors: 1,
                warnings: 0,
                infos: 0,
                load_error: Some(JsonLoadError {
                    message: e.kind.to_string(),
                    path: e.path.clone(),
                    span: e.pos.map(|p| JsonSpan {
                        file: e.file.display().to_string(),
                        line: p.line,
                        column: p.column,
                    }),
                }),
                diagnostics: &[],
            },
            Outcome::Checked(d) => JsonFile {
                file: file.display().to_string(),
                errors: d.count(Severity::Error),
                warnings: d.count(Severity::Warning),
                infos: d.count(Severity::Info),
                load_error: None,
                diagnostics: &d.0,
            },
        })
        .collect();
    let doc = serde_json::json!({ "files": entries });
    let mut text =
        serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_span_the_value() {
        assert_eq!(token_width("    color: purpel", 12), 6);
        assert_eq!(token_width("  - {from: A, to: B}", 5), 16);
        assert_eq!(token_width("  name: \"Sault St. Marie\" # x", 9), 17);
        assert_eq!(token_width("  - {name: A, x: 1}", 12), 1);
        assert_eq!(token_width("", 3), 1);
    }

    #[test]
    fn a_diagnostic_shows_its_line_with_a_caret() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.yaml");
        std::fs::write(&path, "routes:\n  - from: A\n    color: purpel\n").unwrap();
        let mut d = Diagnostic::new(Code::UnknownColor, "route A - B (purpel) is `purpel`")
            .fix("use `gray`");
        d.span = Some(Location {
            file: path.clone(),
            pos: formats::Pos::new(3, 12),
        });
        let text = render_diagnostic(&d, &mut Sources::default());
        let expected = format!(
            "error[TL006]: route A - B (purpel) is `purpel`\n --> {}:3:12\n  |\n3 |     color: purpel\n  |            ^^^^^^\n  = fix: use `gray`\n",
            path.display()
        );
        assert_eq!(text, expected);
    }
}
