//! Tailwind-compatible utility classes on demand.
//!
//! Every `cssClass` the renderer applies (after its templates are evaluated) is noted here;
//! when new class names appear, one microtask later the whole set is compiled by
//! [`prefab::style::compile`] into a single `<style id="prefab-classes">` in `<head>`, placed
//! before the envelope's own `css` so a document's theme wins over the utilities. The whole
//! set is recompiled (never appended to), which keeps the utilities' cascade order: plain
//! utilities, then states, then breakpoints ascending, then `dark:`.
use std::cell::RefCell;

#[derive(Default)]
struct Sheet {
    /// Sorted and unique (binary-search insertion: what a `BTreeSet` kept, without its ~1 KB
    /// of node code in the wasm).
    classes: Vec<String>,
    scheduled: bool,
}

thread_local! {
    static SHEET: RefCell<Sheet> = RefCell::default();
}

/// Notes the space-separated class names of one `cssClass`; schedules a recompile when one
/// is new.
pub fn note(class_list: &str) {
    let schedule = SHEET.with(|sheet| {
        let Ok(mut sheet) = sheet.try_borrow_mut() else {
            return false;
        };
        let mut added = false;
        for class in class_list.split_ascii_whitespace() {
            if let Err(at) = sheet.classes.binary_search_by(|c| c.as_str().cmp(class)) {
                sheet.classes.insert(at, class.to_string());
                added = true;
            }
        }
        if added && !sheet.scheduled {
            sheet.scheduled = true;
            return true;
        }
        false
    });
    if schedule {
        crate::dom::microtask(&crate::dom::once(flush));
    }
}

/// Writes the compiled rules of every noted class into `<style id="prefab-classes">`.
fn flush() {
    let css = SHEET.with(|sheet| {
        let Ok(mut sheet) = sheet.try_borrow_mut() else {
            return None;
        };
        sheet.scheduled = false;
        Some(prefab::style::compile(
            sheet.classes.iter().map(String::as_str),
        ))
    });
    let (Some(css), Some(doc)) = (css, crate::dom::document()) else {
        return;
    };
    let style = match doc.get_element_by_id("prefab-classes") {
        Some(style) => style,
        None => {
            let Some(head) = doc.head() else {
                return;
            };
            let style = crate::dom::element("style");
            crate::dom::set_attr(&style, "id", "prefab-classes");
            // Before the envelope's css (a theme overrides utilities), else at the end.
            let before = doc.query_selector("[data-prefab-css]").ok().flatten();
            let before: Option<&crate::dom::Node> = before.as_ref().map(AsRef::as_ref);
            crate::dom::report(head.insert_before(&style, before));
            style
        }
    };
    style.set_text_content(Some(&css));
}
