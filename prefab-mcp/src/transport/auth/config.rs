//! Checking an [`Authorization`] before it is served: the resource is an absolute http(s)
//! URI without query or fragment (it is the audience tokens must name, compared as
//! written), the issuer one too and `https` unless it is on loopback (keys fetched over
//! plain HTTP from another host could be replaced on the way), downstream APIs absolute
//! URLs.
use super::Authorization;
use std::fmt;

/// A setting of an [`Authorization`] that cannot be served.
///
/// ```
/// use prefab_mcp::transport::auth::Authorization;
/// let err = Authorization::new("https://mcp.example.com/mcp#x", "https://login.example.com")
///     .validate()
///     .unwrap_err();
/// assert_eq!(err.setting, "resource");
/// assert!(err.to_string().contains("fragment"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The setting: `resource`, `issuer` or `downstream`.
    pub setting: &'static str,
    /// Its value.
    pub value: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:?}: {}", self.setting, self.value, self.reason)
    }
}

impl std::error::Error for ConfigError {}

/// `value` as an absolute http(s) URL without query or fragment.
fn absolute(setting: &'static str, value: &str) -> Result<url::Url, ConfigError> {
    let fail = |reason: &str| ConfigError {
        setting,
        value: value.to_owned(),
        reason: reason.to_owned(),
    };
    let url = url::Url::parse(value).map_err(|e| fail(&format!("not an absolute URI ({e})")))?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return Err(fail("not an http(s) URL with a host"));
    }
    if url.fragment().is_some() || value.contains('#') {
        return Err(fail("has a fragment"));
    }
    if url.query().is_some() {
        return Err(fail("has a query"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(fail("has user information"));
    }
    Ok(url)
}

/// Whether `url`'s host is a loopback name or address.
fn on_loopback(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

impl Authorization {
    /// Checks the settings that must hold before tokens can be checked (see
    /// [`ConfigError`]); [`serve_http`](crate::transport::serve_http) refuses to start
    /// without it and [`http_router`](crate::transport::http_router) answers every request
    /// with 500.
    ///
    /// ```
    /// use prefab_mcp::transport::auth::Authorization;
    /// assert!(Authorization::new("https://mcp.example.com/mcp", "https://login.example.com").validate().is_ok());
    /// assert!(Authorization::new("http://127.0.0.1:8931/mcp", "http://127.0.0.1:3000").validate().is_ok());
    /// assert!(Authorization::new("https://mcp.example.com/mcp", "http://login.example.com").validate().is_err());
    /// ```
    ///
    /// # Errors
    /// The first setting that does not hold.
    pub fn validate(&self) -> Result<(), ConfigError> {
        absolute("resource", &self.resource)?;
        let issuer = absolute("issuer", &self.issuer)?;
        if issuer.scheme() != "https" && !on_loopback(&issuer) {
            return Err(ConfigError {
                setting: "issuer",
                value: self.issuer.clone(),
                reason: "an authorization server beyond loopback must use https".into(),
            });
        }
        for api in &self.downstream {
            absolute("downstream", api)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Authorization;

    fn setting(resource: &str, issuer: &str) -> Option<&'static str> {
        Authorization::new(resource, issuer)
            .validate()
            .err()
            .map(|e| e.setting)
    }

    #[test]
    fn resources_and_issuers_are_absolute_and_plain() {
        let issuer = "https://as.example";
        for bad in [
            "not-a-url",
            "http://127.0.0.1/mcp?x=1",
            "https://mcp.example/mcp#frag",
            "https://user@mcp.example/mcp",
            "urn:example:mcp",
            "/mcp",
        ] {
            assert_eq!(setting(bad, issuer), Some("resource"), "{bad}");
        }
        assert_eq!(setting("http://127.0.0.1:1/a{b", issuer), None);
        for bad in ["http://as.example", "https://as.example#f", "as.example"] {
            assert_eq!(
                setting("https://mcp.example/mcp", bad),
                Some("issuer"),
                "{bad}"
            );
        }
        for loopback in [
            "http://localhost:3000",
            "http://[::1]:3000",
            "http://127.0.0.2",
        ] {
            assert_eq!(
                setting("https://mcp.example/mcp", loopback),
                None,
                "{loopback}"
            );
        }
    }
}
