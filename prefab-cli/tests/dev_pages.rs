//! `prefab dev --url` in front of a target whose `tools/list` never stops giving a
//! `nextCursor`: the relay reads a bounded number of pages (and stops at a cursor it has
//! already seen) and answers with a clear error instead of growing without bound.
#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used)]

mod dev_support;
mod serve_support;

use dev_support::dev;
use prefab_mcp::transport::{HttpConfig, http_router, serve_router};
use rmcp::model::{
    ErrorData, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler};
use serde_json::json;
use serve_support::answer;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The page after which the target finally ends its list (so the unbounded relay of old
/// finishes instead of hanging the test).
const GIVES_UP_AFTER: usize = 2_000;

/// A target whose `tools/list` always names a next page (a new cursor each time, or the
/// same one when `repeat`), counting the pages asked for.
#[derive(Clone)]
struct Endless {
    pages: Arc<AtomicUsize>,
    repeat: bool,
}

impl ServerHandler for Endless {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let n = self.pages.fetch_add(1, Ordering::SeqCst);
        let tool = Tool::new(format!("tool_{n}"), "x".repeat(1_000), Arc::default());
        let mut page = ListToolsResult::with_all_items(vec![tool]);
        page.next_cursor = match (n + 1 < GIVES_UP_AFTER, self.repeat) {
            (false, _) => None,
            (true, true) => Some("again".into()),
            (true, false) => Some(format!("page-{}", n + 1)),
        };
        Ok(page)
    }
}

/// Serves `target` on a free loopback port in `runtime`: its MCP URL.
fn serve(runtime: &tokio::runtime::Runtime, target: Endless) -> String {
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    let config = HttpConfig::default();
    let app = http_router(move || target.clone(), &config);
    runtime.spawn(async move {
        serve_router(listener, app, &config, std::future::pending()).await;
    });
    url
}

#[test]
fn a_target_that_never_ends_its_list_is_read_a_bounded_number_of_pages() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for (name, repeat, most) in [("endless", false, 100), ("repeat", true, 3)] {
        let pages = Arc::new(AtomicUsize::new(0));
        let target = Endless {
            pages: pages.clone(),
            repeat,
        };
        let url = serve(&runtime, target);
        let dev = dev(&format!("pages-{name}"), &["--url", &url]);
        let failed = answer(&dev.addr, "tools/list", json!({}));
        let read = pages.load(Ordering::SeqCst);
        assert!(read <= most, "{name}: {read} pages read");
        let message = failed["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("tools/list does not end"),
            "{name}: {failed}"
        );

        // A page asked for by its cursor is still passed on as it is.
        let one = answer(&dev.addr, "tools/list", json!({"cursor": "page-7"}));
        assert_eq!(
            one["result"]["tools"].as_array().map(Vec::len),
            Some(1),
            "{one}"
        );
    }
}
