//! Which browser origins may call the endpoint. Requests without `Origin` come from
//! non-browser clients and are not judged here; loopback origins are always allowed; any
//! other origin must be listed in [`HttpConfig::allowed_origins`](super::HttpConfig).
//!
//! An `Origin` value is parsed into scheme, host and port (RFC 6454) and compared as a
//! whole, so `http://localhost.evil.example`, `http://127.0.0.1.evil.example`,
//! `http://user@localhost` and `null` are not loopback origins.
use axum::http::{HeaderValue, Uri};

/// Host names of the loopback origins served without configuration (any port, `http`).
const LOOPBACK_HOSTS: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// A browser origin: lowercase scheme and host (IPv6 in brackets) and the port, explicit
/// or implied by the scheme.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

impl Origin {
    /// Parses a serialized origin (`scheme://host[:port]`): no user info, path, query or
    /// fragment. `None` for anything else, including the opaque origin `null`.
    fn parse(text: &str) -> Option<Origin> {
        // Nothing may follow the authority, and user info (`user@host`) is never part of
        // an origin.
        let (_, rest) = text.split_once("://")?;
        if rest.contains(['/', '?', '#', '@']) {
            return None;
        }
        let uri: Uri = text.parse().ok()?;
        let scheme = uri.scheme_str()?.to_ascii_lowercase();
        let authority = uri.authority()?;
        let host = authority.host().to_ascii_lowercase();
        if host.is_empty() {
            return None;
        }
        let port = authority.port_u16().or(match scheme.as_str() {
            "http" => Some(80),
            "https" => Some(443),
            _ => None,
        });
        Some(Origin { scheme, host, port })
    }

    fn is_loopback(&self) -> bool {
        self.scheme == "http" && LOOPBACK_HOSTS.contains(&self.host.as_str())
    }
}

/// One entry of the configured list.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Allowed {
    /// `*`: every origin.
    Any,
    /// `scheme://host:*`: that scheme and host on any port.
    AnyPort { scheme: String, host: String },
    /// `scheme://host[:port]`: exactly that origin (the port defaults by scheme).
    Exact(Origin),
}

impl Allowed {
    /// Parses a configured entry; `None` for text that is no origin (it then allows nothing).
    fn parse(entry: &str) -> Option<Allowed> {
        let entry = entry.trim();
        if entry == "*" {
            return Some(Allowed::Any);
        }
        let entry = entry.strip_suffix('/').unwrap_or(entry);
        if let Some(base) = entry.strip_suffix(":*") {
            let origin = Origin::parse(base)?;
            // `http://host:80:*` is no pattern.
            if base.rsplit_once(':').is_some_and(|(_, port)| {
                !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit())
            }) {
                return None;
            }
            return Some(Allowed::AnyPort {
                scheme: origin.scheme,
                host: origin.host,
            });
        }
        Origin::parse(entry).map(Allowed::Exact)
    }

    fn matches(&self, origin: &Origin) -> bool {
        match self {
            Allowed::Any => true,
            Allowed::AnyPort { scheme, host } => *scheme == origin.scheme && *host == origin.host,
            Allowed::Exact(exact) => exact == origin,
        }
    }
}

/// The origins a server accepts: loopback ones plus the configured list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct OriginPolicy {
    listed: Vec<Allowed>,
}

impl OriginPolicy {
    /// The policy for a configured list; entries that are not origins allow nothing.
    pub(super) fn new(entries: &[String]) -> Self {
        OriginPolicy {
            listed: entries.iter().filter_map(|e| Allowed::parse(e)).collect(),
        }
    }

    /// Whether a request carrying this `Origin` header may be served.
    pub(super) fn allows(&self, origin: &HeaderValue) -> bool {
        let Some(origin) = origin.to_str().ok().and_then(|o| Origin::parse(o.trim())) else {
            return false;
        };
        origin.is_loopback() || self.listed.iter().any(|allowed| allowed.matches(&origin))
    }
}

#[cfg(test)]
mod tests {
    use super::OriginPolicy;
    use axum::http::HeaderValue;

    fn allows(list: &[&str], origin: &str) -> bool {
        let list: Vec<String> = list.iter().map(|s| (*s).to_owned()).collect();
        OriginPolicy::new(&list).allows(&HeaderValue::from_str(origin).unwrap_or_else(|e| {
            panic!("{origin}: {e}");
        }))
    }

    #[test]
    fn loopback_origins_on_any_port_are_allowed() {
        for origin in [
            "http://localhost",
            "http://localhost:5173",
            "http://LOCALHOST:8080",
            "http://127.0.0.1:3000",
            "http://[::1]:8931",
        ] {
            assert!(allows(&[], origin), "{origin}");
        }
    }

    #[test]
    fn look_alikes_of_loopback_are_refused() {
        for origin in [
            "http://localhost.evil.example",
            "http://127.0.0.1.evil.example",
            "http://localhost@evil.example",
            "http://evil.example@localhost",
            "http://localhost:5173/path",
            "http://localhost:5173?q",
            "https://localhost",
            "localhost",
            "null",
            "",
            "http://[::2]:80",
            "http://127.0.0.2",
            "file://",
        ] {
            assert!(!allows(&[], origin), "{origin}");
        }
    }

    #[test]
    fn listed_origins_match_scheme_host_and_port() {
        let list = [
            "https://App.example",
            "http://dev.example:*",
            "not an origin",
        ];
        assert!(allows(&list, "https://app.example"));
        assert!(allows(&list, "https://app.example:443"));
        assert!(!allows(&list, "https://app.example:8443"));
        assert!(!allows(&list, "http://app.example"));
        assert!(!allows(&list, "https://app.example.evil"));
        assert!(allows(&list, "http://dev.example:1234"));
        assert!(allows(&list, "http://dev.example"));
        assert!(!allows(&list, "https://dev.example"));
        assert!(allows(&["https://app.example/"], "https://app.example"));
        assert!(!allows(&["http://a.example:80:*"], "http://a.example:80"));
    }

    #[test]
    fn a_star_entry_allows_every_origin_but_not_garbage() {
        assert!(allows(&["*"], "https://anything.example"));
        assert!(!allows(&["*"], "null"));
    }
}
