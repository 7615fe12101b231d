//! The browser build's global allocator: power-of-two size classes, each with a free list,
//! carved from memory the module grows itself.
//!
//! It replaces std's dlmalloc in the `wasm32-unknown-unknown` build only (natively std's
//! allocator stays), because it is a fraction of dlmalloc's code: the renderer ships as
//! wasm and as its JavaScript translation in every page, so ~4 KB of allocator code cost
//! ~2.5 KB of the default viewer. Allocation and release are O(1) (pop or push one list;
//! no search, no coalescing). A request takes the smallest class that holds its size and
//! alignment (8 bytes at least); every block is aligned to its own size (blocks are carved
//! at multiples of their size, and the gap before one is cut into smaller blocks for their
//! lists), so any alignment up to the size holds. A released block waits in its class's
//! list for the next request of that class; memory is never returned (a wasm memory cannot
//! shrink).
//!
//! The page runs one thread, so the lists need no lock (`Sync` is declared for that reason:
//! the module is not built with threads).
#![allow(unsafe_code)]
// Natively (and with the `dlmalloc` feature) only its tests use it.
#![cfg_attr(
    any(not(target_arch = "wasm32"), feature = "dlmalloc"),
    allow(dead_code)
)]

use std::alloc::Layout;
use std::cell::UnsafeCell;

/// Size classes: 2^3 (8 bytes) up to 2^31.
const CLASSES: usize = 32;
/// The smallest class: room for the free list's link.
const MIN_CLASS: usize = 3;
/// A wasm page.
const PAGE: usize = 1 << 16;
/// The fewest pages grown at once (1 MiB).
const MIN_GROW: usize = 16;

/// The allocator's state: each class's free list (the first free block, whose first word
/// links the next) and the unused memory `[next, end)`.
pub struct Heap(UnsafeCell<State>);

struct State {
    free: [usize; CLASSES],
    next: usize,
    end: usize,
}

// SAFETY: the wasm32-unknown-unknown build runs on one thread (no atomics, no workers
// sharing its memory), so the state is never touched by two threads.
unsafe impl Sync for Heap {}

impl Heap {
    /// An empty heap: the first allocation grows the memory.
    #[must_use]
    pub const fn new() -> Heap {
        Heap(UnsafeCell::new(State {
            free: [0; CLASSES],
            next: 0,
            end: 0,
        }))
    }
}

impl Default for Heap {
    fn default() -> Self {
        Heap::new()
    }
}

/// The class of `layout`: `k` with 2^k ≥ its size and alignment, at least [`MIN_CLASS`].
fn class(layout: Layout) -> usize {
    let size = layout.size().max(layout.align()).max(1 << MIN_CLASS);
    (usize::BITS - (size - 1).leading_zeros()) as usize
}

impl State {
    /// A block of class `k`: from its list, else carved from `[next, end)`, growing memory
    /// with `grow` (pages wanted → address of the first new page, or `usize::MAX`) and
    /// `pages` (the memory's size in pages).
    unsafe fn take(
        &mut self,
        k: usize,
        grow: impl Fn(usize) -> usize,
        pages: impl Fn() -> usize,
    ) -> *mut u8 {
        if k >= CLASSES {
            return std::ptr::null_mut();
        }
        let head = self.free[k];
        if head != 0 {
            // SAFETY: a listed block is free, aligned and at least 8 bytes: its first word
            // is the link written by `put`.
            self.free[k] = unsafe { *(head as *const usize) };
            return head as *mut u8;
        }
        let size = 1usize << k;
        loop {
            let start = (self.next + size - 1) & !(size - 1);
            let stop = start.saturating_add(size);
            if stop <= self.end {
                // The gap before the aligned start, as naturally aligned smaller blocks.
                while self.next < start {
                    let free = self.next & self.next.wrapping_neg();
                    let piece =
                        1usize << (usize::BITS - 1 - free.min(start - self.next).leading_zeros());
                    // SAFETY: the piece is unused memory, aligned to its size (≥ 8: `next`
                    // only moves by multiples of 8).
                    unsafe { self.put(self.next as *mut u8, piece.trailing_zeros() as usize) };
                    self.next += piece;
                }
                self.next = stop;
                return start as *mut u8;
            }
            // Grow by what the block needs, and at least by 1 MiB or an eighth of the
            // memory: few growths (the JavaScript engine copies its memory on each).
            let need = (stop - self.end.min(stop)).div_ceil(PAGE);
            let more = need.max(MIN_GROW).max(pages() / 8);
            let old = grow(more);
            if old == usize::MAX {
                return std::ptr::null_mut();
            }
            if old != self.end {
                // First use (or memory grown elsewhere): carve from the new pages.
                self.next = old;
            }
            self.end = old + more * PAGE;
        }
    }

    /// Returns a block of class `k` to its list.
    unsafe fn put(&mut self, block: *mut u8, k: usize) {
        // SAFETY: the block is free, aligned and at least 8 bytes long.
        unsafe { *(block as *mut usize) = self.free[k] };
        self.free[k] = block as usize;
    }
}

/// Grows the memory by `pages`: the address where the new pages start, or `usize::MAX`.
#[cfg(target_arch = "wasm32")]
fn grow(pages: usize) -> usize {
    let old = core::arch::wasm32::memory_grow(0, pages);
    if old == usize::MAX {
        usize::MAX
    } else {
        old * PAGE
    }
}

/// The memory's size in pages.
#[cfg(target_arch = "wasm32")]
fn size_pages() -> usize {
    core::arch::wasm32::memory_size(0)
}

// SAFETY: blocks of one class never overlap (each is carved once from `[next, end)` or
// reused after `dealloc`), are aligned to their size, and a block is only listed while free.
#[cfg(target_arch = "wasm32")]
unsafe impl std::alloc::GlobalAlloc for Heap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: one thread (see `Sync`); no reentrancy (nothing here allocates).
        unsafe { (*self.0.get()).take(class(layout), grow, size_pages) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with this layout, so of this class.
        unsafe { (*self.0.get()).put(ptr, class(layout)) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Ok(new) = Layout::from_size_align(new_size, layout.align()) else {
            return std::ptr::null_mut();
        };
        if class(new) == class(layout) {
            return ptr;
        }
        // SAFETY: as `alloc`; the old block is valid for `layout.size()` bytes.
        unsafe {
            let fresh = self.alloc(new);
            if !fresh.is_null() {
                std::ptr::copy_nonoverlapping(ptr, fresh, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            fresh
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A stand-in memory: `pages` pages at a page-aligned address, handed out by `grow`.
    struct Memory {
        base: usize,
        used: std::cell::Cell<usize>,
        limit: usize,
    }

    impl Memory {
        fn new(limit: usize) -> (Memory, Layout) {
            let layout = Layout::from_size_align(limit * PAGE, PAGE).unwrap();
            // SAFETY: a non-zero size.
            let base = unsafe { std::alloc::alloc_zeroed(layout) } as usize;
            assert_ne!(base, 0);
            let memory = Memory {
                base,
                used: std::cell::Cell::new(1),
                limit,
            };
            (memory, layout)
        }

        fn grow(&self, pages: usize) -> usize {
            let old = self.used.get();
            if old + pages > self.limit {
                return usize::MAX;
            }
            self.used.set(old + pages);
            self.base + old * PAGE
        }
    }

    fn take(state: &mut State, memory: &Memory, size: usize, align: usize) -> usize {
        let layout = Layout::from_size_align(size, align).unwrap();
        // SAFETY: the stand-in memory is real, owned memory.
        unsafe { state.take(class(layout), |p| memory.grow(p), || memory.used.get()) as usize }
    }

    #[test]
    fn classes_hold_size_and_alignment() {
        let class_of = |size, align| class(Layout::from_size_align(size, align).unwrap());
        assert_eq!(class_of(1, 1), 3);
        assert_eq!(class_of(8, 8), 3);
        assert_eq!(class_of(9, 1), 4);
        assert_eq!(class_of(16, 16), 4);
        assert_eq!(class_of(4, 64), 6);
        assert_eq!(class_of(100_000, 8), 17);
    }

    #[test]
    fn blocks_are_aligned_disjoint_and_reused_after_release() {
        let (memory, layout) = Memory::new(512);
        let mut state = State {
            free: [0; CLASSES],
            next: 0,
            end: 0,
        };
        let mut blocks: Vec<(usize, usize)> = Vec::new();
        for (i, size) in [8, 24, 4096, 3, 70_000, 16, 1 << 20, 200, 64]
            .iter()
            .cycle()
            .take(90)
            .enumerate()
        {
            let align = [1, 8, 16, 64][i % 4];
            let at = take(&mut state, &memory, *size, align);
            assert_ne!(at, 0, "block {i} of {size} bytes");
            let span = 1 << class(Layout::from_size_align(*size, align).unwrap());
            assert_eq!(at % span, 0, "aligned to its size");
            assert!(at >= memory.base && at + span <= memory.base + memory.used.get() * PAGE);
            for &(other, other_span) in &blocks {
                assert!(at + span <= other || other + other_span <= at, "overlap");
            }
            blocks.push((at, span));
        }
        // A released block is the next one of its class.
        let (at, span) = blocks[1];
        // SAFETY: the block is one `take` handed out, of class log2(span).
        unsafe { state.put(at as *mut u8, span.trailing_zeros() as usize) };
        assert_eq!(take(&mut state, &memory, 24, 1), at);
        // Out of memory is a null pointer, not a wrong block.
        assert_eq!(take(&mut state, &memory, 1 << 30, 8), 0);
        // SAFETY: allocated above with this layout.
        unsafe { std::alloc::dealloc(memory.base as *mut u8, layout) };
    }
}
