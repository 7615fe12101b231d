//! The figures of one cell (a server, a call, a number of clients) and the Markdown table.
use std::fmt::Write;
use std::time::Duration;

/// The answered requests of one cell, summed over its rounds.
#[derive(Debug, Clone, Default)]
pub struct Sample {
    /// Every counted request's latency.
    pub latencies: Vec<Duration>,
    /// The measured time.
    pub seconds: f64,
}

impl Sample {
    /// Adds another round.
    pub fn add(&mut self, latencies: Vec<Duration>, seconds: f64) {
        self.latencies.extend(latencies);
        self.seconds += seconds;
    }

    /// Requests answered per second.
    pub fn rate(&self) -> f64 {
        if self.seconds > 0.0 {
            self.latencies.len() as f64 / self.seconds
        } else {
            0.0
        }
    }

    /// The `p`-th percentile latency in ms (nearest rank over every latency).
    pub fn percentile(&self, p: f64) -> f64 {
        let mut sorted = self.latencies.clone();
        sorted.sort_unstable();
        let Some(last) = sorted.len().checked_sub(1) else {
            return f64::NAN;
        };
        let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
        sorted[rank.saturating_sub(1).min(last)].as_secs_f64() * 1000.0
    }
}

/// One row: a call at a number of clients, a sample per server.
#[derive(Debug, Clone)]
pub struct Row {
    /// The call's label.
    pub call: &'static str,
    /// Concurrent clients.
    pub clients: usize,
    /// One sample per server, in column order.
    pub samples: Vec<Sample>,
}

fn ms(value: f64) -> String {
    if value < 10.0 {
        format!("{value:.2}")
    } else if value < 100.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.0}")
    }
}

/// The Markdown table: req/s, p50 and p99 per server, then the first server's rate over
/// each other's.
pub fn markdown(names: &[String], rows: &[Row]) -> String {
    let mut out = String::from("| call | clients |");
    let mut rule = String::from("| --- | ---: |");
    for name in names {
        let _ = write!(out, " {name} req/s | p50 ms | p99 ms |");
        rule.push_str(" ---: | ---: | ---: |");
    }
    for name in names.iter().skip(1) {
        let _ = write!(out, " ÷ {name} |");
        rule.push_str(" ---: |");
    }
    out.push('\n');
    out.push_str(&rule);
    out.push('\n');
    for row in rows {
        let _ = write!(out, "| {} | {} |", row.call, row.clients);
        for sample in &row.samples {
            let _ = write!(
                out,
                " {:.0} | {} | {} |",
                sample.rate(),
                ms(sample.percentile(50.0)),
                ms(sample.percentile(99.0))
            );
        }
        let first = row.samples.first().map_or(0.0, Sample::rate);
        for sample in row.samples.iter().skip(1) {
            let _ = write!(out, " {:.1}× |", first / sample.rate());
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Sample;
    use std::time::Duration;

    #[test]
    fn rate_and_percentiles() {
        let mut sample = Sample::default();
        sample.add((1..=100).map(Duration::from_millis).collect(), 2.0);
        assert_eq!(sample.rate(), 50.0);
        assert_eq!(sample.percentile(50.0), 50.0);
        assert_eq!(sample.percentile(99.0), 99.0);
        assert!(Sample::default().percentile(50.0).is_nan());
    }
}
