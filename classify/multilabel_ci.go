package classify

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// AddIntervals sets r.Level and r.Intervals (docs/ci.md).
//
// Unweighted rows: the proportion interval (ci.ProportionMethod(), Wilson
// by default; equal to statsmodels' proportion_confint) of every headline
// number that is a proportion of independent rows — subset_accuracy and
// zero_one_loss (of the rows), each label's precision (of the rows
// predicting it) and recall (of the rows holding it); the t-interval of
// the means of per-row values — Hamming loss (|T Δ P|/L) and the samples
// averages (each row's P, R, F, Jaccard; an undefined row at the
// zero-division policy's value, or left out for nan); the delta method,
// clipped to [0, 1] ("delta"), for the micro precision and recall; and the
// delta method on the logit scale ("delta-logit") for everything else:
// each label's F1, Fβ and Jaccard, the micro F and Jaccard, the macro and
// weighted averages and macro f1/fβ_from_pr.
//
// Every measure θ here is a smooth function of sums over rows, Σ w_i·u_i,
// so its linearised per-row value is the derivative z_i = ∂θ/∂w_i and
//
//	se² = f · Σ w_i² z_i²,   delta: θ ± t_{df}·se,
//	delta-logit: expit(logit θ ± t_{df}·se/(θ(1 − θ)))
//
// with f = n/(n − 1) and df = n − 1 for unweighted rows. For a ratio of
// per-row sums A/B (a label's F_β: a_i = (1+β²)·tp_i, b_i = (1+β²)·tp_i +
// β²·fn_i + fp_i) z_i = (a_i − θ·b_i)/B. A macro average of ratios θ_l
// has z_i = Σ_l (a_il − θ_l·b_il)/(L·B_l); the support-weighted average
// Σ s_l θ_l / S has z_i = Σ_l [s_il·(θ_l − θ) + s_l·(a_il − θ_l·b_il)/B_l]/S;
// f_from_pr = F(P, R) has z_i = ∂F/∂P·z_i(P) + ∂F/∂R·z_i(R).
// Their Σ w_i² z_i² needs the cross-label moments Σ w²·x_l·y_m (x, y the
// exclusive tp, fp, fn indicators), which the state keeps up to
// MultilabelCrossCap labels; past it these averages get no interval and a
// warning naming the cap. Labels whose measure is at the zero-division
// policy's value contribute no variance; with the nan policy they are left
// out, as the averages leave them out. A delta interval whose variance is
// zero (the estimate 0 or 1, say) is not given; a warning says so.
//
// Weighted rows (any weight ≠ 1): Kish's effective number of rows
// n_e = (Σw)²/Σw² replaces n (f = n_e/(n_e − 1), df = n_e − 1). The
// proportions get the proportion method's interval of p̂·n_d successes in
// n_d trials, n_d the Kish number of the rows of the proportion's
// denominator (method "wilson-kish" by default: it reduces to Wilson for
// unit weights and covers 94–96 % at n = 50 where the delta method's Wald
// form covered 63–92 %); the samples averages the delta method of
// Σ w·x / Σ w (their own rows' n_e); everything else delta-logit as above.
//
// A state decoded from encoding version 2 lacks Σ w²·|T|·|P| and the
// cross-label moments: unweighted, it gets the intervals version 2 gave
// and each label's F and Jaccard; weighted, none. Warnings says which
// measures get none and why.
func (r *MultilabelReport) AddIntervals(ci hyptest.CIOptions) error {
	if err := ci.Check(); err != nil {
		return err
	}
	ci = ci.WithDefaults()
	if r.Signature != nil {
		r.Signature.CI = &result.SignatureCI{Method: ci.Method, Level: ci.Level, Bootstrap: ci.Bootstrap, Seed: ci.Seed}
	}
	r.Level, r.Intervals = ci.Level, map[string]hyptest.Interval{}
	mo := &r.mom
	n := float64(r.N)
	weighted := r.WeightSum != n || (!mo.legacy && mo.w2 != n)
	if weighted && mo.legacy {
		r.Warnings = append(r.Warnings, "intervals: not computed for weighted rows merged from a state of encoding version 2 (it lacks the squared weights)")
		return nil
	}
	// The delta method: f·Σ w² z² with the small-sample factor f and the
	// t quantile of df degrees of freedom.
	f, df := n/(n-1), n-1
	if weighted {
		ne := r.WeightSum * r.WeightSum / mo.w2
		f, df = ne/(ne-1), ne-1
	}
	tq, err := hyptest.TCritical(ci.Level, math.Max(1, df))
	if err != nil {
		return err
	}
	delta := func(key string, est, v float64) {
		if !(df >= 1) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: fewer than 2 (effective) rows", key))
			return
		}
		if !(v > 0) || !(est > 0 && est < 1) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: the delta method's variance is zero (every row's linearised value is 0, as when the estimate is 0 or 1)", key))
			return
		}
		// On the logit scale: se(logit θ) = se(θ)/(θ(1 − θ)); the ends stay
		// inside (0, 1). v > 0 implies 0 < θ < 1 here (at 0 or 1 every
		// row's linearised value is 0).
		g := tq * math.Sqrt(v*f) / (est * (1 - est))
		lg := math.Log(est / (1 - est))
		r.Intervals[key] = hyptest.Interval{Low: expit(lg - g), High: expit(lg + g), Method: hyptest.CIDeltaLogit}
	}
	if weighted {
		if err := r.weightedRowIntervals(ci.ProportionMethod(), delta); err != nil {
			return err
		}
	} else if err := r.unweightedRowIntervals(ci, tq); err != nil {
		return err
	}
	r.pooledIntervals(weighted, delta)
	return nil
}

// unweightedRowIntervals adds the intervals of unweighted rows that
// encoding version 2 gave: proportions, means of per-row values, micro
// precision and recall.
func (r *MultilabelReport) unweightedRowIntervals(ci hyptest.CIOptions, tq float64) error {
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
	for i, key := range sampleKeys {
		sm := mo.samples[i]
		mean(key, sm[0], sm[1], sm[2], 1)
	}
	return nil
}

var sampleKeys = []string{"samples.precision", "samples.recall", "samples.f1", "samples.fbeta", "samples.jaccard"}

// weightedRowIntervals adds, for weighted rows, the delta-method intervals
// of what unweightedRowIntervals covers for unweighted rows (the micro
// averages come with the pooled measures).
func (r *MultilabelReport) weightedRowIntervals(method string, delta func(key string, est, v float64)) error {
	mo := &r.mom
	W := r.WeightSum
	// A mean Σ w·x / Σ w: Σ w² z² = Σ w²·(x − R)² / W².
	meanVar := func(R, wx, wxx, w2, W float64) float64 {
		return (wxx - 2*R*wx + R*R*w2) / (W * W)
	}
	if err := r.kishProportion("subset_accuracy", r.SubsetAccuracy, W, mo.w2, method); err != nil {
		return err
	}
	if err := r.kishProportion("zero_one_loss", r.ZeroOneLoss, W, mo.w2, method); err != nil {
		return err
	}
	if L := mo.labels; L > 0 {
		delta("hamming_loss", r.HammingLoss, meanVar(r.HammingLoss, mo.diffW2/L, mo.diff2/(L*L), mo.w2, W))
	}
	samples := [5]float64{r.Samples.Precision, r.Samples.Recall, r.Samples.F1, r.Samples.FBeta, r.Samples.Jaccard}
	for i, key := range sampleKeys {
		s := mo.samplesW[i] // Σ w·x, Σ w, Σ w²·x, Σ w²·x², Σ w²
		if !(s[1] > 0) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: no row defines it", key))
			continue
		}
		// These rows' own effective number and small-sample factor.
		ne := s[1] * s[1] / s[4]
		if !(ne >= 2) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: fewer than 2 (effective) rows", key))
			continue
		}
		v := meanVar(samples[i], s[2], s[3], s[4], s[1])
		if !(v > 0) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: the delta method's variance is zero (every row's value is the same)", key))
			continue
		}
		t, _ := hyptest.TCritical(r.Level, ne-1)
		h := t * math.Sqrt(v*ne/(ne-1))
		r.Intervals[key] = hyptest.Interval{Low: samples[i] - h, High: samples[i] + h, Method: hyptest.CIDelta}.Clip(0, 1)
	}
	for k, c := range r.PerClass {
		w2 := mo.perLabelW2[k]
		if err := r.kishProportion(fmt.Sprintf("per_class.%d.precision", k), c.Precision, c.TP+c.FP, w2[0]+w2[1], method); err != nil {
			return err
		}
		if err := r.kishProportion(fmt.Sprintf("per_class.%d.recall", k), c.Recall, c.TP+c.FN, w2[0]+w2[2], method); err != nil {
			return err
		}
	}
	return nil
}

// kishProportion adds the interval of a proportion p of weighted rows
// whose weights sum to W and their squares to W2: the proportion method's
// interval of p·n_e successes in n_e = W²/W2 trials (Kish's effective
// number of rows), method "<method>-kish". Unweighted, n_e = n and it is
// the plain interval.
func (r *MultilabelReport) kishProportion(key string, p, W, W2 float64, method string) error {
	if !(W > 0) || !(W2 > 0) || math.IsNaN(p) {
		r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: its denominator is zero", key))
		return nil
	}
	ne := W * W / W2
	iv, err := hyptest.ProportionCI(math.Min(ne, math.Max(0, p*ne)), ne, r.Level, method)
	if err != nil {
		return err
	}
	iv.Method += "-kish"
	r.Intervals[key] = iv
	return nil
}

var prfKeys = []string{"precision", "recall", "f1", "fbeta", "jaccard"}

// labelNum and labelDen are the measures of a label in PRF's order, each
// a ratio α·u / β·u of the label's per-row indicators u = (tp, fp, fn).
func labelNum(b2 float64) [5][3]float64 {
	return [5][3]float64{{1, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1 + b2, 0, 0}, {1, 0, 0}}
}

func labelDen(b2 float64) [5][3]float64 {
	return [5][3]float64{{1, 1, 0}, {1, 0, 1}, {2, 1, 1}, {1 + b2, 1, b2}, {1, 1, 1}}
}

func prfAt(p PRF, j int) float64 {
	return [5]float64{p.Precision, p.Recall, p.F1, p.FBeta, p.Jaccard}[j]
}

// labelCoef returns label k's linearised per-row value for measure j with
// value theta, as coefficients of its (tp, fp, fn) indicators: (α − θ·β)/B.
// ok is false when the denominator B is zero (the policy's value: no
// variance).
func (r *MultilabelReport) labelCoef(k, j int, theta float64) (c [3]float64, ok bool) {
	b2 := r.Beta * r.Beta
	num, den := labelNum(b2), labelDen(b2)
	pc := r.PerClass[k]
	cnt := [3]float64{pc.TP, pc.FP, pc.FN}
	var B float64
	for x := range 3 {
		B += den[j][x] * cnt[x]
	}
	if B == 0 {
		return c, false
	}
	for x := range 3 {
		c[x] = (num[j][x] - theta*den[j][x]) / B
	}
	return c, true
}

// labelDelta adds the delta interval of label k's measure j.
func (r *MultilabelReport) labelDelta(k, j int, p PRF, key string, delta func(key string, est, v float64)) {
	theta := prfAt(p, j)
	c, ok := r.labelCoef(k, j, theta)
	if !ok || math.IsNaN(theta) {
		r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: its denominator is zero", key))
		return
	}
	var v float64
	for x := range 3 {
		v += c[x] * c[x] * r.mom.perLabelW2[k][x]
	}
	delta(key, theta, v)
}

// pooledIntervals adds the delta intervals of the measures that pool a
// row's labels: each label's F1, Fβ, Jaccard (and, weighted, the micro
// precision and recall), the micro F and Jaccard, the macro and weighted
// averages.
func (r *MultilabelReport) pooledIntervals(weighted bool, delta func(key string, est, v float64)) {
	mo := &r.mom
	for k, c := range r.PerClass {
		for j := 2; j < 5; j++ {
			r.labelDelta(k, j, c.PRF, fmt.Sprintf("per_class.%d.%s", k, prfKeys[j]), delta)
		}
	}
	// Micro: per-row u = (|T∩P|, |P|, |T|), each measure α·u / β·u.
	b2 := r.Beta * r.Beta
	S := [3][3]float64{{mo.tp2, mo.tpnp, mo.tpnt}, {mo.tpnp, mo.np2, mo.ntnp}, {mo.tpnt, mo.ntnp, mo.nt2}}
	U := [3]float64{mo.tp, mo.np, mo.nt}
	num := [5][3]float64{{1, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1 + b2, 0, 0}, {1, 0, 0}}
	den := [5][3]float64{{0, 1, 0}, {0, 0, 1}, {0, 1, 1}, {0, 1, b2}, {-1, 1, 1}}
	first := 2
	if weighted {
		first = 0
	}
	for j := first; j < 5; j++ {
		key := "micro." + prfKeys[j]
		theta := prfAt(r.Micro, j)
		var B float64
		for x := range 3 {
			B += den[j][x] * U[x]
		}
		switch {
		case B == 0 || math.IsNaN(theta):
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: its denominator is zero", key))
			continue
		case mo.legacy:
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: the state was merged from encoding version 2, which lacks Σ|T|·|P|", key))
			continue
		}
		var c [3]float64
		for x := range 3 {
			c[x] = (num[j][x] - theta*den[j][x]) / B
		}
		var v float64
		for x := range 3 {
			for y := range 3 {
				v += c[x] * S[x][y] * c[y]
			}
		}
		delta(key, theta, v)
	}
	r.averageIntervals(delta)
}

// averageIntervals adds the delta intervals of the macro and weighted
// averages and of macro f1/fβ_from_pr, from the cross-label moments.
func (r *MultilabelReport) averageIntervals(delta func(key string, est, v float64)) {
	mo := &r.mom
	L := len(r.PerClass)
	if L == 0 {
		return
	}
	if mo.cross == nil {
		why := fmt.Sprintf("more than %d labels (the state keeps the cross-label moments up to MultilabelCrossCap = %d)", MultilabelCrossCap, MultilabelCrossCap)
		if mo.legacy {
			why = "the state was merged from encoding version 2, which lacks the cross-label moments"
		}
		r.Warnings = append(r.Warnings, "the macro and weighted averages: no interval: "+why)
		return
	}
	quad := func(c []float64) float64 {
		var v float64
		for a, ca := range c {
			if ca == 0 {
				continue
			}
			row := mo.cross[a*3*L : (a+1)*3*L]
			for b, cb := range c {
				v += ca * row[b] * cb
			}
		}
		return v
	}
	var macroC [5][]float64
	for j := range 5 {
		key := "macro." + prfKeys[j]
		theta := prfAt(r.Macro.PRF, j)
		defined := 0
		for _, pc := range r.PerClass {
			if !math.IsNaN(prfAt(pc.PRF, j)) {
				defined++
			}
		}
		if defined == 0 || math.IsNaN(theta) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: no label defines it", key))
		} else {
			c := make([]float64, 3*L)
			for k, pc := range r.PerClass {
				if th := prfAt(pc.PRF, j); !math.IsNaN(th) {
					if ck, ok := r.labelCoef(k, j, th); ok {
						for x := range 3 {
							c[3*k+x] = ck[x] / float64(defined)
						}
					}
				}
			}
			macroC[j] = c
			delta(key, theta, quad(c))
		}
		key = "weighted." + prfKeys[j]
		theta = prfAt(r.Weighted, j)
		var S float64
		for _, pc := range r.PerClass {
			if !math.IsNaN(prfAt(pc.PRF, j)) {
				S += pc.Support
			}
		}
		if !(S > 0) || math.IsNaN(theta) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: no label with true samples defines it", key))
			continue
		}
		c := make([]float64, 3*L)
		for k, pc := range r.PerClass {
			th := prfAt(pc.PRF, j)
			if math.IsNaN(th) {
				continue
			}
			// s_il = tp_il + fn_il
			c[3*k] += (th - theta) / S
			c[3*k+2] += (th - theta) / S
			if ck, ok := r.labelCoef(k, j, th); ok {
				for x := range 3 {
					c[3*k+x] += pc.Support / S * ck[x]
				}
			}
		}
		delta(key, theta, quad(c))
	}
	// F from the macro P and R: the chain rule.
	for _, fr := range []struct {
		key  string
		beta float64
		val  float64
	}{{"macro.f1_from_pr", 1, r.Macro.F1FromPR}, {"macro.fbeta_from_pr", r.Beta, r.Macro.FBetaFromPR}} {
		P, R := r.Macro.Precision, r.Macro.Recall
		b2 := fr.beta * fr.beta
		d := b2*P + R
		if macroC[0] == nil || macroC[1] == nil || !(d > 0) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: no interval: macro precision or recall undefined, or both 0", fr.key))
			continue
		}
		dP, dR := (1+b2)*R*R/(d*d), (1+b2)*b2*P*P/(d*d)
		c := make([]float64, 3*L)
		for a := range c {
			c[a] = dP*macroC[0][a] + dR*macroC[1][a]
		}
		delta(fr.key, fr.val, quad(c))
	}
}

func expit(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
