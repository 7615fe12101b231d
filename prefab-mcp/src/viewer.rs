//! The viewer: the MCP Apps UI resource that renders every prefab tool result.
use crate::html::{self, Delivery, ViewerError};
use crate::meta::{Csp, Permissions, UI_MIME_TYPE, UiResourceMeta, UiToolMeta};
use crate::with_viewer::WithViewer;
use prefab::page::Engines;
use rmcp::ServerHandler;
use rmcp::model::{
    CacheScope, ListResourcesResult, ReadResourceResult, Resource, ResourceContents,
};
use std::sync::Arc;

/// The viewer's stable URI.
pub const VIEWER_URI: &str = "ui://prefab/viewer";

/// How long hosts may cache the viewer: 24 h. The page depends only on the crate version,
/// and every version has its own URI alias, so the cache can be public and long.
pub const VIEWER_TTL_MS: u64 = 24 * 60 * 60 * 1000;

/// The URI alias of this crate version, `ui://prefab/viewer-<version>`. UI tools point here
/// so that a host never shows a cached page from another version.
#[must_use]
pub fn versioned_uri() -> String {
    format!("{VIEWER_URI}-{}", env!("CARGO_PKG_VERSION"))
}

/// The prefab viewer resource: one HTML page (MIME `text/html;profile=mcp-app`) that
/// renders the `$prefab` envelope of any UI tool result.
///
/// It is served under [`VIEWER_URI`] and under [`versioned_uri`]; aliases of older
/// versions added with [`Viewer::alias`] keep resolving. By default the page is
/// self-contained (the renderer is inlined) and declares that it needs no network.
/// Register it on an rmcp server with one call, [`Viewer::attach`]:
///
/// ```
/// use prefab_mcp::Viewer;
/// use rmcp::{ServerHandler, model::{ServerCapabilities, ServerConfig}};
///
/// #[derive(Clone)]
/// struct MyServer;
/// impl ServerHandler for MyServer {
///     fn get_info(&self) -> ServerConfig {
///         ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
///     }
/// }
///
/// let server = Viewer::new().attach(MyServer);
/// let caps = server.get_info().capabilities;
/// assert!(caps.extensions.unwrap().contains_key("io.modelcontextprotocol/ui"));
/// ```
#[derive(Debug, Clone)]
pub struct Viewer {
    inner: Arc<Inner>,
}

#[derive(Debug, Clone)]
struct Inner {
    aliases: Vec<String>,
    delivery: Delivery,
    html: Arc<str>,
    meta: UiResourceMeta,
}

impl Default for Viewer {
    fn default() -> Self {
        Viewer::new()
    }
}

impl Viewer {
    /// The self-contained viewer: renderer inlined (the JavaScript engine, which runs
    /// under every host CSP; see [`Viewer::engines`]), CSP with every origin list empty.
    /// A document's `data:` images need no `resourceDomains` entry: the renderer draws them
    /// without a fetch (an inline sanitised SVG or a `<canvas>`), so `img-src 'none'` holds.
    ///
    /// ```
    /// let viewer = prefab_mcp::Viewer::new();
    /// assert!(viewer.html().to_ascii_lowercase().contains("<html"));
    /// assert!(viewer.serves(prefab_mcp::VIEWER_URI));
    /// ```
    #[must_use]
    pub fn new() -> Self {
        let delivery = Delivery::SelfContained(Engines::default());
        let html = html::render(&delivery).unwrap_or_default();
        Viewer {
            inner: Arc::new(Inner {
                aliases: Vec::new(),
                delivery,
                html: html.into(),
                meta: UiResourceMeta::default()
                    .csp(Csp::none())
                    .permissions(Permissions::default()),
            }),
        }
    }

    /// A viewer that loads the renderer bundle (`cargo xtask cdn-bundle` writes it:
    /// `prefab-renderer/<version>/` of an npm package or CDN) from `base_url`, an `https://`
    /// URL, instead of inlining it: a small page whose stylesheet, glue and loader carry
    /// subresource-integrity hashes, and whose loader fetches only the engine the host's CSP
    /// allows. The CDN origin is added to `resourceDomains` (stylesheet, scripts, the wasm2js
    /// engine) and `connectDomains` (the wasm engine is fetched).
    ///
    /// ```
    /// let viewer = prefab_mcp::Viewer::cdn("https://CDN.example.com/prefab-renderer/0.1.0/").unwrap();
    /// let csp = viewer.meta().csp.clone().unwrap();
    /// assert_eq!(csp.resource_domains, Some(vec!["https://cdn.example.com".to_string()]));
    /// assert_eq!(csp.connect_domains, Some(vec!["https://cdn.example.com".to_string()]));
    /// assert!(viewer.html().contains("https://cdn.example.com/prefab-renderer/0.1.0/loader.js"));
    /// ```
    ///
    /// # Errors
    /// When `base_url` is not a plain `https://` URL.
    pub fn cdn(base_url: impl Into<String>) -> Result<Self, ViewerError> {
        let (base, origin) = html::cdn_origin(&base_url.into())?;
        let delivery = Delivery::Cdn {
            base,
            origin: origin.clone(),
        };
        let html = html::render(&delivery)?;
        Ok(Viewer {
            inner: Arc::new(Inner {
                aliases: Vec::new(),
                delivery,
                html: html.into(),
                meta: UiResourceMeta::default()
                    .csp(
                        Csp::none()
                            .resource_domains([origin.clone()])
                            .connect_domains([origin]),
                    )
                    .permissions(Permissions::default()),
            }),
        })
    }

    /// Which renderer engines the self-contained page carries: [`Engines::JavaScript`] (the
    /// default: runs under every CSP, ~150 KB gzip) or [`Engines::Both`] (adds the
    /// WebAssembly engine, used where the host's CSP allows `'wasm-unsafe-eval'`; ~100 KB
    /// gzip more). Ignored by a [`Viewer::cdn`] viewer.
    ///
    /// ```
    /// use prefab::page::Engines;
    /// let both = prefab_mcp::Viewer::new().engines(Engines::Both);
    /// assert!(both.html().contains("id=\"prefab:wasm\""));
    /// assert!(!prefab_mcp::Viewer::new().html().contains("id=\"prefab:wasm\""));
    /// ```
    #[must_use]
    pub fn engines(mut self, engines: impl Into<Engines>) -> Self {
        let inner = Arc::make_mut(&mut self.inner);
        if let Delivery::SelfContained(current) = &mut inner.delivery {
            *current = engines.into();
            inner.html = html::render(&inner.delivery).unwrap_or_default().into();
        }
        self
    }

    /// Keeps `uri` (for example the versioned URI of an older release) resolvable: reads of
    /// it return the current page.
    #[must_use]
    pub fn alias(mut self, uri: impl Into<String>) -> Self {
        let uri = uri.into();
        if !self.serves(&uri) {
            Arc::make_mut(&mut self.inner).aliases.push(uri);
        }
        self
    }

    /// Replaces the CSP origin lists. In CDN mode the CDN origin stays in
    /// `resourceDomains`.
    #[must_use]
    pub fn csp(mut self, csp: impl Into<Csp>) -> Self {
        let inner = Arc::make_mut(&mut self.inner);
        let mut csp = csp.into();
        if let Delivery::Cdn { origin, .. } = &inner.delivery {
            csp = csp
                .resource_domains([origin.clone()])
                .connect_domains([origin.clone()]);
        }
        inner.meta.csp = Some(csp);
        self
    }

    /// Sets the permissions the page asks for.
    #[must_use]
    pub fn permissions(mut self, permissions: impl Into<Permissions>) -> Self {
        Arc::make_mut(&mut self.inner).meta.permissions = Some(permissions.into());
        self
    }

    /// Sets the dedicated sandbox domain (host-specific format).
    #[must_use]
    pub fn domain(mut self, domain: impl Into<String>) -> Self {
        Arc::make_mut(&mut self.inner).meta.domain = Some(domain.into());
        self
    }

    /// Asks the host for a border (`true`) or none (`false`).
    #[must_use]
    pub fn prefers_border(mut self, prefers_border: impl Into<bool>) -> Self {
        Arc::make_mut(&mut self.inner).meta.prefers_border = Some(prefers_border.into());
        self
    }

    /// Wraps `handler` so that it serves this viewer: `resources/list` and `resources/read`
    /// answer for the viewer URIs, and the capabilities declare the MCP Apps extension.
    /// Everything else goes to `handler`.
    #[must_use]
    pub fn attach<H: ServerHandler>(&self, handler: H) -> WithViewer<H> {
        WithViewer::new(self.clone(), handler)
    }

    /// The `_meta.ui` this resource carries (on the list entry and on the read content).
    #[must_use]
    pub fn meta(&self) -> &UiResourceMeta {
        &self.inner.meta
    }

    /// The HTML page.
    #[must_use]
    pub fn html(&self) -> Arc<str> {
        Arc::clone(&self.inner.html)
    }

    /// `_meta.ui` for a tool rendered by this viewer (pointing at [`versioned_uri`]).
    ///
    /// ```
    /// let meta = prefab_mcp::Viewer::new().tool_meta().to_meta();
    /// assert_eq!(meta["ui"]["resourceUri"], prefab_mcp::versioned_uri());
    /// ```
    #[must_use]
    pub fn tool_meta(&self) -> UiToolMeta {
        UiToolMeta::new(versioned_uri())
    }

    /// Whether `uri` names this viewer (stable URI, versioned URI or an alias).
    #[must_use]
    pub fn serves(&self, uri: &str) -> bool {
        uri == VIEWER_URI || uri == versioned_uri() || self.inner.aliases.iter().any(|a| a == uri)
    }

    /// The `resources/list` entries: the stable URI and the versioned alias.
    #[must_use]
    pub fn resources(&self) -> Vec<Resource> {
        let meta = self.inner.meta.to_meta();
        [VIEWER_URI.to_owned(), versioned_uri()]
            .into_iter()
            .map(|uri| {
                Resource::new(uri, "prefab-viewer")
                    .with_title("prefab viewer")
                    .with_description("Renders prefab UIs returned by this server's tools")
                    .with_mime_type(UI_MIME_TYPE)
                    .with_meta(meta.clone())
            })
            .collect()
    }

    /// A complete `resources/list` result with the viewer's cache hints.
    #[must_use]
    pub fn list_result(&self) -> ListResourcesResult {
        ListResourcesResult::with_all_items(self.resources())
            .with_ttl_ms(VIEWER_TTL_MS)
            .with_cache_scope(CacheScope::Public)
    }

    /// The `resources/read` result for `uri`, or `None` when `uri` is not this viewer.
    #[must_use]
    pub fn read(&self, uri: &str) -> Option<ReadResourceResult> {
        if !self.serves(uri) {
            return None;
        }
        let content = ResourceContents::text(self.inner.html.as_ref(), uri)
            .with_mime_type(UI_MIME_TYPE)
            .with_meta(self.inner.meta.to_meta());
        Some(
            ReadResourceResult::new(vec![content])
                .with_ttl_ms(VIEWER_TTL_MS)
                .with_cache_scope(CacheScope::Public),
        )
    }
}
