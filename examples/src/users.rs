//! A deterministic set of generated users for the example servers.
use serde::Serialize;

/// One user row.
///
/// ```
/// let users = examples::users::users(3);
/// assert_eq!(users[0].id, 1);
/// assert!(users[2].email.ends_with("@example.com"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct User {
    /// 1-based id.
    pub id: u32,
    /// Full name.
    pub name: String,
    /// E-mail address.
    pub email: String,
    /// `admin`, `editor` or `viewer`.
    pub role: &'static str,
    /// Whether the account is active.
    pub active: bool,
}

const FIRST: [&str; 12] = [
    "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Radia", "Ken",
    "Lynn", "Niklaus",
];
const LAST: [&str; 10] = [
    "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Backus", "Perlman",
    "Thompson",
];
const ROLES: [&str; 3] = ["admin", "editor", "viewer"];

/// `count` users with varied names, roles and states; the same list on every call.
#[must_use]
pub fn users(count: u32) -> Vec<User> {
    (1..=count)
        .map(|id| {
            let i = id as usize;
            let first = FIRST[i % FIRST.len()];
            let last = LAST[(i * 7) % LAST.len()];
            User {
                id,
                name: [first, " ", last].concat(),
                email: email(first, last, id),
                role: ROLES[if i.is_multiple_of(10) { 0 } else { 1 + i % 2 }],
                active: !i.is_multiple_of(7),
            }
        })
        .collect()
}

/// `first.last{id}@example.com`, lowercased, in one allocation (`format!` with two
/// `to_lowercase()` made three and grew its buffer). The names are ASCII (a test checks it),
/// so lowercasing is per byte: `char::to_lowercase` per character was 8.9% of `prefab
/// serve`'s samples under `show_users` load (`benches/README.md`).
fn email(first: &str, last: &str, id: u32) -> String {
    use std::fmt::Write;
    const DOMAIN: &str = "@example.com";
    let digits = id.checked_ilog10().unwrap_or(0) as usize + 1;
    let mut out = String::with_capacity(first.len() + 1 + last.len() + digits + DOMAIN.len());
    out.push_str(first);
    out.push('.');
    out.push_str(last);
    out.make_ascii_lowercase();
    // Writing into a `String` cannot fail.
    let _ = write!(out, "{id}");
    out.push_str(DOMAIN);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_and_emails_are_the_formatted_ones() {
        // `email` lowercases per byte.
        assert!(
            super::FIRST
                .iter()
                .chain(&super::LAST)
                .all(|n| n.is_ascii())
        );
        for user in super::users(1200) {
            let (first, last) = user.name.split_once(' ').unwrap_or_default();
            let email = format!(
                "{}.{}{}@example.com",
                first.to_lowercase(),
                last.to_lowercase(),
                user.id
            );
            assert_eq!(user.email, email);
            assert!(super::FIRST.contains(&first) && super::LAST.contains(&last));
        }
    }
}
