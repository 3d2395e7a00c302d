package evalbeam

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// RankModels configures the exact evaluation of several binary score
// columns of the same rows: "evalkit rank --score m1,m2,…" (no --classes).
//
// Every model's score table is built as [Rank] builds one: the rows are
// range-partitioned on rank.Key of each score (one set of boundaries from
// a sample of every model's keys), each (model, range) gets its exact
// table, and the writer concatenates each model's ranges. DeLong's paired
// tests and χ² test need each row's placement in every model's whole
// table: a third pass reads the units again with the models' tables as a
// side input and sums, per unit, the integer placement products
// (rank.PairedSums; integers, so merges in any order give the same bits),
// which the writer merges. rank.NewModelsReportTables then computes the
// same report as the command line. The paired bootstrap of --compare
// needs every row in one place and is refused (a usage error).
type RankModels struct {
	True, Weight string
	Scores       []string // the score columns, which name the models
	Options      rank.Options
	Models       board.Options
	CI           *hyptest.CIOptions
	Ranges       int // number of key ranges, ≥ 1
	Name, Output string
}

func init() {
	register.DoFn4x1[context.Context, Unit, func(rankScan), func(int, uint64), error](&rankModelsScanFn{})
	register.DoFn4x1[context.Context, Unit, func(*[]uint64) bool, func(int, *rank.Table), error](&rankModelsPartitionFn{})
	register.DoFn4x1[context.Context, Unit, func(*rangedTable) bool, func([]byte), error](&rankModelsSumsFn{})
	register.Emitter1[[]byte]()
	register.Iter1[[]byte]()
	register.DoFn4x1[context.Context, *rankLabels, func(*rangedTable) bool, func(*[]byte) bool, error](&rankModelsWriteFn{})
	beam.RegisterType(reflect.TypeOf((*RankModels)(nil)).Elem())
}

// Pipeline adds the evaluation of the models to s.
func (c *RankModels) Pipeline(s beam.Scope, units []Unit) {
	s = s.Scope("rank-models")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	scans, sample := beam.ParDo2(s, &rankModelsScanFn{C: *c}, us)
	labels := beam.Combine(s, &rankLabelsFn{}, scans)
	bounds := stats.ApproximateWeightedQuantiles(s, sample, lessKey, stats.Opts{K: 200, NumQuantiles: max(c.Ranges, 1)})
	parts := beam.ParDo(s, &rankModelsPartitionFn{C: *c}, us, beam.SideInput{Input: bounds})
	ranges := beam.CombinePerKey(s, &tableMergeFn{}, parts)
	tables := beam.ParDo(s, encodeRanged, ranges)
	sums := beam.ParDo(s, &rankModelsSumsFn{C: *c}, us, beam.SideInput{Input: tables})
	beam.ParDo0(s, &rankModelsWriteFn{C: *c}, labels, beam.SideInput{Input: tables}, beam.SideInput{Input: sums})
}

// task is the several-model rank task of c.
func (c *RankModels) task() *task.RankModels {
	return &task.RankModels{True: c.True, Weight: c.Weight, Scores: c.Scores, PosLabel: c.Options.PosLabel}
}

// modelsReader reads the rows of one unit as evalkit's several-model rank
// does (task.RankModelsRows).
type modelsReader struct {
	*task.RankModelsRows
	r    *table.Reader
	rule *task.PosRule
	scan rankScan
}

func newModelsReader(ctx context.Context, c *RankModels, u Unit) (*modelsReader, func(), error) {
	mr := &modelsReader{}
	t := c.task()
	r, cols, done, err := openUnit(ctx, u, t.Columns())
	if err != nil {
		return nil, nil, err
	}
	if r == nil {
		return mr, func() {}, nil
	}
	mr.rule = task.NewPosRule(t.PosLabel)
	mr.r, mr.RankModelsRows = r, task.NewRankModelsRows(r, cols, mr.rule, &mr.scan.First, u.Index)
	return mr, done, nil
}

// next reads a row; false at the end or on an error (err says which).
func (mr *modelsReader) next() (bool, error) { return nextRow(mr.r, &mr.scan, mr.Next) }

// each reads the unit's rows, calling f after each; it returns the first
// error of either.
func (mr *modelsReader) each(f func() error) error {
	for {
		ok, err := mr.next()
		if err != nil || !ok {
			return err
		}
		if err := f(); err != nil {
			return err
		}
	}
}

type rankModelsScanFn struct{ C RankModels }

// ProcessElement checks every row of a unit and emits what it learnt and
// a sample of every model's keys, each weighted by the rows it stands for.
func (f *rankModelsScanFn) ProcessElement(ctx context.Context, u Unit, emitScan func(rankScan), emitKey func(int, uint64)) error {
	mr, done, err := newModelsReader(ctx, &f.C, u)
	if err != nil {
		return err
	}
	defer done()
	ks := newKeySample(u.Index)
	if err := mr.each(func() error {
		for _, s := range mr.Scores {
			ks.add(rank.Key(s))
		}
		return nil
	}); err != nil {
		return err
	}
	if mr.rule != nil {
		mr.scan.Labels = slices.Clone(mr.rule.Labels().Names())
	}
	emitScan(mr.scan)
	ks.emit(emitKey)
	return nil
}

type rankModelsPartitionFn struct{ C RankModels }

// ProcessElement reads a unit again and emits, for each model j and key
// range r, the exact score table of the unit's rows, keyed r·m + j.
func (f *rankModelsPartitionFn) ProcessElement(ctx context.Context, u Unit, quantiles func(*[]uint64) bool, emit func(int, *rank.Table)) error {
	bounds := boundsOf(quantiles)
	mr, done, err := newModelsReader(ctx, &f.C, u)
	if err != nil {
		return err
	}
	defer done()
	m := len(f.C.Scores)
	parts := make([]rank.Builder, (len(bounds)+1)*m)
	if err := mr.each(func() error {
		for j, s := range mr.Scores {
			var err error
			b := &parts[rank.KeyRange(bounds, rank.Key(s))*m+j]
			switch {
			case mr.Weighted():
				err = b.Add(s, mr.Pos, mr.Weight)
			case mr.Pos:
				b.AddPositive(s)
			default:
				b.AddNegative(s)
			}
			if err != nil {
				return userError(mr.Errorf(j, err))
			}
		}
		return nil
	}); err != nil {
		return err
	}
	for key := range parts {
		if parts[key].Rows() > 0 {
			emit(key, parts[key].Table())
		}
	}
	return nil
}

// modelTables decodes the (model, range) tables and concatenates each
// model's ranges, highest first: the m tables the command line builds.
// A model with no table (no rows) gets an empty one.
func modelTables(m int, ranges func(*rangedTable) bool) ([]*rank.Table, error) {
	parts := make([]map[int]*rank.Table, m)
	for j := range parts {
		parts[j] = map[int]*rank.Table{}
	}
	var in rangedTable
	for ranges(&in) {
		j, r := in.Range%m, in.Range/m
		if _, dup := parts[j][r]; dup {
			return nil, fmt.Errorf("evalbeam: model %d, range %d met twice", j, r)
		}
		t, err := decodeTable(in.Table)
		if err != nil {
			return nil, err
		}
		parts[j][r] = t
		in.Table = nil
	}
	tables := make([]*rank.Table, m)
	for j := range parts {
		rs := slices.Sorted(maps.Keys(parts[j]))
		slices.Reverse(rs)
		ts := make([]*rank.Table, len(rs))
		for i, r := range rs {
			ts[i] = parts[j][r]
		}
		tables[j] = rank.Concat(ts...)
	}
	return tables, nil
}

type rankModelsSumsFn struct {
	C RankModels

	pl   *rank.Placements // built on the first unit; nil when no tests
	done bool
}

// ProcessElement reads a unit a third time and emits the paired sums of
// its rows (DeLong's tests), from the placements of the models' whole
// tables (the side input, read once per worker). It emits nothing when
// the tables are weighted or cannot be tested (the writer reports why).
func (f *rankModelsSumsFn) ProcessElement(ctx context.Context, u Unit, ranges func(*rangedTable) bool, emit func([]byte)) error {
	if !f.done {
		f.done = true
		tables, err := modelTables(len(f.C.Scores), ranges)
		if err != nil {
			return err
		}
		if !tables[0].Weighted {
			f.pl, _ = rank.NewPlacements(tables) // an error is the writer's to report
		}
	}
	if f.pl == nil {
		return nil
	}
	mr, done, err := newModelsReader(ctx, &f.C, u)
	if err != nil {
		return err
	}
	defer done()
	s := f.pl.NewSums()
	ks := make([]int64, len(f.C.Scores))
	if err := mr.each(func() error {
		if err := f.pl.Add(s, mr.Pos, mr.Scores, ks); err != nil {
			return fmt.Errorf("evalbeam: %s:%d: %w", mr.r.Name(), mr.r.Line(), err)
		}
		return nil
	}); err != nil {
		return err
	}
	b, err := s.MarshalBinary()
	if err != nil {
		return err
	}
	emit(b)
	return nil
}

type rankModelsWriteFn struct{ C RankModels }

// ProcessElement builds every model's table, merges the units' paired
// sums (in any order: integer sums), and writes the report of
// rank.NewModelsReportTables.
func (f *rankModelsWriteFn) ProcessElement(ctx context.Context, lab *rankLabels, ranges func(*rangedTable) bool, sums func(*[]byte) bool) error {
	c := &f.C
	if lab.Rows == 0 {
		return userError(noRows(c.Name))
	}
	pos, cmp, err := c.task().Positive(c.Name, &lab.First, lab.Labels)
	if err != nil {
		return reportError(cli.TaskError("rank", err))
	}
	tables, err := modelTables(len(c.Scores), ranges)
	if err != nil {
		return err
	}
	var all *rank.PairedSums
	var b []byte
	for sums(&b) {
		var s rank.PairedSums
		if err := s.UnmarshalBinary(b); err != nil {
			return err
		}
		if all == nil {
			all = &s
		} else if err := all.Merge(&s); err != nil {
			return err
		}
	}
	opt := c.Options
	opt.PosLabel, opt.LabelComparison = pos, cmp.String()
	out, err := rank.NewModelsReportTables(tables, all, c.Scores, opt, c.Models, c.CI)
	if err != nil {
		var oe *result.OptionError
		if errors.As(err, &oe) {
			return reportError(cli.OptionUsage(err))
		}
		return userError(fmt.Errorf("%s: %w", c.Name, err))
	}
	return writeJSON(ctx, c.Output, out)
}

// CheckModels checks the several-model options as evalkit does before
// reading any row: a usage error for a bad option, and for --compare,
// whose paired bootstrap needs every row in one place.
func (c *RankModels) CheckModels() error {
	if err := c.Models.Check("rank", c.Scores); err != nil {
		return cli.OptionUsage(err)
	}
	if len(c.Models.Compare) > 0 {
		return cli.Usagef("rank: evalkit-beam does not run --compare for several score columns: the paired bootstrap of %s needs every row's scores in one place (run evalkit rank); DeLong's paired tests and χ² test need no flag", strings.Join(c.Models.Compare, ", "))
	}
	return nil
}
