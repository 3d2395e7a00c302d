package evalbeam

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/task"
)

// Classify configures a classification pipeline: the columns and options
// of "evalkit classify".
type Classify struct {
	task.Classify // the columns and options (Budget unused)
	// CI, if set, adds the intervals of --ci (classify.Report.AddIntervals
	// on the merged confusion matrix: the same bits as the command line's).
	CI     *hyptest.CIOptions
	Name   string // how errors about the whole input name it
	Output string // the JSON file written
	// Slices, if set, evaluates each slice as well as every row (--by).
	Slices *Slicing
}

func init() {
	tallyType := reflect.TypeOf((*classify.Tally)(nil))
	beam.RegisterType(tallyType.Elem())
	beam.RegisterCoder(tallyType, encodeTally, decodeTally)
	register.DoFn2x2[context.Context, Unit, *classify.Tally, error](&classifyReadFn{})
	register.Combiner1[*classify.Tally](&tallyCombineFn{})
	register.DoFn2x1[context.Context, *classify.Tally, error](&classifyWriteFn{})
	beam.RegisterType(reflect.TypeOf((*Unit)(nil)).Elem())
	register.DoFn4x1[context.Context, Unit, func(string, *classify.Tally), func(string, int64), error](&classifySliceReadFn{})
	register.Emitter2[string, *classify.Tally]()
	register.DoFn2x2[string, *classify.Tally, sliceOut, error](&classifySliceFn{})
	register.Iter2[string, *classify.Tally]()
	register.DoFn3x0[[]byte, func(*string, **classify.Tally) bool, func(string, *classify.Tally)](&classifyRestFn{})
}

func encodeTally(t *classify.Tally) ([]byte, error) { return t.MarshalBinary() }

func decodeTally(b []byte) (*classify.Tally, error) {
	t := new(classify.Tally)
	return t, t.UnmarshalBinary(b)
}

// Pipeline adds the classification of units to s: each unit is read into
// a classify.Tally, the tallies are merged by a CombineFn, and the report
// is written to c.Output.
func (c *Classify) Pipeline(s beam.Scope, units []Unit) {
	if c.Slices != nil {
		slicedPipeline(s, "classify", units, c.Slices, &classifySliceReadFn{C: *c}, &tallyCombineFn{Labels: c.Options.Labels}, &classifyRestFn{Labels: c.Options.Labels}, &classifySliceFn{C: *c}, c.Name, c.Output)
		return
	}
	combineUnits(s, "classify", units, &classifyReadFn{C: *c}, &tallyCombineFn{Labels: c.Options.Labels}, &classifyWriteFn{C: *c})
}

type classifyReadFn struct{ C Classify }

// ProcessElement reads one unit into a tally (task.Classify's fold), with
// the command line's checks and positioned errors.
func (f *classifyReadFn) ProcessElement(ctx context.Context, u Unit) (*classify.Tally, error) {
	return foldUnit(ctx, u, f.C.task())
}

// task returns the task of c.
func (c *Classify) task() *task.Classify {
	t := c.Classify
	return &t
}

// tallyCombineFn merges tallies; its accumulator is the library's state.
type tallyCombineFn struct{ Labels []string }

func (f *tallyCombineFn) CreateAccumulator() *classify.Tally { return classify.NewTally(f.Labels) }

func (f *tallyCombineFn) MergeAccumulators(a, b *classify.Tally) *classify.Tally {
	a.Merge(b)
	return a
}

type classifyWriteFn struct{ C Classify }

// ProcessElement builds the report from the merged tally, as the command
// line does, and writes it.
func (f *classifyWriteFn) ProcessElement(ctx context.Context, t *classify.Tally) error {
	rep, err := f.C.result(t)
	if err != nil {
		return err
	}
	return writeJSON(ctx, f.C.Output, rep)
}

// result is the report of the merged tally t.
func (c *Classify) result(t *classify.Tally) (*classify.Report, error) {
	if t.C.N() == 0 {
		return nil, userError(noRows(c.Name))
	}
	rep, cm, err := c.task().Report(t)
	if err != nil {
		return nil, reportError(cli.ClassifyReportError(err, c.Name, c.Weight))
	}
	if c.CI != nil {
		if err := rep.AddIntervals(cm, c.Options, *c.CI); err != nil {
			return nil, userError(err)
		}
	}
	return rep, nil
}

type classifySliceReadFn struct{ C Classify }

// ProcessElement reads one unit into a tally of all its rows and one of
// each slice's (see eachSlice).
func (f *classifySliceReadFn) ProcessElement(ctx context.Context, u Unit, emit func(string, *classify.Tally), count func(string, int64)) error {
	return foldSlices(ctx, u, f.C.Slices, f.C.task(), emit, count)
}

type classifySliceFn struct{ C Classify }

// ProcessElement gives the result of one key's merged tally.
func (f *classifySliceFn) ProcessElement(key string, t *classify.Tally) (sliceOut, error) {
	rep, err := f.C.result(t)
	return sliceResult(key, rep, err)
}

type classifyRestFn struct{ Labels []string }

// ProcessElement emits the tally of the rest of the rows of each slice
// (emitRests).
func (f *classifyRestFn) ProcessElement(_ []byte, states func(*string, **classify.Tally) bool, emit func(string, *classify.Tally)) {
	emitRests[*classify.Tally](&tallyCombineFn{Labels: f.Labels}, states, emit)
}
