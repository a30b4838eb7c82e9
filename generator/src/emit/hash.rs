//! A fast hasher for the emitters' own maps and sets, which are keyed by
//! names from the spec and never exposed to anyone who could choose keys to
//! collide them on purpose across runs (the SipHash default defends against
//! that at several times the cost). The mixing step is the one of the Rust
//! compiler's `FxHasher`: rotate, xor in a word, multiply.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            // The length keeps "a" and "a\0" apart.
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

pub type Map<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
pub type Set<K> = HashSet<K, BuildHasherDefault<FxHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    fn hash_of(value: impl Hash) -> u64 {
        BuildHasherDefault::<FxHasher>::default().hash_one(value)
    }

    #[test]
    fn different_strings_hash_differently() {
        let words = [
            "",
            "a",
            "a\0",
            "ab",
            "ba",
            "abcdefgh",
            "abcdefghi",
            "abcdefgh\0",
        ];
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                assert_ne!(hash_of(a), hash_of(b), "{a:?} {b:?}");
            }
        }
        assert_eq!(hash_of("same"), hash_of(String::from("same")));
    }

    #[test]
    fn maps_and_sets_work() {
        let mut map: Map<String, usize> = Map::default();
        let mut set: Set<String> = Set::default();
        for i in 0..1000 {
            map.insert(format!("name{i}"), i);
            set.insert(format!("name{i}"));
        }
        assert_eq!(map.len(), 1000);
        assert_eq!(map.get("name500"), Some(&500));
        assert!(set.contains("name999"));
        assert!(!set.contains("name1000"));
    }
}
