package rank

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
)

// The report of a table in memory is one sweep of its blocks
// (sweepReport); with Figures it is assembled from the methods, one pass
// each, with the full curves thinned afterwards. Both give the same bits,
// across table sizes around the block size, ties, weights (fractional
// ones too), scores outside [0, 1] and the options that change the
// passes.
func TestSweepSameAsMethods(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for trial := range 60 {
		n := []int{3, 40, sweepRows - 1, sweepRows + 1, 3*sweepRows + 17}[trial%5]
		ties, weighted := trial%2 == 0, trial%3 != 0
		s, p, w := randomData(r, n, ties, weighted)
		if trial%4 == 1 {
			for i := range w {
				w[i] = r.Float64() * 3 // fractional: compensated sums
			}
		}
		if trial%5 < 3 {
			for i := range s {
				s[i] = min(1, max(0, (s[i]+3)/7)) // probabilities
			}
		}
		tb, err := NewTable(s, p, w)
		if err != nil {
			t.Fatal(err)
		}
		opt := DefaultOptions()
		opt.CurvePoints = []int{10000, 0, 5}[trial%3]
		if trial%7 < 3 {
			opt.MaxFPR = []float64{0.25, 1, 0.6}[trial%7]
		}
		if trial%2 == 1 {
			opt.CalStrategy = "quantile"
		}
		name := fmt.Sprintf("trial %d (n %d, ties %v, weighted %v, %+v)", trial, n, ties, weighted, opt)
		got, err := NewReport(tb, opt)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		opt.Figures = true
		want, err := NewReport(tb, opt)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if string(gj) != string(wj) {
			t.Errorf("%s:\nsweep   %s\nmethods %s", name, gj, wj)
		}
	}
}
