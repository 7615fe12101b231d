//! The middleware around the endpoint, outermost first: telemetry, the `Host`/`Origin`
//! guard with CORS, the bearer token (feature `auth`), the body limits and JSON-RPC check
//! (which also reads the call's method and tool), whether tools may send the client
//! requests, and the tool's scopes (feature `auth`). The RFC 9728 metadata sits outside the
//! guard; authorization settings that do not validate make every
//! request fail with 500.
use super::HttpConfig;
use super::cors::Guard;
use super::jsonrpc::BodyLimits;
use axum::extract::Request;
use axum::middleware::{Next, from_fn, from_fn_with_state};
use std::sync::Arc;

pub(super) fn wrap(
    router: axum::Router,
    config: &HttpConfig,
    limits: BodyLimits,
    guard: Guard,
) -> axum::Router {
    #[cfg(feature = "auth")]
    let authorizer = config
        .authorization
        .as_ref()
        .map(|a| Arc::new(super::auth::Authorizer::new(a)));
    let mut router = router;
    #[cfg(feature = "auth")]
    if let Some(auth) = &authorizer {
        router = router.layer(from_fn_with_state(auth.clone(), super::auth::check_scopes));
    }
    let asking = crate::ask::ClientRequests {
        possible: config.sessions.is_some(),
        timeout: config.client_request_timeout,
    };
    router = router
        .layer(from_fn(move |mut request: Request, next: Next| {
            request.extensions_mut().insert(asking);
            next.run(request)
        }))
        .layer(from_fn_with_state(Arc::new(limits), super::jsonrpc::handle));
    #[cfg(feature = "auth")]
    if let Some(auth) = authorizer {
        router = router.layer(from_fn_with_state(auth, super::auth::check_token));
    }
    router = router.layer(from_fn_with_state(Arc::new(guard), super::cors::handle));
    #[cfg(feature = "auth")]
    if let Some(auth) = &config.authorization {
        router = router.merge(super::auth::metadata_routes(auth));
        if let Err(e) = auth.validate() {
            // Fail closed: a server whose tokens cannot be checked serves nothing.
            tracing::error!(error = %e, "the authorization settings cannot be served");
            router = axum::Router::new().fallback(|| async {
                super::cors::refusal(
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    "the authorization settings of this server are invalid",
                )
            });
        }
    }
    router.layer(from_fn_with_state(
        config.on_request.clone(),
        super::telemetry::observe,
    ))
}
