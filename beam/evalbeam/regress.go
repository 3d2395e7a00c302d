package evalbeam

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// Regress configures a regression pipeline: the columns and options of
// "evalkit regress", for one model (one or several outputs) or several
// models of one target. With State.KeepValues (the command line's default)
// the measures that need every row (medae and the D² pinball,
// absolute-error and Tweedie scores) are computed exactly from further
// reads of the units (regress_exact.go); without, they are left out, with
// the warning of "evalkit regress --bounded-memory" naming them. Several
// models are compared by the command line's paired bootstraps, from the
// rows the units send to the writer (regress_rows.go), unless
// State.KeepValues is unset (as the command line with --bounded-memory).
type Regress struct {
	State   regress.StateOptions // KeepValues is ignored (see Pipeline)
	Options regress.Options      // the columns (Trues, Preds, Weights) among them
	// Models, if set, evaluates several models of one target
	// (regress.NewModelsReport, "evalkit regress --pred m1,m2,…" with one
	// --true): Options.Trues repeats the target, Options.Preds are the
	// models' columns, an output each.
	Models *board.Options
	// CI, if set, gives every number its interval (--ci), from the merged
	// state's sums: State.Moments must be set.
	CI     *hyptest.CIOptions
	Name   string // how errors about the whole input name it
	Output string // the JSON file written
	// Slices, if set, evaluates each slice as well as every row (--by).
	Slices *Slicing
}

// regressState is the regression state of some units (Units of them).
// Its sums are exact (regress keeps them in internal/xsum) and the rest
// merges by minimum, maximum or count, so merging the units' states in
// any order and grouping gives the same bits (TestRegressStateMergeOrder):
// unlike rank --bins, no input order is kept. Rows holds the names of the
// rows that warnings may name (a few per unit), by position: the unit
// index in the high bits, the input line in the low ones.
type regressState struct {
	Units int
	Multi *regress.Multi
	Rows  map[int64]string
}

// lineBits is the width of the input line in a row's position.
const lineBits = 40

type regressWire struct {
	Units int
	Multi []byte
	Rows  map[int64]string
}

func encodeRegressState(s *regressState) ([]byte, error) {
	m, err := s.Multi.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(regressWire{s.Units, m, s.Rows})
}

func decodeRegressState(b []byte) (*regressState, error) {
	var w regressWire
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, err
	}
	s := &regressState{Units: w.Units, Multi: new(regress.Multi), Rows: w.Rows}
	if err := s.Multi.UnmarshalBinary(w.Multi); err != nil {
		return nil, err
	}
	if s.Rows == nil {
		s.Rows = map[int64]string{}
	}
	return s, nil
}

func init() {
	stateType := reflect.TypeOf((*regressState)(nil))
	beam.RegisterType(stateType.Elem())
	beam.RegisterCoder(stateType, encodeRegressState, decodeRegressState)
	register.DoFn2x2[context.Context, Unit, *regressState, error](&regressReadFn{})
	register.Combiner1[*regressState](&regressCombineFn{})
	register.DoFn2x1[context.Context, *regressState, error](&regressWriteFn{})
	register.DoFn4x1[context.Context, Unit, func(string, *regressState), func(string, int64), error](&regressSliceReadFn{})
	register.Emitter2[string, *regressState]()
	register.DoFn2x2[string, *regressState, sliceOut, error](&regressSliceFn{})
	register.Iter2[string, *regressState]()
	register.DoFn3x0[[]byte, func(*string, **regressState) bool, func(string, *regressState)](&regressRestFn{})
	register.Emitter2[string, []float64]()
	register.DoFn3x1[context.Context, Unit, func(string, []float64), error](&regressLossesFn{})
}

// Pipeline adds the regression measures of units to s: each unit is read
// into a regress.Multi, the states are merged in any order by a
// CombineFn, and the report is written to c.Output. No state keeps its
// values (they would follow the merge order): with State.KeepValues the
// order statistics and null-model sums come from further reads instead.
func (c *Regress) Pipeline(s beam.Scope, units []Unit) {
	keep := c.State.KeepValues
	c2 := *c
	c2.State.KeepValues = false
	c = &c2
	if keep {
		c.exactPipeline(s, units)
		return
	}
	if c.Slices != nil && c.welch() != "" {
		c.welchPipeline(s, units)
		return
	}
	if c.Slices != nil {
		slicedPipeline(s, "regress", units, c.Slices, &regressSliceReadFn{C: *c}, &regressCombineFn{K: len(c.Options.Trues), Options: c.State}, &regressRestFn{K: len(c.Options.Trues), Options: c.State}, &regressSliceFn{C: *c}, c.Name, c.Output)
		return
	}
	combineUnits(s, "regress", units, &regressReadFn{C: *c}, &regressCombineFn{K: len(c.Options.Trues), Options: c.State}, &regressWriteFn{C: *c, Units: len(units)})
}

type regressReadFn struct{ C Regress }

// ProcessElement reads one unit into a state that keeps no values.
func (f *regressReadFn) ProcessElement(ctx context.Context, u Unit) (*regressState, error) {
	m, rows, err := f.C.fold(ctx, u, false)
	if err != nil {
		return nil, err
	}
	return &regressState{Units: 1, Multi: m, Rows: rows}, nil
}

// fold reads unit u into a state (task.Regress's fold, each row's
// position the unit index in the high bits and its line in the low ones),
// keeping its values or not, with the command line's checks and
// positioned errors; rows names the rows that warnings may name.
func (c *Regress) fold(ctx context.Context, u Unit, keep bool) (*regress.Multi, map[int64]string, error) {
	t := c.keeping(keep)
	m := t.New()
	rows := map[int64]string{}
	err := readUnit(ctx, u, t.Columns(), func(r *table.Reader, cols []int) error {
		return c.foldRows(t, m, rows, r, cols, u.Index)
	})
	return m, rows, err
}

// keeping is the task of c, keeping values or not.
func (c *Regress) keeping(keep bool) *task.Regress {
	c2 := *c
	c2.State.KeepValues = keep
	return c2.task()
}

// foldRows folds the rows of r, of unit unit, into m (see fold).
func (c *Regress) foldRows(t *task.Regress, m *regress.Multi, rows map[int64]string, r *table.Reader, cols []int, unit int) error {
	base := int64(unit) << lineBits
	name := func(pos int64) string { return r.Position(int(pos - base)) }
	m.SetRowName(name)
	defer m.SetRowName(nil)
	if err := t.FoldAt(m, r, cols, base); err != nil {
		return err
	}
	for j := range len(t.Options.Trues) {
		for _, p := range m.Output(j).IssueRows() {
			rows[p] = name(p)
		}
	}
	return nil
}

// task returns the task of c.
func (c *Regress) task() *task.Regress {
	return &task.Regress{Options: c.Options, State: c.State, CI: c.CI}
}

// regressCombineFn merges states in any order (see regressState).
type regressCombineFn struct {
	K       int
	Options regress.StateOptions
}

func (f *regressCombineFn) CreateAccumulator() *regressState {
	return &regressState{Multi: regress.NewMulti(f.K, f.Options), Rows: map[int64]string{}}
}

func (f *regressCombineFn) MergeAccumulators(a, b *regressState) *regressState {
	a.Units += b.Units
	a.Multi.Merge(b.Multi)
	maps.Copy(a.Rows, b.Rows)
	return a
}

type regressWriteFn struct {
	C     Regress
	Units int
}

// ProcessElement builds the report from the state of every unit, as the
// command line does, and writes it.
func (f *regressWriteFn) ProcessElement(ctx context.Context, s *regressState) error {
	return f.write(ctx, s, nil)
}

// write builds the report from the merged state s (with rows, for the
// paired bootstraps of several models) and writes it.
func (f *regressWriteFn) write(ctx context.Context, s *regressState, rows *regress.PairedRows) error {
	if s.Units != f.Units {
		return fmt.Errorf("evalkit-beam: internal error: %d of %d units merged", s.Units, f.Units)
	}
	out, err := f.C.result(s, rows)
	if err != nil {
		return err
	}
	return writeJSON(ctx, f.C.Output, out)
}

// result is the report of the merged state s; rows, if not nil, are its
// rows for the paired bootstraps of several models.
func (c *Regress) result(s *regressState, rows *regress.PairedRows) (any, error) {
	m := s.Multi
	if m.Output(0).N() == 0 {
		return nil, userError(noRows(c.Name))
	}
	m.SetRowName(func(pos int64) string { return s.Rows[pos] })
	if c.Models != nil {
		// As the command line: the report options without the columns,
		// which NewModelsReport names from the target and the models.
		out, err := c.task().ModelsRows(m, rows, *c.Models)
		if err != nil {
			return nil, reportError(cli.OptionUsage(err))
		}
		return out, nil
	}
	res, err := c.task().Result(m)
	var oe *result.OptionError
	if errors.As(err, &oe) {
		return nil, usageError("%s", cli.OptionText(oe))
	}
	if err != nil {
		return nil, userError(err)
	}
	return res, nil
}

type regressSliceReadFn struct{ C Regress }

// ProcessElement reads one unit into a state, keeping no values, of all
// its rows and one of each slice's (see eachSlice).
func (f *regressSliceReadFn) ProcessElement(ctx context.Context, u Unit, emit func(string, *regressState), count func(string, int64)) error {
	t := f.C.keeping(false)
	return eachSlice(ctx, u, f.C.Slices, t.Columns(), func(key string, r *table.Reader, cols []int) error {
		m, rows := t.New(), map[int64]string{}
		if err := f.C.foldRows(t, m, rows, r, cols, u.Index); err != nil {
			return err
		}
		emit(key, &regressState{Units: 1, Multi: m, Rows: rows})
		return nil
	}, count)
}

type regressSliceFn struct{ C Regress }

// ProcessElement gives the result of one key's merged state.
func (f *regressSliceFn) ProcessElement(key string, s *regressState) (sliceOut, error) {
	out, err := f.C.result(s, nil)
	return sliceResult(key, out, err)
}

type regressRestFn struct {
	K       int
	Options regress.StateOptions
}

// ProcessElement emits the state of the rest of the rows of each slice
// (emitRests): the states merge exactly, in any order.
func (f *regressRestFn) ProcessElement(_ []byte, states func(*string, **regressState) bool, emit func(string, *regressState)) {
	emitRests[*regressState](&regressCombineFn{K: f.K, Options: f.Options}, states, emit)
}

// welch returns the measure whose slices the command line compares with
// the rests by Welch's test of the rows' losses ("mse" or "mae": the
// primary measure of one unweighted model of one output, with Compare),
// or "".
func (c *Regress) welch() string {
	sl := c.Slices
	if sl == nil || !sl.Compare || c.Models != nil || c.Options.Weights != "" || len(c.Options.Trues) != 1 {
		return ""
	}
	switch sl.Primary {
	case "", "mse":
		return "mse"
	case "mae":
		return "mae"
	}
	return ""
}

// welchPipeline is the sliced pipeline (slicedPipeline) of a comparison
// by Welch's test: the units are read once more for each slice's losses,
// which meet the keys' results at the writer (slicesLossesWriteFn).
func (c *Regress) welchPipeline(s beam.Scope, units []Unit) {
	s = s.Scope("regress-slices")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	states, counts := beam.ParDo2(s, &regressSliceReadFn{C: *c}, us)
	merged := beam.CombinePerKey(s, &regressCombineFn{K: len(c.Options.Trues), Options: c.State}, states)
	merged = withRests(s, &regressRestFn{K: len(c.Options.Trues), Options: c.State}, merged)
	outs := beam.ParDo(s, &regressSliceFn{C: *c}, merged)
	losses := beam.ParDo(s, &regressLossesFn{C: *c, Path: c.welch()}, us)
	rows := stats.SumPerKey(s, counts)
	w := slicesWriteFn{Sl: *c.Slices, Name: c.Name, Output: c.Output}
	beam.ParDo0(s, &slicesLossesWriteFn{W: w, Path: c.welch()}, beam.Impulse(s),
		beam.SideInput{Input: outs}, beam.SideInput{Input: rows}, beam.SideInput{Input: losses})
}

type regressLossesFn struct {
	C    Regress
	Path string // "mse": squared errors; "mae": absolute ones
}

// ProcessElement reads one unit again and emits the losses of each
// slice's rows, as the command line computes them from a slice's (or a
// rest's) rows for Welch's test.
func (f *regressLossesFn) ProcessElement(ctx context.Context, u Unit, emit func(string, []float64)) error {
	names := []string{f.C.Options.Trues[0], f.C.Options.Preds[0]}
	return eachSlice(ctx, u, f.C.Slices, names, func(key string, r *table.Reader, cols []int) error {
		if key == "" {
			return nil
		}
		var out []float64
		for r.Next() {
			a, err := r.Float(cols[0])
			if err != nil {
				return err
			}
			b, err := r.Float(cols[1])
			if err != nil {
				return err
			}
			d := a - b
			if f.Path == "mse" {
				out = append(out, d*d)
			} else {
				out = append(out, math.Abs(d))
			}
		}
		emit(key, out)
		return nil
	}, func(string, int64) {})
}
