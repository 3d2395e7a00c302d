package evalbeam

// foldInOrder merges the pending states whose turn has come, in unit
// order from *next, by merge (given the unit index), deleting them from
// pending and advancing *next. The states of combiners whose floating sums
// must not depend on the runner's merge order (regress, rank --bins,
// multiclass rank) hold the units merged so far and the pending others.
func foldInOrder[T any](next *int, pending map[int]T, merge func(unit int, v T)) {
	for {
		v, ok := pending[*next]
		if !ok {
			return
		}
		merge(*next, v)
		delete(pending, *next)
		*next++
	}
}
