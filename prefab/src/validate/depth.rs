//! Finds where JSON text nests too deeply, to name the path in the error.
//!
//! serde_json stops at 128 nested arrays/objects with "recursion limit exceeded" but no
//! path; this scanner re-reads the text (iteratively, so any depth is safe) and returns the
//! JSON path of the first container that crosses the limit.

/// One open container while scanning.
enum Frame {
    Object { key: Option<String>, want_key: bool },
    Array { index: usize },
}

/// The JSON path (`view.children[0]…`) of the first container nested deeper than `limit`,
/// or `None` when the text never nests that deep.
pub(crate) fn path_at_depth(text: &str, limit: usize) -> Option<String> {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if let Some(Frame::Object {
                    key,
                    want_key: want @ true,
                }) = stack.last_mut()
                {
                    let raw = text.get(start..i.min(bytes.len())).unwrap_or("");
                    *key = Some(
                        serde_json::from_str(&format!("\"{raw}\""))
                            .unwrap_or_else(|_| raw.to_owned()),
                    );
                    *want = false;
                }
            }
            open @ (b'{' | b'[') => {
                if stack.len() >= limit {
                    return Some(render(&stack));
                }
                stack.push(if open == b'{' {
                    Frame::Object {
                        key: None,
                        want_key: true,
                    }
                } else {
                    Frame::Array { index: 0 }
                });
            }
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Array { index }) => *index += 1,
                Some(Frame::Object { want_key, .. }) => *want_key = true,
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    None
}

fn render(stack: &[Frame]) -> String {
    let mut out = String::new();
    for frame in stack {
        match frame {
            Frame::Object { key: Some(k), .. } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Frame::Object { key: None, .. } => {}
            Frame::Array { index } => out.push_str(&format!("[{index}]")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::path_at_depth;

    #[test]
    fn names_the_path_where_the_limit_is_crossed() {
        let text = r#"{"view": {"type": "Column", "children": [{"a": 1}, {"b": [[1]]}]}}"#;
        assert_eq!(
            path_at_depth(text, 5).as_deref(),
            Some("view.children[1].b[0]")
        );
        assert_eq!(path_at_depth(text, 6), None);
    }
}
