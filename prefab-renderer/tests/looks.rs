//! What a person sees, where it differed from prefab-ui 0.21.1's renderer: chart shapes that
//! paint, labels and points drawn as theirs are, props given as `{{ }}` templates resolved
//! (and followed as the state changes), ARIA states that say what they mean.
//! `cargo test -p prefab-renderer --target wasm32-unknown-unknown --test looks`.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used)]

mod common;

use common::mount;
use prefab::expr::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

/// The painted box of an SVG shape on the page, `(width, height)`.
fn painted(el: &Element) -> (f64, f64) {
    let b = el.get_bounding_client_rect();
    (b.width(), b.height())
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().dyn_into::<Element>().unwrap())
        .collect()
}

fn attr(el: &Element, name: &str) -> String {
    el.get_attribute(name).unwrap_or_default()
}

#[wasm_bindgen_test]
fn a_one_slice_pie_and_the_largest_radial_ring_paint() {
    // An arc back to its own start point paints nothing: both drew an empty path before.
    let pie = mount(
        "{}",
        r#"{"type":"PieChart","data":[{"n":"All","v":65}],"dataKey":"v","nameKey":"n"}"#,
    );
    let slices = all(&pie.root, ".pf-chart-slice");
    assert_eq!(slices.len(), 1);
    let (w, h) = painted(&slices[0]);
    assert!(
        w > 100.0 && (w - h).abs() < 1.0,
        "a whole disc, got {w}×{h}"
    );

    let radial = mount(
        "{}",
        r#"{"type":"RadialChart","data":[{"n":"a","v":100},{"n":"b","v":40}],
            "dataKey":"v","nameKey":"n","startAngle":90,"endAngle":450}"#,
    );
    let rings = all(&radial.root, ".pf-chart-radial-bar");
    assert_eq!(rings.len(), 2);
    for ring in &rings {
        let (w, h) = painted(ring);
        assert!(w > 10.0 && h > 10.0, "{}: {w}×{h}", attr(ring, "d"));
    }
}

#[wasm_bindgen_test]
fn pie_labels_show_the_value_in_the_slice_colour_with_a_leader_line() {
    let m = mount(
        "{}",
        r#"{"type":"PieChart","data":[{"n":"A","v":65},{"n":"B","v":35}],"dataKey":"v",
            "nameKey":"n","showLabel":true,"valueFormat":"percent"}"#,
    );
    let labels = all(&m.root, ".pf-chart-label");
    let texts: Vec<String> = labels.iter().map(|l| l.text_content().unwrap()).collect();
    // The raw value, as prefab-ui's label prints it (not the `valueFormat`: "6500%").
    assert_eq!(texts, ["65", "35"]);
    let slices = all(&m.root, ".pf-chart-slice");
    let lines = all(&m.root, ".pf-chart-label-line");
    assert_eq!(lines.len(), 2);
    // The colour as an attribute (this page has no stylesheet; that no rule of ours turns
    // labels grey again is held by `cargo xtask visual`'s chart labels).
    for ((label, slice), line) in labels.iter().zip(&slices).zip(&lines) {
        assert_eq!(attr(label, "fill"), attr(slice, "fill"));
        assert_eq!(attr(line, "stroke"), attr(slice, "fill"));
    }
}

#[wasm_bindgen_test]
fn line_points_reach_the_plot_edges_and_are_hollow() {
    let m = mount(
        "{}",
        r#"{"type":"LineChart","data":[{"m":"Jan","a":1},{"m":"Feb","a":3},{"m":"Mar","a":2}],
            "series":[{"dataKey":"a"}],"xAxis":"m","showDots":true}"#,
    );
    let dots = all(&m.root, ".pf-chart-dot");
    assert_eq!(dots.len(), 3);
    let x = |el: &Element| attr(el, "cx").parse::<f64>().unwrap();
    // The default chart is 600 wide with the plot from 65 to 590: the first and last
    // points sit on its edges (a point scale), the middle one halfway.
    assert_eq!(x(&dots[0]), 65.0);
    assert_eq!(x(&dots[2]), 590.0);
    assert_eq!(x(&dots[1]), 327.5);
    let line = m.el(".pf-chart-line");
    for dot in &dots {
        assert_eq!(attr(dot, "stroke"), attr(&line, "stroke"));
        assert_ne!(attr(dot, "fill"), attr(&line, "stroke"), "a filled dot");
    }
    // The category labels stand under the points.
    let ticks = all(&m.root, ".pf-chart-tick");
    let jan = ticks
        .iter()
        .find(|t| t.text_content().unwrap() == "Jan")
        .unwrap();
    assert_eq!(attr(jan, "x"), "65");
}

#[wasm_bindgen_test]
fn bubbles_are_sized_from_zero_as_prefab_uis() {
    // prefab-ui's ZAxis: domain 0 to the largest value, 40 to 400 px² of area (measured in
    // its renderer: ages 25, 30, 45, 47 give 17.2, 18.5, 22.1, 22.6 px bubbles). Before,
    // the domain began at the smallest value, whose bubble shrank to 40 px² (7.1 px).
    let m = mount(
        "{}",
        r#"{"type":"ScatterChart","xAxis":"h","yAxis":"w","zAxis":"age",
            "series":[{"dataKey":"g","label":"Group 1"}],
            "data":[{"h":170,"w":65,"age":25},{"h":180,"w":80,"age":30},
                    {"h":160,"w":55,"age":45},{"h":175,"w":70,"age":47}]}"#,
    );
    let diameters: Vec<f64> = all(&m.root, ".pf-chart-dot")
        .iter()
        .map(|d| 2.0 * attr(d, "r").parse::<f64>().unwrap())
        .collect();
    let theirs = [17.17, 18.53, 22.13, 22.57];
    assert_eq!(diameters.len(), theirs.len());
    for (ours, theirs) in diameters.iter().zip(theirs) {
        assert!(
            (ours - theirs).abs() < 0.25,
            "{diameters:?} against {theirs}"
        );
    }
}

#[wasm_bindgen_test]
fn a_templated_value_is_shown_and_followed() {
    let m = mount(
        r#"{"level":40,"picked":"2026-03-14"}"#,
        r#"{"type":"Div","children":[
            {"type":"Slider","name":"s","value":"{{ level }}"},
            {"type":"Calendar","name":"c","value":"{{ picked }}"}]}"#,
    );
    let thumb = m.el("[role=slider]");
    assert_eq!(attr(&thumb, "aria-valuenow"), "40");
    assert!(m.text(".pf-calendar-caption-label").contains("March 2026"));
    let pressed = all(&m.root, "[aria-pressed=true]");
    assert_eq!(pressed.len(), 1);
    assert_eq!(pressed[0].text_content().unwrap(), "14");
    m.store.set("level", Value::from(75));
    assert_eq!(attr(&thumb, "aria-valuenow"), "75");
    // The state key, once set (the user moved it), wins over the template.
    m.store.set("s", Value::from(10));
    assert_eq!(attr(&thumb, "aria-valuenow"), "10");
}

#[wasm_bindgen_test]
fn templated_variants_style_and_follow_the_state() {
    let m = mount(
        r#"{"ok":true}"#,
        r#"{"type":"Div","children":[
            {"type":"Badge","label":"Status","variant":"{{ ok ? 'success' : 'destructive' }}"},
            {"type":"Button","label":"Go","variant":"{{ ok ? 'default' : 'outline' }}",
             "cssClass":"mt-2"}]}"#,
    );
    let badge = m.el(".pf-badge");
    let button = m.el("button");
    assert_eq!(badge.class_name(), "pf-badge pf-badge-variant-success");
    assert_eq!(attr(&badge, "data-variant"), "success");
    assert!(button.class_name().contains("pf-button-variant-default"));
    assert!(button.class_name().ends_with(" mt-2"));
    m.store.set("ok", Value::from(false));
    assert_eq!(badge.class_name(), "pf-badge pf-badge-variant-destructive");
    assert_eq!(attr(&badge, "data-variant"), "destructive");
    assert!(button.class_name().contains("pf-button-variant-outline"));
}

#[wasm_bindgen_test]
fn invalid_and_required_states_read_true() {
    // `aria-invalid=""` means false to assistive technology and to `[aria-invalid=true]`
    // styles: the destructive border never showed on an invalid Select.
    let m = mount(
        "{}",
        r#"{"type":"Select","name":"fruit","invalid":true,"required":true,"children":[
            {"type":"SelectOption","value":"a","label":"Apple"}]}"#,
    );
    let trigger = m.el("[role=combobox]");
    assert_eq!(attr(&trigger, "aria-invalid"), "true");
    assert_eq!(attr(&trigger, "aria-required"), "true");
}

#[wasm_bindgen_test]
fn templated_names_headers_and_tab_variants_resolve() {
    // A control in a loop names its own key (`qty_{{ $index }}`), as prefab-ui's does.
    let m = mount(
        r#"{"rows":[1,2],"qty_1":7,"head":"Amount","look":"line","list":[{"a":1}],
            "pts":[{"k":"x","v":1},{"k":"y","v":2}]}"#,
        r#"{"type":"Div","children":[
            {"type":"ForEach","key":"rows","children":[
              {"type":"Input","inputType":"number","name":"qty_{{ $index }}"}]},
            {"type":"DataTable","columns":[{"key":"a","header":"{{ head }}"}],"rows":"{{ list }}"},
            {"type":"BarChart","data":"{{ pts }}","series":[{"dataKey":"v"}],"xAxis":"k"},
            {"type":"Tabs","variant":"{{ look }}","children":[
              {"type":"Tab","title":"One","children":[]}]}]}"#,
    );
    let inputs = all(&m.root, "input");
    let value = |i: usize| {
        inputs[i]
            .dyn_ref::<web_sys::HtmlInputElement>()
            .unwrap()
            .value()
    };
    assert_eq!(value(1), "7");
    assert_eq!(m.store.peek("qty_0"), None);
    assert_eq!(m.text(".pf-table-head"), "Amount");
    assert_eq!(attr(&m.el("[role=tablist]"), "data-variant"), "line");
    assert_eq!(m.text(".pf-table-cell"), "1");
    assert_eq!(all(&m.root, ".pf-chart-bar").len(), 2);
    m.store.set("list", common::json(r#"[{"a":5}]"#));
    m.store.set(
        "pts",
        common::json(r#"[{"k":"x","v":1},{"k":"y","v":2},{"k":"z","v":3}]"#),
    );
    assert_eq!(m.text(".pf-table-cell"), "5");
    assert_eq!(all(&m.root, ".pf-chart-bar").len(), 3);
}

#[wasm_bindgen_test]
fn base_props_flags_and_texts_follow_templates() {
    let m = mount(
        r#"{"tone":"calm","who":"Orders","c":"red","busy":true,"hint":"Amount","n":2}"#,
        r#"{"type":"Div","cssClass":"box {{ tone }}","ariaLabel":"{{ who }}",
            "style":{"color":"{{ c }}"},"children":[
            {"type":"Button","label":"Save {{ n }}","disabled":"{{ busy }}"},
            {"type":"Input","name":"amount","placeholder":"{{ hint }}"},
            {"type":"Badge","label":"{{ n }} new"}]}"#,
    );
    let div = m.el("div");
    assert_eq!(div.class_name(), "box calm");
    assert_eq!(attr(&div, "aria-label"), "Orders");
    assert!(attr(&div, "style").contains("color: red"));
    let button = m.el("button");
    assert!(button.has_attribute("disabled"));
    assert_eq!(button.text_content().unwrap(), "Save 2");
    assert_eq!(attr(&m.el("input"), "placeholder"), "Amount");
    m.store.set("tone", Value::from("loud"));
    m.store.set("busy", Value::from(false));
    m.store.set("n", Value::from(3));
    assert_eq!(div.class_name(), "box loud");
    assert!(!button.has_attribute("disabled"));
    assert_eq!(m.text(".pf-badge"), "3 new");
}

#[wasm_bindgen_test]
fn a_date_picker_trigger_shows_its_icons_and_a_muted_placeholder() {
    let m = mount(
        r#"{"due":"2026-03-14"}"#,
        r#"{"type":"Div","children":[
            {"type":"DatePicker","name":"start"},
            {"type":"DatePicker","name":"due"}]}"#,
    );
    let triggers = all(&m.root, ".pf-date-picker-trigger");
    let icons = |t: &Element| {
        all(t, "svg[data-icon]")
            .iter()
            .map(|i| attr(i, "data-icon"))
            .collect::<Vec<_>>()
    };
    assert_eq!(icons(&triggers[0]), ["calendar", "chevron-down"]);
    assert!(triggers[0].has_attribute("data-placeholder"));
    assert_eq!(triggers[0].text_content().unwrap(), "Pick a date");
    assert!(!triggers[1].has_attribute("data-placeholder"));
    assert!(triggers[1].text_content().unwrap().contains("March 14"));
}

#[wasm_bindgen_test]
fn a_range_shows_solid_ends_and_a_band_between() {
    let m = mount(
        r#"{"trip":"{\"from\":\"2026-03-10T12:00:00.000Z\",\"to\":\"2026-03-13T12:00:00.000Z\"}"}"#,
        r#"{"type":"Calendar","name":"trip","mode":"range"}"#,
    );
    let pressed = all(&m.root, "[aria-pressed=true]");
    let days: Vec<String> = pressed.iter().map(|d| d.text_content().unwrap()).collect();
    assert_eq!(days, ["10", "11", "12", "13"]);
    let band: Vec<bool> = pressed
        .iter()
        .map(|d| d.has_attribute("data-range-middle"))
        .collect();
    assert_eq!(band, [false, true, true, false]);
}

#[wasm_bindgen_test]
fn a_range_calendar_shows_two_months_with_the_arrows_outside() {
    // prefab-ui's range Calendar shows two months (`numberOfMonths={2}`): ours showed one.
    let m = mount(
        r#"{"trip":"{\"from\":\"2026-03-30T12:00:00.000Z\",\"to\":\"2026-04-02T12:00:00.000Z\"}"}"#,
        r#"{"type":"Calendar","name":"trip","mode":"range"}"#,
    );
    let captions: Vec<String> = all(&m.root, ".pf-calendar-caption-label")
        .iter()
        .map(|c| c.text_content().unwrap())
        .collect();
    assert_eq!(captions, ["March 2026", "April 2026"]);
    // Previous at the first month's left, next at the last one's right; empty boxes in
    // their place on the inner sides keep the captions centred.
    let arrows: Vec<String> = all(&m.root, ".pf-calendar-nav")
        .iter()
        .map(|b| {
            [b.tag_name(), attr(b, "aria-label")]
                .join(" ")
                .trim()
                .to_owned()
        })
        .collect();
    assert_eq!(
        arrows,
        ["BUTTON Previous month", "SPAN", "SPAN", "BUTTON Next month"]
    );
    // The range runs across both grids; each day is pressed once in its own month.
    let pressed: Vec<String> = all(&m.root, "[aria-pressed=true]:not([data-outside])")
        .iter()
        .map(|d| d.text_content().unwrap())
        .collect();
    assert_eq!(pressed, ["30", "31", "1", "2"]);
    // One Tab stop; arrows walk past the second month, which then comes in as the last one.
    let stops = all(&m.root, "[tabindex=\"0\"]");
    assert_eq!(stops.len(), 1);
    assert_eq!(attr(&stops[0], "aria-label"), "March 30, 2026");
    let press = js_sys::Function::new_with_args(
        "el",
        "el.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true}))",
    );
    let apr_30 = m.el("[aria-label=\"April 30, 2026\"]:not([data-outside])");
    press.call1(&wasm_bindgen::JsValue::NULL, &apr_30).unwrap();
    let captions: Vec<String> = all(&m.root, ".pf-calendar-caption-label")
        .iter()
        .map(|c| c.text_content().unwrap())
        .collect();
    assert_eq!(captions, ["April 2026", "May 2026"]);
    let focused = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element()
        .unwrap();
    assert_eq!(attr(&focused, "aria-label"), "May 7, 2026");
    assert!(!focused.has_attribute("data-outside"));
}

#[wasm_bindgen_test]
fn a_comboboxs_search_box_is_a_named_combobox() {
    // prefab-ui's (cmdk) search input: role combobox, "Search..." by default. Ours was an
    // unnamed textbox with no placeholder unless the document gave `searchPlaceholder`.
    let plain = mount(
        "{}",
        r#"{"type":"Combobox","name":"c","children":[{"type":"ComboboxOption","value":"a","label":"A"}]}"#,
    );
    let search = plain.el(".pf-command-input");
    assert_eq!(attr(&search, "role"), "combobox");
    assert_eq!(attr(&search, "aria-expanded"), "true");
    assert_eq!(attr(&search, "placeholder"), "Search...");
    assert_eq!(attr(&search, "aria-label"), "Search...");
    let named = mount(
        "{}",
        r#"{"type":"Combobox","name":"c","searchPlaceholder":"Find a country",
            "children":[{"type":"ComboboxOption","value":"a","label":"A"}]}"#,
    );
    let search = named.el(".pf-command-input");
    assert_eq!(attr(&search, "placeholder"), "Find a country");
    assert_eq!(attr(&search, "aria-label"), "Find a country");
}

#[wasm_bindgen_test]
fn a_sliders_indicator_class_follows_its_template() {
    let m = mount(
        r#"{"tone":"bg-green-500"}"#,
        r#"{"type":"Slider","name":"s","value":40,"indicatorClass":"{{ tone }}"}"#,
    );
    let range = m.el(".pf-slider-range");
    assert_eq!(range.class_name(), "pf-slider-range bg-green-500");
    m.store.set("tone", Value::from("bg-red-500"));
    assert_eq!(range.class_name(), "pf-slider-range bg-red-500");
}

#[wasm_bindgen_test]
fn range_thumbs_a_date_popup_and_a_named_icon_say_what_they_are() {
    // Issue 40: both thumbs of a range were "Value"; the DatePicker's popup had no name; an
    // Icon's `ariaLabel` sat on a role-less span (not read).
    let range = mount(
        "{}",
        r#"{"type":"Slider","name":"r","range":true,"min":0,"max":10,"value":[2,8]}"#,
    );
    let names: Vec<String> = all(&range.root, "[role=slider]")
        .iter()
        .map(|t| attr(t, "aria-label"))
        .collect();
    assert_eq!(names, ["Minimum", "Maximum"]);
    let picker = mount("{}", r#"{"type":"DatePicker","name":"d"}"#);
    assert_eq!(
        attr(&picker.el("[role=dialog]"), "aria-label"),
        "Choose a date"
    );
    let icon = mount(
        "{}",
        r#"{"type":"Row","children":[{"type":"Icon","name":"star","ariaLabel":"Favourite"},
            {"type":"Icon","name":"star"}]}"#,
    );
    let icons = all(&icon.root, ".pf-icon-size-default");
    assert_eq!(attr(&icons[0], "role"), "img");
    assert_eq!(attr(&icons[0], "aria-label"), "Favourite");
    assert!(!icons[1].has_attribute("role"));
}

#[wasm_bindgen_test]
fn sortable_items_say_how_to_move_them_before_a_pick_up() {
    // Issue 40: the keys were announced only once an item was picked up.
    let m = mount(
        "{}",
        r#"{"type":"Sortable","children":[{"type":"SortableGroup","value":"todo","label":"To do",
            "children":[{"type":"SortableItem","value":"a","label":"Write",
                "children":[{"type":"Text","content":"Write"}]}]}]}"#,
    );
    let item = m.el("[data-pf-item]");
    assert_eq!(
        attr(&item, "aria-description"),
        "Space picks it up, arrow keys move it, Space drops it, Escape cancels."
    );
}

#[wasm_bindgen_test]
fn a_vertical_carousels_arrows_point_up_and_down() {
    // prefab-ui draws ChevronUp/ChevronDown for `direction: up/down`; ours drew left/right.
    let icons = |direction: &str| {
        let m = mount(
            "{}",
            &[
                r#"{"type":"Carousel","direction":""#,
                direction,
                r#"","children":[{"type":"Text","content":"A"},{"type":"Text","content":"B"}]}"#,
            ]
            .concat(),
        );
        all(&m.root, ".pf-carousel-previous svg, .pf-carousel-next svg")
            .iter()
            .map(|svg| attr(svg, "data-icon"))
            .collect::<Vec<_>>()
    };
    assert_eq!(icons("up"), ["chevron-up", "chevron-down"]);
    assert_eq!(icons("left"), ["chevron-left", "chevron-right"]);
}
