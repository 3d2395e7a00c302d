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
}

func init() {
	tallyType := reflect.TypeOf((*classify.Tally)(nil))
	beam.RegisterType(tallyType.Elem())
	beam.RegisterCoder(tallyType, encodeTally, decodeTally)
	register.DoFn2x2[context.Context, Unit, *classify.Tally, error](&classifyReadFn{})
	register.Combiner1[*classify.Tally](&tallyCombineFn{})
	register.DoFn2x1[context.Context, *classify.Tally, error](&classifyWriteFn{})
	beam.RegisterType(reflect.TypeOf((*Unit)(nil)).Elem())
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
	if t.C.N() == 0 {
		return userError(noRows(f.C.Name))
	}
	rep, c, err := f.C.task().Report(t)
	if err != nil {
		return reportError(cli.ClassifyReportError(err, f.C.Name, f.C.Weight))
	}
	if f.C.CI != nil {
		if err := rep.AddIntervals(c, f.C.Options, *f.C.CI); err != nil {
			return userError(err)
		}
	}
	return writeJSON(ctx, f.C.Output, rep)
}
