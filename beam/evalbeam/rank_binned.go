package evalbeam

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/rank"
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
	b := f.C.newBinned()
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
	return &binnedState{inOrder: inOrder[*rank.Binned]{Done: f.C.newBinned(), Pending: map[int]*rank.Binned{u.Index: b}}, Labels: lab}, nil
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
