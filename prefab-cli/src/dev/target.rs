//! The previewed server: a Streamable HTTP URL (with headers) or a stdio command, and the
//! MCP client `prefab dev` connects to it with.
use axum::http::{HeaderName, HeaderValue};
use prefab_mcp::meta::{UI_EXTENSION, UI_MIME_TYPE};
use rmcp::ServiceExt;
use rmcp::model::{ClientCapabilities, ClientConfig, ExtensionCapabilities, Implementation};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};
use std::collections::HashMap;
use std::fmt;

/// A connected MCP client of the target. Its handler is the client's configuration alone:
/// rmcp's defaults decline elicitation and answer sampling with "method not found", as the
/// preview host can answer neither.
pub(crate) type Client = RunningService<RoleClient, ClientConfig>;

/// The server `prefab dev` previews.
///
/// ```
/// use prefab_cli::dev::Target;
/// let target = Target::url("http://127.0.0.1:8000/mcp", &["Authorization: Bearer t0ken"]).unwrap();
/// assert_eq!(target.to_string(), "http://127.0.0.1:8000/mcp");
/// let target = Target::command(&["python", "server.py"]).unwrap();
/// assert_eq!(target.to_string(), "python server.py (stdio)");
/// assert!(target.is_command());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A Streamable HTTP endpoint and the headers every request carries.
    Url {
        /// The endpoint.
        url: String,
        /// Extra request headers (`Authorization`, …).
        headers: HashMap<HeaderName, HeaderValue>,
    },
    /// A stdio server: the program, its arguments and what is added to its environment.
    Command {
        /// The program.
        program: String,
        /// Its arguments.
        args: Vec<String>,
        /// Variables set for it on top of `prefab dev`'s own environment.
        env: Vec<(String, String)>,
    },
}

impl Target {
    /// An HTTP target with `headers` given as `Name: value`.
    ///
    /// # Errors
    /// When the URL is not `http://` or `https://`, or a header is not `Name: value`.
    pub fn url<S: AsRef<str>>(url: impl Into<String>, headers: &[S]) -> Result<Target, String> {
        let url = url.into();
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!("--url {url}: expected an http:// or https:// URL"));
        }
        let headers = headers
            .iter()
            .map(|line| header(line.as_ref()))
            .collect::<Result<_, _>>()?;
        Ok(Target::Url { url, headers })
    }

    /// A stdio target: `command[0]` with the rest as its arguments.
    ///
    /// # Errors
    /// When `command` is empty.
    pub fn command<S: AsRef<str>>(command: &[S]) -> Result<Target, String> {
        let (program, args) = command
            .split_first()
            .ok_or("no server named: give --url URL or -- CMD ARGS…")?;
        Ok(Target::Command {
            program: program.as_ref().to_owned(),
            args: args.iter().map(|a| a.as_ref().to_owned()).collect(),
            env: Vec::new(),
        })
    }

    /// The target of `prefab dev` and `prefab check`: `url` with `headers` when given,
    /// otherwise the stdio `command`.
    ///
    /// # Errors
    /// As [`Target::url`] and [`Target::command`].
    pub fn from_args<S: AsRef<str>>(
        url: Option<&str>,
        headers: &[S],
        command: &[S],
    ) -> Result<Target, String> {
        match url {
            Some(url) => Target::url(url, headers),
            None => Target::command(command),
        }
    }

    /// The same target with `name=value` set in a command's environment (a URL target is
    /// returned as it is: its server's environment is not ours to set).
    ///
    /// ```
    /// use prefab_cli::dev::Target;
    /// let target = Target::command(&["python", "server.py"]).unwrap().with_env("A", "b");
    /// assert!(matches!(target, Target::Command { env, .. } if env == [("A".into(), "b".into())]));
    /// ```
    #[must_use]
    pub fn with_env(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        if let Target::Command { env, .. } = &mut self {
            env.push((name.into(), value.into()));
        }
        self
    }

    /// What the page is shown of the target: the program without its arguments, or the
    /// URL's origin (no user, path, query or fragment), so no argument or token reaches it.
    ///
    /// ```
    /// use prefab_cli::dev::Target;
    /// let command = Target::command(&["python", "server.py", "--token", "s3cret"]).unwrap();
    /// assert_eq!(command.label(), "python (stdio)");
    /// let url = Target::url("https://user:pw@mcp.example.com:8443/mcp?key=k", &[] as &[&str]).unwrap();
    /// assert_eq!(url.label(), "https://mcp.example.com:8443");
    /// ```
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Target::Command { program, .. } => format!("{program} (stdio)"),
            Target::Url { url, .. } => url::Url::parse(url).map_or_else(
                |_| "the --url server".to_owned(),
                |u| u.origin().ascii_serialization(),
            ),
        }
    }

    /// Whether the target is a command (`prefab dev` starts, restarts and watches it).
    #[must_use]
    pub fn is_command(&self) -> bool {
        matches!(self, Target::Command { .. })
    }

    /// Starts (or reaches) the server and runs the MCP handshake with it.
    pub(crate) async fn connect(&self) -> Result<Client, String> {
        match self {
            Target::Command { program, args, env } => {
                let mut command = tokio::process::Command::new(program);
                command
                    .args(args)
                    .envs(env.iter().cloned())
                    .kill_on_drop(true);
                // Errors reach the page: they name the program, never its arguments.
                let transport = TokioChildProcess::new(command)
                    .map_err(|e| format!("cannot start {}: {e}", self.label()))?;
                client_config()
                    .serve(transport)
                    .await
                    .map_err(|e| format!("{}: {e}", self.label()))
            }
            Target::Url { url, headers } => {
                let config = StreamableHttpClientTransportConfig::with_uri(url.as_str())
                    .custom_headers(headers.clone());
                client_config()
                    .serve(StreamableHttpClientTransport::from_config(config))
                    .await
                    .map_err(|e| format!("{}: {e}", self.label()))
            }
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Url { url, .. } => f.write_str(url),
            Target::Command { program, args, .. } => {
                f.write_str(program)?;
                for arg in args {
                    write!(f, " {arg}")?;
                }
                f.write_str(" (stdio)")
            }
        }
    }
}

/// `Name: value` as a header.
fn header(line: &str) -> Result<(HeaderName, HeaderValue), String> {
    let bad = |why: &str| format!("--header {line:?}: {why}");
    let (name, value) = line
        .split_once(':')
        .ok_or_else(|| bad("expected `Name: value`"))?;
    let name = HeaderName::try_from(name.trim()).map_err(|e| bad(&e.to_string()))?;
    let value = HeaderValue::try_from(value.trim()).map_err(|e| bad(&e.to_string()))?;
    Ok((name, value))
}

/// The client's configuration: `prefab dev` with the MCP Apps extension, so servers that
/// only offer their UI to hosts that show it do offer it.
fn client_config() -> ClientConfig {
    let mut ui = serde_json::Map::new();
    ui.insert("mimeTypes".into(), serde_json::json!([UI_MIME_TYPE]));
    let mut extensions = ExtensionCapabilities::new();
    extensions.insert(UI_EXTENSION.into(), ui);
    let mut capabilities = ClientCapabilities::default();
    capabilities.extensions = Some(extensions);
    ClientConfig::new(
        capabilities,
        Implementation::new("prefab dev", env!("CARGO_PKG_VERSION")),
    )
}

#[cfg(test)]
mod tests {
    use super::Target;
    use axum::http::HeaderName;

    #[test]
    fn headers_are_name_colon_value() {
        let Ok(Target::Url { headers, .. }) = Target::url(
            "https://mcp.example.com/mcp",
            &["Authorization: Bearer a:b", "X-Team:  blue "],
        ) else {
            panic!("a valid URL target");
        };
        let header = |name: &'static str| {
            let value = headers.get(&HeaderName::from_static(name));
            value.and_then(|v| v.to_str().ok()).map(str::to_owned)
        };
        assert_eq!(header("authorization").as_deref(), Some("Bearer a:b"));
        assert_eq!(header("x-team").as_deref(), Some("blue"));
        for bad in ["no colon", "bad name: v", "X-Ok: line\nbreak"] {
            assert!(
                Target::url("http://127.0.0.1:1/mcp", &[bad]).is_err(),
                "{bad:?} is refused"
            );
        }
        assert!(Target::url("ftp://example.com", &[] as &[&str]).is_err());
        assert!(Target::command(&[] as &[&str]).is_err());
    }
}
