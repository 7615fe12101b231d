//! The semantics of each Kanban tool, through [`Kanban`] over an in-memory SQLite store.
use kanban::store::{SqliteStore, StoreError};
use kanban::{Anchor, Answer, BoardError, Error, Kanban};

fn kanban() -> Kanban {
    Kanban::new(SqliteStore::open_memory().expect("in-memory SQLite"))
}

/// Card titles per column.
fn layout(answer: &Answer) -> Vec<Vec<String>> {
    answer
        .board
        .columns
        .iter()
        .map(|c| c.cards.iter().map(|card| card.title.clone()).collect())
        .collect()
}

/// A board "B" with cards a, b, c in the first column and d in the second.
fn sample(k: &Kanban) -> Result<(String, Vec<String>, Vec<String>), Error> {
    let board = k.create_board("B", Some("b"))?;
    let columns: Vec<String> = board.board.columns.iter().map(|c| c.id.clone()).collect();
    let mut cards = Vec::new();
    for (title, column) in [("a", 0), ("b", 0), ("c", 0), ("d", 1)] {
        let answer = k.create_card("b", &columns[column], title, None, &[], None)?;
        cards.push(answer.created.clone().unwrap_or_default());
    }
    Ok(("b".into(), columns, cards))
}

#[test]
fn create_board_has_three_columns_and_lists() -> Result<(), Error> {
    let k = kanban();
    let made = k.create_board("  Launch plan! ", None)?;
    assert_eq!(made.board.title, "Launch plan!");
    assert!(
        made.board.id.starts_with("launch-plan-"),
        "{}",
        made.board.id
    );
    assert_eq!(made.version, 1);
    assert_eq!(layout(&made), vec![Vec::<String>::new(); 3]);
    k.create_board("Second", Some("second"))?;
    let list = k.list_boards()?;
    let ids: Vec<&str> = list.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, [made.board.id.as_str(), "second"]);
    assert_eq!((list[0].columns, list[0].cards), (3, 0));
    assert!(matches!(
        k.create_board("Again", Some("second")),
        Err(Error::Store(StoreError::Exists(_)))
    ));
    assert_eq!(
        k.create_board(" ", None),
        Err(BoardError::Empty("board title").into())
    );
    Ok(())
}

#[test]
fn open_without_an_id_creates_the_default_board_once() -> Result<(), Error> {
    let k = kanban();
    let first = k.open(None)?;
    assert_eq!(first.board.id, kanban::DEFAULT_BOARD);
    assert_eq!(k.open(None)?.board.id, kanban::DEFAULT_BOARD);
    assert_eq!(k.list_boards()?.len(), 1);
    assert!(matches!(
        k.open(Some("nope")),
        Err(Error::Store(StoreError::NotFound(_)))
    ));
    Ok(())
}

#[test]
fn columns_add_rename_delete() -> Result<(), Error> {
    let k = kanban();
    let (b, columns, _) = sample(&k)?;
    let added = k.add_column(&b, "Blocked", Some(7))?;
    assert_eq!(added.seq, Some(7));
    let blocked = added.created.clone().unwrap_or_default();
    assert_eq!(added.board.columns[3].title, "Blocked");
    let renamed = k.rename_column(&b, &blocked, "Waiting", None)?;
    assert_eq!(renamed.board.columns[3].title, "Waiting");
    // A column with cards is not deleted unless its cards go somewhere.
    assert_eq!(
        k.delete_column(&b, &columns[0], None, None),
        Err(BoardError::NotEmpty {
            column: columns[0].clone(),
            cards: 3
        }
        .into())
    );
    let moved = k.delete_column(&b, &columns[0], Some(&blocked), None)?;
    assert_eq!(layout(&moved), [vec!["d"], vec![], vec!["a", "b", "c"]]);
    let deleted = k.delete_column(&b, &columns[2], None, None)?;
    assert_eq!(deleted.board.columns.len(), 2);
    assert!(matches!(
        k.rename_column(&b, "col-404", "x", None),
        Err(Error::Board(BoardError::NoColumn(_)))
    ));
    Ok(())
}

#[test]
fn cards_create_update_delete() -> Result<(), Error> {
    let k = kanban();
    let (b, _, cards) = sample(&k)?;
    let updated = k.update_card(&b, &cards[0], Some("A!"), Some("details"), None)?;
    let card = updated.board.card(&cards[0])?;
    assert_eq!(
        (card.title.as_str(), card.description.as_deref()),
        ("A!", Some("details"))
    );
    // Only the description changes; "" clears it.
    let cleared = k.update_card(&b, &cards[0], None, Some(""), None)?;
    let card = cleared.board.card(&cards[0])?;
    assert_eq!(
        (card.title.as_str(), card.description.as_deref()),
        ("A!", None)
    );
    let deleted = k.delete_card(&b, &cards[1], None)?;
    assert_eq!(layout(&deleted), [vec!["A!", "c"], vec!["d"], vec![]]);
    assert!(matches!(
        k.delete_card(&b, &cards[1], None),
        Err(Error::Board(BoardError::NoCard(_)))
    ));
    assert!(matches!(
        k.create_card(&b, "col-404", "x", None, &[], None),
        Err(Error::Board(BoardError::NoColumn(_)))
    ));
    // Versions count the writes: create + 4 cards + 2 updates + 1 delete.
    assert_eq!(deleted.version, 8);
    Ok(())
}

#[test]
fn move_card_uses_anchors() -> Result<(), Error> {
    let k = kanban();
    let (b, columns, cards) = sample(&k)?;
    // Before a card in another column.
    let moved = k.move_card(&b, &cards[2], &Anchor::Before(cards[3].clone()), Some(3))?;
    assert_eq!(layout(&moved), [vec!["a", "b"], vec!["c", "d"], vec![]]);
    assert_eq!(moved.seq, Some(3));
    // To the end of a column.
    let moved = k.move_card(&b, &cards[0], &Anchor::End(columns[2].clone()), None)?;
    assert_eq!(layout(&moved), [vec!["b"], vec!["c", "d"], vec!["a"]]);
    // Before a card of the same column, further down and further up.
    let moved = k.move_card(&b, &cards[2], &Anchor::End(columns[1].clone()), None)?;
    assert_eq!(layout(&moved), [vec!["b"], vec!["d", "c"], vec!["a"]]);
    let moved = k.move_card(&b, &cards[2], &Anchor::Before(cards[3].clone()), None)?;
    assert_eq!(layout(&moved), [vec!["b"], vec!["c", "d"], vec!["a"]]);
    // Before itself: nothing changes.
    let same = k.move_card(&b, &cards[2], &Anchor::Before(cards[2].clone()), None)?;
    assert_eq!(layout(&same), layout(&moved));
    // Unknown anchors change nothing.
    assert!(matches!(
        k.move_card(&b, &cards[2], &Anchor::Before("card-404".into()), None),
        Err(Error::Board(BoardError::NoCard(_)))
    ));
    assert!(matches!(
        k.move_card(&b, &cards[2], &Anchor::End("col-404".into()), None),
        Err(Error::Board(BoardError::NoColumn(_)))
    ));
    assert_eq!(layout(&k.board(&b)?), layout(&moved));
    Ok(())
}

#[test]
fn labels_and_search() -> Result<(), Error> {
    let k = kanban();
    let (b, _, cards) = sample(&k)?;
    let urgent = k
        .add_label(&b, "Urgent", "#e11d48", None)?
        .created
        .unwrap_or_default();
    let labelled = k.set_card_labels(&b, &cards[3], std::slice::from_ref(&urgent), None)?;
    assert_eq!(
        labelled.board.card(&cards[3])?.labels,
        std::slice::from_ref(&urgent)
    );
    assert!(matches!(
        k.set_card_labels(&b, &cards[3], &["label-404".into()], None),
        Err(Error::Board(BoardError::NoLabel(_)))
    ));
    k.update_card(&b, &cards[1], None, Some("Ask about URGENT things"), None)?;
    let found = k.search_cards(&b, "urgent")?;
    // Board order: b (description) then d (label name).
    assert_eq!(
        found.matches,
        Some(vec![cards[1].clone(), cards[3].clone()])
    );
    assert_eq!(k.search_cards(&b, "A")?.matches.map(|m| m.len()), Some(2));
    assert_eq!(
        k.add_label(&b, "", "red", None),
        Err(BoardError::Empty("label name").into())
    );
    Ok(())
}

#[test]
fn concurrent_moves_through_the_service_lose_nothing() -> Result<(), Error> {
    let dir = std::env::temp_dir().join(format!("kanban-service-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let k = Kanban::new(SqliteStore::open_in(&dir)?);
    let (b, columns, _) = sample(&k)?;
    std::thread::scope(|scope| {
        for (writer, column) in columns.iter().take(2).enumerate() {
            let (k, b, column) = (
                Kanban::new(SqliteStore::open_in(&dir).expect("open")),
                b.clone(),
                column.clone(),
            );
            scope.spawn(move || {
                for i in 0..20 {
                    k.create_card(&b, &column, &format!("w{writer}-{i}"), None, &[], None)
                        .expect("create");
                }
            });
        }
    });
    let board = k.board(&b)?;
    assert_eq!(board.board.columns[0].cards.len(), 3 + 20);
    assert_eq!(board.board.columns[1].cards.len(), 1 + 20);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
