//! The page's LZMA decoder, `prefab-renderer/js/unlzma.js`, under node: the hand-written
//! source and its minified asset in `prefab/assets/` decode what liblzma writes (several
//! inputs, every kind of lc/lp/pb setting, three presets, the committed JavaScript engine)
//! and throw on every truncation of a stream and on corrupt ones. The cases are written to
//! a temporary folder; `prefab-renderer/js/unlzma.test.mjs` runs them and prints a summary.
#![allow(clippy::unwrap_used)]
use super::pack::{Lzma, PAGE, lzma_with, unlzma};
use crate::sh::root;
use std::path::PathBuf;

/// (lc, lp, pb): liblzma's default, the page's, the extremes, mixed ones.
const SETTINGS: [(u32, u32, u32); 8] = [
    (3, 0, 2),
    (4, 0, 0),
    (0, 0, 0),
    (0, 4, 4),
    (4, 0, 4),
    (1, 3, 1),
    (2, 2, 3),
    (0, 2, 0),
];

/// The inputs: empty, one byte, long runs, text, noise (xorshift), a mix, real JavaScript.
fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let mut seed = 0x2545_f491_u32;
    let mut noise = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed.to_le_bytes()[0]
    };
    let random: Vec<u8> = (0..20_000).map(|_| noise()).collect();
    let text = b"<Card><Text>row 12 \xc2\xb7 prefab</Text></Card>\n".repeat(300);
    let mut mixed = text[..3000].to_vec();
    mixed.extend_from_slice(&random[..5000]);
    mixed.extend_from_slice(&[0; 3000]);
    mixed.extend_from_slice(&text[..4000]);
    let glue = std::fs::read(root().join("prefab/assets/renderer.js")).unwrap();
    vec![
        ("empty", Vec::new()),
        ("one-byte", b"x".to_vec()),
        ("zeros", vec![0; 70_000]),
        ("text", text),
        ("random", random),
        ("mixed", mixed),
        ("glue", glue),
    ]
}

/// The cases file and the streams beside it, in a fresh temporary folder.
struct Cases {
    dir: PathBuf,
    list: Vec<serde_json::Value>,
}

impl Cases {
    /// Cases in a folder of their own (`tag` tells tests of one process apart).
    fn new(tag: &str) -> Self {
        let id = std::process::id();
        let dir = std::env::temp_dir().join(format!("prefab-unlzma-{tag}-{id}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Cases {
            dir,
            list: Vec::new(),
        }
    }

    /// `lzma` must decode to `expect`, or throw when `expect` is `None`.
    fn add(&mut self, name: String, lzma: &[u8], expect: Option<&[u8]>) {
        let n = self.list.len();
        let input = format!("{n}.lzma");
        std::fs::write(self.dir.join(&input), lzma).unwrap();
        let expect = expect.map(|bytes| {
            let file = format!("{n}.out");
            std::fs::write(self.dir.join(&file), bytes).unwrap();
            file
        });
        let case = serde_json::json!({"name": name, "input": input, "expect": expect});
        self.list.push(case);
    }

    /// Every cut of `lzma` short of its end, or `step`-spaced ones and the last 20.
    fn truncations(&mut self, name: &str, lzma: &[u8], step: usize) {
        for cut in (0..lzma.len()).filter(|&c| c % step == 0 || c + 20 >= lzma.len()) {
            self.add(format!("{name} cut to {cut} bytes"), &lzma[..cut], None);
        }
    }

    /// Corrupt variants of a good `lzma` stream: a wrong size, bad properties, flipped bytes.
    fn corruptions(&mut self, name: &str, lzma: &[u8]) {
        let mut variants: Vec<(String, Vec<u8>)> = Vec::new();
        for delta in [1i64, -1, 1000] {
            let mut bad = lzma.to_vec();
            let size = i64::from_le_bytes(bad[5..13].try_into().unwrap()) + delta;
            bad[5..13].copy_from_slice(&size.to_le_bytes());
            variants.push((format!("size {delta:+}"), bad));
        }
        let mut props = lzma.to_vec();
        props[0] = 225;
        variants.push(("properties 225".into(), props));
        for at in [14, 20, lzma.len() / 3, lzma.len() / 2, lzma.len() - 3] {
            let mut bad = lzma.to_vec();
            bad[at] ^= 0x5a;
            variants.push((format!("byte {at} flipped"), bad));
        }
        for (what, bad) in variants {
            self.add(format!("{name} with {what}"), &bad, None);
        }
    }

    /// Runs the node script on every case with both decoders; fails on any failure.
    fn run(self) {
        let cases = self.dir.join("cases.json");
        std::fs::write(&cases, serde_json::to_vec(&self.list).unwrap()).unwrap();
        let script = root().join("prefab-renderer/js/unlzma.test.mjs");
        let decoders = [
            root().join("prefab-renderer/js/unlzma.js"),
            root().join("prefab/assets/unlzma.js"),
        ];
        let args = [&script, &cases].into_iter().chain(&decoders);
        let Some(out) = super::node(args) else {
            return;
        };
        let stdout = String::from_utf8_lossy(&out.stdout);
        print!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "unlzma.test.mjs failed:\n{stdout}");
        let summary = format!("unlzma: {} passed, 0 failed", 2 * self.list.len());
        assert!(stdout.contains(&summary), "{stdout}");
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn unlzma_decodes_liblzma_streams_and_throws_on_truncated_or_corrupt_input() {
    let mut cases = Cases::new("liblzma");
    for (name, input) in inputs() {
        for (lc, lp, pb) in SETTINGS {
            let lzma = lzma_with(&input, Lzma::bits(lc, lp, pb)).unwrap();
            cases.add(
                format!("{name} lc={lc} lp={lp} pb={pb}"),
                &lzma,
                Some(&input),
            );
        }
        for preset in [0, PAGE.preset] {
            let lzma = lzma_with(&input, Lzma { preset, ..PAGE }).unwrap();
            cases.add(format!("{name} preset {preset:#x}"), &lzma, Some(&input));
        }
    }
    let (_, mixed) = inputs().swap_remove(5);
    let small = lzma_with(&mixed[..6000], PAGE).unwrap();
    cases.truncations("mixed", &small, 1);
    cases.corruptions("mixed", &small);
    cases.truncations("empty", &lzma_with(b"", PAGE).unwrap(), 1);
    cases.run();
}

/// The committed JavaScript engine (alone, and with the stylesheet and glue in front)
/// decodes to what liblzma reads from it, and throws when cut anywhere (every 4,999th byte,
/// and the last 20).
#[test]
fn unlzma_decodes_the_committed_engine_and_refuses_it_truncated() {
    let mut cases = Cases::new("engine");
    for name in ["renderer.wasm2js.lzma", "renderer.wasm2js-common.lzma"] {
        let engine = std::fs::read(root().join("prefab/assets").join(name)).unwrap();
        let decoded = unlzma(&engine).unwrap();
        cases.add(name.into(), &engine, Some(&decoded));
        cases.truncations(name, &engine, 4999);
    }
    cases.run();
}
