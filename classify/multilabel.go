package classify

import (
	"fmt"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"math"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/label"
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
	samples [5]sampleSum // precision, recall, f1, fbeta, jaccard
	// Per-row second moments, for the intervals of Hamming loss and the
	// micro averages (ratios of per-row sums): Σ w·d², Σ w·|T∩P|²,
	// Σ w·|P|², Σ w·|T|², Σ w·|T∩P|·|P|, Σ w·|T∩P|·|T|.
	diff2, tp2, np2, nt2, tpnp, tpnt fsum.Sum
	inT, inP                         []bool // scratch, per label id
	ids                              []int
}

// sampleSum keeps Σ w·x over rows where x is defined and the weight of rows
// where it is not.
type sampleSum struct {
	def, wDef, wUndef fsum.Sum
	def2              fsum.Sum // Σ w·x² over defined rows, for the interval
}

func (s *sampleSum) add(num, den, w float64) {
	if den == 0 {
		s.wUndef.Add(w)
		return
	}
	x := num / den
	s.def.Add(w * x)
	s.def2.Add(w * x * x)
	s.wDef.Add(w)
}

func (s *sampleSum) merge(o *sampleSum) {
	s.def.Merge(o.def)
	s.def2.Merge(o.def2)
	s.wDef.Merge(o.wDef)
	s.wUndef.Merge(o.wUndef)
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
// means 1); fixed, when not nil, is the closed label list.
func NewMultilabel(fixed []string, beta float64) *Multilabel {
	if beta == 0 {
		beta = 1
	}
	m := &Multilabel{Labels: label.NewSet(fixed), beta: beta}
	m.grow()
	return m
}

// Bytes returns an estimate of the memory the state holds: its labels and
// four sums and two flags per label.
func (m *Multilabel) Bytes() int64 {
	return m.Labels.Bytes() + int64(cap(m.tp)+cap(m.fp)+cap(m.fn)+cap(m.union))*16 + int64(cap(m.inT)+cap(m.inP)+cap(m.ids)*8)
}

func (m *Multilabel) grow() {
	k := m.Labels.Len()
	for len(m.tp) < k {
		m.tp = append(m.tp, fsum.Sum{})
		m.fp = append(m.fp, fsum.Sum{})
		m.fn = append(m.fn, fsum.Sum{})
		m.union = append(m.union, fsum.Sum{})
		m.inT = append(m.inT, false)
		m.inP = append(m.inP, false)
	}
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
	var nt, np, both float64
	for _, id := range m.ids {
		t, p := m.inT[id], m.inP[id]
		m.union[id].Add(w)
		switch {
		case t && p:
			m.tp[id].Add(w)
			both++
			nt++
			np++
		case t:
			m.fn[id].Add(w)
			nt++
		default:
			m.fp[id].Add(w)
			np++
		}
	}
	m.reset()
	m.n++
	m.w.Add(w)
	d := nt + np - 2*both
	if d == 0 {
		m.exact.Add(w)
	}
	m.diff.Add(w * d)
	m.diff2.Add(w * d * d)
	m.tp2.Add(w * both * both)
	m.np2.Add(w * np * np)
	m.nt2.Add(w * nt * nt)
	m.tpnp.Add(w * both * np)
	m.tpnt.Add(w * both * nt)
	b2 := m.beta * m.beta
	m.samples[0].add(both, np, w)
	m.samples[1].add(both, nt, w)
	m.samples[2].add(2*both, 2*both+(nt-both)+(np-both), w)
	m.samples[3].add((1+b2)*both, (1+b2)*both+b2*(nt-both)+(np-both), w)
	m.samples[4].add(both, nt+np-both, w)
	return nil, true
}

func (m *Multilabel) reset() {
	for _, id := range m.ids {
		m.inT[id], m.inP[id] = false, false
	}
	m.ids = m.ids[:0]
}

// Merge adds o's rows, matching labels by name. Both must use the same β
// (it panics otherwise).
func (m *Multilabel) Merge(o *Multilabel) {
	if o.beta != m.beta {
		panic("classify: merging multilabel states with different β")
	}
	for i, name := range o.Labels.Names() {
		id, ok := m.Labels.ID([]byte(name))
		if !ok {
			panic("classify: merging a multilabel state with a label outside the fixed list: " + name)
		}
		m.grow()
		m.tp[id].Merge(o.tp[i])
		m.fp[id].Merge(o.fp[i])
		m.fn[id].Merge(o.fn[i])
		m.union[id].Merge(o.union[i])
	}
	m.n += o.n
	m.w.Merge(o.w)
	m.exact.Merge(o.exact)
	m.diff.Merge(o.diff)
	for _, p := range [][2]*fsum.Sum{{&m.diff2, &o.diff2}, {&m.tp2, &o.tp2}, {&m.np2, &o.np2}, {&m.nt2, &o.nt2}, {&m.tpnp, &o.tpnp}, {&m.tpnt, &o.tpnt}} {
		p[0].Merge(*p[1])
	}
	for i := range m.samples {
		m.samples[i].merge(&o.samples[i])
	}
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
	N                   int64         `json:"n"`
	WeightSum           float64       `json:"weight_sum"`
	Labels              []string      `json:"labels"`
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
	Signature *report.Signature `json:"signature,omitempty"`

	mom mlMoments // the state's sums that the intervals need
}

// mlMoments are the per-row sums of the multilabel intervals.
type mlMoments struct {
	labels                                             float64
	diff, diff2, tp, np, nt, tp2, np2, nt2, tpnp, tpnt float64
	samples                                            [5][3]float64 // Σx, Σx², rows for each samples average's per-row values (undefined rows at the policy's value)
	z                                                  ZeroDivision
}

// Report computes the multilabel measures. Labels are in SPEC order unless
// the set is fixed. It returns ErrEmpty or ErrZeroWeight.
func (m *Multilabel) Report(z ZeroDivision) (*MultilabelReport, error) {
	if m.n == 0 {
		return nil, ErrEmpty
	}
	W := m.w.Value()
	if !(W > 0) {
		return nil, ErrZeroWeight
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
		tp2: m.tp2.Value(), np2: m.np2.Value(), nt2: m.nt2.Value(), tpnp: m.tpnp.Value(), tpnt: m.tpnt.Value(), z: z}
	for i := range m.samples {
		ss := &m.samples[i]
		if z == ZeroDivNaN {
			r.mom.samples[i] = [3]float64{ss.def.Value(), ss.def2.Value(), ss.wDef.Value()}
		} else {
			u, v := ss.wUndef.Value(), z.value()
			r.mom.samples[i] = [3]float64{ss.def.Value() + v*u, ss.def2.Value() + v*v*u, ss.wDef.Value() + u}
		}
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

// AddIntervals sets r.Level and r.Intervals (SPEC §2.8): the proportion
// interval (ci.ProportionMethod(), Wilson by default; equal to
// statsmodels' proportion_confint) of every headline number that is a
// proportion of independent rows — subset_accuracy and zero_one_loss (of
// the rows), each label's precision (of the rows predicting it) and recall
// (of the rows holding it); the t-interval of the means of per-row values
// — Hamming loss (|T Δ P|/L) and the samples averages (each row's P, R,
// F, Jaccard; an undefined row at the zero-division policy's value, or
// left out for nan); and the delta method for the micro precision and
// recall, ratios of per-row sums. The other averages and the per-label
// F-scores would need a bootstrap of whole rows, which the state
// (per-label counts) cannot draw; a weighted state keeps masses, not
// counts. Warnings says which get none.
func (r *MultilabelReport) AddIntervals(ci hyptest.CIOptions) error {
	if err := ci.Check(); err != nil {
		return err
	}
	ci = ci.WithDefaults()
	if r.Signature != nil {
		r.Signature.CI = &report.SignatureCI{Method: ci.Method, Level: ci.Level, Bootstrap: ci.Bootstrap, Seed: ci.Seed}
	}
	r.Level, r.Intervals = ci.Level, map[string]hyptest.Interval{}
	if r.WeightSum != float64(r.N) {
		r.Warnings = append(r.Warnings, "intervals: not computed for weighted rows (the state keeps masses, not the row counts an interval needs)")
		return nil
	}
	method := ci.ProportionMethod()
	add := func(key string, k, n float64) error {
		if n == 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: its denominator is zero", key))
			return nil
		}
		iv, err := hyptest.ProportionCI(k, n, ci.Level, method)
		if err == nil {
			r.Intervals[key] = iv
		}
		return err
	}
	n := float64(r.N)
	if err := add("subset_accuracy", math.Round(r.SubsetAccuracy*n), n); err != nil {
		return err
	}
	if err := add("zero_one_loss", n-math.Round(r.SubsetAccuracy*n), n); err != nil {
		return err
	}
	for k, c := range r.PerClass {
		if err := add(fmt.Sprintf("per_class.%d.precision", k), c.TP, c.TP+c.FP); err != nil {
			return err
		}
		if err := add(fmt.Sprintf("per_class.%d.recall", k), c.TP, c.TP+c.FN); err != nil {
			return err
		}
	}
	// Means of per-row values: the t-interval. Ratios of per-row sums (the
	// micro averages): the delta method, Var(A/B) ≈ Σ(a − R·b)²/B² ·
	// n/(n − 1).
	mo := &r.mom
	tq, err := hyptest.TCritical(ci.Level, math.Max(1, n-1))
	if err != nil {
		return err
	}
	mean := func(key string, sum, sum2, rows, scale float64) {
		if rows < 2 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: fewer than 2 rows", key))
			return
		}
		m := sum / rows
		v := math.Max(0, (sum2-rows*m*m)/(rows-1))
		t, _ := hyptest.TCritical(ci.Level, rows-1)
		h := t * math.Sqrt(v/rows)
		r.Intervals[key] = hyptest.Interval{Low: (m - h) * scale, High: (m + h) * scale, Method: hyptest.CIT}.Clip(0, 1)
	}
	if mo.labels > 0 {
		mean("hamming_loss", mo.diff, mo.diff2, n, 1/mo.labels)
	}
	ratio := func(key string, A, B, aa, ab, bb float64) {
		if B == 0 || n < 2 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: its denominator is zero", key))
			return
		}
		R := A / B
		v := math.Max(0, aa-2*R*ab+R*R*bb) / (B * B) * n / (n - 1)
		h := tq * math.Sqrt(v)
		r.Intervals[key] = hyptest.Interval{Low: R - h, High: R + h, Method: hyptest.CIDelta}.Clip(0, 1)
	}
	ratio("micro.precision", mo.tp, mo.np, mo.tp2, mo.tpnp, mo.np2)
	ratio("micro.recall", mo.tp, mo.nt, mo.tp2, mo.tpnt, mo.nt2)
	for i, key := range []string{"samples.precision", "samples.recall", "samples.f1", "samples.fbeta", "samples.jaccard"} {
		sm := mo.samples[i]
		mean(key, sm[0], sm[1], sm[2], 1)
	}
	r.Warnings = append(r.Warnings, "micro f1, fbeta and jaccard, the macro and weighted averages, per-label f1, fbeta and jaccard: no interval (they pool a row's labels; a bootstrap of whole rows needs the rows, which the per-label counts do not keep)")
	return nil
}
