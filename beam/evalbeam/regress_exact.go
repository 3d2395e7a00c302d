package evalbeam

import (
	"bytes"
	"cmp"
	"context"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/evalkit-go/evalkit/internal/xsum"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/table"
)

// The measures of regress that need an order statistic or a second pass
// over every row — medae and the D² pinball, absolute-error and Tweedie
// scores — are computed exactly, as the command line computes them from
// the rows it keeps (regress.State's Selections, SetSelected, Nulls and
// SetNulls), in four reads of the units:
//
//  1. each unit's state (merged by a CombineFn, as with --bounded-memory)
//     and a sample of the keys (rank.Key) of its targets and absolute
//     errors, from which a combined sketch places regressRanges−1 range
//     boundaries per column;
//  2. per unit, the rows and the exact weight of each column's key
//     ranges, summed over the units;
//  3. from the merged state's selections, the ranges that hold each
//     order statistic; per unit, the values (and weights) in those ranges
//     only, gathered on one worker, which sorts them and finds each
//     order statistic, and so the quantiles of y;
//  4. per unit, the null models' losses at those quantiles, summed
//     exactly over the units.
//
// The writer gives the merged state its order statistics and null sums
// and writes the command line's report. One worker holds at most the rows
// of a few ranges (about 2/regressRanges of them, plus ties), never all.
//
// With slices (--by) every read folds, besides all the unit's rows (key
// ""), each slice's rows into a state of their own (eachSlice), and every
// step above runs per key: a column of a slice is a stream of its own
// (streamID), with its own ranges, targets and null sums; each key's
// merged state gets its order statistics and gives its result, which the
// slices' writer assembles.

// regressRanges is the number of key ranges per kept column.
const regressRanges = 256

// regressSketchCap bounds the keys the sketch keeps per column.
const regressSketchCap = 1 << 14

// regressSample is one unit's sample of one column's keys (Stream: a
// streamID), each standing for Weight rows.
type regressSample struct {
	Stream string
	Weight int64
	Keys   []uint64
}

// streamID names a column of the rows of key (a slice's, "" all the
// rows): st is 2·output + regress.Kept.
func streamID(key string, st int) string {
	return strconv.Itoa(st) + "\x00" + key
}

// regressSketch is the merged samples: per stream, keys and the rows
// each stands for, compacted past regressSketchCap.
type regressSketch struct {
	Keys    map[string][]uint64
	Weights map[string][]int64
}

// regressBounds is the range boundaries per stream (rank.KeyRange's).
type regressBounds struct {
	Bounds map[string][]uint64
}

// regressHist is, per stream, the rows and the exact weight (encoded
// xsum sums, nil without weights) of each key range.
type regressHist struct {
	Rows    map[string][]int64
	Weights map[string][]byte
}

// regressTarget is where one order statistic of key Key lies: the ranges
// First…Last of its stream Stream, with Below rows (weight BelowWeight, an
// encoded exact sum) in lower ranges.
type regressTarget struct {
	Key           string
	Output, Index int // the output and the index of the selection in its Selections
	Stream        int // 2·output + regress.Kept
	First, Last   int
	Below         int64
	BelowWeight   []byte
}

// regressTargets lists every order statistic's ranges.
type regressTargets struct {
	Targets []regressTarget
}

// regressPicks is, per target, the values (and weights) in its ranges.
type regressPicks struct {
	Values  map[int][]float64
	Weights map[int][]float64
}

// regressSelected is, per key, its selections and null models.
type regressSelected struct {
	Keys map[string]regressKeySelected
}

// regressKeySelected is, per output of one key, the selections' values
// and then the null models' specification (regress.Nulls without its
// sums), as JSON.
type regressKeySelected struct {
	Values [][]float64 // per output: lo, hi of each selection in turn
	Nulls  []byte
}

// regressNullSums is, per key and output, the encoded regress.Nulls of
// some units.
type regressNullSums struct {
	Units int
	Sums  map[string][][]byte
}

func init() {
	for _, v := range []any{(*regressSample)(nil), (*regressSketch)(nil), (*regressBounds)(nil), (*regressHist)(nil), (*regressTargets)(nil), (*regressPicks)(nil), (*regressSelected)(nil), (*regressKeySelected)(nil), (*regressNullSums)(nil)} {
		beam.RegisterType(reflect.TypeOf(v).Elem())
	}
	beam.RegisterCoder(reflect.TypeOf((*regressSketch)(nil)), encodeRegressSketch, decodeRegressSketch)
	beam.RegisterCoder(reflect.TypeOf((*regressHist)(nil)), encodeRegressHist, decodeRegressHist)
	beam.RegisterCoder(reflect.TypeOf((*regressPicks)(nil)), encodeRegressPicks, decodeRegressPicks)
	beam.RegisterCoder(reflect.TypeOf((*regressNullSums)(nil)), encodeRegressNullSums, decodeRegressNullSums)
	beam.RegisterCoder(reflect.TypeOf(regressSelected{}), encodeRegressSelected, decodeRegressSelected)
	beam.RegisterType(reflect.TypeOf((*regressRows)(nil)).Elem())
	beam.RegisterCoder(reflect.TypeOf((*regressRows)(nil)), encodeRegressRows, decodeRegressRows)
	register.DoFn6x1[context.Context, Unit, func(string, *regressState), func(regressSample), func(string, *regressRows), func(string, int64), error](&regressScanFn{})
	register.Emitter1[regressSample]()
	register.Emitter2[string, *regressRows]()
	register.Iter1[*regressRows]()
	register.Iter2[string, *regressState]()
	register.Combiner3[*regressSketch, regressSample, regressBounds](&regressSketchFn{})
	register.DoFn3x2[context.Context, Unit, func(*regressBounds) bool, *regressHist, error](&regressHistFn{})
	register.Combiner1[*regressHist](&regressHistMergeFn{})
	register.DoFn3x2[*regressHist, func(*string, **regressState) bool, func(*regressBounds) bool, regressTargets, error](&regressTargetFn{})
	register.DoFn4x2[context.Context, Unit, func(*regressBounds) bool, func(*regressTargets) bool, *regressPicks, error](&regressPickFn{})
	register.Combiner1[*regressPicks](&regressPicksMergeFn{})
	register.DoFn3x2[*regressPicks, func(*string, **regressState) bool, func(*regressTargets) bool, regressSelected, error](&regressSelectFn{})
	register.DoFn3x2[context.Context, Unit, func(*regressSelected) bool, *regressNullSums, error](&regressNullFn{})
	register.Combiner1[*regressNullSums](&regressNullsMergeFn{})
	register.DoFn6x1[context.Context, string, func(**regressState) bool, func(**regressRows) bool, func(*regressSelected) bool, func(**regressNullSums) bool, error](&regressExactWriteFn{})
	register.DoFn6x2[context.Context, string, func(**regressState) bool, func(**regressRows) bool, func(*regressSelected) bool, func(**regressNullSums) bool, sliceOut, error](&regressExactSliceFn{})
	register.Iter1[*regressBounds]()
	register.Iter1[*regressTargets]()
	register.Iter1[*regressSelected]()
	register.Iter1[*regressState]()
	register.Iter1[*regressNullSums]()
}

func encodeRegressSketch(s *regressSketch) ([]byte, error) { return json.Marshal(s) }
func decodeRegressSketch(b []byte) (*regressSketch, error) {
	s := new(regressSketch)
	return s, json.Unmarshal(b, s)
}
func encodeRegressHist(s *regressHist) ([]byte, error) { return json.Marshal(s) }
func decodeRegressHist(b []byte) (*regressHist, error) {
	s := new(regressHist)
	return s, json.Unmarshal(b, s)
}
func encodeRegressPicks(s *regressPicks) ([]byte, error) { return json.Marshal(s) }
func decodeRegressPicks(b []byte) (*regressPicks, error) {
	s := new(regressPicks)
	return s, json.Unmarshal(b, s)
}

// The selections travel by gob, which keeps an infinite upper value.
func encodeRegressSelected(s regressSelected) ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(s)
	return b.Bytes(), err
}
func decodeRegressSelected(b []byte) (regressSelected, error) {
	var s regressSelected
	return s, gob.NewDecoder(bytes.NewReader(b)).Decode(&s)
}
func encodeRegressNullSums(s *regressNullSums) ([]byte, error) { return json.Marshal(s) }
func decodeRegressNullSums(b []byte) (*regressNullSums, error) {
	s := new(regressNullSums)
	return s, json.Unmarshal(b, s)
}

// exactPipeline is Pipeline with the measures that need every row (see
// the top of this file).
func (c *Regress) exactPipeline(s beam.Scope, units []Unit) {
	name := "regress"
	if c.Slices != nil {
		name = "regress-slices"
	}
	s = s.Scope(name)
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	states, samples, rows, counts := beam.ParDo4(s, &regressScanFn{C: *c}, us)
	state := beam.CombinePerKey(s, &regressCombineFn{K: len(c.Options.Trues), Options: c.State}, states)
	bounds := beam.Combine(s, &regressSketchFn{}, samples)
	hist := beam.Combine(s, &regressHistMergeFn{}, beam.ParDo(s, &regressHistFn{C: *c}, us, beam.SideInput{Input: bounds}))
	targets := beam.ParDo(s, &regressTargetFn{}, hist, beam.SideInput{Input: state}, beam.SideInput{Input: bounds})
	picks := beam.Combine(s, &regressPicksMergeFn{}, beam.ParDo(s, &regressPickFn{C: *c}, us, beam.SideInput{Input: bounds}, beam.SideInput{Input: targets}))
	selected := beam.ParDo(s, &regressSelectFn{}, picks, beam.SideInput{Input: state}, beam.SideInput{Input: targets})
	nulls := beam.Combine(s, &regressNullsMergeFn{}, beam.ParDo(s, &regressNullFn{C: *c}, us, beam.SideInput{Input: selected}))
	// Each key's merged state meets its rows for the paired bootstraps of
	// several models (none otherwise).
	grouped := beam.CoGroupByKey(s, state, rows)
	if c.Slices == nil {
		beam.ParDo0(s, &regressExactWriteFn{C: *c, Units: len(units)}, grouped, beam.SideInput{Input: selected}, beam.SideInput{Input: nulls})
		return
	}
	outs := beam.ParDo(s, &regressExactSliceFn{C: *c}, grouped, beam.SideInput{Input: selected}, beam.SideInput{Input: nulls})
	if !c.Slices.Compare {
		writeSlices(s, c.Slices, outs, counts, c.Name, c.Output)
		return
	}
	// With Compare, each slice's rest: the merge of the other slices'
	// states (emitRests), which keep no values, and so its result is
	// --bounded-memory's (no medae or D² score: the rest's rows are
	// never in one place, as a slice's are for its order statistics),
	// its models not compared (restResult). The comparison reads the
	// rest's primary measure and its interval, which come from the sums;
	// Welch's test of a mean loss takes each slice's losses from a
	// further read, as --bounded-memory's does.
	rests := beam.ParDo(s, &regressRestFn{K: len(c.Options.Trues), Options: c.State}, beam.Impulse(s), beam.SideInput{Input: state})
	outs = beam.Flatten(s, outs, beam.ParDo(s, &regressSliceFn{C: c.restResult()}, rests))
	if path := c.welch(); path != "" {
		losses := beam.ParDo(s, &regressLossesFn{C: *c, Path: path}, us)
		w := slicesWriteFn{Sl: *c.Slices, Name: c.Name, Output: c.Output}
		beam.ParDo0(s, &slicesLossesWriteFn{W: w, Path: path}, beam.Impulse(s),
			beam.SideInput{Input: outs}, beam.SideInput{Input: stats.SumPerKey(s, counts)}, beam.SideInput{Input: losses})
		return
	}
	writeSlices(s, c.Slices, outs, counts, c.Name, c.Output)
}

// restResult is c for the results of the slices' rests, whose rows are
// not joined: several models are not compared by paired bootstraps (as
// with --bounded-memory and no --compare). cli.CompareSlices reads of a
// rest's result each model's primary measure, its interval, n and weight
// sum, none of which a paired comparison changes. (evalkit runs the task
// on a rest's rows, its models compared, and reads none of those
// comparisons either.)
func (c *Regress) restResult() Regress {
	r := *c
	if r.Models != nil {
		mo := *r.Models
		mo.Compare, mo.ComparePrimary = nil, false
		r.Models = &mo
	}
	return r
}

// foldEach reads unit u, keeping its values, into a state of all its
// rows (key "") and, with slices, one of each slice's rows (eachSlice,
// which gives count each key's rows), and calls f with each.
func (c *Regress) foldEach(ctx context.Context, u Unit, count func(string, int64), f func(key string, m *regress.Multi, rows map[int64]string) error) error {
	if c.Slices == nil {
		m, rows, err := c.fold(ctx, u, true)
		if err != nil {
			return err
		}
		return f("", m, rows)
	}
	t := c.keeping(true)
	return eachSlice(ctx, u, c.Slices, t.Columns(), func(key string, r *table.Reader, cols []int) error {
		m, rows := t.New(), map[int64]string{}
		if err := c.foldRows(t, m, rows, r, cols, u.Index); err != nil {
			return err
		}
		return f(key, m, rows)
	}, count)
}

// noCount is the count of foldEach's reads after the first.
func noCount(string, int64) {}

// column returns the kept values of a stream (2·output + regress.Kept) and
// the weights (nil without).
func column(m *regress.Multi, stream int) ([]float64, []float64) {
	y, ad, w := m.Output(stream / 2).Kept()
	if regress.Kept(stream%2) == regress.KeptAbsError {
		return ad, w
	}
	return y, w
}

type regressScanFn struct{ C Regress }

// ProcessElement reads a unit: per key, its state without kept values, a
// sample of each column's keys and, for the paired bootstraps of several
// models, the columns they read (see pairedRows); and, with slices, each
// key's rows.
func (f *regressScanFn) ProcessElement(ctx context.Context, u Unit, emit func(string, *regressState), emitSample func(regressSample), emitRows func(string, *regressRows), count func(string, int64)) error {
	need, targets := f.C.pairedRows()
	return f.C.foldEach(ctx, u, count, func(key string, m *regress.Multi, rows map[int64]string) error {
		if need && m.Output(0).N() > 0 {
			emitRows(key, unitRows(u.Index, m, targets))
		}
		for st := range 2 * m.K() {
			v, _ := column(m, st)
			if len(v) == 0 {
				continue
			}
			rng := rand.New(rand.NewPCG(uint64(u.Index), uint64(st)))
			n := min(len(v), sampleSize)
			keys := make([]uint64, n)
			for i := range keys {
				if n == len(v) {
					keys[i] = rank.Key(v[i])
				} else {
					keys[i] = rank.Key(v[rng.IntN(len(v))])
				}
			}
			emitSample(regressSample{Stream: streamID(key, st), Weight: int64(max(1, len(v)/n)), Keys: keys})
		}
		m.DropValues()
		emit(key, &regressState{Units: 1, Multi: m, Rows: rows})
		return nil
	})
}

// regressSketchFn merges the samples and places the range boundaries.
type regressSketchFn struct{}

func (f *regressSketchFn) CreateAccumulator() *regressSketch {
	return &regressSketch{Keys: map[string][]uint64{}, Weights: map[string][]int64{}}
}

func (f *regressSketchFn) AddInput(a *regressSketch, s regressSample) *regressSketch {
	for _, k := range s.Keys {
		a.Keys[s.Stream] = append(a.Keys[s.Stream], k)
		a.Weights[s.Stream] = append(a.Weights[s.Stream], s.Weight)
	}
	a.compact(s.Stream)
	return a
}

func (f *regressSketchFn) MergeAccumulators(a, b *regressSketch) *regressSketch {
	for st, ks := range b.Keys {
		a.Keys[st] = append(a.Keys[st], ks...)
		a.Weights[st] = append(a.Weights[st], b.Weights[st]...)
		a.compact(st)
	}
	return a
}

// compact halves a stream's keys once they pass the cap: sorted, each
// pair becomes its first key with the pair's weight.
func (a *regressSketch) compact(st string) {
	if len(a.Keys[st]) <= regressSketchCap {
		return
	}
	type kw struct {
		k uint64
		w int64
	}
	xs := make([]kw, len(a.Keys[st]))
	for i, k := range a.Keys[st] {
		xs[i] = kw{k, a.Weights[st][i]}
	}
	slices.SortFunc(xs, func(x, y kw) int { return cmp.Compare(x.k, y.k) })
	ks, ws := a.Keys[st][:0], a.Weights[st][:0]
	for i := 0; i < len(xs); i += 2 {
		w := xs[i].w
		if i+1 < len(xs) {
			w += xs[i+1].w
		}
		ks, ws = append(ks, xs[i].k), append(ws, w)
	}
	a.Keys[st], a.Weights[st] = ks, ws
}

// ExtractOutput places regressRanges−1 boundaries per stream at the
// sketch's weighted quantiles (fewer where keys repeat).
func (f *regressSketchFn) ExtractOutput(a *regressSketch) regressBounds {
	out := regressBounds{Bounds: map[string][]uint64{}}
	for st, ks := range a.Keys {
		idx := make([]int, len(ks))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(i, j int) int { return cmp.Compare(ks[i], ks[j]) })
		var total int64
		for _, w := range a.Weights[st] {
			total += w
		}
		var b []uint64
		var cum int64
		next := 1
		for _, i := range idx {
			cum += a.Weights[st][i]
			for next < regressRanges && float64(cum) >= float64(total)*float64(next)/regressRanges {
				if len(b) == 0 || b[len(b)-1] < ks[i] {
					b = append(b, ks[i])
				}
				next++
			}
		}
		out.Bounds[st] = b
	}
	return out
}

func boundsSide(iter func(*regressBounds) bool) *regressBounds {
	var b regressBounds
	iter(&b)
	if b.Bounds == nil {
		b.Bounds = map[string][]uint64{}
	}
	return &b
}

type regressHistFn struct{ C Regress }

// ProcessElement counts a unit's rows (and sums their weights exactly)
// per key range of each stream.
func (f *regressHistFn) ProcessElement(ctx context.Context, u Unit, boundsIter func(*regressBounds) bool) (*regressHist, error) {
	bounds := boundsSide(boundsIter)
	h := &regressHist{Rows: map[string][]int64{}, Weights: map[string][]byte{}}
	err := f.C.foldEach(ctx, u, noCount, func(key string, m *regress.Multi, _ map[int64]string) error {
		for st := range 2 * m.K() {
			id := streamID(key, st)
			v, w := column(m, st)
			b := bounds.Bounds[id]
			rows := make([]int64, len(b)+1)
			var sums []xsum.Sum
			if w != nil {
				sums = make([]xsum.Sum, len(b)+1)
			}
			for i, x := range v {
				r := rank.KeyRange(b, rank.Key(x))
				rows[r]++
				if w != nil {
					sums[r].Add(w[i])
				}
			}
			h.Rows[id] = rows
			if w != nil {
				h.Weights[id] = appendSums(nil, sums)
			}
		}
		return nil
	})
	return h, err
}

func appendSums(b []byte, sums []xsum.Sum) []byte {
	for i := range sums {
		b = sums[i].AppendBinary(b)
	}
	return b
}

func decodeSums(b []byte, n int) ([]xsum.Sum, error) {
	sums := make([]xsum.Sum, n)
	for i := range sums {
		s, rest, ok := xsum.Decode(b)
		if !ok {
			return nil, fmt.Errorf("evalkit-beam: internal error: bad weight sums")
		}
		sums[i], b = s, rest
	}
	return sums, nil
}

// regressHistMergeFn adds histograms.
type regressHistMergeFn struct{}

func (f *regressHistMergeFn) MergeAccumulators(a, b *regressHist) *regressHist {
	if a.Rows == nil {
		a.Rows, a.Weights = map[string][]int64{}, map[string][]byte{}
	}
	for st, rows := range b.Rows {
		ar := a.Rows[st]
		if ar == nil {
			a.Rows[st] = slices.Clone(rows)
			if w, ok := b.Weights[st]; ok {
				a.Weights[st] = slices.Clone(w)
			}
			continue
		}
		for i := range rows {
			ar[i] += rows[i]
		}
		aw, ok := a.Weights[st]
		if bw, bok := b.Weights[st]; bok && !ok {
			a.Weights[st] = slices.Clone(bw) // a's units had no weighted row
		} else if bok {
			x, err1 := decodeSums(aw, len(rows))
			y, err2 := decodeSums(bw, len(rows))
			if err1 != nil || err2 != nil {
				panic("evalkit-beam: regress: bad weight sums")
			}
			for i := range x {
				x[i].Merge(&y[i])
			}
			a.Weights[st] = appendSums(nil, x)
		}
	}
	return a
}

// statesSide returns each key's merged state from its side input.
func statesSide(iter func(*string, **regressState) bool) map[string]*regressState {
	out := map[string]*regressState{}
	var k string
	var s *regressState
	for iter(&k, &s) {
		out[k] = s
		s = nil
	}
	return out
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

type regressTargetFn struct{}

// ProcessElement finds, for each selection of each output of each key's
// merged state, the key ranges that hold it.
func (f *regressTargetFn) ProcessElement(h *regressHist, stateIter func(*string, **regressState) bool, boundsIter func(*regressBounds) bool) (regressTargets, error) {
	var out regressTargets
	states := statesSide(stateIter)
	for _, key := range sortedKeys(states) {
		if err := out.add(h, key, states[key]); err != nil {
			return out, err
		}
	}
	return out, nil
}

// add appends the targets of key's merged state s.
func (out *regressTargets) add(h *regressHist, key string, s *regressState) error {
	for j := range s.Multi.K() {
		for i, sel := range s.Multi.Output(j).Selections() {
			st := 2*j + int(sel.Of)
			id := streamID(key, st)
			rows := h.Rows[id]
			t := regressTarget{Key: key, Output: j, Index: i, Stream: st}
			if !sel.Weighted {
				// The ranges of ranks Rank and Rank+1.
				var below int64
				first := -1
				for r, n := range rows {
					if first < 0 && below+n > sel.Rank {
						first, t.Below = r, below
					}
					if first >= 0 && (below+n > sel.Rank+1 || r == len(rows)-1) {
						t.First, t.Last = first, r
						break
					}
					below += n
				}
				if first < 0 {
					return fmt.Errorf("evalkit-beam: internal error: rank %d of %d rows", sel.Rank, below)
				}
			} else {
				sums, err := decodeSums(h.Weights[id], len(rows))
				if err != nil {
					return err
				}
				var below xsum.Sum
				last := -1
				t.First = -1
				for r, n := range rows {
					if n == 0 {
						continue
					}
					acc := below
					acc.Merge(&sums[r])
					if acc.Cmp(sel.Target) >= 0 {
						t.First = r
						break
					}
					below, last = acc, r
				}
				if t.First < 0 {
					// No value reaches the target: the largest value, in the last range.
					t.First = last
					below = xsum.Sum{}
					for r := range last {
						below.Merge(&sums[r])
					}
				}
				t.Last = t.First
				t.BelowWeight = below.AppendBinary(nil)
			}
			out.Targets = append(out.Targets, t)
		}
	}
	return nil
}

func targetsSide(iter func(*regressTargets) bool) *regressTargets {
	var t regressTargets
	iter(&t)
	return &t
}

type regressPickFn struct{ C Regress }

// ProcessElement collects a unit's values (and weights) in each target's
// ranges.
func (f *regressPickFn) ProcessElement(ctx context.Context, u Unit, boundsIter func(*regressBounds) bool, targetsIter func(*regressTargets) bool) (*regressPicks, error) {
	bounds, targets := boundsSide(boundsIter), targetsSide(targetsIter)
	p := &regressPicks{Values: map[int][]float64{}, Weights: map[int][]float64{}}
	if len(targets.Targets) == 0 {
		return p, nil
	}
	byKey := map[string][]int{}
	for ti, t := range targets.Targets {
		byKey[t.Key] = append(byKey[t.Key], ti)
	}
	err := f.C.foldEach(ctx, u, noCount, func(key string, m *regress.Multi, _ map[int64]string) error {
		for _, ti := range byKey[key] {
			t := targets.Targets[ti]
			v, w := column(m, t.Stream)
			b := bounds.Bounds[streamID(key, t.Stream)]
			for i, x := range v {
				if r := rank.KeyRange(b, rank.Key(x)); r >= t.First && r <= t.Last {
					p.Values[ti] = append(p.Values[ti], x)
					if w != nil {
						p.Weights[ti] = append(p.Weights[ti], w[i])
					}
				}
			}
		}
		return nil
	})
	return p, err
}

// regressPicksMergeFn gathers the picked values.
type regressPicksMergeFn struct{}

func (f *regressPicksMergeFn) MergeAccumulators(a, b *regressPicks) *regressPicks {
	if a.Values == nil {
		a.Values, a.Weights = map[int][]float64{}, map[int][]float64{}
	}
	for ti, v := range b.Values {
		a.Values[ti] = append(a.Values[ti], v...)
	}
	for ti, w := range b.Weights {
		a.Weights[ti] = append(a.Weights[ti], w...)
	}
	return a
}

type regressSelectFn struct{}

// ProcessElement finds each order statistic among its ranges' values and
// gives each key's merged state its selections, so that the null models'
// quantiles follow.
func (f *regressSelectFn) ProcessElement(p *regressPicks, stateIter func(*string, **regressState) bool, targetsIter func(*regressTargets) bool) (regressSelected, error) {
	states, targets := statesSide(stateIter), targetsSide(targetsIter)
	out := regressSelected{Keys: map[string]regressKeySelected{}}
	byKey := map[string][]int{}
	for ti, t := range targets.Targets {
		byKey[t.Key] = append(byKey[t.Key], ti)
	}
	for key, s := range states {
		if s.Multi.Output(0).N() == 0 {
			continue
		}
		ks, err := selectKey(s, targets, byKey[key], p)
		if err != nil {
			return out, err
		}
		out.Keys[key] = ks
	}
	return out, nil
}

// selectKey answers the selections of one key's merged state s from the
// picks of its targets (their indexes tis in targets).
func selectKey(s *regressState, targets *regressTargets, tis []int, p *regressPicks) (regressKeySelected, error) {
	var out regressKeySelected
	vals := make([][][2]float64, s.Multi.K())
	for j := range vals {
		vals[j] = make([][2]float64, len(s.Multi.Output(j).Selections()))
	}
	for _, ti := range tis {
		t := targets.Targets[ti]
		sel := s.Multi.Output(t.Output).Selections()[t.Index]
		v, err := selectAmong(sel, t, p.Values[ti], p.Weights[ti])
		if err != nil {
			return out, err
		}
		vals[t.Output][t.Index] = v
	}
	var nulls []*regress.Nulls
	for j, v := range vals {
		o := s.Multi.Output(j)
		if err := o.SetSelected(v); err != nil {
			return out, err
		}
		n, err := o.Nulls()
		if err != nil {
			return out, err
		}
		nulls = append(nulls, n)
		var flat []float64
		for _, x := range v {
			flat = append(flat, x[0], x[1])
		}
		out.Values = append(out.Values, flat)
	}
	b, err := json.Marshal(nulls)
	out.Nulls = b
	return out, err
}

// selectAmong answers a selection from the values of its target's ranges
// (every value of those ranges, in any order).
func selectAmong(sel regress.Selection, t regressTarget, v, w []float64) ([2]float64, error) {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(i, j int) int { return cmp.Compare(v[i], v[j]) })
	if !sel.Weighted {
		k := int(sel.Rank - t.Below)
		if k < 0 || k >= len(v) {
			return [2]float64{}, fmt.Errorf("evalkit-beam: internal error: rank %d outside its ranges", sel.Rank)
		}
		lo, hi := v[idx[k]], math.Inf(1)
		if k+1 < len(v) {
			hi = v[idx[k+1]]
		}
		return [2]float64{lo, hi}, nil
	}
	if len(v) == 0 || len(w) != len(v) {
		return [2]float64{}, fmt.Errorf("evalkit-beam: internal error: weighted selection without values")
	}
	below, _, ok := xsum.Decode(t.BelowWeight)
	if !ok {
		return [2]float64{}, fmt.Errorf("evalkit-beam: internal error: bad weight sum")
	}
	for _, i := range idx {
		below.Add(w[i])
		if below.Cmp(sel.Target) >= 0 {
			return [2]float64{v[i], v[i]}, nil
		}
	}
	last := v[idx[len(idx)-1]]
	return [2]float64{last, last}, nil
}

func selectedSide(iter func(*regressSelected) bool) *regressSelected {
	var s regressSelected
	iter(&s)
	return &s
}

// nullsOf decodes the null models' specifications of every output of a key.
func nullsOf(s regressKeySelected) ([]*regress.Nulls, error) {
	if len(s.Nulls) == 0 {
		return nil, nil
	}
	var ns []*regress.Nulls
	if err := json.Unmarshal(s.Nulls, &ns); err != nil {
		return nil, err
	}
	for j, n := range ns {
		ns[j] = n.Empty()
	}
	return ns, nil
}

type regressNullFn struct{ C Regress }

// ProcessElement sums a unit's null-model losses, per key and output.
func (f *regressNullFn) ProcessElement(ctx context.Context, u Unit, selIter func(*regressSelected) bool) (*regressNullSums, error) {
	sel := selectedSide(selIter)
	out := &regressNullSums{Units: 1, Sums: map[string][][]byte{}}
	if len(sel.Keys) == 0 {
		return out, nil
	}
	err := f.C.foldEach(ctx, u, noCount, func(key string, m *regress.Multi, _ map[int64]string) error {
		ks, ok := sel.Keys[key]
		if !ok {
			return nil
		}
		ns, err := nullsOf(ks)
		if err != nil || ns == nil {
			return err
		}
		for j, n := range ns {
			y, _, w := m.Output(j).Kept()
			for i, x := range y {
				wi := 1.0
				if w != nil {
					wi = w[i]
				}
				n.Add(x, wi)
			}
			b, err := n.MarshalBinary()
			if err != nil {
				return err
			}
			out.Sums[key] = append(out.Sums[key], b)
		}
		return nil
	})
	return out, err
}

// regressNullsMergeFn adds the units' null sums (exact: any order).
type regressNullsMergeFn struct{}

func (f *regressNullsMergeFn) MergeAccumulators(a, b *regressNullSums) *regressNullSums {
	if a.Sums == nil {
		a.Sums = map[string][][]byte{}
	}
	for key, bs := range b.Sums {
		as, ok := a.Sums[key]
		if !ok {
			a.Sums[key] = bs
			continue
		}
		for j := range as {
			as[j] = addNullSums(as[j], bs[j])
		}
	}
	a.Units += b.Units
	return a
}

// addNullSums adds two encoded regress.Nulls of the same shape.
func addNullSums(a, b []byte) []byte {
	x := nullShape(a)
	y := x.Empty()
	if x.UnmarshalBinary(a) != nil || y.UnmarshalBinary(b) != nil {
		panic("evalkit-beam: regress: bad null sums")
	}
	x.Merge(y)
	out, _ := x.MarshalBinary()
	return out
}

// nullShape returns an empty regress.Nulls with as many pinball sums as
// the encoding a holds (it ends with the Tweedie sum).
func nullShape(a []byte) *regress.Nulls {
	k := 0
	for b := a; len(b) > 0; k++ {
		_, rest, ok := xsum.Decode(b)
		if !ok {
			panic("evalkit-beam: regress: bad null sums")
		}
		b = rest
	}
	return (&regress.Nulls{Alphas: make([]float64, k-1), Q: make([]float64, k-1)}).Empty()
}

type regressExactWriteFn struct {
	C     Regress
	Units int
}

// ProcessElement gives the merged state of every row (key "") its order
// statistics and null sums and writes the report, as the command line
// does.
func (f *regressExactWriteFn) ProcessElement(ctx context.Context, key string, stateIter func(**regressState) bool, rowsIter func(**regressRows) bool, selIter func(*regressSelected) bool, nullsIter func(**regressNullSums) bool) error {
	s, rows, err := f.C.exactState(key, stateIter, rowsIter, selIter, nullsIter, f.Units)
	if err != nil {
		return err
	}
	return (&regressWriteFn{C: f.C, Units: f.Units}).write(ctx, s, rows)
}

type regressExactSliceFn struct{ C Regress }

// ProcessElement gives the result of one key (a slice's, or "" every
// row's), its merged state completed as regressExactWriteFn completes it.
func (f *regressExactSliceFn) ProcessElement(ctx context.Context, key string, stateIter func(**regressState) bool, rowsIter func(**regressRows) bool, selIter func(*regressSelected) bool, nullsIter func(**regressNullSums) bool) (sliceOut, error) {
	s, rows, err := f.C.exactState(key, stateIter, rowsIter, selIter, nullsIter, 0)
	if err != nil {
		return sliceOut{Key: key}, err
	}
	out, err := f.C.result(s, rows)
	return sliceResult(key, out, err)
}

// exactState returns the merged state of key with its order statistics
// and null sums set, and its rows for the paired bootstraps of several
// models (nil without). units, if > 0, is the number of units the state
// and the null sums must have merged.
func (c *Regress) exactState(key string, stateIter func(**regressState) bool, rowsIter func(**regressRows) bool, selIter func(*regressSelected) bool, nullsIter func(**regressNullSums) bool, units int) (*regressState, *regress.PairedRows, error) {
	var s *regressState
	if !stateIter(&s) || s == nil {
		return nil, nil, fmt.Errorf("evalkit-beam: internal error: no state of key %q", key)
	}
	sel := selectedSide(selIter)
	var sums *regressNullSums
	nullsIter(&sums)
	if units > 0 && (s.Units != units || (sums != nil && sums.Units != units)) {
		return nil, nil, fmt.Errorf("evalkit-beam: internal error: units merged: %d and %v of %d", s.Units, sums, units)
	}
	if s.Multi.Output(0).N() > 0 {
		ks := sel.Keys[key]
		ns, err := nullsOf(ks)
		if err != nil {
			return nil, nil, err
		}
		for j := range s.Multi.K() {
			o := s.Multi.Output(j)
			var v [][2]float64
			for i := 0; i+1 < len(ks.Values[j]); i += 2 {
				v = append(v, [2]float64{ks.Values[j][i], ks.Values[j][i+1]})
			}
			if err := o.SetSelected(v); err != nil {
				return nil, nil, err
			}
			if err := ns[j].UnmarshalBinary(sums.Sums[key][j]); err != nil {
				return nil, nil, err
			}
			if err := o.SetNulls(ns[j]); err != nil {
				return nil, nil, err
			}
		}
	}
	var rows *regress.PairedRows
	if need, _ := c.pairedRows(); need {
		rows = joinRows(rowsIter, s.Multi)
	}
	return s, rows, nil
}
