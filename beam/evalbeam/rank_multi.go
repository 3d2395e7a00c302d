package evalbeam

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
)

// RankMulti configures a multiclass ranking pipeline: "evalkit rank
// --classes c1,c2,… --score p1,p2,…". Each unit's rows are read with the
// command line's checks (cli.ReadMultiRows) into the exact multiclass
// statistic (rank.Multiclass: for every true class and score column the
// exact score table, the log loss sum and the top-k rank masses); the
// units' statistics are merged in input order (as the command line merges
// its chunks), and rank.NewMulticlassReport computes everything the
// command line prints (one-vs-rest and one-vs-one AUCs, per-class
// reports, log loss, top-k accuracy, intervals with --ci) from the merged
// statistic. The tables are merged whole, not range-partitioned: the
// statistic of every unit goes to one worker.
type RankMulti struct {
	True, Weight    string
	Classes, Scores []string
	Options         rank.ReportOptions
	CI              *hyptest.CIOptions
	Name, Output    string
}

// multiState is the multiclass statistic of some units, merged in input
// order whatever order the runner merges in (inOrder; Done nil until unit
// 0 is merged).
type multiState struct {
	inOrder[*rank.Multiclass]
}

func encodeMultiState(s *multiState) ([]byte, error) {
	o, err := marshalOrdered(&s.inOrder)
	if err != nil {
		return nil, err
	}
	return json.Marshal(o)
}

func decodeMultiState(data []byte) (*multiState, error) {
	var w orderedWire
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, err
	}
	o, err := unmarshalOrdered[rank.Multiclass](w)
	if err != nil {
		return nil, err
	}
	return &multiState{o}, nil
}

func init() {
	stateType := reflect.TypeOf((*multiState)(nil))
	beam.RegisterType(stateType.Elem())
	beam.RegisterCoder(stateType, encodeMultiState, decodeMultiState)
	register.DoFn2x2[context.Context, Unit, *multiState, error](&multiReadFn{})
	register.Combiner1[*multiState](&multiCombineFn{})
	register.DoFn2x1[context.Context, *multiState, error](&multiWriteFn{})
}

// Pipeline adds the multiclass ranking of units to s.
func (c *RankMulti) Pipeline(s beam.Scope, units []Unit) {
	combineUnits(s, "rank-multiclass", units, &multiReadFn{C: *c}, &multiCombineFn{}, &multiWriteFn{C: *c, Units: len(units)})
}

type multiReadFn struct{ C RankMulti }

// ProcessElement reads one unit into its multiclass statistic.
func (f *multiReadFn) ProcessElement(ctx context.Context, u Unit) (*multiState, error) {
	c := &f.C
	k := len(c.Classes)
	b := rank.NewMultiBuilder(k)
	names := append(append([]string{c.True}, c.Scores...), c.Weight)
	err := readUnit(ctx, u, names, func(r *table.Reader, cols []int) error {
		index := make(map[string]int, k)
		for i, name := range c.Classes {
			index[name] = i
		}
		mc := cli.MultiCols{True: cols[0], Scores: cols[1 : 1+k], Weight: cols[1+k], Index: index, Classes: strings.Join(c.Classes, ",")}
		return cli.ReadMultiRows(r, mc, make([]float64, k), b)
	})
	if err != nil {
		return nil, err
	}
	return &multiState{inOrder[*rank.Multiclass]{Pending: map[int]*rank.Multiclass{u.Index: b.Result()}}}, nil
}

func (s *multiState) fold() {
	s.inOrder.fold(func(_ int, m *rank.Multiclass) {
		if s.Done == nil {
			s.Done = m
		} else {
			s.Done = rank.MergeMulticlass(s.Done, m)
		}
	})
}

// multiCombineFn merges states in input order.
type multiCombineFn struct{}

func (f *multiCombineFn) CreateAccumulator() *multiState {
	return &multiState{inOrder[*rank.Multiclass]{Pending: map[int]*rank.Multiclass{}}}
}

func (f *multiCombineFn) MergeAccumulators(a, b *multiState) *multiState {
	a, _ = mergeInOrder[*rank.Multiclass]("rank --classes", a, b)
	return a
}

type multiWriteFn struct {
	C     RankMulti
	Units int
}

// ProcessElement writes the multiclass report of the merged statistic,
// with the command line's errors.
func (f *multiWriteFn) ProcessElement(ctx context.Context, s *multiState) error {
	c := &f.C
	s.fold()
	if err := s.complete(f.Units); err != nil {
		return err
	}
	if s.Done == nil {
		return fmt.Errorf("evalkit-beam: internal error: no unit merged")
	}
	m := s.Done
	rows := int64(0)
	for i := range m.Cell {
		rows += m.Cell[i][0].Rows
	}
	if rows == 0 {
		return userError(noRows(c.Name))
	}
	for i, sup := range m.Support() {
		if sup == 0 {
			return userError(cli.NoSamples(c.Name, c.Classes[i], c.True))
		}
	}
	rep, err := rank.NewMulticlassReport(m, c.Classes, c.Options)
	var oe *report.OptionError
	if errors.As(err, &oe) {
		return usageError("%s: --%s %s", oe.Task, oe.Option, oe.Problem)
	}
	if err != nil {
		return userError(fmt.Errorf("%s: %w", c.Name, err))
	}
	if c.CI != nil {
		if err := rep.AddIntervals(m, *c.CI); err != nil {
			return userError(err)
		}
	}
	return writeJSON(ctx, c.Output, rep)
}
