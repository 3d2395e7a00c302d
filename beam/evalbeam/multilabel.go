package evalbeam

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/evalkit-go/evalkit/hyptest"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/table"
)

// Multilabel configures a multilabel classification pipeline: the columns
// and options of "evalkit classify --multilabel".
type Multilabel struct {
	True, Pred, Weight string // column names; Weight "" for none
	Sep                string // the separator of labels in a cell
	Options            classify.Options
	CI                 *hyptest.CIOptions // --ci, or nil
	Name               string             // how errors about the whole input name it
	Output             string             // the JSON file written
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

// ProcessElement reads one unit into a state, with the command line's
// checks and positioned errors.
func (f *multilabelReadFn) ProcessElement(ctx context.Context, u Unit) (*classify.Multilabel, error) {
	labels := f.C.Options.Labels
	m := classify.NewMultilabel(labels, f.C.Options.Beta)
	if f.C.CI == nil {
		m.NoCross() // only --ci's intervals use them
	}
	err := readUnit(ctx, u, []string{f.C.True, f.C.Pred, f.C.Weight}, func(r *table.Reader, cols []int) error {
		tc, pc, wc := cols[0], cols[1], cols[2]
		var ts, ps [][]byte
		var err error
		for r.Next() {
			if ts, err = r.LabelSet(tc, f.C.Sep, ts); err != nil {
				return err
			}
			if ps, err = r.LabelSet(pc, f.C.Sep, ps); err != nil {
				return err
			}
			w := 1.0
			if wc >= 0 {
				if w, err = r.Weight(wc); err != nil {
					return err
				}
			}
			if bad, ok := m.Add(ts, ps, w); !ok {
				col := tc
				for _, p := range ps {
					if bytes.Equal(p, bad) {
						col = pc
					}
				}
				return unknownLabel(r, col, bad, labels)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
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
	rep, err := m.Report(f.C.Options.ZeroDivision)
	switch {
	case errors.Is(err, classify.ErrEmpty):
		return userError(noRows(f.C.Name))
	case errors.Is(err, classify.ErrZeroWeight):
		return userError(fmt.Errorf("%s: column %q: %w", f.C.Name, f.C.Weight, err))
	case err != nil:
		return userError(fmt.Errorf("%s: %w", f.C.Name, err))
	}
	rep.Signature = f.C.Options.MultilabelSignature(f.C.Sep)
	if f.C.CI != nil {
		if err := rep.AddIntervals(*f.C.CI); err != nil {
			return userError(err)
		}
	}
	return writeJSON(ctx, f.C.Output, rep)
}
