//! `DataTable`: header from `columns`, body from `rows` (an array or a template), with
//! per-column `format` (`{{ _v | <format> }}`), component cells (a cell value that is a
//! component object renders as that component), `search` (a filter box), `sortable`
//! columns (stable and type-aware), expandable rows (`_detail`), `paginated`/`pageSize`
//! with a footer, and `onRowClick` (`$event` and `$item` = the row). Only the current page
//! is in the DOM, so a 10,000-row table stays quick. One delegated click/keydown listener
//! serves the sort headers, the expand toggles, the rows (focusable when clickable: Enter
//! and Space click them) and the pager.
//! Row keys are never rewritten (`first_name` stays `first_name`).
use super::order;

use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, HtmlInputElement, Node};
use crate::node::{kind, prop};
use crate::render::base;
use crate::store::{Owner, untracked};
use crate::template::{self, Binding, Frame};
use prefab::expr::Value;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// What the user changed: search text, sort, page, expanded and selected rows.
#[derive(Default)]
struct View {
    rows: Arc<Vec<Value>>,
    query: String,
    /// Sorted column and whether descending.
    sort: Option<(usize, bool)>,
    page: usize,
    /// Row positions (in `rows`) whose detail is open.
    expanded: Vec<usize>,
    selected: Option<usize>,
    /// The filtered and sorted positions, kept until rows, search or sort change (paging,
    /// expanding and selecting reuse them).
    shown: Option<Rc<Vec<usize>>>,
}

struct Table {
    cx: Cx,
    columns: Arc<Vec<Value>>,
    heads: Vec<Element>,
    body: Element,
    /// `Page x of y` text, Previous, Next.
    pager: Option<(Element, Element, Element)>,
    /// The search box's polite status: how many rows match.
    found: Option<Element>,
    page_size: usize,
    on_row_click: Value,
    view: RefCell<View>,
    /// Owns what the current page's cells and rows created.
    page_owner: RefCell<Option<Owner>>,
}

/// Renders a `DataTable`.
pub fn data_table(cx: &Cx, _ty: &str, node: &Value, path: &str) -> Result<Node, String> {
    let Value::Array(columns) = prop(node, "columns") else {
        return Err(crate::text::fill(
            "{}.columns must be an array, got {}",
            &[path, kind(prop(node, "columns"))],
        ));
    };
    for (i, column) in columns.iter().enumerate() {
        if prop(column, "key").as_str().is_none() {
            return Err(crate::text::fill(
                "{}.columns[{}].key must be a string",
                &[path, &crate::text::int(i as u64)],
            ));
        }
    }
    let wrap = dom::element("div");
    base(cx, &wrap, node, "pf-data-table");
    let found = (prop(node, "search").truthy() || prop(node, "searchable").truthy())
        .then(|| search_bar(node, &wrap));
    let container = dom::element_with_class("div", "pf-table-container");
    let table = dom::element_with_class("table", "pf-table");
    let heads = header(cx, node, columns, &table);
    let body = dom::element_with_class("tbody", "pf-table-body");
    dom::append(&table, &body);
    dom::append(&container, &table);
    dom::append(&wrap, &container);
    let page_size = if prop(node, "paginated").truthy() {
        match prop(node, "pageSize") {
            Value::Undefined | Value::Null => 10,
            size => size.to_number().max(1.0) as usize,
        }
    } else {
        0
    };
    let pager = (page_size > 0).then(|| pager(&wrap));
    let on_row_click = prop(node, "onRowClick").clone();
    let table = Rc::new(Table {
        cx: cx.clone(),
        columns: columns.clone(),
        heads,
        body,
        pager,
        found,
        page_size,
        on_row_click,
        view: RefCell::default(),
        page_owner: RefCell::default(),
    });
    bind(cx, node, &wrap, table);
    Ok(wrap.into())
}

/// The search box (`search`/`searchable`) above the table; returns its status (a polite
/// live region that says how many rows match, so a screen reader hears the search work).
fn search_bar(node: &Value, wrap: &Element) -> Element {
    let bar = dom::element_with_class("div", "pf-data-table-search");
    let input = dom::element_with_class("input", "pf-input");
    dom::set_attr(&input, "type", "search");
    dom::set_attr(&input, "data-act", "search");
    let placeholder = prop(node, "searchPlaceholder")
        .as_str()
        .unwrap_or("Filter...");
    dom::set_attr(&input, "placeholder", placeholder);
    dom::set_attr(&input, "aria-label", placeholder);
    dom::append(&bar, &input);
    let found = dom::element_with_class("div", "pf-sr-only");
    dom::set_attr(&found, "role", "status");
    dom::append(&bar, &found);
    dom::append(wrap, &bar);
    found
}

/// The header row (an expand column when a row has `_detail`, sort buttons on `sortable`
/// columns), appended to `table`; returns the column heads.
fn header(cx: &Cx, node: &Value, columns: &[Value], table: &Element) -> Vec<Element> {
    let head = dom::element_with_class("thead", "pf-table-header");
    let head_row = dom::element_with_class("tr", "pf-table-row");
    let any_detail = matches!(prop(node, "rows"), Value::Array(rows)
        if rows.iter().any(|r| !prop(r, "_detail").is_nullish()));
    if any_detail {
        let th = dom::element_with_class("th", "pf-table-head pf-data-table-expand");
        dom::append(&head_row, &th);
    }
    let mut heads = Vec::with_capacity(columns.len());
    for (i, column) in columns.iter().enumerate() {
        let th = column_cell("th", "pf-table-head", column, "headerClass");
        dom::set_attr(&th, "scope", "col");
        let header = prop(column, "header");
        let header = if header.is_nullish() {
            prop(column, "key")
        } else {
            header
        };
        let label = template::display(&template::interpolate(header, &*cx.frame));
        if prop(column, "sortable").truthy() {
            let button = dom::element_with_class("button", "pf-data-table-sort");
            dom::set_attr(&button, "type", "button");
            dom::set_attr(&button, "data-act", "sort");
            dom::set_attr(&button, "data-col", &i.to_string());
            button.set_text_content(Some(&label));
            let arrow = dom::element_with_class("span", "pf-data-table-arrow");
            dom::set_attr(&arrow, "aria-hidden", "true");
            dom::append(&button, &arrow);
            dom::append(&th, &button);
            dom::set_attr(&th, "aria-sort", "none");
        } else {
            th.set_text_content(Some(&label));
        }
        dom::append(&head_row, &th);
        heads.push(th);
    }
    dom::append(&head, &head_row);
    dom::append(table, &head);
    heads
}

/// The footer of a paginated table: the `Page x of y` label, Previous and Next.
fn pager(wrap: &Element) -> (Element, Element, Element) {
    let footer = dom::element_with_class("div", "pf-data-table-footer");
    let label = dom::element_with_class("div", "pf-data-table-page");
    let buttons = dom::element_with_class("div", "pf-data-table-pager");
    let step = |act: &str, text: &str| {
        let b = dom::element_with_class(
            "button",
            "pf-button pf-button-variant-outline pf-button-size-sm",
        );
        dom::set_attr(&b, "type", "button");
        dom::set_attr(&b, "data-act", act);
        b.set_text_content(Some(text));
        dom::append(&buttons, &b);
        b
    };
    let (prev, next) = (step("prev", "Previous"), step("next", "Next"));
    dom::append(&footer, &label);
    dom::append(&footer, &buttons);
    dom::append(wrap, &footer);
    (label, prev, next)
}

/// Re-renders when `rows` change, and on clicks and search input.
fn bind(cx: &Cx, node: &Value, wrap: &Element, table: Rc<Table>) {
    {
        let (table, rows_raw, frame) =
            (table.clone(), prop(node, "rows").clone(), cx.frame.clone());
        cx.effect(move || {
            let rows = match template::interpolate(&rows_raw, &*frame) {
                Value::Array(rows) => rows,
                _ => Arc::default(),
            };
            let mut view = table.view.borrow_mut();
            view.rows = rows;
            view.shown = None;
            view.expanded.clear();
            view.selected = None;
            drop(view);
            untracked(|| table.render());
        });
    }
    let target = table.clone();
    dom::listen_many(
        &cx.owner,
        wrap,
        &["click", "keydown"],
        Box::new(move |event| target.click(&event)),
    );
    dom::listen(&cx.owner, wrap, "input", move |event| {
        if let Some(input) = event
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        {
            let mut view = table.view.borrow_mut();
            view.query = input.value();
            view.shown = None;
            view.page = 0;
            drop(view);
            table.render();
        }
    });
}

/// A header or body cell: `base` plus the column's extra class (`headerClass`/`cellClass`),
/// and its `width`/`minWidth`/`maxWidth`.
fn column_cell(tag: &str, base: &str, column: &Value, class_key: &str) -> Element {
    let el = dom::element(tag);
    match prop(column, class_key).as_str() {
        Some(extra) if !extra.is_empty() => {
            crate::classes::note(extra);
            let mut class = String::from(base);
            class.push(' ');
            class.push_str(extra);
            el.set_class_name(&class);
        }
        _ => el.set_class_name(base),
    }
    let mut style = String::new();
    for (key, css) in [
        ("width", "width:"),
        ("minWidth", "min-width:"),
        ("maxWidth", "max-width:"),
    ] {
        if let Some(v) = prop(column, key).as_str() {
            style.push_str(css);
            style.push_str(v);
            style.push(';');
        }
    }
    if !style.is_empty() {
        dom::set_attr(&el, "style", &style);
    }
    el
}

impl Table {
    /// An empty body row: the expand cell when a row has `_detail`, then one cell per
    /// column with its `cellClass` and widths.
    fn row_template(&self, expand_column: bool) -> Element {
        let tr = dom::element_with_class("tr", "pf-table-row");
        if expand_column {
            dom::append(&tr, &dom::element_with_class("td", "pf-table-cell"));
        }
        for column in self.columns.iter() {
            dom::append(
                &tr,
                &column_cell("td", "pf-table-cell", column, "cellClass"),
            );
        }
        tr
    }

    /// The row positions shown, after the search filter and the sort.
    fn visible(&self, view: &View) -> Vec<usize> {
        let needle = order::fold(view.query.trim());
        let mut shown: Vec<usize> = (0..view.rows.len())
            .filter(|&i| {
                needle.is_empty()
                    || self.columns.iter().any(|c| {
                        let row = view.rows.get(i).unwrap_or(&Value::Undefined);
                        let cell = prop(row, prop(c, "key").as_str().unwrap_or_default());
                        !matches!(cell, Value::Object(_))
                            && prefab::expr::has_str(
                                &order::fold(&template::display(cell)),
                                &needle,
                            )
                    })
            })
            .collect();
        if let Some((col, desc)) = view.sort
            && let Some(column) = self.columns.get(col)
        {
            let key = prop(column, "key").as_str().unwrap_or_default();
            order::sort(&mut shown, &view.rows, key, desc);
        }
        shown
    }

    fn render(&self) {
        if let Some(old) = self.page_owner.borrow_mut().take() {
            old.dispose();
        }
        let owner = self.cx.owner.child();
        *self.page_owner.borrow_mut() = Some(owner.clone());
        let cx = self.cx.with_owner(owner);
        let mut view = self.view.borrow_mut();
        let shown = match &view.shown {
            Some(shown) => shown.clone(),
            None => {
                let shown = Rc::new(self.visible(&view));
                view.shown = Some(shown.clone());
                shown
            }
        };
        let (pages, start, end) = self.page_range(&mut view, shown.len());
        self.show_found(!view.query.is_empty(), shown.len());
        dom::clear(&self.body);
        let expand_column = view.rows.iter().any(|r| !prop(r, "_detail").is_nullish());
        let span = (self.columns.len() + usize::from(expand_column)).to_string();
        if shown.is_empty() {
            let empty = "pf-table-cell pf-data-table-empty";
            self.wide_row("pf-table-row", empty, &span, &dom::text("No results."));
        }
        // Every body row starts as a deep clone of this one: the cells' classes and widths
        // are written once per render, not once per cell.
        let template = self.row_template(expand_column);
        let keys: Vec<&str> = self
            .columns
            .iter()
            .map(|c| prop(c, "key").as_str().unwrap_or_default())
            .collect();
        for &i in shown.get(start..end).unwrap_or_default() {
            let Some(row) = view.rows.get(i) else {
                continue;
            };
            let tr: Element = match template.clone_node_with_deep(true) {
                Ok(copy) => copy.unchecked_into(),
                Err(_) => self.row_template(expand_column),
            };
            dom::set_attr(&tr, "data-row", &i.to_string());
            if !self.on_row_click.is_nullish() {
                dom::set_attr(&tr, "data-clickable", "");
                dom::set_attr(&tr, "tabindex", "0");
            }
            if view.selected == Some(i) {
                dom::set_attr(&tr, "data-state", "selected");
            }
            let detail = prop(row, "_detail");
            let open = view.expanded.contains(&i);
            let mut td = tr.first_element_child();
            if expand_column {
                if let Some(toggle_cell) = &td
                    && !detail.is_nullish()
                {
                    expand_toggle(toggle_cell, open);
                }
                td = td.and_then(|c| c.next_element_sibling());
            }
            for (column, key) in self.columns.iter().zip(&keys) {
                let Some(cell_el) = td else {
                    break;
                };
                cell(&cx, &cell_el, column, prop(row, key), key);
                td = cell_el.next_element_sibling();
            }
            dom::append(&self.body, &tr);
            if open && !detail.is_nullish() {
                let (row, cell) = (
                    "pf-table-row pf-data-table-detail-row",
                    "pf-table-cell pf-data-table-detail-cell",
                );
                self.wide_row(
                    row,
                    cell,
                    &span,
                    &crate::render::node(&cx, detail, "_detail"),
                );
            }
        }
        // A short page (the last, or the only one) keeps the table's height, as in
        // prefab-ui's renderer.
        if self.page_size > 0 && end > start {
            for _ in (end - start)..self.page_size {
                let pad = "pf-table-row pf-data-table-pad";
                self.wide_row(pad, "pf-table-cell", &span, &dom::text("\u{a0}"));
            }
        }
        self.show_sort_and_page(&view, pages);
    }

    /// How many pages `n` shown rows make, and the rows of the current page (`start..end`),
    /// the page clamped to the last.
    fn page_range(&self, view: &mut View, n: usize) -> (usize, usize, usize) {
        if self.page_size == 0 {
            view.page = 0;
            return (1, 0, n);
        }
        let pages = n.div_ceil(self.page_size).max(1);
        view.page = view.page.min(pages - 1);
        let start = view.page * self.page_size;
        (pages, start, (start + self.page_size).min(n))
    }

    /// The search status: `n results` while a search is typed, else empty; written only when
    /// it changes (paging does not announce it again).
    fn show_found(&self, searching: bool, n: usize) {
        let Some(found) = &self.found else {
            return;
        };
        let mut text = String::new();
        if searching {
            text.push_str(&n.to_string());
            text.push_str(if n == 1 { " result" } else { " results" });
        }
        if found.text_content().as_deref() != Some(&text) {
            found.set_text_content(Some(&text));
        }
    }

    /// A body row of one cell spanning every column (the empty note, a pad row, a detail).
    fn wide_row(&self, row_class: &str, cell_class: &str, span: &str, content: &Node) {
        let tr = dom::element_with_class("tr", row_class);
        let td = dom::element_with_class("td", cell_class);
        dom::set_attr(&td, "colspan", span);
        dom::append(&td, content);
        dom::append(&tr, &td);
        dom::append(&self.body, &tr);
    }

    /// `aria-sort` on the sortable heads, and the pager's label and buttons.
    fn show_sort_and_page(&self, view: &View, pages: usize) {
        for (i, th) in self.heads.iter().enumerate() {
            if th.has_attribute("aria-sort") {
                let state = match view.sort {
                    Some((c, false)) if c == i => "ascending",
                    Some((c, true)) if c == i => "descending",
                    _ => "none",
                };
                dom::set_attr(th, "aria-sort", state);
                // The mark as text, as prefab-ui's renderer shows it (hidden from assistive
                // technology, which reads `aria-sort`).
                if let Ok(Some(arrow)) = th.query_selector(".pf-data-table-arrow") {
                    let mark = match state {
                        "ascending" => "\u{25B2}",
                        "descending" => "\u{25BC}",
                        _ => "\u{21C5}",
                    };
                    arrow.set_text_content(Some(mark));
                }
            }
        }
        if let Some((label, prev, next)) = &self.pager {
            let mut text = String::from("Page ");
            text.push_str(&(view.page + 1).to_string());
            text.push_str(" of ");
            text.push_str(&pages.to_string());
            label.set_text_content(Some(&text));
            dom::toggle_attr(prev, "disabled", view.page == 0);
            dom::toggle_attr(next, "disabled", view.page + 1 >= pages);
        }
    }

    /// A click, or Enter/Space on a clickable row (the sort, expand and page buttons
    /// are buttons: the browser turns their keys into clicks).
    fn click(&self, event: &crate::dom::Event) {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if let Some(key) = event.dyn_ref::<crate::dom::KeyboardEvent>() {
            if !matches!(key.key().as_str(), "Enter" | " ") || !target.has_attribute("data-row") {
                return;
            }
            key.prevent_default();
        }
        let acted = target.closest("[data-act]").ok().flatten();
        let row = target
            .closest("tr[data-row]")
            .ok()
            .flatten()
            .and_then(|tr| tr.get_attribute("data-row"))
            .and_then(|i| i.parse::<usize>().ok());
        let act = acted.as_ref().and_then(|el| el.get_attribute("data-act"));
        let mut view = self.view.borrow_mut();
        match act.as_deref() {
            Some("sort") => {
                let col = acted
                    .and_then(|el| el.get_attribute("data-col"))
                    .and_then(|c| c.parse::<usize>().ok());
                // Unsorted → ascending → descending → unsorted.
                view.shown = None;
                view.sort = match (view.sort, col) {
                    (Some((c, false)), Some(col)) if c == col => Some((col, true)),
                    (Some((c, true)), Some(col)) if c == col => None,
                    (_, col) => col.map(|c| (c, false)),
                };
            }
            Some("prev") => view.page = view.page.saturating_sub(1),
            Some("next") => view.page += 1,
            Some("expand") => {
                let Some(i) = row else { return };
                if let Some(at) = view.expanded.iter().position(|&e| e == i) {
                    view.expanded.remove(at);
                } else {
                    view.expanded.push(i);
                }
            }
            Some(_) => return,
            None => {
                let Some(i) = row else { return };
                if self.on_row_click.is_nullish() {
                    return;
                }
                // A second click on the selected row deselects it without running the
                // actions, as in prefab-ui's renderer.
                let fire = view.selected != Some(i);
                view.selected = fire.then_some(i);
                let item = view.rows.get(i).cloned().unwrap_or_default();
                drop(view);
                self.render();
                // The row drawn again keeps the focus.
                let mut row = String::from("tr[data-row=\"");
                row.push_str(&i.to_string());
                row.push_str("\"]");
                if let Ok(Some(tr)) = self.body.query_selector(&row) {
                    crate::render::widget::focus(&tr);
                }
                if fire {
                    let frame = Frame::push(
                        &self.cx.frame,
                        vec![(Arc::from("$item"), Binding::Value(item.clone()))],
                    );
                    crate::actions::run(&self.cx.with_frame(frame), &self.on_row_click, item);
                }
                return;
            }
        }
        drop(view);
        self.render();
    }
}

/// The button of a row with `_detail` that opens and closes it.
fn expand_toggle(cell: &Element, open: bool) {
    let b = dom::element_with_class("button", "pf-data-table-toggle");
    dom::set_attr(&b, "type", "button");
    dom::set_attr(&b, "data-act", "expand");
    dom::set_attr(&b, "aria-expanded", if open { "true" } else { "false" });
    dom::set_attr(&b, "aria-label", "Toggle details");
    b.set_text_content(Some("\u{25b6}"));
    dom::append(cell, &b);
}

/// Fills one cell: a component object renders as that component; otherwise the value,
/// through the column's `format` pipe when it has one.
fn cell(cx: &Cx, td: &Element, column: &Value, value: &Value, key: &str) {
    if let Value::Object(_) = value
        && !prop(value, "type").is_nullish()
    {
        dom::append(td, &crate::render::node(cx, value, key));
        return;
    }
    let text = match prop(column, "format").as_str() {
        Some(format) if !format.is_empty() && !value.is_nullish() => {
            let frame = Frame::push(
                &cx.frame,
                vec![(Arc::from("_v"), Binding::Value(value.clone()))],
            );
            let mut source = String::from("{{ _v | ");
            source.push_str(format);
            source.push_str(" }}");
            template::display(&template::interpolate(&Value::from(source), &*frame))
        }
        _ => template::display(value),
    };
    if !text.is_empty() {
        td.set_text_content(Some(&text));
    }
}
