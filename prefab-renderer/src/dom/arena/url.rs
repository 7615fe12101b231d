//! URLs of the native backend: the WHATWG parser of the `url` crate, with the accessors of
//! the browser's `URL` the renderer reads.
use wasm_bindgen::JsValue;

/// A parsed absolute URL.
///
/// ```
/// use prefab_renderer::dom::arena::Url;
/// let url = Url::new("java\tscript:alert(1)").unwrap();
/// assert_eq!(url.protocol(), "javascript:");
/// assert_eq!(Url::new("HTTPS://Example.com/a b").unwrap().href(), "https://example.com/a%20b");
/// ```
pub struct Url(url::Url);

impl Url {
    /// Parses an absolute URL.
    pub fn new(raw: &str) -> Result<Url, JsValue> {
        url::Url::parse(raw)
            .map(Url)
            .map_err(|_| JsValue::UNDEFINED)
    }

    /// Parses `raw` against `base`.
    pub fn new_with_base(raw: &str, base: &str) -> Result<Url, JsValue> {
        let base = url::Url::parse(base).map_err(|_| JsValue::UNDEFINED)?;
        base.join(raw).map(Url).map_err(|_| JsValue::UNDEFINED)
    }

    /// The scheme with its colon (`https:`).
    #[must_use]
    pub fn protocol(&self) -> String {
        let mut s = self.0.scheme().to_string();
        s.push(':');
        s
    }

    /// The whole URL, normalised.
    #[must_use]
    pub fn href(&self) -> String {
        self.0.as_str().to_string()
    }

    /// The origin (`https://example.com`, `null` for opaque origins).
    #[must_use]
    pub fn origin(&self) -> String {
        self.0.origin().ascii_serialization()
    }
}
