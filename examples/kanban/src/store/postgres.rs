//! PostgreSQL: several stateless server processes share one database (`--database-url`).
use super::{Record, Store, StoreError, backend, parse_doc};
use postgres::{Client, Config, NoTls};
use serde_json::Value;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// Boards in a PostgreSQL table `prefab_boards` (created on connect).
///
/// The `postgres` client is blocking: call it from a thread, or from `spawn_blocking` inside
/// an async runtime.
pub struct PostgresStore {
    url: String,
    client: Mutex<Client>,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresStore").finish_non_exhaustive()
    }
}

/// Serializes concurrent `CREATE TABLE IF NOT EXISTS` of several starting servers.
const SCHEMA_LOCK: i64 = 0x7072_6566_6162;

impl PostgresStore {
    /// Connects to `url` (`postgres://user@host/db` or `host=… dbname=…`) and creates the
    /// table if it is missing. Unless the URL sets them, connecting gives up after 5 s
    /// (`connect_timeout`) and a connection whose sent data stays unacknowledged for 10 s
    /// counts as lost (`tcp_user_timeout`, Linux), so a vanished database host fails calls
    /// quickly instead of holding them for the kernel's retransmissions.
    pub fn connect(url: &str) -> Result<Self, StoreError> {
        let mut client = open(url)?;
        let mut transaction = client
            .transaction()
            .map_err(|e| backend("starting the schema transaction", e))?;
        transaction
            .execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
            .and_then(|_| {
                transaction.batch_execute(
                    "CREATE TABLE IF NOT EXISTS prefab_boards (
                        seq BIGSERIAL,
                        id TEXT PRIMARY KEY,
                        doc TEXT NOT NULL,
                        version BIGINT NOT NULL
                    )",
                )
            })
            .and_then(|()| transaction.commit())
            .map_err(|e| backend("creating table prefab_boards", e))?;
        Ok(Self {
            url: url.to_owned(),
            client: Mutex::new(client),
        })
    }

    /// The client, reconnected first if the server closed the connection.
    fn client(&self) -> Result<MutexGuard<'_, Client>, StoreError> {
        let mut client = self
            .client
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if client.is_closed() {
            *client = open(&self.url)?;
        }
        Ok(client)
    }
    /// Runs the read `query`, once more on a new connection when it finds the connection
    /// lost: a server restart ends every open connection, and a client that sat idle through
    /// it learns so only at its next call. Only reads are run again: a write whose connection
    /// broke may have committed before, and running it again could apply it twice.
    fn read<T>(
        &self,
        doing: &str,
        query: impl Fn(&mut Client) -> Result<T, postgres::Error>,
    ) -> Result<T, StoreError> {
        let mut client = self.client()?;
        match query(&mut client) {
            Err(e) if connection_lost(&e) => {
                *client = open(&self.url)?;
                query(&mut client)
            }
            other => other,
        }
        .map_err(|e| backend(doing, e))
    }
}

/// Whether `e` says the connection is gone rather than that the query failed. How a client
/// learns that the server ended its connection depends on timing: the socket found closed, a
/// read or write on it failing ("error communicating with the server", seen in CI), the
/// server's own `FATAL` notice read first (SQLSTATE class 57P, "operator intervention", e.g.
/// 57P01 `admin_shutdown`), or a connection exception (class 08).
fn connection_lost(e: &postgres::Error) -> bool {
    match e.code() {
        Some(state) => ["57P", "08"]
            .iter()
            .any(|class| state.code().starts_with(class)),
        // No SQLSTATE: an I/O or protocol failure rather than the server's answer (a read run
        // again that fails the same way costs one more connection, nothing else).
        None => true,
    }
}

/// How long connecting may take (TCP connect), unless the URL says (`connect_timeout`).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long data sent may stay unacknowledged before the connection counts as lost, unless
/// the URL says (`tcp_user_timeout`): a database host that vanished (powered off, partitioned)
/// fails the call after this instead of after the kernel's retransmissions (~15 minutes).
const TCP_USER_TIMEOUT: Duration = Duration::from_secs(10);

/// The connection settings of `url`, with our bounds where the URL sets none.
fn config(url: &str) -> Result<Config, StoreError> {
    // The URL may carry a password: name only the failure.
    let mut config: Config = url
        .parse()
        .map_err(|e| backend("reading the database URL", e))?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    if config.get_tcp_user_timeout().is_none() {
        config.tcp_user_timeout(TCP_USER_TIMEOUT);
    }
    Ok(config)
}

fn open(url: &str) -> Result<Client, StoreError> {
    config(url)?
        .connect(NoTls)
        .map_err(|e| backend("connecting to PostgreSQL", e))
}

impl Store for PostgresStore {
    fn get(&self, id: &str) -> Result<Option<Record>, StoreError> {
        let row = self.read(&format!("reading board {id:?}"), |client| {
            client.query_opt(
                "SELECT doc, version FROM prefab_boards WHERE id = $1",
                &[&id],
            )
        })?;
        row.map(|row| {
            Ok(Record {
                id: id.to_owned(),
                doc: parse_doc(id, row.get(0))?,
                version: row.get(1),
            })
        })
        .transpose()
    }

    fn list(&self) -> Result<Vec<Record>, StoreError> {
        self.read("listing boards", |client| {
            client.query(
                "SELECT id, doc, version FROM prefab_boards ORDER BY seq",
                &[],
            )
        })?
        .iter()
        .map(|row| {
            let id: String = row.get(0);
            let doc = parse_doc(&id, row.get(1))?;
            Ok(Record {
                id,
                doc,
                version: row.get(2),
            })
        })
        .collect()
    }

    fn create(&self, id: &str, doc: &Value) -> Result<Record, StoreError> {
        let inserted = self
            .client()?
            .execute(
                "INSERT INTO prefab_boards (id, doc, version) VALUES ($1, $2, 1)
                 ON CONFLICT (id) DO NOTHING",
                &[&id, &doc.to_string()],
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
            .client()?
            .execute(
                "UPDATE prefab_boards SET doc = $1, version = version + 1
                 WHERE id = $2 AND version = $3",
                &[&doc.to_string(), &id, &expected],
            )
            .map_err(|e| backend(&format!("writing board {id:?}"), e))?;
        Ok((changed == 1).then_some(expected + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_bound_a_url_without_them_and_yield_to_the_url() -> Result<(), StoreError> {
        let plain = config("postgres://prefab@db.internal/prefab")?;
        assert_eq!(plain.get_connect_timeout(), Some(&CONNECT_TIMEOUT));
        assert_eq!(plain.get_tcp_user_timeout(), Some(&TCP_USER_TIMEOUT));
        let own = config("host=db.internal connect_timeout=30 tcp_user_timeout=2")?;
        assert_eq!(own.get_connect_timeout(), Some(&Duration::from_secs(30)));
        assert_eq!(own.get_tcp_user_timeout(), Some(&Duration::from_secs(2)));
        Ok(())
    }

    #[test]
    fn a_bad_url_is_named_without_its_password() {
        let Err(StoreError::Backend(message)) = config("postgres://u:hunter2@h/db?nope=1") else {
            panic!("an unknown option must fail");
        };
        assert!(message.contains("database URL"), "{message}");
        assert!(!message.contains("hunter2"), "{message}");
    }
}
