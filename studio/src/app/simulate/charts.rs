//! Charts of a report section (egui_plot): win rates by seat and by bot as
//! bars with 95% whiskers, score distributions as boxes per seat and bot and
//! as a histogram, and game length as a histogram. The data comes from small
//! pure functions; the plots only draw it.

use egui::{Color32, Ui};
use egui_plot::{
    Bar, BarChart, BoxElem, BoxPlot, BoxSpread, GridInput, GridMark, HLine, Line, Plot, PlotPoints,
};
use engine::sim::report::PlayerCountReport;
use engine::sim::stats::{Histogram, Rate, Summary};

/// One bar with its 95% interval.
#[derive(Clone, Debug, PartialEq)]
pub struct RateBar {
    /// What the bar is (`Seat 1`, a bot's name).
    pub label: String,
    /// The rate, 0 to 1.
    pub value: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl RateBar {
    fn of(label: String, r: &Rate) -> RateBar {
        RateBar {
            label,
            value: r.value,
            low: r.low,
            high: r.high,
        }
    }
}

/// Win rate by seat.
pub fn seat_bars<R>(s: &PlayerCountReport<R>) -> Vec<RateBar> {
    s.outcome
        .seats
        .iter()
        .map(|x| RateBar::of(format!("Seat {}", x.seat + 1), &x.win_rate))
        .collect()
}

/// Win rate by bot (per seat played).
pub fn bot_bars<R>(s: &PlayerCountReport<R>) -> Vec<RateBar> {
    s.outcome
        .bots
        .iter()
        .map(|b| RateBar::of(b.bot.clone(), &b.win_rate))
        .collect()
}

/// A labelled score distribution.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    /// `Seat 1` or a bot's name.
    pub label: String,
    /// Its summary.
    pub summary: Summary,
}

/// Score distributions by seat and by bot (those that played).
pub fn score_boxes<R>(s: &PlayerCountReport<R>) -> (Vec<Distribution>, Vec<Distribution>) {
    let seats = s
        .scores
        .by_seat
        .iter()
        .enumerate()
        .map(|(i, x)| Distribution {
            label: format!("Seat {}", i + 1),
            summary: *x,
        });
    let bots = s
        .scores
        .by_bot
        .iter()
        .zip(&s.outcome.bots)
        .map(|(x, b)| Distribution {
            label: b.bot.clone(),
            summary: *x,
        });
    (
        seats.filter(|d| d.summary.n > 0).collect(),
        bots.filter(|d| d.summary.n > 0).collect(),
    )
}

/// A histogram's bars as (bin centre, count, bin width).
pub fn histogram_bars(h: &Histogram) -> Vec<(f64, f64, f64)> {
    h.counts
        .iter()
        .enumerate()
        .map(|(k, &n)| (h.start + (k as f64 + 0.5) * h.width, n as f64, h.width))
        .collect()
}

fn plot<'a>(id: &'a str, height: f32) -> Plot<'a> {
    Plot::new(id)
        .height(height)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_boxed_zoom(false)
}

/// A plot of `n` categories at x = 0, 1, …; their names are drawn as text in
/// the plot (see [`name_above`]), where they cannot be hidden for lack of room.
fn category_plot(id: &str, height: f32, n: usize) -> Plot<'_> {
    plot(id, height)
        .include_x(-0.6)
        .include_x(n as f64 - 0.4)
        .show_axes([false, true])
        .x_grid_spacer(move |_: GridInput| {
            (0..n)
                .map(|i| GridMark {
                    value: i as f64,
                    step_size: 1.0,
                })
                .collect()
        })
}

/// Writes a category's name just above `y` at `x`.
fn name_above(p: &mut egui_plot::PlotUi<'_>, x: f64, y: f64, name: &str) {
    p.text(
        egui_plot::Text::new(name, egui_plot::PlotPoint::new(x, y), short_label(name))
            .anchor(egui::Align2::CENTER_BOTTOM),
    );
}

/// A category name short enough to sit over a bar: hyphenated names over 12
/// characters keep their last part and abbreviate the others
/// (`destination-hungry` → `dest.-hungry`).
pub fn short_label(label: &str) -> String {
    if label.chars().count() <= 12 || !label.contains('-') {
        return label.to_owned();
    }
    let parts: Vec<&str> = label.split('-').collect();
    let (last, rest) = parts.split_last().unwrap_or((&label, &[]));
    rest.iter()
        .map(|p| {
            if p.chars().count() > 4 {
                format!("{}.", p.chars().take(4).collect::<String>())
            } else {
                (*p).to_owned()
            }
        })
        .chain(std::iter::once((*last).to_owned()))
        .collect::<Vec<_>>()
        .join("-")
}

/// Bars with whiskers for their 95% intervals, and a line at `fair` if given.
pub fn rate_chart(ui: &mut Ui, id: &str, bars: &[RateBar], fair: Option<f64>, color: Color32) {
    let chart = BarChart::new(
        "win rate",
        bars.iter()
            .enumerate()
            .map(|(i, b)| {
                Bar::new(i as f64, b.value * 100.0)
                    .width(0.6)
                    .name(&b.label)
                    .fill(color.gamma_multiply(0.85))
            })
            .collect(),
    )
    .color(color);
    let ink = ui.visuals().strong_text_color();
    category_plot(id, 170.0, bars.len())
        .include_y(0.0)
        .include_y(bars.iter().map(|b| b.high * 100.0).fold(0.0, f64::max) * 1.2 + 5.0)
        .y_axis_label("win %")
        .show(ui, |p| {
            p.bar_chart(chart);
            for (i, b) in bars.iter().enumerate() {
                let x = i as f64;
                let (lo, hi) = (b.low * 100.0, b.high * 100.0);
                name_above(p, x, hi + 1.0, &b.label);
                p.line(
                    Line::new("95% interval", PlotPoints::from(vec![[x, lo], [x, hi]]))
                        .color(ink)
                        .width(1.5),
                );
                for y in [lo, hi] {
                    p.line(
                        Line::new(
                            "95% interval",
                            PlotPoints::from(vec![[x - 0.12, y], [x + 0.12, y]]),
                        )
                        .color(ink)
                        .width(1.5),
                    );
                }
            }
            if let Some(f) = fair {
                p.hline(
                    HLine::new("fair share", f * 100.0)
                        .color(Color32::from_rgb(60, 200, 110))
                        .width(1.5),
                );
            }
        });
}

/// Box plots (quartiles, whiskers p10–p90) of the distributions.
pub fn box_chart(ui: &mut Ui, id: &str, boxes: &[Distribution], color: Color32) {
    let elems = boxes
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let s = &d.summary;
            BoxElem::new(
                i as f64,
                BoxSpread::new(s.p10, s.p25, s.median, s.p75, s.p90),
            )
            .name(&d.label)
            .box_width(0.55)
            .fill(color.gamma_multiply(0.45))
            .stroke(egui::Stroke::new(1.5, color))
        })
        .collect();
    let top = boxes.iter().map(|b| b.summary.p90).fold(f64::MIN, f64::max);
    let bottom = boxes.iter().map(|b| b.summary.p10).fold(f64::MAX, f64::min);
    category_plot(id, 170.0, boxes.len())
        .include_y(top + (top - bottom).max(1.0) * 0.25)
        .y_axis_label("score")
        .show(ui, |p| {
            p.box_plot(BoxPlot::new("scores", elems).color(color));
            for (i, b) in boxes.iter().enumerate() {
                name_above(p, i as f64, b.summary.p90, &b.label);
            }
        });
}

/// A histogram's bars.
pub fn histogram_chart(ui: &mut Ui, id: &str, h: &Histogram, x_label: &str, color: Color32) {
    let bars = histogram_bars(h)
        .into_iter()
        .map(|(x, n, w)| {
            Bar::new(x, n)
                .width(w * 0.95)
                .fill(color.gamma_multiply(0.85))
        })
        .collect();
    plot(id, 150.0)
        .include_y(0.0)
        .x_axis_label(x_label)
        .y_axis_label("count")
        .show(ui, |p| {
            p.bar_chart(BarChart::new(x_label, bars).color(color))
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chart_data_is_the_reports() {
        let r = crate::app::simulate::testing::report(2, 12);
        let s = &r.by_players[0];
        let seats = seat_bars(s);
        assert_eq!(seats.len(), 2);
        assert_eq!(seats[0].label, "Seat 1");
        assert_eq!(seats[0].value, s.outcome.seats[0].win_rate.value);
        assert_eq!(seats[1].high, s.outcome.seats[1].win_rate.high);
        assert_eq!(bot_bars(s).len(), 4);
        let (seats, bots) = score_boxes(s);
        assert_eq!(seats[0].summary, s.scores.by_seat[0]);
        assert_eq!(bots[1].label, s.outcome.bots[1].bot);
        assert_eq!(bots[1].summary, s.scores.by_bot[1]);
        assert!(seats.iter().chain(&bots).all(|b| b.summary.n > 0));
        let bars = histogram_bars(&s.pace.turns_histogram);
        assert_eq!(bars.iter().map(|b| b.1).sum::<f64>(), 12.0);
        let h = Histogram {
            start: 10.0,
            width: 5.0,
            counts: vec![1, 2],
        };
        assert_eq!(histogram_bars(&h), vec![(12.5, 1.0, 5.0), (17.5, 2.0, 5.0)]);
        assert_eq!(short_label("destination-hungry"), "dest.-hungry");
        assert_eq!(short_label("route-focus"), "route-focus");
        assert_eq!(short_label("Seat 1"), "Seat 1");
    }
}
