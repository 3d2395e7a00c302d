package classify

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/result"
)

// Models is the joint state of several models' predicted labels of the
// same rows: the count (and weight) of every distinct tuple (true label,
// model 1's prediction, …, model m's prediction). Each model's confusion
// matrix is a margin of it, every pair's discordant counts (McNemar) and
// joint state (a paired bootstrap) too, so one pass over the data serves
// every model and every comparison. It holds one entry per distinct tuple,
// at most min(rows, k^(m+1)).
type Models struct {
	Labels   *label.Set
	m        int
	index    map[string]int32 // tuple key → cell, once wide
	index64  map[uint64]int32 // tuple packed one byte per id → cell, while narrow
	wide     bool             // some id ≥ 256 or more than 7 models: string keys
	keys     []int32          // (m+1) label ids per cell
	cnt      []int64
	wsum     []fsum.Sum // nil while unweighted
	weighted bool
	n        int64
	buf      []byte
	ids      []int32
	fixed    []string
}

// NewModels returns an empty joint state of m models. With listed labels
// (not nil) those are its first classes, in that order, whether they occur
// or not; any other label is a class after them ([label.NewListedSet]).
func NewModels(m int, fixed []string) *Models {
	if m < 1 {
		panic(fmt.Sprintf("classify: %d models", m))
	}
	set := label.NewSet(nil)
	if fixed != nil {
		set = label.NewListedSet(fixed)
	}
	s := &Models{Labels: set, m: m, index64: map[uint64]int32{}, ids: make([]int32, m+1), fixed: fixed, wide: m+1 > 8}
	if s.wide {
		s.index = map[string]int32{}
	}
	return s
}

// NumModels returns the number of models.
func (s *Models) NumModels() int { return s.m }

// N returns the number of rows added.
func (s *Models) N() int64 { return s.n }

// Bytes returns an estimate of the memory the state holds: its labels and
// one cell a distinct tuple of labels (the tuple's ids, its count and
// weight sum, and its index entry).
func (s *Models) Bytes() int64 {
	entry := int64(16) // index64: key, value and slack
	if s.wide {
		entry = 48 + 4*int64(s.m+1) // string header, varint key, value, slack
	}
	cells := int64(len(s.cnt))
	return s.Labels.Bytes() + 4*int64(cap(s.keys)) + 8*int64(cap(s.cnt)) + 16*int64(cap(s.wsum)) + cells*entry
}

// Add counts a row: its true label, each model's predicted label (len(preds)
// = NumModels) and its weight (w < 0: unweighted). With a fixed label set
// (not one NewModels makes) it returns false, counting nothing, for a
// label not in the list; bad is −1
// for the true label, j for model j's prediction.
func (s *Models) Add(yTrue []byte, preds [][]byte, w float64) (ok bool, bad int) {
	id, ok := s.Labels.ID(yTrue)
	if !ok {
		return false, -1
	}
	s.ids[0] = int32(id)
	for j, p := range preds {
		id, ok := s.Labels.ID(p)
		if !ok {
			return false, j
		}
		s.ids[j+1] = int32(id)
	}
	s.addIDs(s.ids, 1, w, nil)
	return true, 0
}

// addIDs adds count rows of the tuple ids with weight w (w < 0:
// unweighted) or, when sum is not nil, with the weight sum *sum.
func (s *Models) addIDs(ids []int32, count int64, w float64, sum *fsum.Sum) {
	if (sum != nil || w >= 0) && !s.weighted {
		// Before the count: toWeighted gives each cell its count as weight.
		s.toWeighted()
	}
	var c int32
	var found bool
	var key uint64
	if !s.wide {
		for _, id := range ids {
			if id >= 256 {
				s.widen()
				break
			}
			key = key<<8 | uint64(id)
		}
	}
	if s.wide {
		s.buf = s.buf[:0]
		for _, id := range ids {
			s.buf = binary.AppendUvarint(s.buf, uint64(id))
		}
		c, found = s.index[string(s.buf)]
	} else {
		c, found = s.index64[key]
	}
	if !found {
		c = int32(len(s.cnt))
		if s.wide {
			s.index[string(s.buf)] = c
		} else {
			s.index64[key] = c
		}
		s.keys = append(s.keys, ids...)
		s.cnt = append(s.cnt, 0)
		if s.weighted {
			s.wsum = append(s.wsum, fsum.Sum{})
		}
	}
	s.n += count
	s.cnt[c] += count
	switch {
	case sum != nil:
		s.wsum[c].Merge(*sum)
	case w >= 0:
		s.wsum[c].Add(w)
	case s.weighted:
		s.wsum[c].Add(float64(count))
	}
}

// widen moves the cells to string keys (varints of the ids).
func (s *Models) widen() {
	s.wide = true
	s.index = make(map[string]int32, len(s.cnt))
	for c := range s.cnt {
		s.buf = s.buf[:0]
		for _, id := range s.keys[c*(s.m+1) : (c+1)*(s.m+1)] {
			s.buf = binary.AppendUvarint(s.buf, uint64(id))
		}
		s.index[string(s.buf)] = int32(c)
	}
	s.index64 = nil
}

func (s *Models) toWeighted() {
	s.weighted = true
	s.wsum = make([]fsum.Sum, len(s.cnt))
	for i, v := range s.cnt {
		s.wsum[i].Add(float64(v))
	}
}

// Merge adds o's rows (o must have as many models), matching labels by
// name.
func (s *Models) Merge(o *Models) {
	if o.m != s.m {
		panic(fmt.Sprintf("classify: merging a %d-model state into a %d-model one", o.m, s.m))
	}
	names := o.Labels.Names()
	remap := make([]int32, len(names))
	for i, name := range names {
		id, ok := s.Labels.ID([]byte(name))
		if !ok {
			panic("classify: merging a state with a label outside the fixed list: " + name)
		}
		remap[i] = int32(id)
	}
	ids := make([]int32, s.m+1)
	if o.weighted && !s.weighted {
		s.toWeighted()
	}
	for c, v := range o.cnt {
		for j := range ids {
			ids[j] = remap[o.keys[c*(s.m+1)+j]]
		}
		if o.weighted {
			s.addIDs(ids, v, 0, &o.wsum[c])
		} else {
			s.addIDs(ids, v, -1, nil)
		}
	}
}

// Reset empties the state for reuse (its label set too).
func (s *Models) Reset() {
	*s = *NewModels(s.m, s.fixed)
}

// Comparison returns how the labels, true and every model's, compare
// ([label.ComparisonOf]).
func (s *Models) Comparison() label.Comparison { return label.ComparisonOf(s.Labels) }

// sorted returns the classes of the labels in label order (the labels of
// one value one class under [Models.Comparison]; [label.Set.Classes]),
// each cell's tuple in the sorted class indices, and each model's
// confusion matrix.
func (s *Models) sorted() (names []string, keys []int32, conf []*Confusion) {
	names, class := s.Labels.Classes(s.Comparison())
	rank := make([]int32, len(class))
	for i, k := range class {
		rank[i] = int32(k)
	}
	k := len(names)
	keys = make([]int32, len(s.keys))
	for i, id := range s.keys {
		keys[i] = rank[id]
	}
	conf = make([]*Confusion, s.m)
	for j := range conf {
		c := NewConfusion(k)
		c.n = s.n
		if s.weighted {
			c.toWeighted()
		}
		for cell, v := range s.cnt {
			t, p := int(keys[cell*(s.m+1)]), int(keys[cell*(s.m+1)+j+1])
			c.cnt[t*k+p] += v
			if s.weighted {
				c.wsum[t*k+p].Merge(s.wsum[cell])
			}
		}
		conf[j] = c
	}
	return names, keys, conf
}

// pair returns the joint state of models a and b.
func (s *Models) pair(k int, keys []int32, a, b int) *Paired {
	p := NewPaired(k)
	p.n = s.n
	if s.weighted {
		p.toWeighted()
	}
	for cell, v := range s.cnt {
		base := cell * (s.m + 1)
		i := (int(keys[base])*k+int(keys[base+a+1]))*k + int(keys[base+b+1])
		p.cnt[i] += v
		if s.weighted {
			p.wsum[i].Merge(s.wsum[cell])
		}
	}
	return p
}

// discordant returns McNemar's counts of models a and b: n01 rows where a
// is wrong and b right, n10 where a is right and b wrong.
func (s *Models) discordant(keys []int32, a, b int) (n01, n10 int64) {
	for cell, v := range s.cnt {
		base := cell * (s.m + 1)
		t := keys[base]
		ra, rb := keys[base+a+1] == t, keys[base+b+1] == t
		switch {
		case !ra && rb:
			n01 += v
		case ra && !rb:
			n10 += v
		}
	}
	return n01, n10
}

// maxPairedClasses bounds the classes of a paired bootstrap: its joint
// state has k³ cells.
const maxPairedClasses = 200

// NewModelsReport evaluates several models scored on the same rows (names
// their columns, one per model of s): each model's whole [Report] (with
// intervals when ci is not nil), compared by accuracy with McNemar's exact
// test (every pair, or each against mo.Baseline) and by every measure of
// mo.Compare with a paired bootstrap of the difference; the p-values are
// adjusted by mo.Adjust over all comparisons. The leaderboard is by
// mo.Primary (default accuracy).
//
// The interval of an accuracy difference d = (n10 − n01)/n is the Wald
// interval of a difference of paired proportions, d ± z √((n01 + n10)/n −
// d²)/√n (Agresti 2013, §10.1), clipped to [−1, 1]. A paired-bootstrap
// comparison resamples the joint state of the two models within each true
// class (the same rows for both) mo.Bootstrap times with mo.Seed; its
// interval is the percentile interval of the replicated differences and its
// p-value the two-sided bootstrap p-value [hyptest.BootstrapPValue].
//
// It returns a *result.OptionError for a bad option (a baseline naming no
// model, an unknown measure), and NewReport's errors.
func NewModelsReport(s *Models, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions) (*board.Models, error) {
	if len(names) != s.m {
		panic(fmt.Sprintf("classify: %d names for %d models", len(names), s.m))
	}
	mo = mo.WithDefaults()
	if mo.Primary == "" {
		mo.Primary = "accuracy"
	}
	if err := mo.Check("classify", names); err != nil {
		return nil, err
	}
	if s.n == 0 {
		return nil, ErrEmpty
	}
	labels, keys, conf := s.sorted()
	out := &board.Models{N: s.n, LabelComparison: s.Comparison().String(), Primary: mo.Primary, LowerIsBetter: board.LowerIsBetter(mo.Primary)}
	reps := make([]*Report, s.m)
	for j := range conf {
		r, err := NewReport(labels, conf[j], opt)
		if err != nil {
			return nil, fmt.Errorf("model %q: %w", names[j], err)
		}
		if ci != nil {
			if err := r.AddIntervals(conf[j], opt, *ci); err != nil {
				return nil, fmt.Errorf("model %q: %w", names[j], err)
			}
		}
		r.Signature = nil
		reps[j] = r
		out.Models = append(out.Models, board.Model{Name: names[j], Report: r})
	}
	var keysOf []string
	reps[0].measures(nil, &keysOf)
	if !slices.Contains(keysOf, mo.Primary) {
		return nil, &result.OptionError{Task: "classify", Option: "board.Options.Primary", Problem: fmt.Sprintf("%q is not a measure of the report (measures: %s)", mo.Primary, strings.Join(keysOf, ", "))}
	}
	cmpIdx := make([]int, len(mo.Compare))
	for i, m := range mo.Compare {
		cmpIdx[i] = slices.Index(keysOf, m)
		if cmpIdx[i] < 0 {
			return nil, &result.OptionError{Task: "classify", Option: "board.Options.Compare", Problem: fmt.Sprintf("%q is not a measure of the report (measures: %s)", m, strings.Join(keysOf, ", "))}
		}
	}
	z := hyptest.NormalQuantile((1 + mo.Level) / 2)
	k := len(labels)
	for _, pr := range mo.Pairs(names) {
		a, b := pr[0], pr[1]
		n01, n10 := s.discordant(keys, a, b)
		mc, err := hyptest.McNemar(n01, n10, hyptest.McNemarOptions{Exact: true})
		if err != nil {
			return nil, err
		}
		n := float64(s.n)
		d := float64(n10-n01) / n
		h := z * math.Sqrt(math.Max(float64(n01+n10)/n-d*d, 0)/n)
		c := board.Comparison{A: names[a], B: names[b], Measure: "accuracy", Diff: reps[a].Accuracy - reps[b].Accuracy,
			CI: &[2]float64{math.Max(d-h, -1), math.Min(d+h, 1)}, Test: "mcnemar-exact", Statistic: mc.Statistic, PValue: mc.PValue}
		out.Comparisons = append(out.Comparisons, c)
	}
	if s.weighted {
		out.Warnings = append(out.Warnings, "McNemar's test counts rows, not weights: its p-value and interval are of the unweighted accuracy difference")
	}
	if len(mo.Compare) > 0 {
		if k > maxPairedClasses {
			out.Warnings = append(out.Warnings, fmt.Sprintf("board.Options.Compare: no paired bootstrap over %d classes (at most %d: its joint state has k³ cells)", k, maxPairedClasses))
		} else {
			for _, pr := range mo.Pairs(names) {
				a, b := pr[0], pr[1]
				p := s.pair(k, keys, a, b)
				for mi, m := range mo.Compare {
					idx := cmpIdx[mi]
					stat := func(ca, cb *Confusion) float64 {
						ra, e1 := NewReport(labels, ca, opt)
						rb, e2 := NewReport(labels, cb, opt)
						if e1 != nil || e2 != nil {
							return math.NaN()
						}
						return ra.measures(nil, nil)[idx] - rb.measures(nil, nil)[idx]
					}
					bs := p.PairedBootstrap(mo.Bootstrap, mo.Seed, 0, false, stat)
					c := board.Comparison{A: names[a], B: names[b], Measure: m, Diff: bs.Estimate, Test: "paired-bootstrap",
						Statistic: bs.Estimate, PValue: hyptest.BootstrapPValue(bs)}
					lo, hi, dropped, err := hyptest.FinitePercentile(bs, mo.Level)
					if err == nil {
						c.CI = &[2]float64{lo, hi}
					} else {
						out.Warnings = append(out.Warnings, fmt.Sprintf("%s − %s, %s: no interval: %v", names[a], names[b], m, err))
					}
					if dropped > 0 {
						out.Warnings = append(out.Warnings, fmt.Sprintf("%s − %s, %s: %d of %d bootstrap replicates undefined, left out of the interval", names[a], names[b], m, dropped, mo.Bootstrap))
					}
					out.Comparisons = append(out.Comparisons, c)
				}
			}
		}
	}
	out.Adjusted(mo.Adjust)
	out.Decide(mo.WithDefaults().Level)
	sig := opt.Signature()
	mo.AddTo(sig, names)
	if ci != nil {
		c := ci.WithDefaults()
		sig.CI = &result.SignatureCI{Method: c.Method, Level: c.Level, Bootstrap: c.Bootstrap, Seed: c.Seed}
	}
	out.Signature = sig
	return out, nil
}
