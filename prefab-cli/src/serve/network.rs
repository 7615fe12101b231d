//! `prefab serve` beyond loopback: the address to bind, the `Host` names to answer, OAuth
//! authorization and the log format, with the checks that keep a public bind safe.
use prefab_mcp::transport::HttpConfig;
use prefab_mcp::transport::auth::Authorization;
use std::io::IsTerminal;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The logs kept without `RUST_LOG`: one line per request (target `prefab_mcp::request`),
/// warnings and errors; rmcp's per-connection notes only from `warn` up.
pub const DEFAULT_LOG_FILTER: &str = "info,rmcp=warn";

/// The network flags of `prefab serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct NetworkArgs {
    /// The address to listen on. Another than a loopback one needs `--allowed-host`, and
    /// without `--authorization-server` anyone who reaches it may call every tool.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// A `Host` header value to answer (`name` or `name:port`; repeatable), as clients
    /// reach this server (the DNS-rebinding guard). Default: loopback names only.
    #[arg(long = "allowed-host", value_name = "NAME")]
    pub allowed_hosts: Vec<String>,
    /// The issuer URL of the OAuth authorization server whose access tokens are required.
    #[arg(long, value_name = "URL", requires = "audience")]
    pub authorization_server: Option<String>,
    /// This endpoint's URL as clients reach it (`https://mcp.example.com/mcp`): the audience
    /// every token must name, and the `resource` of the protected resource metadata.
    #[arg(long, value_name = "URL", requires = "authorization_server")]
    pub audience: Option<String>,
    /// A scope every request needs (repeatable).
    #[arg(long = "required-scope", value_name = "SCOPE")]
    pub required_scopes: Vec<String>,
    /// Also take JWTs typed `JWT` (or untyped) as access tokens, for authorization servers
    /// that do not issue RFC 9068 `at+jwt` tokens. Off: an ID token is no access token.
    #[arg(long, requires = "authorization_server")]
    pub accept_generic_typ: bool,
    /// This server's OAuth client id at the authorization server, its secret in the
    /// environment variable `PREFAB_CLIENT_SECRET` (never on the command line): opaque
    /// tokens are then introspected (RFC 7662) and tokens exchanged for `--downstream` APIs.
    #[arg(long, value_name = "ID", requires = "authorization_server")]
    pub client_id: Option<String>,
    /// A downstream API (its URL, repeatable) a tool may call for the caller with a token
    /// exchanged at the authorization server (RFC 8693); the caller's own token is never
    /// sent on.
    /// Plain `http://` beyond loopback is refused (an exchanged token would cross the
    /// network readable): see `--allow-insecure-downstream`.
    #[arg(long = "downstream", value_name = "URL", requires = "client_id")]
    pub downstream: Vec<String>,
    /// Allow `--downstream` APIs at plain `http://` URLs beyond loopback (the tokens
    /// exchanged for them travel unencrypted).
    #[arg(long, requires = "downstream")]
    pub allow_insecure_downstream: bool,
    /// Connections one client address may hold open at once (further ones are closed);
    /// `0`: no limit. Behind a reverse proxy every client has the proxy's address: use `0`
    /// there and limit clients at the proxy.
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub max_connections_per_peer: usize,
    /// How log lines (one per request, to standard error) are written.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

/// The environment variable holding the secret of `--client-id`.
pub const CLIENT_SECRET_VAR: &str = "PREFAB_CLIENT_SECRET";

/// The format of the log lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

impl NetworkArgs {
    /// The socket address for `port`, after the checks: a non-loopback bind without
    /// allowed hosts is refused; one without authorization is allowed with a warning.
    ///
    /// # Errors
    /// When the authorization flags do not hold (see `Authorization::validate`), or the
    /// bind address is not loopback and no `--allowed-host` was given.
    pub fn address(&self, port: u16) -> Result<SocketAddr, String> {
        if let Some(auth) = self.authorization() {
            self.check(&auth)?;
        }
        if !self.bind.is_loopback() && self.allowed_hosts.is_empty() {
            return Err(format!(
                "--bind {}: a non-loopback address needs --allowed-host NAME (the host names \
                 clients use), or any web page could reach this server through DNS rebinding",
                self.bind
            ));
        }
        if !self.bind.is_loopback() && self.authorization_server.is_none() {
            tracing::warn!(
                bind = %self.bind,
                "serving beyond loopback without --authorization-server: anyone who reaches \
                 this address can call every tool"
            );
        }
        Ok(SocketAddr::new(self.bind, port))
    }

    /// `config` with the allowed hosts and authorization of these flags.
    #[must_use]
    pub fn apply(&self, mut config: HttpConfig) -> HttpConfig {
        if !self.allowed_hosts.is_empty() {
            config = config.allowed_hosts(self.allowed_hosts.iter().cloned());
        }
        if let Some(auth) = self.authorization() {
            config = config.authorization(auth);
        }
        config.max_connections_per_peer(self.max_connections_per_peer)
    }

    /// Whether `auth` (of these flags) can be served, naming the flag when not.
    fn check(&self, auth: &Authorization) -> Result<(), String> {
        if self.client_id.is_some() && auth.introspection_client.is_none() {
            return Err(format!(
                "--client-id: set its secret in the environment variable {CLIENT_SECRET_VAR}"
            ));
        }
        auth.validate().map_err(|e| {
            let flag = match e.setting {
                "issuer" => "--authorization-server",
                "downstream" => "--downstream",
                _ => "--audience",
            };
            format!("{flag}: {e}")
        })?;
        if self.allow_insecure_downstream {
            return Ok(());
        }
        match self.downstream.iter().find(|api| insecure(api)) {
            Some(api) => Err(format!(
                "--downstream {api:?}: plain http beyond loopback would send the exchanged \
                 tokens readable; use https, or --allow-insecure-downstream"
            )),
            None => Ok(()),
        }
    }

    /// The authorization these flags ask for, if any, with the client secret of
    /// [`CLIENT_SECRET_VAR`].
    fn authorization(&self) -> Option<Authorization> {
        let secret = std::env::var(CLIENT_SECRET_VAR).ok();
        self.authorization_with(secret.filter(|s| !s.is_empty()))
    }

    /// The authorization these flags ask for, if any, `secret` that of `--client-id`.
    fn authorization_with(&self, secret: Option<String>) -> Option<Authorization> {
        let (issuer, audience) = (self.authorization_server.as_ref()?, self.audience.as_ref()?);
        let mut auth = Authorization::new(audience.clone(), issuer.clone())
            .required_scopes(self.required_scopes.iter().cloned())
            .accept_generic_typ(self.accept_generic_typ)
            .downstream(self.downstream.iter().cloned());
        if let (Some(id), Some(secret)) = (&self.client_id, secret) {
            auth = auth.introspection_client(id.clone(), secret);
        }
        Some(auth)
    }

    /// Installs the log subscriber ([`init_logs`] with `--log-format`).
    pub fn init_logs(&self) {
        init_logs(self.log_format);
    }
}

/// Whether `api` is a plain `http` URL whose host is not loopback (`localhost`, 127.0.0.0/8,
/// `::1`).
fn insecure(api: &str) -> bool {
    let Ok(url) = url::Url::parse(api) else {
        return false;
    };
    let loopback = match url.host() {
        Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    url.scheme() == "http" && !loopback
}

/// Installs the log subscriber (standard error, coloured when it is a terminal; `RUST_LOG`
/// filters, default [`DEFAULT_LOG_FILTER`]).
///
/// ```
/// prefab_cli::serve::network::init_logs(prefab_cli::serve::network::LogFormat::Text);
/// ```
pub fn init_logs(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_LOG_FILTER));
    // Colours only on a terminal: a log file or collector gets plain lines (and the request
    // line is cheaper to write).
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    // A second subscriber (as in tests that run `serve` twice) is not an error.
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .try_init(),
    };
}

#[cfg(test)]
mod tests {
    use super::{LogFormat, NetworkArgs};
    use std::net::{IpAddr, Ipv4Addr};

    fn args(bind: IpAddr, hosts: &[&str]) -> NetworkArgs {
        NetworkArgs {
            bind,
            allowed_hosts: hosts.iter().map(|h| (*h).to_owned()).collect(),
            authorization_server: None,
            audience: None,
            required_scopes: Vec::new(),
            accept_generic_typ: false,
            client_id: None,
            downstream: Vec::new(),
            allow_insecure_downstream: false,
            max_connections_per_peer: 256,
            log_format: LogFormat::Text,
        }
    }

    #[test]
    fn a_public_bind_needs_allowed_hosts() {
        let any = IpAddr::V4(Ipv4Addr::UNSPECIFIED);
        assert!(
            args(any, &[])
                .address(80)
                .is_err_and(|e| e.contains("--allowed-host"))
        );
        assert!(args(any, &["mcp.example.com"]).address(80).is_ok());
        assert!(
            args(IpAddr::V4(Ipv4Addr::LOCALHOST), &[])
                .address(0)
                .is_ok()
        );
    }

    #[test]
    fn a_client_needs_its_secret_and_downstream_apis_are_urls() {
        let mut flags = args(IpAddr::V4(Ipv4Addr::LOCALHOST), &[]);
        flags.authorization_server = Some("http://127.0.0.1:3000".into());
        flags.audience = Some("http://127.0.0.1:8931/mcp".into());
        flags.client_id = Some("svc-prefab".into());
        flags.downstream = vec!["https://api.example.com/".into()];
        let check = |flags: &NetworkArgs, secret: Option<&str>| {
            let auth = flags
                .authorization_with(secret.map(str::to_owned))
                .expect("authorization");
            flags.check(&auth).map(|()| auth)
        };
        let missing = check(&flags, None).expect_err("no secret");
        assert!(missing.contains("PREFAB_CLIENT_SECRET"), "{missing}");
        let auth = check(&flags, Some("s3cret")).expect("served");
        assert_eq!(
            auth.introspection_client,
            Some(("svc-prefab".into(), "s3cret".into()))
        );
        assert_eq!(auth.downstream, ["https://api.example.com/"]);
        flags.downstream = vec!["api.example.com".into()];
        let bad = check(&flags, Some("s3cret")).expect_err("not a URL");
        assert!(bad.starts_with("--downstream"), "{bad}");
    }

    #[test]
    fn plain_http_downstream_apis_beyond_loopback_need_the_flag() {
        let mut flags = args(IpAddr::V4(Ipv4Addr::LOCALHOST), &[]);
        flags.authorization_server = Some("http://127.0.0.1:3000".into());
        flags.audience = Some("http://127.0.0.1:8931/mcp".into());
        flags.client_id = Some("svc-prefab".into());
        let check = |flags: &NetworkArgs| {
            let auth = flags
                .authorization_with(Some("s3cret".into()))
                .expect("authorization");
            flags.check(&auth)
        };
        for api in [
            "http://api.example.com/",
            "HTTP://API.example.com:8080/v1",
            "http://10.0.0.7/",
            "http://[2001:db8::1]/",
            "http://localhost.example.com/",
        ] {
            flags.downstream = vec!["https://ok.example.com/".into(), api.into()];
            let refused = check(&flags).expect_err(api);
            assert!(
                refused.starts_with("--downstream") && refused.contains("--allow-insecure"),
                "{refused}"
            );
        }
        for api in [
            "https://api.example.com/",
            "http://127.0.0.1:9000/",
            "http://localhost:9000/",
            "http://[::1]:9000/",
        ] {
            flags.downstream = vec![api.into()];
            assert_eq!(check(&flags), Ok(()), "{api}");
        }
        flags.downstream = vec!["http://api.example.com/".into()];
        flags.allow_insecure_downstream = true;
        assert_eq!(check(&flags), Ok(()));
    }
}
