package rank

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// MulticlassRows are the rows of several multiclass models scored on the
// same rows, kept for their paired comparisons: each row's true class Y,
// every model's class probabilities as read (P[j][i·K + c], model j's
// probability of class c in row i) and the weights W (nil when every
// weight is 1). Renormalize rescales a row that does not sum to 1, as
// [MultiBuilder.Renormalize].
type MulticlassRows struct {
	K           int
	Y           []int32
	P           [][]float64
	W           []float64
	Renormalize bool
}

// Bytes returns the memory the rows hold.
func (r *MulticlassRows) Bytes() int64 {
	n := int64(cap(r.Y))*4 + int64(cap(r.W))*8
	for _, p := range r.P {
		n += int64(cap(p)) * 8
	}
	return n
}

// Append appends the rows of o to r.
func (r *MulticlassRows) Append(o *MulticlassRows) {
	r.Y = append(r.Y, o.Y...)
	for j := range r.P {
		r.P[j] = append(r.P[j], o.P[j]...)
	}
	r.W = append(r.W, o.W...)
}

// row returns model j's probabilities of row i as the builder takes
// them: rescaled by their sum when they do not sum to 1 (Renormalize),
// in q.
func (r *MulticlassRows) row(j, i int, q []float64) []float64 {
	p := r.P[j][i*r.K : (i+1)*r.K]
	if s, ok := ProbabilitySum(p); !ok && r.Renormalize && s > 0 {
		for c, v := range p {
			q[c] = v / s
		}
		return q
	}
	return p
}

// loss returns row i's log loss under model j, as [MultiBuilder.Add]
// sums it.
func (r *MulticlassRows) loss(j, i int) float64 {
	return rowLogLoss(r.P[j][i*r.K:(i+1)*r.K], int(r.Y[i]))
}

// MulticlassModelsMeasures are the measures several multiclass models are
// compared by, each by its own paired test (see
// [NewMulticlassModelsReport]).
var MulticlassModelsMeasures = []string{"roc_auc_ovr_macro", "log_loss", "accuracy"}

// NewMulticlassModelsReport evaluates and compares several multiclass
// models scored on the same rows: ms[j] is model j's statistic (read from
// rows, as [MultiBuilder] builds it), names the models. Each model gets
// its whole [MulticlassReport] (with intervals when ci is not nil), and
// every pair (or each model against mo.Baseline) is compared by
//
//   - roc_auc_ovr_macro, the macro-averaged one-vs-rest ROC AUC, by
//     DeLong's test extended to the average over classes: with
//     V_{ic} the placement of row i in class c's one-vs-rest curve (for a
//     row of class c the share of the other rows scored lower, ties ½;
//     for another row the share of class c's rows scored higher) and
//     n_c the rows of class c, each row contributes
//     φ_i = (1/K) Σ_c (V^A_{ic} − V^B_{ic}) / m_{ic}, m_{ic} = n_c when
//     row i is of class c and n − n_c otherwise; the variance of the
//     difference is Σ_ℓ n_ℓ/(n_ℓ − 1) Σ_{i of class ℓ} (φ_i − φ̄_ℓ)², the
//     rows taken as fixed within their true class, as DeLong's
//     structural components are; z = difference / √variance against the
//     standard normal, with the Wald interval. With two classes it is
//     DeLong's paired test. It needs unweighted rows and two rows of
//     every class (left out with a warning otherwise);
//   - log_loss by a paired bootstrap of the rows within each true class
//     (mo.Bootstrap replicates, PCG(mo.Seed, r)) of the difference of the
//     (weighted) mean losses: its percentile interval and
//     [hyptest.BootstrapPValue];
//   - accuracy (of the arg-max prediction) by McNemar's exact test, with
//     the Wald interval of a difference of paired proportions (as
//     classify's several models).
//
// p-values are adjusted by mo.Adjust over all comparisons; the
// leaderboard is by mo.Primary (default roc_auc_ovr_macro). mo.Compare
// must be empty: the three measures above are compared by default. It
// returns a *result.OptionError for a bad option and the errors of
// [NewMulticlassReport].
func NewMulticlassModelsReport(ms []*Multiclass, rows *MulticlassRows, classes, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions) (*board.Models, error) {
	m := len(ms)
	if len(names) != m || len(rows.P) != m {
		panic(fmt.Sprintf("rank: %d names and %d probability sets for %d models", len(names), len(rows.P), m))
	}
	mo = mo.WithDefaults()
	if mo.Primary == "" {
		mo.Primary = "roc_auc_ovr_macro"
	}
	if err := mo.Check("rank", names); err != nil {
		return nil, err
	}
	if len(mo.Compare) > 0 {
		return nil, &result.OptionError{Task: "rank", Option: "board.Options.Compare", Problem: fmt.Sprintf("is not offered with several multiclass models: they are compared by %s, each by its own paired test", strings.Join(MulticlassModelsMeasures, ", "))}
	}
	out := &board.Models{Primary: mo.Primary, LowerIsBetter: board.LowerIsBetter(mo.Primary)}
	reps := make([]*MulticlassReport, m)
	for j, st := range ms {
		r, err := NewMulticlassReport(st, classes, opt)
		if err != nil {
			return nil, fmt.Errorf("model %q: %w", names[j], err)
		}
		if j == 0 {
			if mv, err := board.MeasureValues(r); err == nil {
				if _, ok := mv[mo.Primary]; !ok {
					return nil, &result.OptionError{Task: "rank", Option: "board.Options.Primary", Problem: fmt.Sprintf("%q is not a measure of the report", mo.Primary)}
				}
			}
			out.N, out.LabelComparison = r.N, r.LabelComparison
			out.Signature = r.Signature
		}
		if ci != nil {
			if err := r.AddIntervals(st, *ci); err != nil {
				return nil, fmt.Errorf("model %q: %w", names[j], err)
			}
		}
		r.Signature, r.LabelComparison = nil, ""
		reps[j] = r
		out.Models = append(out.Models, board.Model{Name: names[j], Report: r})
	}
	pairs := mo.Pairs(names)
	z := normQuantile((1 + mo.Level) / 2)
	// roc_auc_ovr_macro
	if rows.W != nil {
		out.Warnings = append(out.Warnings, "DeLong's tests need unweighted rows: no roc_auc_ovr_macro comparisons")
	} else if psi, err := macroPlacements(rows); err != nil {
		out.Warnings = append(out.Warnings, fmt.Sprintf("no roc_auc_ovr_macro comparisons: %v", err))
	} else {
		for _, p := range pairs {
			a, b := p[0], p[1]
			d := reps[a].ROCAUCOvRMacro - reps[b].ROCAUCOvRMacro
			v := macroDiffVar(rows, psi[a], psi[b])
			st := 0.0
			switch {
			case v > 0:
				st = d / math.Sqrt(v)
			case d != 0:
				st = math.Copysign(math.Inf(1), d)
			}
			h := z * math.Sqrt(v)
			out.Comparisons = append(out.Comparisons, board.Comparison{A: names[a], B: names[b], Measure: "roc_auc_ovr_macro", Diff: d,
				CI: &[2]float64{d - h, d + h}, Test: "delong", Statistic: st, PValue: math.Erfc(math.Abs(st) / math.Sqrt2)})
		}
	}
	// log_loss
	for _, p := range pairs {
		a, b := p[0], p[1]
		c, dropped := lossBootstrap(rows, a, b, reps[a].LogLoss-reps[b].LogLoss, mo)
		c.A, c.B, c.Measure = names[a], names[b], "log_loss"
		if dropped > 0 {
			out.Warnings = append(out.Warnings, fmt.Sprintf("%s − %s, log_loss: %d of %d bootstrap replicates undefined, left out of the interval", names[a], names[b], dropped, mo.Bootstrap))
		}
		out.Comparisons = append(out.Comparisons, c)
	}
	// accuracy
	for _, p := range pairs {
		a, b := p[0], p[1]
		n01, n10 := argmaxDiscordant(rows, a, b)
		mc, err := hyptest.McNemar(n01, n10, hyptest.McNemarOptions{Exact: true})
		if err != nil {
			return nil, err
		}
		n := float64(len(rows.Y))
		d := float64(n10-n01) / n
		h := z * math.Sqrt(math.Max(float64(n01+n10)/n-d*d, 0)/n)
		out.Comparisons = append(out.Comparisons, board.Comparison{A: names[a], B: names[b], Measure: "accuracy", Diff: *reps[a].Accuracy - *reps[b].Accuracy,
			CI: &[2]float64{math.Max(d-h, -1), math.Min(d+h, 1)}, Test: "mcnemar-exact", Statistic: mc.Statistic, PValue: mc.PValue})
	}
	if rows.W != nil {
		out.Warnings = append(out.Warnings, "McNemar's test counts rows, not weights: its p-value and interval are of the unweighted accuracy difference")
	}
	out.Adjusted(mo.Adjust)
	out.Decide(mo.Level)
	sig := *out.Signature
	// The signature names the log loss's paired bootstrap as a compared
	// measure: its replicates, seed and level.
	bs := mo
	bs.Compare = []string{"log_loss"}
	bs.AddTo(&sig, names)
	if ci != nil {
		c := ci.WithDefaults()
		sig.CI = &result.SignatureCI{Method: c.Method, Level: c.Level, Bootstrap: c.Bootstrap, Seed: c.Seed}
	}
	out.Signature = &sig
	return out, nil
}

// macroPlacements returns, for each model j, each row's scaled placement
// summed over the classes, ψ_{ji} = (1/K) Σ_c V^j_{ic} / m_{ic} (see
// [NewMulticlassModelsReport]), so that φ_i = ψ_{Ai} − ψ_{Bi}. It returns
// an error when a class has fewer than two rows.
func macroPlacements(rows *MulticlassRows) ([][]float64, error) {
	n, k := len(rows.Y), rows.K
	cnt := make([]float64, k)
	for _, y := range rows.Y {
		cnt[y]++
	}
	for c, v := range cnt {
		if v < 2 {
			return nil, fmt.Errorf("class %d has %v rows, DeLong's variance needs two: %w", c, v, ErrTooFew)
		}
	}
	out := make([][]float64, len(rows.P))
	idx := make([]int, n)
	s := make([]float64, n)
	q := make([]float64, k)
	for j := range rows.P {
		psi := make([]float64, n)
		for c := range k {
			for i := range n {
				s[i] = rows.row(j, i, q)[c]
				idx[i] = i
			}
			sort.Slice(idx, func(a, b int) bool { return s[idx[a]] < s[idx[b]] })
			pos, neg := cnt[c], float64(n)-cnt[c]
			// Sweep the rows in increasing score, a group of equal scores
			// at a time: a positive's placement is the negatives below
			// plus half those tied; a negative's the positives above plus
			// half those tied.
			var posBelow, negBelow float64
			for g0 := 0; g0 < n; {
				g1 := g0
				var gp, gn float64
				for g1 < n && s[idx[g1]] == s[idx[g0]] {
					if int(rows.Y[idx[g1]]) == c {
						gp++
					} else {
						gn++
					}
					g1++
				}
				v10 := (negBelow + gn/2) / neg
				v01 := (pos - posBelow - gp + gp/2) / pos
				for _, i := range idx[g0:g1] {
					if int(rows.Y[i]) == c {
						psi[i] += v10 / pos
					} else {
						psi[i] += v01 / neg
					}
				}
				posBelow += gp
				negBelow += gn
				g0 = g1
			}
		}
		for i := range psi {
			psi[i] /= float64(k)
		}
		out[j] = psi
	}
	return out, nil
}

// macroDiffVar returns the variance of the difference of two models'
// macro one-vs-rest AUCs from their ψ (macroPlacements): Σ_ℓ n_ℓ/(n_ℓ −
// 1) Σ_{i of class ℓ} (φ_i − φ̄_ℓ)², φ = ψa − ψb.
func macroDiffVar(rows *MulticlassRows, psiA, psiB []float64) float64 {
	k := rows.K
	sum, cnt := make([]float64, k), make([]float64, k)
	for i, y := range rows.Y {
		sum[y] += psiA[i] - psiB[i]
		cnt[y]++
	}
	ss := make([]float64, k)
	for i, y := range rows.Y {
		d := psiA[i] - psiB[i] - sum[y]/cnt[y]
		ss[y] += d * d
	}
	var v float64
	for c := range k {
		v += cnt[c] / (cnt[c] - 1) * ss[c]
	}
	return v
}

// lossBootstrap compares the mean log losses of models a and b by a
// paired bootstrap of the rows within each true class; est is the
// difference of the reports' log losses.
func lossBootstrap(rows *MulticlassRows, a, b int, est float64, mo board.Options) (board.Comparison, int) {
	n := len(rows.Y)
	d := make([]float64, n)
	for i := range n {
		d[i] = rows.loss(a, i) - rows.loss(b, i)
	}
	byClass := make([][]int, rows.K)
	for i, y := range rows.Y {
		byClass[y] = append(byClass[y], i)
	}
	bs := &hyptest.Bootstrap{Estimate: est, Replicates: make([]float64, mo.Bootstrap)}
	hyptest.Replicate(mo.Bootstrap, mo.Seed, 0, func() *struct{} { return nil },
		func(r int, rng *rand.Rand, _ *struct{}) {
			var num, den float64
			for _, class := range byClass {
				for range class {
					i := class[rng.IntN(len(class))]
					w := 1.0
					if rows.W != nil {
						w = rows.W[i]
					}
					num += w * d[i]
					den += w
				}
			}
			bs.Replicates[r] = num / den
		})
	c := board.Comparison{Diff: est, Test: "paired-bootstrap", Statistic: est, PValue: hyptest.BootstrapPValue(bs)}
	lo, hi, dropped, err := hyptest.FinitePercentile(bs, mo.Level)
	if err == nil {
		c.CI = &[2]float64{lo, hi}
	}
	return c, dropped
}

// argmaxDiscordant returns McNemar's counts of models a and b's arg-max
// predictions: n01 rows where a is wrong and b right, n10 the reverse.
func argmaxDiscordant(rows *MulticlassRows, a, b int) (n01, n10 int64) {
	qa, qb := make([]float64, rows.K), make([]float64, rows.K)
	for i, y := range rows.Y {
		ra := argmax(rows.row(a, i, qa)) == int(y)
		rb := argmax(rows.row(b, i, qb)) == int(y)
		switch {
		case !ra && rb:
			n01++
		case ra && !rb:
			n10++
		}
	}
	return n01, n10
}
