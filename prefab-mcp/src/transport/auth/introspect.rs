//! Checking an opaque token through the authorization server's RFC 7662 introspection
//! endpoint: it must be `active`, from this issuer, for this resource and not expired.
use super::Authorization;
use super::discovery::{AuthServer, Failure, client_auth, read_json};
use serde_json::{Map, Value};
use std::time::{SystemTime, UNIX_EPOCH};

/// The introspection answer for `token`, as claims, when it is valid for this resource.
pub(super) async fn verify(
    config: &Authorization,
    server: &AuthServer,
    token: &str,
) -> Result<Map<String, Value>, Failure> {
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
    use super::{Authorization, Failure, check};
    use serde_json::{Value, json};

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
