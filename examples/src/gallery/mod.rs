//! The gallery `prefab serve` mounts: one UI tool per component family showing its
//! components with realistic content ([`families`]), and the auto renderers on realistic
//! data ([`data`]: a sales dashboard, a 10,000-row table), and a typed form that saves into
//! SQLite ([`Signups`]).
mod data;
mod families;
mod orders;
mod signups;

pub use data::{big_table, sales_dashboard};
pub use families::{FAMILIES, family};
pub use orders::{Order, orders};
pub use signups::{SAVE_TOOL, Signup, Signups};

use prefab::display::display;
use rmcp::model::CallToolResult;
use rmcp::{tool, tool_router};

/// The gallery tools.
///
/// ```
/// let tools = examples::gallery::Gallery::tool_router();
/// assert!(tools.has_route("gallery_layout") && tools.has_route("gallery_sales_dashboard"));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Gallery;

fn result(view: Option<serde_json::Value>) -> CallToolResult {
    prefab_mcp::call_tool_result(view.map_or_else(
        || prefab::display::display_error("unknown gallery family"),
        display,
    ))
}

#[tool_router(vis = "pub")]
impl Gallery {
    #[tool(description = "Gallery: layout components (Column, Row, Grid, Div, Container, Dashboard, Tabs, Accordion, Carousel, Pages, Separator)", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_layout(&self) -> CallToolResult {
        result(family("layout"))
    }
    #[tool(description = "Gallery: typography (headings, text, Markdown, Code, Kbd, Link, BlockQuote)", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_typography(&self) -> CallToolResult {
        result(family("typography"))
    }
    #[tool(description = "Gallery: cards and alerts", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_cards(&self) -> CallToolResult {
        result(family("cards"))
    }
    #[tool(description = "Gallery: data display (Metric, Badge, Progress, Ring, Dot, Sparkline, Table, DataTable)", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_data(&self) -> CallToolResult {
        result(family("data"))
    }
    #[tool(description = "Gallery: form inputs (Input, Textarea, Select, Checkbox, Switch, Slider, RadioGroup, DatePicker, Combobox, Form)", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_forms(&self) -> CallToolResult {
        result(family("forms"))
    }
    #[tool(description = "Gallery: interactive components (Button variants, ButtonGroup, Dialog, Popover, Tooltip, HoverCard, state, Condition)", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_interactive(&self) -> CallToolResult {
        result(family("interactive"))
    }
    #[tool(description = "Gallery: media (Image, Svg, Icon, Loader)", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_media(&self) -> CallToolResult {
        result(family("media"))
    }
    #[tool(description = "Gallery: charts (Bar, Line, Area, Pie, Radar, Radial, Scatter)", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_charts(&self) -> CallToolResult {
        result(family("charts"))
    }
    #[tool(description = "Gallery: a sales dashboard made by the auto renderers (metrics, charts, a table)", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_sales_dashboard(&self) -> CallToolResult {
        prefab_mcp::call_tool_result(sales_dashboard())
    }
    #[tool(description = "Gallery: a 10,000-row orders table (auto_table: search, sort, pages)", meta = prefab_mcp::ui_tool_meta())]
    pub async fn gallery_big_table(&self) -> CallToolResult {
        prefab_mcp::call_tool_result(big_table())
    }
}
