package evalbeam

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// Slicing is the slicing of a pipeline ("evalkit TASK --by …"): the task
// is evaluated on every row and on each slice's rows, in one pass. Every
// element of the task's combine is keyed: "" for all the rows, and each
// slice's key (its slicing's index and the values of its columns) for its
// rows. Each worker reads a unit through task.Slices (the rows of the
// columns the task reads, kept in memory while the unit is folded) and
// folds the whole unit and each of its slices with the task's fold; the
// states are merged per key by the task's CombineFn; each key's merged
// state gives its result as the unsliced pipeline's state gives the
// whole result; and one worker assembles the results as the command line
// does (task.SlicedInput.Assemble).
//
// With Compare (--ci), each slice is also compared with the rest of the
// rows (cli.CompareSlices: "vs_rest", "slices_worse"). The rest of a
// slice is the other slices of its slicing: its state is their merged
// states (emitRests), keyed by restKey, and its result is given by the
// code that gives every key's; the states' merges are exact, so it is
// the state, and the result, of a file holding only the rest's rows.
// What of a rest's state is not a merge is read from its rows: the
// paired sums of several rank models, the log loss sums of multiclass
// rank and the bins of rank --bins (the reads of the units emit each
// slice's rest among the unit's rows under restKey). Exact regress's
// rests are merges of states that keep no values, which give
// --bounded-memory's result, several models not compared by paired
// bootstraps (Regress.restResult).
type Slicing struct {
	Cmd       string     // the task ("classify"), as the command line's errors name it
	By        [][]string // task.Slices.By
	MinRows   int        // task.Slices.MinRows
	MaxSlices int        // task.Slices.MaxSlices
	// Compare, if set, compares each slice with the rest of the rows, as
	// task.SliceCompare with Level and Adjust, on Primary (--primary), or
	// else on the first of Primaries that the result has.
	Compare   bool
	Level     float64
	Adjust    string
	Primary   string
	Primaries []string
}

// sliceOut is the result of one key: its JSON, or the message of the
// error the task gave on its rows (Usage: an error of usage).
type sliceOut struct {
	Key   string
	JSON  []byte
	Err   string
	Usage bool
}

func init() {
	beam.RegisterType(reflect.TypeOf((*sliceOut)(nil)).Elem())
	register.Emitter2[string, int64]()
	register.Iter1[sliceOut]()
	register.Iter2[string, int64]()
	register.DoFn4x1[context.Context, []byte, func(*sliceOut) bool, func(*string, *int64) bool, error](&slicesWriteFn{})
	register.Iter2[string, []float64]()
	register.DoFn5x1[context.Context, []byte, func(*sliceOut) bool, func(*string, *int64) bool, func(*string, *[]float64) bool, error](&slicesLossesWriteFn{})
}

// sliceKey is the key of the slice of slicing k whose columns have values.
func sliceKey(k int, values []string) string {
	return strconv.Itoa(k) + "\x00" + strings.Join(values, "\x00")
}

// parseSliceKey returns the slicing and values of a slice's key.
func parseSliceKey(key string) (int, []string) {
	parts := strings.Split(key, "\x00")
	k, _ := strconv.Atoi(parts[0])
	return k, parts[1:]
}

// slices returns the task.Slices of sl for a unit: every slice of it
// evaluated, however small (MinRows applies to the merged slices).
func (sl *Slicing) slices() *task.Slices {
	return &task.Slices{By: sl.By, MinRows: 1, MaxSlices: sl.MaxSlices}
}

// eachSlice opens the unit u, reads it through task.Slices (keeping the
// named columns and the slicing columns) and calls fold with a reader
// over all its rows, key "", and one over each slice's rows, the slice's
// key, with the indexes of the named columns in that reader; count gets
// each key's number of rows. A unit with no data row contributes nothing.
// Errors leave as user errors, as readUnit's do.
func eachSlice(ctx context.Context, u Unit, sl *Slicing, names []string, fold func(key string, r *table.Reader, cols []int) error, count func(string, int64)) error {
	return eachSliceIn(ctx, u, sl, names, func(key string, r *table.Reader, cols []int, _ *task.SlicedInput, _ int) error {
		return fold(key, r, cols)
	}, count)
}

// eachSliceIn is eachSlice, fold given also the unit's rows as read (in)
// and the index of the slice among in.Slices (-1 for all the rows), to
// read them again.
func eachSliceIn(ctx context.Context, u Unit, sl *Slicing, names []string, fold func(key string, r *table.Reader, cols []int, in *task.SlicedInput, i int) error, count func(string, int64)) error {
	r, _, done, err := openUnit(ctx, u, nil)
	if err != nil || r == nil {
		return err
	}
	in, err := sl.slices().Read(r, names)
	done()
	if empty(err) {
		return nil
	}
	if err != nil {
		return userError(err)
	}
	one := func(key string, r *table.Reader, rows, i int) error {
		cols, err := table.Columns(r, names...)
		if err != nil {
			return userError(err)
		}
		if err := fold(key, r, cols, in, i); err != nil {
			return userError(err)
		}
		if err := r.Err(); err != nil && !empty(err) {
			return userError(err)
		}
		count(key, int64(rows))
		return nil
	}
	if err := one("", in.All(), in.Rows(), -1); err != nil {
		return err
	}
	for i, s := range in.Slices {
		values := make([]string, len(s.By))
		for j, m := range s.By {
			values[j] = m.Value.(string)
		}
		if err := one(sliceKey(s.Slicing, values), s.Reader, s.Rows, i); err != nil {
			return err
		}
		in.Slices[i].Reader = nil
	}
	return nil
}

// sliceResult is the sliceOut of key: the JSON of v (its warnings naming
// flags and, with intervals, its summary, as writeJSON's), or the
// message of err. An error on all the
// rows (key "") is returned instead, to fail the pipeline as the
// unsliced one does.
func sliceResult(key string, v any, err error) (sliceOut, error) {
	out := sliceOut{Key: key}
	if err != nil {
		if key == "" {
			return out, err
		}
		msg, ok, usage := UserMessage(err)
		if !ok {
			return out, err
		}
		out.Err, out.Usage = cli.FlagText(msg), usage
		return out, nil
	}
	cli.FlagWarnings(v)
	task.Summarize(v)
	b, err := result.JSON(v, "")
	out.JSON = b
	return out, err
}

// slicedPipeline adds to s, in a scope named name, the pipeline of a
// sliced combiner task: read is a DoFn from a unit to keyed states and
// keyed row counts (eachSlice), combine the task's CombineFn, merging
// per key, rests (with sl.Compare; nil otherwise) a DoFn from an impulse
// and the merged states (a side input) to the rests' states (emitRests),
// and result a DoFn from a key and its merged state to its sliceOut;
// slicesWriteFn assembles and writes the whole.
func slicedPipeline(s beam.Scope, name string, units []Unit, sl *Slicing, read, combine, rests, result any, inputName, output string) {
	s = s.Scope(name + "-slices")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	states, counts := beam.ParDo2(s, read, us)
	merged := beam.CombinePerKey(s, combine, states)
	if sl.Compare {
		merged = withRests(s, rests, merged)
	}
	outs := beam.ParDo(s, result, merged)
	writeSlices(s, sl, outs, counts, inputName, output)
}

// withRests returns the keyed merged states with the states of the
// rests added (rests, a DoFn of emitRests).
func withRests(s beam.Scope, rests any, merged beam.PCollection) beam.PCollection {
	r := beam.ParDo(s, rests, beam.Impulse(s), beam.SideInput{Input: merged})
	return beam.Flatten(s, merged, r)
}

// restKey is the key of the rest of the rows of the slice of key (never
// a slice's own key, which starts with a digit).
func restKey(key string) string { return "r" + key }

// isRestKey reports whether key is a rest's (restKey).
func isRestKey(key string) bool { return strings.HasPrefix(key, "r") }

// merger merges states: a task's CombineFn.
type merger[S any] interface {
	CreateAccumulator() S
	MergeAccumulators(a, b S) S
}

// emitRests emits, for each slice among the merged states of the keys
// (key "" for all the rows is passed over), the state of the rest of the
// rows under restKey: the merge of the states of the other slices of its
// slicing (none for a slicing of one slice, whose rest has no row). The
// merges of m must be exact (in any order and grouping the same state)
// and leave their second argument as it was. Each slicing's rests are
// merged from its prefixes and suffixes, with about three merges per
// slice.
func emitRests[S any](m merger[S], states func(*string, *S) bool, emit func(string, S)) {
	type keyed struct {
		key string
		st  S
	}
	bySlicing := map[int][]keyed{}
	var key string
	var st S
	for states(&key, &st) {
		if key != "" {
			k, _ := parseSliceKey(key)
			bySlicing[k] = append(bySlicing[k], keyed{key, st})
		}
	}
	clone := func(x S) S { return m.MergeAccumulators(m.CreateAccumulator(), x) }
	for _, list := range bySlicing {
		n := len(list)
		if n < 2 {
			continue
		}
		// suffix[i] is the merge of list[i:].
		suffix := make([]S, n+1)
		suffix[n] = m.CreateAccumulator()
		for i := n - 1; i >= 1; i-- {
			suffix[i] = m.MergeAccumulators(clone(suffix[i+1]), list[i].st)
		}
		prefix := m.CreateAccumulator()
		var zero S
		for i, x := range list {
			emit(restKey(x.key), m.MergeAccumulators(clone(prefix), suffix[i+1]))
			suffix[i+1] = zero
			prefix = m.MergeAccumulators(prefix, x.st)
		}
	}
}

// writeSlices adds the assembly of the keys' results outs (sliceOut) and
// row counts (KV<string, int64>) to s.
func writeSlices(s beam.Scope, sl *Slicing, outs, counts beam.PCollection, inputName, output string) {
	rows := stats.SumPerKey(s, counts)
	beam.ParDo0(s, &slicesWriteFn{Sl: *sl, Name: inputName, Output: output}, beam.Impulse(s),
		beam.SideInput{Input: outs}, beam.SideInput{Input: rows})
}

// slicesWriteFn assembles the results of every key as the command line
// does and writes them.
type slicesWriteFn struct {
	Sl     Slicing
	Name   string // how errors about the whole input name it
	Output string
}

// ProcessElement orders the slices (task.Slices.Counted), takes each
// evaluated slice's result or error, and writes the overall result with
// the slices and their disparities (task.SlicedInput.Assemble).
func (f *slicesWriteFn) ProcessElement(ctx context.Context, _ []byte, outs func(*sliceOut) bool, rows func(*string, *int64) bool) error {
	return f.write(ctx, outs, rows, nil)
}

// write is ProcessElement; hook, if not nil, sets what the comparison of
// the slices of in needs besides their results (their losses, say).
func (f *slicesWriteFn) write(ctx context.Context, outs func(*sliceOut) bool, rows func(*string, *int64) bool, hook func(*task.SlicedInput, *task.SliceCompare)) error {
	byKey := map[string]sliceOut{}
	var o sliceOut
	for outs(&o) {
		byKey[o.Key] = o
		o = sliceOut{}
	}
	var counts []task.SliceCount
	var key string
	var n int64
	for rows(&key, &n) {
		if key == "" {
			continue
		}
		k, values := parseSliceKey(key)
		counts = append(counts, task.SliceCount{Slicing: k, Values: values, Rows: int(n)})
	}
	overall, ok := byKey[""]
	if !ok {
		return userError(noRows(f.Name))
	}
	sl := &task.Slices{By: f.Sl.By, MinRows: f.Sl.MinRows, MaxSlices: f.Sl.MaxSlices}
	in, err := sl.Counted(f.Name, counts)
	if err != nil {
		return userError(err)
	}
	results := make([]any, len(in.Slices))
	errs := make([]string, len(in.Slices))
	for i, s := range in.Slices {
		if s.Rows < in.MinRows {
			continue
		}
		values := make([]string, len(s.By))
		for j, m := range s.By {
			values[j] = m.Value.(string)
		}
		o, ok := byKey[sliceKey(s.Slicing, values)]
		switch {
		case !ok:
			return fmt.Errorf("evalkit-beam: internal error: no result for slice %q", values)
		case o.Usage:
			return usageError("%s", o.Err)
		case o.Err != "":
			errs[i] = o.Err
		default:
			results[i] = json.RawMessage(o.JSON)
		}
	}
	out, err := in.Assemble(f.Sl.By, json.RawMessage(overall.JSON), results, errs)
	if err != nil {
		return userError(err)
	}
	if f.Sl.Compare {
		if err := f.compare(in, out, byKey, hook); err != nil {
			return err
		}
	}
	return writeJSON(ctx, f.Output, out)
}

// compare compares each evaluated slice of out with the rest of the
// rows, whose result is its rest's key's in byKey, as the command line
// does (cli.CompareSlices).
func (f *slicesWriteFn) compare(in *task.SlicedInput, out *task.SlicesResult, byKey map[string]sliceOut, hook func(*task.SlicedInput, *task.SliceCompare)) error {
	c := task.SliceCompare{Level: f.Sl.Level, Adjust: f.Sl.Adjust}
	if hook != nil {
		hook(in, &c)
	}
	err := cli.CompareSlices(f.Sl.Cmd, c, f.Sl.Primary, f.Sl.Primaries, in, out, func(i int) (any, error) {
		s := in.Slices[i]
		values := make([]string, len(s.By))
		for j, m := range s.By {
			values[j] = m.Value.(string)
		}
		o, ok := byKey[restKey(sliceKey(s.Slicing, values))]
		switch {
		case !ok:
			return nil, fmt.Errorf("evalkit-beam: internal error: no result for the rest of slice %q", values)
		case o.Usage:
			return nil, &cli.UsageError{Msg: o.Err}
		case o.Err != "":
			return nil, errors.New(o.Err) // not compared, as the command line
		}
		return json.RawMessage(o.JSON), nil
	})
	if err != nil {
		return reportError(err)
	}
	return nil
}

// keyOf is the key of slice s.
func keyOf(s task.Slice) string {
	values := make([]string, len(s.By))
	for j, m := range s.By {
		values[j] = m.Value.(string)
	}
	return sliceKey(s.Slicing, values)
}

// slicesLossesWriteFn is slicesWriteFn with the per-row losses of each
// slice (KV<key, losses> of the units' parts of it), for Welch's test
// of a mean loss (task.SliceCompare.SliceLosses): a slice's losses are
// its parts', a rest's the other slices' of its slicing.
type slicesLossesWriteFn struct {
	W    slicesWriteFn
	Path string // the measure the losses are of ("mse", "mae")
}

func (f *slicesLossesWriteFn) ProcessElement(ctx context.Context, _ []byte, outs func(*sliceOut) bool, rows func(*string, *int64) bool, losses func(*string, *[]float64) bool) error {
	byKey := map[string][]float64{}
	var key string
	var l []float64
	for losses(&key, &l) {
		byKey[key] = append(byKey[key], l...)
		l = nil
	}
	return f.W.write(ctx, outs, rows, func(in *task.SlicedInput, c *task.SliceCompare) {
		c.SliceLosses = func(path string, i int, rest bool) ([]float64, bool, error) {
			if path != f.Path {
				return nil, false, nil
			}
			if !rest {
				return byKey[keyOf(in.Slices[i])], true, nil
			}
			var out []float64
			for j, s := range in.Slices {
				if j != i && s.Slicing == in.Slices[i].Slicing {
					out = append(out, byKey[keyOf(s)]...)
				}
			}
			return out, true, nil
		}
	})
}

// foldSlices reads the unit u into a state of t for all its rows and one
// for each slice's (see eachSlice), with t's fold.
func foldSlices[S any](ctx context.Context, u Unit, sl *Slicing, t folder[S], emit func(string, S), count func(string, int64)) error {
	return eachSlice(ctx, u, sl, t.Columns(), func(key string, r *table.Reader, cols []int) error {
		st := t.New()
		if err := t.Fold(st, r, cols); err != nil {
			return err
		}
		emit(key, st)
		return nil
	}, count)
}
