//! Spent lists kept for the next node instead of freed: once the first few plies have
//! allocated theirs, no node of the search allocates.

pub(super) struct Pool<T> {
    spare: Vec<Vec<T>>,
}

impl<T> Pool<T> {
    pub fn new() -> Pool<T> {
        Pool { spare: Vec::new() }
    }

    /// An empty list; hand it back with `give`.
    pub fn take(&mut self) -> Vec<T> {
        let mut list = self.spare.pop().unwrap_or_default();
        list.clear();
        list
    }

    pub fn give(&mut self, list: Vec<T>) {
        self.spare.push(list);
    }
}

#[cfg(test)]
mod tests {
    use super::Pool;

    #[test]
    fn a_list_given_back_is_taken_again_empty_with_its_room() {
        let mut pool = Pool::new();
        let mut list = pool.take();
        list.extend(0..100);
        let room = list.capacity();
        pool.give(list);
        let again = pool.take();
        assert!(again.is_empty());
        assert_eq!(again.capacity(), room);
    }
}
