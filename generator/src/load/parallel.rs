//! Running independent pieces of the reading on every core.

use std::sync::Mutex;

/// How many threads to use: the cores there are.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Frees `value` on a thread of its own when there is a core to spare, so
/// the caller goes on at once (a big document takes tens of milliseconds to
/// free, node by node).
pub fn drop_in_background<T: Send + 'static>(value: T) {
    if threads() < 2 {
        return drop(value);
    }
    // If no thread can be started, the value comes back inside the error
    // and is freed here.
    let _ = std::thread::Builder::new().spawn(move || drop(value));
}

/// Applies `f` to every item on up to `threads` threads (the caller's among
/// them) and returns the results in the items' order, so the outcome is the
/// one a sequential `map` gives whenever `f` depends on its item only.
pub fn map_ordered<T: Send, R: Send>(
    items: Vec<T>,
    threads: usize,
    f: impl Fn(T) -> R + Sync,
) -> Vec<R> {
    let threads = threads.min(items.len());
    if threads < 2 {
        return items.into_iter().map(f).collect();
    }
    let count = items.len();
    let queue = Mutex::new(items.into_iter().enumerate());
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..count).map(|_| None).collect());
    let work = || loop {
        let next = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
        let Some((i, item)) = next else { break };
        let result = f(item);
        results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every item is taken by exactly one thread"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_items_order() {
        let items: Vec<u64> = (0..1000).collect();
        let squares = map_ordered(items.clone(), 4, |n| n * n);
        assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
        assert_eq!(map_ordered(vec![3], 4, |n: i32| n + 1), vec![4]);
        assert!(map_ordered(Vec::<i32>::new(), 2, |n| n).is_empty());
    }
}
