//! Variants and their order, `!important`, unknown and hostile class names, the document walk
//! and the exported page. Expected text is written from Tailwind CSS v4's documentation.

use super::compile;
use super::tests::{check, css, rule};

#[test]
fn variants_and_order() {
    assert_eq!(
        rule("md:grid-cols-4"),
        "@media (width >= 48rem){.md\\:grid-cols-4{grid-template-columns:repeat(4, minmax(0, 1fr))}}"
    );
    assert_eq!(
        rule("hover:bg-primary"),
        "@media (hover: hover){.hover\\:bg-primary:hover{background-color:var(--primary)}}"
    );
    assert_eq!(
        rule("focus:underline"),
        ".focus\\:underline:focus{text-decoration-line:underline}"
    );
    assert_eq!(
        rule("focus-visible:ring-2").split('{').next(),
        Some(".focus-visible\\:ring-2:focus-visible")
    );
    assert_eq!(
        rule("disabled:opacity-50"),
        ".disabled\\:opacity-50:disabled{opacity:50%}"
    );
    assert_eq!(
        rule("dark:bg-card"),
        ".dark\\:bg-card:where(.dark, .dark *){background-color:var(--card)}"
    );
    // A class name starting with a digit: the digit is hex-escaped.
    assert_eq!(
        rule("2xl:p-1"),
        "@media (width >= 96rem){.\\32 xl\\:p-1{padding:calc(var(--spacing) * 1)}}"
    );
    assert_eq!(
        rule("md:hover:bg-muted"),
        "@media (hover: hover) and (width >= 48rem){.md\\:hover\\:bg-muted:hover{background-color:var(--muted)}}"
    );
    // Base utilities first, then variants; breakpoints ascending; dark last; a shorthand
    // before its longhands whatever the input order; each class once.
    let out = css(&[
        "dark:p-1 xl:p-2 px-3 p-4 sm:p-5 hover:p-6",
        "lg:p-7 md:p-8 2xl:p-9 p-4",
    ]);
    let order: Vec<&str> = out
        .lines()
        .map(|l| l.split_once("{.").map_or(l, |(_, r)| r))
        .map(|l| l.trim_start_matches('.').split('{').next().unwrap_or(""))
        .collect();
    assert_eq!(
        order,
        [
            "p-4",
            "px-3",
            "hover\\:p-6:hover",
            "sm\\:p-5",
            "md\\:p-8",
            "lg\\:p-7",
            "xl\\:p-2",
            "\\32 xl\\:p-9",
            "dark\\:p-1:where(.dark, .dark *)"
        ]
    );
    // The same set in another order gives the same text.
    let again = css(&["2xl:p-9 md:p-8 lg:p-7 hover:p-6 sm:p-5 p-4 px-3 xl:p-2 dark:p-1"]);
    assert_eq!(out, again);
}

#[test]
fn important() {
    check(
        "!p-2",
        "\\!p-2",
        "padding:calc(var(--spacing) * 2) !important",
    );
    check(
        "p-2!",
        "p-2\\!",
        "padding:calc(var(--spacing) * 2) !important",
    );
    check("font-bold!", "font-bold\\!", "font-weight:700 !important");
    check(
        "truncate!",
        "truncate\\!",
        "overflow:hidden !important;text-overflow:ellipsis !important;white-space:nowrap !important",
    );
}

#[test]
fn unknown_and_empty() {
    assert_eq!(compile([]), "");
    assert_eq!(
        compile(["", "   ", "pf-card", "no-such-class", "foo:p-4", "p-4:"]),
        ""
    );
    let out = compile(["pf-card p-4 my-thing"]);
    assert!(out.contains(".p-4{"));
    assert!(!out.contains("pf-card") && !out.contains("my-thing"));
}

#[test]
fn hostile_class_names() {
    let hostile = [
        "w-[1px;color:red]",
        "w-[1px]{}body{color:red}",
        "bg-[url(javascript:alert(1))]",
        "bg-[URL(x)]",
        "w-[expression(alert(1))]",
        "w-[1px/*]",
        "w-[calc(1px]",
        "w-[1px)]",
        "w-[\"x\"]",
        "w-['x']",
        "w-[1px!important]",
        "w-[</style><script>alert(1)</script>]",
        "p-4\\",
        "p-4<",
        "p-4\u{0}",
        "pé-4",
        "w-[a]b]",
        "text-[var(--x);color:red]",
        "bg-[#fff]}*{color:red",
    ];
    for class in hostile {
        let out = compile([class]);
        assert_eq!(out, "", "{class:?} produced {out}");
    }
    // Everything written is escaped: no unescaped specials in the selector part.
    let out = css(&[
        "w-[calc(100%_-_2rem)]",
        "bg-[rgb(0_0_0/0.5)]/50",
        "md:w-1/2",
    ]);
    assert!(
        out.contains(".w-\\[calc\\(100\\%_-_2rem\\)\\]{width:calc(100% - 2rem)}"),
        "{out}"
    );
    assert!(
        out.contains(".md\\:w-1\\/2{width:calc(1/2 * 100%)}"),
        "{out}"
    );
    assert!(
        out.contains("background-color:color-mix(in oklab, rgb(0 0 0/0.5) 50%, transparent)"),
        "{out}"
    );
    for line in out.lines() {
        assert_eq!(
            line.matches('{').count(),
            line.matches('}').count(),
            "{line}"
        );
        assert!(!line.contains('<') && !line.contains('"'), "{line}");
    }
}

#[cfg(feature = "json")]
#[test]
fn document_walk() {
    let doc = serde_json::json!({
        "version": "0.2",
        "view": {"type": "Column", "cssClass": "gap-4 p-4", "children": [
            {"type": "Grid", "cssClass": "grid-cols-2 md:grid-cols-4", "children": [
                {"type": "Text", "content": "cssClass", "cssClass": "font-bold"}
            ]},
            {"type": "Text", "content": "x", "cssClass": 5}
        ]},
        "state": {"cssClass": "italic"}
    });
    let mut classes = super::classes_of(&doc);
    classes.sort_unstable();
    assert_eq!(
        classes,
        [
            "font-bold",
            "gap-4 p-4",
            "grid-cols-2 md:grid-cols-4",
            "italic"
        ]
    );
    let css = super::document_css(&doc);
    assert!(css.contains(".gap-4{") && css.contains(".md\\:grid-cols-4{"));
}
