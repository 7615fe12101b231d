//! The writers: threads that create cards and move their own cards between columns through
//! the proxy, one call at a time each, and record every call.
use super::mcp::{self, Outcome};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A board the writers share: its id and column ids (To do, Doing, Done).
#[derive(Debug, Clone)]
pub struct Target {
    pub board: String,
    pub columns: Vec<String>,
}

/// What a call wrote: a card with a unique title, or a move of such a card to a column.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    Create {
        board: usize,
        title: String,
        column: String,
    },
    Move {
        board: usize,
        title: String,
        to: String,
    },
}

/// One call of a writer: what, when (since the run's start), how long, what came back, from where.
#[derive(Debug, Clone)]
pub struct Call {
    pub op: Op,
    pub start: Duration,
    pub latency: Duration,
    pub outcome: Outcome,
    pub instance: Option<String>,
}

impl Call {
    /// When the answer came (since the run's start).
    pub fn end(&self) -> Duration {
        self.start + self.latency
    }

    pub fn acked(&self) -> bool {
        matches!(self.outcome, Outcome::Acked(_))
    }
}

/// Starts `count` writers against the proxy on `port`; writer `w` writes board
/// `w % boards.len()`, so writers on different instances meet on every board. They run until
/// `stop` is set and return their calls in order.
pub fn start(
    port: u16,
    boards: &[Target],
    count: usize,
    clock: Instant,
    stop: &Arc<AtomicBool>,
) -> Vec<JoinHandle<Vec<Call>>> {
    (0..count)
        .map(|writer| {
            let index = writer % boards.len();
            let target = boards[index].clone();
            let stop = stop.clone();
            std::thread::spawn(move || write(port, writer, index, &target, clock, &stop))
        })
        .collect()
}

fn write(
    port: u16,
    writer: usize,
    index: usize,
    target: &Target,
    clock: Instant,
    stop: &AtomicBool,
) -> Vec<Call> {
    let mut random = Random(0x9e37_79b9_7f4a_7c15 ^ (writer as u64 + 1).wrapping_mul(0x2545_f491));
    // (title, card id) of this writer's acknowledged cards, the only ones it moves.
    let mut cards: Vec<(String, String)> = Vec::new();
    let mut calls = Vec::new();
    let mut made = 0;
    while !stop.load(Ordering::Relaxed) {
        let (op, tool, arguments) = if cards.len() < 4 || random.below(3) == 0 {
            made += 1;
            let title = format!("w{writer}-{made}");
            let column = target.columns[0].clone();
            let arguments = json!({"board": target.board, "column": column, "title": title});
            (
                Op::Create {
                    board: index,
                    title,
                    column,
                },
                "create_card",
                arguments,
            )
        } else {
            let (title, card) = cards[random.below(cards.len())].clone();
            let to = target.columns[random.below(target.columns.len())].clone();
            let arguments = json!({"board": target.board, "card": card, "to": to});
            (
                Op::Move {
                    board: index,
                    title,
                    to,
                },
                "move_card",
                arguments,
            )
        };
        let start = clock.elapsed();
        let (outcome, instance) = mcp::call(port, tool, &arguments);
        let latency = clock.elapsed() - start;
        if let (Op::Create { title, .. }, Outcome::Acked(Some(id))) = (&op, &outcome) {
            cards.push((title.clone(), id.clone()));
        }
        let pause = if matches!(outcome, Outcome::Acked(_)) {
            5
        } else {
            25
        };
        calls.push(Call {
            op,
            start,
            latency,
            outcome,
            instance,
        });
        std::thread::sleep(Duration::from_millis(pause));
    }
    calls
}

/// xorshift64: enough to pick operations, cards and columns.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
