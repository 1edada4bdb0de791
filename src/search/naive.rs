//! The naive breadth-first search: a hash map from whole states to distances, with
//! no index (as seed 002's Python program does). Used to check the table search on
//! small spaces and as the baseline of `permlab bench search`.

use super::space::StateSpace;
use std::collections::{HashMap, VecDeque};

/// The distance distribution of the space by a queue and a hash map of states
/// (from the goals with the inverse moves, as [`super::bfs::bfs`]).
pub fn naive_bfs<S: StateSpace>(space: &S) -> Vec<u64> {
    let mut dist: HashMap<Vec<u8>, u32> = HashMap::new();
    let mut queue = VecDeque::new();
    for g in space.goals() {
        if dist.insert(g.clone(), 0).is_none() {
            queue.push_back(g);
        }
    }
    let mut distribution: Vec<u64> = Vec::new();
    let mut t = vec![0u8; space.width()];
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        if distribution.len() <= d as usize {
            distribution.push(0);
        }
        distribution[d as usize] += 1;
        for m in 0..space.move_count() {
            space.apply(m, true, &s, &mut t);
            if !dist.contains_key(&t) {
                dist.insert(t.clone(), d + 1);
                queue.push_back(t.clone());
            }
        }
    }
    distribution
}
