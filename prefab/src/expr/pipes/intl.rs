//! en-US number formatting as `Number.prototype.toLocaleString("en-US", …)` produces it
//! (ICU 78 / CLDR 48): plain numbers, currencies and compact notation ("1.2K"). Native
//! builds only: the renderer formats through the browser's `Intl` ([`super::browser`]), in
//! the viewer's locale. Every function takes the locale and prints en-US whatever it is.
use super::decimal::Decimal;

/// Sign prefix: ICU prints `-` for every negative value, `-0` included.
fn sign(d: &Decimal) -> &'static str {
    if d.negative { "-" } else { "" }
}

/// `n.toLocaleString("en-US", {minimumFractionDigits, maximumFractionDigits})`.
pub(crate) fn format_number(n: f64, min_fraction: u32, max_fraction: u32, _: &str) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "∞" } else { "-∞" }.into();
    }
    let mut d = Decimal::from_f64(n);
    d.round_fraction(max_fraction);
    format!("{}{}", sign(&d), d.format(min_fraction, 1))
}

/// `n.toLocaleString("en-US", {notation: "compact", maximumFractionDigits})`.
pub(crate) fn format_compact(n: f64, max_fraction: Option<u32>, _: &str) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "∞" } else { "-∞" }.into();
    }
    let d = Decimal::from_f64(n);
    if d.is_zero() {
        return format!("{}0", sign(&d));
    }
    let mut exponent = compact_exponent(d.magnitude());
    loop {
        let mut scaled = d.scaled_down(exponent);
        match max_fraction {
            Some(f) => scaled.round_fraction(f),
            // "morePrecision" of 0 fraction digits and 2 significant digits.
            None if scaled.integer_digits() >= 2 => scaled.round_fraction(0),
            None => scaled.round_significant(2),
        }
        // Rounding up may reach the next unit (999,999 → "1000K" → "1M").
        if exponent < 12 && !scaled.is_zero() && scaled.integer_digits() > 3 {
            exponent += 3;
            continue;
        }
        let suffix = match exponent {
            3 => "K",
            6 => "M",
            9 => "B",
            12 => "T",
            _ => "",
        };
        return format!("{}{}{suffix}", sign(&d), scaled.format(0, 2));
    }
}

/// The power of ten of the compact unit for a magnitude (K, M, B, T; nothing below 1000).
fn compact_exponent(magnitude: i32) -> i32 {
    if magnitude < 3 {
        0
    } else {
        (magnitude / 3 * 3).min(12)
    }
}

/// `n.toLocaleString("en-US", {style: "currency", currency: code})` for a code of three
/// upper-case ASCII letters.
pub(crate) fn format_currency(n: f64, code: &str, _: &str) -> String {
    let (symbol, digits) = currency_info(code);
    let body = if n.is_infinite() {
        "∞".to_string()
    } else {
        let mut d = Decimal::from_f64(n.abs());
        d.round_fraction(digits);
        d.format(digits, 1)
    };
    let negative = n.is_sign_negative() && !n.is_nan();
    // CLDR currency spacing: a symbol ending in a letter is followed by a no-break space
    // (every symbol above ending in a letter ends in an ASCII one).
    let space = if symbol
        .bytes()
        .last()
        .is_some_and(|b| b.is_ascii_alphabetic())
    {
        "\u{a0}"
    } else {
        ""
    };
    format!("{}{symbol}{space}{body}", if negative { "-" } else { "" })
}

/// `Intl`'s percent style, which only the browser build uses: `None`, the `percent` pipe
/// prints `toFixed` digits as prefab-ui does.
pub(crate) fn format_percent(_: f64, _: u32, _: &str) -> Option<String> {
    None
}

/// A date pipe's named style (`date`, `date:short`, `date:long`, `time`, `datetime`) of the
/// instant `t` by `Intl`, which only the browser build uses: `None`, the style's en-US
/// pattern prints it.
pub(crate) fn format_style(_: f64, _: &str, _: &crate::expr::env::Env<'_>) -> Option<String> {
    None
}

/// The en-US symbols (CLDR 48) of the ISO 4217 codes that have one, each entry the code
/// then its symbol, `|` between entries; other codes print themselves.
const SYMBOLS: &str = "USD$|EUR€|GBP£|JPY¥|CNYCN¥|INR₹|KRW₩|CADCA$|AUDA$|NZDNZ$|HKDHK$|MXNMX$|\
TWDNT$|BRLR$|ILS₪|VND₫|PHP₱|XAFFCFA|XOFF\u{202f}CFA|XPFCFPF|XCDEC$";

/// The codes whose fraction digits are not 2 (CLDR 48), by digits, three letters each.
const DIGITS: [(u32, &str); 3] = [
    (3, "BHDIQDJODKWDLYDOMRTND"),
    (
        0,
        "BIFBYRCLPDJFGNFISKJPYKMFKRWLAKMGAPYGRWFUGXUYIVNDVUVXAFXOFXPFALLIRRLBPMMKRSDSLLSOSSYP\
YERAFNKPWSTDMROZMKZWDITLESPTRLLUFADPMGF",
    ),
    (4, "CLFUYW"),
];

/// en-US symbol and fraction digits of an ISO 4217 code (CLDR 48); unknown codes print
/// themselves with 2 digits.
fn currency_info(code: &str) -> (&str, u32) {
    let symbol = (SYMBOLS.split('|'))
        .find_map(|entry| entry.strip_prefix(code))
        .unwrap_or(code);
    let digits = (DIGITS.iter())
        .find(|(_, codes)| codes.as_bytes().chunks(3).any(|c| c == code.as_bytes()))
        .map_or(2, |(d, _)| *d);
    (symbol, digits)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn compact_examples() {
        assert_eq!(format_compact(1234.0, None, "en-US"), "1.2K");
        assert_eq!(format_compact(999_999.0, None, "en-US"), "1M");
        assert_eq!(format_compact(12.0, None, "en-US"), "12");
        assert_eq!(format_compact(999.9, None, "en-US"), "1K");
        assert_eq!(format_compact(123_456.0, None, "en-US"), "123K");
        assert_eq!(format_compact(-1500.0, None, "en-US"), "-1.5K");
        assert_eq!(format_compact(2.5e9, Some(0), "en-US"), "3B");
        assert_eq!(format_compact(0.1234, None, "en-US"), "0.12");
        assert_eq!(format_compact(1e15, None, "en-US"), "1000T");
        assert_eq!(format_compact(1e16, None, "en-US"), "10,000T");
    }

    #[test]
    fn currency_examples() {
        assert_eq!(format_currency(-5.0, "USD", "en-US"), "-$5.00");
        assert_eq!(format_currency(1234.5, "JPY", "en-US"), "¥1,235");
        assert_eq!(format_currency(3.0, "XYZ", "en-US"), "XYZ\u{a0}3.00");
        // Each table: a symbol with a no-break space, 3, 4 and 0 fraction digits.
        assert_eq!(format_currency(1.0, "XOF", "en-US"), "F\u{202f}CFA\u{a0}1");
        assert_eq!(format_currency(1.0, "BHD", "en-US"), "BHD\u{a0}1.000");
        assert_eq!(format_currency(1.0, "CLF", "en-US"), "CLF\u{a0}1.0000");
        assert_eq!(format_currency(1.0, "MGF", "en-US"), "MGF\u{a0}1");
        assert_eq!(format_currency(1.0, "XCD", "en-US"), "EC$1.00");
    }
}
