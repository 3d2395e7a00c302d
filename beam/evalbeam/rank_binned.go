package evalbeam

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// binnedState is the binned scores (--bins) of some units, merged in
// input order whatever order the runner merges in (inOrder). The bins themselves do not depend on the order (float-bit bins coarsen
// by the data merged, not by the order it came in: rank.Binned.Merge), and
// neither do unweighted counts; the order fixes the last bits of the
// compensated sums (weights, log loss, Brier score). Labels is what the
// units' labels tell, merged in any order (rankLabelsFn).
type binnedState struct {
	inOrder[*rank.Binned]
	Labels *rankLabels
}

type binnedWire struct {
	orderedWire
	Labels *rankLabels
}

func encodeBinnedState(s *binnedState) ([]byte, error) {
	o, err := marshalOrdered(&s.inOrder)
	if err != nil {
		return nil, err
	}
	return json.Marshal(binnedWire{o, s.Labels})
}

func decodeBinnedState(data []byte) (*binnedState, error) {
	var w binnedWire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, err
	}
	o, err := unmarshalOrdered[rank.Binned](w.orderedWire)
	if err != nil {
		return nil, err
	}
	if o.Done == nil {
		return nil, fmt.Errorf("%w: no merged bins", rank.ErrBadEncoding)
	}
	s := &binnedState{inOrder: o, Labels: w.Labels}
	if s.Labels == nil {
		s.Labels = &rankLabels{}
	}
	return s, nil
}

func init() {
	stateType := reflect.TypeOf((*binnedState)(nil))
	beam.RegisterType(stateType.Elem())
	beam.RegisterCoder(stateType, encodeBinnedState, decodeBinnedState)
	register.DoFn2x2[context.Context, Unit, *binnedState, error](&binnedReadFn{})
	register.Combiner1[*binnedState](&binnedCombineFn{})
	register.DoFn2x1[context.Context, *binnedState, error](&binnedWriteFn{})
	register.DoFn5x1[context.Context, Unit, func(string, *binnedState), func(string, int64), func(int, *binnedState), error](&binnedSliceReadFn{})
	register.Emitter2[string, *binnedState]()
	register.Emitter2[int, *binnedState]()
	register.Iter2[int, *binnedState]()
	register.DoFn3x2[string, *binnedState, func(*int, **binnedState) bool, sliceOut, error](&binnedSliceFn{})
}

// newBinned returns the empty bins of --bins and --bin-range.
func (c *Rank) newBinned() *rank.Binned {
	if c.Lo < c.Hi {
		return rank.NewBinned(c.Bins, c.Lo, c.Hi)
	}
	return rank.NewBinnedBits(c.Bins)
}

// binnedPipeline adds the binned ranking of units to s (--bins): each
// unit is read into a rank.Binned with the checks of the exact path, the
// states are merged in input order by a CombineFn, and the report of the
// merged bins is written, as "evalkit rank --bins" computes it.
func (c *Rank) binnedPipeline(s beam.Scope, units []Unit) {
	if c.Slices != nil {
		c.binnedSlicedPipeline(s, units)
		return
	}
	combineUnits(s, "rank-bins", units, &binnedReadFn{C: *c}, &binnedCombineFn{C: *c}, &binnedWriteFn{C: *c, Units: len(units)})
}

type binnedReadFn struct{ C Rank }

// ProcessElement reads one unit into bins.
func (f *binnedReadFn) ProcessElement(ctx context.Context, u Unit) (*binnedState, error) {
	rr, done, err := newRankReader(ctx, &f.C, u)
	if err != nil {
		return nil, err
	}
	defer done()
	return f.C.binUnit(rr, u.Index)
}

// binUnit reads the rows of rr, of unit unit, into bins.
func (c *Rank) binUnit(rr *rankReader, unit int) (*binnedState, error) {
	b := c.newBinned()
	for {
		ok, err := rr.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if err := b.Add(rr.Score, rr.Pos, rr.Weight); err != nil {
			return nil, userError(rr.Errorf(err))
		}
	}
	lab := (&rankLabelsFn{}).AddInput(&rankLabels{}, rr.labels())
	return &binnedState{inOrder: inOrder[*rank.Binned]{Done: c.newBinned(), Pending: map[int]*rank.Binned{unit: b}}, Labels: lab}, nil
}

// binnedSlicedPipeline is the pipeline of --bins with Slices: each unit
// is read into bins of all its rows and of each slice's (and, with
// Compare, of each slice's rest), merged per key in input order by the
// CombineFn of the unsliced pipeline; each key's merged bins give its
// result; slicesWriteFn assembles them.
func (c *Rank) binnedSlicedPipeline(s beam.Scope, units []Unit) {
	s = s.Scope("rank-bins-slices")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	states, counts, all := beam.ParDo3(s, &binnedSliceReadFn{C: *c}, us)
	merged := beam.CombinePerKey(s, &binnedCombineFn{C: *c}, states)
	outs := beam.ParDo(s, &binnedSliceFn{C: *c}, merged, beam.SideInput{Input: all})
	writeSlices(s, c.Slices, outs, counts, c.Name, c.Output)
}

type binnedSliceReadFn struct{ C Rank }

// ProcessElement reads one unit into bins of all its rows and of each
// slice's (see eachSlice). With Compare, it emits too the bins of each
// slice's rest among the unit's rows (the rows outside the slice, in
// input order: the order fixes the last bits of the bins' compensated
// sums), and a copy of those of all the unit's rows by the unit's index
// (all), the part of a rest in the units that hold none of its slice's
// rows.
func (f *binnedSliceReadFn) ProcessElement(ctx context.Context, u Unit, emit func(string, *binnedState), count func(string, int64), all func(int, *binnedState)) error {
	t := f.C.task()
	names := t.Columns()
	return eachSliceIn(ctx, u, f.C.Slices, names, func(key string, r *table.Reader, cols []int, in *task.SlicedInput, i int) error {
		st, err := f.C.binUnit(rankReaderOn(t, r, cols, u.Index), u.Index)
		if err != nil {
			return err
		}
		emit(key, st)
		if !f.C.Slices.Compare {
			return nil
		}
		if i < 0 {
			b, err := encodeBinnedState(st)
			if err != nil {
				return err
			}
			cp, err := decodeBinnedState(b)
			if err != nil {
				return err
			}
			all(u.Index, cp)
			return nil
		}
		rest := &binnedState{inOrder: inOrder[*rank.Binned]{Done: f.C.newBinned(), Pending: map[int]*rank.Binned{u.Index: f.C.newBinned()}}, Labels: &rankLabels{}}
		if rd := in.Rest(i); rd != nil {
			cols, err := table.Columns(rd, names...)
			if err != nil {
				return err
			}
			if rest, err = f.C.binUnit(rankReaderOn(t, rd, cols, u.Index), u.Index); err != nil {
				return err
			}
		}
		emit(restKey(key), rest)
		return nil
	}, count)
}

type binnedSliceFn struct{ C Rank }

// ProcessElement gives the result of one key's merged bins: those of the
// units that hold the key's rows, merged in input order. A rest's bins
// (see binnedSliceReadFn) take, in a unit that holds none of its slice's
// rows, those of all the unit's rows (the side input all).
func (f *binnedSliceFn) ProcessElement(key string, s *binnedState, all func(*int, **binnedState) bool) (sliceOut, error) {
	s.fold()
	first := s.Next == 0
	units := slices.Sorted(maps.Keys(s.Pending))
	if isRestKey(key) {
		var u int
		var a *binnedState
		for all(&u, &a) {
			if _, ok := s.Pending[u]; !ok && u >= s.Next {
				// A copy: the side input's bins may serve other keys, and
				// the first of a key's becomes its Done, which merges.
				b, err := a.Pending[u].MarshalBinary()
				if err != nil {
					return sliceOut{}, err
				}
				cp := new(rank.Binned)
				if err := cp.UnmarshalBinary(b); err != nil {
					return sliceOut{}, err
				}
				s.Pending[u] = cp
				s.Labels = (&rankLabelsFn{}).MergeAccumulators(s.Labels, a.Labels)
				units = append(units, u)
			}
			a = nil
		}
		slices.Sort(units)
	}
	for _, u := range units {
		if first {
			s.Done, first = s.Pending[u], false
		} else {
			s.Done.Merge(s.Pending[u])
		}
		delete(s.Pending, u)
	}
	out, err := f.C.result(s.Labels, s.Done.Table(), s.Done)
	return sliceResult(key, out, err)
}

// fold merges the pending states whose turn has come into Done; the first
// unit's state becomes Done as it is, so that one unit gives the bits of
// the command line's single accumulator.
func (s *binnedState) fold() {
	s.inOrder.fold(func(unit int, b *rank.Binned) {
		if unit == 0 {
			s.Done = b
		} else {
			s.Done.Merge(b)
		}
	})
}

// binnedCombineFn merges states in input order (see binnedState).
type binnedCombineFn struct{ C Rank }

func (f *binnedCombineFn) CreateAccumulator() *binnedState {
	return &binnedState{inOrder: inOrder[*rank.Binned]{Done: f.C.newBinned(), Pending: map[int]*rank.Binned{}}, Labels: &rankLabels{}}
}

func (f *binnedCombineFn) MergeAccumulators(a, b *binnedState) *binnedState {
	a, b = mergeInOrder[*rank.Binned]("rank --bins", a, b)
	a.Labels = (&rankLabelsFn{}).MergeAccumulators(a.Labels, b.Labels)
	return a
}

type binnedWriteFn struct {
	C     Rank
	Units int
}

// ProcessElement writes the report of the bins of every unit.
func (f *binnedWriteFn) ProcessElement(ctx context.Context, s *binnedState) error {
	s.fold()
	if err := s.complete(f.Units); err != nil {
		return err
	}
	bn := s.Done
	return f.C.write(ctx, s.Labels, bn.Table(), bn)
}
