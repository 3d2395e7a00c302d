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

// binaryState is a pointer to a library state with a binary encoding.
type binaryState[E any] interface {
	*E
	MarshalBinary() ([]byte, error)
	UnmarshalBinary([]byte) error
}

// orderedWire is, on the wire, what the ordered combiners' states share:
// the next unit to merge, the units merged so far and the pending others,
// each in the library's binary encoding (Done nil for none). Each state's
// coder stays a named function of its own (Beam names coders by symbol,
// which one generic coder would share); they share this.
type orderedWire struct {
	Next    int
	Done    []byte
	Pending map[int][]byte
}

// marshalOrdered encodes the ordered part of a state.
func marshalOrdered[E any, P binaryState[E]](next int, done P, pending map[int]P) (orderedWire, error) {
	w := orderedWire{Next: next, Pending: make(map[int][]byte, len(pending))}
	var err error
	if done != nil {
		if w.Done, err = done.MarshalBinary(); err != nil {
			return w, err
		}
	}
	for i, s := range pending {
		if w.Pending[i], err = s.MarshalBinary(); err != nil {
			return w, err
		}
	}
	return w, nil
}

// unmarshalOrdered decodes what marshalOrdered encoded (done nil if it
// was).
func unmarshalOrdered[E any, P binaryState[E]](w orderedWire) (done P, pending map[int]P, err error) {
	if w.Done != nil {
		done = P(new(E))
		if err := done.UnmarshalBinary(w.Done); err != nil {
			return nil, nil, err
		}
	}
	pending = make(map[int]P, len(w.Pending))
	for i, b := range w.Pending {
		s := P(new(E))
		if err := s.UnmarshalBinary(b); err != nil {
			return nil, nil, err
		}
		pending[i] = s
	}
	return done, pending, nil
}
