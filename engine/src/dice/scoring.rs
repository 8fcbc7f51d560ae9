//! The end of the game: final scores (points, revealed tickets, monopolies)
//! and the tie-break (most of the tie-break good).

use super::state::{Goods, Phase, State};
use crate::game::{EndReason, Outcome, Seat};

impl State {
    /// Final scores: points, revealed tickets, monopolies (every tied player).
    pub(crate) fn final_breakdowns(&self) -> Vec<[i32; 3]> {
        let n = self.players.len();
        let goods: Vec<Goods> = (0..n).map(|s| self.goods_with_specials(s)).collect();
        let mut mono = vec![0i32; n];
        for (g, good) in self.design.goods.iter().enumerate() {
            let top = goods.iter().map(|x| x[g]).max().unwrap_or(0);
            if top == 0 {
                continue;
            }
            for s in 0..n {
                if goods[s][g] == top {
                    mono[s] += i32::from(good.monopoly);
                }
            }
        }
        (0..n)
            .map(|s| {
                let p = &self.players[s];
                [p.points, p.ticket_points(&self.design), mono[s]]
            })
            .collect()
    }

    pub(crate) fn finish_game(&mut self, reason: EndReason) {
        let breakdowns = self.final_breakdowns();
        let scores: Vec<i32> = breakdowns.iter().map(|b| b.iter().sum()).collect();
        let tb = usize::from(self.design.tie_break);
        let key: Vec<(i32, u8)> = (0..scores.len())
            .map(|s| (scores[s], self.goods_with_specials(s)[tb]))
            .collect();
        let ranks: Vec<u8> = key
            .iter()
            .map(|k| key.iter().filter(|o| *o > k).count() as u8)
            .collect();
        let winners = (0..scores.len())
            .filter(|&s| ranks[s] == 0)
            .map(|s| Seat(s as u8))
            .collect();
        self.phase = Phase::Over;
        self.stopped = Some(reason);
        self.ending = Some(super::state::Ending {
            outcome: Outcome {
                scores,
                ranks,
                winners,
                reason,
            },
            breakdowns,
        });
    }
}
