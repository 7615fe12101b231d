//! The test's own PostgreSQL cluster: `initdb` into the run's folder, served on a free
//! loopback port, stopped and started again by the test (never the machine's clusters).
use crate::sh::{output, run};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A PostgreSQL cluster in a folder of its own; stopped (immediately) on drop.
pub struct Cluster {
    bin: PathBuf,
    data: PathBuf,
    port: u16,
    /// Running as root: the server runs as the `postgres` user (it refuses root).
    as_postgres: bool,
}

impl Cluster {
    /// Creates a cluster in `dir/pg` (trust authentication, role `prefab`) and starts it.
    pub fn create(dir: &Path) -> Result<Self, String> {
        let data = dir.join("pg");
        std::fs::create_dir_all(&data).map_err(|e| format!("{}: {e}", data.display()))?;
        let cluster = Self {
            bin: crate::install::postgres_bin()?,
            port: crate::sh::free_port()?,
            as_postgres: output("id", &["-u"]).trim() == "0",
            data,
        };
        if cluster.as_postgres {
            run(Command::new("chown")
                .arg("postgres:postgres")
                .arg(&cluster.data))?;
        }
        run(cluster
            .program("initdb")
            .args(["--auth", "trust", "--username", "prefab", "--no-sync", "-D"])
            .arg(&cluster.data)
            .stdout(std::process::Stdio::null()))?;
        cluster.start()?;
        Ok(cluster)
    }

    /// The URL `prefab serve --database-url` takes.
    pub fn url(&self) -> String {
        format!("postgres://prefab@127.0.0.1:{}/postgres", self.port)
    }

    /// Starts the server and waits until it accepts connections.
    pub fn start(&self) -> Result<(), String> {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1",
            self.port,
            self.data.display()
        );
        run(self
            .program("pg_ctl")
            .args(["-w", "-t", "30", "-o", &options, "-l"])
            .arg(self.data.join("server.log"))
            .arg("-D")
            .arg(&self.data)
            .arg("start")
            .stdout(std::process::Stdio::null()))
    }

    /// Stops the server the way an administrator restarting it does (`-m fast`: open
    /// connections are ended, running transactions rolled back) and waits until it is down.
    pub fn stop(&self) -> Result<(), String> {
        self.pg_ctl_stop("fast")
    }

    fn pg_ctl_stop(&self, mode: &str) -> Result<(), String> {
        run(self
            .program("pg_ctl")
            .args(["-w", "-m", mode, "-D"])
            .arg(&self.data)
            .arg("stop")
            .stdout(std::process::Stdio::null()))
    }

    /// A PostgreSQL program, run as `postgres` when we are root.
    fn program(&self, name: &str) -> Command {
        let path = self.bin.join(name);
        if self.as_postgres {
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", "postgres", "--"]).arg(path);
            cmd
        } else {
            Command::new(path)
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if self.data.join("postmaster.pid").exists() {
            let _ = self.pg_ctl_stop("immediate");
        }
    }
}
