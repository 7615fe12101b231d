//! Checking a JWT access token: an allowed asymmetric algorithm, a key of the issuer's
//! JWKS, the `at+jwt` type, then `iss`, `aud`, `exp` and `nbf` (with leeway) and the
//! maximum lifetime.
use super::Authorization;
use super::discovery::{AuthServer, Failure};
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, AlgorithmFamily, DecodingKey, Validation};
use serde_json::{Map, Value};

/// Whether `token` has the shape of a JWS in compact form (three base64url parts).
pub(super) fn looks_like_jwt(token: &str) -> bool {
    let parts: Vec<&str> = token.split('.').collect();
    parts.len() == 3
        && parts.iter().take(2).all(|p| !p.is_empty())
        && parts.iter().all(|p| {
            p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

/// Whether `config` accepts tokens signed with `alg`: listed, and never an HMAC.
fn accepted(config: &Authorization, alg: Algorithm) -> bool {
    alg.family() != AlgorithmFamily::Hmac && config.algorithms.contains(&alg)
}

/// The validated claims of `token`.
pub(super) async fn verify(
    config: &Authorization,
    server: &AuthServer,
    token: &str,
) -> Result<Map<String, Value>, Failure> {
    // `alg: none` (no `Algorithm` variant) fails here too.
    let header = jsonwebtoken::decode_header(token)
        .map_err(|_| Failure::invalid("the token is no JWT with a supported algorithm"))?;
    if !accepted(config, header.alg) {
        return Err(Failure::invalid("the token's algorithm is not accepted"));
    }
    if !typ_accepted(config, header.typ.as_deref()) {
        return Err(Failure::invalid(
            "the token is no access token (typ is not at+jwt)",
        ));
    }
    let jwk = server.key(header.kid.as_deref()).await?;
    if let Some(key_alg) = jwk.common.key_algorithm
        && key_alg.to_string().parse::<Algorithm>().ok() != Some(header.alg)
    {
        return Err(Failure::invalid(
            "the token's algorithm does not fit its key",
        ));
    }
    let key = DecodingKey::from_jwk(&jwk)
        .map_err(|_| Failure::invalid("the issuer's key cannot be used"))?;
    let mut validation = Validation::new(header.alg);
    validation.leeway = config.leeway.as_secs();
    validation.validate_nbf = true;
    validation.set_issuer(&[&config.issuer]);
    validation.set_audience(&[&config.resource]);
    validation.set_required_spec_claims(&["exp", "iss", "aud"]);
    let claims = jsonwebtoken::decode::<Map<String, Value>>(token, &key, &validation)
        .map(|data| data.claims)
        .map_err(|e| Failure::invalid(reason(e.kind())))?;
    check_lifetime(config, &claims, now())?;
    Ok(claims)
}

/// Whether a token of type `typ` is taken as an access token: RFC 9068's `at+jwt` always;
/// the generic `JWT` and no `typ` only when [`Authorization::accept_generic_typ`] says so
/// (an ID token or another JWT of the same issuer carries those).
fn typ_accepted(config: &Authorization, typ: Option<&str>) -> bool {
    let typ = typ.map(|t| t.to_ascii_lowercase());
    let typ = typ
        .as_deref()
        .map(|t| t.strip_prefix("application/").unwrap_or(t));
    match typ {
        Some("at+jwt") => true,
        Some("jwt") | None => config.accept_generic_typ,
        Some(_) => false,
    }
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// [`Authorization::max_lifetime`]: `exp` no further than that from now (with leeway), nor
/// from `iat` when the token has one.
fn check_lifetime(
    config: &Authorization,
    claims: &Map<String, Value>,
    now: u64,
) -> Result<(), Failure> {
    let Some(max) = config.max_lifetime else {
        return Ok(());
    };
    let max = max.as_secs();
    let exp = claims
        .get("exp")
        .and_then(Value::as_u64)
        .unwrap_or(u64::MAX);
    let from_now = exp.saturating_sub(now) > max.saturating_add(config.leeway.as_secs());
    let from_iat = claims
        .get("iat")
        .and_then(Value::as_u64)
        .is_some_and(|iat| exp.saturating_sub(iat) > max);
    if from_now || from_iat {
        return Err(Failure::invalid(
            "the token lives longer than this resource allows",
        ));
    }
    Ok(())
}

fn reason(kind: &ErrorKind) -> String {
    match kind {
        ErrorKind::InvalidSignature => "the signature does not verify".into(),
        ErrorKind::ExpiredSignature => "the token has expired".into(),
        ErrorKind::ImmatureSignature => "the token is not valid yet (nbf)".into(),
        ErrorKind::InvalidIssuer => "the token is from another issuer".into(),
        ErrorKind::InvalidAudience => "the token is for another resource (aud)".into(),
        ErrorKind::MissingRequiredClaim(claim) => format!("the token has no {claim} claim"),
        ErrorKind::InvalidAlgorithm => "the token's algorithm does not fit its key".into(),
        _ => "the token is malformed".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::looks_like_jwt;

    #[test]
    fn jwt_shape() {
        assert!(looks_like_jwt("eyJh.eyJi.c2ln"));
        assert!(looks_like_jwt("eyJh.eyJi."));
        assert!(!looks_like_jwt("opaque-token"));
        assert!(!looks_like_jwt("a.b.c.d"));
        assert!(!looks_like_jwt("a+b.c.d"));
    }
}
