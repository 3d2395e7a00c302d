package evalbeam

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/task"
)

// Multilabel configures a multilabel classification pipeline: the columns
// and options of "evalkit classify --multilabel".
type Multilabel struct {
	task.Multilabel        // the columns, options and intervals (Budget unused)
	Name            string // how errors about the whole input name it
	Output          string // the JSON file written
}

func init() {
	mlType := reflect.TypeOf((*classify.Multilabel)(nil))
	beam.RegisterType(mlType.Elem())
	beam.RegisterCoder(mlType, encodeMultilabel, decodeMultilabel)
	register.DoFn2x2[context.Context, Unit, *classify.Multilabel, error](&multilabelReadFn{})
	register.Combiner1[*classify.Multilabel](&multilabelCombineFn{})
	register.DoFn2x1[context.Context, *classify.Multilabel, error](&multilabelWriteFn{})
}

func encodeMultilabel(m *classify.Multilabel) ([]byte, error) { return m.MarshalBinary() }

func decodeMultilabel(b []byte) (*classify.Multilabel, error) {
	m := new(classify.Multilabel)
	return m, m.UnmarshalBinary(b)
}

// Pipeline adds the multilabel classification of units to s: each unit is
// read into a classify.Multilabel, the states are merged by a CombineFn
// (labels matched by name), and the report is written to c.Output.
func (c *Multilabel) Pipeline(s beam.Scope, units []Unit) {
	combineUnits(s, "multilabel", units, &multilabelReadFn{C: *c}, &multilabelCombineFn{Labels: c.Options.Labels, Beta: c.Options.Beta}, &multilabelWriteFn{C: *c})
}

type multilabelReadFn struct{ C Multilabel }

// ProcessElement reads one unit into a state (task.Multilabel's fold),
// with the command line's checks and positioned errors.
func (f *multilabelReadFn) ProcessElement(ctx context.Context, u Unit) (*classify.Multilabel, error) {
	return foldUnit(ctx, u, f.C.task())
}

// task returns the task of c.
func (c *Multilabel) task() *task.Multilabel {
	t := c.Multilabel
	return &t
}

// multilabelCombineFn merges multilabel states; its accumulator is the
// library's state.
type multilabelCombineFn struct {
	Labels []string
	Beta   float64
}

func (f *multilabelCombineFn) CreateAccumulator() *classify.Multilabel {
	return classify.NewMultilabel(f.Labels, f.Beta)
}

func (f *multilabelCombineFn) MergeAccumulators(a, b *classify.Multilabel) *classify.Multilabel {
	a.Merge(b)
	return a
}

type multilabelWriteFn struct{ C Multilabel }

// ProcessElement builds the report from the merged state, as the command
// line does, and writes it.
func (f *multilabelWriteFn) ProcessElement(ctx context.Context, m *classify.Multilabel) error {
	rep, err := f.C.task().Report(m, f.C.Name)
	if err != nil {
		return userError(err)
	}
	return writeJSON(ctx, f.C.Output, rep)
}
