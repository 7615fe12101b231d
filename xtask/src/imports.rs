//! Short names for the functions the renderer imports from its JavaScript glue.
//!
//! wasm-bindgen names every import `__wbg_<method>_<16 hex digits>`; 200-odd such names
//! appear in the wasm's import section, twice in the glue (definition and table), and in the
//! wasm2js engine — hashes that no compressor can shrink (measured: 2.8 KB of the LZMA engine
//! and 2.6 KB of the gzip glue). Right after wasm-bindgen, [`shorten`] renames every function
//! import (all come from the glue's one module) to `w<base 36 index>` in the module and in the
//! glue, so the wasm, wasm2js and glue assets built from them agree.
use std::collections::HashMap;

/// Renames the function imports of `wasm` and every occurrence of their names (as whole
/// identifiers) in `glue`. Fails when a name is missing from the glue (its format changed).
pub fn shorten(wasm: &[u8], glue: &str) -> Result<(Vec<u8>, String), String> {
    let mut names: HashMap<String, String> = HashMap::new();
    let mut out = Vec::with_capacity(wasm.len());
    let header = wasm.get(..8).ok_or("wasm: no header")?;
    out.extend_from_slice(header);
    let mut at = 8;
    while at < wasm.len() {
        let id = wasm[at];
        let (size, body_at) = leb(wasm, at + 1)?;
        let body = wasm
            .get(body_at..body_at + size)
            .ok_or("wasm: section past the end")?;
        let body = if id == 2 {
            imports(body, &mut names)?
        } else {
            body.to_vec()
        };
        out.push(id);
        push_leb(&mut out, body.len());
        out.extend_from_slice(&body);
        at = body_at + size;
    }
    if names.is_empty() {
        return Err("wasm-bindgen output changed: the module imports no function".into());
    }
    let glue = rename_identifiers(glue, &names);
    for new in names.values() {
        if !has_identifier(&glue, new) {
            return Err(format!(
                "wasm-bindgen glue changed: import {new} is not defined in it"
            ));
        }
    }
    Ok((out, glue))
}

/// The import section `body` with function names replaced; records old → new in `names`.
fn imports(body: &[u8], names: &mut HashMap<String, String>) -> Result<Vec<u8>, String> {
    let (count, mut at) = leb(body, 0)?;
    let mut out = Vec::with_capacity(body.len());
    push_leb(&mut out, count);
    for _ in 0..count {
        let (module, next) = name(body, at)?;
        let (field, next) = name(body, next)?;
        let desc_end = skip_desc(body, next)?;
        push_leb(&mut out, module.len());
        out.extend_from_slice(module);
        if body.get(next) == Some(&0) {
            let old = String::from_utf8_lossy(field).into_owned();
            let index = names.len();
            let new = names
                .entry(old)
                .or_insert_with(|| format!("w{}", base36(index)));
            push_leb(&mut out, new.len());
            out.extend_from_slice(new.as_bytes());
        } else {
            push_leb(&mut out, field.len());
            out.extend_from_slice(field);
        }
        out.extend_from_slice(&body[next..desc_end]);
        at = desc_end;
    }
    Ok(out)
}

fn name(bytes: &[u8], at: usize) -> Result<(&[u8], usize), String> {
    let (len, start) = leb(bytes, at)?;
    let text = bytes
        .get(start..start + len)
        .ok_or("wasm: import name past the end")?;
    Ok((text, start + len))
}

/// The end of the import description starting at `at`.
fn skip_desc(bytes: &[u8], at: usize) -> Result<usize, String> {
    let kind = *bytes.get(at).ok_or("wasm: import kind past the end")?;
    let limits = |at: usize| -> Result<usize, String> {
        let flags = *bytes.get(at).ok_or("wasm: limits past the end")?;
        let (_, next) = leb(bytes, at + 1)?;
        if flags & 1 == 1 {
            Ok(leb(bytes, next)?.1)
        } else {
            Ok(next)
        }
    };
    match kind {
        0 => Ok(leb(bytes, at + 1)?.1),
        1 => limits(at + 2),
        2 => limits(at + 1),
        3 => Ok(at + 3),
        other => Err(format!("wasm: unknown import kind {other}")),
    }
}

fn leb(bytes: &[u8], mut at: usize) -> Result<(usize, usize), String> {
    let mut value = 0usize;
    let mut shift = 0;
    loop {
        let byte = *bytes.get(at).ok_or("wasm: LEB128 past the end")?;
        at += 1;
        value |= usize::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok((value, at));
        }
        shift += 7;
        if shift > 28 {
            return Err("wasm: LEB128 too long".into());
        }
    }
}

fn push_leb(out: &mut Vec<u8>, mut value: usize) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn base36(mut n: usize) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8_lossy(&out).into_owned()
}

fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// `text` with every identifier found in `names` (a maximal run of identifier characters)
/// replaced by its new name.
fn rename_identifiers(text: &str, names: &HashMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(is_identifier_char) {
        out.push_str(&rest[..start]);
        let word = &rest[start..];
        let end = word.find(|c| !is_identifier_char(c)).unwrap_or(word.len());
        let ident = &word[..end];
        out.push_str(names.get(ident).map_or(ident, String::as_str));
        rest = &word[end..];
    }
    out.push_str(rest);
    out
}

fn has_identifier(text: &str, ident: &str) -> bool {
    text.match_indices(ident).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + ident.len()..].chars().next();
        !before.is_some_and(is_identifier_char) && !after.is_some_and(is_identifier_char)
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A module importing `./renderer_bg.js`'s `__wbg_log_0123456789abcdef` (a function)
    /// and `env.memory`.
    fn module() -> Vec<u8> {
        let mut section = vec![2];
        for (module, field, desc) in [
            (
                "./renderer_bg.js",
                "__wbg_log_0123456789abcdef",
                &[0u8, 0][..],
            ),
            ("env", "memory", &[2, 0, 1][..]),
        ] {
            section.push(module.len() as u8);
            section.extend_from_slice(module.as_bytes());
            section.push(field.len() as u8);
            section.extend_from_slice(field.as_bytes());
            section.extend_from_slice(desc);
        }
        let mut wasm = b"\0asm\x01\0\0\0".to_vec();
        wasm.extend_from_slice(&[1, 4, 1, 0x60, 0, 0]); // type section: () -> ()
        wasm.push(2);
        wasm.push(section.len() as u8);
        wasm.extend_from_slice(&section);
        wasm
    }

    #[test]
    fn function_imports_get_short_names_in_the_module_and_the_glue() {
        let glue = "i[\"./renderer_bg.js\"].__wbg_log_0123456789abcdef=function(){};x.__wbg_log_0123456789abcdefX=1;";
        let (wasm, glue) = shorten(&module(), glue).unwrap();
        let text = String::from_utf8_lossy(&wasm);
        assert!(text.contains("renderer_bg.js\u{2}w0"), "{text:?}");
        assert!(text.contains("\u{3}env\u{6}memory"));
        assert!(!text.contains("__wbg_log"));
        // Only whole identifiers are renamed.
        assert_eq!(
            glue,
            "i[\"./renderer_bg.js\"].w0=function(){};x.__wbg_log_0123456789abcdefX=1;"
        );
    }

    #[test]
    fn an_import_the_glue_does_not_define_is_an_error() {
        let err = shorten(&module(), "nothing here").unwrap_err();
        assert!(err.contains("import w0"), "{err}");
    }

    #[test]
    fn base36_counts() {
        assert_eq!(
            [0, 9, 10, 35, 36, 1295].map(base36),
            ["0", "9", "a", "z", "10", "zz"]
        );
    }
}
