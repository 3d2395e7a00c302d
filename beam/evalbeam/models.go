package evalbeam

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/table"
)

// ClassifyModels configures the classification of several models on the
// same rows, "evalkit classify --pred m1,m2,…": each unit is read into the
// joint state classify.Models (a cell per distinct tuple of the true and
// predicted labels), a CombineFn merges them, and
// classify.NewModelsReport builds the leaderboard, the comparisons (paired
// bootstrap and McNemar from the joint cells) and, with CI, the intervals.
type ClassifyModels struct {
	True, Weight string
	Preds        []string // the models' columns
	Options      classify.Options
	Models       board.Options
	CI           *hyptest.CIOptions
	Name, Output string
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

// ProcessElement reads one unit into the joint state, with the command
// line's checks and positioned errors.
func (f *modelsReadFn) ProcessElement(ctx context.Context, u Unit) (*classify.Models, error) {
	labels := f.C.Options.Labels
	st := classify.NewModels(len(f.C.Preds), labels)
	err := readUnit(ctx, u, append([]string{f.C.True, f.C.Weight}, f.C.Preds...), func(r *table.Reader, cols []int) error {
		tc, wc, pcs := cols[0], cols[1], cols[2:]
		preds := make([][]byte, len(pcs))
		for r.Next() {
			yt, err := r.Text(tc)
			if err != nil {
				return err
			}
			for j, pc := range pcs {
				if preds[j], err = r.Text(pc); err != nil {
					return err
				}
			}
			w := -1.0
			if wc >= 0 {
				if w, err = r.Weight(wc); err != nil {
					return err
				}
			}
			if ok, bad := st.Add(yt, preds, w); !ok {
				col, v := tc, yt
				if bad >= 0 {
					col, v = pcs[bad], preds[bad]
				}
				return unknownLabel(r, col, v, labels)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return st, nil
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
	out, err := classify.NewModelsReport(m, f.C.Preds, f.C.Options, f.C.Models, f.C.CI)
	if err != nil {
		return reportError(cli.ClassifyReportError(err, f.C.Name, f.C.Weight))
	}
	return writeJSON(ctx, f.C.Output, out)
}
