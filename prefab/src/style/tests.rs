//! Expected declarations are written from Tailwind CSS v4's documentation (utility pages and
//! the default theme's values), not taken from this compiler's output.

use super::compile;

/// The rules for `classes`, without the preamble.
pub(super) fn css(classes: &[&str]) -> String {
    let out = compile(classes.iter().copied());
    out.strip_prefix(super::PREAMBLE)
        .unwrap_or(&out)
        .to_string()
}

/// The single rule for `class`, without the trailing newline.
pub(super) fn rule(class: &str) -> String {
    css(&[class]).trim_end().to_string()
}

/// Asserts `class` compiles to `.selector{decls}` where `selector` is `class` escaped.
#[track_caller]
pub(super) fn check(class: &str, selector: &str, decls: &str) {
    let mut want = String::from(".");
    want.push_str(selector);
    want.push('{');
    want.push_str(decls);
    want.push('}');
    assert_eq!(rule(class), want, "class {class}");
}

#[test]
fn spacing() {
    check("p-4", "p-4", "padding:calc(var(--spacing) * 4)");
    check("px-2", "px-2", "padding-inline:calc(var(--spacing) * 2)");
    check(
        "py-0.5",
        "py-0\\.5",
        "padding-block:calc(var(--spacing) * 0.5)",
    );
    check("pt-px", "pt-px", "padding-top:1px");
    check("pl-[3px]", "pl-\\[3px\\]", "padding-left:3px");
    check("m-auto", "m-auto", "margin:auto");
    check("mx-auto", "mx-auto", "margin-inline:auto");
    check("-mt-4", "-mt-4", "margin-top:calc(var(--spacing) * -4)");
    check(
        "mb-2.5",
        "mb-2\\.5",
        "margin-bottom:calc(var(--spacing) * 2.5)",
    );
    check("gap-4", "gap-4", "gap:calc(var(--spacing) * 4)");
    check("gap-x-2", "gap-x-2", "column-gap:calc(var(--spacing) * 2)");
    check("gap-y-6", "gap-y-6", "row-gap:calc(var(--spacing) * 6)");
    assert_eq!(
        rule("space-y-4"),
        ":where(.space-y-4 > :not(:last-child)){margin-block-end:calc(var(--spacing) * 4)}"
    );
    assert_eq!(
        rule("space-x-2"),
        ":where(.space-x-2 > :not(:last-child)){margin-inline-end:calc(var(--spacing) * 2)}"
    );
    assert_eq!(
        rule("divide-y"),
        ":where(.divide-y > :not(:last-child)){border-block-style:var(--tw-border-style, solid);border-top-width:0px;border-bottom-width:1px}"
    );
    assert_eq!(
        rule("divide-border"),
        ":where(.divide-border > :not(:last-child)){border-color:var(--border)}"
    );
    // Tailwind v4's variable shorthand.
    check("p-(--gap)", "p-\\(--gap\\)", "padding:var(--gap)");
    check(
        "bg-(--brand)/50",
        "bg-\\(--brand\\)\\/50",
        "background-color:color-mix(in oklab, var(--brand) 50%, transparent)",
    );
    assert_eq!(css(&["p-(--a;b)", "p-(--)", "p-(x)"]), "");
    // Not a multiple of 0.25, not a spacing value, negative padding: unknown.
    for class in ["p-1.3", "p-foo", "-p-4", "p-", "p-01"] {
        assert_eq!(css(&[class]), "", "{class}");
    }
}

#[test]
fn sizing() {
    check("w-64", "w-64", "width:calc(var(--spacing) * 64)");
    check("w-1/2", "w-1\\/2", "width:calc(1/2 * 100%)");
    check("w-full", "w-full", "width:100%");
    check("w-screen", "w-screen", "width:100vw");
    check("w-auto", "w-auto", "width:auto");
    check("w-fit", "w-fit", "width:fit-content");
    check("w-[320px]", "w-\\[320px\\]", "width:320px");
    check("h-screen", "h-screen", "height:100vh");
    check("min-h-screen", "min-h-screen", "min-height:100vh");
    check("h-dvh", "h-dvh", "height:100dvh");
    check("max-w-md", "max-w-md", "max-width:28rem");
    check("max-w-7xl", "max-w-7xl", "max-width:80rem");
    check("max-w-prose", "max-w-prose", "max-width:65ch");
    check("max-w-none", "max-w-none", "max-width:none");
    check("min-w-0", "min-w-0", "min-width:calc(var(--spacing) * 0)");
    check(
        "size-8",
        "size-8",
        "width:calc(var(--spacing) * 8);height:calc(var(--spacing) * 8)",
    );
    check("basis-1/3", "basis-1\\/3", "flex-basis:calc(1/3 * 100%)");
    // Container sizes are widths only.
    assert_eq!(css(&["h-md"]), "");
}

#[test]
fn layout() {
    check("flex", "flex", "display:flex");
    check("inline-flex", "inline-flex", "display:inline-flex");
    check("grid", "grid", "display:grid");
    check("hidden", "hidden", "display:none");
    check("block", "block", "display:block");
    check("inline-block", "inline-block", "display:inline-block");
    check("contents", "contents", "display:contents");
    check("flex-col", "flex-col", "flex-direction:column");
    check("flex-wrap", "flex-wrap", "flex-wrap:wrap");
    check("items-center", "items-center", "align-items:center");
    check("items-start", "items-start", "align-items:flex-start");
    check(
        "justify-between",
        "justify-between",
        "justify-content:space-between",
    );
    check("justify-center", "justify-center", "justify-content:center");
    check("self-end", "self-end", "align-self:flex-end");
    check("flex-1", "flex-1", "flex:1");
    check("flex-auto", "flex-auto", "flex:auto");
    check("flex-none", "flex-none", "flex:none");
    check("grow", "grow", "flex-grow:1");
    check("shrink-0", "shrink-0", "flex-shrink:0");
    check(
        "grid-cols-4",
        "grid-cols-4",
        "grid-template-columns:repeat(4, minmax(0, 1fr))",
    );
    check(
        "grid-rows-2",
        "grid-rows-2",
        "grid-template-rows:repeat(2, minmax(0, 1fr))",
    );
    check(
        "grid-cols-[200px_1fr]",
        "grid-cols-\\[200px_1fr\\]",
        "grid-template-columns:200px 1fr",
    );
    check("col-span-2", "col-span-2", "grid-column:span 2 / span 2");
    check("col-span-full", "col-span-full", "grid-column:1 / -1");
    check("order-2", "order-2", "order:2");
    check("-order-1", "-order-1", "order:-1");
    check("order-first", "order-first", "order:calc(-infinity)");
}

#[test]
fn position() {
    check("relative", "relative", "position:relative");
    check("absolute", "absolute", "position:absolute");
    check("sticky", "sticky", "position:sticky");
    check("inset-0", "inset-0", "inset:calc(var(--spacing) * 0)");
    check(
        "inset-x-4",
        "inset-x-4",
        "inset-inline:calc(var(--spacing) * 4)",
    );
    check("top-1/2", "top-1\\/2", "top:calc(1/2 * 100%)");
    check("-top-2", "-top-2", "top:calc(var(--spacing) * -2)");
    check("left-full", "left-full", "left:100%");
    check("z-10", "z-10", "z-index:10");
    check("-z-10", "-z-10", "z-index:-10");
    check("z-auto", "z-auto", "z-index:auto");
    check("overflow-hidden", "overflow-hidden", "overflow:hidden");
    check("overflow-x-auto", "overflow-x-auto", "overflow-x:auto");
    check("cursor-pointer", "cursor-pointer", "cursor:pointer");
    check(
        "cursor-not-allowed",
        "cursor-not-allowed",
        "cursor:not-allowed",
    );
}

#[test]
fn typography() {
    check(
        "text-xs",
        "text-xs",
        "font-size:0.75rem;line-height:calc(1 / 0.75)",
    );
    check(
        "text-sm",
        "text-sm",
        "font-size:0.875rem;line-height:calc(1.25 / 0.875)",
    );
    check(
        "text-base",
        "text-base",
        "font-size:1rem;line-height:calc(1.5 / 1)",
    );
    check(
        "text-2xl",
        "text-2xl",
        "font-size:1.5rem;line-height:calc(2 / 1.5)",
    );
    check("text-9xl", "text-9xl", "font-size:8rem;line-height:1");
    check("text-[14px]", "text-\\[14px\\]", "font-size:14px");
    check("font-thin", "font-thin", "font-weight:100");
    check("font-bold", "font-bold", "font-weight:700");
    check("font-black", "font-black", "font-weight:900");
    check("italic", "italic", "font-style:italic");
    check("underline", "underline", "text-decoration-line:underline");
    check(
        "line-through",
        "line-through",
        "text-decoration-line:line-through",
    );
    check("uppercase", "uppercase", "text-transform:uppercase");
    check("capitalize", "capitalize", "text-transform:capitalize");
    assert!(rule("font-mono").starts_with(".font-mono{font-family:var(--font-mono, ui-monospace,"));
    check("text-right", "text-right", "text-align:right");
    check("text-justify", "text-justify", "text-align:justify");
    check(
        "truncate",
        "truncate",
        "overflow:hidden;text-overflow:ellipsis;white-space:nowrap",
    );
    check("leading-tight", "leading-tight", "line-height:1.25");
    check(
        "leading-6",
        "leading-6",
        "line-height:calc(var(--spacing) * 6)",
    );
    check("tracking-wide", "tracking-wide", "letter-spacing:0.025em");
    check(
        "whitespace-nowrap",
        "whitespace-nowrap",
        "white-space:nowrap",
    );
    check(
        "whitespace-pre-wrap",
        "whitespace-pre-wrap",
        "white-space:pre-wrap",
    );
    check("break-words", "break-words", "overflow-wrap:break-word");
    check("break-all", "break-all", "word-break:break-all");
}

#[test]
fn colors() {
    // Tailwind v4 theme: --color-red-500: oklch(63.7% 0.237 25.331).
    check(
        "bg-red-500",
        "bg-red-500",
        "background-color:oklch(63.7% 0.237 25.331)",
    );
    check(
        "text-blue-600",
        "text-blue-600",
        "color:oklch(54.6% 0.245 262.881)",
    );
    check(
        "border-gray-200",
        "border-gray-200",
        "border-color:oklch(92.8% 0.006 264.531)",
    );
    check(
        "bg-amber-500",
        "bg-amber-500",
        "background-color:oklch(76.9% 0.188 70.08)",
    );
    check(
        "bg-orange-50",
        "bg-orange-50",
        "background-color:oklch(98% 0.016 73.684)",
    );
    check(
        "bg-neutral-500",
        "bg-neutral-500",
        "background-color:oklch(55.6% 0 none)",
    );
    check(
        "text-slate-950",
        "text-slate-950",
        "color:oklch(12.9% 0.042 264.695)",
    );
    check(
        "bg-red-500/50",
        "bg-red-500\\/50",
        "background-color:color-mix(in oklab, oklch(63.7% 0.237 25.331) 50%, transparent)",
    );
    check("text-white", "text-white", "color:#fff");
    check(
        "bg-black/10",
        "bg-black\\/10",
        "background-color:color-mix(in oklab, #000 10%, transparent)",
    );
    check(
        "bg-transparent",
        "bg-transparent",
        "background-color:transparent",
    );
    check("text-current", "text-current", "color:currentcolor");
    check("text-[#333]", "text-\\[\\#333\\]", "color:#333");
    check(
        "ring-blue-500",
        "ring-blue-500",
        "--tw-ring-color:oklch(62.3% 0.214 259.815)",
    );
    // Theme tokens.
    check(
        "bg-primary",
        "bg-primary",
        "background-color:var(--primary)",
    );
    check(
        "text-muted-foreground",
        "text-muted-foreground",
        "color:var(--muted-foreground)",
    );
    check("bg-card", "bg-card", "background-color:var(--card)");
    check(
        "border-border",
        "border-border",
        "border-color:var(--border)",
    );
    check(
        "text-destructive",
        "text-destructive",
        "color:var(--destructive)",
    );
    check(
        "bg-primary/10",
        "bg-primary\\/10",
        "background-color:color-mix(in oklab, var(--primary) 10%, transparent)",
    );
    for class in [
        "bg-red-550",
        "bg-redd-500",
        "bg-red-500/101",
        "bg-red-500/x",
        "text-[14]px",
    ] {
        assert_eq!(css(&[class]), "", "{class}");
    }
}

#[test]
fn borders_and_effects() {
    check(
        "border",
        "border",
        "border-style:var(--tw-border-style, solid);border-width:1px",
    );
    check(
        "border-2",
        "border-2",
        "border-style:var(--tw-border-style, solid);border-width:2px",
    );
    check(
        "border-t",
        "border-t",
        "border-top-style:var(--tw-border-style, solid);border-top-width:1px",
    );
    check(
        "border-dashed",
        "border-dashed",
        "--tw-border-style:dashed;border-style:dashed",
    );
    check("rounded", "rounded", "border-radius:0.25rem");
    check(
        "rounded-full",
        "rounded-full",
        "border-radius:calc(infinity * 1px)",
    );
    check("rounded-none", "rounded-none", "border-radius:0");
    // shadcn: --radius-lg: var(--radius); --radius-md: calc(var(--radius) - 2px).
    check("rounded-lg", "rounded-lg", "border-radius:var(--radius)");
    check(
        "rounded-md",
        "rounded-md",
        "border-radius:calc(var(--radius) - 2px)",
    );
    check(
        "rounded-t-xl",
        "rounded-t-xl",
        "border-top-left-radius:calc(var(--radius) + 4px);border-top-right-radius:calc(var(--radius) + 4px)",
    );
    check("rounded-[12px]", "rounded-\\[12px\\]", "border-radius:12px");
    check(
        "shadow-md",
        "shadow-md",
        "--tw-shadow:0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1);box-shadow:var(--tw-ring-shadow, 0 0 #0000), var(--tw-shadow)",
    );
    check(
        "shadow-none",
        "shadow-none",
        "--tw-shadow:0 0 #0000;box-shadow:var(--tw-ring-shadow, 0 0 #0000), var(--tw-shadow)",
    );
    check("opacity-50", "opacity-50", "opacity:50%");
    check("opacity-0", "opacity-0", "opacity:0%");
    check(
        "ring-2",
        "ring-2",
        "--tw-ring-shadow:0 0 0 2px var(--tw-ring-color, currentcolor);box-shadow:var(--tw-ring-shadow), var(--tw-shadow, 0 0 #0000)",
    );
    check("duration-300", "duration-300", "transition-duration:300ms");
    check(
        "ease-in-out",
        "ease-in-out",
        "transition-timing-function:cubic-bezier(0.4, 0, 0.2, 1)",
    );
    check(
        "transition-colors",
        "transition-colors",
        "transition-property:color, background-color, border-color, outline-color, text-decoration-color, fill, stroke;transition-timing-function:cubic-bezier(0.4, 0, 0.2, 1);transition-duration:150ms",
    );
}
