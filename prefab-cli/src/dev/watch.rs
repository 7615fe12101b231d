//! `--watch PATH`: a change under a watched path restarts the target, once the changes
//! have stopped for [`DEBOUNCE`].
use super::upstream::Upstream;
use notify::event::{AccessKind, AccessMode};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// How long the changes must have stopped before the restart.
const DEBOUNCE: Duration = Duration::from_millis(300);

/// Folders whose changes are ignored: build output (`cargo run` writes it while the
/// restarted server builds, which would restart it again) and version control.
const IGNORED: [&str; 2] = ["target", ".git"];

/// Watches `paths` (recursively) and restarts `upstream` after changes. The watch lasts as
/// long as the returned watcher. Runs inside the runtime (it spawns the debouncing task).
pub(crate) fn watch(
    paths: &[PathBuf],
    upstream: &Arc<Upstream>,
) -> Result<RecommendedWatcher, String> {
    let roots: Vec<PathBuf> = paths
        .iter()
        .map(|p| std::fs::canonicalize(p).map_err(|e| format!("--watch {}: {e}", p.display())))
        .collect::<Result<_, _>>()?;
    let (changed, changes) = mpsc::unbounded_channel();
    let on_event = {
        let roots = roots.clone();
        move |event: notify::Result<Event>| match event {
            Ok(event) if changes_content(event.kind) => {
                if let Some(path) = event.paths.into_iter().find(|p| !ignored(&roots, p)) {
                    let _ = changed.send(path);
                }
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(target: "prefab::dev", "--watch: {error}"),
        }
    };
    let mut watcher = notify::recommended_watcher(on_event).map_err(|e| format!("--watch: {e}"))?;
    for root in &roots {
        watcher
            .watch(root, RecursiveMode::Recursive)
            .map_err(|e| format!("--watch {}: {e}", root.display()))?;
    }
    tokio::spawn(debounce(changes, Arc::clone(upstream)));
    Ok(watcher)
}

/// Restarts `upstream` each time changes arrived and then stopped for [`DEBOUNCE`].
async fn debounce(mut changes: mpsc::UnboundedReceiver<PathBuf>, upstream: Arc<Upstream>) {
    while let Some(path) = changes.recv().await {
        loop {
            match tokio::time::timeout(DEBOUNCE, changes.recv()).await {
                Ok(Some(_)) => continue,
                Ok(None) => return,
                Err(_quiet) => break,
            }
        }
        tracing::info!(target: "prefab::dev", "{} changed: restarting", path.display());
        upstream.restart();
    }
}

/// Whether an event may have changed what a server reads: not a mere read or open (the
/// restarted server reading its files must not restart it again), but a write's close.
fn changes_content(kind: EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    }
}

/// Whether `path` lies in an [`IGNORED`] folder below the watched root it is in.
fn ignored(roots: &[PathBuf], path: &Path) -> bool {
    let below = roots
        .iter()
        .find_map(|root| path.strip_prefix(root).ok())
        .unwrap_or(path);
    below
        .components()
        .any(|c| matches!(c, Component::Normal(name) if IGNORED.iter().any(|i| name == *i)))
}

#[cfg(test)]
mod tests {
    use super::{changes_content, ignored};
    use notify::EventKind;
    use notify::event::{AccessKind, AccessMode, ModifyKind};
    use std::path::{Path, PathBuf};

    #[test]
    fn build_output_and_git_are_ignored_below_the_root_only() {
        let roots = [PathBuf::from("/srv/target/app")];
        assert!(!ignored(&roots, Path::new("/srv/target/app/src/main.rs")));
        assert!(ignored(
            &roots,
            Path::new("/srv/target/app/target/debug/app")
        ));
        assert!(ignored(&roots, Path::new("/srv/target/app/.git/index")));
    }

    #[test]
    fn reading_a_file_is_no_change() {
        assert!(!changes_content(EventKind::Access(AccessKind::Open(
            AccessMode::Read
        ))));
        assert!(!changes_content(EventKind::Access(AccessKind::Close(
            AccessMode::Read
        ))));
        assert!(changes_content(EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(changes_content(EventKind::Modify(ModifyKind::Any)));
    }
}
