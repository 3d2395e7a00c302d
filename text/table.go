package text

// u64set is an open-addressing hash table from non-zero uint64 keys to
// dense indexes 0, 1, 2, … in insertion order, emptied in O(1) by a
// generation counter. It is the n-gram index of the fast paths: an n-gram
// of small per-sentence token (or character) ids packs exactly into one
// uint64, which hashes and compares much faster than a string.
type u64set struct {
	keys  []uint64
	idx   []int32
	stamp []uint32
	gen   uint32
	mask  uint64
	n     int
}

// reset empties the table and makes room for at least n keys.
func (t *u64set) reset(n int) {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	if size > len(t.keys) {
		t.keys = make([]uint64, size)
		t.idx = make([]int32, size)
		t.stamp = make([]uint32, size)
		t.gen = 0
	}
	t.mask = uint64(len(t.keys) - 1)
	t.gen++
	if t.gen == 0 { // wrapped: forget every old stamp
		clear(t.stamp)
		t.gen = 1
	}
	t.n = 0
}

func hash64(k uint64) uint64 {
	k ^= k >> 31
	k *= 0x9e3779b97f4a7c15
	return k ^ k>>29
}

// add returns k's index, giving it the next one if it is new.
func (t *u64set) add(k uint64) (int32, bool) {
	for i := hash64(k) & t.mask; ; i = (i + 1) & t.mask {
		if t.stamp[i] != t.gen {
			t.stamp[i], t.keys[i], t.idx[i] = t.gen, k, int32(t.n)
			t.n++
			return int32(t.n - 1), true
		}
		if t.keys[i] == k {
			return t.idx[i], false
		}
	}
}

// get returns k's index, or -1.
func (t *u64set) get(k uint64) int32 {
	for i := hash64(k) & t.mask; ; i = (i + 1) & t.mask {
		if t.stamp[i] != t.gen {
			return -1
		}
		if t.keys[i] == k {
			return t.idx[i]
		}
	}
}
