package rank

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// multiRows draws n rows of k classes (probabilities in tenths when ties,
// so that scores tie), class i mod k for row i.
func multiRows(rng *rand.Rand, n, k int, ties bool) (ys []int, ps [][]float64) {
	for i := range n {
		p := make([]float64, k)
		var s float64
		y := i % k
		for j := range p {
			p[j] = rng.Float64()
			if j == y {
				p[j] += 0.7
			}
			s += p[j]
		}
		for j := range p {
			p[j] /= s
		}
		if ties {
			var t float64
			for j := range k - 1 {
				p[j] = math.Round(p[j]*10) / 10
				t += p[j]
			}
			p[k-1] = max(0, 1-t)
			if t > 1 {
				p[0] -= t - 1
			}
		}
		ys, ps = append(ys, y), append(ps, p)
	}
	return ys, ps
}

func multiState(t *testing.T, k int, ys []int, ps [][]float64, w func(i int) float64) *Multiclass {
	b := NewMultiBuilder(k)
	for i, y := range ys {
		if err := b.Add(y, ps[i], w(i)); err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
	}
	return b.Result()
}

func multiIntervals(t *testing.T, m *Multiclass) *MulticlassReport {
	t.Helper()
	opt := DefaultOptions()
	opt.K = 2
	classes := []string{"a", "b", "c", "d"}[:m.K]
	r, err := NewMulticlassReport(m, classes, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddIntervals(m, hyptest.CIOptions{}); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestMulticlassWeightedConstant: rows all of weight 2 give the
// unweighted intervals (Kish's n is then n, the weighted DeLong variance
// DeLong's, Wilson of p·n successes in n trials Wilson's) to 1e-12, each
// under its weighted method's name.
func TestMulticlassWeightedConstant(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range []int{3, 4} {
		for _, ties := range []bool{false, true} {
			ys, ps := multiRows(rng, 90, k, ties)
			ru := multiIntervals(t, multiState(t, k, ys, ps, func(int) float64 { return 1 }))
			rw := multiIntervals(t, multiState(t, k, ys, ps, func(int) float64 { return 2 }))
			if len(ru.Intervals) != 7+k || len(rw.Intervals) != len(ru.Intervals) {
				t.Fatalf("k=%d: %d unweighted intervals, %d weighted; warnings %q", k, len(ru.Intervals), len(rw.Intervals), rw.Warnings)
			}
			rename := map[string]string{hyptest.CIDeLong: hyptest.CIDeLongWeighted, hyptest.CIT: hyptest.CITWeighted, hyptest.CIWilson: "wilson-kish", hyptest.CIDeLongBound: hyptest.CIDeLongBound, hyptest.CIDeltaLogNormal: hyptest.CIDeltaLogNormal}
			for key, iu := range ru.Intervals {
				iw := rw.Intervals[key]
				if math.Abs(iu.Low-iw.Low) > 1e-12 || math.Abs(iu.High-iw.High) > 1e-12 || iw.Method != rename[iu.Method] {
					t.Errorf("k=%d ties=%v %s: weighted [%v, %v] %s, unweighted [%v, %v] %s", k, ties, key, iw.Low, iw.High, iw.Method, iu.Low, iu.High, iu.Method)
				}
			}
		}
	}
}

// TestMulticlassWeightedDirect: the weighted intervals of top-k accuracy
// and log loss equal their definitions computed row by row (Kish's
// n_e = W²/Σw²; Wilson of p·n_e in n_e; the weighted mean's t-interval
// with Var = n_e/(n_e − 1)·Σ w²(ℓ − m)²/W²), and each class's one-vs-rest
// interval is its OvR table's [Table.AUCCI].
func TestMulticlassWeightedDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const k = 3
	ys, ps := multiRows(rng, 120, k, true)
	ws := make([]float64, len(ys))
	for i := range ws {
		ws[i] = 0.2 + 3*rng.Float64()
		if i%17 == 0 {
			ws[i] = 0
		}
	}
	m := multiState(t, k, ys, ps, func(i int) float64 { return ws[i] })
	r := multiIntervals(t, m)
	var W, Q, hit, wl float64
	for i, y := range ys {
		w := ws[i]
		W, Q = W+w, Q+w*w
		rk := 0
		for j, v := range ps[i] {
			if v > ps[i][y] || (v == ps[i][y] && j > y) {
				rk++
			}
		}
		if rk < 2 {
			hit += w
		}
		wl += w * rowLogLoss(ps[i], y)
	}
	ne := W * W / Q
	want, _ := hyptest.ProportionCI(hit/W*ne, ne, 0.95, hyptest.CIWilson)
	checkIv(t, "top_k_accuracy", r.Intervals["top_k_accuracy"], want.Low, want.High, "wilson-kish")
	mean := wl / W
	var S float64
	for i, y := range ys {
		d := rowLogLoss(ps[i], y) - mean
		S += ws[i] * ws[i] * d * d
	}
	tq, _ := hyptest.TCritical(0.95, ne-1)
	h := tq * math.Sqrt(ne/(ne-1)*S/(W*W))
	lo, hi := logScale(mean-h, mean+h)
	checkIv(t, "log_loss", r.Intervals["log_loss"], lo, hi, hyptest.CIDeltaLogNormal)
	for j := range k {
		_, lo, hi, err := m.OvR(j).AUCCI(0.95)
		if err != nil {
			t.Fatal(err)
		}
		checkIv(t, "per_class", r.Intervals[[]string{"per_class.0.roc_auc_ovr", "per_class.1.roc_auc_ovr", "per_class.2.roc_auc_ovr"}[j]], lo, hi, hyptest.CIDeLongWeighted)
	}
}

func checkIv(t *testing.T, key string, iv hyptest.Interval, lo, hi float64, method string) {
	t.Helper()
	if math.Abs(iv.Low-lo) > 1e-12 || math.Abs(iv.High-hi) > 1e-12 || iv.Method != method {
		t.Errorf("%s: [%v, %v] %s, want [%v, %v] %s", key, iv.Low, iv.High, iv.Method, lo, hi, method)
	}
}

// TestMulticlassSqMerge: the sums of squared weights are the same values
// however the rows are split and merged — unit-weight rows before the
// first weighted one, a unit-weight part merged into a weighted one and
// the reverse, MergeMulticlass of parts (the unit part encoded as
// version 3, decoded) — and the statistic of unit-weight rows is still
// written as version 3.
func TestMulticlassSqMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const k = 3
	ys, ps := multiRows(rng, 200, k, true)
	w := func(i int) float64 {
		if i < 80 {
			return 1
		}
		return 0.5 + float64(i%7)/4
	}
	one := multiState(t, k, ys, ps, w)
	if one.sq == nil || !one.Weighted {
		t.Fatal("weighted rows kept no sums of squared weights")
	}
	unit, wtd := multiState(t, k, ys[:80], ps[:80], w), multiState(t, k, ys[80:], ps[80:], func(i int) float64 { return w(i + 80) })
	if unit.Weighted || unit.sq != nil {
		t.Fatal("unit weights: weighted statistic")
	}
	data, _ := unit.MarshalBinary()
	if data[0] != multiclassHingeVersion {
		t.Fatalf("unit weights written as version %d", data[0])
	}
	var dec Multiclass
	if err := dec.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]*Multiclass{"unit+weighted": MergeMulticlass(&dec, wtd), "weighted+unit": MergeMulticlass(wtd, unit)} {
		if !sameSq(m.sq, one.sq) {
			t.Errorf("%s: sums of squared weights differ", name)
		}
	}
	for _, order := range []bool{false, true} {
		a, b := NewMultiBuilder(k), NewMultiBuilder(k)
		for i, y := range ys {
			if i < 80 {
				a.Add(y, ps[i], w(i))
			} else {
				b.Add(y, ps[i], w(i))
			}
		}
		if order {
			b.Merge(a)
			if !sameSq(b.Result().sq, one.sq) {
				t.Error("weighted builder merged with a unit one: sums differ")
			}
		} else {
			a.Merge(b)
			if !sameSq(a.Result().sq, one.sq) {
				t.Error("unit builder merged with a weighted one: sums differ")
			}
		}
	}
}

// TestMulticlassWeightedLegacy: a weighted statistic of encoding version
// 3 (no sums of squared weights) gets its AUC intervals from its tables
// and none for top-k accuracy and log loss, with a warning; so does its
// merge with a current weighted one. Version 8 round-trips.
func TestMulticlassWeightedLegacy(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const k = 3
	ys, ps := multiRows(rng, 90, k, false)
	m := multiState(t, k, ys, ps, func(i int) float64 { return 1 + float64(i%3) })
	old := *m
	old.Weighted, old.sq, old.Argmax, old.NoHinge = false, nil, nil, true // as version 3 wrote it
	data, _ := old.MarshalBinary()
	if data[0] != 3 {
		t.Fatalf("version %d", data[0])
	}
	var dec Multiclass
	if err := dec.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*Multiclass{"decoded": &dec, "merged": MergeMulticlass(m, &dec)} {
		r := multiIntervals(t, s)
		_, tk := r.Intervals["top_k_accuracy"]
		_, ll := r.Intervals["log_loss"]
		if tk || ll || len(r.Intervals) != 4+k || !strings.Contains(strings.Join(r.Warnings, "\n"), "encoding version 3") {
			t.Errorf("%s: intervals %v, warnings %q", name, r.Intervals, r.Warnings)
		}
		if enc, _ := s.MarshalBinary(); name == "merged" && enc[0] != multiclassWeightedVersion {
			t.Errorf("merged: version %d", enc[0])
		}
	}
	enc, _ := m.MarshalBinary()
	var back Multiclass
	if err := back.UnmarshalBinary(enc); err != nil {
		t.Fatal(err)
	}
	if again, _ := back.MarshalBinary(); !bytes.Equal(again, enc) || !sameSq(back.sq, m.sq) {
		t.Error("version 8 round trip changed the statistic")
	}
}

// TestMulticlassWeightedCIGolden checks the weighted multiclass measures
// and intervals of the golden CLI data (rank_multi_weighted.csv) against
// tools/oracle/rank_multiclass_weighted_ci.py (scikit-learn's weighted
// AUCs, log loss and top-k accuracy; numpy/scipy/statsmodels row-by-row
// implementations of the intervals' definitions) to 1e-12:
// testdata/multiclass_weighted_ci.json.
func TestMulticlassWeightedCIGolden(t *testing.T) {
	raw, err := os.ReadFile("testdata/multiclass_weighted_ci.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		K         int                         `json:"k"`
		Values    map[string]float64          `json:"values"`
		Intervals map[string]hyptest.Interval `json:"intervals"`
	}
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	csv, err := os.ReadFile("../cmd/evalkit/testdata/cli/rank_multi_weighted.csv")
	if err != nil {
		t.Fatal(err)
	}
	classes := []string{"cat", "dog", "eel"}
	b := NewMultiBuilder(3)
	for _, l := range strings.Split(strings.TrimSpace(string(csv)), "\n")[1:] {
		f := strings.Split(l, ",")
		p := make([]float64, 3)
		for j := range p {
			p[j], _ = strconv.ParseFloat(f[1+j], 64)
		}
		w, _ := strconv.ParseFloat(f[4], 64)
		if err := b.Add(slices.Index(classes, f[0]), p, w); err != nil {
			t.Fatal(err)
		}
	}
	m := b.Result()
	opt := DefaultOptions()
	opt.K = g.K
	r, err := NewMulticlassReport(m, classes, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddIntervals(m, hyptest.CIOptions{}); err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{"roc_auc_ovr_macro": r.ROCAUCOvRMacro, "roc_auc_ovr_weighted": r.ROCAUCOvRWeighted,
		"roc_auc_ovo_macro": r.ROCAUCOvOMacro, "roc_auc_ovo_weighted": r.ROCAUCOvOWeighted, "log_loss": r.LogLoss, "hinge_loss": *r.HingeLoss, "top_k_accuracy": r.TopKAccuracy}
	for j, c := range r.PerClass {
		got[fmt.Sprintf("per_class.%d.roc_auc_ovr", j)] = c.ROCAUC
	}
	if len(g.Values) != len(got) || len(g.Intervals) != len(r.Intervals) {
		t.Fatalf("%d values, %d intervals; oracle %d, %d (warnings %q)", len(got), len(r.Intervals), len(g.Values), len(g.Intervals), r.Warnings)
	}
	for key, want := range g.Values {
		if math.Abs(got[key]-want) > 1e-12 {
			t.Errorf("%s = %v, oracle %v", key, got[key], want)
		}
	}
	for key, want := range g.Intervals {
		if key == "log_loss" {
			// the oracle's t-interval, taken to the scale of log(mean)
			want.Low, want.High = logScale(want.Low, want.High)
			want.Method = hyptest.CIDeltaLogNormal
		}
		checkIv(t, key, r.Intervals[key], want.Low, want.High, want.Method)
	}
}

// logScale returns the t-interval [lo, hi] of a mean taken to the scale
// of log(mean), as logLossCI does: m·exp(±h/m) for its midpoint m and
// half-width h.
func logScale(lo, hi float64) (float64, float64) {
	m, h := (lo+hi)/2, (hi-lo)/2
	f := math.Exp(h / m)
	return m / f, m * f
}
