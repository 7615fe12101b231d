//! Short names for the functions the renderer imports from its JavaScript glue.
//!
//! wasm-bindgen names every import `__wbg_<method>_<16 hex digits>`; 200-odd such names
//! appear in the wasm's import section, twice in the glue (definition and table), and in the
//! wasm2js engine — hashes that no compressor can shrink (measured: 2.8 KB of the LZMA engine
//! and 2.6 KB of the gzip glue). Right after wasm-bindgen, [`shorten`] renames every function
//! import (all come from the glue's one module) to `w<base 36 index>` in the module and in the
//! glue, so the wasm, wasm2js and glue assets built from them agree.
//!
//! The module is read with `wasmparser` and written back with `wasm-encoder`: the import
//! section is encoded anew, every other section is copied as it is.
use std::collections::HashMap;
use wasm_encoder::reencode::{Reencode, RoundtripReencoder};
use wasm_encoder::{ImportSection, Module};
use wasmparser::{Parser, Payload, TypeRef};

/// Renames the function imports of `wasm` and every occurrence of their names (as whole
/// identifiers) in `glue`. Fails when a name is missing from the glue (its format changed).
pub fn shorten(wasm: &[u8], glue: &str) -> Result<(Vec<u8>, String), String> {
    let mut names: HashMap<String, String> = HashMap::new();
    let mut module = Module::new();
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload.map_err(|e| format!("wasm: {e}"))?;
        if let Payload::ImportSection(reader) = payload {
            module.section(&imports(reader, &mut names)?);
        } else if let Some(section) = super::raw_section(wasm, &payload)? {
            module.section(&section);
        }
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
    Ok((module.finish(), glue))
}

/// The import section with function names replaced; records old → new in `names`.
fn imports(
    reader: wasmparser::ImportSectionReader<'_>,
    names: &mut HashMap<String, String>,
) -> Result<ImportSection, String> {
    let mut section = ImportSection::new();
    for import in reader.into_imports() {
        let import = import.map_err(|e| format!("wasm import: {e}"))?;
        let ty = RoundtripReencoder
            .entity_type(import.ty)
            .map_err(|e| format!("wasm import {}: {e}", import.name))?;
        let name = if matches!(import.ty, TypeRef::Func(_)) {
            let index = names.len();
            names
                .entry(import.name.to_string())
                .or_insert_with(|| format!("w{}", base36(index)))
        } else {
            import.name
        };
        section.import(import.module, name, ty);
    }
    Ok(section)
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
    /// and `env.memory`, with a custom section after the imports.
    fn module() -> Vec<u8> {
        use wasm_encoder::{CustomSection, EntityType, MemoryType, TypeSection};
        let mut types = TypeSection::new();
        types.ty().function([], []);
        let mut imports = ImportSection::new();
        imports.import(
            "./renderer_bg.js",
            "__wbg_log_0123456789abcdef",
            EntityType::Function(0),
        );
        imports.import(
            "env",
            "memory",
            MemoryType {
                minimum: 1,
                maximum: Some(2),
                memory64: false,
                shared: false,
                page_size_log2: None,
            },
        );
        let mut module = Module::new();
        module
            .section(&types)
            .section(&imports)
            .section(&CustomSection {
                name: "note".into(),
                data: b"kept as it is".into(),
            });
        module.finish()
    }

    /// (module, name, is a function) of every import of `wasm`.
    fn imported(wasm: &[u8]) -> Vec<(String, String, bool)> {
        let mut out = Vec::new();
        for payload in Parser::new(0).parse_all(wasm) {
            if let Payload::ImportSection(reader) = payload.unwrap() {
                for import in reader.into_imports() {
                    let import = import.unwrap();
                    let func = matches!(import.ty, TypeRef::Func(0));
                    out.push((import.module.into(), import.name.into(), func));
                }
            }
        }
        out
    }

    #[test]
    fn function_imports_get_short_names_in_the_module_and_the_glue() {
        let glue = "i[\"./renderer_bg.js\"].__wbg_log_0123456789abcdef=function(){};x.__wbg_log_0123456789abcdefX=1;";
        let before = module();
        let (wasm, glue) = shorten(&before, glue).unwrap();
        wasmparser::Validator::new().validate_all(&wasm).unwrap();
        assert_eq!(
            imported(&wasm),
            [
                ("./renderer_bg.js".into(), "w0".into(), true),
                ("env".into(), "memory".into(), false)
            ]
        );
        // The other sections are copied byte for byte, and the module shrinks by exactly
        // the name's length difference.
        assert!(wasm.ends_with(b"\x04notekept as it is"));
        assert_eq!(
            before.len() - wasm.len(),
            "__wbg_log_0123456789abcdef".len() - 2
        );
        // Only whole identifiers are renamed.
        assert_eq!(
            glue,
            "i[\"./renderer_bg.js\"].w0=function(){};x.__wbg_log_0123456789abcdefX=1;"
        );
    }

    #[test]
    fn a_module_that_is_not_wasm_is_an_error() {
        let err = shorten(b"\0asm\x01\0\0\0\x02\x05", "").unwrap_err();
        assert!(err.starts_with("wasm"), "{err}");
        let err = shorten(&module()[..8], "").unwrap_err();
        assert!(err.contains("imports no function"), "{err}");
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
