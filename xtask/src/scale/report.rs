//! The run's figures (counts, the instance kill, the database outage) and its checks.
use super::mcp::Outcome;
use super::verify::Tally;
use super::writers::{Call, Op};
use std::time::Duration;

/// When the faults happened, since the run's start.
#[derive(Debug, Clone, Copy, Default)]
pub struct Events {
    /// SIGKILL sent to the instance.
    pub kill: Duration,
    /// The killed instance listening again.
    pub restarted: Duration,
    /// `pg_ctl stop -m fast` called, and returned (the server is down).
    pub pg_stop: Duration,
    pub pg_down: Duration,
    /// `pg_ctl start` called.
    pub pg_start: Duration,
    /// `pg_ctl start -w` returned (the server accepts connections).
    pub pg_back: Duration,
}

/// Within this long after the kill, calls the killed instance had taken may end unknown.
const KILL_WINDOW: Duration = Duration::from_secs(2);
/// The longest the service may take to answer a write again after PostgreSQL returns.
pub const RECOVERY_GOAL: Duration = Duration::from_secs(5);

fn ms(d: Duration) -> String {
    format!("{} ms", d.as_millis())
}

fn count(calls: &[&Call], f: impl Fn(&Outcome) -> bool) -> usize {
    calls.iter().filter(|c| f(&c.outcome)).count()
}

/// The calls started in `[from, to)`.
fn between(calls: &[Call], from: Duration, to: Duration) -> Vec<&Call> {
    calls
        .iter()
        .filter(|c| c.start >= from && c.start < to)
        .collect()
}

/// How long after `from` the first acknowledged answer came (from `instance` only, if given).
fn first_ack(calls: &[Call], from: Duration, instance: Option<&str>) -> Option<Duration> {
    calls
        .iter()
        .filter(|c| c.acked() && c.end() >= from)
        .filter(|c| instance.is_none_or(|i| c.instance.as_deref() == Some(i)))
        .map(|c| c.end() - from)
        .min()
}

/// Prints the figures and the checks; the number of failed checks.
pub fn print(calls: &[Call], events: &Events, tally: &Tally, killed: &str) -> usize {
    let all: Vec<&Call> = calls.iter().collect();
    let hung = count(&all, |o| *o == Outcome::Hung);
    let creates = all
        .iter()
        .filter(|c| c.acked() && matches!(c.op, Op::Create { .. }))
        .count();
    println!(
        "calls: {} ({} acknowledged: {creates} creates, {} moves; {} refused cleanly, {} unknown, \
         {hung} hanging)",
        all.len(),
        count(&all, |o| matches!(o, Outcome::Acked(_))),
        count(&all, |o| matches!(o, Outcome::Acked(_))) - creates,
        count(&all, |o| matches!(o, Outcome::Refused(_))),
        count(&all, |o| matches!(o, Outcome::Unknown(_))),
    );
    println!(
        "creates not acknowledged: {} ({} stored all the same); lost {}, duplicated {}, misplaced {}",
        tally.unacked_creates,
        tally.unacked_stored,
        tally.lost.len(),
        tally.duplicated.len(),
        tally.misplaced.len()
    );
    for problem in tally
        .lost
        .iter()
        .chain(&tally.duplicated)
        .chain(&tally.misplaced)
        .take(10)
    {
        println!("  {problem}");
    }
    let mut checks = vec![
        ("no acknowledged write lost", tally.lost.is_empty()),
        ("no write stored twice", tally.duplicated.is_empty()),
        (
            "every card in a column its moves allow",
            tally.misplaced.is_empty(),
        ),
        ("no call left hanging", hung == 0),
    ];
    checks.extend(instance_kill(calls, events, killed));
    checks.extend(database_restart(calls, events));
    for (name, ok) in &checks {
        println!("{} {name}", if *ok { "ok  " } else { "FAIL" });
    }
    let failed = checks.iter().filter(|(_, ok)| !ok).count();
    println!("scale: {} passed, {failed} failed", checks.len() - failed);
    failed
}

/// The instance kill's figures and checks.
fn instance_kill(calls: &[Call], events: &Events, killed: &str) -> [(&'static str, bool); 3] {
    let down = between(calls, events.kill, events.restarted);
    let late_unknown = calls
        .iter()
        .filter(|c| matches!(c.outcome, Outcome::Unknown(_)))
        .filter(|c| c.end() < events.kill || c.end() > events.kill + KILL_WINDOW)
        .count();
    let after_kill = first_ack(calls, events.kill, None);
    let served_again = first_ack(calls, events.restarted, Some(killed));
    println!(
        "instance {killed} killed (SIGKILL) for {}: {} calls meanwhile, {} acknowledged, {} refused, \
         {} unknown; first acknowledged write {} after the kill; the restarted instance answered \
         {} after it listened",
        ms(events.restarted - events.kill),
        down.len(),
        count(&down, |o| matches!(o, Outcome::Acked(_))),
        count(&down, |o| matches!(o, Outcome::Refused(_))),
        count(&down, |o| matches!(o, Outcome::Unknown(_))),
        after_kill.map_or("never".into(), ms),
        served_again.map_or("never".into(), ms),
    );
    [
        (
            "unknown outcomes only from the killed instance",
            late_unknown == 0,
        ),
        (
            "writes went on while an instance was down",
            after_kill.is_some_and(|d| d < KILL_WINDOW),
        ),
        (
            "the restarted instance serves again",
            served_again.is_some(),
        ),
    ]
}

/// PostgreSQL's restart: figures and checks.
fn database_restart(calls: &[Call], events: &Events) -> [(&'static str, bool); 2] {
    let outage = between(calls, events.pg_stop, events.pg_back);
    let max_latency = outage.iter().map(|c| c.latency).max().unwrap_or_default();
    let down = between(calls, events.pg_down, events.pg_start);
    let clean = clean_while_down(&down, events.pg_start);
    let waited = down.iter().filter(|c| c.acked()).count();
    let recovery = first_ack(calls, events.pg_back, None);
    let not_acked_after = between(calls, events.pg_back, Duration::MAX)
        .iter()
        .filter(|c| !c.acked())
        .count();
    println!(
        "PostgreSQL stopped (pg_ctl stop -m fast took {}), down {}, started (pg_ctl start -w took {}): \
         {} calls from stop to ready, {} refused cleanly, {} acknowledged, longest call {}; first \
         acknowledged write {} after it was ready ({} after pg_ctl start); {} calls not acknowledged \
         after that; of the {} calls started while it was down, {} refused, {} acknowledged once \
         it was started again",
        ms(events.pg_down - events.pg_stop),
        ms(events.pg_start - events.pg_down),
        ms(events.pg_back - events.pg_start),
        outage.len(),
        count(&outage, |o| matches!(o, Outcome::Refused(_))),
        count(&outage, |o| matches!(o, Outcome::Acked(_))),
        ms(max_latency),
        recovery.map_or("never".into(), ms),
        first_ack(calls, events.pg_start, None).map_or("never".into(), ms),
        not_acked_after,
        down.len(),
        count(&down, |o| matches!(o, Outcome::Refused(_))),
        waited,
    );
    [
        (
            "only clean errors while PostgreSQL was down",
            clean && waited < down.len(),
        ),
        (
            "writes back within 5 s of PostgreSQL",
            recovery.is_some_and(|d| d <= RECOVERY_GOAL),
        ),
    ]
}

/// Whether every call started while PostgreSQL was down (`pg_ctl stop` returned, `pg_ctl start`
/// not yet called) was refused cleanly, or acknowledged only after `pg_start`: the call's
/// request travels through the proxy and waits for its instance's connection, so on a busy
/// machine a call started just before `pg_ctl start` may reach a database that is up again.
/// An acknowledgement that came before `pg_start` would be a lie; an unknown end or a hang is
/// not clean.
fn clean_while_down(down: &[&Call], pg_start: Duration) -> bool {
    down.iter().all(|c| match c.outcome {
        Outcome::Refused(_) => true,
        Outcome::Acked(_) => c.end() > pg_start,
        Outcome::Unknown(_) | Outcome::Hung => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(start_ms: u64, latency_ms: u64, outcome: Outcome) -> Call {
        Call {
            op: Op::Move {
                board: 0,
                title: "Card".into(),
                to: "Done".into(),
            },
            start: Duration::from_millis(start_ms),
            latency: Duration::from_millis(latency_ms),
            outcome,
            instance: None,
        }
    }

    #[test]
    fn refusals_and_writes_answered_after_the_start_are_clean() {
        let start = Duration::from_millis(1_000);
        let calls = [
            call(100, 5, Outcome::Refused("tool error".into())),
            call(990, 40, Outcome::Acked(None)),
        ];
        let down: Vec<&Call> = calls.iter().collect();
        assert!(clean_while_down(&down, start));
    }

    #[test]
    fn an_acknowledgement_before_the_start_or_an_unknown_end_is_not_clean() {
        let start = Duration::from_millis(1_000);
        for bad in [
            call(500, 10, Outcome::Acked(None)),
            call(500, 10, Outcome::Unknown("502".into())),
            call(500, 10, Outcome::Hung),
        ] {
            assert!(!clean_while_down(&[&bad], start), "{bad:?}");
        }
    }
}
