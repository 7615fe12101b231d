//! HAProxy in front of the instances: round robin, health checks, and retries only where no
//! instance can have seen the request.
//!
//! A write (`POST /mcp`) is not idempotent: once it reached an instance, retrying it
//! elsewhere could apply it twice. So the proxy retries (and redispatches to another
//! instance) only on `conn-failure` — the connection to the instance was never made, as when
//! the killed instance's port refuses it before the health check marked it down. A request
//! cut off after it was sent becomes `502` for the client, whose outcome is unknown.
use super::fleet::Fleet;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `haproxy -db` (foreground), killed on drop.
pub struct Proxy {
    child: Child,
    pub port: u16,
}

impl Proxy {
    /// Writes `dir/haproxy.cfg` for the instances on `ports` and starts HAProxy on a free
    /// loopback port.
    pub fn start(dir: &Path, ports: &[u16]) -> Result<Self, String> {
        let port = crate::sh::free_port()?;
        let config = dir.join("haproxy.cfg");
        std::fs::write(&config, config_text(port, ports))
            .map_err(|e| format!("{}: {e}", config.display()))?;
        let log_path = dir.join("haproxy.log");
        let log =
            std::fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
        let err = log
            .try_clone()
            .map_err(|e| format!("{}: {e}", log_path.display()))?;
        let mut child = Command::new("haproxy")
            .arg("-db")
            .arg("-f")
            .arg(&config)
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(err)
            .spawn()
            .map_err(|e| format!("haproxy: {e}"))?;
        let name = format!("haproxy (log {})", log_path.display());
        let listening =
            crate::sh::wait_until_listening(&mut child, port, &name, Duration::from_secs(10));
        let proxy = Self { child, port };
        listening.map(|()| proxy)
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The configuration: the health check (`HEAD /`, the preview host's page, every 250 ms; down
/// after 2 failures, up after 2 successes) and the instance that answered in a response
/// header, so the test can see the restarted instance serve again.
fn config_text(port: u16, ports: &[u16]) -> String {
    let mut text = format!(
        "global
    maxconn 1024

defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    retries 2
    retry-on conn-failure
    option redispatch 1

frontend mcp
    bind 127.0.0.1:{port}
    default_backend prefab

backend prefab
    balance roundrobin
    option httpchk
    http-check send meth HEAD uri / ver HTTP/1.1 hdr Host 127.0.0.1
    http-check expect status 200
    http-response set-header X-Prefab-Instance %[srv_name]
    default-server check inter 250ms fall 2 rise 2
"
    );
    for (i, p) in ports.iter().enumerate() {
        text.push_str(&format!("    server {} 127.0.0.1:{p}\n", Fleet::name(i)));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proxy_retries_only_requests_no_instance_received() {
        let text = config_text(8000, &[8001, 8002]);
        let retry_on: Vec<&str> = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("retry-on "))
            .collect();
        assert_eq!(retry_on, ["conn-failure"]);
        assert!(text.contains("bind 127.0.0.1:8000"));
        assert!(text.contains("server i1 127.0.0.1:8002"));
    }
}
