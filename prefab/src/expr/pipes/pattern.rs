//! Unicode TR35 date patterns for the `date` pipe (`{{ start | date:'EEEE, MMM d' }}`): the
//! tokens A2UI's `formatDate` documents, printed as date-fns `format` (which the official
//! A2UI renderers call) prints them in en-US. prefab-ui's `date` pipe knows only `short` and
//! `long` and shows any other argument as `medium`, so a pattern is an extension of ours
//! (see COMPATIBILITY.md); an argument counts as a pattern only when its every ASCII letter
//! is a pattern letter, so prefab-ui's style names and strftime-like texts are not read as
//! one.
use super::MONTHS;
use super::date::{Local, twelve_hour};

/// The pattern letters: year, month, day, weekday, hour (1-12), hour (0-23), minute,
/// second, day period.
const LETTERS: &[u8] = b"yMdEhHmsa";

/// English weekday names, Sunday first.
const WEEKDAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// Whether a `date` argument is a pattern: it has a letter, and every ASCII letter in it
/// is a pattern letter (`short`, `long`, `%Y-%m-%d` are not patterns).
pub(crate) fn is_pattern(arg: &str) -> bool {
    let mut letters = arg.bytes().filter(u8::is_ascii_alphabetic).peekable();
    letters.peek().is_some() && letters.all(|b| LETTERS.contains(&b))
}

/// Whether a pattern shows a calendar field (year, month, day or weekday); one that does not
/// is a time of day, and a bare `14:30` is read as that time, as the `time` pipe reads it.
pub(crate) fn has_date(pattern: &str) -> bool {
    pattern.bytes().any(|b| b"yMdE".contains(&b))
}

/// Day periods by token length: `a`/`aa`, `aaa`, `aaaa`, `aaaaa`.
const PERIODS: [[&str; 2]; 4] = [["AM", "PM"], ["am", "pm"], ["a.m.", "p.m."], ["a", "p"]];

/// `t` printed with `pattern`; characters other than pattern letters are copied.
pub(crate) fn format_pattern(t: &Local, pattern: &str) -> String {
    let (h12, period) = twelve_hour(t.hour);
    // By letter, as in `LETTERS`: the number a numeric token prints.
    let numbers = [t.year, t.month, t.day, 0, h12, t.hour, t.minute, t.second];
    let mut out = String::new();
    let mut rest = pattern;
    while let Some(c) = rest.chars().next() {
        let Some(at) = LETTERS.iter().position(|&l| u32::from(l) == u32::from(c)) else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        };
        let n = rest.bytes().take_while(|&b| b == LETTERS[at]).count();
        rest = &rest[n..];
        // A name cut to a length (0 keeps it whole).
        let mut name = |full: &str, len: usize| {
            out.push_str(full.get(..len).filter(|_| len > 0).unwrap_or(full));
        };
        match (LETTERS[at], n) {
            (b'M', 3..) => name(MONTHS[(t.month - 1) as usize], [3, 0, 1][(n - 3).min(2)]),
            (b'E', _) => name(
                WEEKDAYS[t.weekday as usize],
                [3, 3, 3, 0, 1, 2][n.min(6) - 1],
            ),
            (b'a', _) => {
                out.push_str(PERIODS[n.saturating_sub(2).min(3)][usize::from(period == "PM")])
            }
            (b'y', 2) => pad(&mut out, t.year.rem_euclid(100), 2),
            _ => pad(&mut out, numbers[at], n),
        }
    }
    out
}

/// `n` in at least `width` characters, zeros after any sign (`-005` for year −5 in `yyyy`).
fn pad(out: &mut String, n: i64, width: usize) {
    // `format!("{n:0width$}")` without the formatting machinery in the renderer's build.
    let s = n.to_string();
    let (sign, digits) = s.split_at(usize::from(n < 0));
    out.push_str(sign);
    for _ in s.len()..width {
        out.push('0');
    }
    out.push_str(digits);
}

/// The patterns that print exactly what a prefab-ui pipe prints, and that pipe.
const STYLES: [(&str, &str); 5] = [
    ("MMM d, yyyy", "date"),
    ("M/d/yyyy", "date:short"),
    ("MMMM d, yyyy", "date:long"),
    ("h:mm a", "time"),
    ("MMM d, yyyy, h:mm a", "datetime"),
];

/// The TR35 pattern a date pipe prints with (`date` is `MMM d, yyyy`, `time` is `h:mm a`,
/// `date:'EEEE'` is `EEEE`); `None` for the other pipes. `arg` is the argument as text.
///
/// ```
/// use prefab::expr::date_pattern;
/// assert_eq!(date_pattern("date", Some("long")).as_deref(), Some("MMMM d, yyyy"));
/// assert_eq!(date_pattern("date", Some("EEEE")).as_deref(), Some("EEEE"));
/// assert_eq!(date_pattern("upper", None), None);
/// ```
#[must_use]
pub fn date_pattern(pipe: &str, arg: Option<&str>) -> Option<String> {
    let styled = |name: &str| {
        let (pattern, _) = STYLES.iter().find(|(_, style)| *style == name)?;
        Some((*pattern).to_owned())
    };
    match (pipe, arg) {
        ("date", Some(arg)) if is_pattern(arg) => Some(arg.to_owned()),
        ("date", Some(arg @ ("short" | "long"))) => styled(&["date:", arg].concat()),
        ("date", _) => styled("date"),
        ("time" | "datetime", _) => styled(pipe),
        _ => None,
    }
}

/// The named style (`date`, `date:short`, `date:long`, `time`, `datetime`) that prints
/// `pattern` in en-US, if one does.
pub(crate) fn style_of(pattern: &str) -> Option<&'static str> {
    STYLES
        .iter()
        .find(|(p, _)| *p == pattern)
        .map(|(_, style)| *style)
}

/// The template text that shows the expression `expr` with the TR35 `pattern`: prefab-ui's
/// own pipe where one prints the same (`MMM d, yyyy` is `date`, `h:mm a` is `time`), else
/// the `date` pipe with the pattern, and the pattern's quoted literals (`'at'`, `''` for a
/// quote) as text between pipes, since a pipe argument cannot hold a quote. An empty pattern
/// is the `date` pipe.
///
/// ```
/// use prefab::expr::date_template;
/// assert_eq!(date_template("start", "h:mm a"), "{{ start | time }}");
/// assert_eq!(
///     date_template("start", "EEEE, MMM d 'at' h:mm a"),
///     "{{ start | date:'EEEE, MMM d' }} at {{ start | date:'h:mm a' }}"
/// );
/// ```
#[must_use]
pub fn date_template(expr: &str, pattern: &str) -> String {
    let mut out = String::new();
    if let Some(style) = style_of(pattern) {
        let (name, arg) = style.split_once(':').unwrap_or((style, ""));
        pipe(&mut out, expr, name, arg);
        return out;
    }
    if pattern.is_empty() {
        pipe(&mut out, expr, "date", "");
        return out;
    }
    // Runs outside quotes are pattern text, quoted runs literal text; `''` is a quote in
    // both. (A quote is one byte, never inside a longer character.)
    let mut run = String::new();
    let mut quoted = false;
    let mut rest = pattern;
    while let Some(at) = rest.find('\'') {
        run.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        if let Some(after) = rest.strip_prefix('\'') {
            rest = after;
            if quoted {
                run.push('\'');
            } else {
                // The quote is text: what came before it is pattern.
                flush(&mut out, expr, &run);
                run.clear();
                out.push('\'');
            }
            continue;
        }
        if quoted {
            out.push_str(&run);
        } else {
            flush(&mut out, expr, &run);
        }
        run.clear();
        quoted = !quoted;
    }
    run.push_str(rest);
    if quoted {
        out.push_str(&run);
    } else {
        flush(&mut out, expr, &run);
    }
    out
}

/// `{{ expr | name }}`, or `{{ expr | name:'arg' }}`.
fn pipe(out: &mut String, expr: &str, name: &str, arg: &str) {
    let arg = if arg.is_empty() {
        String::new()
    } else {
        [":'", arg, "'"].concat()
    };
    out.push_str(&["{{ ", expr, " | ", name, &arg, " }}"].concat());
}

/// Writes an unquoted run of a pattern: its letters from the first to the last through the
/// `date` pipe, the text around them as it is.
fn flush(out: &mut String, expr: &str, run: &str) {
    let is_letter = |b: &u8| LETTERS.contains(b);
    // The letters are ASCII, so their byte positions are character boundaries.
    match (
        run.bytes().position(|b| is_letter(&b)),
        run.bytes().rposition(|b| is_letter(&b)),
    ) {
        (Some(first), Some(last)) => {
            out.push_str(&run[..first]);
            pipe(out, expr, "date", &run[first..=last]);
            out.push_str(&run[last + 1..]);
        }
        _ => out.push_str(run),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_as_format_does() {
        for n in [-12345, -100, -5, -1, 0, 1, 7, 42, 999, 2026, 123_456] {
            for width in 0..7 {
                let mut out = String::new();
                pad(&mut out, n, width);
                assert_eq!(out, format!("{n:0width$}"), "{n} in {width}");
            }
        }
    }

    /// Tuesday 2026-01-06 14:05:09.
    fn afternoon() -> Local {
        Local {
            year: 2026,
            month: 1,
            day: 6,
            weekday: 2,
            hour: 14,
            minute: 5,
            second: 9,
        }
    }

    #[test]
    fn prints_each_token_as_date_fns_does_in_en_us() {
        let t = afternoon();
        for (pattern, expected) in [
            ("yy yyyy y", "26 2026 2026"),
            ("M MM MMM MMMM MMMMM", "1 01 Jan January J"),
            ("d dd", "6 06"),
            ("E EEE EEEE EEEEE EEEEEE", "Tue Tue Tuesday T Tu"),
            ("h hh H HH", "2 02 14 14"),
            ("mm ss m s", "05 09 5 9"),
            ("a aa aaa aaaa aaaaa", "PM PM pm p.m. p"),
            ("E, MMM d • h:mm a", "Tue, Jan 6 • 2:05 PM"),
        ] {
            assert_eq!(format_pattern(&t, pattern), expected, "{pattern}");
        }
        let midnight = Local { hour: 0, ..t };
        assert_eq!(format_pattern(&midnight, "h:mm a HH"), "12:05 AM 00");
    }

    #[test]
    fn only_texts_of_pattern_letters_are_patterns() {
        for arg in ["E", "EEEE, MMM d", "h:mm a", "yyyy-MM-dd"] {
            assert!(is_pattern(arg), "{arg}");
        }
        for arg in ["short", "long", "medium", "full", "%Y-%m-%d", "", "12/31"] {
            assert!(!is_pattern(arg), "{arg}");
        }
        assert!(has_date("EEEE"));
        assert!(!has_date("HH:mm:ss"));
    }

    #[test]
    fn templates_use_prefab_ui_pipes_where_they_print_the_same() {
        assert_eq!(date_template("d", "MMM d, yyyy"), "{{ d | date }}");
        assert_eq!(date_template("d", "M/d/yyyy"), "{{ d | date:'short' }}");
        assert_eq!(date_template("d", "MMMM d, yyyy"), "{{ d | date:'long' }}");
        assert_eq!(
            date_template("d", "MMM d, yyyy, h:mm a"),
            "{{ d | datetime }}"
        );
        assert_eq!(date_template("d", ""), "{{ d | date }}");
        assert_eq!(date_template("d", "EEEE"), "{{ d | date:'EEEE' }}");
        for (pattern, pipe) in STYLES {
            let (name, arg) = pipe
                .split_once(':')
                .map_or((pipe, None), |(n, a)| (n, Some(a)));
            assert_eq!(date_pattern(name, arg).as_deref(), Some(pattern));
        }
        assert_eq!(
            date_template("d", "E, MMM d • h:mm a"),
            "{{ d | date:'E, MMM d • h:mm a' }}"
        );
        assert_eq!(
            date_template("d", "'Week' ''d''"),
            "Week '{{ d | date:'d' }}'"
        );
        assert_eq!(
            date_template("d", "h 'o''clock'"),
            "{{ d | date:'h' }} o'clock"
        );
    }
}
