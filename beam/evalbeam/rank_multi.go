package evalbeam

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// RankMulti configures a multiclass ranking pipeline: "evalkit rank
// --classes c1,c2,… --score p1,p2,…". Its k² exact score tables (for every
// true class c and score column j, the column-j scores of class c's rows)
// are range-partitioned as [Rank]'s one table is: a first pass reads each
// unit with the command line's checks (task.RankMulti.FoldRows) into the log
// loss sums and top-k rank masses (rank.NewMultiScalars, merged in input
// order) and a sample of every column's keys; Beam's approximate
// quantiles give the boundaries; a second pass reads the units again into
// a table per (range, class, column) (rank.MultiSplit), merged per key by
// a CombineFn; the writer concatenates each cell's ranges, highest first,
// into the rank.Multiclass the command line builds, and
// rank.NewMulticlassReport computes everything the command line prints
// (one-vs-rest and one-vs-one AUCs, per-class reports, log loss, top-k
// accuracy, intervals with --ci).
type RankMulti struct {
	True, Weight    string
	Classes, Scores []string
	Options         rank.Options
	CI              *hyptest.CIOptions
	Ranges          int // number of key ranges, ≥ 1
	Name, Output    string
	// Slices, if set, evaluates each slice as well as every row (--by;
	// see RankMulti.slicedPipeline).
	Slices *Slicing
}

// multiState is the multiclass statistic of some units, merged in input
// order whatever order the runner merges in (inOrder; Done nil until unit
// 0 is merged).
type multiState struct {
	inOrder[*rank.Multiclass]
}

func encodeMultiState(s *multiState) ([]byte, error) {
	o, err := marshalOrdered(&s.inOrder)
	if err != nil {
		return nil, err
	}
	return json.Marshal(o)
}

func decodeMultiState(data []byte) (*multiState, error) {
	var w orderedWire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, err
	}
	o, err := unmarshalOrdered[rank.Multiclass](w)
	if err != nil {
		return nil, err
	}
	return &multiState{o}, nil
}

func init() {
	stateType := reflect.TypeOf((*multiState)(nil))
	beam.RegisterType(stateType.Elem())
	beam.RegisterCoder(stateType, encodeMultiState, decodeMultiState)
	register.DoFn4x1[context.Context, Unit, func(*multiState), func(int, uint64), error](&multiScanFn{})
	register.Emitter1[*multiState]()
	register.DoFn4x1[context.Context, Unit, func(*[]uint64) bool, func(int, *rank.Table), error](&multiPartitionFn{})
	register.Combiner1[*multiState](&multiCombineFn{})
	register.DoFn3x1[context.Context, *multiState, func(*rangedTable) bool, error](&multiWriteFn{})
	register.DoFn6x1[context.Context, Unit, func(string, *multiState), func(int, uint64), func(string, int64), func(int, *multiState), error](&multiSliceScanFn{})
	register.Emitter2[int, *multiState]()
	register.Iter2[int, *multiState]()
	register.Iter2[string, *multiState]()
	register.DoFn4x1[[]byte, func(*string, **multiState) bool, func(*string, **rank.Table) bool, func(string, *rank.Table), error](&multiRangesRestFn{})
	register.Emitter2[string, *multiState]()
	register.DoFn4x1[context.Context, Unit, func(*[]uint64) bool, func(string, *rank.Table), error](&multiSlicePartitionFn{})
	register.Iter1[*multiState]()
	register.DoFn4x2[string, func(**multiState) bool, func(*rangedTable) bool, func(*int, **multiState) bool, sliceOut, error](&multiSliceFn{})
}

// Pipeline adds the multiclass ranking of units to s.
func (c *RankMulti) Pipeline(s beam.Scope, units []Unit) {
	if c.Slices != nil {
		c.slicedPipeline(s, units)
		return
	}
	s = s.Scope("rank-multiclass")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	scalars, sample := beam.ParDo2(s, &multiScanFn{C: *c}, us)
	merged := beam.Combine(s, &multiCombineFn{}, scalars)
	bounds := stats.ApproximateWeightedQuantiles(s, sample, lessKey, stats.Opts{K: 200, NumQuantiles: max(c.Ranges, 1)})
	parts := beam.ParDo(s, &multiPartitionFn{C: *c}, us, beam.SideInput{Input: bounds})
	tables := beam.ParDo(s, encodeRanged, beam.CombinePerKey(s, &tableMergeFn{}, parts))
	beam.ParDo0(s, &multiWriteFn{C: *c, Units: len(units)}, merged, beam.SideInput{Input: tables})
}

// task is the multiclass rank task of c.
func (c *RankMulti) task() *task.RankMulti {
	return &task.RankMulti{True: c.True, Weight: c.Weight, Classes: c.Classes, Scores: c.Scores}
}

// read reads unit u's rows with the command line's checks
// (task.RankMulti.FoldRows) into b.
func (c *RankMulti) read(ctx context.Context, u Unit, b rank.MultiRows) error {
	return readUnit(ctx, u, c.task().Columns(), func(r *table.Reader, cols []int) error {
		return c.fold(b, r, cols)
	})
}

// fold reads the rows of r, whose columns are cols, with the command
// line's checks (task.RankMulti.FoldRows) into b.
func (c *RankMulti) fold(b rank.MultiRows, r *table.Reader, cols []int) error {
	return cli.TaskError("rank", c.task().FoldRows(b, r, cols, make([]float64, len(c.Classes))))
}

type multiScanFn struct{ C RankMulti }

// sampler is a rank.MultiRows that adds the rows' log loss sums and rank
// masses to a scalars-only builder and samples every probability's key
// (unless ks is nil).
type sampler struct {
	b  *rank.MultiBuilder
	ks *keySample
}

func (s *sampler) Add(y int, p []float64, w float64) error {
	if err := s.b.Add(y, p, w); err != nil {
		return err
	}
	if s.ks != nil {
		for _, v := range p {
			s.ks.add(rank.Key(v))
		}
	}
	return nil
}

// ProcessElement checks every row of a unit and emits its log loss sums
// and rank masses, and a sample of its keys, each weighted by the
// probabilities it stands for.
func (f *multiScanFn) ProcessElement(ctx context.Context, u Unit, emit func(*multiState), emitKey func(int, uint64)) error {
	s := &sampler{b: rank.NewMultiScalars(len(f.C.Classes)), ks: newKeySample(u.Index)}
	if err := f.C.read(ctx, u, s); err != nil {
		return err
	}
	emit(&multiState{inOrder[*rank.Multiclass]{Pending: map[int]*rank.Multiclass{u.Index: s.b.Result()}}})
	s.ks.emit(emitKey)
	return nil
}

type multiPartitionFn struct{ C RankMulti }

// ProcessElement reads a unit again and emits its exact score table of
// each (range, class, column), keyed as rank.MultiSplit keys them.
func (f *multiPartitionFn) ProcessElement(ctx context.Context, u Unit, quantiles func(*[]uint64) bool, emit func(int, *rank.Table)) error {
	sp := rank.NewMultiSplit(len(f.C.Classes), boundsOf(quantiles))
	if err := f.C.read(ctx, u, sp); err != nil {
		return err
	}
	sp.Tables(emit)
	return nil
}

func (s *multiState) fold() {
	s.inOrder.fold(func(_ int, m *rank.Multiclass) {
		if s.Done == nil {
			s.Done = m
		} else {
			s.Done = rank.MergeMulticlass(s.Done, m)
		}
	})
}

// multiCombineFn merges states in input order.
type multiCombineFn struct{}

func (f *multiCombineFn) CreateAccumulator() *multiState {
	return &multiState{inOrder[*rank.Multiclass]{Pending: map[int]*rank.Multiclass{}}}
}

func (f *multiCombineFn) MergeAccumulators(a, b *multiState) *multiState {
	a, _ = mergeInOrder[*rank.Multiclass]("rank --classes", a, b)
	return a
}

type multiWriteFn struct {
	C     RankMulti
	Units int
}

// setCells sets m's score tables from the (range, class, column) tables:
// each cell's ranges concatenated, highest first (empty without rows).
func setCells(m *rank.Multiclass, ranges func(*rangedTable) bool) error {
	k := m.K
	parts := make([]map[int]*rank.Table, k*k)
	for i := range parts {
		parts[i] = map[int]*rank.Table{}
	}
	var in rangedTable
	for ranges(&in) {
		r, c, j := rank.MultiCell(in.Range, k)
		if c >= k || j >= k {
			return fmt.Errorf("evalbeam: multiclass table key %d out of range", in.Range)
		}
		if _, dup := parts[c*k+j][r]; dup {
			return fmt.Errorf("evalbeam: multiclass cell (%d, %d), range %d met twice", c, j, r)
		}
		t, err := decodeTable(in.Table)
		if err != nil {
			return err
		}
		parts[c*k+j][r] = t
		in.Table = nil
	}
	for c := range k {
		for j := range k {
			p := parts[c*k+j]
			rs := slices.Sorted(maps.Keys(p))
			slices.Reverse(rs)
			ts := make([]*rank.Table, len(rs))
			for i, r := range rs {
				ts[i] = p[r]
			}
			m.Cell[c][j] = rank.Concat(ts...)
		}
	}
	return nil
}

// ProcessElement writes the multiclass report of the merged statistic,
// with the command line's errors.
func (f *multiWriteFn) ProcessElement(ctx context.Context, s *multiState, ranges func(*rangedTable) bool) error {
	s.fold()
	if err := s.complete(f.Units); err != nil {
		return err
	}
	if s.Done == nil {
		return fmt.Errorf("evalkit-beam: internal error: no unit merged")
	}
	rep, err := f.C.result(s.Done, ranges)
	if err != nil {
		return err
	}
	return writeJSON(ctx, f.C.Output, rep)
}

// result is the multiclass report of the merged statistic m and the
// (range, class, column) tables ranges, with the command line's errors.
func (c *RankMulti) result(m *rank.Multiclass, ranges func(*rangedTable) bool) (*rank.MulticlassReport, error) {
	if err := setCells(m, ranges); err != nil {
		return nil, err
	}
	rows := int64(0)
	for i := range m.Cell {
		rows += m.Cell[i][0].Rows
	}
	if rows == 0 {
		return nil, userError(noRows(c.Name))
	}
	if err := c.task().Check(c.Name, m); err != nil {
		return nil, userError(err)
	}
	rep, err := rank.NewMulticlassReport(m, c.Classes, c.Options)
	var oe *result.OptionError
	if errors.As(err, &oe) {
		return nil, usageError("%s", cli.OptionText(oe))
	}
	if err != nil {
		return nil, userError(fmt.Errorf("%s: %w", c.Name, err))
	}
	if c.CI != nil {
		if err := rep.AddIntervals(m, *c.CI); err != nil {
			return nil, userError(err)
		}
	}
	return rep, nil
}

// slicedPipeline is Pipeline with Slices, as Rank's is (Rank.slicedPipeline):
// the first pass emits each key's log loss sums and rank masses (merged
// per key in input order: those of the units that hold the key's rows)
// and a sample of the keys of all the rows; the second each key's table
// per (range, class, column), merged per key and cell; each key's
// statistic and tables meet (CoGroupByKey) to give its result.
func (c *RankMulti) slicedPipeline(s beam.Scope, units []Unit) {
	s = s.Scope("rank-multiclass-slices")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	scalars, sample, counts, all := beam.ParDo4(s, &multiSliceScanFn{C: *c}, us)
	merged := beam.CombinePerKey(s, &multiCombineFn{}, scalars)
	bounds := stats.ApproximateWeightedQuantiles(s, sample, lessKey, stats.Opts{K: 200, NumQuantiles: max(c.Ranges, 1)})
	parts := beam.ParDo(s, &multiSlicePartitionFn{C: *c}, us, beam.SideInput{Input: bounds})
	ranges := beam.CombinePerKey(s, &tableMergeFn{}, parts)
	if c.Slices.Compare {
		// The rests' tables in each cell and range: the other slices'
		// there, merged.
		restRanges := beam.ParDo(s, &multiRangesRestFn{}, beam.Impulse(s), beam.SideInput{Input: merged}, beam.SideInput{Input: ranges})
		ranges = beam.Flatten(s, ranges, restRanges)
	}
	tables := beam.ParDo(s, splitRangeKey, ranges)
	outs := beam.ParDo(s, &multiSliceFn{C: *c}, beam.CoGroupByKey(s, merged, tables), beam.SideInput{Input: all})
	writeSlices(s, c.Slices, outs, counts, c.Name, c.Output)
}

type multiSliceScanFn struct{ C RankMulti }

// ProcessElement checks every row of a unit and emits each key's log
// loss sums and rank masses, and a sample of the keys of all the rows.
// With Compare, it emits too the sums of each slice's rest among the
// unit's rows (the rows outside the slice, in input order: the order
// fixes the last bits of the rank masses and the row of the largest log
// loss), and those of all the unit's rows by the unit's index (all), the
// part of a rest in the units that hold none of its slice's rows.
func (f *multiSliceScanFn) ProcessElement(ctx context.Context, u Unit, emit func(string, *multiState), emitKey func(int, uint64), count func(string, int64), all func(int, *multiState)) error {
	names := f.C.task().Columns()
	state := func(m *rank.Multiclass) *multiState {
		return &multiState{inOrder[*rank.Multiclass]{Pending: map[int]*rank.Multiclass{u.Index: m}}}
	}
	return eachSliceIn(ctx, u, f.C.Slices, names, func(key string, r *table.Reader, cols []int, in *task.SlicedInput, i int) error {
		s := &sampler{b: rank.NewMultiScalars(len(f.C.Classes))}
		if key == "" {
			s.ks = newKeySample(u.Index)
		}
		if err := f.C.fold(s, r, cols); err != nil {
			return err
		}
		m := s.b.Result()
		emit(key, state(m))
		if s.ks != nil {
			s.ks.emit(emitKey)
		}
		if !f.C.Slices.Compare {
			return nil
		}
		if i < 0 {
			all(u.Index, state(m))
			return nil
		}
		rest := rank.NewMultiScalars(len(f.C.Classes))
		if rd := in.Rest(i); rd != nil {
			cols, err := table.Columns(rd, names...)
			if err != nil {
				return err
			}
			if err := f.C.fold(rest, rd, cols); err != nil {
				return err
			}
		}
		emit(restKey(key), state(rest.Result()))
		return nil
	}, count)
}

type multiSlicePartitionFn struct{ C RankMulti }

// ProcessElement reads a unit again and emits each key's exact score
// table of each (range, class, column), keyed by the key and the cell's
// key in rank.MultiSplit.
func (f *multiSlicePartitionFn) ProcessElement(ctx context.Context, u Unit, quantiles func(*[]uint64) bool, emit func(string, *rank.Table)) error {
	bounds := boundsOf(quantiles)
	return eachSlice(ctx, u, f.C.Slices, f.C.task().Columns(), func(key string, r *table.Reader, cols []int) error {
		sp := rank.NewMultiSplit(len(f.C.Classes), bounds)
		if err := f.C.fold(sp, r, cols); err != nil {
			return err
		}
		sp.Tables(func(i int, t *rank.Table) { emit(rangeKey(key, i), t) })
		return nil
	}, func(string, int64) {})
}

type multiSliceFn struct{ C RankMulti }

// ProcessElement gives the result of one key from its statistic (the
// units that hold its rows, merged in input order) and its tables. A
// rest's statistic (see multiSliceScanFn) takes, in a unit that holds
// none of its slice's rows, all the unit's (the side input all).
func (f *multiSliceFn) ProcessElement(key string, states func(**multiState) bool, ranges func(*rangedTable) bool, all func(*int, **multiState) bool) (sliceOut, error) {
	var s *multiState
	if !states(&s) {
		return sliceOut{}, fmt.Errorf("evalbeam: no statistic for key %q", key)
	}
	s.fold()
	units := slices.Sorted(maps.Keys(s.Pending))
	if isRestKey(key) {
		var u int
		var a *multiState
		for all(&u, &a) {
			if _, ok := s.Pending[u]; !ok && u >= s.Next {
				s.Pending[u] = a.Pending[u]
				units = append(units, u)
			}
			a = nil
		}
		slices.Sort(units)
	}
	for _, u := range units {
		if s.Done == nil {
			s.Done = s.Pending[u]
		} else {
			s.Done = rank.MergeMulticlass(s.Done, s.Pending[u])
		}
		delete(s.Pending, u)
	}
	if s.Done == nil {
		return sliceOut{}, fmt.Errorf("evalbeam: no statistic for key %q", key)
	}
	rep, err := f.C.result(s.Done, ranges)
	return sliceResult(key, rep, err)
}

type multiRangesRestFn struct{}

// ProcessElement emits the table of the rest of the rows of each slice
// (the slices are the keys of states) in each cell and key range
// (restRanges).
func (f *multiRangesRestFn) ProcessElement(_ []byte, states func(*string, **multiState) bool, tables func(*string, **rank.Table) bool, emit func(string, *rank.Table)) error {
	var keys []string
	var key string
	var st *multiState
	for states(&key, &st) {
		if !isRestKey(key) {
			keys = append(keys, key)
		}
		st = nil
	}
	return restRanges(keys, tables, emit)
}
