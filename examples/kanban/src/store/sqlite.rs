//! The embedded default: SQLite (bundled) in one file, WAL journal, busy timeout.
use super::{Record, Store, StoreError, backend, parse_doc};
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// How long a writer waits for another connection's write lock before failing.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Boards in a SQLite database. One connection per store; open several stores on one file
/// for several writers (each process or thread its own connection).
#[derive(Debug)]
pub struct SqliteStore {
    connection: Mutex<Connection>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, StoreError> {
        let path = path.as_ref();
        let connection = Connection::open(path)
            .map_err(|e| backend(&format!("opening {}", path.display()), e))?;
        Self::init(connection, &format!("{}", path.display()))
    }

    /// Opens `kanban.sqlite3` in `dir`, creating the directory.
    pub fn open_in(dir: impl AsRef<Path>) -> Result<Self, StoreError> {
        let dir = dir.as_ref();
        std::fs::create_dir_all(dir)
            .map_err(|e| backend(&format!("creating {}", dir.display()), e))?;
        Self::open(dir.join("kanban.sqlite3"))
    }

    /// A private in-memory database (tests, examples).
    pub fn open_memory() -> Result<Self, StoreError> {
        let connection =
            Connection::open_in_memory().map_err(|e| backend("opening :memory:", e))?;
        Self::init(connection, ":memory:")
    }

    fn init(connection: Connection, name: &str) -> Result<Self, StoreError> {
        let setup = |c: &Connection| -> rusqlite::Result<()> {
            c.busy_timeout(BUSY_TIMEOUT)?;
            c.pragma_update(None, "journal_mode", "WAL")?;
            c.pragma_update(None, "synchronous", "NORMAL")?;
            c.execute_batch(
                "CREATE TABLE IF NOT EXISTS boards (
                    id TEXT PRIMARY KEY,
                    doc TEXT NOT NULL,
                    version INTEGER NOT NULL
                )",
            )
        };
        // Switching a new file to WAL can answer "locked" at once, without consulting the
        // busy handler, while another process does the same (two servers started together
        // on one data directory): retry the setup until the busy timeout.
        let start = std::time::Instant::now();
        loop {
            match setup(&connection) {
                Ok(()) => break,
                Err(e) if is_busy(&e) && start.elapsed() < BUSY_TIMEOUT => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) => return Err(backend(&format!("preparing {name}"), e)),
            }
        }
        Ok(Self {
            connection: Mutex::new(connection),
        })
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        // A poisoned lock only means another thread panicked mid-call; SQLite itself is
        // consistent (every write is one statement), so keep using the connection.
        self.connection
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Store for SqliteStore {
    fn get(&self, id: &str) -> Result<Option<Record>, StoreError> {
        let row = self
            .connection()
            .query_row(
                "SELECT doc, version FROM boards WHERE id = ?1",
                [id],
                |row| Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?)),
            )
            .optional()
            .map_err(|e| backend(&format!("reading board {id:?}"), e))?;
        row.map(|(doc, version)| {
            Ok(Record {
                id: id.to_owned(),
                doc: parse_doc(id, &doc)?,
                version,
            })
        })
        .transpose()
    }

    fn list(&self) -> Result<Vec<Record>, StoreError> {
        let connection = self.connection();
        let read = || -> rusqlite::Result<Vec<(String, String, i64)>> {
            let mut statement =
                connection.prepare("SELECT id, doc, version FROM boards ORDER BY rowid")?;
            statement
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
                .collect()
        };
        read()
            .map_err(|e| backend("listing boards", e))?
            .into_iter()
            .map(|(id, doc, version)| {
                let doc = parse_doc(&id, &doc)?;
                Ok(Record { id, doc, version })
            })
            .collect()
    }

    fn create(&self, id: &str, doc: &Value) -> Result<Record, StoreError> {
        let inserted = self
            .connection()
            .execute(
                "INSERT INTO boards (id, doc, version) VALUES (?1, ?2, 1)
                 ON CONFLICT (id) DO NOTHING",
                params![id, doc.to_string()],
            )
            .map_err(|e| backend(&format!("creating board {id:?}"), e))?;
        if inserted == 0 {
            return Err(StoreError::Exists(id.to_owned()));
        }
        Ok(Record {
            id: id.to_owned(),
            doc: doc.clone(),
            version: 1,
        })
    }

    fn write_if(&self, id: &str, doc: &Value, expected: i64) -> Result<Option<i64>, StoreError> {
        let changed = self
            .connection()
            .execute(
                "UPDATE boards SET doc = ?1, version = version + 1 WHERE id = ?2 AND version = ?3",
                params![doc.to_string(), id, expected],
            )
            .map_err(|e| backend(&format!("writing board {id:?}"), e))?;
        Ok((changed == 1).then_some(expected + 1))
    }
}

/// Whether `e` is SQLite's "busy" or "locked", i.e. worth retrying.
fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}
