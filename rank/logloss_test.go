package rank

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// heavyLosses draws n per-row log losses: a row's probability for its
// true class is U(0.3, 1), except with probability q, when it is
// 10^U(−15, −4) (a near-zero probability for the true class: a loss of
// 9 to 35). Their mean is
//
//	μ = (1 − q)·(0.7 + 0.3·ln 0.3)/0.7 + q·9.5·ln 10
//
// (E[−ln p] for p ~ U(a, 1) is (1 − a + a ln a)/(1 − a); for p = 10^−U,
// U ~ U(4, 15), it is E[U]·ln 10).
func heavyLosses(rng *rand.Rand, n int, q float64, out []float64) []float64 {
	out = out[:0]
	for range n {
		p := 0.3 + 0.7*rng.Float64()
		if rng.Float64() < q {
			p = math.Pow(10, -4-11*rng.Float64())
		}
		out = append(out, -math.Log(p))
	}
	return out
}

func heavyMean(q float64) float64 {
	return (1-q)*(0.7+0.3*math.Log(0.3))/0.7 + q*9.5*math.Log(10)
}

// TestLogLossCICoverage measures, over 2000 simulated data sets a
// setting, how often the 95% interval of the mean log loss covers the
// population mean: the t-interval on the losses and logLossCI's
// t-interval on the scale of log(mean). With light tails (q = 0) both
// cover at their level; with a few near-zero probabilities for the true
// class (q > 0) both cover less, since a sample without an extreme row
// cannot see the mean's share of them, and the log scale covers more
// often in every setting, and never gives a low end of 0.
func TestLogLossCICoverage(t *testing.T) {
	type setting struct {
		n int
		q float64
	}
	const reps = 2000
	rng := rand.New(rand.NewPCG(25, 3))
	var buf []float64
	var lines []string
	for _, s := range []setting{{50, 0}, {200, 0}, {100, 0.02}, {200, 0.01}, {200, 0.03}, {100, 0.05}, {1000, 0.01}, {500, 0.02}} {
		mu := heavyMean(s.q)
		var hitT, hitLog, zeroLow int
		for range reps {
			buf = heavyLosses(rng, s.n, s.q, buf)
			var sum, sq float64
			for _, l := range buf {
				sum += l
			}
			n := float64(s.n)
			mean := sum / n
			for _, l := range buf {
				sq += (l - mean) * (l - mean)
			}
			v := sq / (n - 1)
			ti, err := logLossCI(n, mean, v, 0.95)
			if err != nil {
				t.Fatal(err)
			}
			d := mean * math.Log(ti.High/mean) // t·√(v/n), as logLossCI used it
			if lo := max(0, mean-d); lo <= mu && mu <= mean+d {
				hitT++
			}
			if ti.Low <= mu && mu <= ti.High {
				hitLog++
			}
			if !(ti.Low > 0) {
				zeroLow++
			}
		}
		cT, cLog := float64(hitT)/reps, float64(hitLog)/reps
		lines = append(lines, fmt.Sprintf("n=%d q=%v (%.1f extreme rows expected): t %.3f, t on log scale %.3f", s.n, s.q, float64(s.n)*s.q, cT, cLog))
		switch {
		case zeroLow > 0:
			t.Errorf("n=%d q=%v: %d intervals with a low end of 0", s.n, s.q, zeroLow)
		case s.q == 0 && !(cLog >= 0.93 && cLog <= 0.97):
			t.Errorf("n=%d light tails: coverage %.3f", s.n, cLog)
		case s.q > 0 && cLog < cT:
			t.Errorf("n=%d q=%v: log scale covers %.3f, less than the t-interval's %.3f", s.n, s.q, cLog, cT)
		case float64(s.n)*s.q >= 5 && cLog < 0.9:
			t.Errorf("n=%d q=%v: log scale covers %.3f", s.n, s.q, cLog)
		}
	}
	t.Log("coverage of 95% intervals of the mean log loss:\n" + strings.Join(lines, "\n"))
}

// TestLogLossCI: logLossCI is mean·exp(±h/mean) for the t-interval's
// half-width h: scipy 1.10, with h = t.ppf(0.975, 9)·√(0.09/10),
// 0.5/exp(h/0.5) = 0.32551025119867966 and 0.5·exp(h/0.5) =
// 0.7680249671996016 (within 1e-10: hyptest's t quantile agrees with
// scipy's to about 1e-11); and [0, 0] for a mean of 0.
func TestLogLossCI(t *testing.T) {
	iv, err := logLossCI(10, 0.5, 0.09, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if d := max(math.Abs(iv.Low/0.32551025119867966-1), math.Abs(iv.High/0.7680249671996016-1)); d > 1e-10 || iv.Method != "delta-lognormal" {
		t.Errorf("got %+v", iv)
	}
	if iv, err := logLossCI(10, 0, 0, 0.95); err != nil || iv.Low != 0 || iv.High != 0 {
		t.Errorf("mean 0: %+v %v", iv, err)
	}
}

// TestTopLossWarning: one row of near-zero probability for its true
// class is named (multiclass: its data row; binary: its class and
// score) when it carries more than TopLossShare of the summed log loss,
// also after the rows were split and merged; rows of ordinary losses
// give no warning.
func TestTopLossWarning(t *testing.T) {
	rows := [][]float64{{0.7, 0.2, 0.1}, {0.2, 0.7, 0.1}, {0.1, 0.2, 0.7}, {0.6, 0.3, 0.1}, {0.3, 0.6, 0.1}}
	ys := []int{0, 1, 2, 0, 1}
	build := func(bad bool, split int) *Multiclass {
		a, b := NewMultiBuilder(3), NewMultiBuilder(3)
		for i := range 40 {
			p, y := rows[i%5], ys[i%5]
			if bad && i == 26 {
				p, y = []float64{1e-12, 0.5, 0.5 - 1e-12}, 0
			}
			into := a
			if i >= split {
				into = b
			}
			if err := into.Add(y, p, 1); err != nil {
				t.Fatal(err)
			}
		}
		return MergeMulticlass(a.Result(), b.Result())
	}
	for _, split := range []int{0, 10, 26, 27, 40} {
		m := build(true, split)
		if m.Top.Row != 26 || m.Rows != 40 {
			t.Errorf("split %d: top %+v, rows %d", split, m.Top, m.Rows)
		}
		rep, err := NewMulticlassReport(m, []string{"a", "b", "c"}, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		if w := strings.Join(rep.Warnings, "\n"); !strings.Contains(w, "data row 27 (counting from 1) carries") {
			t.Errorf("split %d: warnings %q", split, w)
		}
		data, _ := m.MarshalBinary()
		var dec Multiclass
		if err := dec.UnmarshalBinary(data); err != nil || dec.Top != m.Top || dec.Rows != m.Rows {
			t.Errorf("split %d: decoded %+v %d, %v", split, dec.Top, dec.Rows, err)
		}
	}
	if rep, _ := NewMulticlassReport(build(false, 13), []string{"a", "b", "c"}, DefaultOptions()); strings.Contains(strings.Join(rep.Warnings, "\n"), "summed log loss") {
		t.Errorf("ordinary rows: %q", rep.Warnings)
	}
	// binary
	var b Builder
	for i := range 40 {
		s, pos := 0.2+0.6*float64(i%5)/4, i%2 == 0
		if i == 7 {
			s, pos = 1e-12, true
		}
		if err := b.Add(s, pos, 1); err != nil {
			t.Fatal(err)
		}
	}
	opt := DefaultOptions()
	opt.PosLabel = "1"
	rep, err := NewReport(b.Table(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if w := strings.Join(rep.Warnings, "\n"); !strings.Contains(w, `the row of class "1" scored 1e-12 carries`) {
		t.Errorf("binary: warnings %q", w)
	}
}
