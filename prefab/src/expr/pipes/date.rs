//! Dates for the `date`, `time` and `datetime` pipes: reading text as JavaScript's
//! `new Date(text)` does (ISO 8601 forms, plus the common non-ISO forms browsers accept),
//! and printing en-US `toLocaleDateString`/`toLocaleTimeString` output.
use crate::expr::env::TimeZone;

const MS_PER_DAY: f64 = 86_400_000.0;
/// JavaScript's time-value range: ±100,000,000 days around the epoch.
const MAX_TIME: f64 = 8.64e15;

/// English month names, January first.
pub const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Days from 1970-01-01 to the given civil date (proleptic Gregorian); a month of 0 or 13
/// carries into the neighbouring year.
///
/// ```
/// use prefab::expr::{civil_from_days, days_from_civil};
/// assert_eq!(days_from_civil(1970, 1, 1), 0);
/// assert_eq!(days_from_civil(2025, 13, 1), days_from_civil(2026, 1, 1));
/// assert_eq!(civil_from_days(days_from_civil(2024, 2, 29)), (2024, 2, 29));
/// ```
#[must_use]
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date (year, month 1-12, day 1-31) of a day number.
#[must_use]
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if m <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        m,
        d,
    )
}

/// Wall-clock fields read from a date text.
#[derive(Default)]
struct Fields {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    minute: i64,
    second: i64,
    millis: f64,
    /// Offset east of UTC in minutes, when the text names one.
    offset: Option<i64>,
}

impl Fields {
    fn to_epoch_ms(&self, tz: TimeZone) -> Option<f64> {
        if !(1..=12).contains(&self.month) || !(1..=31).contains(&self.day) {
            return None;
        }
        let valid_time = (self.hour < 24 && self.minute < 60 && self.second < 60)
            || (self.hour == 24 && self.minute == 0 && self.second == 0 && self.millis == 0.0);
        if !valid_time {
            return None;
        }
        let days = days_from_civil(self.year, self.month, self.day) as f64;
        let local = days * MS_PER_DAY
            + (self.hour * 3_600_000 + self.minute * 60_000 + self.second * 1000) as f64
            + self.millis;
        let utc = match self.offset {
            Some(minutes) => local - minutes as f64 * 60_000.0,
            None => local - f64::from(tz.offset_for_local(local)) * 60_000.0,
        };
        (utc.abs() <= MAX_TIME).then_some(utc)
    }
}

/// `new Date(text).getTime()` for the forms supported, `None` for "Invalid Date".
pub(crate) fn parse_date(text: &str, tz: TimeZone) -> Option<f64> {
    let s = text.trim();
    if let Some(t) = parse_iso(s, tz) {
        return Some(t);
    }
    parse_loose(s, tz)
}

/// A run of ASCII digits (no sign) as `str::parse::<i64>` reads it (`None` when empty, not all digits
/// or above `i64::MAX`), without that parser's overflow-checked multiplication, which links
/// 128-bit multiplication into the wasm build: at most 19 significant digits stay below
/// 10¹⁹ < 2⁶⁴, so the `u64` cannot wrap.
fn whole(text: &str) -> Option<i64> {
    let significant = text.trim_start_matches('0');
    if text.is_empty() || significant.len() > 19 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = significant.bytes().fold(0_u64, |v, b| {
        v.wrapping_mul(10).wrapping_add(u64::from(b - b'0'))
    });
    i64::try_from(value).ok()
}

/// Reads `n` ASCII digits at the front of `s`.
fn digits(s: &mut &[u8], n: usize) -> Option<i64> {
    if s.len() < n || !s[..n].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = s[..n]
        .iter()
        .fold(0_i64, |acc, b| acc * 10 + i64::from(b - b'0'));
    *s = &s[n..];
    Some(v)
}

fn eat(s: &mut &[u8], c: u8) -> bool {
    if s.first() == Some(&c) {
        *s = &s[1..];
        true
    } else {
        false
    }
}

/// ECMAScript date-time string format: `YYYY[-MM[-DD]][THH:mm[:ss[.sss]][Z|±HH:mm]]`
/// (also `±YYYYYY`). Date-only forms are UTC; date-times without an offset are local.
fn parse_iso(s: &str, tz: TimeZone) -> Option<f64> {
    let mut b = s.as_bytes();
    let mut f = Fields {
        month: 1,
        day: 1,
        ..Fields::default()
    };
    f.year = match b.first()? {
        b'+' | b'-' => {
            let negative = b[0] == b'-';
            b = &b[1..];
            let y = digits(&mut b, 6)?;
            if negative && y == 0 {
                return None;
            }
            if negative { -y } else { y }
        }
        _ => digits(&mut b, 4)?,
    };
    if eat(&mut b, b'-') {
        f.month = digits(&mut b, 2)?;
        if eat(&mut b, b'-') {
            f.day = digits(&mut b, 2)?;
        }
    }
    if b.is_empty() {
        f.offset = Some(0);
        return f.to_epoch_ms(tz);
    }
    if !(eat(&mut b, b'T') || eat(&mut b, b't') || eat(&mut b, b' ')) {
        return None;
    }
    read_time(&mut b, &mut f)?;
    read_offset(&mut b, &mut f)?;
    if !b.is_empty() {
        return None;
    }
    f.to_epoch_ms(tz)
}

/// `HH:mm[:ss[.fraction]]`
fn read_time(b: &mut &[u8], f: &mut Fields) -> Option<()> {
    f.hour = digits(b, 2)?;
    if !eat(b, b':') {
        return None;
    }
    f.minute = digits(b, 2)?;
    if eat(b, b':') {
        f.second = digits(b, 2)?;
        if eat(b, b'.') || eat(b, b',') {
            let start = *b;
            let mut n = 0;
            while b.first().is_some_and(u8::is_ascii_digit) {
                *b = &b[1..];
                n += 1;
            }
            if n == 0 {
                return None;
            }
            // Milliseconds: the first three digits, missing ones counted as zeros.
            f.millis = (0..3).fold(0.0, |ms, k| {
                let digit = start.get(k).filter(|_| k < n).map_or(0, |c| c - b'0');
                ms * 10.0 + f64::from(digit)
            });
        }
    }
    Some(())
}

/// `Z`, `±HH:mm` or `±HHmm` (optional).
fn read_offset(b: &mut &[u8], f: &mut Fields) -> Option<()> {
    if eat(b, b'Z') || eat(b, b'z') {
        f.offset = Some(0);
        return Some(());
    }
    let sign = match b.first() {
        Some(b'+') => 1,
        Some(b'-') => -1,
        _ => return Some(()),
    };
    *b = &b[1..];
    let h = digits(b, 2)?;
    eat(b, b':');
    let m = digits(b, 2)?;
    f.offset = Some(sign * (h * 60 + m));
    Some(())
}

/// Common non-ISO forms, all read as local time unless a zone is named:
/// `2025/01/15`, `1/15/2025`, `Jan 15, 2025`, `January 15 2025 2:30 PM`, `15 Jan 2025`,
/// `Wed, 15 Jan 2025 14:30:00 GMT`, each with an optional `H:mm[:ss]` time.
fn parse_loose(s: &str, tz: TimeZone) -> Option<f64> {
    let mut numbers: Vec<(i64, usize)> = Vec::new();
    let mut month = None;
    let mut time: Option<(i64, i64, i64)> = None;
    let mut pm = None;
    let mut offset = None;
    let mut rest = s;
    while !rest.is_empty() {
        let c = rest.chars().next()?;
        if c.is_ascii_digit() {
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let (num, after) = rest.split_at(end);
            if after.starts_with(':') {
                let (t, after) = loose_time(rest)?;
                time = Some(t);
                rest = after;
                continue;
            }
            numbers.push((whole(num)?, num.len()));
            rest = after;
        } else if c.is_ascii_alphabetic() {
            let end = rest
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(rest.len());
            let word = rest[..end].to_ascii_lowercase();
            rest = &rest[end..];
            match word.as_str() {
                "am" => pm = Some(false),
                "pm" => pm = Some(true),
                "utc" | "gmt" | "z" => offset = Some(0),
                w if w.len() >= 3 => {
                    if let Some(i) = MONTHS
                        .iter()
                        .position(|m| m.to_ascii_lowercase().starts_with(w))
                    {
                        month = Some(i as i64 + 1);
                    } else if !["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
                        .iter()
                        .any(|d| w.starts_with(d))
                    {
                        return None;
                    }
                }
                _ => return None,
            }
        } else if (c == '+' || c == '-') && time.is_some() && offset.is_some() {
            let sign = if c == '-' { -1 } else { 1 };
            let body = &rest[1..];
            let end = body
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(body.len());
            let v = whole(&body[..end])?;
            offset = Some(sign * ((v / 100) * 60 + v % 100));
            rest = &body[end..];
        } else if matches!(c, ' ' | ',' | '/' | '-' | '.') {
            rest = &rest[1..];
        } else {
            return None;
        }
    }
    let (year, month, day) = match (month, numbers.as_slice()) {
        (Some(m), [(d, dl), (y, _)]) | (Some(m), [(y, 4..), (d, dl)]) if *dl <= 2 => (*y, m, *d),
        (None, [(y, 4..), (m, ..=2), (d, ..=2)]) => (*y, *m, *d),
        (None, [(m, ..=2), (d, ..=2), (y, _)]) => (*y, *m, *d),
        _ => return None,
    };
    let (mut hour, minute, second) = time.unwrap_or((0, 0, 0));
    match pm {
        Some(true) if hour < 12 => hour += 12,
        Some(false) if hour == 12 => hour = 0,
        Some(_) if hour > 12 => return None,
        _ => {}
    }
    let year = if year < 50 && numbers.iter().all(|&(_, l)| l <= 2) {
        year + 2000
    } else if year < 100 && numbers.iter().all(|&(_, l)| l <= 2) {
        year + 1900
    } else {
        year
    };
    Fields {
        year,
        month,
        day,
        hour,
        minute,
        second,
        millis: 0.0,
        offset,
    }
    .to_epoch_ms(tz)
}

/// `H:mm[:ss]` at the front of `s`.
fn loose_time(s: &str) -> Option<((i64, i64, i64), &str)> {
    let mut parts = [0_i64; 3];
    let mut rest = s;
    for (i, part) in parts.iter_mut().enumerate() {
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if end == 0 || end > 2 {
            return None;
        }
        *part = whole(&rest[..end])?;
        rest = &rest[end..];
        if i < 2 && rest.starts_with(':') {
            rest = &rest[1..];
        } else {
            break;
        }
    }
    Some(((parts[0], parts[1], parts[2]), rest))
}

/// The wall-clock fields of an instant in a time zone.
pub(crate) struct Local {
    pub year: i64,
    /// 1-12
    pub month: i64,
    pub day: i64,
    /// 0 is Sunday.
    pub weekday: i64,
    pub hour: i64,
    pub minute: i64,
    pub second: i64,
}

/// Local civil fields of an instant.
pub(crate) fn local_fields(epoch_ms: f64, tz: TimeZone) -> Local {
    let local = epoch_ms + f64::from(tz.offset_minutes(epoch_ms)) * 60_000.0;
    let days = (local / MS_PER_DAY).floor();
    let ms_of_day = (local - days * MS_PER_DAY) as i64;
    let days = days as i64;
    let (year, month, day) = civil_from_days(days);
    Local {
        year,
        month,
        day,
        // 1970-01-01 was a Thursday.
        weekday: (days + 4).rem_euclid(7),
        hour: ms_of_day / 3_600_000,
        minute: (ms_of_day / 60_000) % 60,
        second: (ms_of_day / 1000) % 60,
    }
}

/// `(12-hour clock hour, "AM" | "PM")`.
pub(crate) fn twelve_hour(hour: i64) -> (i64, &'static str) {
    match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        _ => (hour - 12, "PM"),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn reads_iso_and_common_forms() {
        let utc = TimeZone::Utc;
        let jan15 = parse_date("2025-01-15", utc).unwrap();
        assert_eq!(civil_from_days((jan15 / MS_PER_DAY) as i64), (2025, 1, 15));
        for text in [
            "2025/01/15",
            "1/15/2025",
            "Jan 15, 2025",
            "15 January 2025",
            "January 15 2025",
        ] {
            assert_eq!(parse_date(text, utc), Some(jan15), "{text}");
        }
        let t = parse_date("Wed, 15 Jan 2025 14:30:00 GMT", utc).unwrap();
        assert_eq!(
            (local_fields(t, utc).hour, local_fields(t, utc).minute),
            (14, 30)
        );
        assert_eq!(parse_date("2025-13-45", utc), None);
        assert_eq!(parse_date("1700000000000", utc), None);
        assert_eq!(parse_date("1970-01-01T25:00", utc), None);
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    /// `whole` reads digit runs exactly as std's `parse::<i64>`, overflow included.
    #[test]
    fn whole_numbers_read_like_std_parse() {
        for text in [
            "",
            "0",
            "7",
            "0042",
            "123456789012345678",
            "9223372036854775807",
            "9223372036854775808",
            "9999999999999999999",
            "18446744073709551616",
            "00000000000000000000009223372036854775807",
            "99999999999999999999",
            "1a",
        ] {
            assert_eq!(whole(text), text.parse::<i64>().ok(), "{text}");
        }
        // Unlike std, no sign (the callers hand it digit runs only).
        assert_eq!(whole("+1"), None);
    }
}
