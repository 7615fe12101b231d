//! `DataTable` basics: header from `columns`, body from `rows` (an array or a template),
//! per-column `format` (`{{ _v | <format> }}`), optional `search`, `onRowClick`.
//! Row keys are never rewritten (`first_name` stays `first_name`).
use super::{Cx, base, kind, prop};
use crate::dom;
use crate::store::untracked;
use crate::template::{self, Binding, Frame};
use prefab::expr::{Value, lower_case};
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, Node};

/// Renders a `DataTable`.
pub fn data_table(cx: &Cx, node: &Value, _path: &str) -> Result<Node, String> {
    let Value::Array(columns) = prop(node, "columns") else {
        return Err(format!(
            "DataTable.columns must be an array, got {}",
            kind(prop(node, "columns"))
        ));
    };
    for (i, column) in columns.iter().enumerate() {
        if prop(column, "key").as_str().is_none() {
            return Err(format!("DataTable.columns[{i}].key must be a string"));
        }
    }
    let columns = columns.clone();
    let wrap = dom::element_with_class("div", "pf-data-table");
    base(cx, &wrap, node, "pf-data-table");
    let search = if prop(node, "search").truthy() || prop(node, "searchable").truthy() {
        let input = dom::element_with_class("input", "pf-input pf-table-search");
        dom::set_attr(&input, "type", "search");
        let placeholder = prop(node, "searchPlaceholder")
            .as_str()
            .unwrap_or("Search…");
        dom::set_attr(&input, "placeholder", placeholder);
        dom::append(&wrap, &input);
        Some(input)
    } else {
        None
    };
    let table = dom::element_with_class("table", "pf-table");
    let head = dom::element("thead");
    let head_row = dom::element("tr");
    for column in columns.iter() {
        let th = dom::element("th");
        dom::set_attr(&th, "scope", "col");
        let header = prop(column, "header");
        let header = if header.is_nullish() {
            prop(column, "key")
        } else {
            header
        };
        th.set_text_content(Some(&template::display(header)));
        dom::append(&head_row, &th);
    }
    dom::append(&head, &head_row);
    dom::append(&table, &head);
    let body = dom::element("tbody");
    dom::append(&table, &body);
    dom::append(&wrap, &table);

    let rows_raw = prop(node, "rows").clone();
    let on_row_click = prop(node, "onRowClick").clone();
    let (target, cx2) = (body.clone(), cx.clone());
    let query: Rc<std::cell::RefCell<String>> = Rc::default();
    // Row listeners belong to the current body; a re-render drops them with the rows.
    let body_owner: Rc<std::cell::RefCell<Option<crate::store::Owner>>> = Rc::default();
    let row_template = RowTemplate::new(columns.len());
    let render_rows = {
        let query = query.clone();
        let columns = columns.clone();
        Rc::new(move |rows: &Value| {
            dom::clear(&target);
            if let Some(old) = body_owner.borrow_mut().take() {
                old.dispose();
            }
            let owner = cx2.owner.child();
            *body_owner.borrow_mut() = Some(owner.clone());
            let row_cx = cx2.with_owner(owner);
            let Value::Array(rows) = rows else {
                return;
            };
            let needle = lower_case(&query.borrow());
            for row in rows.iter() {
                let cells: Vec<String> =
                    columns.iter().map(|c| cell_text(&row_cx, c, row)).collect();
                if !needle.is_empty() && !cells.iter().any(|c| lower_case(c).contains(&needle)) {
                    continue;
                }
                let tr = row_template.instantiate();
                let mut cell = tr.first_child();
                for text in cells {
                    let Some(td) = cell else { break };
                    if !text.is_empty() {
                        td.set_text_content(Some(&text));
                    }
                    cell = td.next_sibling();
                }
                if !on_row_click.is_nullish() {
                    click_row(&row_cx, &tr, &on_row_click, row);
                }
                dom::append(&target, &tr);
            }
        })
    };
    let current: Rc<std::cell::RefCell<Value>> = Rc::default();
    {
        let (render_rows, current, frame) =
            (render_rows.clone(), current.clone(), cx.frame.clone());
        cx.owner.effect(move || {
            let rows = template::interpolate(&rows_raw, &*frame);
            *current.borrow_mut() = rows.clone();
            untracked(|| render_rows(&rows));
        });
    }
    if let Some(input) = search {
        let source = input.clone();
        dom::listen(&cx.owner, &input, "input", move |_| {
            if let Some(el) = source.dyn_ref::<HtmlInputElement>() {
                *query.borrow_mut() = el.value();
            }
            let rows = current.borrow().clone();
            render_rows(&rows);
        });
    }
    Ok(wrap.into())
}

/// An empty `<tr>` with one `<td>` per column, deep-cloned for each row: one DOM call
/// instead of one `createElement` (and its tag-name string crossing) per cell and row.
struct RowTemplate(Element);

impl RowTemplate {
    fn new(cells: usize) -> RowTemplate {
        let tr = dom::element("tr");
        for _ in 0..cells {
            dom::append(&tr, &dom::element("td"));
        }
        RowTemplate(tr)
    }

    fn instantiate(&self) -> Element {
        match self.0.clone_node_with_deep(true) {
            Ok(node) => node.unchecked_into(),
            Err(_) => RowTemplate::new(self.0.child_element_count() as usize).0,
        }
    }
}

fn cell_text(cx: &Cx, column: &Value, row: &Value) -> String {
    let key = prop(column, "key").as_str().unwrap_or_default();
    let value = prop(row, key);
    match prop(column, "format").as_str() {
        Some(format) if !format.is_empty() => {
            let frame = Frame::push(
                &cx.frame,
                vec![(Arc::from("_v"), Binding::Value(value.clone()))],
            );
            let shown =
                template::interpolate(&Value::from(format!("{{{{ _v | {format} }}}}")), &*frame);
            template::display(&shown)
        }
        _ => template::display(value),
    }
}

fn click_row(cx: &Cx, tr: &Element, actions: &Value, row: &Value) {
    let (cx, actions, row) = (cx.clone(), actions.clone(), row.clone());
    dom::set_attr(tr, "data-clickable", "");
    let owner = cx.owner.clone();
    dom::listen(&owner, tr, "click", move |_| {
        crate::actions::run(&cx, &actions, row.clone());
    });
}
