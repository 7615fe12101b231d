//! Media: images, audio, video, embeds, inline SVG, icons, Mermaid diagrams, PDFs.

components! {
    /// An image.
    leaf Image { src: String ; alt: String, width: String, height: String }
        => Image::new("https://example.com/a.png").alt("A chart");
    /// An audio player.
    leaf Audio { src: String ; controls: bool, autoplay: bool, r#loop: bool, muted: bool }
        => Audio::new("clip.mp3").controls(true);
    /// A video player.
    leaf Video {
        src: String ;
        poster: String, controls: bool, autoplay: bool, r#loop: bool, muted: bool,
        width: String, height: String,
    } => Video::new("movie.mp4").r#loop(true);
    /// A sandboxed iframe of a `url` or of literal `html`.
    leaf Embed {
        ; url: String, html: String, width: String, height: String, sandbox: String,
        allow: String,
    } => Embed::new().url("https://example.com");
    /// Inline SVG markup.
    leaf Svg { content: String ; width: String, height: String } => Svg::new("<svg></svg>");
    /// A Lucide icon by name.
    leaf Icon { name: String ; size: String } => Icon::new("check").size("sm");
    /// A Mermaid diagram.
    leaf Mermaid { chart: String } => Mermaid::new("graph TD; A-->B");
    /// A PDF viewer (from the TypeScript port).
    leaf PdfViewer { src: String ; height: String, page: i64 } => PdfViewer::new("doc.pdf");
}
