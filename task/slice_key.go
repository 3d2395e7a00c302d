package task

// shortKeys finds the id of a slice key of at most 7 bytes without
// hashing it as a string: the key's bytes and its length are packed into
// one uint64 (distinct keys, distinct words), and the words are kept in
// an open-addressed table, probed linearly from a multiplicative hash.
// Slicing columns' values are mostly that short (a country code, a device,
// an age band, a group's number), and the lookup of every row's slice is
// a share of a sliced read's time; longer keys take the map of
// [sliceSet].
type shortKeys struct {
	words []uint64 // 0: empty
	ids   []int32
	n     int // keys held
	shift uint
}

// shortKeyMax is the longest key shortKeys holds.
const shortKeyMax = 7

// packKey returns key's word: its bytes, little-endian, and its length
// plus one in the top byte, so that no key's word is 0.
func packKey(key []byte) uint64 {
	w := uint64(len(key)+1) << 56
	for i, b := range key {
		w |= uint64(b) << (8 * i)
	}
	return w
}

// slot returns the first slot to probe for w.
func (s *shortKeys) slot(w uint64) int {
	return int((w * 0x9e3779b97f4a7c15) >> s.shift)
}

// get returns the id of the key of word w, or -1.
func (s *shortKeys) get(w uint64) int {
	if s.n == 0 {
		return -1
	}
	mask := len(s.words) - 1
	for i := s.slot(w); ; i = (i + 1) & mask {
		switch s.words[i] {
		case w:
			return int(s.ids[i])
		case 0:
			return -1
		}
	}
}

// put records id as the id of the key of word w, known not to be held.
func (s *shortKeys) put(w uint64, id int) {
	if 2*(s.n+1) > len(s.words) {
		s.grow()
	}
	mask := len(s.words) - 1
	i := s.slot(w)
	for s.words[i] != 0 {
		i = (i + 1) & mask
	}
	s.words[i], s.ids[i] = w, int32(id)
	s.n++
}

// grow doubles the table (16 slots at first) and puts the keys back.
func (s *shortKeys) grow() {
	words, ids := s.words, s.ids
	size := max(16, 2*len(words))
	s.words, s.ids, s.n = make([]uint64, size), make([]int32, size), 0
	s.shift = 64
	for 1<<(64-s.shift) < size {
		s.shift--
	}
	for i, w := range words {
		if w != 0 {
			s.put(w, int(ids[i]))
		}
	}
}

// reset empties the table, keeping its room.
func (s *shortKeys) reset() {
	if s.n > 0 {
		clear(s.words)
		s.n = 0
	}
}
