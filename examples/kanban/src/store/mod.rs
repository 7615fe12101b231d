//! Durable board storage: one row per board holding its JSON document and a version.
//!
//! A [`Store`] reads a board, lists boards, creates one, and writes one *only if its version
//! is still the one the writer read* ([`Store::write_if`]). [`update`] builds a mutation on
//! top of that: read → apply → conditional write, retried (bounded, with jitter) when another
//! writer got there first. No update is ever lost, whether the writers are threads of one
//! process or several server processes sharing one PostgreSQL database.
//!
//! Two backends:
//! * [`SqliteStore`] (`rusqlite`, SQLite bundled): the embedded default, one file under a
//!   data directory, WAL journal, busy timeout;
//! * [`PostgresStore`] (`postgres`): for several stateless server instances behind a load
//!   balancer (`--database-url`).
//!
//! ```
//! use kanban::store::{SqliteStore, Store, update};
//! use serde_json::json;
//! let store = SqliteStore::open_memory()?;
//! store.create("b1", &json!({"n": 0}))?;
//! let record = update(&store, "b1", |doc| {
//!     doc["n"] = json!(doc["n"].as_i64().unwrap_or(0) + 1);
//!     Ok::<_, kanban::store::StoreError>(())
//! })?;
//! assert_eq!((record.doc["n"].as_i64(), record.version), (Some(1), 2));
//! # Ok::<(), kanban::store::StoreError>(())
//! ```
mod postgres;
mod sqlite;

pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;

use serde_json::Value;
use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::time::Duration;

/// A stored document and its version (1 when created, +1 on every write).
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub id: String,
    pub doc: Value,
    pub version: i64,
}

/// Why a store operation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// No board with this id.
    NotFound(String),
    /// A board with this id exists already.
    Exists(String),
    /// Other writers kept changing the board; gave up after this many attempts.
    Conflict { id: String, attempts: u32 },
    /// The database failed (what was done, and the driver's message).
    Backend(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotFound(id) => write!(f, "no board with id {id:?}"),
            Self::Exists(id) => write!(f, "a board with id {id:?} exists already"),
            Self::Conflict { id, attempts } => write!(
                f,
                "board {id:?} kept changing under concurrent writers; gave up after {attempts} attempts"
            ),
            Self::Backend(message) => write!(f, "storage: {message}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// Board storage. Implementations are safe to share between threads; a write happens only
/// when the stored version equals the expected one.
pub trait Store: Send + Sync {
    /// The board `id`, or `None`.
    fn get(&self, id: &str) -> Result<Option<Record>, StoreError>;
    /// Every board, oldest first.
    fn list(&self) -> Result<Vec<Record>, StoreError>;
    /// Stores a new board at version 1 ([`StoreError::Exists`] when the id is taken).
    fn create(&self, id: &str, doc: &Value) -> Result<Record, StoreError>;
    /// Replaces the board's document if its version is still `expected`: `Some(new version)`,
    /// or `None` when another writer changed (or deleted) it meanwhile.
    fn write_if(&self, id: &str, doc: &Value, expected: i64) -> Result<Option<i64>, StoreError>;
}

/// How many times [`update`] tries before reporting [`StoreError::Conflict`].
pub const MAX_ATTEMPTS: u32 = 64;

/// Read → `apply` → write-if-version-unchanged, retried with a jittered backoff on
/// conflict. `apply` may run several times (always on a freshly read document); its error
/// aborts the update and nothing is written.
pub fn update<E, F>(store: &dyn Store, id: &str, mut apply: F) -> Result<Record, E>
where
    E: From<StoreError>,
    F: FnMut(&mut Value) -> Result<(), E>,
{
    for attempt in 0..MAX_ATTEMPTS {
        let Some(mut record) = store.get(id)? else {
            return Err(StoreError::NotFound(id.to_owned()).into());
        };
        apply(&mut record.doc)?;
        if let Some(version) = store.write_if(id, &record.doc, record.version)? {
            record.version = version;
            return Ok(record);
        }
        std::thread::sleep(backoff(attempt));
    }
    Err(StoreError::Conflict {
        id: id.to_owned(),
        attempts: MAX_ATTEMPTS,
    }
    .into())
}

/// A random pause in `[0, min(1 ms × 2^attempt, 50 ms))`, so colliding writers spread out.
fn backoff(attempt: u32) -> Duration {
    let cap_us = (1000u64 << attempt.min(6)).min(50_000);
    let random = RandomState::new().build_hasher().finish();
    Duration::from_micros(random % cap_us)
}

/// Formats a driver error with what was being done.
fn backend(doing: &str, error: impl fmt::Display) -> StoreError {
    StoreError::Backend(format!("{doing}: {error}"))
}

/// Parses a stored document, naming the board when it is not JSON.
fn parse_doc(id: &str, text: &str) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|e| backend(&format!("board {id:?} is not JSON"), e))
}
