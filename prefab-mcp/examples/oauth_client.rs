//! rmcp's own OAuth client against a protected prefab-mcp endpoint: one unauthenticated
//! request gets the `401`, whose `WWW-Authenticate` names the RFC 9728 metadata; rmcp
//! discovers the authorization server from it, obtains a token with the client-credentials
//! grant (with the endpoint as `resource`), then calls a tool and prints its text.
//!
//! ```text
//! cargo run -p prefab-mcp --features auth --example oauth_client -- \
//!     http://127.0.0.1:8931/mcp CLIENT_ID CLIENT_SECRET "mcp" whoami
//! ```
//! (The authorization tests of `cargo xtask test` run it against `oidc-provider`.)
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::auth::{AuthClient, AuthorizationManager, ClientCredentialsConfig};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;

type Error = Box<dyn std::error::Error + Send + Sync>;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let mut args = std::env::args().skip(1);
    let mut next = |name: &str| {
        args.next()
            .ok_or_else(|| format!("missing argument {name}"))
    };
    let (url, client_id, secret) = (next("URL")?, next("CLIENT_ID")?, next("CLIENT_SECRET")?);
    let (scopes, tool) = (next("SCOPES")?, next("TOOL")?);

    // The 401 that starts discovery.
    let refused = reqwest::Client::new()
        .post(&url)
        .header("Accept", "application/json, text/event-stream")
        .header("Content-Type", "application/json")
        .body(r#"{"jsonrpc":"2.0","id":0,"method":"ping"}"#)
        .send()
        .await?;
    let challenge = refused
        .headers()
        .get("www-authenticate")
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| format!("expected a 401 challenge, got HTTP {}", refused.status()))?
        .to_owned();

    let mut manager = AuthorizationManager::new(url.as_str()).await?;
    let found = manager
        .resolve_metadata_from_challenge(Some(&challenge))
        .await?;
    manager.set_metadata(found.metadata);
    let config = ClientCredentialsConfig::ClientSecret {
        client_id,
        client_secret: secret,
        scopes: scopes.split_whitespace().map(str::to_owned).collect(),
        resource: Some(url.clone()),
    };
    manager.validate_client_credentials_metadata(&config)?;
    manager.configure_client_credentials(&config)?;
    manager.exchange_client_credentials(&config).await?;

    let client = AuthClient::new(reqwest::Client::new(), manager);
    let transport = StreamableHttpClientTransport::with_client(
        client,
        StreamableHttpClientTransportConfig::with_uri(url),
    );
    let service = ().serve(transport).await?;
    let result = service.call_tool(CallToolRequestParams::new(tool)).await?;
    for block in &result.content {
        if let Some(text) = block.as_text() {
            println!("{}", text.text);
        }
    }
    service.cancel().await?;
    Ok(())
}
