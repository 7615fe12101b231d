//! The boards read back and held against the calls: every acknowledged write exactly once.
use super::mcp::{self, Outcome};
use super::writers::{Call, Op, Target};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};

/// Where each card title is on one board: the column of every card with that title (one
/// entry when it is there exactly once).
pub type Placement = BTreeMap<String, Vec<String>>;

/// Reads every board through the proxy (`search_cards` answers with the whole board; the
/// UI tool `open_board` answers with a view).
pub fn read(port: u16, targets: &[Target]) -> Result<Vec<Placement>, String> {
    targets
        .iter()
        .map(|target| {
            let args = json!({"board": target.board, "query": "w"});
            let answer = mcp::structured(port, "search_cards", &args, 50)?;
            let columns = answer["board"]["columns"]
                .as_array()
                .ok_or_else(|| format!("search_cards answered without columns: {answer}"))?;
            let mut placement = Placement::new();
            for column in columns {
                let id = column["id"].as_str().unwrap_or_default();
                for card in column["cards"].as_array().into_iter().flatten() {
                    let title = card["title"].as_str().unwrap_or_default().to_owned();
                    placement.entry(title).or_default().push(id.to_owned());
                }
            }
            Ok(placement)
        })
        .collect()
}

/// What the boards say about the writes.
#[derive(Debug, Default)]
pub struct Tally {
    /// Acknowledged creates whose card is missing.
    pub lost: Vec<String>,
    /// Cards present more than once (acknowledged or not).
    pub duplicated: Vec<String>,
    /// Cards in a column no acknowledged-or-unknown move of theirs allows.
    pub misplaced: Vec<String>,
    /// Creates not acknowledged (refused, unknown or hanging).
    pub unacked_creates: usize,
    /// … of which the card is there all the same (committed before the answer was lost).
    pub unacked_stored: usize,
}

/// Holds the calls (each writer's in its order) against the boards.
///
/// A create is stored exactly once when acknowledged, at most once otherwise. A card's
/// column is the target of its last acknowledged move (its create's column without one), or
/// the target of a move not acknowledged after that one; a hanging move may also have been
/// applied after a later acknowledged one, so its target is allowed whenever it was sent.
pub fn tally(calls: &[Call], boards: &[Placement]) -> Tally {
    let mut tally = Tally::default();
    let mut creates = BTreeMap::new();
    let mut moves: BTreeMap<&str, Vec<&Call>> = BTreeMap::new();
    for call in calls {
        match &call.op {
            Op::Create {
                board,
                title,
                column,
            } => {
                creates.insert(title.as_str(), (call, *board, column));
            }
            Op::Move { title, .. } => moves.entry(title.as_str()).or_default().push(call),
        }
    }
    for (title, (call, board, column)) in creates {
        let found = boards[board].get(title).map_or(&[][..], Vec::as_slice);
        if found.len() > 1 {
            tally.duplicated.push(title.to_owned());
        }
        if !call.acked() {
            tally.unacked_creates += 1;
            tally.unacked_stored += usize::from(!found.is_empty());
            continue;
        }
        let [now] = found else {
            if found.is_empty() {
                tally.lost.push(title.to_owned());
            }
            continue;
        };
        let allowed = allowed(column, moves.get(title).map_or(&[][..], Vec::as_slice));
        if !allowed.contains(now.as_str()) {
            tally
                .misplaced
                .push(format!("{title} in {now}, allowed {allowed:?}"));
        }
    }
    tally
}

fn allowed<'a>(created_in: &'a str, moves: &[&'a Call]) -> BTreeSet<&'a str> {
    let target = |call: &&'a Call| match &call.op {
        Op::Move { to, .. } => to.as_str(),
        Op::Create { column, .. } => column.as_str(),
    };
    let last_ack = moves.iter().rposition(|call| call.acked());
    let mut allowed = BTreeSet::from([last_ack.map_or(created_in, |k| target(&moves[k]))]);
    let after = last_ack.map_or(0, |k| k + 1);
    allowed.extend(moves[after..].iter().map(target));
    allowed.extend(
        moves
            .iter()
            .filter(|call| call.outcome == Outcome::Hung)
            .map(target),
    );
    allowed
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn call(op: Op, outcome: Outcome) -> Call {
        Call {
            op,
            start: Duration::ZERO,
            latency: Duration::ZERO,
            outcome,
            instance: None,
        }
    }

    fn create(title: &str, outcome: Outcome) -> Call {
        let (board, title, column) = (0, title.to_owned(), "todo".to_owned());
        call(
            Op::Create {
                board,
                title,
                column,
            },
            outcome,
        )
    }

    fn moved(title: &str, to: &str, outcome: Outcome) -> Call {
        let (board, title, to) = (0, title.to_owned(), to.to_owned());
        call(Op::Move { board, title, to }, outcome)
    }

    fn board(cards: &[(&str, &str)]) -> Vec<Placement> {
        let mut placement = Placement::new();
        for (title, column) in cards {
            placement
                .entry((*title).to_owned())
                .or_default()
                .push((*column).to_owned());
        }
        vec![placement]
    }

    fn acked() -> Outcome {
        Outcome::Acked(None)
    }

    #[test]
    fn an_acknowledged_card_missing_is_lost_and_one_twice_is_duplicated() {
        let calls = [
            create("a", acked()),
            create("b", acked()),
            create("c", Outcome::Hung),
        ];
        let tally = tally(
            &calls,
            &board(&[("b", "todo"), ("b", "todo"), ("c", "todo")]),
        );
        assert_eq!(tally.lost, ["a"]);
        assert_eq!(tally.duplicated, ["b"]);
        assert_eq!((tally.unacked_creates, tally.unacked_stored), (1, 1));
    }

    #[test]
    fn a_card_may_be_where_its_last_acknowledged_move_or_a_later_unknown_one_put_it() {
        let calls = [
            create("a", acked()),
            moved("a", "doing", acked()),
            moved("a", "done", Outcome::Unknown("502".into())),
        ];
        for column in ["doing", "done"] {
            assert!(tally(&calls, &board(&[("a", column)])).misplaced.is_empty());
        }
        for column in ["todo", "elsewhere"] {
            assert_eq!(tally(&calls, &board(&[("a", column)])).misplaced.len(), 1);
        }
    }

    #[test]
    fn only_a_hanging_move_may_land_after_a_later_acknowledged_one() {
        let refused = Outcome::Refused("storage".into());
        let before = |outcome| {
            [
                create("a", acked()),
                moved("a", "done", outcome),
                moved("a", "doing", acked()),
            ]
        };
        assert!(
            tally(&before(Outcome::Hung), &board(&[("a", "done")]))
                .misplaced
                .is_empty()
        );
        assert_eq!(
            tally(&before(refused), &board(&[("a", "done")]))
                .misplaced
                .len(),
            1
        );
    }
}
