//! The checks in front of the endpoint: the bearer token (before the body is read) and the
//! scopes a tool needs (once the body names the tool); and the metadata routes.
use super::caller::{Caller, Exchange};
use super::challenge::{Challenge, metadata};
use super::discovery::{AuthServer, Failure};
use super::{Authorization, WELL_KNOWN, introspect, jwt};
use crate::transport::telemetry::{CallInfo, ClientLabel};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Response, StatusCode, header};
use axum::middleware::Next;
use rmcp::model::{CallToolRequestMethod, ConstString};
use std::sync::Arc;

/// An [`Authorization`] at work: its configuration, the authorization server's cached
/// metadata and keys, the client that fetches them, and the introspection answers it
/// remembers.
pub(in crate::transport) struct Authorizer {
    config: Authorization,
    server: Arc<AuthServer>,
    exchange: Arc<Exchange>,
    introspector: introspect::Introspector,
    metadata_url: String,
}

impl Authorizer {
    pub(in crate::transport) fn new(config: &Authorization) -> Self {
        // Building fails only when no TLS backend can start; fall back to the default.
        let client = reqwest::Client::builder()
            .timeout(config.fetch_timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap_or_else(|_| reqwest::Client::new());
        let server = Arc::new(AuthServer::new(
            &config.issuer,
            client,
            config.jwks_refresh_interval,
            config.jwks_max_age,
        ));
        Authorizer {
            exchange: Arc::new(Exchange {
                server: server.clone(),
                client_credentials: config.introspection_client.clone(),
                audiences: config.downstream.clone(),
            }),
            server,
            introspector: introspect::Introspector::default(),
            metadata_url: config.metadata_url(),
            config: config.clone(),
        }
    }

    fn refuse(&self, status: StatusCode, challenge: &Challenge) -> Response<Body> {
        challenge.response(status, &self.metadata_url)
    }

    /// The 403 answer when `caller` lacks one of `extra` or the required scopes.
    fn lacking_scope(&self, caller: &Caller, extra: &[String]) -> Option<Response<Body>> {
        let needed: Vec<String> = self
            .config
            .required_scopes
            .iter()
            .chain(extra)
            .cloned()
            .collect();
        let missing: Vec<&str> = needed
            .iter()
            .filter(|s| !caller.has_scope(s))
            .map(String::as_str)
            .collect();
        if missing.is_empty() {
            return None;
        }
        let challenge = Challenge {
            error: Some("insufficient_scope"),
            description: Some(format!("missing scope: {}", missing.join(" "))),
            scope: needed,
        };
        Some(self.refuse(StatusCode::FORBIDDEN, &challenge))
    }

    /// The caller the request's bearer token names, or the answer refusing it.
    async fn caller(&self, headers: &HeaderMap) -> Result<Caller, Response<Body>> {
        let Some(token) = bearer_token(headers) else {
            let challenge = Challenge {
                scope: self.config.required_scopes.clone(),
                ..Challenge::default()
            };
            return Err(self.refuse(StatusCode::UNAUTHORIZED, &challenge));
        };
        let verified = if jwt::looks_like_jwt(token) {
            jwt::verify(&self.config, &self.server, token).await
        } else {
            self.introspector
                .verify(&self.config, &self.server, token)
                .await
        };
        match verified {
            Ok(claims) => Ok(Caller::new(claims, token, self.exchange.clone())),
            Err(Failure::Invalid(reason)) => {
                tracing::info!(reason = %reason, "bearer token refused");
                let challenge = Challenge {
                    error: Some("invalid_token"),
                    description: Some(reason),
                    scope: Vec::new(),
                };
                Err(self.refuse(StatusCode::UNAUTHORIZED, &challenge))
            }
            Err(Failure::Unavailable(reason)) => {
                tracing::warn!(reason = %reason, "authorization server unavailable");
                Err(crate::transport::cors::refusal(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the authorization server cannot be reached",
                ))
            }
        }
    }
}

/// The token of the one `Authorization: Bearer …` header, if there is exactly one.
fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let (Some(value), None) = (values.next(), values.next()) else {
        return None;
    };
    let (scheme, token) = value.to_str().ok()?.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// Checks the bearer token before anything else reads the request; the [`Caller`] goes
/// into the request's extensions (rmcp hands them to the handler).
pub(in crate::transport) async fn check_token(
    State(auth): State<Arc<Authorizer>>,
    mut request: Request,
    next: Next,
) -> Response<Body> {
    let caller = match auth.caller(request.headers()).await {
        Ok(caller) => caller,
        Err(refusal) => return refusal,
    };
    if let Some(refusal) = auth.lacking_scope(&caller, &[]) {
        return refusal;
    }
    let label = caller
        .client_id()
        .or(caller.subject())
        .map(|c| ClientLabel(crate::transport::rpc_error::clipped(c)));
    request.extensions_mut().insert(caller);
    let mut response = next.run(request).await;
    if let Some(label) = label {
        response.extensions_mut().insert(label);
    }
    response
}

/// Checks the scopes of a `tools/call` once [`CallInfo`] names the tool.
pub(in crate::transport) async fn check_scopes(
    State(auth): State<Arc<Authorizer>>,
    request: Request,
    next: Next,
) -> Response<Body> {
    let tool_scopes = request
        .extensions()
        .get::<CallInfo>()
        .filter(|info| info.method.as_deref() == Some(CallToolRequestMethod::VALUE))
        .and_then(|info| info.tool.as_ref())
        .and_then(|tool| auth.config.tool_scopes.get(tool));
    if let (Some(scopes), Some(caller)) = (tool_scopes, request.extensions().get::<Caller>())
        && let Some(refusal) = auth.lacking_scope(caller, scopes)
    {
        return refusal;
    }
    next.run(request).await
}

/// `path` (as a URL parser writes it: braces already percent-encoded) as a literal axum
/// route: a segment starting with `:` or `*` (route syntax axum refuses) gets that first
/// character percent-encoded too, so no resource path can make the router panic.
fn literal_route(path: &str) -> String {
    path.split('/')
        .map(|segment| match segment.as_bytes().first() {
            Some(b':') => format!("%3A{}", &segment[1..]),
            Some(b'*') => format!("%2A{}", &segment[1..]),
            _ => segment.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
        .replace('{', "%7B")
        .replace('}', "%7D")
}

/// The RFC 9728 metadata at the well-known path of the resource's path and at the bare
/// well-known path, readable from any origin (it is public).
pub(in crate::transport) fn metadata_routes(config: &Authorization) -> axum::Router {
    let body = metadata(config).to_string();
    let answer = move || {
        let body = body.clone();
        async move {
            let mut response = Response::new(Body::from(body));
            let h = response.headers_mut();
            h.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            h.insert(
                header::ACCESS_CONTROL_ALLOW_ORIGIN,
                HeaderValue::from_static("*"),
            );
            h.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("max-age=3600"),
            );
            response
        }
    };
    let path = url::Url::parse(&config.resource)
        .map(|u| literal_route(u.path().trim_end_matches('/')))
        .unwrap_or_default();
    let mut router = axum::Router::new().route(WELL_KNOWN, axum::routing::get(answer.clone()));
    if !path.is_empty() {
        router = router.route(&format!("{WELL_KNOWN}{path}"), axum::routing::get(answer));
    }
    router
}

#[cfg(test)]
mod tests {
    use super::{bearer_token, literal_route};
    use axum::http::{HeaderMap, HeaderValue, header};

    fn token(values: &[&'static str]) -> Option<String> {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append(header::AUTHORIZATION, HeaderValue::from_static(v));
        }
        bearer_token(&headers).map(str::to_owned)
    }

    #[test]
    fn resource_paths_are_literal_routes() {
        assert_eq!(
            literal_route("/a%7Bb/:id/*rest/x:y"),
            "/a%7Bb/%3Aid/%2Arest/x:y"
        );
        let router = axum::Router::<()>::new();
        let _ = router.route(
            &format!("/w{}", literal_route("/:a/*b/{c}")),
            axum::routing::get(|| async {}),
        );
    }

    #[test]
    fn one_bearer_header_is_read() {
        assert_eq!(token(&["Bearer abc"]), Some("abc".into()));
        assert_eq!(token(&["bearer abc"]), Some("abc".into()));
        assert_eq!(token(&["Basic abc"]), None);
        assert_eq!(token(&["Bearer "]), None);
        assert_eq!(token(&["Bearer a", "Bearer b"]), None);
        assert_eq!(token(&[]), None);
    }
}
