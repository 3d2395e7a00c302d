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
}

func init() {
	modelsType := reflect.TypeOf((*classify.Models)(nil))
	beam.RegisterType(modelsType.Elem())
	beam.RegisterCoder(modelsType, encodeModels, decodeModels)
	register.DoFn2x2[context.Context, Unit, *classify.Models, error](&modelsReadFn{})
	register.Combiner1[*classify.Models](&modelsCombineFn{})
	register.DoFn2x1[context.Context, *classify.Models, error](&modelsWriteFn{})
}

func encodeModels(m *classify.Models) ([]byte, error) { return m.MarshalBinary() }

func decodeModels(b []byte) (*classify.Models, error) {
	m := new(classify.Models)
	return m, m.UnmarshalBinary(b)
}

// Pipeline adds the classification of several models to s.
func (c *ClassifyModels) Pipeline(s beam.Scope, units []Unit) {
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
	if m.N() == 0 {
		return userError(noRows(f.C.Name))
	}
	out, err := f.C.task().Report(m)
	if err != nil {
		return reportError(cli.ClassifyReportError(err, f.C.Name, f.C.Weight))
	}
	return writeJSON(ctx, f.C.Output, out)
}
