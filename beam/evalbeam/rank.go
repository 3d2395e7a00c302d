package evalbeam

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// Rank configures an exact binary ranking pipeline: the columns and
// options of "evalkit rank" with one --score column.
//
// The rows are range-partitioned on rank.Key of the score: a first pass
// over the units checks every row, collects the labels and a sample of the
// keys, from which Beam's approximate quantiles give Ranges−1 boundaries;
// a second pass reads the units again and builds, per unit, the exact
// score table of each range's rows (rank.Builder); a CombineFn per range
// merges them (rank.Merge); and one worker concatenates the ranges'
// tables, highest scores first (rank.Concat), into the table the command
// line builds, from which rank.NewReport computes every measure. All rows
// of one score have one key and land in one range: ties never cross a
// range.
type Rank struct {
	True, Score, Weight string
	Options             rank.Options // PosLabel "" : inferred from {0, 1} or {-1, 1}
	Ranges              int          // number of key ranges, ≥ 1
	// CI, if set, adds the intervals of --ci (rank.Report.AddIntervals
	// on the merged table: DeLong's from its exact ranks, the bootstrap
	// resampling it, so the same bits as the command line's).
	CI *hyptest.CIOptions
	// Bins, if > 0, counts the scores in bins instead (--bins; see
	// Rank.Pipeline): on the float bits, or, when Lo < Hi (--bin-range),
	// Bins equal bins over [Lo, Hi).
	Bins         int
	Lo, Hi       float64
	Name, Output string
	// Slices, if set, evaluates each slice as well as every row (--by).
	Slices *Slicing
}

// sampleSize is the number of keys a unit contributes to the quantiles.
const sampleSize = 1024

// rankScan is what the first pass learns from one unit: its rows, its
// labels and where each kind of label first occurs (the unit is the
// chunk of task.FirstLabels).
type rankScan struct {
	Rows   int64
	Labels []string
	First  task.FirstLabels
}

// rankLabels is the merge of every unit's rankScan, in any order: what
// depends on input order carries the unit index.
type rankLabels struct {
	Rows   int64
	Labels []string // sorted, distinct
	First  task.FirstLabels
}

// rangedTable is one key range's exact score table, encoded.
type rangedTable struct {
	Range int
	Table []byte
}

func init() {
	tableType := reflect.TypeOf((*rank.Table)(nil))
	beam.RegisterType(tableType.Elem())
	beam.RegisterCoder(tableType, encodeTable, decodeTable)
	for _, v := range []any{(*rankScan)(nil), (*rankLabels)(nil), (*rangedTable)(nil)} {
		beam.RegisterType(reflect.TypeOf(v).Elem())
	}
	beam.RegisterCoder(reflect.TypeOf((*rankLabels)(nil)), jsonEncode[*rankLabels], jsonDecode[*rankLabels])
	beam.RegisterCoder(reflect.TypeOf((*rankScan)(nil)).Elem(), encodeScan, decodeScan)
	register.DoFn4x1[context.Context, Unit, func(rankScan), func(int, uint64), error](&rankScanFn{})
	register.Emitter1[rankScan]()
	register.Emitter2[int, uint64]()
	register.Function2x1(lessKey)
	register.DoFn4x1[context.Context, Unit, func(*[]uint64) bool, func(int, *rank.Table), error](&rankPartitionFn{})
	register.Emitter2[int, *rank.Table]()
	register.Combiner1[*rank.Table](&tableMergeFn{})
	register.Combiner3[*rankLabels, rankScan, *rankLabels](&rankLabelsFn{})
	register.Function2x2(encodeRanged)
	register.Iter1[rangedTable]()
	register.Iter1[[]uint64]()
	register.DoFn3x1[context.Context, *rankLabels, func(*rangedTable) bool, error](&rankWriteFn{})
	register.DoFn5x1[context.Context, Unit, func(string, rankScan), func(int, uint64), func(string, int64), error](&rankSliceScanFn{})
	register.Emitter2[string, rankScan]()
	register.DoFn4x1[context.Context, Unit, func(*[]uint64) bool, func(string, *rank.Table), error](&rankSlicePartitionFn{})
	register.Emitter2[string, *rank.Table]()
	register.Function2x3(splitRangeKey)
	register.Iter1[*rankLabels]()
	register.DoFn3x2[string, func(**rankLabels) bool, func(*rangedTable) bool, sliceOut, error](&rankSliceFn{})
	register.Iter2[string, *rankLabels]()
	register.Iter2[string, *rank.Table]()
	register.Emitter2[string, *rankLabels]()
	register.DoFn3x0[[]byte, func(*string, **rankLabels) bool, func(string, *rankLabels)](&rankLabelsRestFn{})
	register.DoFn4x1[[]byte, func(*string, **rankLabels) bool, func(*string, **rank.Table) bool, func(string, *rank.Table), error](&rankRangesRestFn{})
}

func encodeTable(t *rank.Table) ([]byte, error) { return t.MarshalBinary() }

func decodeTable(b []byte) (*rank.Table, error) {
	t := new(rank.Table)
	return t, t.UnmarshalBinary(b)
}

func jsonEncode[T any](v T) ([]byte, error) { return json.Marshal(v) }

func jsonDecode[T any](b []byte) (T, error) {
	var v T
	err := json.Unmarshal(b, &v)
	return v, err
}

// encodeScan and decodeScan are rankScan's coder (JSON; not the generic
// jsonEncode, whose instances Beam's registry names alike).
func encodeScan(s rankScan) ([]byte, error) { return json.Marshal(s) }

func decodeScan(b []byte) (rankScan, error) {
	var s rankScan
	err := json.Unmarshal(b, &s)
	return s, err
}

func lessKey(a, b uint64) bool { return a < b }

// Pipeline adds the exact ranking of units to s.
func (c *Rank) Pipeline(s beam.Scope, units []Unit) {
	if c.Bins > 0 {
		c.binnedPipeline(s, units)
		return
	}
	if c.Slices != nil {
		c.slicedPipeline(s, units)
		return
	}
	s = s.Scope("rank")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	scans, sample := beam.ParDo2(s, &rankScanFn{C: *c}, us)
	labels := beam.Combine(s, &rankLabelsFn{}, scans)
	bounds := stats.ApproximateWeightedQuantiles(s, sample, lessKey, stats.Opts{K: 200, NumQuantiles: max(c.Ranges, 1)})
	parts := beam.ParDo(s, &rankPartitionFn{C: *c}, us, beam.SideInput{Input: bounds})
	ranges := beam.CombinePerKey(s, &tableMergeFn{}, parts)
	// The ranges' tables meet on the one worker that writes, as a side
	// input beside the labels (not a combine: each table is encoded once
	// on its way, and no accumulator holding them all is encoded between
	// stages; the labels' combine gives one element even when no unit
	// holds a row).
	tables := beam.ParDo(s, encodeRanged, ranges)
	beam.ParDo0(s, &rankWriteFn{C: *c}, labels, beam.SideInput{Input: tables})
}

// task is the binary rank task of c.
func (c *Rank) task() *task.Rank {
	return &task.Rank{True: c.True, Score: c.Score, Weight: c.Weight, PosLabel: c.Options.PosLabel}
}

// rankReader reads the rows of one unit with the command line's checks
// (task.RankRows).
type rankReader struct {
	*task.RankRows
	r    *table.Reader
	rule *task.PosRule
	scan rankScan
}

func newRankReader(ctx context.Context, c *Rank, u Unit) (*rankReader, func(), error) {
	t := c.task()
	rr := &rankReader{rule: task.NewPosRule(t.PosLabel)}
	r, cols, done, err := openUnit(ctx, u, t.Columns())
	if err != nil {
		return nil, nil, err
	}
	if r == nil {
		return rr, func() {}, nil
	}
	return rankReaderOn(t, r, cols, u.Index), done, nil
}

// rankReaderOn returns the rankReader of the rows of r, of unit unit,
// whose columns t.Columns() are cols.
func rankReaderOn(t *task.Rank, r *table.Reader, cols []int, unit int) *rankReader {
	rr := &rankReader{rule: task.NewPosRule(t.PosLabel)}
	rr.r, rr.RankRows = r, task.NewRankRows(r, cols, rr.rule, &rr.scan.First, unit)
	return rr
}

// next reads a row; false at the end or on an error (err says which).
func (rr *rankReader) next() (bool, error) { return nextRow(rr.r, &rr.scan, rr.Next) }

// nextRow reads the next row of r (nil: a unit without rows) with next,
// the Next of a task's rows, counting it in scan; false at the end or on
// an error, which leaves as a user or usage error (see reportError).
func nextRow(r *table.Reader, scan *rankScan, next func() (bool, error)) (bool, error) {
	if r == nil {
		return false, nil
	}
	ok, err := next()
	if err != nil {
		return false, reportError(cli.TaskError("rank", err))
	}
	if !ok {
		if err := r.Err(); err != nil && !empty(err) {
			return false, userError(err)
		}
		return false, nil
	}
	scan.Rows++
	return true, nil
}

// labels returns what the unit's rows told.
func (rr *rankReader) labels() rankScan {
	rr.scan.Labels = slices.Clone(rr.rule.Labels().Names())
	return rr.scan
}

type rankScanFn struct{ C Rank }

// ProcessElement checks every row of a unit and emits what it learnt and
// a sample of its keys, each weighted by the rows it stands for.
func (f *rankScanFn) ProcessElement(ctx context.Context, u Unit, emitScan func(rankScan), emitKey func(int, uint64)) error {
	rr, done, err := newRankReader(ctx, &f.C, u)
	if err != nil {
		return err
	}
	defer done()
	ks := newKeySample(u.Index)
	for {
		ok, err := rr.next()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		ks.add(rank.Key(rr.Score))
	}
	emitScan(rr.labels())
	ks.emit(emitKey)
	return nil
}

// keySample is a reservoir sample of up to sampleSize keys of one unit,
// for the quantiles that bound the key ranges.
type keySample struct {
	rng  *rand.Rand
	res  []uint64
	seen int64
}

func newKeySample(unit int) *keySample {
	return &keySample{rng: rand.New(rand.NewPCG(uint64(unit), 0x5eed))}
}

func (s *keySample) add(k uint64) {
	s.seen++
	if s.seen <= sampleSize {
		s.res = append(s.res, k)
	} else if i := s.rng.Int64N(s.seen); i < sampleSize {
		s.res[i] = k
	}
}

// emit emits the sample, each key weighted by the keys it stands for.
func (s *keySample) emit(emitKey func(int, uint64)) {
	if len(s.res) > 0 {
		w := max(1, int(s.seen/int64(len(s.res))))
		for _, k := range s.res {
			emitKey(w, k)
		}
	}
}

type rankLabelsFn struct{}

func (f *rankLabelsFn) CreateAccumulator() *rankLabels { return &rankLabels{} }

func (f *rankLabelsFn) AddInput(a *rankLabels, s rankScan) *rankLabels {
	b := &rankLabels{Rows: s.Rows, First: s.First}
	b.Labels = slices.Clone(s.Labels)
	slices.Sort(b.Labels)
	return f.MergeAccumulators(a, b)
}

func (f *rankLabelsFn) MergeAccumulators(a, b *rankLabels) *rankLabels {
	a.Rows += b.Rows
	a.Labels = slices.Compact(slices.Sorted(slices.Values(append(a.Labels, b.Labels...))))
	a.First.Merge(&b.First)
	return a
}

func (f *rankLabelsFn) ExtractOutput(a *rankLabels) *rankLabels { return a }

type rankPartitionFn struct{ C Rank }

// ProcessElement reads a unit again and emits the exact score table of
// its rows in each key range: range r holds the keys k with
// bounds[r−1] ≤ k < bounds[r].
func (f *rankPartitionFn) ProcessElement(ctx context.Context, u Unit, quantiles func(*[]uint64) bool, emit func(int, *rank.Table)) error {
	bounds := boundsOf(quantiles)
	rr, done, err := newRankReader(ctx, &f.C, u)
	if err != nil {
		return err
	}
	defer done()
	parts, err := partition(rr, bounds)
	if err != nil {
		return err
	}
	for r := range parts {
		if parts[r].Rows() > 0 {
			emit(r, parts[r].Table())
		}
	}
	return nil
}

// partition reads the rows of rr into the exact score table of each key
// range: range r holds the keys k with bounds[r−1] ≤ k < bounds[r].
func partition(rr *rankReader, bounds []uint64) ([]rank.Builder, error) {
	parts := make([]rank.Builder, len(bounds)+1)
	for {
		ok, err := rr.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		b := &parts[rank.KeyRange(bounds, rank.Key(rr.Score))]
		switch {
		case rr.Weighted():
			err = b.Add(rr.Score, rr.Pos, rr.Weight)
		case rr.Pos:
			b.AddPositive(rr.Score)
		default:
			b.AddNegative(rr.Score)
		}
		if err != nil {
			return nil, userError(rr.Errorf(err))
		}
	}
	return parts, nil
}

// boundsOf returns the range boundaries, Beam's approximate quantiles of
// the keys: none when no unit held a row (then no unit has rows to
// partition either).
func boundsOf(quantiles func(*[]uint64) bool) []uint64 {
	var b []uint64
	quantiles(&b)
	return b
}

// tableMergeFn merges the tables of one range from several units.
type tableMergeFn struct{}

func (f *tableMergeFn) MergeAccumulators(a, b *rank.Table) *rank.Table { return rank.Merge(a, b) }

func encodeRanged(r int, t *rank.Table) (rangedTable, error) {
	b, err := t.MarshalBinary()
	return rangedTable{Range: r, Table: b}, err
}

type rankWriteFn struct{ C Rank }

// ProcessElement concatenates the ranges' tables, which arrive in any
// order, highest range (highest scores) first, into the whole table;
// resolves the positive label as the command line does; and writes the
// report of the whole table.
func (f *rankWriteFn) ProcessElement(ctx context.Context, lab *rankLabels, ranges func(*rangedTable) bool) error {
	t, err := concatRanges(ranges)
	if err != nil {
		return err
	}
	return f.C.write(ctx, lab, t, nil)
}

// concatRanges concatenates the ranges' tables, which arrive in any
// order, highest range (highest scores) first.
func concatRanges(ranges func(*rangedTable) bool) (*rank.Table, error) {
	parts := map[int]*rank.Table{}
	var in rangedTable
	for ranges(&in) {
		if _, dup := parts[in.Range]; dup {
			return nil, fmt.Errorf("evalbeam: range %d met twice", in.Range)
		}
		t, err := decodeTable(in.Table)
		if err != nil {
			return nil, err
		}
		parts[in.Range] = t
		in.Table = nil
	}
	rs := slices.Sorted(maps.Keys(parts))
	slices.Reverse(rs)
	tables := make([]*rank.Table, len(rs))
	for i, r := range rs {
		tables[i] = parts[r]
		delete(parts, r)
	}
	return rank.Concat(tables...), nil
}

// write resolves the positive label of lab as the command line does,
// computes the report of t (or of bins, if not nil) and its intervals on
// t (with --ci), and writes it.
func (c *Rank) write(ctx context.Context, lab *rankLabels, t *rank.Table, bins *rank.Binned) error {
	rep, err := c.result(lab, t, bins)
	if err != nil {
		return err
	}
	return writeJSON(ctx, c.Output, rep)
}

// result is the report of write.
func (c *Rank) result(lab *rankLabels, t *rank.Table, bins *rank.Binned) (*rank.Report, error) {
	if lab.Rows == 0 {
		return nil, userError(noRows(c.Name))
	}
	s, err := c.task().Scores(c.Name, &lab.First, lab.Labels, t, bins)
	if err != nil {
		return nil, reportError(cli.TaskError("rank", err))
	}
	rep, err := s.Report(t, c.Options)
	if err != nil {
		return nil, userError(err)
	}
	if c.CI != nil {
		if err := rep.AddIntervals(t, s.Options(c.Options), *c.CI); err != nil {
			return nil, userError(err)
		}
	}
	return rep, nil
}

// slicedPipeline is Pipeline with Slices: the first pass emits each key's
// labels and the keys of every row (the range boundaries are the whole
// input's, which serve every slice: a slice's rows in range r are its
// table's part in r); the second emits each key's table per range,
// merged per key and range; each key's ranges meet its labels
// (CoGroupByKey), and are concatenated into its table.
func (c *Rank) slicedPipeline(s beam.Scope, units []Unit) {
	s = s.Scope("rank-slices")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	labels, tables, counts := slicedTables(s, us, &rankSliceScanFn{C: *c}, &rankSlicePartitionFn{C: *c}, c.Ranges, c.Slices.Compare)
	outs := beam.ParDo(s, &rankSliceFn{C: *c}, beam.CoGroupByKey(s, labels, tables))
	writeSlices(s, c.Slices, outs, counts, c.Name, c.Output)
}

// slicedTables is the part of a sliced binary rank pipeline (one score
// column or several) that reads the units us twice: the first read
// (scan, a DoFn emitting each key's labels, a sample of the keys of all
// the rows and each key's row count) gives the labels and the key
// ranges' bounds, the second (partition, a DoFn emitting each key's
// table in each range) the tables, merged per (key, range). With
// compare, each slice's rest is a key too: its labels and its tables
// in each range the other slices', merged. It returns the labels per
// key, the tables per key (each with its range) and the row counts.
func slicedTables(s beam.Scope, us beam.PCollection, scan, partition any, ranges int, compare bool) (labels, tables, counts beam.PCollection) {
	scans, sample, counts := beam.ParDo3(s, scan, us)
	labels = beam.CombinePerKey(s, &rankLabelsFn{}, scans)
	bounds := stats.ApproximateWeightedQuantiles(s, sample, lessKey, stats.Opts{K: 200, NumQuantiles: max(ranges, 1)})
	parts := beam.ParDo(s, partition, us, beam.SideInput{Input: bounds})
	merged := beam.CombinePerKey(s, &tableMergeFn{}, parts)
	if compare {
		restLabels := beam.ParDo(s, &rankLabelsRestFn{}, beam.Impulse(s), beam.SideInput{Input: labels})
		restRanges := beam.ParDo(s, &rankRangesRestFn{}, beam.Impulse(s), beam.SideInput{Input: labels}, beam.SideInput{Input: merged})
		labels = beam.Flatten(s, labels, restLabels)
		merged = beam.Flatten(s, merged, restRanges)
	}
	return labels, beam.ParDo(s, splitRangeKey, merged), counts
}

// rangeKey is the key of a slice's (or all rows', key "") part in range r.
func rangeKey(key string, r int) string { return key + "\x01" + strconv.Itoa(r) }

// splitRangeKey re-keys a range's table by its slice.
func splitRangeKey(k string, t *rank.Table) (string, rangedTable, error) {
	i := strings.LastIndexByte(k, '\x01')
	r, err := strconv.Atoi(k[i+1:])
	if err != nil {
		return "", rangedTable{}, err
	}
	b, err := t.MarshalBinary()
	return k[:i], rangedTable{Range: r, Table: b}, err
}

type rankSliceScanFn struct{ C Rank }

// ProcessElement checks every row of a unit and emits, per key, what its
// rows told and their number, and a sample of the keys of all the rows.
func (f *rankSliceScanFn) ProcessElement(ctx context.Context, u Unit, emitScan func(string, rankScan), emitKey func(int, uint64), count func(string, int64)) error {
	t := f.C.task()
	return eachSlice(ctx, u, f.C.Slices, t.Columns(), func(key string, r *table.Reader, cols []int) error {
		rr := rankReaderOn(t, r, cols, u.Index)
		ks := newKeySample(u.Index)
		for {
			ok, err := rr.next()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			if key == "" {
				ks.add(rank.Key(rr.Score))
			}
		}
		emitScan(key, rr.labels())
		ks.emit(emitKey)
		return nil
	}, count)
}

type rankSlicePartitionFn struct{ C Rank }

// ProcessElement reads a unit again and emits the exact score table of
// each key's rows in each key range (see rankPartitionFn).
func (f *rankSlicePartitionFn) ProcessElement(ctx context.Context, u Unit, quantiles func(*[]uint64) bool, emit func(string, *rank.Table)) error {
	bounds := boundsOf(quantiles)
	t := f.C.task()
	return eachSlice(ctx, u, f.C.Slices, t.Columns(), func(key string, r *table.Reader, cols []int) error {
		rr := rankReaderOn(t, r, cols, u.Index)
		parts, err := partition(rr, bounds)
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

type rankSliceFn struct{ C Rank }

// ProcessElement concatenates one key's ranges and gives its result.
func (f *rankSliceFn) ProcessElement(key string, labels func(**rankLabels) bool, ranges func(*rangedTable) bool) (sliceOut, error) {
	var lab *rankLabels
	if !labels(&lab) {
		return sliceOut{}, fmt.Errorf("evalbeam: no labels for key %q", key)
	}
	t, err := concatRanges(ranges)
	if err != nil {
		return sliceOut{}, err
	}
	rep, err := f.C.result(lab, t, nil)
	return sliceResult(key, rep, err)
}

type rankLabelsRestFn struct{}

// ProcessElement emits the labels of the rest of the rows of each slice
// (emitRests).
func (f *rankLabelsRestFn) ProcessElement(_ []byte, labels func(*string, **rankLabels) bool, emit func(string, *rankLabels)) {
	emitRests[*rankLabels](&rankLabelsFn{}, labels, emit)
}

type rankRangesRestFn struct{}

// ProcessElement emits the table of the rest of the rows of each slice
// (the slices are the keys of labels) in each key range (restRanges).
func (f *rankRangesRestFn) ProcessElement(_ []byte, labels func(*string, **rankLabels) bool, tables func(*string, **rank.Table) bool, emit func(string, *rank.Table)) error {
	var keys []string
	var key string
	var lab *rankLabels
	for labels(&key, &lab) {
		keys = append(keys, key)
	}
	return restRanges(keys, tables, emit)
}

// restRanges emits the table of the rest of the rows of each slice among
// keys (key "" for all the rows is passed over) in each key range: the
// merge of the other slices' tables there (tables, keyed by rangeKey;
// rank.Merge, exact, which leaves its arguments as they were). A rest
// with no row in a range has no table there, as a slice has none.
func restRanges(sliceKeys []string, tables func(*string, **rank.Table) bool, emit func(string, *rank.Table)) error {
	keys := map[int][]string{} // each slicing's slices
	for _, key := range sliceKeys {
		if key != "" {
			k, _ := parseSliceKey(key)
			keys[k] = append(keys[k], key)
		}
	}
	type group struct{ slicing, r int }
	byGroup := map[group]map[string]*rank.Table{}
	var key string
	var t *rank.Table
	for tables(&key, &t) {
		i := strings.LastIndexByte(key, '\x01')
		r, err := strconv.Atoi(key[i+1:])
		if err != nil {
			return err
		}
		if i == 0 {
			continue // all the rows'
		}
		k, _ := parseSliceKey(key[:i])
		g := group{k, r}
		if byGroup[g] == nil {
			byGroup[g] = map[string]*rank.Table{}
		}
		byGroup[g][key[:i]] = t
	}
	merge := func(a, b *rank.Table) *rank.Table {
		switch {
		case a == nil:
			return b
		case b == nil:
			return a
		}
		return rank.Merge(a, b)
	}
	for g, in := range byGroup {
		all := keys[g.slicing]
		if len(all) < 2 {
			continue
		}
		var present []string
		for _, k := range all {
			if in[k] != nil {
				present = append(present, k)
			}
		}
		// suffix[i] is the merge of the tables of present[i:].
		suffix := make([]*rank.Table, len(present)+1)
		for i := len(present) - 1; i >= 0; i-- {
			suffix[i] = merge(in[present[i]], suffix[i+1])
		}
		for _, k := range all {
			if in[k] == nil {
				emit(rangeKey(restKey(k), g.r), suffix[0])
			}
		}
		var prefix *rank.Table
		for i, k := range present {
			if rest := merge(prefix, suffix[i+1]); rest != nil {
				emit(rangeKey(restKey(k), g.r), rest)
			}
			prefix = merge(prefix, in[k])
		}
	}
	return nil
}
