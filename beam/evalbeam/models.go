package evalbeam

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/task"
)

// ClassifyModels configures the classification of several models on the
// same rows, "evalkit classify --pred m1,m2,…": each unit is read into the
// joint state classify.Models (a cell per distinct tuple of the true and
// predicted labels), a CombineFn merges them, and
// classify.NewModelsReport builds the leaderboard, the comparisons (paired
// bootstrap and McNemar from the joint cells) and, with CI, the intervals.
type ClassifyModels struct {
	task.ClassifyModels        // the columns, options and intervals (Budget unused)
	Name, Output        string // how errors about the whole input name it; the JSON file written
	// Slices, if set, evaluates each slice as well as every row (--by).
	Slices *Slicing
}

func init() {
	modelsType := reflect.TypeOf((*classify.Models)(nil))
	beam.RegisterType(modelsType.Elem())
	beam.RegisterCoder(modelsType, encodeModels, decodeModels)
	register.DoFn2x2[context.Context, Unit, *classify.Models, error](&modelsReadFn{})
	register.Combiner1[*classify.Models](&modelsCombineFn{})
	register.DoFn2x1[context.Context, *classify.Models, error](&modelsWriteFn{})
	register.DoFn4x1[context.Context, Unit, func(string, *classify.Models), func(string, int64), error](&modelsSliceReadFn{})
	register.Emitter2[string, *classify.Models]()
	register.DoFn2x2[string, *classify.Models, sliceOut, error](&modelsSliceFn{})
	register.Iter2[string, *classify.Models]()
	register.DoFn3x0[[]byte, func(*string, **classify.Models) bool, func(string, *classify.Models)](&modelsRestFn{})
}

func encodeModels(m *classify.Models) ([]byte, error) { return m.MarshalBinary() }

func decodeModels(b []byte) (*classify.Models, error) {
	m := new(classify.Models)
	return m, m.UnmarshalBinary(b)
}

// Pipeline adds the classification of several models to s.
func (c *ClassifyModels) Pipeline(s beam.Scope, units []Unit) {
	if c.Slices != nil {
		slicedPipeline(s, "classify-models", units, c.Slices, &modelsSliceReadFn{C: *c}, &modelsCombineFn{M: len(c.Preds), Labels: c.Options.Labels}, &modelsRestFn{M: len(c.Preds), Labels: c.Options.Labels}, &modelsSliceFn{C: *c}, c.Name, c.Output)
		return
	}
	combineUnits(s, "classify-models", units, &modelsReadFn{C: *c}, &modelsCombineFn{M: len(c.Preds), Labels: c.Options.Labels}, &modelsWriteFn{C: *c})
}

type modelsReadFn struct{ C ClassifyModels }

// ProcessElement reads one unit into the joint state
// (task.ClassifyModels' fold), with the command line's checks and
// positioned errors.
func (f *modelsReadFn) ProcessElement(ctx context.Context, u Unit) (*classify.Models, error) {
	return foldUnit(ctx, u, f.C.task())
}

// task returns the task of c.
func (c *ClassifyModels) task() *task.ClassifyModels {
	t := c.ClassifyModels
	return &t
}

// modelsCombineFn merges joint states; the report sums the cells into
// per-model and per-pair tables, so the order of merging does not matter
// (but for weight sums in their last bit).
type modelsCombineFn struct {
	M      int
	Labels []string
}

func (f *modelsCombineFn) CreateAccumulator() *classify.Models {
	return classify.NewModels(f.M, f.Labels)
}

func (f *modelsCombineFn) MergeAccumulators(a, b *classify.Models) *classify.Models {
	a.Merge(b)
	return a
}

type modelsWriteFn struct{ C ClassifyModels }

// ProcessElement builds the report from the merged state, as the command
// line does, and writes it.
func (f *modelsWriteFn) ProcessElement(ctx context.Context, m *classify.Models) error {
	out, err := f.C.result(m)
	if err != nil {
		return err
	}
	return writeJSON(ctx, f.C.Output, out)
}

// result is the report of the merged state m.
func (c *ClassifyModels) result(m *classify.Models) (any, error) {
	if m.N() == 0 {
		return nil, userError(noRows(c.Name))
	}
	out, err := c.task().Report(m)
	if err != nil {
		return nil, reportError(cli.ClassifyReportError(err, c.Name, c.Weight))
	}
	return out, nil
}

type modelsSliceReadFn struct{ C ClassifyModels }

// ProcessElement reads one unit into a joint state of all its rows and
// one of each slice's (see eachSlice).
func (f *modelsSliceReadFn) ProcessElement(ctx context.Context, u Unit, emit func(string, *classify.Models), count func(string, int64)) error {
	return foldSlices(ctx, u, f.C.Slices, f.C.task(), emit, count)
}

type modelsSliceFn struct{ C ClassifyModels }

// ProcessElement gives the result of one key's merged state.
func (f *modelsSliceFn) ProcessElement(key string, m *classify.Models) (sliceOut, error) {
	out, err := f.C.result(m)
	return sliceResult(key, out, err)
}

type modelsRestFn struct {
	M      int
	Labels []string
}

// ProcessElement emits the joint state of the rest of the rows of each
// slice (emitRests).
func (f *modelsRestFn) ProcessElement(_ []byte, states func(*string, **classify.Models) bool, emit func(string, *classify.Models)) {
	emitRests[*classify.Models](&modelsCombineFn{M: f.M, Labels: f.Labels}, states, emit)
}
