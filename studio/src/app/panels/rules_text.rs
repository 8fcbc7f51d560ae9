//! The designer's own rules text (`rules_text:` of the design, Markdown):
//! an editor beside a preview, shown in the Rules tab of every family. The
//! print-and-play kit prints the text after the generated rules summary;
//! the preview shows its headings, paragraphs, lists and emphasis, and how
//! many cards it prints on. Typing is one undo step per burst.

use egui::{RichText, ScrollArea, TextEdit, Ui};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use crate::app::document::Document;

/// A run of text in one style.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// The text.
    pub text: String,
    /// Bold (`**…**`).
    pub strong: bool,
    /// Italic (`*…*`).
    pub emphasis: bool,
    /// Code (`` `…` ``).
    pub code: bool,
}

/// One block of the preview.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A heading of level 1 to 6.
    Heading(u8, Vec<Span>),
    /// A paragraph.
    Paragraph(Vec<Span>),
    /// A list item at a depth (1: top level), numbered or bulleted.
    Item {
        /// How deep the list is.
        depth: usize,
        /// Its number in an ordered list.
        number: Option<u64>,
        /// Its text.
        spans: Vec<Span>,
    },
    /// A code block.
    Code(String),
}

/// The preview's blocks of `markdown` (CommonMark, read with pulldown-cmark
/// as the printed rules are).
pub fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    let (mut strong, mut emphasis) = (0usize, 0usize);
    // Each open list: its next number (`None`: bullets).
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut item: Option<(usize, Option<u64>)> = None;
    let mut code: Option<String> = None;
    let flush =
        |spans: &mut Vec<Span>, item: &Option<(usize, Option<u64>)>, out: &mut Vec<Block>| {
            if spans.iter().all(|s| s.text.trim().is_empty()) {
                spans.clear();
                return;
            }
            let taken = std::mem::take(spans);
            out.push(match item {
                Some((depth, number)) => Block::Item {
                    depth: *depth,
                    number: *number,
                    spans: taken,
                },
                None => Block::Paragraph(taken),
            });
        };
    let mut heading: Option<u8> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                flush(&mut spans, &item, &mut out);
                heading = Some(level as u8);
            }
            Event::End(TagEnd::Heading(_)) => {
                out.push(Block::Heading(
                    heading.take().unwrap_or(1),
                    std::mem::take(&mut spans),
                ));
            }
            Event::Start(Tag::List(first)) => {
                flush(&mut spans, &item, &mut out);
                lists.push(first);
            }
            Event::End(TagEnd::List(_)) => {
                flush(&mut spans, &item, &mut out);
                lists.pop();
                item = None;
            }
            Event::Start(Tag::Item) => {
                flush(&mut spans, &item, &mut out);
                let number = lists.last_mut().and_then(|n| {
                    let now = *n;
                    if let Some(k) = n {
                        *k += 1;
                    }
                    now
                });
                item = Some((lists.len(), number));
            }
            Event::End(TagEnd::Item) => {
                flush(&mut spans, &item, &mut out);
                item = None;
            }
            Event::End(TagEnd::Paragraph) if item.is_none() => {
                flush(&mut spans, &item, &mut out);
            }
            Event::Start(Tag::Strong) => strong += 1,
            Event::End(TagEnd::Strong) => strong = strong.saturating_sub(1),
            Event::Start(Tag::Emphasis) => emphasis += 1,
            Event::End(TagEnd::Emphasis) => emphasis = emphasis.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => {
                flush(&mut spans, &item, &mut out);
                code = Some(String::new());
            }
            Event::End(TagEnd::CodeBlock) => {
                out.push(Block::Code(
                    code.take().unwrap_or_default().trim_end().to_owned(),
                ));
            }
            Event::Text(t) => match &mut code {
                Some(c) => c.push_str(&t),
                None => spans.push(Span {
                    text: t.into_string(),
                    strong: strong > 0,
                    emphasis: emphasis > 0,
                    code: false,
                }),
            },
            Event::Code(t) => spans.push(Span {
                text: t.into_string(),
                code: true,
                ..Span::default()
            }),
            Event::SoftBreak | Event::HardBreak => spans.push(Span {
                text: " ".to_owned(),
                ..Span::default()
            }),
            _ => {}
        }
    }
    flush(&mut spans, &item, &mut out);
    out
}

/// The editor of the designer's rules text and its preview.
#[derive(Default)]
pub struct RulesTextEditor {
    buffer: String,
    /// The document generation the buffer was read at.
    generation: Option<u64>,
}

/// The title of the printed section, as the kit names it.
const PRINTED_AS: &str = "Designer's rules";

impl RulesTextEditor {
    /// Shows the editor and the preview; an edit of the text is an undo
    /// step (quick typing merges into one).
    pub fn ui(&mut self, ui: &mut Ui, doc: &mut Document) {
        if self.generation != Some(doc.generation()) {
            self.buffer = doc.design.rules_text.clone().unwrap_or_default();
            self.generation = Some(doc.generation());
        }
        ui.label("Your own rules, in Markdown: printed after the generated rules summary.");
        let edit = TextEdit::multiline(&mut self.buffer)
            .desired_rows(8)
            .desired_width(f32::INFINITY)
            .hint_text("# Setup\n\nDeal **four** train cards to each player…");
        let response = super::labelled(ui, "Rules text", |ui| ui.add(edit));
        if response.changed() {
            let text = self.buffer.clone();
            doc.edit_merging("Edit rules text", "rules text", |d| {
                d.rules_text = (!text.trim().is_empty()).then_some(text);
            });
            self.generation = Some(doc.generation());
        }
        let cards = crate::export::cards::rules_cards(
            PRINTED_AS,
            &crate::export::rules_card::designer_lines(&self.buffer),
        )
        .len();
        ui.label(
            RichText::new(match cards {
                0 => "Preview: nothing is printed.".to_owned(),
                1 => "Preview: printed on 1 card.".to_owned(),
                n => format!("Preview: printed on {n} cards."),
            })
            .strong(),
        );
        ScrollArea::vertical()
            .id_salt("rules text preview")
            .max_height(240.0)
            .show(ui, |ui| {
                for block in blocks(&self.buffer) {
                    show(ui, &block);
                }
            });
    }
}

/// One block of the preview as labels.
fn show(ui: &mut Ui, block: &Block) {
    let line = |ui: &mut Ui, spans: &[Span], size: Option<f32>, strong: bool| {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            for s in spans {
                let mut t = RichText::new(&s.text);
                if let Some(size) = size {
                    t = t.size(size);
                }
                if s.strong || strong {
                    t = t.strong();
                }
                if s.emphasis {
                    t = t.italics();
                }
                if s.code {
                    t = t.code();
                }
                ui.label(t);
            }
        });
    };
    match block {
        Block::Heading(level, spans) => {
            line(ui, spans, Some(22.0 - 2.0 * f32::from(*level)), true);
        }
        Block::Paragraph(spans) => line(ui, spans, None, false),
        Block::Item {
            depth,
            number,
            spans,
        } => {
            let mut with_mark = vec![Span {
                text: format!(
                    "{}{} ",
                    "    ".repeat(depth.saturating_sub(1)),
                    number.map_or_else(|| "•".to_owned(), |n| format!("{n}."))
                ),
                ..Span::default()
            }];
            with_mark.extend(spans.iter().cloned());
            line(ui, &with_mark, None, false);
        }
        Block::Code(text) => {
            ui.label(RichText::new(text).code());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_preview_reads_headings_lists_and_emphasis() {
        let got =
            blocks("# Setup\n\nDeal **four** cards.\n\n- one\n- *two*\n\n1. first\n2. second\n");
        let texts: Vec<String> = got
            .iter()
            .map(|b| match b {
                Block::Heading(l, s) => format!("h{l} {}", join(s)),
                Block::Paragraph(s) => format!("p {}", join(s)),
                Block::Item {
                    depth,
                    number,
                    spans,
                } => {
                    format!("i{depth} {number:?} {}", join(spans))
                }
                Block::Code(t) => format!("code {t}"),
            })
            .collect();
        assert_eq!(
            texts,
            [
                "h1 Setup",
                "p Deal four cards.",
                "i1 None one",
                "i1 None two",
                "i1 Some(1) first",
                "i1 Some(2) second"
            ]
        );
        let Block::Paragraph(spans) = &got[1] else {
            panic!("{got:?}")
        };
        assert!(spans.iter().any(|s| s.strong && s.text == "four"));
        let Block::Item { spans, .. } = &got[3] else {
            panic!("{got:?}")
        };
        assert!(spans[0].emphasis);
    }

    fn join(spans: &[Span]) -> String {
        spans.iter().map(|s| s.text.as_str()).collect()
    }
}
