//! Cards, alerts, badges, metrics and status dots.

use super::{Bind, Number};

components! {
    /// A bordered card; children are usually `CardHeader`, `CardContent`, `CardFooter`.
    container Card {} => Card::new().child(CardHeader::new().child(CardTitle::new("Hi")));
    /// The header of a [`Card`].
    container CardHeader {} => CardHeader::new();
    /// The title of a [`Card`].
    container CardTitle [new(content)] { ; content: String } => CardTitle::new("Revenue");
    /// The description under a card title.
    container CardDescription [new(content)] { ; content: String }
        => CardDescription::new("This month");
    /// The body of a [`Card`].
    container CardContent {} => CardContent::new().child(P::new("Body"));
    /// The footer of a [`Card`].
    container CardFooter {} => CardFooter::new();
    /// A callout box (`variant`: default, destructive, success, warning, info).
    container Alert { ; variant: String, icon: String }
        => Alert::new().variant("warning").child(AlertTitle::new("Careful"));
    /// The title of an [`Alert`].
    leaf AlertTitle { content: String } => AlertTitle::new("Heads up");
    /// The description of an [`Alert`].
    leaf AlertDescription { content: String } => AlertDescription::new("Details here.");
    /// A small label pill.
    container Badge [new(label)] { ; label: String, variant: String }
        => Badge::new("beta").variant("secondary");
    /// A big number with a label, delta and trend.
    leaf Metric {
        label: String, value: Bind<Number> ;
        description: String, delta: Bind<Number>, trend: String, trend_sentiment: String,
    } => Metric::new("Users", 1234).delta("+5%").trend("up");
    /// A status dot.
    leaf Dot { ; variant: String, size: String, shape: String } => Dot::new().variant("success");
}
