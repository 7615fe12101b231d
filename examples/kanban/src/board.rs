//! The board document and its operations (pure: no storage, no MCP).
//!
//! A board is stored as one JSON document. Every operation checks its ids and fails with
//! a message naming the missing one; nothing is changed when it fails.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A Kanban board: ordered columns of ordered cards, and the labels cards can carry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Board {
    pub id: String,
    pub title: String,
    pub columns: Vec<Column>,
    #[serde(default)]
    pub labels: Vec<Label>,
    /// The counter new column, card and label ids are made from.
    #[serde(default)]
    pub next_id: u64,
}

/// A column (list) of cards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Column {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub cards: Vec<Card>,
}

/// A card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Card {
    pub id: String,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Label ids.
    #[serde(default)]
    pub labels: Vec<String>,
}

/// A label (name and CSS color).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Label {
    pub id: String,
    pub name: String,
    pub color: String,
}

/// Where a moved card goes: before another card, or at the end of a column.
///
/// An anchor, not an index: the UI sends the card it was dropped before, so a filtered or
/// stale view cannot put the card at the wrong place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Anchor {
    /// Just before this card (in whatever column it is now).
    Before(String),
    /// At the end of this column.
    End(String),
}

/// Why an operation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    NoColumn(String),
    NoCard(String),
    NoLabel(String),
    /// A title or name was empty.
    Empty(&'static str),
    /// Deleting a column that still has cards, without saying where they go.
    NotEmpty {
        column: String,
        cards: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoColumn(id) => write!(f, "no column with id {id:?}"),
            Self::NoCard(id) => write!(f, "no card with id {id:?}"),
            Self::NoLabel(id) => write!(f, "no label with id {id:?}"),
            Self::Empty(what) => write!(f, "{what} must not be empty"),
            Self::NotEmpty { column, cards } => write!(
                f,
                "column {column:?} still has {cards} card(s); pass moveCardsTo or delete them first"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

fn non_empty(what: &'static str, text: &str) -> Result<String, BoardError> {
    let text = text.trim();
    if text.is_empty() {
        Err(BoardError::Empty(what))
    } else {
        Ok(text.to_owned())
    }
}

impl Board {
    /// An empty board with the usual three columns.
    ///
    /// ```
    /// let board = kanban::Board::new("b1", "Launch");
    /// let titles: Vec<_> = board.columns.iter().map(|c| c.title.as_str()).collect();
    /// assert_eq!(titles, ["To do", "Doing", "Done"]);
    /// ```
    #[must_use]
    pub fn new(id: impl Into<String>, title: impl Into<String>) -> Self {
        let mut board = Board {
            id: id.into(),
            title: title.into(),
            columns: Vec::new(),
            labels: Vec::new(),
            next_id: 1,
        };
        for title in ["To do", "Doing", "Done"] {
            board.push_column(title.to_owned());
        }
        board
    }

    fn new_id(&mut self, prefix: &str) -> String {
        let id = format!("{prefix}{}", self.next_id);
        self.next_id += 1;
        id
    }

    fn push_column(&mut self, title: String) -> String {
        let id = self.new_id("col-");
        self.columns.push(Column {
            id: id.clone(),
            title,
            cards: Vec::new(),
        });
        id
    }

    fn column_index(&self, id: &str) -> Result<usize, BoardError> {
        self.columns
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| BoardError::NoColumn(id.to_owned()))
    }

    /// (column index, card index) of card `id`.
    fn find_card(&self, id: &str) -> Result<(usize, usize), BoardError> {
        self.columns
            .iter()
            .enumerate()
            .find_map(|(c, column)| {
                column
                    .cards
                    .iter()
                    .position(|card| card.id == id)
                    .map(|i| (c, i))
            })
            .ok_or_else(|| BoardError::NoCard(id.to_owned()))
    }

    /// The card `id`.
    pub fn card(&self, id: &str) -> Result<&Card, BoardError> {
        let (c, i) = self.find_card(id)?;
        Ok(&self.columns[c].cards[i])
    }

    fn card_mut(&mut self, id: &str) -> Result<&mut Card, BoardError> {
        let (c, i) = self.find_card(id)?;
        Ok(&mut self.columns[c].cards[i])
    }

    fn check_labels(&self, labels: &[String]) -> Result<(), BoardError> {
        match labels
            .iter()
            .find(|id| !self.labels.iter().any(|l| &l.id == *id))
        {
            Some(missing) => Err(BoardError::NoLabel(missing.clone())),
            None => Ok(()),
        }
    }

    /// Adds a column at the end; returns its id.
    pub fn add_column(&mut self, title: &str) -> Result<String, BoardError> {
        let title = non_empty("column title", title)?;
        Ok(self.push_column(title))
    }

    /// Renames column `id`.
    pub fn rename_column(&mut self, id: &str, title: &str) -> Result<(), BoardError> {
        let title = non_empty("column title", title)?;
        let index = self.column_index(id)?;
        self.columns[index].title = title;
        Ok(())
    }

    /// Deletes column `id`. Its cards go to the end of `move_cards_to`; without it the
    /// column must be empty.
    pub fn delete_column(
        &mut self,
        id: &str,
        move_cards_to: Option<&str>,
    ) -> Result<(), BoardError> {
        let index = self.column_index(id)?;
        // Moving the cards into the column being deleted keeps nowhere: refused below.
        let target = move_cards_to.filter(|t| *t != id);
        if let Some(target) = target {
            self.column_index(target)?;
        }
        let cards = self.columns[index].cards.len();
        if target.is_none() && cards > 0 {
            return Err(BoardError::NotEmpty {
                column: id.to_owned(),
                cards,
            });
        }
        let column = self.columns.remove(index);
        if let Some(target) = target.and_then(|t| self.column_index(t).ok()) {
            self.columns[target].cards.extend(column.cards);
        }
        Ok(())
    }

    /// Adds a card at the end of `column`; returns its id.
    pub fn create_card(
        &mut self,
        column: &str,
        title: &str,
        description: Option<&str>,
        labels: &[String],
    ) -> Result<String, BoardError> {
        let title = non_empty("card title", title)?;
        let index = self.column_index(column)?;
        self.check_labels(labels)?;
        let id = self.new_id("card-");
        self.columns[index].cards.push(Card {
            id: id.clone(),
            title,
            description: description.map(str::to_owned).filter(|d| !d.is_empty()),
            labels: labels.to_vec(),
        });
        Ok(id)
    }

    /// Changes the title and/or description of card `id` (`Some("")` clears the
    /// description).
    pub fn update_card(
        &mut self,
        id: &str,
        title: Option<&str>,
        description: Option<&str>,
    ) -> Result<(), BoardError> {
        let title = title.map(|t| non_empty("card title", t)).transpose()?;
        let card = self.card_mut(id)?;
        if let Some(title) = title {
            card.title = title;
        }
        if let Some(description) = description {
            card.description = Some(description.to_owned()).filter(|d| !d.is_empty());
        }
        Ok(())
    }

    /// Moves card `id` to `anchor`. Dropping a card before itself changes nothing.
    pub fn move_card(&mut self, id: &str, anchor: &Anchor) -> Result<(), BoardError> {
        self.find_card(id)?;
        match anchor {
            Anchor::Before(before) if before == id => return Ok(()),
            Anchor::Before(before) => {
                self.find_card(before)?;
            }
            Anchor::End(column) => {
                self.column_index(column)?;
            }
        }
        let (c, i) = self.find_card(id)?;
        let card = self.columns[c].cards.remove(i);
        match anchor {
            Anchor::Before(before) => {
                let (c, i) = self.find_card(before)?;
                self.columns[c].cards.insert(i, card);
            }
            Anchor::End(column) => {
                let c = self.column_index(column)?;
                self.columns[c].cards.push(card);
            }
        }
        Ok(())
    }

    /// Deletes card `id`.
    pub fn delete_card(&mut self, id: &str) -> Result<(), BoardError> {
        let (c, i) = self.find_card(id)?;
        self.columns[c].cards.remove(i);
        Ok(())
    }

    /// Adds a label; returns its id.
    pub fn add_label(&mut self, name: &str, color: &str) -> Result<String, BoardError> {
        let name = non_empty("label name", name)?;
        let color = non_empty("label color", color)?;
        let id = self.new_id("label-");
        self.labels.push(Label {
            id: id.clone(),
            name,
            color,
        });
        Ok(id)
    }

    /// Replaces the labels of card `id`.
    pub fn set_card_labels(&mut self, id: &str, labels: &[String]) -> Result<(), BoardError> {
        self.check_labels(labels)?;
        self.card_mut(id)?.labels = labels.to_vec();
        Ok(())
    }

    /// Ids of the cards whose title, description or label names contain `query`
    /// (case-insensitive), in board order.
    #[must_use]
    pub fn search(&self, query: &str) -> Vec<String> {
        let query = query.trim().to_lowercase();
        let label_name = |id: &String| {
            self.labels
                .iter()
                .find(|l| &l.id == id)
                .map(|l| l.name.to_lowercase())
        };
        self.columns
            .iter()
            .flat_map(|c| &c.cards)
            .filter(|card| {
                card.title.to_lowercase().contains(&query)
                    || card
                        .description
                        .as_deref()
                        .is_some_and(|d| d.to_lowercase().contains(&query))
                    || card
                        .labels
                        .iter()
                        .filter_map(label_name)
                        .any(|n| n.contains(&query))
            })
            .map(|card| card.id.clone())
            .collect()
    }
}
