//! Layout: flex rows and columns, grids, dashboards, tabs, pages, accordions, carousels.
//!
//! `gap`, `align` and `justify` are compiled into `cssClass` (`gap-4 items-center
//! justify-between`) exactly like prefab-ui; they are not wire props.

use super::{Map, Number, prepend_classes};

components! {
    /// A vertical flex container.
    container Column {} => Column::new().gap(4).child(H1::new("Users"));
    /// A horizontal flex container.
    container Row {} => Row::new().gap(2).align("center").child(Badge::new("new"));
    /// A CSS grid. `columns(n)` compiles to `grid-cols-N`; `columnTemplate` sets the template.
    container Grid {
        ; column_template: String, min_column_width: String,
    } => Grid::new().columns(3).child(Card::new());
    /// A cell of a [`Grid`] spanning several columns or rows.
    container GridItem { ; col_span: i64, row_span: i64 } => GridItem::new().col_span(2);
    /// A plain `<div>`; the app root is a `Div` with class `pf-app-root`.
    container Div { ; style: Map } => Div::new().css_class("pf-app-root");
    /// A centered, width-limited container.
    container Container {} => Container::new();
    /// A fixed grid of positioned [`DashboardItem`]s.
    container Dashboard { ; columns: i64, row_height: super::Bind<i64>, rows: i64 }
        => Dashboard::new().columns(12).child(DashboardItem::new().col_span(6));
    /// A positioned cell of a [`Dashboard`].
    container DashboardItem {
        ; col: i64, row: i64, col_span: i64, row_span: i64, z_index: i64,
    } => DashboardItem::new().col(1).row(1);
    /// A horizontal or vertical rule.
    leaf Separator { ; orientation: String } => Separator::new().orientation("vertical");
    /// Buttons joined into one control.
    container ButtonGroup { ; orientation: String } => ButtonGroup::new().child(Button::new("A"));
    /// A carousel of slides (the children).
    container Carousel {
        ; visible: Number, gap: i64, height: i64, direction: String, r#loop: bool,
        auto_advance: i64, continuous: bool, speed: i64, effect: String, dim_inactive: bool,
        show_controls: bool, controls_position: String, show_dots: bool, pause_on_hover: bool,
        align: String, slides_to_scroll: i64, drag: bool,
    } => Carousel::new().auto_advance(3000).child(Image::new("a.png"));
    /// Collapsible sections; children are [`AccordionItem`]s.
    container Accordion { ; multiple: bool, collapsible: bool, default_values: Vec<String> }
        => Accordion::new().child(AccordionItem::new("Details"));
    /// One section of an [`Accordion`].
    container AccordionItem { title: String ; value: String } => AccordionItem::new("Details");
    /// Tabbed panels; children are [`Tab`]s. A named `Tabs` syncs the active tab to state.
    container Tabs {
        ; name: String, value: String, variant: String, orientation: String,
        on_change: crate::Actions,
    } => Tabs::new().name("tab").child(Tab::new("One"));
    /// One panel of [`Tabs`].
    container Tab { title: String ; value: String, disabled: bool } => Tab::new("One");
    /// Paged content; children are [`Page`]s. A named `Pages` syncs the page to state.
    container Pages { ; name: String, value: String } => Pages::new().child(Page::new("Intro"));
    /// One page of [`Pages`].
    container Page { title: String ; value: String } => Page::new("Intro");
    /// A titled key/value detail panel (from the TypeScript port).
    container Detail { ; title: String, description: String } => Detail::new().title("User");
    /// A master list with a detail pane (from the TypeScript port).
    container MasterDetail { ; name: String, value: String } => MasterDetail::new();
}

macro_rules! gap_helpers {
    ($($ty:ident),*) => {$(
        impl $ty {
            /// Spacing between children: `gap-N`, compiled into `cssClass`.
            #[must_use]
            pub fn gap(mut self, gap: impl std::fmt::Display) -> Self {
                self.css_class = prepend_classes(self.css_class.take(), &format!("gap-{gap}"));
                self
            }

            /// Separate horizontal and vertical spacing: `gap-x-X gap-y-Y`.
            #[must_use]
            pub fn gap_xy(mut self, x: impl std::fmt::Display, y: impl std::fmt::Display) -> Self {
                let classes = format!("gap-x-{x} gap-y-{y}");
                self.css_class = prepend_classes(self.css_class.take(), &classes);
                self
            }
        }
    )*};
}
gap_helpers!(Column, Row, Grid, Dashboard);
gap_helpers!(Form);
use super::form::Form;

macro_rules! flex_helpers {
    ($($ty:ident),*) => {$(
        impl $ty {
            /// Cross-axis alignment: `items-<align>` (`start`, `center`, `end`, `stretch`, …).
            #[must_use]
            pub fn align(mut self, align: impl std::fmt::Display) -> Self {
                self.css_class = super::join_classes(self.css_class.take(), &format!("items-{align}"));
                self
            }

            /// Main-axis distribution: `justify-<justify>` (`between`, `center`, …).
            #[must_use]
            pub fn justify(mut self, justify: impl std::fmt::Display) -> Self {
                self.css_class =
                    super::join_classes(self.css_class.take(), &format!("justify-{justify}"));
                self
            }
        }
    )*};
}
flex_helpers!(Column, Row, Grid);

impl Grid {
    /// Number of equal columns: `grid-cols-N`, compiled into `cssClass`.
    #[must_use]
    pub fn columns(mut self, columns: u32) -> Self {
        self.css_class = prepend_classes(self.css_class.take(), &format!("grid-cols-{columns}"));
        self
    }
}
