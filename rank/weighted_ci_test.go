package rank

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// unitWeighted returns t (unweighted) as a weighted table of unit weights:
// the same cells, each row of weight 1.
func unitWeighted(t *Table) *Table {
	return &Table{Score: t.Score, Pos: t.Pos, Neg: t.Neg, Rows: t.Rows, Weighted: true,
		PosRows: t.Pos, NegRows: t.Neg, PosSq: t.Pos, NegSq: t.Neg}
}

// TestDeLongWeightedUnit: with unit weights the weighted DeLong variance
// (and interval) is DeLong's, to the bit.
func TestDeLongWeightedUnit(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		n := 4 + rng.IntN(300)
		var b Builder
		for range n {
			s := rng.NormFloat64()
			if trial%2 == 0 {
				s = math.Round(s * 4) // ties
			}
			if rng.IntN(3) == 0 {
				b.AddPositive(s + 0.7)
			} else {
				b.AddNegative(s)
			}
		}
		u := b.Table()
		w := unitWeighted(u)
		vu, eu := u.DeLongVar()
		vw, ew := w.DeLongVar()
		if (eu == nil) != (ew == nil) {
			t.Fatalf("trial %d: errors %v, %v", trial, eu, ew)
		}
		if eu != nil {
			continue
		}
		if math.Float64bits(vu) != math.Float64bits(vw) {
			t.Fatalf("trial %d: unit-weight variance %v, DeLong %v", trial, vw, vu)
		}
		_, lu, hu, _ := u.AUCCI(0.95)
		_, lw, hw, _ := w.AUCCI(0.95)
		if lu != lw || hu != hw {
			t.Fatalf("trial %d: intervals differ", trial)
		}
	}
}

// weightedRows is a weighted data set as rows.
type weightedRows struct {
	score []float64
	pos   []bool
	w     []float64
}

// bruteDeLong computes the weighted DeLong variance from the rows,
// row by row in O(n²): V₁₀(i) = Σ_j w_j ψ(s_i, s_j)/W⁻ for a positive i,
// V₀₁(j) = Σ_i w_i ψ(s_i, s_j)/W⁺ for a negative j, θ the weighted AUC,
// Var = c⁺ Σ_i w_i² (V₁₀(i) − θ)²/W⁺² + c⁻ Σ_j w_j² (V₀₁(j) − θ)²/W⁻², c =
// n/(n − 1), n = W²/Σw².
func (d weightedRows) bruteDeLong() (theta, v float64) {
	psi := func(a, b float64) float64 {
		switch {
		case a > b:
			return 1
		case a == b:
			return 0.5
		}
		return 0
	}
	var wp, wn, qp, qn float64
	for i, p := range d.pos {
		if p {
			wp += d.w[i]
			qp += d.w[i] * d.w[i]
		} else {
			wn += d.w[i]
			qn += d.w[i] * d.w[i]
		}
	}
	v10 := make([]float64, len(d.score))
	v01 := make([]float64, len(d.score))
	for i := range d.score {
		for j := range d.score {
			if d.pos[i] && !d.pos[j] {
				v10[i] += d.w[j] * psi(d.score[i], d.score[j]) / wn
				v01[j] += d.w[i] * psi(d.score[i], d.score[j]) / wp
			}
		}
	}
	for i, p := range d.pos {
		if p {
			theta += d.w[i] * v10[i] / wp
		}
	}
	var sx, sy float64
	for i, p := range d.pos {
		if p {
			sx += d.w[i] * d.w[i] * (v10[i] - theta) * (v10[i] - theta)
		} else {
			sy += d.w[i] * d.w[i] * (v01[i] - theta) * (v01[i] - theta)
		}
	}
	cp, cn := wp*wp/qp/(wp*wp/qp-1), wn*wn/qn/(wn*wn/qn-1)
	return theta, cp*sx/wp/wp + cn*sy/wn/wn
}

// TestDeLongWeightedRows checks the table's weighted DeLong variance, and
// the weighted t-interval of the log loss, against their definitions
// computed from the rows (ties and weights of all sizes, some 0).
func TestDeLongWeightedRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 100 {
		n := 5 + rng.IntN(150)
		var d weightedRows
		for range n {
			p := rng.IntN(2) == 0
			s := 1 / (1 + math.Exp(-rng.NormFloat64()-0.8*b2f(p)))
			if trial%2 == 0 {
				s = math.Round(s*10) / 10
			}
			w := rng.ExpFloat64()
			if rng.IntN(20) == 0 {
				w = 0
			}
			d.score, d.pos, d.w = append(d.score, s), append(d.pos, p), append(d.w, w)
		}
		tb, err := NewTable(d.score, d.pos, d.w)
		if err != nil {
			t.Fatal(err)
		}
		v, err := tb.DeLongVar()
		if err != nil {
			continue
		}
		theta, want := d.bruteDeLong()
		auc, _ := tb.AUC()
		if math.Abs(auc-theta) > 1e-12 || math.Abs(v-want) > 1e-12*want {
			t.Fatalf("trial %d: AUC %v variance %v, from the rows %v %v", trial, auc, v, theta, want)
		}
		// the log loss: weighted mean m, Var = c Σ w²(x − m)²/W²,
		// Kish's n − 1 degrees of freedom
		var W, Q, wl float64
		for i := range d.score {
			W += d.w[i]
			Q += d.w[i] * d.w[i]
			wl += d.w[i] * logLossOf(d.score[i], d.pos[i])
		}
		m := wl / W
		var ss float64
		for i := range d.score {
			x := logLossOf(d.score[i], d.pos[i]) - m
			ss += d.w[i] * d.w[i] * x * x
		}
		neff := W * W / Q
		se := math.Sqrt(neff / (neff - 1) * ss / W / W)
		tc, _ := hyptest.TCritical(0.95, neff-1)
		gn, gm, gv := tb.weightedLossMoments(logLossOf)
		iv, err := hyptest.MeanCI(gn, gm, gv, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(iv.Low-(m-tc*se)) > 1e-10 || math.Abs(iv.High-(m+tc*se)) > 1e-10 {
			t.Fatalf("trial %d: log loss interval [%v, %v], from the rows [%v, %v]", trial, iv.Low, iv.High, m-tc*se, m+tc*se)
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// TestSweepWeighted: the weighted replicate of the data itself (each row
// drawn once) gives the table's AP, P-R AUC and BEP; with unit weights
// any replicate gives the unweighted sweep's values.
func TestSweepWeighted(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 100 {
		n := 5 + rng.IntN(200)
		var score []float64
		var pos []bool
		var w []float64
		for range n {
			p := rng.IntN(3) == 0
			s := rng.NormFloat64() + b2f(p)
			if trial%2 == 0 {
				s = math.Round(s * 3)
			}
			score, pos, w = append(score, s), append(pos, p), append(w, 0.25+rng.Float64())
		}
		tb, _ := NewTable(score, pos, w)
		if _, _, err := tb.check(); err != nil {
			continue
		}
		cp := make([]int64, tb.Len())
		cn := make([]int64, tb.Len())
		for g := range cp {
			cp[g], cn[g] = int64(tb.PosRows[g]), int64(tb.NegRows[g])
		}
		out := make([]float64, 3)
		tb.sweepWeighted(cp, cn, tb.meanWeights(), nil, out, nil, false, 1, nil)
		ap, _ := tb.AveragePrecision()
		tr, _ := tb.PRAUCTrapezoid()
		bep, _ := tb.BEP()
		for i, want := range []float64{ap, tr, bep} {
			if math.Abs(out[i]-want) > 1e-12 {
				t.Fatalf("trial %d: measure %d %v, table %v", trial, i, out[i], want)
			}
		}
		// unit weights: the unweighted sweep of random counts
		u, _ := NewTable(score, pos, nil)
		uw := unitWeighted(u)
		for g := range u.Score {
			cp[g], cn[g] = 0, 0
			if u.Pos[g] > 0 {
				cp[g] = int64(rng.IntN(3))
			}
			if u.Neg[g] > 0 {
				cn[g] = int64(rng.IntN(3))
			}
		}
		want := make([]float64, 3)
		u.sweep(cp, cn, nil, want, nil)
		uw.sweepWeighted(cp, cn, uw.meanWeights(), nil, out, nil, false, 1, nil)
		for i := range out {
			if !(math.Abs(out[i]-want[i]) <= 1e-12) && !(math.IsNaN(out[i]) && math.IsNaN(want[i])) {
				t.Fatalf("trial %d: unit weights, measure %d %v, unweighted %v", trial, i, out[i], want[i])
			}
		}
	}
}

// TestWeightedCoarsenBound: on a weighted table whose rows of a class all
// have one weight (so a block's mean weights are exact), the value of a replicate on
// the full table lies within the coarsened replicate's bound.
func TestWeightedCoarsenBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 100 {
		n := 200 + rng.IntN(400)
		var score []float64
		var pos []bool
		var w []float64
		for range n {
			p := rng.IntN(3) == 0
			s := rng.NormFloat64() + b2f(p)
			if trial%2 == 0 {
				s = math.Round(s * 8)
			}
			wi := 2.5 // one weight for each class: a block's mean weights are exact
			if !p {
				wi = 0.7
			}
			score, pos, w = append(score, s), append(pos, p), append(w, wi)
		}
		tb, _ := NewTable(score, pos, w)
		co := tb.coarsen(10 + rng.IntN(30))
		cp := make([]int64, tb.Len())
		cn := make([]int64, tb.Len())
		var buf []uint8
		pr := make([]int64, tb.Len())
		nr := make([]int64, tb.Len())
		for g := range pr {
			pr[g], nr[g] = int64(tb.PosRows[g]), int64(tb.NegRows[g])
		}
		buf = hyptest.ResampleRows(rng, pr, cp, buf)
		hyptest.ResampleRows(rng, nr, cn, buf)
		// the same rows counted in the blocks
		bp := make([]int64, co.Len())
		bn := make([]int64, co.Len())
		b := -1
		for g, s := range tb.Score {
			if b+1 < co.Len() && co.Score[b+1] == s {
				b++
			}
			bp[b] += cp[g]
			bn[b] += cn[g]
		}
		exact, approx := make([]float64, 3), make([]float64, 4)
		bound := make([]float64, 3)
		tb.sweepWeighted(cp, cn, tb.meanWeights(), nil, exact, nil, false, 1, nil)
		co.sweepWeighted(bp, bn, co.meanWeights(), co.merged, approx[:3], bound, false, 1, nil)
		for i := range exact {
			if math.Abs(exact[i]-approx[i]) > bound[i]+1e-12 {
				t.Fatalf("trial %d: measure %d exact %v, coarsened %v ± %v", trial, i, exact[i], approx[i], bound[i])
			}
		}
	}
}

// weightedBinormal draws n rows, the first pi·n positive (the intervals
// are conditional on the class counts, as the stratified bootstrap and
// DeLong's variance are: AP and BEP depend on the prevalence), score
// N(μ, 1) for a positive and N(0, 1) for a negative, turned into the
// calibrated probability of the positive class (logit μx − μ²/2 +
// logit π), with weights uniform on [0.5, 2] independent of both.
func weightedBinormal(rng *rand.Rand, n int, mu, pi float64, weight func() float64) *Table {
	var b Builder
	lo := math.Log(pi / (1 - pi))
	npos := int(pi * float64(n))
	for i := range n {
		p := i < npos
		x := rng.NormFloat64()
		if p {
			x += mu
		}
		s := 1 / (1 + math.Exp(-(mu*x - mu*mu/2 + lo)))
		b.Add(s, p, weight())
	}
	return b.Table()
}

// binormalLossTruth returns the population log loss and Brier score of
// the calibrated binormal probabilities of weightedBinormal.
func binormalLossTruth(mu, pi float64) (ll, brier float64) {
	lo := math.Log(pi / (1 - pi))
	const dx = 1e-4
	phi := func(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }
	for x := -12.0; x < 12+mu; x += dx {
		p := 1 / (1 + math.Exp(-(mu*x - mu*mu/2 + lo)))
		fp, fn := pi*phi(x-mu)*dx, (1-pi)*phi(x)*dx
		ll += fp*logLossOf(p, true) + fn*logLossOf(p, false)
		brier += fp*brierOf(p, true) + fn*brierOf(p, false)
	}
	return ll, brier
}

// TestWeightedCoverage: coverage of the 95% intervals of weighted ROC AUC
// (delong-weighted), AP and P-R AUC (logit-bootstrap of the cell-count
// bootstrap), BEP, log loss and Brier (t-weighted) over 1000 simulated
// binormal data sets (μ = 1, 40% positives), weights
// independent of the scores and labels (uniform on [0.5, 2], and
// exponential(1); uniform again with the bootstrap of the table coarsened
// to 20 blocks at n = 50 and 200 at n = 2000)): the weighted measures then estimate the unweighted
// population values. n = 50 always, n = 2000 with EVALKIT_COVERAGE=1 or
// CI set. Each must lie in [0.93, 0.97]; the figures are in docs/ci.md.
func TestWeightedCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("coverage simulation")
	}
	const mu, pi = 1.0, 0.4
	auc := 0.5 * math.Erfc(-mu/2)
	ap, bep := binormalTruth(mu, pi)
	ll, br := binormalLossTruth(mu, pi)
	truth := map[string]float64{"roc_auc": auc, "average_precision": ap, "pr_auc_trapezoid": ap, "bep": bep, "log_loss": ll, "brier": br}
	keys := []string{"roc_auc", "average_precision", "pr_auc_trapezoid", "bep", "log_loss", "brier"}
	uniform := func(r *rand.Rand) float64 { return 0.5 + 1.5*r.Float64() }
	weights := []struct {
		name    string
		draw    func(*rand.Rand) float64
		coarsen bool // the bootstrap of the table coarsened to 20 blocks at n = 50, 200 at 2000
	}{
		{"uniform", uniform, false},
		{"exponential", func(r *rand.Rand) float64 { return r.ExpFloat64() }, false},
		{"uniform,coarsened", uniform, true},
	}
	for _, n := range []int{50, 2000} {
		if n > 1000 && os.Getenv("EVALKIT_COVERAGE") == "" && os.Getenv("CI") == "" {
			continue
		}
		for wi, wd := range weights {
			name := fmt.Sprintf("n=%d,%s", n, wd.name)
			t.Run(name, func(t *testing.T) {
				hits := map[string]int{}
				rng := rand.New(rand.NewPCG(2027, uint64(n*10+wi)))
				nsim := 1000
				if v, err := strconv.Atoi(os.Getenv("EVALKIT_NSIM")); err == nil {
					nsim = v
				}
				for s := range nsim {
					tb := weightedBinormal(rng, n, mu, pi, func() float64 { return wd.draw(rng) })
					blocks := 0
					if wd.coarsen {
						blocks = 20
						if n > 1000 {
							blocks = 200
						}
					}
					r := ciReportBlocks(t, tb, hyptest.CIOptions{Bootstrap: 200, Seed: uint64(s)}, blocks)
					if iv := r.Intervals["average_precision"]; blocks > 0 && (iv.Coarsened == nil || iv.Coarsened.Blocks > blocks) {
						t.Fatalf("not coarsened to %d blocks: %+v", blocks, iv)
					}
					for _, k := range keys {
						if iv, ok := r.Intervals[k]; ok && iv.Contains(truth[k]) {
							hits[k]++
						}
					}
				}
				for _, k := range keys {
					c := float64(hits[k]) / float64(nsim)
					t.Logf("%s  %-18s coverage %.3f (truth %.4f)", name, k, c, truth[k])
					lo := 0.93
					switch {
					case n < 1000 && wd.name == "exponential":
						// Kish's n is about n/2 = 25 here: every
						// interval under-covers (docs/ci.md)
						lo = 0.88
					case n < 1000 && wd.coarsen && k == "pr_auc_trapezoid":
						// 50 rows in 20 blocks, each block's rows
						// at its mean weight: 0.926 here, 0.930
						// over 5000 data sets
						lo = 0.92
					case wd.name == "exponential" && k == "pr_auc_trapezoid":
						// 0.928 in these 1000 data sets, 0.937
						// over 3000 (EVALKIT_NSIM=3000)
						lo = 0.92
					case n < 1000 && k == "roc_auc":
						// DeLong's own coverage at n = 50 (20
						// positives) is 0.927 unweighted over 5000
						// data sets of this design (docs/ci.md)
						lo = 0.91
					}
					if !(c >= lo && c <= 0.97) {
						t.Errorf("%s: %s covers %.3f, want %.2f–0.97", name, k, c, lo)
					}
				}
			})
		}
	}
}

// TestWeightedCIGolden checks the weighted intervals of the golden CLI
// data against tools/oracle/rank_weighted_ci.py (scikit-learn's weighted
// AUC and losses, numpy/scipy row-by-row implementations of the
// intervals' definitions): testdata/weighted_ci.json.
func TestWeightedCIGolden(t *testing.T) {
	raw, err := os.ReadFile("testdata/weighted_ci.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Models map[string]map[string]any `json:"models"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	csv, err := os.ReadFile("../cmd/evalkit/testdata/cli/rank_weighted.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")[1:]
	for col, name := range []string{"a", "b"} {
		var score, w []float64
		var pos []bool
		for _, l := range lines {
			f := strings.Split(l, ",")
			s, _ := strconv.ParseFloat(f[1+col], 64)
			wi, _ := strconv.ParseFloat(f[3], 64)
			score, pos, w = append(score, s), append(pos, f[0] == "1"), append(w, wi)
		}
		tb, err := NewTable(score, pos, w)
		if err != nil {
			t.Fatal(err)
		}
		r := ciReport(t, tb, hyptest.CIOptions{Bootstrap: 50})
		want := g.Models[name]
		v, _ := tb.DeLongVar()
		if math.Abs(v-want["roc_auc_variance"].(float64)) > 1e-15 {
			t.Errorf("%s: variance %v, oracle %v", name, v, want["roc_auc_variance"])
		}
		for _, k := range []string{"roc_auc", "log_loss", "brier"} {
			iv := r.Intervals[k]
			ci := want[k+"_ci"].([]any)
			if k == "log_loss" {
				// the oracle's t-interval, taken to the scale of log(mean)
				lo, hi := logScale(ci[0].(float64), ci[1].(float64))
				ci = []any{lo, hi}
			}
			if math.Abs(iv.Low-ci[0].(float64)) > 1e-12 || math.Abs(iv.High-ci[1].(float64)) > 1e-12 {
				t.Errorf("%s %s: [%v, %v], oracle %v", name, k, iv.Low, iv.High, ci)
			}
		}
	}
}

// TestAddIntervalsWeightedUnit: the whole of AddIntervals on a weighted
// table of unit weights gives the unweighted intervals — DeLong's ends to
// the bit, the t-intervals and the bootstrap's (same draws, the weighted
// sweep) to 1e-12 — and the weighted intervals are the same bits on 1, 2
// and 5 workers.
func TestAddIntervalsWeightedUnit(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for trial := range 6 {
		var b Builder
		for range 60 + 20*trial {
			p := rng.IntN(5) < 2
			s := 1 / (1 + math.Exp(-rng.NormFloat64()-b2f(p)))
			if trial%2 == 0 {
				s = math.Round(s*20) / 20
			}
			if p {
				b.AddPositive(s)
			} else {
				b.AddNegative(s)
			}
		}
		u := b.Table()
		w := unitWeighted(u)
		for _, blocks := range []int{0, 15} {
			ci := hyptest.CIOptions{Bootstrap: 300, Seed: uint64(trial), Workers: 1}
			ru := ciReportBlocks(t, u, ci, blocks)
			rw := ciReportBlocks(t, w, ci, blocks)
			for k, iu := range ru.Intervals {
				iw, ok := rw.Intervals[k]
				if !ok {
					t.Fatalf("trial %d blocks %d: %s missing weighted", trial, blocks, k)
				}
				exact := k == "roc_auc" || k == "rank_loss"
				if exact && (iu.Low != iw.Low || iu.High != iw.High) ||
					math.Abs(iu.Low-iw.Low) > 1e-12 || math.Abs(iu.High-iw.High) > 1e-12 {
					t.Errorf("trial %d blocks %d: %s weighted [%v, %v] (%s), unweighted [%v, %v] (%s)",
						trial, blocks, k, iw.Low, iw.High, iw.Method, iu.Low, iu.High, iu.Method)
				}
			}
			for _, workers := range []int{2, 5} {
				ci.Workers = workers
				r2 := ciReportBlocks(t, w, ci, blocks)
				for k, iv := range rw.Intervals {
					if a, b := r2.Intervals[k], iv; a.Low != b.Low || a.High != b.High {
						t.Errorf("trial %d: %d workers: %s differs", trial, workers, k)
					}
				}
			}
		}
	}
}
