//! Charts of a report section (egui_plot): win rates by seat and by bot as
//! bars with 95% whiskers, score distributions as boxes per seat and bot and
//! as a histogram, and game length as a histogram. The data comes from small
//! pure functions; the plots only draw it.

use egui::{Color32, Ui};
use egui_plot::{Bar, BarChart, BoxElem, BoxPlot, BoxSpread, HLine, Line, Plot, PlotPoints};
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
pub fn seat_bars(s: &PlayerCountReport) -> Vec<RateBar> {
    s.outcome
        .seats
        .iter()
        .map(|x| RateBar::of(format!("Seat {}", x.seat + 1), &x.win_rate))
        .collect()
}

/// Win rate by bot (per seat played).
pub fn bot_bars(s: &PlayerCountReport) -> Vec<RateBar> {
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

/// Score distributions by seat, then by bot.
pub fn score_boxes(s: &PlayerCountReport) -> Vec<Distribution> {
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
    seats.chain(bots).filter(|d| d.summary.n > 0).collect()
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

fn category_axis(
    labels: Vec<String>,
) -> impl Fn(egui_plot::GridMark, &std::ops::RangeInclusive<f64>) -> String {
    move |m, _| {
        let i = m.value.round();
        if (m.value - i).abs() < 1e-6 && i >= 0.0 {
            labels.get(i as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    }
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
            })
            .collect(),
    )
    .color(color);
    plot(id, 170.0)
        .include_y(0.0)
        .include_y(bars.iter().map(|b| b.high * 100.0).fold(0.0, f64::max) + 5.0)
        .include_x(-0.6)
        .include_x(bars.len() as f64 - 0.4)
        .y_axis_label("win %")
        .x_axis_formatter(category_axis(
            bars.iter().map(|b| b.label.clone()).collect(),
        ))
        .show(ui, |p| {
            p.bar_chart(chart);
            for (i, b) in bars.iter().enumerate() {
                let x = i as f64;
                let (lo, hi) = (b.low * 100.0, b.high * 100.0);
                let ink = Color32::from_gray(30);
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
                p.hline(HLine::new("fair share", f * 100.0).color(Color32::from_rgb(0, 140, 70)));
            }
        });
}

/// Box plots (quartiles, whiskers p10–p90) of the distributions.
pub fn box_chart(ui: &mut Ui, id: &str, boxes: &[Distribution]) {
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
        })
        .collect();
    plot(id, 190.0)
        .include_x(-0.6)
        .include_x(boxes.len() as f64 - 0.4)
        .y_axis_label("score")
        .x_axis_formatter(category_axis(
            boxes.iter().map(|b| b.label.clone()).collect(),
        ))
        .show(ui, |p| {
            p.box_plot(BoxPlot::new("scores", elems).color(Color32::from_rgb(70, 110, 180)));
        });
}

/// A histogram's bars.
pub fn histogram_chart(ui: &mut Ui, id: &str, h: &Histogram, x_label: &str, color: Color32) {
    let bars = histogram_bars(h)
        .into_iter()
        .map(|(x, n, w)| Bar::new(x, n).width(w * 0.95))
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
        let boxes = score_boxes(s);
        assert_eq!(boxes[0].summary, s.scores.by_seat[0]);
        assert!(boxes.iter().all(|b| b.summary.n > 0));
        let bars = histogram_bars(&s.pace.turns_histogram);
        assert_eq!(bars.iter().map(|b| b.1).sum::<f64>(), 12.0);
        let h = Histogram {
            start: 10.0,
            width: 5.0,
            counts: vec![1, 2],
        };
        assert_eq!(histogram_bars(&h), vec![(12.5, 1.0, 5.0), (17.5, 2.0, 5.0)]);
    }
}
