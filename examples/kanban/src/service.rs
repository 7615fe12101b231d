//! The Kanban operations over a [`Store`]: each reads the board, applies one
//! [`Board`] operation and writes it back if nobody changed it meanwhile (retrying
//! otherwise), and answers with the whole board.
use crate::board::{Anchor, Board, BoardError};
use crate::store::{Store, StoreError, update};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

/// The id of the board `open_board` creates when there is none.
pub const DEFAULT_BOARD: &str = "my-board";

/// Why a Kanban call failed.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    Board(BoardError),
    Store(StoreError),
    /// A stored document that does not parse as a board.
    Corrupt {
        board: String,
        message: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Board(e) => e.fmt(f),
            Self::Store(e) => e.fmt(f),
            Self::Corrupt { board, message } => write!(f, "board {board:?} is damaged: {message}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<BoardError> for Error {
    fn from(e: BoardError) -> Self {
        Self::Board(e)
    }
}

impl From<StoreError> for Error {
    fn from(e: StoreError) -> Self {
        Self::Store(e)
    }
}

/// What every call answers: the whole board, its version, the caller's sequence number
/// (echoed, so a UI can drop answers older than its latest call), and what the call made
/// or found.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub board: Board,
    pub version: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// The id of what `create_*`/`add_*` made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created: Option<String>,
    /// The ids `search_cards` found, in board order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matches: Option<Vec<String>>,
}

/// A board in [`list_boards`](Kanban::list_boards).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub id: String,
    pub title: String,
    pub columns: usize,
    pub cards: usize,
    pub version: i64,
}

fn parse(id: &str, doc: &Value) -> Result<Board, Error> {
    Board::deserialize(doc).map_err(|e| Error::Corrupt {
        board: id.to_owned(),
        message: e.to_string(),
    })
}

/// The Kanban application over a store (cheap to clone; share one per server).
///
/// ```
/// use kanban::{Kanban, store::SqliteStore};
/// let kanban = Kanban::new(SqliteStore::open_memory()?);
/// let board = kanban.create_board("Launch", None)?;
/// let todo = board.board.columns[0].id.clone();
/// let card = kanban.create_card(&board.board.id, &todo, "Write the docs", None, &[], None)?;
/// assert_eq!(card.board.columns[0].cards[0].title, "Write the docs");
/// assert_eq!(card.version, 2);
/// # Ok::<(), kanban::Error>(())
/// ```
#[derive(Clone)]
pub struct Kanban {
    store: Arc<dyn Store>,
}

impl fmt::Debug for Kanban {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Kanban").finish_non_exhaustive()
    }
}

impl Kanban {
    /// The application over `store`.
    pub fn new(store: impl Store + 'static) -> Self {
        Self {
            store: Arc::new(store),
        }
    }

    /// The application over a shared store.
    #[must_use]
    pub fn from_arc(store: Arc<dyn Store>) -> Self {
        Self { store }
    }

    /// The board `id` as it is now.
    pub fn board(&self, id: &str) -> Result<Answer, Error> {
        let record = self
            .store
            .get(id)?
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        Ok(Answer {
            board: parse(id, &record.doc)?,
            version: record.version,
            seq: None,
            created: None,
            matches: None,
        })
    }

    /// Board `id`; without an id the first board, creating "My board" (`my-board`) when
    /// there is none.
    pub fn open(&self, id: Option<&str>) -> Result<Answer, Error> {
        if let Some(id) = id {
            return self.board(id);
        }
        if let Some(first) = self.store.list()?.first() {
            return self.board(&first.id);
        }
        match self.create_board("My board", Some(DEFAULT_BOARD)) {
            // Another server instance made it first.
            Err(Error::Store(StoreError::Exists(_))) => self.board(DEFAULT_BOARD),
            other => other,
        }
    }

    /// Every board, oldest first.
    pub fn list_boards(&self) -> Result<Vec<Summary>, Error> {
        self.store
            .list()?
            .iter()
            .map(|record| {
                let board = parse(&record.id, &record.doc)?;
                Ok(Summary {
                    cards: board.columns.iter().map(|c| c.cards.len()).sum(),
                    columns: board.columns.len(),
                    id: board.id,
                    title: board.title,
                    version: record.version,
                })
            })
            .collect()
    }

    /// A new board with the columns "To do", "Doing", "Done" (id: `id`, or one derived from
    /// the title).
    pub fn create_board(&self, title: &str, id: Option<&str>) -> Result<Answer, Error> {
        let title = title.trim();
        if title.is_empty() {
            return Err(BoardError::Empty("board title").into());
        }
        let id = match id {
            Some(id) if !id.trim().is_empty() => id.trim().to_owned(),
            _ => new_board_id(title),
        };
        let board = Board::new(&id, title);
        let doc = serde_json::to_value(&board).map_err(|e| Error::Corrupt {
            board: id.clone(),
            message: e.to_string(),
        })?;
        let record = self.store.create(&id, &doc)?;
        Ok(Answer {
            board,
            version: record.version,
            seq: None,
            created: Some(id),
            matches: None,
        })
    }

    /// Applies `op` to board `id` (read → apply → conditional write, retried).
    fn mutate<T>(
        &self,
        id: &str,
        seq: Option<u64>,
        mut op: impl FnMut(&mut Board) -> Result<T, BoardError>,
    ) -> Result<(Answer, T), Error> {
        let mut out = None;
        let record = update(&*self.store, id, |doc: &mut Value| {
            let mut board = parse(id, doc)?;
            out = Some(op(&mut board)?);
            *doc = serde_json::to_value(&board).map_err(|e| Error::Corrupt {
                board: id.to_owned(),
                message: e.to_string(),
            })?;
            Ok::<_, Error>(())
        })?;
        let board = parse(id, &record.doc)?;
        let out = out.ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        Ok((
            Answer {
                board,
                version: record.version,
                seq,
                created: None,
                matches: None,
            },
            out,
        ))
    }

    fn created(answer: (Answer, String)) -> Answer {
        let (mut answer, id) = answer;
        answer.created = Some(id);
        answer
    }

    /// Adds a column at the end.
    pub fn add_column(&self, board: &str, title: &str, seq: Option<u64>) -> Result<Answer, Error> {
        self.mutate(board, seq, |b| b.add_column(title))
            .map(Self::created)
    }

    /// Renames a column.
    pub fn rename_column(
        &self,
        board: &str,
        column: &str,
        title: &str,
        seq: Option<u64>,
    ) -> Result<Answer, Error> {
        Ok(self
            .mutate(board, seq, |b| b.rename_column(column, title))?
            .0)
    }

    /// Deletes a column (its cards go to `move_cards_to`, or it must be empty).
    pub fn delete_column(
        &self,
        board: &str,
        column: &str,
        move_cards_to: Option<&str>,
        seq: Option<u64>,
    ) -> Result<Answer, Error> {
        Ok(self
            .mutate(board, seq, |b| b.delete_column(column, move_cards_to))?
            .0)
    }

    /// Adds a card at the end of a column.
    pub fn create_card(
        &self,
        board: &str,
        column: &str,
        title: &str,
        description: Option<&str>,
        labels: &[String],
        seq: Option<u64>,
    ) -> Result<Answer, Error> {
        self.mutate(board, seq, |b| {
            b.create_card(column, title, description, labels)
        })
        .map(Self::created)
    }

    /// Changes a card's title and/or description.
    pub fn update_card(
        &self,
        board: &str,
        card: &str,
        title: Option<&str>,
        description: Option<&str>,
        seq: Option<u64>,
    ) -> Result<Answer, Error> {
        Ok(self
            .mutate(board, seq, |b| b.update_card(card, title, description))?
            .0)
    }

    /// Moves a card before another card, or to the end of a column.
    pub fn move_card(
        &self,
        board: &str,
        card: &str,
        anchor: &Anchor,
        seq: Option<u64>,
    ) -> Result<Answer, Error> {
        Ok(self.mutate(board, seq, |b| b.move_card(card, anchor))?.0)
    }

    /// Deletes a card.
    pub fn delete_card(&self, board: &str, card: &str, seq: Option<u64>) -> Result<Answer, Error> {
        Ok(self.mutate(board, seq, |b| b.delete_card(card))?.0)
    }

    /// Adds a label to the board.
    pub fn add_label(
        &self,
        board: &str,
        name: &str,
        color: &str,
        seq: Option<u64>,
    ) -> Result<Answer, Error> {
        self.mutate(board, seq, |b| b.add_label(name, color))
            .map(Self::created)
    }

    /// Replaces a card's labels.
    pub fn set_card_labels(
        &self,
        board: &str,
        card: &str,
        labels: &[String],
        seq: Option<u64>,
    ) -> Result<Answer, Error> {
        Ok(self
            .mutate(board, seq, |b| b.set_card_labels(card, labels))?
            .0)
    }

    /// The board with the ids of the cards matching `query`.
    pub fn search_cards(&self, board: &str, query: &str) -> Result<Answer, Error> {
        let mut answer = self.board(board)?;
        answer.matches = Some(answer.board.search(query));
        Ok(answer)
    }
}

/// `launch-plan-3f9a`: the title's ASCII letters and digits, and a random suffix.
fn new_board_id(title: &str) -> String {
    let mut slug = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
        if slug.len() >= 24 {
            break;
        }
    }
    let random = RandomState::new().build_hasher().finish() & 0xffff;
    format!("{}-{random:04x}", slug.trim_end_matches('-'))
        .trim_start_matches('-')
        .to_owned()
}
