//! Typed MCP Apps metadata (`_meta.ui`), which rmcp does not model.
//!
//! Two places carry it:
//!
//! * a **UI resource** (the viewer) — [`UiResourceMeta`]: CSP origin lists, sandbox
//!   permissions, a dedicated sandbox domain and a border preference. The same value goes on
//!   the `resources/list` entry and on the `resources/read` content item;
//! * a **tool** — [`UiToolMeta`]: which UI resource renders its result, and who may call it.
//!
//! Each type serializes to the exact MCP Apps JSON and converts into rmcp's
//! [`MetaObject`] with [`UiResourceMeta::to_meta`] / [`UiToolMeta::to_meta`].
//!
//! ```
//! use prefab_mcp::meta::{Csp, Permissions, UiResourceMeta};
//!
//! let meta = UiResourceMeta::default()
//!     .csp(Csp::default().connect_domains(["https://api.example.com"]))
//!     .permissions(Permissions::default().clipboard_write(true))
//!     .prefers_border(true);
//! assert_eq!(
//!     serde_json::to_value(meta.to_meta()).unwrap(),
//!     serde_json::json!({"ui": {
//!         "csp": {"connectDomains": ["https://api.example.com"]},
//!         "permissions": {"clipboardWrite": {}},
//!         "prefersBorder": true
//!     }}),
//! );
//! ```
use rmcp::model::MetaObject;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The MIME type of an MCP Apps UI resource (`RESOURCE_MIME_TYPE` in the ext-apps SDK).
pub const UI_MIME_TYPE: &str = "text/html;profile=mcp-app";

/// The capability extension id a server declares to say it serves MCP Apps UIs.
pub const UI_EXTENSION: &str = "io.modelcontextprotocol/ui";

/// `_meta.ui` of a UI resource (`McpUiResourceMeta`).
///
/// ```
/// use prefab_mcp::meta::UiResourceMeta;
///
/// let meta = UiResourceMeta::default().domain("a1b2.example-host.com");
/// assert_eq!(meta.domain.as_deref(), Some("a1b2.example-host.com"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UiResourceMeta {
    /// Origins the view may reach; absent lists mean "none".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub csp: Option<Csp>,
    /// Browser features the view asks the host to allow on its iframe.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permissions: Option<Permissions>,
    /// A dedicated, stable sandbox origin (its format is host-specific).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    /// `true` asks for a visible border, `false` for none; absent lets the host decide.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefers_border: Option<bool>,
}

impl UiResourceMeta {
    /// Sets the CSP origin lists.
    #[must_use]
    pub fn csp(mut self, csp: impl Into<Csp>) -> Self {
        self.csp = Some(csp.into());
        self
    }

    /// Sets the requested permissions.
    #[must_use]
    pub fn permissions(mut self, permissions: impl Into<Permissions>) -> Self {
        self.permissions = Some(permissions.into());
        self
    }

    /// Sets the dedicated sandbox domain.
    #[must_use]
    pub fn domain(mut self, domain: impl Into<String>) -> Self {
        self.domain = Some(domain.into());
        self
    }

    /// Sets the border preference.
    #[must_use]
    pub fn prefers_border(mut self, prefers_border: impl Into<bool>) -> Self {
        self.prefers_border = Some(prefers_border.into());
        self
    }

    /// `{"ui": <self>}` as rmcp's `_meta` object.
    #[must_use]
    pub fn to_meta(&self) -> MetaObject {
        ui_meta(to_object(self))
    }
}

/// Content-Security-Policy origin lists of a UI resource (`McpUiResourceCsp`).
///
/// Each entry is an origin such as `https://cdn.example.com` (wildcard subdomains like
/// `https://*.example.com` are allowed). `None` leaves the field out, which hosts read as
/// "nothing allowed"; `Some(vec![])` says the same explicitly.
///
/// ```
/// use prefab_mcp::meta::Csp;
///
/// let csp = Csp::none();
/// assert_eq!(
///     serde_json::to_value(&csp).unwrap(),
///     serde_json::json!({"connectDomains": [], "resourceDomains": [],
///                        "frameDomains": [], "baseUriDomains": []}),
/// );
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Csp {
    /// `connect-src`: fetch, XHR and WebSocket targets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connect_domains: Option<Vec<String>>,
    /// `img-src script-src style-src font-src media-src`: where scripts, styles, images,
    /// fonts and media may load from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_domains: Option<Vec<String>>,
    /// `frame-src`: nested iframes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame_domains: Option<Vec<String>>,
    /// `base-uri`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_uri_domains: Option<Vec<String>>,
}

impl Csp {
    /// All four lists present and empty: no network, no remote resources, no frames, no
    /// foreign base URI. What a self-contained viewer declares.
    #[must_use]
    pub fn none() -> Self {
        Csp {
            connect_domains: Some(Vec::new()),
            resource_domains: Some(Vec::new()),
            frame_domains: Some(Vec::new()),
            base_uri_domains: Some(Vec::new()),
        }
    }

    /// Adds origins to `connectDomains`.
    #[must_use]
    pub fn connect_domains<I: IntoIterator<Item = S>, S: Into<String>>(
        mut self,
        origins: I,
    ) -> Self {
        extend(&mut self.connect_domains, origins);
        self
    }

    /// Adds origins to `resourceDomains`.
    #[must_use]
    pub fn resource_domains<I: IntoIterator<Item = S>, S: Into<String>>(
        mut self,
        origins: I,
    ) -> Self {
        extend(&mut self.resource_domains, origins);
        self
    }

    /// Adds origins to `frameDomains`.
    #[must_use]
    pub fn frame_domains<I: IntoIterator<Item = S>, S: Into<String>>(mut self, origins: I) -> Self {
        extend(&mut self.frame_domains, origins);
        self
    }

    /// Adds origins to `baseUriDomains`.
    #[must_use]
    pub fn base_uri_domains<I: IntoIterator<Item = S>, S: Into<String>>(
        mut self,
        origins: I,
    ) -> Self {
        extend(&mut self.base_uri_domains, origins);
        self
    }
}

/// Adds `origins` to a list, creating it if absent and skipping duplicates.
fn extend<I: IntoIterator<Item = S>, S: Into<String>>(list: &mut Option<Vec<String>>, origins: I) {
    let list = list.get_or_insert_with(Vec::new);
    for origin in origins {
        let origin = origin.into();
        if !list.contains(&origin) {
            list.push(origin);
        }
    }
}

/// Browser features a UI resource asks for (`McpUiResourcePermissions`). On the wire each
/// granted feature is an empty object (`"camera": {}`); hosts may map them to the iframe's
/// `allow` attribute, and views must still feature-detect.
///
/// ```
/// use prefab_mcp::meta::Permissions;
///
/// let p = Permissions::default().camera(true).microphone(true);
/// assert_eq!(
///     serde_json::to_value(&p).unwrap(),
///     serde_json::json!({"camera": {}, "microphone": {}}),
/// );
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Permissions {
    /// `camera`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub camera: Option<Granted>,
    /// `microphone`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub microphone: Option<Granted>,
    /// `geolocation`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub geolocation: Option<Granted>,
    /// `clipboard-write`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clipboard_write: Option<Granted>,
}

impl Permissions {
    /// Asks for (or stops asking for) the camera.
    #[must_use]
    pub fn camera(mut self, on: impl Into<bool>) -> Self {
        self.camera = on.into().then_some(Granted {});
        self
    }

    /// Asks for (or stops asking for) the microphone.
    #[must_use]
    pub fn microphone(mut self, on: impl Into<bool>) -> Self {
        self.microphone = on.into().then_some(Granted {});
        self
    }

    /// Asks for (or stops asking for) geolocation.
    #[must_use]
    pub fn geolocation(mut self, on: impl Into<bool>) -> Self {
        self.geolocation = on.into().then_some(Granted {});
        self
    }

    /// Asks for (or stops asking for) clipboard write access.
    #[must_use]
    pub fn clipboard_write(mut self, on: impl Into<bool>) -> Self {
        self.clipboard_write = on.into().then_some(Granted {});
        self
    }
}

/// The empty object `{}` that marks a requested permission.
///
/// ```
/// assert_eq!(serde_json::to_string(&prefab_mcp::meta::Granted {}).unwrap(), "{}");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Granted {}

/// `_meta.ui` of a tool: the UI resource that renders its result and who may call it.
///
/// [`UiToolMeta::to_meta`] also writes the deprecated flat key `ui/resourceUri`, as the
/// ext-apps server helper does, so older hosts find the resource too.
///
/// ```
/// use prefab_mcp::meta::{UiToolMeta, Visibility};
///
/// let meta = UiToolMeta::new("ui://prefab/viewer").visibility([Visibility::App]);
/// assert_eq!(
///     serde_json::to_value(meta.to_meta()).unwrap(),
///     serde_json::json!({
///         "ui": {"resourceUri": "ui://prefab/viewer", "visibility": ["app"]},
///         "ui/resourceUri": "ui://prefab/viewer"
///     }),
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UiToolMeta {
    /// The `ui://` resource that renders this tool's results.
    pub resource_uri: String,
    /// Who may call the tool; absent means `["model", "app"]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visibility: Option<Vec<Visibility>>,
}

impl UiToolMeta {
    /// A tool rendered by the resource `resource_uri`, visible to model and app.
    #[must_use]
    pub fn new(resource_uri: impl Into<String>) -> Self {
        UiToolMeta {
            resource_uri: resource_uri.into(),
            visibility: None,
        }
    }

    /// Restricts who may call the tool.
    #[must_use]
    pub fn visibility(mut self, visibility: impl IntoIterator<Item = Visibility>) -> Self {
        self.visibility = Some(visibility.into_iter().collect());
        self
    }

    /// `{"ui": <self>, "ui/resourceUri": <uri>}` as rmcp's `_meta` object.
    #[must_use]
    pub fn to_meta(&self) -> MetaObject {
        let mut meta = ui_meta(to_object(self));
        meta.insert(
            LEGACY_RESOURCE_URI_KEY.into(),
            Value::String(self.resource_uri.clone()),
        );
        meta
    }
}

/// The deprecated flat form of `_meta.ui.resourceUri`.
pub(crate) const LEGACY_RESOURCE_URI_KEY: &str = "ui/resourceUri";

/// Who may call a UI tool.
///
/// ```
/// use prefab_mcp::meta::Visibility;
/// assert_eq!(serde_json::to_string(&Visibility::Model).unwrap(), "\"model\"");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Visibility {
    /// The agent sees and may call the tool.
    Model,
    /// Only views of the same server may call it (hidden from the model).
    App,
}

fn ui_meta(ui: Map<String, Value>) -> MetaObject {
    let mut meta = Map::new();
    meta.insert("ui".into(), Value::Object(ui));
    MetaObject(meta)
}

/// Serializes one of this module's types, all of which are JSON objects.
fn to_object<T: Serialize>(value: &T) -> Map<String, Value> {
    match serde_json::to_value(value) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}
