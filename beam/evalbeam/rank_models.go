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
	// Slices, if set, evaluates each slice as well as every row (--by;
	// see RankModels.slicedPipeline).
	Slices *Slicing
}

func init() {
	register.DoFn4x1[context.Context, Unit, func(rankScan), func(int, uint64), error](&rankModelsScanFn{})
	register.DoFn4x1[context.Context, Unit, func(*[]uint64) bool, func(int, *rank.Table), error](&rankModelsPartitionFn{})
	register.DoFn4x1[context.Context, Unit, func(*rangedTable) bool, func([]byte), error](&rankModelsSumsFn{})
	register.Emitter1[[]byte]()
	register.Iter1[[]byte]()
	register.DoFn4x1[context.Context, *rankLabels, func(*rangedTable) bool, func(*[]byte) bool, error](&rankModelsWriteFn{})
	beam.RegisterType(reflect.TypeOf((*RankModels)(nil)).Elem())
	register.DoFn5x1[context.Context, Unit, func(string, rankScan), func(int, uint64), func(string, int64), error](&rankModelsSliceScanFn{})
	register.DoFn4x1[context.Context, Unit, func(*[]uint64) bool, func(string, *rank.Table), error](&rankModelsSlicePartitionFn{})
	register.Iter2[string, rangedTable]()
	register.Emitter2[string, []byte]()
	register.DoFn4x1[context.Context, Unit, func(*string, *rangedTable) bool, func(string, []byte), error](&rankModelsSliceSumsFn{})
	register.DoFn4x2[string, func(**rankLabels) bool, func(*rangedTable) bool, func(*[]byte) bool, sliceOut, error](&rankModelsSliceFn{})
}

// Pipeline adds the evaluation of the models to s.
func (c *RankModels) Pipeline(s beam.Scope, units []Unit) {
	if c.Slices != nil {
		c.slicedPipeline(s, units)
		return
	}
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
	return modelsReaderOn(t, r, cols, u.Index), done, nil
}

// modelsReaderOn returns the modelsReader of the rows of r, of unit
// unit, whose columns t.Columns() are cols.
func modelsReaderOn(t *task.RankModels, r *table.Reader, cols []int, unit int) *modelsReader {
	mr := &modelsReader{r: r, rule: task.NewPosRule(t.PosLabel)}
	mr.RankModelsRows = task.NewRankModelsRows(r, cols, mr.rule, &mr.scan.First, unit)
	return mr
}

// labels returns what the unit's rows told.
func (mr *modelsReader) labels() rankScan {
	if mr.rule != nil {
		mr.scan.Labels = slices.Clone(mr.rule.Labels().Names())
	}
	return mr.scan
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
	emitScan(mr.labels())
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
	parts, err := f.C.partition(mr, bounds)
	if err != nil {
		return err
	}
	for key := range parts {
		if parts[key].Rows() > 0 {
			emit(key, parts[key].Table())
		}
	}
	return nil
}

// partition reads the rows of mr into the exact score table of each
// model j and key range r, at r·m + j (m models).
func (c *RankModels) partition(mr *modelsReader, bounds []uint64) ([]rank.Builder, error) {
	m := len(c.Scores)
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
		return nil, err
	}
	return parts, nil
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
	b, err := pairedSums(f.pl, mr)
	if err != nil {
		return err
	}
	emit(b)
	return nil
}

// pairedSums returns the encoded paired sums (rank.PairedSums) of the
// rows of mr, placed by pl.
func pairedSums(pl *rank.Placements, mr *modelsReader) ([]byte, error) {
	s := pl.NewSums()
	ks := make([]int64, len(mr.Scores))
	if err := mr.each(func() error {
		if err := pl.Add(s, mr.Pos, mr.Scores, ks); err != nil {
			return fmt.Errorf("evalbeam: %s:%d: %w", mr.r.Name(), mr.r.Line(), err)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return s.MarshalBinary()
}

type rankModelsWriteFn struct{ C RankModels }

// ProcessElement builds every model's table, merges the units' paired
// sums (in any order: integer sums), and writes the report of
// rank.NewModelsReportTables.
func (f *rankModelsWriteFn) ProcessElement(ctx context.Context, lab *rankLabels, ranges func(*rangedTable) bool, sums func(*[]byte) bool) error {
	out, err := f.C.result(lab, ranges, sums)
	if err != nil {
		return err
	}
	return writeJSON(ctx, f.C.Output, out)
}

// result is the report of the rows whose labels are lab, (model, range)
// tables ranges and encoded paired sums sums, with the command line's
// errors.
func (c *RankModels) result(lab *rankLabels, ranges func(*rangedTable) bool, sums func(*[]byte) bool) (*board.Models, error) {
	if lab.Rows == 0 {
		return nil, userError(noRows(c.Name))
	}
	pos, cmp, err := c.task().Positive(c.Name, &lab.First, lab.Labels)
	if err != nil {
		return nil, reportError(cli.TaskError("rank", err))
	}
	tables, err := modelTables(len(c.Scores), ranges)
	if err != nil {
		return nil, err
	}
	var all *rank.PairedSums
	var b []byte
	for sums(&b) {
		var s rank.PairedSums
		if err := s.UnmarshalBinary(b); err != nil {
			return nil, err
		}
		if all == nil {
			all = &s
		} else if err := all.Merge(&s); err != nil {
			return nil, err
		}
	}
	opt := c.Options
	opt.PosLabel, opt.LabelComparison = pos, cmp.String()
	out, err := rank.NewModelsReportTables(tables, all, c.Scores, opt, c.Models, c.CI)
	if err != nil {
		var oe *result.OptionError
		if errors.As(err, &oe) {
			return nil, reportError(cli.OptionUsage(err))
		}
		return nil, userError(fmt.Errorf("%s: %w", c.Name, err))
	}
	return out, nil
}

// slicedPipeline is Pipeline with Slices, as Rank's is (Rank.slicedPipeline):
// the first pass emits each key's labels and a sample of every model's
// keys of all the rows; the second each key's (model, range) tables,
// merged per key, model and range; the third, with every key's tables as
// a side input, each key's paired sums of the unit's rows; and each key's
// labels, tables and sums meet (CoGroupByKey) to give its result.
func (c *RankModels) slicedPipeline(s beam.Scope, units []Unit) {
	s = s.Scope("rank-models-slices")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	// The tables per (key, model, range), as Rank's per (key, range),
	// the rests' included; the rests' paired sums come from their rows,
	// read by the third pass.
	labels, tables, counts := slicedTables(s, us, &rankModelsSliceScanFn{C: *c}, &rankModelsSlicePartitionFn{C: *c}, c.Ranges, c.Slices.Compare)
	sums := beam.ParDo(s, &rankModelsSliceSumsFn{C: *c}, us, beam.SideInput{Input: tables})
	outs := beam.ParDo(s, &rankModelsSliceFn{C: *c}, beam.CoGroupByKey(s, labels, tables, sums))
	writeSlices(s, c.Slices, outs, counts, c.Name, c.Output)
}

type rankModelsSliceScanFn struct{ C RankModels }

// ProcessElement checks every row of a unit and emits, per key, what its
// rows told and their number, and a sample of every model's keys of all
// the rows.
func (f *rankModelsSliceScanFn) ProcessElement(ctx context.Context, u Unit, emitScan func(string, rankScan), emitKey func(int, uint64), count func(string, int64)) error {
	t := f.C.task()
	return eachSlice(ctx, u, f.C.Slices, t.Columns(), func(key string, r *table.Reader, cols []int) error {
		mr := modelsReaderOn(t, r, cols, u.Index)
		ks := newKeySample(u.Index)
		if err := mr.each(func() error {
			if key == "" {
				for _, s := range mr.Scores {
					ks.add(rank.Key(s))
				}
			}
			return nil
		}); err != nil {
			return err
		}
		emitScan(key, mr.labels())
		ks.emit(emitKey)
		return nil
	}, count)
}

type rankModelsSlicePartitionFn struct{ C RankModels }

// ProcessElement reads a unit again and emits each key's exact score
// table of each model j in each key range r, keyed by the key and
// r·m + j (m models).
func (f *rankModelsSlicePartitionFn) ProcessElement(ctx context.Context, u Unit, quantiles func(*[]uint64) bool, emit func(string, *rank.Table)) error {
	bounds := boundsOf(quantiles)
	t := f.C.task()
	return eachSlice(ctx, u, f.C.Slices, t.Columns(), func(key string, r *table.Reader, cols []int) error {
		parts, err := f.C.partition(modelsReaderOn(t, r, cols, u.Index), bounds)
		if err != nil {
			return err
		}
		for i := range parts {
			if parts[i].Rows() > 0 {
				emit(rangeKey(key, i), parts[i].Table())
			}
		}
		return nil
	}, func(string, int64) {})
}

type rankModelsSliceSumsFn struct {
	C RankModels

	pl   map[string]*rank.Placements // each key's, built on the first unit; none for a key without tests
	done bool
}

// ProcessElement reads a unit a third time and emits, per key, the
// paired sums of the key's rows (rankModelsSumsFn), placed in the key's
// tables (the side input, read once per worker). With Compare, a slice's
// rest gets the sums of its rows too: in a unit that holds some of the
// slice's rows, the others (task.SlicedInput.Rest); in one that holds
// none, all the unit's rows. (Paired sums are integers: the units' parts
// merge in any order.)
func (f *rankModelsSliceSumsFn) ProcessElement(ctx context.Context, u Unit, ranges func(*string, *rangedTable) bool, emit func(string, []byte)) error {
	if !f.done {
		f.done = true
		byKey := map[string][]rangedTable{}
		var key string
		var in rangedTable
		for ranges(&key, &in) {
			byKey[key] = append(byKey[key], in)
			in = rangedTable{}
		}
		f.pl = map[string]*rank.Placements{}
		for key, list := range byKey {
			tables, err := modelTables(len(f.C.Scores), iterOf(list))
			if err != nil {
				return err
			}
			if !tables[0].Weighted {
				if pl, err := rank.NewPlacements(tables); err == nil { // an error is the key's result's to report
					f.pl[key] = pl
				}
			}
		}
	}
	if len(f.pl) == 0 {
		return nil
	}
	t := f.C.task()
	names := t.Columns()
	sums := func(key string, r *table.Reader) error {
		pl := f.pl[key]
		if pl == nil || r == nil {
			return nil
		}
		cols, err := table.Columns(r, names...)
		if err != nil {
			return err
		}
		b, err := pairedSums(pl, modelsReaderOn(t, r, cols, u.Index))
		if err != nil {
			return err
		}
		emit(key, b)
		return nil
	}
	return eachSliceIn(ctx, u, f.C.Slices, names, func(key string, r *table.Reader, _ []int, in *task.SlicedInput, i int) error {
		if err := sums(key, r); err != nil {
			return err
		}
		if !f.C.Slices.Compare {
			return nil
		}
		if i >= 0 {
			return sums(restKey(key), in.Rest(i))
		}
		here := map[string]bool{}
		for _, s := range in.Slices {
			here[restKey(keyOf(s))] = true
		}
		for _, k := range slices.Sorted(maps.Keys(f.pl)) {
			if k != "" && !here[k] && isRestKey(k) {
				if err := sums(k, in.All()); err != nil {
					return err
				}
			}
		}
		return nil
	}, func(string, int64) {})
}

// iterOf is an iterator over list, as Beam gives a side input.
func iterOf[T any](list []T) func(*T) bool {
	i := 0
	return func(x *T) bool {
		if i == len(list) {
			return false
		}
		*x = list[i]
		i++
		return true
	}
}

type rankModelsSliceFn struct{ C RankModels }

// ProcessElement gives the result of one key from its labels, tables and
// paired sums.
func (f *rankModelsSliceFn) ProcessElement(key string, labels func(**rankLabels) bool, ranges func(*rangedTable) bool, sums func(*[]byte) bool) (sliceOut, error) {
	var lab *rankLabels
	if !labels(&lab) {
		return sliceOut{}, fmt.Errorf("evalbeam: no labels for key %q", key)
	}
	out, err := f.C.result(lab, ranges, sums)
	return sliceResult(key, out, err)
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
