//! Substring search for the renderer's build: `str::find`, `contains` and `split_once` with a
//! `&str` pattern bring core's two-way searcher (~2 KB of wasm) for needles of a few bytes.

/// The byte offset of the first `needle` in `haystack` (`haystack.find(needle)`).
#[must_use]
pub fn find_str(haystack: &str, needle: &str) -> Option<usize> {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    // A match of a non-empty UTF-8 needle starts on a character boundary.
    (0..=h.len().checked_sub(n.len())?).find(|&i| h[i..].starts_with(n))
}

/// `haystack.contains(needle)`.
#[must_use]
pub fn has_str(haystack: &str, needle: &str) -> bool {
    find_str(haystack, needle).is_some()
}

/// `haystack.split_once(needle)`.
#[must_use]
pub fn split_str<'a>(haystack: &'a str, needle: &str) -> Option<(&'a str, &'a str)> {
    let i = find_str(haystack, needle)?;
    Some((&haystack[..i], &haystack[i + needle.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_as_str_does() {
        let hays = [
            "",
            "a",
            "{{",
            "x{{y}}z",
            "ab{}cd{}",
            "héllo wörld",
            "://*.a://b",
            "aaab",
        ];
        let needles = [
            "", "a", "{{", "}}", "{}", "ö", "wörld", "://", "://*.", "aab", "zz",
        ];
        for h in hays {
            for n in needles {
                assert_eq!(find_str(h, n), h.find(n), "{h:?} {n:?}");
                assert_eq!(has_str(h, n), h.contains(n), "{h:?} {n:?}");
                assert_eq!(split_str(h, n), h.split_once(n), "{h:?} {n:?}");
            }
        }
    }
}
