//! Text: headings, paragraphs, inline code, links, labels, Markdown.
//!
//! Text components implement [`TextStyle`](super::TextStyle) for prefab-ui's modifiers
//! (`bold()`, `italic()`, …), which compile into `cssClass`.

use super::Map;

components! {
    /// A paragraph of text. With inline children (`Span`, `Link`) `content` is absent.
    container Text [new(content)] { ; content: String } => Text::new("Hello, {{ name }}!");
    /// Top-level heading.
    text H1 { content: String } => H1::new("Users");
    /// Second-level heading.
    text H2 { content: String } => H2::new("Details");
    /// Third-level heading.
    text H3 { content: String } => H3::new("Section");
    /// Fourth-level heading.
    text H4 { content: String } => H4::new("Subsection");
    /// A heading with a `level` (1–4).
    text Heading { content: String ; level: i64 } => Heading::new("Title").level(2);
    /// A paragraph.
    text P { content: String } => P::new("Body text.");
    /// An introductory paragraph.
    text Lead { content: String } => Lead::new("A short intro.");
    /// Large text.
    text Large { content: String } => Large::new("42");
    /// Small text.
    text Small { content: String } => Small::new("fine print");
    /// De-emphasised text.
    text Muted { content: String } => Muted::new("optional");
    /// A quotation.
    text BlockQuote { content: String } => BlockQuote::new("To be or not to be.");
    /// Inline code.
    text InlineCode { content: String } => InlineCode::new("cargo test");
    /// A code block with optional `language`.
    leaf Code { content: String ; language: String } => Code::new("fn main() {}").language("rust");
    /// Markdown text (rendered without raw HTML).
    leaf Markdown { content: String } => Markdown::new("**bold** text");
    /// Inline text inside a [`Text`].
    text Span { content: String ; code: bool, style: Map } => Span::new("inline");
    /// A hyperlink (`target` defaults to `_blank` in the renderer).
    text Link { content: String, href: String ; code: bool, target: String, style: Map }
        => Link::new("Docs", "https://example.com");
    /// A form label, optionally `forId` an input.
    container Label [new(text)] { ; text: String, for_id: String, optional: bool }
        => Label::new("Email").for_id("email");
    /// A keyboard key (from the TypeScript port).
    leaf Kbd { label: String } => Kbd::new("Ctrl+K");
}

impl super::TextStyle for Text {
    fn css_class_mut(&mut self) -> &mut Option<String> {
        &mut self.css_class
    }
}
