//! The `prefab serve` instances behind the proxy, each on its own loopback port, all on the
//! same PostgreSQL; one can be killed (SIGKILL) and started again on its port.
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// How long a (re)started instance may take to listen.
const STARTUP: Duration = Duration::from_secs(30);

/// Running instances; every one still running is killed on drop.
pub struct Fleet {
    bin: PathBuf,
    url: String,
    dir: PathBuf,
    pub ports: Vec<u16>,
    children: Vec<Option<Child>>,
}

impl Fleet {
    /// Starts `count` instances of `bin` (`prefab`) on `--database-url url`, logs and data
    /// directories under `dir`.
    pub fn start(bin: &Path, url: &str, dir: &Path, count: usize) -> Result<Self, String> {
        let mut fleet = Self {
            bin: bin.to_path_buf(),
            url: url.to_owned(),
            dir: dir.to_path_buf(),
            ports: Vec::new(),
            children: Vec::new(),
        };
        for _ in 0..count {
            fleet.ports.push(crate::sh::free_port()?);
            fleet.children.push(None);
        }
        for i in 0..count {
            fleet.restart(i)?;
        }
        Ok(fleet)
    }

    /// The proxy's name of instance `i` (also what its answers carry in `X-Prefab-Instance`).
    pub fn name(i: usize) -> String {
        format!("i{i}")
    }

    /// Kills instance `i` with SIGKILL (no shutdown of any kind) and reaps it.
    pub fn kill(&mut self, i: usize) -> Result<(), String> {
        let mut child = self.children[i]
            .take()
            .ok_or_else(|| format!("instance {i} is not running"))?;
        child
            .kill()
            .map_err(|e| format!("killing instance {i}: {e}"))?;
        child
            .wait()
            .map_err(|e| format!("reaping instance {i}: {e}"))?;
        Ok(())
    }

    /// Starts instance `i` on its port and waits until it listens.
    pub fn restart(&mut self, i: usize) -> Result<(), String> {
        let log_path = self.dir.join(format!("{}.log", Self::name(i)));
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log_path)
            .map_err(|e| format!("{}: {e}", log_path.display()))?;
        let err = log
            .try_clone()
            .map_err(|e| format!("{}: {e}", log_path.display()))?;
        let mut child = Command::new(&self.bin)
            .args(["serve", "--port", &self.ports[i].to_string(), "--data-dir"])
            .arg(self.dir.join(Self::name(i)))
            .args(["--database-url", &self.url])
            .stdout(log)
            .stderr(err)
            .stdin(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: {e}", self.bin.display()))?;
        let name = format!(
            "prefab serve {} (log {})",
            Self::name(i),
            log_path.display()
        );
        let listening = crate::sh::wait_until_listening(&mut child, self.ports[i], &name, STARTUP);
        self.children[i] = Some(child);
        listening
    }
}

impl Drop for Fleet {
    fn drop(&mut self) {
        for child in self.children.iter_mut().flatten() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
