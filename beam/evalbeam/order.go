package evalbeam

import (
	"fmt"
	"maps"
)

// inOrder is the part of an ordered combiner's accumulator that merges
// the units' states in input order whatever order the runner merges
// accumulators in: Done holds the units before Next, merged in order (as
// the command line merges its chunks), Pending the others by unit index
// until their turn comes. The combiners whose compensated sums would
// otherwise depend on the runner (rank --bins, multiclass rank) embed it.
type inOrder[T any] struct {
	Next    int
	Done    T
	Pending map[int]T
}

// units returns o; through embedding, an accumulator's inOrder.
func (o *inOrder[T]) units() *inOrder[T] { return o }

// fold merges the pending states whose turn has come into Done by merge
// (given the unit index), deleting them from Pending and advancing Next.
func (o *inOrder[T]) fold(merge func(unit int, v T)) {
	for {
		v, ok := o.Pending[o.Next]
		if !ok {
			return
		}
		merge(o.Next, v)
		delete(o.Pending, o.Next)
		o.Next++
	}
}

// complete returns an internal error unless all of the pipeline's units
// have been merged into Done.
func (o *inOrder[T]) complete(units int) error {
	if o.Next != units || len(o.Pending) > 0 {
		return fmt.Errorf("evalkit-beam: internal error: %d of %d units merged, %d pending", o.Next, units, len(o.Pending))
	}
	return nil
}

// ordered is an accumulator embedding an inOrder, with the fold of its
// combiner (inOrder.fold with that combiner's merge).
type ordered[T any] interface {
	units() *inOrder[T]
	fold()
}

// mergeInOrder merges two accumulators of an ordered combiner (what names
// it in a panic): the one that has merged more units takes the other's
// pending states and folds those whose turn has come. It returns the one
// kept and the other, whose remaining fields the caller merges. Only one
// accumulator ever holds unit 0, so the other has merged none; it panics
// if both have (a runner that merged one unit's state twice).
func mergeInOrder[T any, S ordered[T]](what string, a, b S) (kept, other S) {
	if b.units().Next > a.units().Next {
		a, b = b, a
	}
	if b.units().Next > 0 {
		panic("evalkit-beam: " + what + ": two accumulators both hold the first unit")
	}
	maps.Copy(a.units().Pending, b.units().Pending)
	a.fold()
	return a, b
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
func marshalOrdered[E any, P binaryState[E]](o *inOrder[P]) (orderedWire, error) {
	w := orderedWire{Next: o.Next, Pending: make(map[int][]byte, len(o.Pending))}
	var err error
	if o.Done != nil {
		if w.Done, err = o.Done.MarshalBinary(); err != nil {
			return w, err
		}
	}
	for i, s := range o.Pending {
		if w.Pending[i], err = s.MarshalBinary(); err != nil {
			return w, err
		}
	}
	return w, nil
}

// unmarshalOrdered decodes what marshalOrdered encoded (Done nil if it
// was).
func unmarshalOrdered[E any, P binaryState[E]](w orderedWire) (inOrder[P], error) {
	o := inOrder[P]{Next: w.Next, Pending: make(map[int]P, len(w.Pending))}
	if w.Done != nil {
		o.Done = P(new(E))
		if err := o.Done.UnmarshalBinary(w.Done); err != nil {
			return o, err
		}
	}
	for i, b := range w.Pending {
		s := P(new(E))
		if err := s.UnmarshalBinary(b); err != nil {
			return o, err
		}
		o.Pending[i] = s
	}
	return o, nil
}
