package evalbeam

import (
	"context"
	"errors"
	"math"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/wire"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// RankMultiModels configures the evaluation and comparison of several
// multiclass models scored on the same rows: "evalkit rank --classes
// c1,c2,… --score m1_* --score m2_* …".
//
// The paired comparisons (DeLong's test of the macro one-vs-rest AUCs,
// the bootstrap of the log losses, McNemar's test of the arg-max
// accuracies) need every row in one place, as evalkit holds them: each
// unit is read by the command line's fold (task.RankMultiModels.Fold)
// into a task.MultiModelsState — each model's statistic builder and the
// rows' classes, probabilities and weights — sent in its binary encoding
// with the unit's index; the writer merges the states in unit order, the
// order of the concatenated input, as evalkit merges its chunks, and
// calls the report evalkit calls (task.RankMultiModels.Report). The
// writer holds 4 bytes a row for the class, 8 a row, model and class for
// the probabilities (and 8 for a weight once one is not 1), and each
// model's score tables (8 bytes a row, model and class), as evalkit does.
//
// With Slices (--by), each unit also sends, for each of its slices, the
// indexes of the slice's rows in the unit; the writer evaluates each
// slice from its rows picked from the merged state
// (task.RankMultiModels.Pick: the state a file of the slice's rows gives)
// and, with Compare, each slice's rest from the rows outside it, as
// evalkit evaluates each slice's rows and each rest as a file of their
// own.
type RankMultiModels struct {
	Task         task.RankMultiModels // the columns, classes and models' names (Budget unused)
	Options      rank.Options
	Models       board.Options
	CI           *hyptest.CIOptions
	Name, Output string // how errors about the whole input name it; the JSON file written
	// Memory bounds the rows the writer holds (--memory; ≤ 0: no
	// bound), as evalkit bounds them.
	Memory int64
	// Slices, if set, evaluates each slice as well as every row (--by).
	Slices *Slicing
}

func init() {
	register.DoFn3x1[context.Context, Unit, func([]byte), error](&multiModelsReadFn{})
	register.DoFn3x1[context.Context, []byte, func(*[]byte) bool, error](&multiModelsWriteFn{})
}

// Pipeline adds the evaluation of the models to s.
func (c *RankMultiModels) Pipeline(s beam.Scope, units []Unit) {
	s = s.Scope("rank-multiclass-models")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	parts := beam.ParDo(s, &multiModelsReadFn{C: *c}, us)
	beam.ParDo0(s, &multiModelsWriteFn{C: *c, Units: len(units)}, beam.Impulse(s), beam.SideInput{Input: parts})
}

// task is the task of c.
func (c *RankMultiModels) task() *task.RankMultiModels {
	t := c.Task
	return &t
}

// multiModelsPart is one unit's rows: their state and, with --by, the
// indexes in the unit of each of its slices' rows, by the slice's key.
type multiModelsPart struct {
	Unit  int
	State *task.MultiModelsState
	Keys  []string
	Rows  [][]int32
}

// encodeMultiModelsPart writes the unit index, the state's encoding
// (task.MultiModelsState.MarshalBinary), and each slice's key and rows
// (their indexes as differences from the one before).
func encodeMultiModelsPart(p *multiModelsPart) ([]byte, error) {
	st, err := p.State.MarshalBinary()
	if err != nil {
		return nil, err
	}
	var a wire.Appender
	a.Uvarint(uint64(p.Unit))
	a.Block(st)
	a.Uvarint(uint64(len(p.Keys)))
	for i, k := range p.Keys {
		a.String(k)
		a.Uvarint(uint64(len(p.Rows[i])))
		prev := int32(-1)
		for _, r := range p.Rows[i] {
			a.Uvarint(uint64(r - prev))
			prev = r
		}
	}
	return a, nil
}

var errBadPart = errors.New("evalkit-beam: internal error: bad multiclass models' part")

// decodeMultiModelsPart reads what encodeMultiModelsPart wrote.
func decodeMultiModelsPart(b []byte) (*multiModelsPart, error) {
	r := wire.NewReader(b, errBadPart)
	p := &multiModelsPart{Unit: int(r.Uvarint(math.MaxInt32))}
	st := r.Block()
	if r.Err() != nil {
		return nil, r.Err()
	}
	p.State = new(task.MultiModelsState)
	if err := p.State.UnmarshalBinary(st); err != nil {
		return nil, err
	}
	keys := r.Count(2) // a key's length and its number of rows
	for range keys {
		k := string(r.Block())
		rows := make([]int32, r.Count(1))
		prev := int64(-1)
		for i := range rows {
			prev += int64(r.Uvarint(1 << 31))
			rows[i] = int32(prev)
		}
		if r.Err() != nil {
			return nil, r.Err()
		}
		p.Keys, p.Rows = append(p.Keys, k), append(p.Rows, rows)
	}
	if err := r.End(); err != nil {
		return nil, err
	}
	return p, nil
}

type multiModelsReadFn struct{ C RankMultiModels }

// ProcessElement reads one unit into a state with the command line's
// checks and positioned errors, and with --by the rows of each of the
// unit's slices, and emits them encoded (a unit without a data row, an
// empty state).
func (f *multiModelsReadFn) ProcessElement(ctx context.Context, u Unit, emit func([]byte)) error {
	t := f.C.task()
	p := &multiModelsPart{Unit: u.Index, State: t.New()}
	fold := func(r *table.Reader, cols []int) error {
		if err := cli.TaskError("rank", t.Fold(p.State, r, cols)); err != nil {
			return reportError(err)
		}
		return nil
	}
	if f.C.Slices == nil {
		if err := readUnit(ctx, u, t.Columns(), fold); err != nil {
			return err
		}
	} else if err := f.readSlices(ctx, u, p, fold); err != nil {
		return err
	}
	b, err := encodeMultiModelsPart(p)
	if err != nil {
		return err
	}
	emit(b)
	return nil
}

// readSlices reads the unit u through task.Slices (see eachSliceIn): all
// its rows into p's state by fold, and each slice's key and rows into p.
func (f *multiModelsReadFn) readSlices(ctx context.Context, u Unit, p *multiModelsPart, fold func(r *table.Reader, cols []int) error) error {
	names := f.C.task().Columns()
	r, _, done, err := openUnit(ctx, u, nil)
	if err != nil || r == nil {
		return err
	}
	in, err := f.C.Slices.slices().Read(r, names)
	done()
	if empty(err) {
		return nil
	}
	if err != nil {
		return userError(err)
	}
	all := in.All()
	cols, err := table.Columns(all, names...)
	if err != nil {
		return userError(err)
	}
	if err := fold(all, cols); err != nil {
		return userError(err)
	}
	if err := all.Err(); err != nil && !empty(err) {
		return userError(err)
	}
	for i, s := range in.Slices {
		p.Keys = append(p.Keys, keyOf(s))
		p.Rows = append(p.Rows, in.RowsOf(i))
	}
	return nil
}

type multiModelsWriteFn struct {
	C     RankMultiModels
	Units int
}

// ProcessElement merges the units' states in unit order and writes the
// report, with --by each slice's.
func (f *multiModelsWriteFn) ProcessElement(ctx context.Context, _ []byte, parts func(*[]byte) bool) error {
	t := f.C.task()
	t.Budget = budget.New(f.C.Memory)
	acct := t.RowsAccount()
	defer acct.Close()
	var over error
	all := t.New()
	rows := map[string][]int32{}
	var keys []string
	o := inOrder[*multiModelsPart]{Pending: map[int]*multiModelsPart{}}
	offset := int32(0)
	merge := func(_ int, p *multiModelsPart) {
		all.Merge(p.State)
		if over == nil {
			over = acct.Set(all.Bytes())
		}
		for i, k := range p.Keys {
			if _, ok := rows[k]; !ok {
				keys = append(keys, k)
			}
			for _, r := range p.Rows[i] {
				rows[k] = append(rows[k], offset+r)
			}
		}
		offset += int32(len(p.State.Rows.Y))
	}
	var b []byte
	for parts(&b) {
		p, err := decodeMultiModelsPart(b)
		if err != nil {
			return err
		}
		o.Pending[p.Unit] = p
		o.fold(merge)
		if over != nil {
			return reportError(cli.TaskError("rank", over))
		}
		b = nil
	}
	if err := o.complete(f.Units); err != nil {
		return err
	}
	if len(all.Rows.Y) == 0 {
		return userError(noRows(f.C.Name))
	}
	if f.C.Slices == nil {
		out, err := f.C.result(all)
		if err != nil {
			return err
		}
		return writeJSON(ctx, f.C.Output, out)
	}
	return f.writeSlices(ctx, all, keys, rows)
}

// writeSlices gives the result of every row, each slice's evaluated
// (its rows picked from all) and, with Compare, each evaluated slice's
// rest, and writes them as the command line assembles them
// (slicesWriteFn).
func (f *multiModelsWriteFn) writeSlices(ctx context.Context, all *task.MultiModelsState, keys []string, rows map[string][]int32) error {
	t := f.C.task()
	n := len(all.Rows.Y)
	// Every row's result first, as evalkit runs it first: its error is
	// the run's. Its report spends all's builders, not the rows the
	// slices are picked from.
	out, err := f.C.result(all)
	o, err := sliceResult("", out, err)
	if err != nil {
		return err
	}
	outs := []sliceOut{o}
	pick := func(key string, rs []int32) error {
		st, err := t.Pick(all, rs)
		if err != nil {
			return err
		}
		out, err := f.C.result(st)
		o, err := sliceResult(key, out, err)
		if err != nil {
			return err
		}
		outs = append(outs, o)
		return nil
	}
	minRows := max(f.C.Slices.MinRows, 1)
	for _, k := range keys {
		rs := rows[k]
		if len(rs) < minRows {
			continue
		}
		if err := pick(k, rs); err != nil {
			return err
		}
		if f.C.Slices.Compare && len(rs) < n {
			if err := pick(restKey(k), task.RowsOutside(rs, n)); err != nil {
				return err
			}
		}
	}
	slices.Sort(keys)
	w := &slicesWriteFn{Sl: *f.C.Slices, Name: f.C.Name, Output: f.C.Output}
	return w.write(ctx, iterate(outs), func(key *string, count *int64) bool {
		if len(keys) == 0 {
			return false
		}
		*key, *count = keys[0], int64(len(rows[keys[0]]))
		keys = keys[1:]
		return true
	}, nil)
}

// iterate returns an iterator over vs, as a side input's.
func iterate[T any](vs []T) func(*T) bool {
	return func(v *T) bool {
		if len(vs) == 0 {
			return false
		}
		*v, vs = vs[0], vs[1:]
		return true
	}
}

// result is the report of the state st (whose builders it spends), with
// the command line's errors.
func (c *RankMultiModels) result(st *task.MultiModelsState) (*board.Models, error) {
	out, err := c.task().Report(c.Name, st, c.Options, c.Models, c.CI)
	if err != nil {
		return nil, reportError(cli.OptionUsage(err))
	}
	return out, nil
}
