//! Microtasks and timers of the native backend, on a clock the caller advances.
//!
//! ```
//! use prefab_renderer::dom::arena::clock;
//! use std::{cell::Cell, rc::Rc};
//! let fired = Rc::new(Cell::new(0));
//! let f = fired.clone();
//! clock::timeout(&clock::once(move || f.set(f.get() + 1)), 100);
//! clock::advance(99.0);
//! assert_eq!(fired.get(), 0);
//! clock::advance(1.0);
//! assert_eq!(fired.get(), 1);
//! ```
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

/// Work to run later: a one-shot function (shared, so a queued copy and the caller's are
/// the same task; it runs at most once).
#[derive(Clone)]
pub struct Task(Rc<RefCell<Option<Job>>>);

type Job = Box<dyn FnOnce()>;

impl Task {
    fn run(&self) {
        let f = self.0.borrow_mut().take();
        if let Some(f) = f {
            f();
        }
    }
}

/// A [`Task`] running `f`.
pub fn once(f: impl FnOnce() + 'static) -> Task {
    Task(Rc::new(RefCell::new(Some(Box::new(f)))))
}

#[derive(Default)]
struct Clock {
    now: f64,
    next_id: i32,
    microtasks: VecDeque<Task>,
    /// (due time, handle, task), unordered.
    timers: Vec<(f64, i32, Task)>,
}

thread_local! {
    static CLOCK: RefCell<Clock> = RefCell::default();
}

/// Queues `task` to run at the next [`run_microtasks`].
pub fn microtask(task: &Task) {
    CLOCK.with(|c| c.borrow_mut().microtasks.push_back(task.clone()));
}

/// Runs `task` once the clock has advanced `ms` milliseconds; the handle for
/// [`clear_timeout`].
pub fn timeout(task: &Task, ms: i32) -> Option<i32> {
    CLOCK.with(|c| {
        let mut c = c.borrow_mut();
        c.next_id += 1;
        let (due, id) = (c.now + f64::from(ms.max(0)), c.next_id);
        c.timers.push((due, id, task.clone()));
        Some(id)
    })
}

/// Cancels a [`timeout`] (an unknown handle is ignored, as in a browser).
pub fn clear_timeout(handle: i32) {
    // `try_with`: a timer dropped while the thread ends finds the clock gone.
    let _ = CLOCK.try_with(|c| c.borrow_mut().timers.retain(|t| t.1 != handle));
}

/// Runs queued microtasks, and those they queue, until none is left (at most 100,000: a
/// task that keeps queueing itself ends there).
pub fn run_microtasks() {
    for _ in 0..100_000 {
        let Some(task) = CLOCK.with(|c| c.borrow_mut().microtasks.pop_front()) else {
            return;
        };
        task.run();
    }
}

/// The clock's time in milliseconds since this thread's first use.
#[must_use]
pub fn now() -> f64 {
    CLOCK.with(|c| c.borrow().now)
}

/// Advances the clock by `ms`, running every timer that falls due in order of due time
/// (microtasks first and after each timer, as in a browser).
pub fn advance(ms: f64) {
    run_microtasks();
    let end = now() + ms.max(0.0);
    loop {
        let next = CLOCK.with(|c| {
            let mut c = c.borrow_mut();
            let i = (0..c.timers.len())
                .filter(|&i| c.timers[i].0 <= end)
                .min_by(|&a, &b| {
                    c.timers[a]
                        .0
                        .total_cmp(&c.timers[b].0)
                        .then(c.timers[a].1.cmp(&c.timers[b].1))
                })?;
            let (due, _, task) = c.timers.remove(i);
            c.now = c.now.max(due);
            Some(task)
        });
        let Some(task) = next else { break };
        task.run();
        run_microtasks();
    }
    CLOCK.with(|c| c.borrow_mut().now = end);
}

/// Drops every queued microtask and pending timer (the clock keeps its time).
pub fn reset() {
    CLOCK.with(|c| {
        let mut c = c.borrow_mut();
        c.microtasks.clear();
        c.timers.clear();
    });
}

/// How many timers are pending.
#[must_use]
pub fn pending_timers() -> usize {
    CLOCK.with(|c| c.borrow().timers.len())
}

/// A timeout that is cancelled when dropped.
pub struct Timer(Option<i32>);

impl Timer {
    /// Runs `f` once the clock has advanced `ms`, unless the timer is dropped first.
    #[must_use]
    pub fn new(ms: i32, f: Box<dyn FnMut()>) -> Timer {
        Timer(timeout(&once(f), ms))
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        if let Some(handle) = self.0 {
            clear_timeout(handle);
        }
    }
}
