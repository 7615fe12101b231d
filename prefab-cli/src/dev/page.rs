//! The preview host's page as `prefab dev` serves it: `prefab serve`'s, plus `/dev.js`,
//! which shows the target's status with a Restart button, and reloads the tool list and
//! the open view when the target was restarted.
use super::origin::OwnOrigin;
use crate::serve::{preview, site};
use axum::Router;
use axum::http::header;
use axum::routing::get;
use prefab_mcp::transport::HttpConfig;
use std::sync::LazyLock;

const SCRIPT: &str = include_str!("../serve/host/dev.js");

/// The page with `/dev.js` loaded after the host's own scripts.
static INDEX: LazyLock<String> = LazyLock::new(|| {
    preview::INDEX.replacen(
        "</head>",
        "<script src=\"/dev.js\" defer></script>\n</head>",
        1,
    )
});

/// The page and its scripts (behind the endpoint's `Host` and `Origin` checks and `own`'s),
/// and the renderer bundle.
pub(crate) fn routes(config: &HttpConfig, own: &OwnOrigin) -> Router {
    let script = get(|| async {
        (
            [
                (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            SCRIPT,
        )
    });
    site::pages(
        own.guard(preview::routes(INDEX.as_str()).route("/dev.js", script)),
        config,
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_loads_dev_js_after_the_host_scripts() {
        let page = super::INDEX.as_str();
        let at = |needle: &str| {
            page.find(needle)
                .unwrap_or_else(|| panic!("{needle} in the page"))
        };
        assert!(at("/stream.js") < at("/dev.js") && at("/dev.js") < at("</head>"));
    }
}
