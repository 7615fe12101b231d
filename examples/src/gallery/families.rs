//! One view per component family, with realistic content (a small product team's app).
use serde_json::{Value, json};

/// The families, in the order the gallery lists them.
pub const FAMILIES: [&str; 8] = [
    "layout",
    "typography",
    "cards",
    "data",
    "forms",
    "interactive",
    "media",
    "charts",
];

/// The gallery view of `name` (one of [`FAMILIES`]), or `None`.
///
/// ```
/// for name in examples::gallery::FAMILIES {
///     assert!(examples::gallery::family(name).is_some());
/// }
/// ```
#[must_use]
pub fn family(name: &str) -> Option<Value> {
    let view = match name {
        "layout" => layout(),
        "typography" => typography(),
        "cards" => cards(),
        "data" => data(),
        "forms" => forms(),
        "interactive" => interactive(),
        "media" => media(),
        "charts" => charts(),
        _ => return None,
    };
    Some(view)
}

fn text(content: &str) -> Value {
    json!({"type": "Text", "content": content})
}

fn card(title: &str, body: &str) -> Value {
    json!({"type": "Card", "children": [
        {"type": "CardHeader", "children": [{"type": "CardTitle", "content": title}]},
        {"type": "CardContent", "children": [text(body)]}
    ]})
}

fn layout() -> Value {
    json!({"type": "Column", "cssClass": "gap-4", "children": [
        {"type": "H2", "content": "Layout"},
        {"type": "Row", "cssClass": "gap-4", "children": [card("Backlog", "14 issues"), card("In progress", "5 issues"), card("Done", "31 issues")]},
        {"type": "Separator"},
        {"type": "Grid", "cssClass": "grid-cols-3 gap-4", "children": [
            {"type": "GridItem", "colSpan": 2, "children": [card("Roadmap", "Q3: offline mode, Q4: SSO and audit log")]},
            {"type": "GridItem", "children": [card("Owner", "Priya Natarajan")]}
        ]},
        {"type": "Tabs", "name": "release_tabs", "children": [
            {"type": "Tab", "title": "Overview", "children": [text("Release 2.4 ships the new editor and 40 fixes.")]},
            {"type": "Tab", "title": "Changelog", "children": [text("Editor rewrite, faster search, dark mode.")]},
            {"type": "Tab", "title": "Known issues", "children": [text("Exports over 50 MB time out on Safari.")]}
        ]},
        {"type": "Accordion", "collapsible": true, "children": [
            {"type": "AccordionItem", "title": "How do I invite my team?", "children": [text("Settings → Members → Invite, then share the link.")]},
            {"type": "AccordionItem", "title": "Can I export my data?", "children": [text("Yes: CSV and JSON exports are in Settings → Data.")]}
        ]},
        {"type": "Carousel", "children": [card("Tip 1", "Press / to search."), card("Tip 2", "Drag cards between columns."), card("Tip 3", "Star a board to pin it.")]},
        {"type": "Container", "children": [{"type": "Div", "cssClass": "p-4 rounded-lg border", "children": [text("A Div inside a Container, styled with utility classes.")]}]}
    ]})
}

/// The `Code` block of the typography page.
const RUST_SAMPLE: &str = r#"fn main() {
    println!("hello, prefab");
}"#;

fn typography() -> Value {
    json!({"type": "Column", "cssClass": "gap-3", "children": [
        {"type": "H1", "content": "Quarterly report"},
        {"type": "H2", "content": "Highlights"},
        {"type": "H3", "content": "Growth"},
        {"type": "H4", "content": "By region"},
        {"type": "Lead", "content": "Revenue grew 18% while costs stayed flat."},
        {"type": "P", "content": "Europe led the growth, followed by Asia Pacific. Churn fell for the third quarter in a row."},
        {"type": "Large", "content": "$4.2M annual recurring revenue"},
        {"type": "Small", "content": "Figures are unaudited."},
        {"type": "Muted", "content": "Last updated 2 hours ago"},
        {"type": "BlockQuote", "content": "The best quarter in the company's history. — CEO letter"},
        {"type": "Markdown", "content": "**Next steps**\n\n1. Hire two account executives\n2. Launch the partner program\n\nSee the [plan](https://example.com/plan)."},
        {"type": "Row", "cssClass": "gap-2", "children": [
            text("Open the command palette with"), {"type": "Kbd", "label": "Ctrl"}, {"type": "Kbd", "label": "K"}
        ]},
        {"type": "Row", "cssClass": "gap-2", "children": [text("Run"), {"type": "InlineCode", "content": "cargo run --bin prefab -- serve"}]},
        {"type": "Code", "language": "rust", "content": RUST_SAMPLE},
        {"type": "Link", "content": "Read the full report", "href": "https://example.com/report"}
    ]})
}

fn cards() -> Value {
    json!({"type": "Column", "cssClass": "gap-4", "children": [
        {"type": "H2", "content": "Cards and alerts"},
        {"type": "Card", "children": [
            {"type": "CardHeader", "children": [
                {"type": "CardTitle", "content": "Pro plan"},
                {"type": "CardDescription", "content": "For growing teams"}
            ]},
            {"type": "CardContent", "children": [{"type": "Large", "content": "$29 / user / month"}, text("Unlimited boards, SSO, audit log.")]},
            {"type": "CardFooter", "children": [{"type": "Button", "label": "Upgrade"}]}
        ]},
        {"type": "Alert", "children": [{"type": "AlertTitle", "content": "Heads up"}, {"type": "AlertDescription", "content": "Maintenance on Sunday 02:00–03:00 UTC."}]},
        {"type": "Alert", "variant": "destructive", "children": [{"type": "AlertTitle", "content": "Payment failed"}, {"type": "AlertDescription", "content": "Update your card to keep your workspace active."}]}
    ]})
}

fn data() -> Value {
    let rows = json!([
        {"name": "Ada Lovelace", "role": "Engineer", "tickets": 14, "status": "active"},
        {"name": "Grace Hopper", "role": "Lead", "tickets": 9, "status": "active"},
        {"name": "Alan Turing", "role": "Researcher", "tickets": 3, "status": "away"}
    ]);
    json!({"type": "Column", "cssClass": "gap-4", "children": [
        {"type": "H2", "content": "Data display"},
        {"type": "Grid", "cssClass": "grid-cols-3 gap-4", "children": [
            {"type": "Metric", "label": "Open tickets", "value": 26, "delta": "-4", "trend": "down"},
            {"type": "Metric", "label": "Median response", "value": 42, "description": "minutes"},
            {"type": "Metric", "label": "Satisfaction", "value": 4.7, "delta": "+0.2", "trend": "up"}
        ]},
        {"type": "Row", "cssClass": "gap-2", "children": [
            {"type": "Badge", "label": "active"}, {"type": "Badge", "label": "beta", "variant": "secondary"},
            {"type": "Badge", "label": "blocked", "variant": "destructive"}, {"type": "Badge", "label": "v2.4", "variant": "outline"}
        ]},
        {"type": "Row", "cssClass": "gap-4", "children": [
            {"type": "Dot", "variant": "success"}, text("All systems operational"),
            {"type": "Ring", "value": 72, "label": "72%"},
            {"type": "Sparkline", "data": [3, 5, 4, 8, 6, 9, 12, 10]}
        ]},
        {"type": "Progress", "value": 64},
        {"type": "Table", "children": [
            {"type": "TableCaption", "content": "On-call rotation"},
            {"type": "TableHeader", "children": [{"type": "TableRow", "children": [
                {"type": "TableHead", "content": "Week"}, {"type": "TableHead", "content": "Engineer"}]}]},
            {"type": "TableBody", "children": [
                {"type": "TableRow", "children": [{"type": "TableCell", "content": "Week 27"}, {"type": "TableCell", "content": "Ada Lovelace"}]},
                {"type": "TableRow", "children": [{"type": "TableCell", "content": "Week 28"}, {"type": "TableCell", "content": "Grace Hopper"}]}
            ]}
        ]},
        {"type": "DataTable", "search": true, "columns": [
            {"key": "name", "header": "Name", "sortable": true},
            {"key": "role", "header": "Role"},
            {"key": "tickets", "header": "Tickets", "sortable": true},
            {"key": "status", "header": "Status"}
        ], "rows": rows}
    ]})
}

fn forms() -> Value {
    json!({"type": "Form", "onSubmit": {"action": "showToast", "message": "Saved {{ full_name }}"}, "children": [
        {"type": "H2", "content": "Forms"},
        {"type": "Label", "text": "Full name"},
        {"type": "Input", "name": "full_name", "placeholder": "Jane Doe", "required": true},
        {"type": "Label", "text": "E-mail"},
        {"type": "Input", "name": "email", "inputType": "email", "placeholder": "jane@example.com"},
        {"type": "Label", "text": "About you"},
        {"type": "Textarea", "name": "bio", "placeholder": "A few words"},
        {"type": "Label", "text": "Team"},
        {"type": "Select", "name": "team", "ariaLabel": "Team", "placeholder": "Pick a team", "children": [
            {"type": "SelectOption", "value": "design", "label": "Design"},
            {"type": "SelectOption", "value": "eng", "label": "Engineering"},
            {"type": "SelectOption", "value": "sales", "label": "Sales"}
        ]},
        {"type": "Label", "text": "Plan"},
        {"type": "RadioGroup", "name": "plan", "children": [
            {"type": "Radio", "option": "free", "label": "Free"},
            {"type": "Radio", "option": "pro", "label": "Pro"}
        ]},
        {"type": "Checkbox", "name": "terms", "label": "I accept the terms"},
        {"type": "Switch", "name": "newsletter", "label": "Monthly newsletter"},
        {"type": "Label", "text": "Seats"},
        {"type": "Slider", "name": "seats", "ariaLabel": "Seats", "min": 1, "max": 50, "value": 5},
        {"type": "Label", "text": "Start date"},
        {"type": "DatePicker", "name": "start"},
        {"type": "Label", "text": "Country"},
        {"type": "Combobox", "name": "country", "ariaLabel": "Country", "children": [
            {"type": "ComboboxOption", "value": "fr", "label": "France"},
            {"type": "ComboboxOption", "value": "de", "label": "Germany"},
            {"type": "ComboboxOption", "value": "jp", "label": "Japan"}
        ]},
        {"type": "Button", "label": "Create account", "buttonType": "submit"}
    ]})
}

fn interactive() -> Value {
    json!({"type": "Column", "cssClass": "gap-4", "children": [
        {"type": "H2", "content": "Interactive"},
        {"type": "Row", "cssClass": "gap-2", "children": [
            {"type": "Button", "label": "Clicked {{ clicks }} times", "onClick": {"action": "setState", "key": "clicks", "value": "{{ clicks + 1 }}"}},
            {"type": "Button", "label": "Secondary", "variant": "secondary"},
            {"type": "Button", "label": "Outline", "variant": "outline"},
            {"type": "Button", "label": "Delete", "variant": "destructive", "onClick": {"action": "showToast", "message": "Deleted (not really)"}},
            {"type": "Button", "label": "Ghost", "variant": "ghost"}
        ]},
        {"type": "ButtonGroup", "children": [{"type": "Button", "label": "Day"}, {"type": "Button", "label": "Week"}, {"type": "Button", "label": "Month"}]},
        {"type": "Switch", "name": "show_details", "label": "Show details"},
        {"type": "Condition", "cases": [{"when": "{{ show_details }}", "children": [text("Details: the board has 3 columns and 50 cards.")]}]},
        {"type": "Dialog", "title": "Archive board?", "children": [
            {"type": "Button", "label": "Archive…", "variant": "outline"},
            text("Archived boards are read-only; you can restore them within 30 days.")
        ]},
        {"type": "Row", "cssClass": "gap-4", "children": [
            {"type": "Tooltip", "content": "Copies the link to this board", "children": [{"type": "Button", "label": "Share", "variant": "outline"}]},
            {"type": "Popover", "children": [{"type": "Button", "label": "Filters", "variant": "outline"}, text("Only my cards")]},
            {"type": "HoverCard", "children": [{"type": "Link", "content": "@grace", "href": "https://example.com/grace"}, text("Grace Hopper, team lead")]}
        ]}
    ]})
}

/// A small chart-like picture as an SVG `data:` URI (the default MCP Apps CSP allows
/// `img-src data:` only).
const IMAGE: &str = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='240' height='120'%3E%3Crect width='240' height='120' rx='12' fill='%232563eb'/%3E%3Ccircle cx='60' cy='60' r='30' fill='%23fff'/%3E%3Crect x='110' y='40' width='100' height='12' rx='6' fill='%23fff'/%3E%3Crect x='110' y='68' width='70' height='12' rx='6' fill='%23bfdbfe'/%3E%3C/svg%3E";

fn media() -> Value {
    json!({"type": "Column", "cssClass": "gap-4", "children": [
        {"type": "H2", "content": "Media"},
        {"type": "Image", "src": IMAGE, "alt": "A profile card illustration"},
        {"type": "Svg", "content": "<svg xmlns='http://www.w3.org/2000/svg' width='120' height='40'><rect width='120' height='40' rx='8' fill='#16a34a'/><text x='60' y='26' font-size='16' text-anchor='middle' fill='white'>Online</text></svg>"},
        {"type": "Row", "cssClass": "gap-3", "children": [
            {"type": "Icon", "name": "check"}, {"type": "Icon", "name": "star"}, {"type": "Icon", "name": "bell"},
            {"type": "Loader"}, text("Syncing…")
        ]}
    ]})
}

fn charts() -> Value {
    let months = json!([
        {"month": "Jan", "revenue": 42, "costs": 30}, {"month": "Feb", "revenue": 48, "costs": 31},
        {"month": "Mar", "revenue": 51, "costs": 33}, {"month": "Apr", "revenue": 58, "costs": 35},
        {"month": "May", "revenue": 63, "costs": 36}, {"month": "Jun", "revenue": 71, "costs": 38}
    ]);
    let series =
        json!([{"dataKey": "revenue", "label": "Revenue"}, {"dataKey": "costs", "label": "Costs"}]);
    let shares = json!([{"channel": "Direct", "share": 46}, {"channel": "Partners", "share": 31}, {"channel": "Online", "share": 23}]);
    json!({"type": "Column", "cssClass": "gap-4", "children": [
        {"type": "H2", "content": "Charts"},
        {"type": "BarChart", "data": months, "series": series, "xAxis": "month", "height": 220},
        {"type": "LineChart", "data": months, "series": series, "xAxis": "month", "height": 220},
        {"type": "AreaChart", "data": months, "series": series, "xAxis": "month", "height": 220, "stacked": true},
        {"type": "PieChart", "data": shares, "dataKey": "share", "nameKey": "channel", "height": 220},
        {"type": "RadialChart", "data": shares, "dataKey": "share", "nameKey": "channel", "height": 220},
        {"type": "ScatterChart", "data": [{"x": 1, "y": 3}, {"x": 2, "y": 5}, {"x": 3, "y": 4}, {"x": 4, "y": 8}], "xAxis": "x", "yAxis": "y", "series": [{"dataKey": "y", "label": "Deals"}], "height": 220}
    ]})
}
