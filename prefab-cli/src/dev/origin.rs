//! `prefab dev` answers browsers on its own origin only. The endpoint's guard (shared with
//! `prefab serve`) lets every loopback origin in, so any local web page (a dev server on
//! `http://localhost:3000`) could restart the target over and over, and each restart had
//! the open tab call the last tool again. Here a request whose `Origin` is not exactly
//! `http://127.0.0.1:<port>` or `http://localhost:<port>` (the port `prefab dev` listens
//! on) gets 403 before it reaches the page's routes or `/mcp`. Requests without `Origin`
//! (command-line clients, the page's own GETs) are left to the `Host` check.
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The origins the dev host's page is served from.
#[derive(Debug, Clone)]
pub(crate) struct OwnOrigin(Arc<[String; 2]>);

impl OwnOrigin {
    /// The origins of a dev host listening on `port` (on 127.0.0.1).
    pub(crate) fn new(port: u16) -> OwnOrigin {
        OwnOrigin(Arc::new([
            format!("http://127.0.0.1:{port}"),
            format!("http://localhost:{port}"),
        ]))
    }

    /// Whether an `Origin` value is one of them (the scheme and host are case-insensitive).
    fn allows(&self, origin: &str) -> bool {
        self.0
            .iter()
            .any(|own| own.eq_ignore_ascii_case(origin.trim()))
    }

    /// `router` with requests from other origins refused.
    pub(crate) fn guard(&self, router: Router) -> Router {
        router.layer(middleware::from_fn_with_state(self.clone(), refuse_others))
    }
}

async fn refuse_others(State(own): State<OwnOrigin>, request: Request, next: Next) -> Response {
    let origin = request.headers().get(header::ORIGIN);
    match origin.map(|o| o.to_str().map(|o| own.allows(o))) {
        None | Some(Ok(true)) => next.run(request).await,
        Some(_) => (
            StatusCode::FORBIDDEN,
            "prefab dev answers its own page only: this Origin is not allowed\n",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::OwnOrigin;

    #[test]
    fn only_the_exact_own_origins_are_allowed() {
        let own = OwnOrigin::new(8931);
        for ok in [
            "http://127.0.0.1:8931",
            "http://localhost:8931",
            "http://LOCALHOST:8931",
        ] {
            assert!(own.allows(ok), "{ok}");
        }
        for other in [
            "http://localhost:3000",
            "http://127.0.0.1:3000",
            "http://[::1]:8931",
            "https://localhost:8931",
            "http://localhost:8931.evil.example",
            "http://localhost",
            "null",
        ] {
            assert!(!own.allows(other), "{other}");
        }
    }
}
