package label

import (
	"slices"
	"strconv"
	"strings"
)

// Set assigns dense indices to labels as they are first seen (or as a fixed
// list gives them). Its zero value is not usable; call [NewSet].
type Set struct {
	names []string
	index map[string]int
	fixed bool
	// listed is how many of the first names a list gave (NewSet's fixed
	// list, NewListedSet's first labels); 0 for a plain open set.
	listed int
	// byValue, for a fixed list of numbers, finds the list's label of a
	// number spelled otherwise ("1.0" for "1").
	byValue map[float64]int
	bytes   int64 // see Bytes
	// cache is a direct-mapped cache in front of index, keyed by a cheap
	// hash of the label's length and edge bytes: with the few labels of a
	// typical classification problem, most lookups are one comparison.
	cache [256]int32 // id+1, 0 = empty
}

// labelOverhead is the memory of a label besides its bytes: a string
// header in names and a map entry (key, value, hash byte and slack).
const labelOverhead = 56

func cacheSlot(b []byte) uint8 {
	n := len(b)
	if n == 0 {
		return 0
	}
	return uint8(n*31) ^ b[n-1] ^ b[0]<<3 ^ b[n/2]<<5
}

// NewSet returns an empty open set, or, when fixed is not nil, a closed set
// of exactly those labels in that order. A fixed list of numbers takes
// its labels as numbers ([Numbers]: "1.0" is the list's "1"), any other
// list as strings. It panics if fixed repeats a label (see [Repeated]).
func NewSet(fixed []string) *Set {
	s := &Set{index: map[string]int{}}
	if fixed != nil {
		s.fixed = true
		s.list(fixed)
	}
	return s
}

// NewListedSet returns an open set whose first labels are first's, in
// that order (indices 0…len(first)−1, matched as a fixed list's are: a
// list of numbers takes "1.0" as its "1"); any other label is added after
// them as it is first seen. [Set.Classes] keeps the listed labels first, in
// their order, and sorts only the others. It panics if first repeats a
// label (see [Repeated]).
func NewListedSet(first []string) *Set {
	s := &Set{index: map[string]int{}}
	s.list(first)
	return s
}

// list adds the listed labels of a new set.
func (s *Set) list(names []string) {
	if a, b, dup := Repeated(names); dup {
		panic("label: repeated label " + strconv.Quote(a) + " (" + strconv.Quote(b) + ")")
	}
	if AllNumbers(names) && len(names) > 0 {
		s.byValue = map[float64]int{}
	}
	for _, n := range names {
		if s.byValue != nil {
			v, _ := Number(n)
			s.byValue[v] = len(s.names)
		}
		s.index[n] = len(s.names)
		s.names = append(s.names, n)
		s.bytes += int64(len(n)) + labelOverhead
	}
	s.listed = len(names)
}

// Fixed reports whether the set is a closed list.
func (s *Set) Fixed() bool { return s.fixed }

// Listed returns how many of the set's first labels a list gave: all of
// a fixed set's, the first labels of [NewListedSet], 0 for [NewSet](nil).
func (s *Set) Listed() int { return s.listed }

// ID returns the index of label b, adding it to an open set. For a fixed set
// ok is false when b is not in the list.
func (s *Set) ID(b []byte) (id int, ok bool) {
	slot := cacheSlot(b)
	if c := s.cache[slot]; c > 0 && s.names[c-1] == string(b) {
		return int(c - 1), true
	}
	if i, found := s.index[string(b)]; found { // no allocation for the lookup
		s.cache[slot] = int32(i + 1)
		return i, true
	}
	if s.byValue != nil {
		if v, isNum := Number(string(b)); isNum {
			if i, found := s.byValue[v]; found {
				return i, true
			}
		}
	}
	if s.fixed {
		return -1, false
	}
	id = len(s.names)
	name := string(b)
	s.index[name] = id
	s.names = append(s.names, name)
	s.bytes += int64(len(name)) + labelOverhead
	s.cache[slot] = int32(id + 1)
	return id, true
}

// Lookup returns the index of name without adding it (for a list of
// numbers, of the list's label of its value).
func (s *Set) Lookup(name string) (int, bool) {
	i, ok := s.index[name]
	if !ok && s.byValue != nil {
		if v, isNum := Number(name); isNum {
			i, ok = s.byValue[v]
		}
	}
	return i, ok
}

// Bytes returns an estimate of the memory the set holds: each name once,
// its slice entry and its map entry (about 56 bytes besides the name).
func (s *Set) Bytes() int64 {
	return s.bytes
}

// Len returns the number of labels.
func (s *Set) Len() int { return len(s.names) }

// Names returns the labels in index order. The caller must not modify it.
func (s *Set) Names() []string { return s.names }

// Sorted returns the labels in label order (see the package doc) and perm
// with perm[k] = the index of the k-th label in sorted order. A fixed set keeps its given order;
// the listed labels of [NewListedSet] come first, in their order, and the
// others after them, sorted.
func (s *Set) Sorted() (names []string, perm []int) {
	perm = make([]int, len(s.names))
	for i := range perm {
		perm[i] = i
	}
	if !s.fixed {
		numeric := AllNumbers(s.names)
		slices.SortStableFunc(perm[s.listed:], func(a, b int) int { return compare(s.names[a], s.names[b], numeric) })
	}
	names = make([]string, len(perm))
	for k, i := range perm {
		names[k] = s.names[i]
	}
	return names, perm
}

// Sort sorts names in label order (see the package doc), in place.
func Sort(names []string) {
	numeric := AllNumbers(names)
	slices.SortStableFunc(names, func(a, b string) int { return compare(a, b, numeric) })
}

func compare(a, b string, numeric bool) int {
	if numeric {
		x, _ := Number(a)
		y, _ := Number(b)
		if x < y {
			return -1
		}
		if x > y {
			return 1
		}
	}
	return strings.Compare(a, b)
}
