//! Small statistics for reports: proportions with Wilson score intervals, and
//! summaries (mean, spread, quantiles) of samples.

use serde::{Deserialize, Serialize};

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A proportion with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// Successes (fractional when ties are shared).
    pub count: f64,
    /// Trials.
    pub of: u64,
    /// `count / of` (0 when there were no trials).
    pub value: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Rate {
    /// `count` successes out of `of` trials.
    pub fn new(count: f64, of: u64) -> Rate {
        if of == 0 {
            return Rate {
                count,
                of,
                value: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = of as f64;
        let p = (count / n).clamp(0.0, 1.0);
        let z2 = Z95 * Z95;
        let denom = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denom;
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
        Rate {
            count,
            of,
            value: p,
            // Exact at the ends, where rounding would leave a crumb.
            low: if p == 0.0 {
                0.0
            } else {
                (centre - half).max(0.0)
            },
            high: if p == 1.0 {
                1.0
            } else {
                (centre + half).min(1.0)
            },
        }
    }

    /// `61% (95% CI 58–64%)`.
    pub fn percent(&self) -> String {
        format!(
            "{} (95% CI {}–{}%)",
            pct(self.value),
            pct_num(self.low),
            pct_num(self.high)
        )
    }
}

/// `0.613` → `61%`; small shares keep a decimal (`0.4%`); a share too small
/// to show but not zero is `< 0.01%`, never `0%`.
pub fn pct(x: f64) -> String {
    format!("{}%", pct_num(x))
}

fn pct_num(x: f64) -> String {
    let v = x * 100.0;
    if v != 0.0 && v.abs() < 1.0 {
        let t = format!("{v:.2}");
        let t = t.trim_end_matches('0').trim_end_matches('.');
        if t == "0" || t == "-0" {
            // Rounding would show a share that happened as none.
            "< 0.01".to_owned()
        } else {
            t.to_owned()
        }
    } else if v.abs() < 10.0 && (v - v.round()).abs() > 0.05 {
        format!("{v:.1}")
    } else {
        format!("{v:.0}")
    }
}

/// A share with a fixed number of decimals, for tables whose columns line
/// up: `0.1234`, 1 → `12.3%`. A share that is not zero but would round to
/// zero says so (`< 0.1%` with 1 decimal), never `0.0%`.
pub fn pct_fixed(x: f64, decimals: usize) -> String {
    let v = x * 100.0;
    let t = format!("{v:.decimals$}");
    if v != 0.0
        && t.trim_start_matches('-')
            .trim_matches(['0', '.'])
            .is_empty()
    {
        format!("< {}%", smallest_step(decimals))
    } else {
        format!("{t}%")
    }
}

/// A change of a share with its sign and a fixed number of decimals:
/// `+12.3%`, `-0.5%`; a change that is not zero but would round to zero is
/// `+< 0.1%` (or `-< 0.1%`), never `+0.0%`.
pub fn pct_signed(x: f64, decimals: usize) -> String {
    let v = x * 100.0;
    let t = format!("{v:+.decimals$}");
    if v != 0.0 && t[1..].trim_matches(['0', '.']).is_empty() {
        format!("{}< {}%", &t[..1], smallest_step(decimals))
    } else {
        format!("{t}%")
    }
}

/// The smallest step `decimals` decimals show: `0.1` for 1, `1` for 0.
fn smallest_step(decimals: usize) -> String {
    if decimals == 0 {
        "1".to_owned()
    } else {
        format!("0.{}1", "0".repeat(decimals - 1))
    }
}

/// Mean, spread and quantiles of a sample.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Sample size.
    pub n: u64,
    /// Mean.
    pub mean: f64,
    /// Standard deviation (n − 1).
    pub sd: f64,
    /// Smallest.
    pub min: f64,
    /// 10th percentile.
    pub p10: f64,
    /// 25th percentile.
    pub p25: f64,
    /// Median.
    pub median: f64,
    /// 75th percentile.
    pub p75: f64,
    /// 90th percentile.
    pub p90: f64,
    /// Largest.
    pub max: f64,
}

impl Summary {
    /// Summarises a sample (sorted in place).
    pub fn of(values: &mut [f64]) -> Summary {
        let n = values.len();
        if n == 0 {
            return Summary::default();
        }
        values.sort_by(f64::total_cmp);
        let mean = values.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        let q = |p: f64| {
            let pos = p * (n - 1) as f64;
            let lo = pos.floor() as usize;
            let hi = pos.ceil() as usize;
            values[lo] + (values[hi] - values[lo]) * (pos - lo as f64)
        };
        Summary {
            n: n as u64,
            mean,
            sd: var.sqrt(),
            min: values[0],
            p10: q(0.1),
            p25: q(0.25),
            median: q(0.5),
            p75: q(0.75),
            p90: q(0.9),
            max: values[n - 1],
        }
    }
}

/// Counts of a sample in equal bins: bin `k` holds the values in
/// `[start + k·width, start + (k+1)·width)`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Histogram {
    /// Lower edge of the first bin.
    pub start: f64,
    /// Width of every bin (1, 2 or 5 times a power of ten; at least 1).
    pub width: f64,
    /// Values per bin.
    pub counts: Vec<u64>,
}

impl Histogram {
    /// Bins `values` into at most about `max_bins` bins of a round width
    /// (empty for an empty sample; non-finite values are skipped).
    pub fn of(values: &[f64], max_bins: usize) -> Histogram {
        let finite = || values.iter().copied().filter(|v| v.is_finite());
        let (Some(lo), Some(hi)) = (finite().reduce(f64::min), finite().reduce(f64::max)) else {
            return Histogram::default();
        };
        let raw = (hi - lo) / max_bins.max(1) as f64;
        let mut width = 1.0;
        'find: for exp in 0..12 {
            for m in [1.0, 2.0, 5.0] {
                width = m * 10f64.powi(exp);
                if width >= raw {
                    break 'find;
                }
            }
        }
        let start = (lo / width).floor() * width;
        let bins = ((hi - start) / width).floor() as usize + 1;
        let mut counts = vec![0u64; bins];
        for v in finite() {
            let k = (((v - start) / width).floor() as usize).min(bins - 1);
            counts[k] += 1;
        }
        Histogram {
            start,
            width,
            counts,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_use_round_bins_and_count_every_value() {
        let h = Histogram::of(&[3.0, 4.0, 4.0, 9.0], 30);
        assert_eq!((h.start, h.width), (3.0, 1.0));
        assert_eq!(h.counts, vec![1, 2, 0, 0, 0, 0, 1]);
        let v: Vec<f64> = (0..=250).map(f64::from).collect();
        let h = Histogram::of(&v, 30);
        assert_eq!((h.start, h.width, h.counts.len()), (0.0, 10.0, 26));
        assert_eq!(h.counts.iter().sum::<u64>(), 251);
        let h = Histogram::of(&[-7.0, 12.0], 10);
        assert_eq!((h.start, h.width), (-8.0, 2.0));
        assert_eq!(Histogram::of(&[], 10), Histogram::default());
    }

    #[test]
    fn wilson_intervals_match_the_textbook() {
        // 61 of 100: Wilson 95% interval is 0.512–0.700.
        let r = Rate::new(61.0, 100);
        assert!(
            (r.low - 0.512).abs() < 0.002 && (r.high - 0.700).abs() < 0.002,
            "{r:?}"
        );
        let none = Rate::new(0.0, 50);
        assert_eq!(none.low, 0.0);
        assert!(none.high > 0.05 && none.high < 0.08);
        assert_eq!(Rate::new(61.0, 100).percent(), "61% (95% CI 51–70%)");
        // Small upper bounds stay visible: no stalemate in 10,000 games.
        assert_eq!(Rate::new(0.0, 10_000).percent(), "0% (95% CI 0–0.04%)");
        assert_eq!(pct(0.004), "0.4%");
        // 1 stalemate in 100,000 games is not "0%".
        assert_eq!(pct(1.0 / 100_000.0), "< 0.01%");
        assert_eq!(pct(0.0001), "0.01%");
        assert_eq!(pct(0.0), "0%");
        // Fixed decimals, as tables print them, and the same rule for tiny shares.
        assert_eq!(pct_fixed(0.1234, 1), "12.3%");
        assert_eq!(pct_fixed(0.0, 1), "0.0%");
        assert_eq!(pct_fixed(0.0004, 1), "< 0.1%");
        assert_eq!(pct_fixed(0.004, 0), "< 1%");
        assert_eq!(pct_fixed(0.0001, 2), "0.01%");
        assert_eq!(pct_fixed(0.00001, 2), "< 0.01%");
        assert_eq!(pct_signed(0.05, 1), "+5.0%");
        assert_eq!(pct_signed(-0.005, 1), "-0.5%");
        assert_eq!(pct_signed(0.0, 1), "+0.0%");
        assert_eq!(pct_signed(0.0002, 1), "+< 0.1%");
        assert_eq!(pct_signed(-0.0002, 1), "-< 0.1%");
    }

    #[test]
    fn summaries_give_quantiles() {
        let mut v: Vec<f64> = (1..=11).map(f64::from).collect();
        let s = Summary::of(&mut v);
        assert_eq!((s.min, s.median, s.max, s.mean), (1.0, 6.0, 11.0, 6.0));
        assert_eq!((s.p10, s.p90), (2.0, 10.0));
        assert_eq!(Summary::of(&mut []).n, 0);
    }
}
