//! `Calendar` (a month grid, `mode` single / multiple / range) and `DatePicker` (an outline
//! button that opens a single-date calendar). Dates are written as
//! `YYYY-MM-DDT12:00:00.000Z` (the form prefab-ui's Python side emits; noon UTC keeps the
//! calendar day in every time zone); multiple/range selections are JSON-encoded strings
//! (`["…","…"]`, `{"from":"…","to":"…"}`), as on the wire. Any `YYYY-MM-DD` found in the
//! state string counts as selected. Keys: arrows move by a day/week (across months),
//! Home/End to the week's ends, PageUp/PageDown by a month (Shift: a year), Enter/Space
//! pick (the days are buttons).
use super::bound::{self, Bound, aria_bool};
use crate::cx::Cx;
use crate::dom;
use crate::dom::JsCast;
use crate::dom::{Element, HtmlElement, Node};
use crate::node::prop;
use crate::render::base;
use crate::text::push_padded;
use prefab::expr::{MONTHS, Value, civil_from_days, days_from_civil};
use std::cell::Cell;
use std::rc::Rc;

const WEEKDAYS: [&str; 7] = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"];

/// Every `YYYY-MM-DD` in `text`, as day numbers.
fn dates_in(text: &str) -> Vec<i64> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 10 <= b.len() {
        let w = &b[i..i + 10];
        let digits = |r: std::ops::Range<usize>| {
            w.get(r)
                .filter(|s| s.iter().all(u8::is_ascii_digit))
                .map(|s| s.iter().fold(0i64, |acc, c| acc * 10 + i64::from(c - b'0')))
        };
        if w[4] == b'-'
            && w[7] == b'-'
            && let (Some(y), Some(m), Some(d)) = (digits(0..4), digits(5..7), digits(8..10))
            && (1..=12).contains(&m)
            && (1..=31).contains(&d)
        {
            out.push(days_from_civil(y, m, d));
            i += 10;
        } else {
            i += 1;
        }
    }
    out
}

fn iso(day: i64) -> String {
    let (y, m, d) = civil_from_days(day);
    let mut out = String::with_capacity(24);
    push_padded(&mut out, y, 4);
    out.push('-');
    push_padded(&mut out, m, 2);
    out.push('-');
    push_padded(&mut out, d, 2);
    out.push_str("T12:00:00.000Z");
    out
}

/// `January 5, 2026`.
fn long_date(day: i64) -> String {
    let (y, m, d) = civil_from_days(day);
    let month = MONTHS.get((m - 1) as usize).copied().unwrap_or_default();
    let mut out = [month, " "].concat();
    push_padded(&mut out, d, 0);
    out.push_str(", ");
    push_padded(&mut out, y, 0);
    out
}

fn today() -> i64 {
    let (y, m, d) = crate::dom::today();
    days_from_civil(y, m, d)
}

struct Cal {
    state: Bound,
    mode: String,
    /// Day number of the first of the first shown month.
    month: Cell<i64>,
    root: Element,
    /// Each shown month's caption and grid body.
    months: Vec<(Element, Element)>,
    on_pick: Option<Rc<dyn Fn()>>,
}

/// The first of the month `k` months after the one of `first` (`k` in -1..=1: the
/// neighbouring year is carried by `days_from_civil` for month 0 / 13).
fn month_after(first: i64, k: i64) -> i64 {
    let (y, m, _) = civil_from_days(first);
    days_from_civil(y, m + k, 1)
}

/// `Calendar`: `value`, `mode`, `onChange` (`$event` = the new selection).
pub fn render(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    calendar(cx, node, None)
}

/// A calendar; `state` is given by `DatePicker`, which shares its key.
fn calendar(cx: &Cx, node: &Value, shared: Option<(Bound, Rc<dyn Fn()>)>) -> Result<Node, String> {
    let (state, on_pick) = match shared {
        Some((state, pick)) => (state, Some(pick)),
        None => (
            Bound::new(cx, node, "calendar", prop(node, "value").clone()),
            None,
        ),
    };
    let el = dom::element("div");
    base(
        cx,
        &el,
        node,
        if on_pick.is_some() {
            "pf-calendar"
        } else {
            "pf-calendar pf-card"
        },
    );
    let mode = prop(node, "mode").as_str().unwrap_or("single").to_string();
    // A range shows two months side by side, as prefab-ui's (one above the other in a view
    // narrower than 48rem); each month's header keeps the arrow on its outer side.
    let count = if mode == "range" { 2 } else { 1 };
    let months = (0..count)
        .map(|k| {
            let month = dom::element_with_class("div", "pf-calendar-month");
            dom::append(&el, &month);
            (header(&month, (k == 0, k == count - 1)), grid(&month))
        })
        .collect();
    let cal = Rc::new(Cal {
        state,
        mode,
        month: Cell::new(0),
        root: el.clone(),
        months,
        on_pick,
    });
    let first = dates_in(&crate::template::display(&cal.state.peek()))
        .first()
        .copied()
        .unwrap_or_else(today);
    cal.show_month(first);
    let view = cal.clone();
    cal.state.watch(Box::new(move |_| view.draw()));
    let on_click = cal.clone();
    crate::dom::listen_many(
        &cx.owner,
        &el,
        &["click"],
        Box::new(move |event| on_click.click(&event)),
    );
    crate::dom::listen_many(
        &cx.owner,
        &el,
        &["keydown"],
        Box::new(move |event| cal.key(&event)),
    );
    Ok(el.into())
}

/// The header (previous month, the month's caption, next month), appended to `el`; returns
/// the caption. `arrows` (previous, next): where one is left out, an empty box of its size
/// keeps the caption centred.
fn header(el: &Element, arrows: (bool, bool)) -> Element {
    let header = dom::element_with_class("div", "pf-calendar-header");
    // As prefab-ui's calendar: chevron icons (the button's label names it).
    let nav = |label: &str, chevron: &str, delta: &str, shown: bool| {
        if !shown {
            return dom::element_with_class("span", "pf-calendar-nav");
        }
        let b = dom::element_with_class("button", "pf-calendar-nav");
        dom::set_attr(&b, "type", "button");
        dom::set_attr(&b, "aria-label", label);
        dom::set_attr(&b, "data-delta", delta);
        dom::append(&b, &crate::render::media::icon(chevron, "pf-icon"));
        b
    };
    let caption = dom::element_with_class("div", "pf-calendar-caption-label");
    dom::set_attr(&caption, "aria-live", "polite");
    for part in [
        nav("Previous month", "chevron-left", "-1", arrows.0),
        caption.clone(),
        nav("Next month", "chevron-right", "1", arrows.1),
    ] {
        dom::append(&header, &part);
    }
    dom::append(el, &header);
    caption
}

/// The month grid with its weekday header, appended to `el`; returns its (empty) body.
fn grid(el: &Element) -> Element {
    let grid = dom::element_with_class("table", "pf-calendar-grid");
    dom::set_attr(&grid, "role", "grid");
    let head = dom::element("tr");
    for name in WEEKDAYS {
        let th = dom::element("th");
        dom::set_attr(&th, "scope", "col");
        th.set_text_content(Some(name));
        dom::append(&head, &th);
    }
    let thead = dom::element("thead");
    dom::append(&thead, &head);
    dom::append(&grid, &thead);
    let body = dom::element("tbody");
    dom::append(&grid, &body);
    dom::append(el, &grid);
    body
}

/// The integer attribute `attr` of the closest element carrying it from the event target.
fn number_attr(event: &crate::dom::Event, attr: &str) -> Option<i64> {
    let selector = crate::text::fill("[{}]", &[attr]);
    let n = Value::from(bound::target(event, &selector)?.get_attribute(attr)?).to_number();
    n.is_finite().then_some(n as i64)
}

/// One day of the grid: a toggle button (`aria-selected` is not allowed on a button), muted
/// when `outside` its month (the neighbouring months' days fill the weeks, as in prefab-ui);
/// a range's days between its ends (`inside`) are a light band, its ends solid.
fn day_button(day: i64, outside: bool, on: bool, inside: bool, today: i64, stop: bool) -> Element {
    let b = dom::element_with_class("button", "pf-calendar-day");
    dom::toggle_attr(&b, "data-outside", outside);
    dom::set_attr(&b, "type", "button");
    dom::set_attr(&b, "data-day", &day.to_string());
    dom::set_attr(&b, "aria-label", &long_date(day));
    dom::set_attr(&b, "aria-pressed", aria_bool(on));
    dom::toggle_attr(&b, "data-range-middle", inside);
    if day == today {
        dom::set_attr(&b, "aria-current", "date");
    }
    dom::set_attr(&b, "tabindex", if stop { "0" } else { "-1" });
    let (_, _, d) = civil_from_days(day);
    b.set_text_content(Some(&d.to_string()));
    b
}

impl Cal {
    /// A click on a day picks it; on a month button, shows the neighbouring month.
    fn click(&self, event: &crate::dom::Event) {
        if let Some(day) = number_attr(event, "data-day") {
            self.pick(day);
        } else if let Some(delta) = number_attr(event, "data-delta") {
            self.show_month(month_after(self.month.get(), delta));
        }
    }

    /// Arrows move by a day or a week (across months), Home/End to the week's ends,
    /// PageUp/PageDown by a month (Shift: a year).
    fn key(&self, event: &crate::dom::Event) {
        let Some(day) = number_attr(event, "data-day") else {
            return;
        };
        let weekday = (day + 4).rem_euclid(7);
        let key = bound::key(event);
        let next = match key.as_str() {
            "ArrowLeft" => day - 1,
            "ArrowRight" => day + 1,
            "ArrowUp" => day - 7,
            "ArrowDown" => day + 7,
            "Home" => day - weekday,
            "End" => day + 6 - weekday,
            // The same day a month (Shift: a year) away, or that month's last day.
            "PageUp" | "PageDown" => {
                let (y, m, d) = civil_from_days(day);
                let k = if key == "PageUp" { -1 } else { 1 };
                let shift = event
                    .unchecked_ref::<crate::dom::KeyboardEvent>()
                    .shift_key();
                let first = if shift {
                    days_from_civil(y + k, m, 1)
                } else {
                    days_from_civil(y, m + k, 1)
                };
                first + (d - 1).min(month_after(first, 1) - first - 1)
            }
            _ => return,
        };
        event.prevent_default();
        // A day outside the shown months brings its month in at the side it comes from.
        let (first, shown) = (self.month.get(), self.months.len() as i64);
        if !(first..month_after(first, shown)).contains(&next) {
            self.show_month(if next < first {
                next
            } else {
                month_after(next, 1 - shown)
            });
        }
        self.focus_day(next);
    }

    /// Shows the month containing `day` (redraws only when it changes).
    fn show_month(&self, day: i64) {
        let (y, m, _) = civil_from_days(day);
        let first = days_from_civil(y, m, 1);
        if first != self.month.get() {
            self.month.set(first);
            self.draw();
        }
    }

    fn selected(&self) -> Vec<i64> {
        dates_in(&crate::template::display(&self.state.peek()))
    }

    fn draw(&self) {
        let first = self.month.get();
        let end = month_after(first, self.months.len() as i64);
        let selected = self.selected();
        let range = (self.mode == "range" && selected.len() == 2)
            .then(|| (selected[0].min(selected[1]), selected[0].max(selected[1])));
        let today = today();
        // The one day reached by Tab: the first selected one shown, else today, else the 1st.
        let stop = selected
            .iter()
            .copied()
            .find(|d| (first..end).contains(d))
            .unwrap_or(if (first..end).contains(&today) {
                today
            } else {
                first
            });
        let mut month = first;
        for (caption, body) in &self.months {
            let next = month_after(month, 1);
            let (y, m, _) = civil_from_days(month);
            let month_name = MONTHS.get((m - 1) as usize).copied().unwrap_or_default();
            let mut text = [month_name, " "].concat();
            push_padded(&mut text, y, 0);
            caption.set_text_content(Some(&text));
            dom::clear(body);
            let mut day = month - (month + 4).rem_euclid(7);
            while day < next {
                // Whole weeks: the last one ends on a Saturday.
                let row = dom::element("tr");
                for _ in 0..7 {
                    let outside = !(month..next).contains(&day);
                    let on = selected.contains(&day)
                        || range.is_some_and(|(lo, hi)| (lo..=hi).contains(&day));
                    let inside = range.is_some_and(|(lo, hi)| lo < day && day < hi);
                    let b = day_button(day, outside, on, inside, today, !outside && day == stop);
                    let cell = dom::element("td");
                    dom::append(&cell, &b);
                    dom::append(&row, &cell);
                    day += 1;
                }
                dom::append(body, &row);
            }
            month = next;
        }
    }

    fn focus_day(&self, day: i64) {
        // The day in its own month, not the muted copy filling a neighbour's week.
        let mut selector = String::from("[data-day=\"");
        push_padded(&mut selector, day, 0);
        selector.push_str("\"]:not([data-outside])");
        if let Ok(Some(b)) = self.root.query_selector(&selector)
            && let Some(html) = b.dyn_ref::<HtmlElement>()
        {
            dom::report(html.focus());
        }
    }

    fn pick(&self, day: i64) {
        let mut selected = self.selected();
        let quoted = |out: &mut String, day: i64| {
            out.push('"');
            out.push_str(&iso(day));
            out.push('"');
        };
        let mut value = String::new();
        match self.mode.as_str() {
            "multiple" => {
                if let Some(i) = selected.iter().position(|d| *d == day) {
                    selected.remove(i);
                } else {
                    selected.push(day);
                }
                value.push('[');
                for (i, d) in selected.iter().enumerate() {
                    if i > 0 {
                        value.push(',');
                    }
                    quoted(&mut value, *d);
                }
                value.push(']');
            }
            "range" => {
                value.push_str("{\"from\":");
                match selected.as_slice() {
                    [from] if day >= *from => {
                        quoted(&mut value, *from);
                        value.push_str(",\"to\":");
                        quoted(&mut value, day);
                    }
                    _ => quoted(&mut value, day),
                }
                value.push('}');
            }
            _ => value = iso(day),
        }
        self.state.set(Value::from(value));
        self.focus_day(day);
        if let Some(done) = &self.on_pick {
            done();
        }
    }
}

/// `DatePicker`: `value`, `placeholder` (default "Pick a date"), `onChange`.
pub fn date_picker(cx: &Cx, _ty: &str, node: &Value, _path: &str) -> Result<Node, String> {
    let state = Bound::new(cx, node, "datepicker", prop(node, "value").clone());
    let root = dom::element_with_class("div", "pf-date-picker pf-picker");
    let trigger = dom::element("button");
    base(
        cx,
        &trigger,
        node,
        "pf-button pf-button-variant-outline pf-date-picker-trigger",
    );
    dom::set_attr(&trigger, "type", "button");
    dom::set_attr(&trigger, "aria-haspopup", "dialog");
    dom::set_attr(&trigger, "aria-expanded", "false");
    dom::append(&root, &trigger);
    let popup = dom::element_with_class("div", "pf-picker-content pf-date-picker-content");
    dom::set_attr(&popup, "role", "dialog");
    dom::set_attr(&popup, "aria-label", "Choose a date");
    dom::toggle_attr(&popup, "hidden", true);
    let placeholder = prop(node, "placeholder")
        .as_str()
        .unwrap_or("Pick a date")
        .to_string();
    let (t, p) = (trigger.clone(), popup.clone());
    let set_open = Rc::new(move |open: bool| {
        dom::toggle_attr(&p, "hidden", !open);
        dom::set_attr(&t, "aria-expanded", aria_bool(open));
    });
    let close = set_open.clone();
    let focus_back = trigger.clone();
    let done: Rc<dyn Fn()> = Rc::new(move || {
        close(false);
        if let Some(html) = focus_back.dyn_ref::<HtmlElement>() {
            dom::report(html.focus());
        }
    });
    let inner = calendar(
        cx,
        &Value::Object(Default::default()),
        Some((state.clone(), done.clone())),
    )?;
    dom::append(&popup, &inner);
    dom::append(&root, &popup);
    // As prefab-ui draws it: a calendar icon and the date (or the placeholder, muted) at the
    // left, a chevron at the right.
    let shown_date = dom::element_with_class("span", "pf-date-picker-value");
    dom::append(&shown_date, &crate::render::plain::icon("calendar"));
    let label = dom::text("");
    dom::append(&shown_date, &label);
    dom::append(&trigger, &shown_date);
    let chevron = crate::render::plain::icon("chevron-down");
    dom::set_attr(&chevron, "class", "pf-icon pf-date-picker-chevron");
    dom::append(&trigger, &chevron);
    let muted = trigger.clone();
    state.watch(Box::new(move |v| {
        let date = dates_in(&crate::template::display(v)).first().copied();
        let text = date.map_or_else(|| placeholder.clone(), long_date);
        dom::toggle_attr(&muted, "data-placeholder", date.is_none());
        label.set_text_content(Some(&text));
    }));
    let open = set_open.clone();
    let (shown, cal_root, anchor) = (popup.clone(), popup.clone(), trigger.clone());
    crate::dom::listen_many(
        &cx.owner,
        &trigger,
        &["click"],
        Box::new(move |_| {
            let opening = shown.has_attribute("hidden");
            open(opening);
            if opening {
                bound::flip(&anchor, &shown);
            }
            if opening
                && let Ok(Some(day)) = cal_root.query_selector("[tabindex=\"0\"]")
                && let Some(html) = day.dyn_ref::<HtmlElement>()
            {
                dom::report(html.focus());
            }
        }),
    );
    let escape = done.clone();
    crate::dom::listen_many(
        &cx.owner,
        &popup,
        &["keydown"],
        Box::new(move |event| {
            if bound::key(&event) == "Escape" {
                escape();
            }
        }),
    );
    bound::close_on_focus_out(&cx.owner, &root, Box::new(move || set_open(false)));
    Ok(root.into())
}
