package evalbeam

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/evalkit-go/evalkit/internal/xsum"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
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

// regressRanges is the number of key ranges per kept column.
const regressRanges = 256

// regressSketchCap bounds the keys the sketch keeps per column.
const regressSketchCap = 1 << 14

// regressSample is one unit's sample of one column's keys (Stream:
// 2·output + regress.Kept), each standing for Weight rows.
type regressSample struct {
	Stream int
	Weight int64
	Keys   []uint64
}

// regressSketch is the merged samples: per stream, keys and the rows
// each stands for, compacted past regressSketchCap.
type regressSketch struct {
	Keys    map[int][]uint64
	Weights map[int][]int64
}

// regressBounds is the range boundaries per stream (rank.KeyRange's).
type regressBounds struct {
	Bounds map[int][]uint64
}

// regressHist is, per stream, the rows and the exact weight (encoded
// xsum sums, nil without weights) of each key range.
type regressHist struct {
	Rows    map[int][]int64
	Weights map[int][]byte
}

// regressTarget is where one order statistic lies: the ranges First…Last
// of stream Stream, with Below rows (weight BelowWeight, an encoded exact
// sum) in lower ranges.
type regressTarget struct {
	Output, Index int // the output and the index of the selection in its Selections
	Stream        int
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

// regressSelected is, per output, the selections' values and then the
// null models' specification (regress.Nulls without its sums), as JSON.
type regressSelected struct {
	Values [][]float64 // per output: lo, hi of each selection in turn
	Nulls  []byte
}

// regressNullSums is, per output, the encoded regress.Nulls of some units.
type regressNullSums struct {
	Units int
	Sums  [][]byte
}

func init() {
	for _, v := range []any{(*regressSample)(nil), (*regressSketch)(nil), (*regressBounds)(nil), (*regressHist)(nil), (*regressTargets)(nil), (*regressPicks)(nil), (*regressSelected)(nil), (*regressNullSums)(nil)} {
		beam.RegisterType(reflect.TypeOf(v).Elem())
	}
	beam.RegisterCoder(reflect.TypeOf((*regressSketch)(nil)), encodeRegressSketch, decodeRegressSketch)
	beam.RegisterCoder(reflect.TypeOf((*regressHist)(nil)), encodeRegressHist, decodeRegressHist)
	beam.RegisterCoder(reflect.TypeOf((*regressPicks)(nil)), encodeRegressPicks, decodeRegressPicks)
	beam.RegisterCoder(reflect.TypeOf((*regressNullSums)(nil)), encodeRegressNullSums, decodeRegressNullSums)
	register.DoFn4x1[context.Context, Unit, func(*regressState), func(regressSample), error](&regressScanFn{})
	register.Emitter1[*regressState]()
	register.Emitter1[regressSample]()
	register.Combiner3[*regressSketch, regressSample, regressBounds](&regressSketchFn{})
	register.DoFn3x2[context.Context, Unit, func(*regressBounds) bool, *regressHist, error](&regressHistFn{})
	register.Combiner1[*regressHist](&regressHistMergeFn{})
	register.DoFn3x2[*regressHist, func(**regressState) bool, func(*regressBounds) bool, regressTargets, error](&regressTargetFn{})
	register.DoFn4x2[context.Context, Unit, func(*regressBounds) bool, func(*regressTargets) bool, *regressPicks, error](&regressPickFn{})
	register.Combiner1[*regressPicks](&regressPicksMergeFn{})
	register.DoFn3x2[*regressPicks, func(**regressState) bool, func(*regressTargets) bool, regressSelected, error](&regressSelectFn{})
	register.DoFn3x2[context.Context, Unit, func(*regressSelected) bool, *regressNullSums, error](&regressNullFn{})
	register.Combiner1[*regressNullSums](&regressNullsMergeFn{})
	register.DoFn4x1[context.Context, *regressState, func(*regressSelected) bool, func(**regressNullSums) bool, error](&regressExactWriteFn{})
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
func encodeRegressNullSums(s *regressNullSums) ([]byte, error) { return json.Marshal(s) }
func decodeRegressNullSums(b []byte) (*regressNullSums, error) {
	s := new(regressNullSums)
	return s, json.Unmarshal(b, s)
}

// exactPipeline is Pipeline with the measures that need every row (see
// the top of this file).
func (c *Regress) exactPipeline(s beam.Scope, units []Unit) {
	s = s.Scope("regress")
	us := beam.Reshuffle(s, beam.CreateList(s, units))
	states, samples := beam.ParDo2(s, &regressScanFn{C: *c}, us)
	state := beam.Combine(s, &regressCombineFn{K: len(c.Options.Trues), Options: c.State}, states)
	bounds := beam.Combine(s, &regressSketchFn{}, samples)
	hist := beam.Combine(s, &regressHistMergeFn{}, beam.ParDo(s, &regressHistFn{C: *c}, us, beam.SideInput{Input: bounds}))
	targets := beam.ParDo(s, &regressTargetFn{}, hist, beam.SideInput{Input: state}, beam.SideInput{Input: bounds})
	picks := beam.Combine(s, &regressPicksMergeFn{}, beam.ParDo(s, &regressPickFn{C: *c}, us, beam.SideInput{Input: bounds}, beam.SideInput{Input: targets}))
	selected := beam.ParDo(s, &regressSelectFn{}, picks, beam.SideInput{Input: state}, beam.SideInput{Input: targets})
	nulls := beam.Combine(s, &regressNullsMergeFn{}, beam.ParDo(s, &regressNullFn{C: *c}, us, beam.SideInput{Input: selected}))
	beam.ParDo0(s, &regressExactWriteFn{C: *c, Units: len(units)}, state, beam.SideInput{Input: selected}, beam.SideInput{Input: nulls})
}

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

// ProcessElement reads a unit: its state without kept values, and a
// sample of each column's keys.
func (f *regressScanFn) ProcessElement(ctx context.Context, u Unit, emit func(*regressState), emitSample func(regressSample)) error {
	m, rows, err := f.C.fold(ctx, u, true)
	if err != nil {
		return err
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
		emitSample(regressSample{Stream: st, Weight: int64(max(1, len(v)/n)), Keys: keys})
	}
	m.DropValues()
	emit(&regressState{Units: 1, Multi: m, Rows: rows})
	return nil
}

// regressSketchFn merges the samples and places the range boundaries.
type regressSketchFn struct{}

func (f *regressSketchFn) CreateAccumulator() *regressSketch {
	return &regressSketch{Keys: map[int][]uint64{}, Weights: map[int][]int64{}}
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
func (a *regressSketch) compact(st int) {
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
	out := regressBounds{Bounds: map[int][]uint64{}}
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
		b.Bounds = map[int][]uint64{}
	}
	return &b
}

type regressHistFn struct{ C Regress }

// ProcessElement counts a unit's rows (and sums their weights exactly)
// per key range of each stream.
func (f *regressHistFn) ProcessElement(ctx context.Context, u Unit, boundsIter func(*regressBounds) bool) (*regressHist, error) {
	bounds := boundsSide(boundsIter)
	m, _, err := f.C.fold(ctx, u, true)
	if err != nil {
		return nil, err
	}
	h := &regressHist{Rows: map[int][]int64{}, Weights: map[int][]byte{}}
	for st := range 2 * m.K() {
		v, w := column(m, st)
		b := bounds.Bounds[st]
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
		h.Rows[st] = rows
		if w != nil {
			h.Weights[st] = appendSums(nil, sums)
		}
	}
	return h, nil
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
		a.Rows, a.Weights = map[int][]int64{}, map[int][]byte{}
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

// stateSide returns the merged state from its side input.
func stateSide(iter func(**regressState) bool) *regressState {
	var s *regressState
	iter(&s)
	return s
}

type regressTargetFn struct{}

// ProcessElement finds, for each selection of each output of the merged
// state, the key ranges that hold it.
func (f *regressTargetFn) ProcessElement(h *regressHist, stateIter func(**regressState) bool, boundsIter func(*regressBounds) bool) (regressTargets, error) {
	s := stateSide(stateIter)
	var out regressTargets
	if s == nil {
		return out, nil
	}
	for j := range s.Multi.K() {
		for i, sel := range s.Multi.Output(j).Selections() {
			st := 2*j + int(sel.Of)
			rows := h.Rows[st]
			t := regressTarget{Output: j, Index: i, Stream: st}
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
					return out, fmt.Errorf("evalkit-beam: internal error: rank %d of %d rows", sel.Rank, below)
				}
			} else {
				sums, err := decodeSums(h.Weights[st], len(rows))
				if err != nil {
					return out, err
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
	return out, nil
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
	m, _, err := f.C.fold(ctx, u, true)
	if err != nil {
		return nil, err
	}
	for ti, t := range targets.Targets {
		v, w := column(m, t.Stream)
		b := bounds.Bounds[t.Stream]
		for i, x := range v {
			if r := rank.KeyRange(b, rank.Key(x)); r >= t.First && r <= t.Last {
				p.Values[ti] = append(p.Values[ti], x)
				if w != nil {
					p.Weights[ti] = append(p.Weights[ti], w[i])
				}
			}
		}
	}
	return p, nil
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
// gives the merged state its selections, so that the null models'
// quantiles follow.
func (f *regressSelectFn) ProcessElement(p *regressPicks, stateIter func(**regressState) bool, targetsIter func(*regressTargets) bool) (regressSelected, error) {
	s, targets := stateSide(stateIter), targetsSide(targetsIter)
	var out regressSelected
	if s == nil || s.Multi.Output(0).N() == 0 {
		return out, nil
	}
	vals := make([][][2]float64, s.Multi.K())
	for j := range vals {
		vals[j] = make([][2]float64, len(s.Multi.Output(j).Selections()))
	}
	for ti, t := range targets.Targets {
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

// nullsOf decodes the null models' specifications of every output.
func nullsOf(s *regressSelected) ([]*regress.Nulls, error) {
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

// ProcessElement sums a unit's null-model losses, per output.
func (f *regressNullFn) ProcessElement(ctx context.Context, u Unit, selIter func(*regressSelected) bool) (*regressNullSums, error) {
	ns, err := nullsOf(selectedSide(selIter))
	if err != nil {
		return nil, err
	}
	out := &regressNullSums{Units: 1}
	if ns == nil {
		return out, nil
	}
	m, _, err := f.C.fold(ctx, u, true)
	if err != nil {
		return nil, err
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
			return nil, err
		}
		out.Sums = append(out.Sums, b)
	}
	return out, nil
}

// regressNullsMergeFn adds the units' null sums (exact: any order).
type regressNullsMergeFn struct{}

func (f *regressNullsMergeFn) MergeAccumulators(a, b *regressNullSums) *regressNullSums {
	switch {
	case a.Sums == nil:
		b.Units += a.Units
		return b
	case b.Sums == nil:
		a.Units += b.Units
		return a
	}
	for j := range a.Sums {
		a.Sums[j] = addNullSums(a.Sums[j], b.Sums[j])
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

// ProcessElement gives the merged state its order statistics and null
// sums and writes the report, as the command line does.
func (f *regressExactWriteFn) ProcessElement(ctx context.Context, s *regressState, selIter func(*regressSelected) bool, nullsIter func(**regressNullSums) bool) error {
	sel := selectedSide(selIter)
	var sums *regressNullSums
	nullsIter(&sums)
	if s.Units != f.Units || (sums != nil && sums.Units != f.Units) {
		return fmt.Errorf("evalkit-beam: internal error: units merged: %d and %v of %d", s.Units, sums, f.Units)
	}
	if s.Multi.Output(0).N() > 0 {
		ns, err := nullsOf(sel)
		if err != nil {
			return err
		}
		for j := range s.Multi.K() {
			o := s.Multi.Output(j)
			var v [][2]float64
			for i := 0; i+1 < len(sel.Values[j]); i += 2 {
				v = append(v, [2]float64{sel.Values[j][i], sel.Values[j][i+1]})
			}
			if err := o.SetSelected(v); err != nil {
				return err
			}
			if err := ns[j].UnmarshalBinary(sums.Sums[j]); err != nil {
				return err
			}
			if err := o.SetNulls(ns[j]); err != nil {
				return err
			}
		}
	}
	return (&regressWriteFn{C: f.C, Units: f.Units}).ProcessElement(ctx, s)
}
