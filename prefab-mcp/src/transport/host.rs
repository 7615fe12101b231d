//! The DNS-rebinding guard: which `Host` values the endpoint answers. It runs before CORS,
//! so a preflight to a foreign host name is refused like any other request. rmcp checks
//! the same list again inside its service.
use axum::http::{HeaderMap, StatusCode, Uri, header, uri::Authority};

/// `Host` names served when [`HttpConfig::allowed_hosts`](super::HttpConfig) is `None`
/// (rmcp's default list).
pub(super) const LOOPBACK_HOSTS: [&str; 3] = ["localhost", "127.0.0.1", "::1"];

/// A host name (lowercase, IPv6 without brackets) and the port, if given.
#[derive(Debug, Clone, PartialEq, Eq)]
struct HostName {
    host: String,
    port: Option<u16>,
}

impl HostName {
    fn parse(text: &str) -> Option<HostName> {
        let text = text.trim();
        // User info is not part of a `Host` value.
        if text.is_empty() || text.contains('@') {
            return None;
        }
        let authority: Authority = text.parse().ok()?;
        Some(HostName::new(authority.host(), authority.port_u16()))
    }

    fn new(host: &str, port: Option<u16>) -> HostName {
        HostName {
            host: host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .to_ascii_lowercase(),
            port,
        }
    }
}

/// The `Host` values a server accepts. An empty list accepts any host (as in rmcp).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct HostPolicy {
    allowed: Vec<HostName>,
}

impl HostPolicy {
    /// Entries are `host` (any port) or `host:port`; an entry that does not parse as an
    /// authority is taken as a bare host name.
    pub(super) fn new<S: AsRef<str>>(entries: &[S]) -> Self {
        HostPolicy {
            allowed: entries
                .iter()
                .map(|e| HostName::parse(e.as_ref()).unwrap_or(HostName::new(e.as_ref(), None)))
                .collect(),
        }
    }

    /// `Ok` when the request's host is allowed; otherwise the status to answer: 400 for a
    /// missing, repeated or malformed `Host`, 403 for a host not on the list.
    pub(super) fn check(&self, uri: &Uri, headers: &HeaderMap) -> Result<(), StatusCode> {
        let mut hosts = headers.get_all(header::HOST).iter();
        let host = match (hosts.next(), hosts.next()) {
            (Some(_), Some(_)) => return Err(StatusCode::BAD_REQUEST),
            (Some(value), None) => value
                .to_str()
                .ok()
                .and_then(HostName::parse)
                .ok_or(StatusCode::BAD_REQUEST)?,
            // HTTP/1.0 or an absolute-form request target: the URI carries the authority.
            (None, _) => uri
                .authority()
                .map(|a| HostName::new(a.host(), a.port_u16()))
                .ok_or(StatusCode::BAD_REQUEST)?,
        };
        let allowed = self.allowed.is_empty()
            || self
                .allowed
                .iter()
                .any(|a| a.host == host.host && a.port.is_none_or(|port| host.port == Some(port)));
        if allowed {
            Ok(())
        } else {
            Err(StatusCode::FORBIDDEN)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{HostPolicy, LOOPBACK_HOSTS};
    use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};

    fn check(policy: &HostPolicy, hosts: &[&str]) -> Result<(), StatusCode> {
        let mut headers = HeaderMap::new();
        for h in hosts {
            headers.append(
                header::HOST,
                HeaderValue::from_str(h).map_err(|_| StatusCode::IM_A_TEAPOT)?,
            );
        }
        policy.check(&Uri::from_static("/mcp"), &headers)
    }

    #[test]
    fn loopback_names_pass_on_any_port() {
        let policy = HostPolicy::new(&LOOPBACK_HOSTS);
        for host in ["localhost", "LOCALHOST:8931", "127.0.0.1:1", "[::1]:8931"] {
            assert_eq!(check(&policy, &[host]), Ok(()), "{host}");
        }
    }

    #[test]
    fn foreign_repeated_and_malformed_hosts_are_refused() {
        let policy = HostPolicy::new(&LOOPBACK_HOSTS);
        assert_eq!(
            check(&policy, &["evil.example"]),
            Err(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            check(&policy, &["localhost.evil.example"]),
            Err(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            check(&policy, &["localhost", "evil.example"]),
            Err(StatusCode::BAD_REQUEST)
        );
        assert_eq!(
            check(&policy, &["localhost", "localhost"]),
            Err(StatusCode::BAD_REQUEST)
        );
        assert_eq!(
            check(&policy, &["evil@localhost"]),
            Err(StatusCode::BAD_REQUEST)
        );
        assert_eq!(
            check(&policy, &["local host"]),
            Err(StatusCode::BAD_REQUEST)
        );
        assert_eq!(check(&policy, &[]), Err(StatusCode::BAD_REQUEST));
    }

    #[test]
    fn listed_ports_must_match() {
        let policy = HostPolicy::new(&["api.example:8443"]);
        assert_eq!(check(&policy, &["api.example:8443"]), Ok(()));
        assert_eq!(check(&policy, &["api.example"]), Err(StatusCode::FORBIDDEN));
        assert_eq!(
            check(&HostPolicy::new::<&str>(&[]), &["any.example"]),
            Ok(())
        );
    }
}
