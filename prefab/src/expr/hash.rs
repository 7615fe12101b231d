//! The hash map used by the expression engine and the wasm renderer.
//!
//! Natively it is std's `HashMap` with its randomly keyed SipHash. In the browser build
//! (`wasm32-unknown-unknown`) it uses a small multiply-rotate hasher instead: SipHash and
//! its random keys cost several kilobytes of wasm, and the maps there hold the state and
//! rows of one page in its own tab. Build maps with `HashMap::default()` or
//! `HashMap::with_capacity_and_hasher(n, Default::default())`.
//!
//! ```
//! let mut m: prefab::expr::HashMap<&str, u32> = prefab::expr::HashMap::default();
//! m.insert("a", 1);
//! assert_eq!(m.get("a"), Some(&1));
//! ```

/// A `std::collections::HashMap` with the platform's hasher (see the module docs).
pub type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasher>;

/// The hasher builder of [`HashMap`].
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub type BuildHasher = std::collections::hash_map::RandomState;

/// The hasher builder of [`HashMap`].
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub type BuildHasher = std::hash::BuildHasherDefault<SmallHasher>;

/// Multiply-rotate hashing of whole words (the scheme of rustc's FxHash).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
#[derive(Default, Clone, Copy)]
pub struct SmallHasher(u64);

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
impl SmallHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
impl std::hash::Hasher for SmallHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0_u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0_u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 56));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
