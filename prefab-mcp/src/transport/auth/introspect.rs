//! Checking an opaque token through the authorization server's RFC 7662 introspection
//! endpoint: it must be `active`, from this issuer, for this resource and not expired.
//! Answers are remembered for a short time (keyed by the token's SHA-256), and only a few
//! introspections run at once.
use super::Authorization;
use super::discovery::{AuthServer, Failure, client_auth, read_json};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::Semaphore;

/// How long an accepted token's answer is used (never past the token's `exp`).
const ACCEPTED_FOR: Duration = Duration::from_secs(30);
/// How long a refused token's answer is used.
const REFUSED_FOR: Duration = Duration::from_secs(10);
/// Answers remembered at most; the oldest goes first.
const MAX_ENTRIES: usize = 1024;
/// Introspection requests under way at once; more wait (at most the fetch timeout).
const CONCURRENT: usize = 8;

/// An introspection answer: the claims of an accepted token, or why it was refused.
type Verdict = Result<Map<String, Value>, Failure>;

/// One remembered answer.
struct Entry {
    verdict: Verdict,
    stored: Instant,
    until: Instant,
}

/// Remembered introspection answers and the bound on introspections under way.
pub(super) struct Introspector {
    cache: Mutex<HashMap<[u8; 32], Entry>>,
    permits: Semaphore,
}

impl Default for Introspector {
    fn default() -> Self {
        Introspector {
            cache: Mutex::default(),
            permits: Semaphore::new(CONCURRENT),
        }
    }
}

impl Introspector {
    /// The answer for `token`, remembered or asked for (a refusal because the
    /// authorization server is unavailable is never remembered).
    pub(super) async fn verify(
        &self,
        config: &Authorization,
        server: &AuthServer,
        token: &str,
    ) -> Verdict {
        if config.introspection_client.is_none() {
            return Err(Failure::invalid("the token is no JWT"));
        }
        let key: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        if let Some(verdict) = self.cached(&key, Instant::now()) {
            return verdict;
        }
        let wait = config.fetch_timeout.max(Duration::from_secs(1));
        let Ok(Ok(_permit)) = tokio::time::timeout(wait, self.permits.acquire()).await else {
            return Err(Failure::Unavailable(
                "too many introspections under way".into(),
            ));
        };
        // Another request may have asked while this one waited.
        if let Some(verdict) = self.cached(&key, Instant::now()) {
            return verdict;
        }
        let verdict = verify(config, server, token).await;
        self.remember(key, &verdict, Instant::now(), now());
        verdict
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<[u8; 32], Entry>> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The remembered answer for `key` at `at`, if still good.
    fn cached(&self, key: &[u8; 32], at: Instant) -> Option<Verdict> {
        let entries = self.entries();
        let entry = entries.get(key)?;
        (at < entry.until).then(|| entry.verdict.clone())
    }

    /// Remembers `verdict` from `at` (`epoch`: the same time in seconds since the epoch):
    /// an acceptance for [`ACCEPTED_FOR`] but never past `exp`, a refusal for
    /// [`REFUSED_FOR`], an unavailable server not at all.
    fn remember(&self, key: [u8; 32], verdict: &Verdict, at: Instant, epoch: u64) {
        let keep = match verdict {
            Ok(claims) => match claims.get("exp").and_then(Value::as_u64) {
                Some(exp) => ACCEPTED_FOR.min(Duration::from_secs(exp.saturating_sub(epoch))),
                None => ACCEPTED_FOR,
            },
            Err(Failure::Invalid(_)) => REFUSED_FOR,
            Err(Failure::Unavailable(_)) => return,
        };
        if keep.is_zero() {
            return;
        }
        let mut entries = self.entries();
        entries.retain(|_, entry| at < entry.until);
        if entries.len() >= MAX_ENTRIES && !entries.contains_key(&key) {
            let oldest = entries
                .iter()
                .min_by_key(|(_, entry)| entry.stored)
                .map(|(key, _)| *key);
            if let Some(oldest) = oldest {
                entries.remove(&oldest);
            }
        }
        let verdict = verdict.clone();
        entries.insert(
            key,
            Entry {
                verdict,
                stored: at,
                until: at + keep,
            },
        );
    }
}

/// The introspection answer for `token`, as claims, when it is valid for this resource.
async fn verify(config: &Authorization, server: &AuthServer, token: &str) -> Verdict {
    let Some(credentials) = &config.introspection_client else {
        return Err(Failure::invalid("the token is no JWT"));
    };
    let metadata = server.metadata().await?;
    let Some(endpoint) = metadata.introspection_endpoint else {
        return Err(Failure::Unavailable(format!(
            "the metadata of {} has no introspection_endpoint",
            config.issuer
        )));
    };
    let response = client_auth(server.client().post(&endpoint), credentials)
        .form(&[("token", token), ("token_type_hint", "access_token")])
        .send()
        .await
        .map_err(|e| Failure::Unavailable(format!("{endpoint}: {}", e.without_url())))?;
    if !response.status().is_success() {
        return Err(Failure::Unavailable(format!(
            "{endpoint}: HTTP {}",
            response.status()
        )));
    }
    let answer = read_json::<Map<String, Value>>(response)
        .await
        .map_err(|e| Failure::Unavailable(format!("{endpoint}: {e}")))?;
    check(config, answer, now())
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The checks of an introspection answer at time `now` (seconds since the epoch).
fn check(
    config: &Authorization,
    answer: Map<String, Value>,
    now: u64,
) -> Result<Map<String, Value>, Failure> {
    if answer.get("active") != Some(&Value::Bool(true)) {
        return Err(Failure::invalid("the token is not active"));
    }
    if let Some(iss) = answer.get("iss")
        && iss.as_str().map(|i| i.trim_end_matches('/'))
            != Some(config.issuer.trim_end_matches('/'))
    {
        return Err(Failure::invalid("the token is from another issuer"));
    }
    let for_us = match answer.get("aud") {
        Some(Value::String(aud)) => *aud == config.resource,
        Some(Value::Array(list)) => list.iter().any(|a| a.as_str() == Some(&config.resource)),
        _ => false,
    };
    if !for_us {
        return Err(Failure::invalid("the token is for another resource (aud)"));
    }
    let leeway = config.leeway.as_secs();
    if let Some(exp) = answer.get("exp").and_then(Value::as_u64)
        && exp.saturating_add(leeway) < now
    {
        return Err(Failure::invalid("the token has expired"));
    }
    if let Some(nbf) = answer.get("nbf").and_then(Value::as_u64)
        && nbf > now.saturating_add(leeway)
    {
        return Err(Failure::invalid("the token is not valid yet (nbf)"));
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::{Authorization, Failure, Introspector, MAX_ENTRIES, check};
    use serde_json::{Value, json};
    use std::time::{Duration, Instant};

    fn key(n: usize) -> [u8; 32] {
        let mut key = [0; 32];
        key[..8].copy_from_slice(&(n as u64).to_le_bytes());
        key
    }

    #[test]
    fn answers_are_remembered_briefly_and_never_past_exp() {
        let cache = Introspector::default();
        let t0 = Instant::now();
        let claims = |exp: u64| Ok(json!({"exp": exp}).as_object().cloned().unwrap_or_default());
        cache.remember(key(1), &claims(1_005), t0, 1_000);
        cache.remember(key(2), &claims(9_999), t0, 1_000);
        cache.remember(key(3), &Err(Failure::invalid("no")), t0, 1_000);
        cache.remember(key(4), &Err(Failure::Unavailable("down".into())), t0, 1_000);
        cache.remember(key(5), &claims(1_000), t0, 1_000);
        let at = |s: u64| t0 + Duration::from_secs(s);
        assert!(cache.cached(&key(1), at(4)).is_some());
        assert!(cache.cached(&key(1), at(5)).is_none(), "kept past exp");
        assert!(cache.cached(&key(2), at(29)).is_some());
        assert!(cache.cached(&key(2), at(30)).is_none());
        assert!(cache.cached(&key(3), at(9)).is_some_and(|v| v.is_err()));
        assert!(cache.cached(&key(3), at(10)).is_none());
        assert!(cache.cached(&key(4), t0).is_none(), "an outage was kept");
        assert!(cache.cached(&key(5), t0).is_none());
    }

    #[test]
    fn the_oldest_answer_makes_room() {
        let cache = Introspector::default();
        let t0 = Instant::now();
        for n in 0..=MAX_ENTRIES {
            let at = t0 + Duration::from_millis(n as u64);
            cache.remember(key(n), &Err(Failure::invalid("no")), at, 1_000);
        }
        assert_eq!(cache.entries().len(), MAX_ENTRIES);
        assert!(cache.cached(&key(0), t0).is_none());
        assert!(cache.cached(&key(1), t0).is_some());
        assert!(cache.cached(&key(MAX_ENTRIES), t0).is_some());
    }

    fn answer(value: Value) -> Result<(), Failure> {
        let config = Authorization::new("https://mcp.example/mcp", "https://as.example");
        let map = value.as_object().cloned().unwrap_or_default();
        check(&config, map, 1_000).map(|_| ())
    }

    #[test]
    fn introspection_answers_are_checked() {
        let good = json!({"active": true, "aud": "https://mcp.example/mcp", "exp": 1_010});
        assert_eq!(answer(good), Ok(()));
        let cases = [
            json!({"active": false}),
            json!({"active": true}),
            json!({"active": true, "aud": ["https://other.example"]}),
            json!({"active": true, "aud": "https://mcp.example/mcp", "iss": "https://evil.example"}),
            json!({"active": true, "aud": "https://mcp.example/mcp", "exp": 900}),
            json!({"active": true, "aud": "https://mcp.example/mcp", "nbf": 1_100}),
        ];
        for case in cases {
            assert!(
                matches!(answer(case.clone()), Err(Failure::Invalid(_))),
                "{case}"
            );
        }
        let skewed = json!({"active": true, "aud": ["https://mcp.example/mcp"], "exp": 980});
        assert_eq!(answer(skewed), Ok(()));
    }
}
