//! `--watch PATH`: a change under a watched path (debounced) restarts the target.
use super::upstream::Upstream;
use notify_debouncer_mini::notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_mini::{DebounceEventResult, Debouncer, new_debouncer};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Changes closer together than this make one restart.
const DEBOUNCE: Duration = Duration::from_millis(300);

/// Folders whose changes are ignored: build output (`cargo run` writes it while the
/// restarted server builds, which would restart it again) and version control.
const IGNORED: [&str; 2] = ["target", ".git"];

/// Watches `paths` (recursively) and restarts `upstream` on a change. The watch lasts as
/// long as the returned value.
pub(crate) fn watch(
    paths: &[PathBuf],
    upstream: &Arc<Upstream>,
) -> Result<Debouncer<RecommendedWatcher>, String> {
    let roots: Vec<PathBuf> = paths
        .iter()
        .map(|p| std::fs::canonicalize(p).map_err(|e| format!("--watch {}: {e}", p.display())))
        .collect::<Result<_, _>>()?;
    let on_change = {
        let upstream = Arc::clone(upstream);
        let roots = roots.clone();
        move |events: DebounceEventResult| match events {
            Ok(events) => {
                if let Some(event) = events.iter().find(|e| !ignored(&roots, &e.path)) {
                    tracing::info!(target: "prefab::dev", "{} changed: restarting", event.path.display());
                    upstream.restart();
                }
            }
            Err(error) => tracing::warn!(target: "prefab::dev", "--watch: {error}"),
        }
    };
    let mut debouncer = new_debouncer(DEBOUNCE, on_change).map_err(|e| format!("--watch: {e}"))?;
    for root in &roots {
        debouncer
            .watcher()
            .watch(root, RecursiveMode::Recursive)
            .map_err(|e| format!("--watch {}: {e}", root.display()))?;
    }
    Ok(debouncer)
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
    use super::ignored;
    use std::path::{Path, PathBuf};

    #[test]
    fn build_output_and_git_are_ignored_below_the_root_only() {
        let roots = [PathBuf::from("/work/target/app")];
        assert!(!ignored(&roots, Path::new("/work/target/app/src/main.rs")));
        assert!(ignored(
            &roots,
            Path::new("/work/target/app/target/debug/app")
        ));
        assert!(ignored(&roots, Path::new("/work/target/app/.git/index")));
    }
}
