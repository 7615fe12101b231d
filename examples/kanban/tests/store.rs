//! Two concurrent writers never lose an update: SQLite (two connections on one file) and
//! PostgreSQL (two connections, and two processes sharing one database).
//!
//! The PostgreSQL tests need `PREFAB_TEST_DATABASE_URL` (`cargo xtask postgres` starts a
//! server and prints it; `cargo xtask test` sets it). Without it they are skipped with a
//! message, except under CI (`CI` set), where a missing database fails.
use kanban::store::{PostgresStore, SqliteStore, Store, StoreError, update};
use serde_json::json;
use std::process::Command;
use std::sync::Arc;

const INCREMENTS: i64 = 100;

/// `writers` threads, each with its own store from `open`, each adding 1 to `n`
/// `INCREMENTS` times.
fn race(writers: usize, id: &str, open: impl Fn() -> Box<dyn Store> + Sync) {
    std::thread::scope(|scope| {
        for _ in 0..writers {
            let store = open();
            scope.spawn(move || increment(&*store, id, INCREMENTS));
        }
    });
}

fn increment(store: &dyn Store, id: &str, times: i64) {
    for _ in 0..times {
        let written = update(store, id, |doc| {
            doc["n"] = json!(doc["n"].as_i64().unwrap_or(0) + 1);
            Ok::<_, StoreError>(())
        });
        if let Err(e) = written {
            panic!("increment of {id}: {e}");
        }
    }
}

fn count(store: &dyn Store, id: &str) -> (i64, i64) {
    match store.get(id) {
        Ok(Some(record)) => (record.doc["n"].as_i64().unwrap_or(-1), record.version),
        other => panic!("reading {id}: {other:?}"),
    }
}

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kanban-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn sqlite_two_writers_lose_no_update() -> Result<(), StoreError> {
    let dir = temp_db("race");
    let first = SqliteStore::open_in(&dir)?;
    first.create("b", &json!({"n": 0}))?;
    race(2, "b", || {
        Box::new(SqliteStore::open_in(&dir).expect("open"))
    });
    assert_eq!(count(&first, "b"), (2 * INCREMENTS, 2 * INCREMENTS + 1));
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

#[test]
fn sqlite_conditional_write_and_create() -> Result<(), StoreError> {
    let store = SqliteStore::open_memory()?;
    store.create("a", &json!({"v": 1}))?;
    assert_eq!(
        store.create("a", &json!({})),
        Err(StoreError::Exists("a".into()))
    );
    assert_eq!(store.write_if("a", &json!({"v": 2}), 1)?, Some(2));
    // A stale version writes nothing.
    assert_eq!(store.write_if("a", &json!({"v": 3}), 1)?, None);
    assert_eq!(store.get("a")?.map(|r| r.doc), Some(json!({"v": 2})));
    assert_eq!(store.write_if("missing", &json!({}), 1)?, None);
    assert_eq!(store.get("missing")?, None);
    store.create("b", &json!({}))?;
    let ids: Vec<String> = store.list()?.into_iter().map(|r| r.id).collect();
    assert_eq!(ids, ["a", "b"]);
    Ok(())
}

#[test]
fn update_of_a_missing_board_fails_and_apply_errors_write_nothing() -> Result<(), StoreError> {
    let store = SqliteStore::open_memory()?;
    let missing = update(&store, "nope", |_| Ok::<_, StoreError>(()));
    assert_eq!(missing, Err(StoreError::NotFound("nope".into())));
    store.create("a", &json!({"v": 1}))?;
    let refused = update(&store, "a", |doc| {
        doc["v"] = json!(99);
        Err(StoreError::Backend("refused".into()))
    });
    assert!(refused.is_err());
    assert_eq!(
        store.get("a")?.map(|r| (r.doc, r.version)),
        Some((json!({"v": 1}), 1))
    );
    Ok(())
}

/// The test database URL, or `None` (skip) outside CI.
fn database_url() -> Option<String> {
    match std::env::var("PREFAB_TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var_os("CI").is_some() => {
            panic!("PREFAB_TEST_DATABASE_URL is not set under CI (cargo xtask test sets it)")
        }
        _ => {
            eprintln!("skipped: PREFAB_TEST_DATABASE_URL is not set (see `cargo xtask postgres`)");
            None
        }
    }
}

fn unique_id(name: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("test-{name}-{}-{nanos}", std::process::id())
}

#[test]
fn postgres_two_writers_lose_no_update() -> Result<(), StoreError> {
    let Some(url) = database_url() else {
        return Ok(());
    };
    let store = PostgresStore::connect(&url)?;
    let id = unique_id("threads");
    store.create(&id, &json!({"n": 0}))?;
    race(2, &id, || {
        Box::new(PostgresStore::connect(&url).expect("connect"))
    });
    assert_eq!(count(&store, &id), (2 * INCREMENTS, 2 * INCREMENTS + 1));
    assert_eq!(
        store.create(&id, &json!({})),
        Err(StoreError::Exists(id.clone()))
    );
    assert!(store.list()?.iter().any(|r| r.id == id));
    Ok(())
}

/// Run as a child process by `postgres_two_processes_lose_no_update`: increments the board
/// named by `KANBAN_TEST_CHILD_BOARD` (does nothing when it is not set).
#[test]
fn postgres_child_writer() -> Result<(), StoreError> {
    let (Ok(id), Some(url)) = (
        std::env::var("KANBAN_TEST_CHILD_BOARD"),
        std::env::var("PREFAB_TEST_DATABASE_URL").ok(),
    ) else {
        return Ok(());
    };
    let store = PostgresStore::connect(&url)?;
    increment(&store, &id, INCREMENTS);
    Ok(())
}

#[test]
fn postgres_two_processes_lose_no_update() -> Result<(), StoreError> {
    let Some(url) = database_url() else {
        return Ok(());
    };
    let store = Arc::new(PostgresStore::connect(&url)?);
    let id = unique_id("processes");
    store.create(&id, &json!({"n": 0}))?;
    let exe = std::env::current_exe().map_err(|e| StoreError::Backend(e.to_string()))?;
    let children: Vec<_> = (0..2)
        .map(|_| {
            Command::new(&exe)
                .args(["--exact", "postgres_child_writer", "--test-threads", "1"])
                .env("KANBAN_TEST_CHILD_BOARD", &id)
                .env("PREFAB_TEST_DATABASE_URL", &url)
                .stdout(std::process::Stdio::null())
                .spawn()
                .expect("spawn a writer process")
        })
        .collect();
    for mut child in children {
        let status = child.wait().expect("wait for a writer process");
        assert!(status.success(), "a writer process failed: {status}");
    }
    assert_eq!(count(&*store, &id), (2 * INCREMENTS, 2 * INCREMENTS + 1));
    Ok(())
}

/// A server restart (or an administrator) ends every open connection; a store whose
/// connection sat idle through that reads again on a new one at its next call instead of
/// failing it (an instance behind a load balancer that got no call during a database restart
/// answers its first call after it).
#[test]
fn postgres_reads_go_on_after_the_server_ended_the_connection() -> Result<(), StoreError> {
    let Some(url) = database_url() else {
        return Ok(());
    };
    let id = unique_id("ended");
    let separator = if url.contains('?') { '&' } else { '?' };
    let store = PostgresStore::connect(&format!("{url}{separator}application_name={id}"))?;
    store.create(&id, &json!({"n": 1}))?;
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("admin connection");
    let ended = |admin: &mut postgres::Client| {
        let sql = "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1";
        admin
            .query_one(sql, &[&id])
            .expect("pg_stat_activity")
            .get::<_, i64>(0)
            == 0
    };
    admin
        .execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
            &[&id],
        )
        .expect("pg_terminate_backend");
    // The backend exits asynchronously: wait (bounded) until it is gone.
    for _ in 0..100 {
        if ended(&mut admin) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(ended(&mut admin), "the store's connection was not ended");
    assert_eq!(store.get(&id)?.map(|r| r.doc), Some(json!({"n": 1})));
    Ok(())
}
