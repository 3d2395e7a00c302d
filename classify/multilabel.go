package classify

import (
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/result"
)

// Multilabel is the mergeable state for multilabel data, where each row has
// a set of true labels T and a set of predicted labels P. It keeps, per
// label, the one-vs-rest masses (scikit-learn's multilabel_confusion_matrix)
// and, per sample-based measure, the sums needed for any zero-division
// policy, so that merged and one-shot results agree.
//
// Per row i with weight w_i:
//
//	P_i = |T∩P|/|P|, R_i = |T∩P|/|T|, J_i = |T∩P|/|T∪P|,
//	F_β,i = (1+β²)|T∩P| / ((1+β²)|T∩P| + β²|T∖P| + |P∖T|)
//
// a ratio with an empty denominator taking the policy's value; the samples
// average is Σ w_i·x_i / Σ w_i (NaN policy: over defined rows only).
// Subset accuracy is the share of rows with T = P; Hamming loss is
// Σ w_i |T Δ P| / (L · Σ w_i) with L the number of labels.
type Multilabel struct {
	Labels *label.Set
	beta   float64
	n      int64
	w      fsum.Sum
	exact  fsum.Sum // Σ w·[T = P]
	diff   fsum.Sum // Σ w·|T Δ P|
	tp, fp, fn,
	union []fsum.Sum // per label: Σ w·[l ∈ T ∪ P] gives TN = W − union
	// Per label, Σ w²·[l ∈ T∩P], Σ w²·[l ∈ P∖T], Σ w²·[l ∈ T∖P]: the
	// second moments of a label's exclusive per-row indicators.
	tpW2, fpW2, fnW2 []fsum.Sum
	samples          [5]sampleSum // precision, recall, f1, fbeta, jaccard
	// Per-row second moments, for the intervals of Hamming loss, subset
	// accuracy and the micro averages (ratios of per-row sums): Σ w², Σ w²·[T = P],
	// Σ w²·d, Σ w²·d², Σ w²·|T∩P|², Σ w²·|P|², Σ w²·|T|², Σ w²·|T∩P|·|P|,
	// Σ w²·|T∩P|·|T|, Σ w²·|T|·|P| (d = |T Δ P|). Unweighted (w = 1) they
	// are the plain Σ, bit for bit.
	w2, exactW2, diffW2, diff2, tp2, np2, nt2, tpnp, tpnt, ntnp fsum.Sum
	// cross holds, for each pair of label ids l < m, the 3×3 sums
	// Σ w²·x_l·y_m with x, y ∈ {tp, fp, fn} the exclusive per-row
	// indicators (cell 3x+y; pair (l, m) at 9·(m(m−1)/2 + l)): the
	// cross-label moments of the macro and weighted averages' intervals.
	// It is dropped (noCross) past MultilabelCrossCap labels.
	cross   []fsum.Sum
	noCross bool
	// legacy: decoded from encoding version 2, which lacks Σ w²·|T|·|P|,
	// the cross-label moments and the w² moments of weighted rows.
	legacy   bool
	inT, inP []bool // scratch, per label id
	ids      []int
	kind     []int8 // scratch: kind (0 tp, 1 fp, 2 fn) of each of ids

	// The labels by value (an open set, every label a number so far):
	// value is each label id's number; notNum is set at the first label
	// that is not one, and ends the rest. byValue holds the rows with
	// labels by value (canonical: label.Canonical) from the first row in
	// which two labels are one number spelled two ways (1 and 1.0): up
	// to that row the rows by value are those of m with the labels of a
	// value merged (m.merged). canon marks such a state itself.
	value         []float64
	canonical     [][]byte // each label id's label.Canonical spelling
	notNum, canon bool
	byValue       *Multilabel
	tset, pset    [][]byte  // scratch: a row's labels by value
	vals          []float64 // scratch: a row's values
}

// MultilabelCrossCap is the largest number of labels for which the
// multilabel state keeps the cross-label moments (9 sums per pair of labels,
// about 4.7 MB at 256 labels) that the intervals of the macro and weighted
// averages need.
const MultilabelCrossCap = 256

// sampleSum keeps Σ w·x over rows where x is defined and the weight of rows
// where it is not.
type sampleSum struct {
	def, wDef, wUndef fsum.Sum
	// For the interval: Σ w²·x², Σ w²·x and Σ w² over defined rows, Σ w²
	// over the others.
	def2, defW2, wDef2, wUndef2 fsum.Sum
}

func (s *sampleSum) add(num, den, w float64) {
	w2 := w * w
	if den == 0 {
		s.wUndef.Add(w)
		s.wUndef2.Add(w2)
		return
	}
	x := num / den
	s.def.Add(w * x)
	s.def2.Add(w2 * x * x)
	s.defW2.Add(w2 * x)
	s.wDef.Add(w)
	s.wDef2.Add(w2)
}

func (s *sampleSum) sums() []*fsum.Sum {
	return []*fsum.Sum{&s.def, &s.wDef, &s.wUndef, &s.def2, &s.defW2, &s.wDef2, &s.wUndef2}
}

func (s *sampleSum) merge(o *sampleSum) {
	ps, os := s.sums(), o.sums()
	for i := range ps {
		ps[i].Merge(*os[i])
	}
}

func (s *sampleSum) value(z ZeroDivision) float64 {
	if z == ZeroDivNaN {
		if s.wDef.Value() == 0 {
			return math.NaN()
		}
		return s.def.Value() / s.wDef.Value()
	}
	var num fsum.Sum
	num.Merge(s.def)
	num.Add(z.value() * s.wUndef.Value())
	var den fsum.Sum
	den.Merge(s.wDef)
	den.Merge(s.wUndef)
	return num.Value() / den.Value()
}

// NewMultilabel returns an empty state; beta is β of the F-beta scores (0
// means 1); fixed, when not nil, is the closed label list. It panics if
// beta is not finite and ≥ 0.
func NewMultilabel(fixed []string, beta float64) *Multilabel {
	if !(beta >= 0) || math.IsInf(beta, 1) {
		panic(fmt.Sprintf("classify: multilabel beta must be finite and ≥ 0, got %v", beta))
	}
	if beta == 0 {
		beta = 1
	}
	m := &Multilabel{Labels: label.NewSet(fixed), beta: beta}
	m.grow()
	return m
}

// NoCross makes m keep no cross-label moments, which only the intervals
// of the macro and weighted averages use ([MultilabelReport.AddIntervals]
// then leaves those out, with a warning): Add costs less, and the state is
// smaller. A merge with a state that keeps none keeps none. It returns m.
func (m *Multilabel) NoCross() *Multilabel {
	m.cross, m.noCross = nil, true
	if m.byValue != nil {
		m.byValue.NoCross()
	}
	return m
}

// Bytes returns an estimate of the memory the state holds: its labels,
// seven sums, two flags and a value per label, the cross-label moments (9
// sums per pair of labels, up to MultilabelCrossCap labels), and the rows
// by value when it keeps them (labels that are numbers, one of them
// spelled two ways in a row).
func (m *Multilabel) Bytes() int64 {
	perLabel := cap(m.tp) + cap(m.fp) + cap(m.fn) + cap(m.union) + cap(m.tpW2) + cap(m.fpW2) + cap(m.fnW2)
	n := m.Labels.Bytes() + int64(perLabel+cap(m.cross))*16 + int64(cap(m.inT)+cap(m.inP)+cap(m.ids)*8+cap(m.kind)+cap(m.value)*8+cap(m.canonical)*24)
	if m.byValue != nil {
		n += m.byValue.Bytes()
	}
	return n
}

func (m *Multilabel) grow() {
	k := m.Labels.Len()
	for len(m.tp) < k {
		m.tp = append(m.tp, fsum.Sum{})
		m.fp = append(m.fp, fsum.Sum{})
		m.fn = append(m.fn, fsum.Sum{})
		m.union = append(m.union, fsum.Sum{})
		m.tpW2 = append(m.tpW2, fsum.Sum{})
		m.fpW2 = append(m.fpW2, fsum.Sum{})
		m.fnW2 = append(m.fnW2, fsum.Sum{})
		m.inT = append(m.inT, false)
		m.inP = append(m.inP, false)
	}
	if m.noCross {
		return
	}
	if k > MultilabelCrossCap {
		m.cross, m.noCross = nil, true
		return
	}
	if need := 9 * k * (k - 1) / 2; len(m.cross) < need {
		m.cross = append(m.cross, make([]fsum.Sum, need-len(m.cross))...)
	}
}

// crossAt returns the 9 cross sums of label ids l ≠ m and whether they are
// stored transposed (l > m: cell 3y+x holds x of l, y of m).
func (m *Multilabel) crossAt(l, k int) ([]fsum.Sum, bool) {
	if l > k {
		p := 9 * (l*(l-1)/2 + k)
		return m.cross[p : p+9], true
	}
	p := 9 * (k*(k-1)/2 + l)
	return m.cross[p : p+9], false
}

// Add counts one row with label sets yTrue and yPred (repeats within a set
// count once) and weight w (finite, ≥ 0; the caller checks). With a fixed
// label list it returns the first label outside it and false.
func (m *Multilabel) Add(yTrue, yPred [][]byte, w float64) (bad []byte, ok bool) {
	m.ids = m.ids[:0]
	for side, set := range [2][][]byte{yTrue, yPred} {
		for _, l := range set {
			id, ok := m.Labels.ID(l)
			if !ok {
				m.reset()
				return l, false
			}
			m.grow()
			if !m.inT[id] && !m.inP[id] {
				m.ids = append(m.ids, id)
			}
			if side == 0 {
				m.inT[id] = true
			} else {
				m.inP[id] = true
			}
		}
	}
	if m.tracksValues() {
		m.addByValue(w)
	}
	w2 := w * w
	var nt, np, both float64
	m.kind = m.kind[:0]
	for _, id := range m.ids {
		t, p := m.inT[id], m.inP[id]
		m.union[id].Add(w)
		switch {
		case t && p:
			m.tp[id].Add(w)
			m.tpW2[id].Add(w2)
			m.kind = append(m.kind, 0)
			both++
			nt++
			np++
		case t:
			m.fn[id].Add(w)
			m.fnW2[id].Add(w2)
			m.kind = append(m.kind, 2)
			nt++
		default:
			m.fp[id].Add(w)
			m.fpW2[id].Add(w2)
			m.kind = append(m.kind, 1)
			np++
		}
	}
	if !m.noCross {
		for i, l := range m.ids {
			for j := i + 1; j < len(m.ids); j++ {
				c, tr := m.crossAt(l, m.ids[j])
				x, y := int(m.kind[i]), int(m.kind[j])
				if tr {
					x, y = y, x
				}
				c[3*x+y].Add(w2)
			}
		}
	}
	m.reset()
	m.n++
	m.w.Add(w)
	m.w2.Add(w2)
	d := nt + np - 2*both
	if d == 0 {
		m.exact.Add(w)
		m.exactW2.Add(w2)
	}
	m.diff.Add(w * d)
	m.diffW2.Add(w2 * d)
	m.diff2.Add(w2 * d * d)
	m.tp2.Add(w2 * both * both)
	m.np2.Add(w2 * np * np)
	m.nt2.Add(w2 * nt * nt)
	m.tpnp.Add(w2 * both * np)
	m.tpnt.Add(w2 * both * nt)
	m.ntnp.Add(w2 * nt * np)
	b2 := m.beta * m.beta
	m.samples[0].add(both, np, w)
	m.samples[1].add(both, nt, w)
	m.samples[2].add(2*both, 2*both+(nt-both)+(np-both), w)
	m.samples[3].add((1+b2)*both, (1+b2)*both+b2*(nt-both)+(np-both), w)
	m.samples[4].add(both, nt+np-both, w)
	return nil, true
}

// tracksValues reports whether m keeps what the labels by value need:
// an open set whose labels are all numbers so far, not itself by value.
// It takes the value of the labels new to m.
func (m *Multilabel) tracksValues() bool {
	if m.Labels.Fixed() || m.canon || m.notNum {
		return false
	}
	for _, name := range m.Labels.Names()[len(m.value):] {
		v, ok := label.Number(name)
		if !ok {
			m.notNum, m.byValue, m.value, m.canonical = true, nil, nil, nil
			return false
		}
		m.value = append(m.value, v)
		m.canonical = append(m.canonical, []byte(label.Canonical(v)))
	}
	return true
}

// addByValue adds the row of m.ids (not yet counted in m) with weight w
// to m.byValue: from the first row that holds one number spelled two
// ways, the rows by value differ from m's.
func (m *Multilabel) addByValue(w float64) {
	if m.byValue == nil {
		m.vals = m.vals[:0]
		for _, id := range m.ids {
			m.vals = append(m.vals, m.value[id])
		}
		twice := false
		if len(m.vals) <= 16 {
			for i, a := range m.vals {
				for _, b := range m.vals[i+1:] {
					twice = twice || a == b
				}
			}
		} else {
			slices.Sort(m.vals)
			for i := 1; i < len(m.vals); i++ {
				twice = twice || m.vals[i] == m.vals[i-1]
			}
		}
		if !twice {
			return
		}
		m.byValue = m.merged()
	}
	m.tset, m.pset = m.tset[:0], m.pset[:0]
	for _, id := range m.ids {
		name := m.canonical[id]
		if m.inT[id] {
			m.tset = append(m.tset, name)
		}
		if m.inP[id] {
			m.pset = append(m.pset, name)
		}
	}
	m.byValue.Add(m.tset, m.pset, w)
}

// merged returns the state by value of m, whose labels are all numbers
// and none of whose rows holds one number spelled two ways: m's sums
// with the labels of one value merged into one label, named
// label.Canonical.
func (m *Multilabel) merged() *Multilabel {
	v := &Multilabel{Labels: label.NewSet(nil), beta: m.beta, noCross: m.noCross, legacy: m.legacy, canon: true}
	v.grow()
	v.mergeNamed(m, func(i int) string {
		x, _ := label.Number(m.Labels.Names()[i])
		return label.Canonical(x)
	})
	return v
}

// numbersOnly reports whether m is an open set of numbers (not itself a
// state by value), without changing m.
func (m *Multilabel) numbersOnly() bool {
	return !m.Labels.Fixed() && !m.canon && !m.notNum && label.AllNumbers(m.Labels.Names()[len(m.value):])
}

func (m *Multilabel) reset() {
	for _, id := range m.ids {
		m.inT[id], m.inP[id] = false, false
	}
	m.ids = m.ids[:0]
}

// Merge adds o's rows, matching labels by name. Both must use the same β
// (it panics otherwise). The cross-label moments survive a merge while the
// merged labels number at most MultilabelCrossCap and both states kept them.
func (m *Multilabel) Merge(o *Multilabel) {
	if o.beta != m.beta {
		panic("classify: merging multilabel states with different β")
	}
	// The rows by value: kept while every label of both is a number, and
	// needed once a row of either holds one number spelled two ways.
	var byValue *Multilabel
	if m.tracksValues() && o.numbersOnly() && (m.byValue != nil || o.byValue != nil) {
		byValue = m.byValue
		if byValue == nil {
			byValue = m.merged()
		}
		ob := o.byValue
		if ob == nil {
			ob = o.merged()
		}
		byValue.Merge(ob)
	}
	m.mergeNamed(o, func(i int) string { return o.Labels.Names()[i] })
	m.byValue = byValue
	m.tracksValues() // the values of o's labels, or the end of them
}

// mergeNamed adds o's rows, o's label i being m's label name(i). Labels
// of o that are one label of m must never be in one row of o.
func (m *Multilabel) mergeNamed(o *Multilabel, name func(i int) string) {
	ids := make([]int, o.Labels.Len())
	for i := range ids {
		id, ok := m.Labels.ID([]byte(name(i)))
		if !ok {
			panic("classify: merging a multilabel state with a label outside the fixed list: " + name(i))
		}
		ids[i] = id
		m.grow()
		m.tp[id].Merge(o.tp[i])
		m.fp[id].Merge(o.fp[i])
		m.fn[id].Merge(o.fn[i])
		m.union[id].Merge(o.union[i])
		m.tpW2[id].Merge(o.tpW2[i])
		m.fpW2[id].Merge(o.fpW2[i])
		m.fnW2[id].Merge(o.fnW2[i])
	}
	m.legacy = m.legacy || o.legacy
	if o.noCross || m.legacy {
		m.cross, m.noCross = nil, true
	}
	if !m.noCross {
		for k := 1; k < len(ids); k++ {
			for l := range k {
				if ids[l] == ids[k] {
					continue // never in one row
				}
				src, _ := o.crossAt(l, k)
				dst, tr := m.crossAt(ids[l], ids[k])
				for x := range 3 {
					for y := range 3 {
						if tr {
							dst[3*y+x].Merge(src[3*x+y])
						} else {
							dst[3*x+y].Merge(src[3*x+y])
						}
					}
				}
			}
		}
	}
	m.n += o.n
	m.w.Merge(o.w)
	m.exact.Merge(o.exact)
	m.diff.Merge(o.diff)
	ms, os := m.moments(), o.moments()
	for i := range ms {
		ms[i].Merge(*os[i])
	}
	for i := range m.samples {
		m.samples[i].merge(&o.samples[i])
	}
}

// moments are the state's second-moment sums, in the encoding's order.
func (m *Multilabel) moments() []*fsum.Sum {
	return []*fsum.Sum{&m.diff2, &m.tp2, &m.np2, &m.nt2, &m.tpnp, &m.tpnt, &m.w2, &m.exactW2, &m.diffW2, &m.ntnp}
}

// LabelCounts is one label's confusion in multilabel data.
type LabelCounts struct {
	Label string  `json:"label"`
	TP    float64 `json:"tp"`
	FP    float64 `json:"fp"`
	FN    float64 `json:"fn"`
	TN    float64 `json:"tn"`
}

// MultilabelReport holds the multilabel measures, in the CLI's JSON shape.
type MultilabelReport struct {
	N         int64    `json:"n"`
	WeightSum float64  `json:"weight_sum"`
	Labels    []string `json:"labels"`
	// LabelComparison is how the labels compared
	// ([Multilabel.Comparison]): "numeric" (every label a number) or
	// "string" (label.Comparison).
	LabelComparison     string        `json:"label_comparison"`
	MultilabelConfusion []LabelCounts `json:"multilabel_confusion"`
	SubsetAccuracy      float64       `json:"subset_accuracy"`
	ZeroOneLoss         float64       `json:"zero_one_loss"`
	HammingLoss         float64       `json:"hamming_loss"`
	Beta                float64       `json:"beta"`
	ZeroDivision        string        `json:"zero_division"`
	PerClass            []ClassStats  `json:"per_class"`
	Micro               PRF           `json:"micro"`
	Macro               MacroAverage  `json:"macro"`
	Weighted            PRF           `json:"weighted"`
	Samples             PRF           `json:"samples"`
	// Level and Intervals are set by [MultilabelReport.AddIntervals].
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
	Warnings  []string                    `json:"warnings"`
	// Signature says how the report was computed; the caller sets it
	// (Options.MultilabelSignature).
	Signature *result.Signature `json:"signature,omitempty"`

	mom mlMoments // the state's sums that the intervals need
}

// mlMoments are the per-row sums of the multilabel intervals.
type mlMoments struct {
	labels                                             float64
	diff, diff2, tp, np, nt, tp2, np2, nt2, tpnp, tpnt float64
	samples                                            [5][3]float64 // Σx, Σx², rows for each samples average's per-row values (undefined rows at the policy's value)
	z                                                  ZeroDivision
	// For weighted rows and the measures added in encoding version 3.
	legacy, noCross    bool
	w2, exact, exactW2 float64       // Σ w², Σ w·[T = P], Σ w²·[T = P]
	diffW2, ntnp       float64       // Σ w²·d, Σ w²·|T|·|P|
	samplesW           [5][5]float64 // Σ w·x, Σ w, Σ w²·x, Σ w²·x², Σ w² of each samples average
	perLabelW2         [][3]float64  // Σ w² of each label's tp, fp, fn indicators, in report order
	cross              []float64     // the 3L×3L matrix Σ w²·x_l·y_m, in report order, or nil
}

// Comparison returns how the labels compare (label.ComparisonOf): as
// numbers when every label is a number ("1.0" is the label 1, and a row
// whose sets hold 1 and 1.0 holds the label 1 once), or with a fixed list
// when the list is all numbers; as strings, as spelled, otherwise.
func (m *Multilabel) Comparison() label.Comparison {
	return label.ComparisonOf(m.Labels)
}

// Report computes the multilabel measures. Labels are in label order
// ([label.Sort]) unless the set is fixed; compared as numbers
// ([Multilabel.Comparison]), they are spelled label.Canonical. It returns
// ErrEmpty, ErrZeroWeight or ErrWeightRange.
func (m *Multilabel) Report(z ZeroDivision) (*MultilabelReport, error) {
	c := m.Comparison()
	if c == label.Numbers && !m.Labels.Fixed() && !m.canon {
		v := m.byValue
		if v == nil {
			v = m.merged()
		}
		m = v
	}
	r, err := m.report(z)
	if err == nil {
		r.LabelComparison = c.String()
	}
	return r, err
}

// report is Report of m, with labels as m counted them.
func (m *Multilabel) report(z ZeroDivision) (*MultilabelReport, error) {
	if m.n == 0 {
		return nil, ErrEmpty
	}
	W := m.w.Value()
	if err := totalErr(W); err != nil {
		return nil, err
	}
	names, perm := m.Labels.Sorted()
	r := &MultilabelReport{N: m.n, WeightSum: W, Labels: names, Beta: m.beta, ZeroDivision: z.String(), Warnings: []string{}}
	if len(names) == 0 {
		r.Warnings = append(r.Warnings, "no labels in any row: per-label measures are empty")
	}
	per := make([]PRF, len(names))
	sup := make([]float64, len(names))
	var TP, FP, FN fsum.Sum
	for k, id := range perm {
		c := ClassStats{Label: names[k], TP: m.tp[id].Value(), FP: m.fp[id].Value(), FN: m.fn[id].Value()}
		var tn fsum.Sum
		tn.Merge(m.w)
		tn.Add(-m.union[id].Value())
		c.TN = tn.Value()
		c.Support = c.TP + c.FN
		c.PRF = prfOf(c.TP, c.FP, c.FN, m.beta, z)
		per[k], sup[k] = c.PRF, c.Support
		r.PerClass = append(r.PerClass, c)
		r.MultilabelConfusion = append(r.MultilabelConfusion, LabelCounts{Label: c.Label, TP: c.TP, FP: c.FP, FN: c.FN, TN: c.TN})
		TP.Add(c.TP)
		FP.Add(c.FP)
		FN.Add(c.FN)
		if c.TP+c.FP == 0 || c.Support == 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("label %q: precision or recall ill-defined, set to %s (zero division policy)", c.Label, z))
		}
	}
	r.SubsetAccuracy = m.exact.Value() / W
	var off fsum.Sum
	off.Merge(m.w)
	off.Add(-m.exact.Value())
	r.ZeroOneLoss = off.Value() / W
	if len(names) > 0 {
		r.HammingLoss = m.diff.Value() / (float64(len(names)) * W)
	}
	r.Micro = prfOf(TP.Value(), FP.Value(), FN.Value(), m.beta, z)
	r.Macro.PRF = Averaged(per, nil)
	r.Macro.F1FromPR = FFromPR(r.Macro.Precision, r.Macro.Recall, 1)
	r.Macro.FBetaFromPR = FFromPR(r.Macro.Precision, r.Macro.Recall, m.beta)
	r.Weighted = Averaged(per, sup)
	if TP.Value()+FN.Value() == 0 && len(names) > 0 && z != ZeroDivNaN {
		// No label has support: scikit-learn 1.2 gives precision and F the
		// policy's value when nothing is predicted either, else 0, recall
		// the policy's value, and Jaccard the plain mean.
		pf := 0.0
		if FP.Value() == 0 {
			pf = z.value()
		}
		r.Weighted = PRF{Precision: pf, Recall: z.value(), F1: pf, FBeta: pf, Jaccard: r.Macro.Jaccard}
		r.Warnings = append(r.Warnings, "no label has true samples: the weighted average has no weights")
	}
	r.mom = mlMoments{labels: float64(len(names)), diff: m.diff.Value(), diff2: m.diff2.Value(), tp: TP.Value(), np: TP.Value() + FP.Value(), nt: TP.Value() + FN.Value(),
		tp2: m.tp2.Value(), np2: m.np2.Value(), nt2: m.nt2.Value(), tpnp: m.tpnp.Value(), tpnt: m.tpnt.Value(), z: z,
		legacy: m.legacy, noCross: m.noCross, w2: m.w2.Value(), exact: m.exact.Value(), exactW2: m.exactW2.Value(), diffW2: m.diffW2.Value(), ntnp: m.ntnp.Value()}
	for i := range m.samples {
		ss := &m.samples[i]
		if z == ZeroDivNaN {
			r.mom.samples[i] = [3]float64{ss.def.Value(), ss.def2.Value(), ss.wDef.Value()}
			r.mom.samplesW[i] = [5]float64{ss.def.Value(), ss.wDef.Value(), ss.defW2.Value(), ss.def2.Value(), ss.wDef2.Value()}
		} else {
			u, v := ss.wUndef.Value(), z.value()
			r.mom.samples[i] = [3]float64{ss.def.Value() + v*u, ss.def2.Value() + v*v*u, ss.wDef.Value() + u}
			u2 := ss.wUndef2.Value()
			r.mom.samplesW[i] = [5]float64{ss.def.Value() + v*u, ss.wDef.Value() + u, ss.defW2.Value() + v*u2, ss.def2.Value() + v*v*u2, ss.wDef2.Value() + u2}
		}
	}
	r.mom.perLabelW2 = make([][3]float64, len(perm))
	for k, id := range perm {
		r.mom.perLabelW2[k] = [3]float64{m.tpW2[id].Value(), m.fpW2[id].Value(), m.fnW2[id].Value()}
	}
	if !m.noCross && len(perm) > 0 {
		L := len(perm)
		c := make([]float64, 9*L*L)
		for k := range L {
			for x := range 3 {
				c[(3*k+x)*3*L+3*k+x] = r.mom.perLabelW2[k][x]
			}
			for j := k + 1; j < L; j++ {
				blk, tr := m.crossAt(perm[k], perm[j])
				for x := range 3 {
					for y := range 3 {
						cell := 3*x + y
						if tr {
							cell = 3*y + x
						}
						v := blk[cell].Value()
						c[(3*k+x)*3*L+3*j+y] = v
						c[(3*j+y)*3*L+3*k+x] = v
					}
				}
			}
		}
		r.mom.cross = c
	}
	r.Samples = PRF{
		Precision: m.samples[0].value(z),
		Recall:    m.samples[1].value(z),
		F1:        m.samples[2].value(z),
		FBeta:     m.samples[3].value(z),
		Jaccard:   m.samples[4].value(z),
	}
	return r, nil
}
