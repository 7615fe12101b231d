//! [`Env`]: what evaluation needs besides names — the viewer's locale and time zone, and an
//! optional hook for pipes that are not built in.
use super::error::EvalError;
use super::value::Value;
use std::fmt;

/// A pipe the host adds (prefab-ui's `js_pipes`): called for pipe names that are not built
/// in, with the value and the typed argument. Return `None` if you do not know the name
/// (the value then passes through unchanged, as in prefab-ui).
///
/// ```
/// use prefab::expr::{evaluate, Env, EvalError, Value};
/// let hook = |name: &str, v: &Value, _arg: Option<&Value>| -> Option<Result<Value, EvalError>> {
///     (name == "twice").then(|| Ok(Value::from(v.to_number() * 2.0)))
/// };
/// let env = Env::default().with_pipes(&hook);
/// assert_eq!(evaluate("21 | twice", &Value::Null, &env).unwrap(), Value::from(42));
/// ```
pub trait PipeHook {
    /// Applies pipe `name` to `value`, or `None` if the name is unknown.
    fn call(
        &self,
        name: &str,
        value: &Value,
        arg: Option<&Value>,
    ) -> Option<Result<Value, EvalError>>;
}

impl<F> PipeHook for F
where
    F: Fn(&str, &Value, Option<&Value>) -> Option<Result<Value, EvalError>>,
{
    fn call(
        &self,
        name: &str,
        value: &Value,
        arg: Option<&Value>,
    ) -> Option<Result<Value, EvalError>> {
        self(name, value, arg)
    }
}

/// The time zone that `date`, `time` and `datetime` print in, and in which date texts
/// without an offset (`2025-01-15T10:00`) are read.
///
/// ```
/// use prefab::expr::TimeZone;
/// assert_eq!(TimeZone::from_name("UTC"), Some(TimeZone::Utc));
/// assert_eq!(TimeZone::from_name("+05:30"), Some(TimeZone::Fixed(330)));
/// assert_eq!(TimeZone::from_name("Europe/Paris"), None); // no tz database: see from_name
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub enum TimeZone {
    /// Coordinated Universal Time (the default, and what the conformance vectors use).
    #[default]
    Utc,
    /// A fixed offset east of UTC, in minutes.
    Fixed(i32),
    /// A function giving the offset east of UTC in minutes at an instant (milliseconds since
    /// the epoch) — in a browser, `-new Date(ms).getTimezoneOffset()`, which covers every
    /// zone with daylight saving time without shipping a time-zone database.
    Offsets(fn(f64) -> i32),
}

impl PartialEq for TimeZone {
    fn eq(&self, other: &TimeZone) -> bool {
        match (self, other) {
            (TimeZone::Utc, TimeZone::Utc) => true,
            (TimeZone::Fixed(a), TimeZone::Fixed(b)) => a == b,
            (TimeZone::Offsets(a), TimeZone::Offsets(b)) => std::ptr::fn_addr_eq(*a, *b),
            _ => false,
        }
    }
}

impl Eq for TimeZone {}

impl TimeZone {
    /// Parses `UTC`, `Etc/UTC`, `GMT`, `Z`, `±HH:MM`, `±HHMM`, `±HH`, `UTC±H[:MM]` and
    /// `Etc/GMT∓H`. Region names (`Europe/Paris`) need a tz database this crate does not
    /// carry: they give `None`, and the caller decides (the renderer passes
    /// [`TimeZone::Offsets`] from the browser instead).
    #[must_use]
    pub fn from_name(name: &str) -> Option<TimeZone> {
        let n = name.trim();
        if [
            "UTC",
            "Etc/UTC",
            "GMT",
            "Etc/GMT",
            "Z",
            "Etc/Universal",
            "UCT",
        ]
        .contains(&n)
        {
            return Some(TimeZone::Utc);
        }
        if let Some(rest) = n.strip_prefix("Etc/GMT") {
            // POSIX-style: Etc/GMT-5 is five hours EAST of UTC.
            let minutes = parse_offset(rest)?;
            return Some(TimeZone::Fixed(-minutes));
        }
        let rest = n
            .strip_prefix("UTC")
            .or_else(|| n.strip_prefix("GMT"))
            .unwrap_or(n);
        parse_offset(rest).map(TimeZone::Fixed)
    }

    /// Offset east of UTC in minutes at the instant `epoch_ms`.
    #[must_use]
    pub fn offset_minutes(&self, epoch_ms: f64) -> i32 {
        match self {
            TimeZone::Utc => 0,
            TimeZone::Fixed(m) => *m,
            TimeZone::Offsets(f) => f(epoch_ms),
        }
    }

    /// Offset for a local wall-clock time given as if it were UTC milliseconds.
    pub(crate) fn offset_for_local(&self, local_ms: f64) -> i32 {
        let guess = self.offset_minutes(local_ms);
        self.offset_minutes(local_ms - f64::from(guess) * 60_000.0)
    }
}

/// `±HH`, `±HHMM`, `±HH:MM` (also `±H`) → signed minutes.
fn parse_offset(text: &str) -> Option<i32> {
    let (sign, body) = match text.as_bytes().first()? {
        b'+' => (1, &text[1..]),
        b'-' => (-1, &text[1..]),
        _ => return None,
    };
    let (h, m) = match body.split_once(':') {
        Some((h, m)) => (h, m),
        None if body.len() == 4 => body.split_at(2),
        None => (body, "0"),
    };
    let h = super::number::parse_i32(h)?;
    let m = super::number::parse_i32(m)?;
    if !(0..=14).contains(&h) || !(0..60).contains(&m) {
        return None;
    }
    Some(sign * (h * 60 + m))
}

/// Evaluation settings: locale, time zone and custom pipes. The default is `en-US` in UTC
/// with no custom pipes, which reproduces the conformance vectors.
///
/// Natively, formatting data is built in for `en-US` only: another locale is kept (so a
/// caller can read it back) but formats as `en-US`. In the browser (the renderer) the
/// `number`, `percent`, `compact`, `currency`, `date`, `time` and `datetime` pipes format
/// through `Intl` in the locale and time zone set here — see `COMPATIBILITY.md`.
///
/// ```
/// use prefab::expr::{evaluate, Env, TimeZone, Value};
/// let state = Value::object([("d", Value::from("2025-01-15T23:30:00Z"))]);
/// let env = Env::default().with_time_zone(TimeZone::Fixed(60));
/// assert_eq!(evaluate("d | date", &state, &env).unwrap(), Value::from("Jan 16, 2025"));
/// ```
#[derive(Clone, Default)]
pub struct Env<'a> {
    locale: Option<String>,
    time_zone: TimeZone,
    zone_name: Option<String>,
    pipes: Option<&'a dyn PipeHook>,
}

impl<'a> Env<'a> {
    /// `en-US`, UTC, no custom pipes.
    #[must_use]
    pub fn new() -> Self {
        Env::default()
    }

    /// Sets the BCP 47 locale of the viewer (the host's `locale`).
    #[must_use]
    pub fn with_locale(mut self, locale: impl Into<String>) -> Self {
        self.locale = Some(locale.into());
        self
    }

    /// Sets the time zone.
    #[must_use]
    pub fn with_time_zone(mut self, time_zone: impl Into<TimeZone>) -> Self {
        self.time_zone = time_zone.into();
        self
    }

    /// Sets the IANA name of the time zone (`Europe/Berlin`), which the browser's `Intl`
    /// formats in; natively only [`Env::with_time_zone`]'s offsets count.
    #[must_use]
    pub fn with_time_zone_name(mut self, name: impl Into<String>) -> Self {
        self.zone_name = Some(name.into());
        self
    }

    /// Registers custom pipes, consulted for names that are not built in.
    #[must_use]
    pub fn with_pipes(mut self, pipes: &'a dyn PipeHook) -> Self {
        self.pipes = Some(pipes);
        self
    }

    /// The locale (`en-US` unless set).
    #[must_use]
    pub fn locale(&self) -> &str {
        self.locale.as_deref().unwrap_or("en-US")
    }

    /// The time zone (UTC unless set).
    #[must_use]
    pub fn time_zone(&self) -> TimeZone {
        self.time_zone
    }

    /// The IANA name of the time zone, if one was set.
    #[must_use]
    pub fn time_zone_name(&self) -> Option<&str> {
        self.zone_name.as_deref()
    }

    pub(crate) fn pipe_hook(&self) -> Option<&'a dyn PipeHook> {
        self.pipes
    }
}

impl fmt::Debug for Env<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Env")
            .field("locale", &self.locale())
            .field("time_zone", &self.time_zone)
            .field("zone_name", &self.zone_name)
            .field("pipes", &self.pipes.is_some())
            .finish()
    }
}
