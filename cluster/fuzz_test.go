package cluster

import (
	"math"
	"testing"
)

// FuzzContingency: for any labels and weights, the contingency formulas
// equal the pair loop, and every index is finite or NaN with a warning.
func FuzzContingency(f *testing.F) {
	f.Add([]byte{0, 0, 1, 1, 2, 2}, []byte{0, 1, 0, 1, 0, 1}, []byte{1, 1, 1, 1, 1, 1})
	f.Add([]byte{5}, []byte{7}, []byte{3})
	f.Add([]byte{1, 2, 3, 4}, []byte{4, 3, 2, 1}, []byte{})
	f.Add([]byte{0, 0, 0}, []byte{0, 0, 0}, []byte{0, 0, 2})
	f.Fuzz(func(t *testing.T, tb, pb, wb []byte) {
		n := min(len(tb), len(pb), 40)
		truth, pred := make([]int, n), make([]int, n)
		for i := range n {
			truth[i], pred[i] = int(tb[i]%16)-3, int(pb[i]%16)
		}
		var w []int64
		if len(wb) >= n && n > 0 {
			w = make([]int64, n)
			for i := range w {
				w[i] = int64(wb[i] % 4)
			}
		}
		tab, err := NewContingency(truth, pred, w)
		if err != nil {
			return
		}
		r, err := tab.External(1)
		if err != nil {
			t.Fatal(err)
		}
		if want := brutePairs(truth, pred, w); r.Pairs != want {
			t.Fatalf("pairs %+v, pair loop %+v", r.Pairs, want)
		}
		for _, v := range []float64{r.Jaccard, r.FowlkesMallows, r.RandIndex, r.Homogeneity, r.Completeness, r.VMeasure, r.Purity, r.NMI[Arithmetic]} {
			if !(v >= 0 && v <= 1+1e-12) {
				t.Fatalf("index out of [0, 1]: %+v", r)
			}
		}
		for _, v := range r.AMI {
			if math.IsNaN(v) && len(r.Warnings) == 0 {
				t.Fatal("NaN AMI without a warning")
			}
		}
	})
}

// FuzzInternal: any small feature matrix gives indices in range or NaN
// with a warning, never a panic.
func FuzzInternal(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, []byte{0, 0, 1, 1}, uint8(2), uint8(0))
	f.Add([]byte{3, 3, 3, 3}, []byte{0, 1, 0, 1}, uint8(1), uint8(2))
	f.Add([]byte{0, 9}, []byte{0}, uint8(2), uint8(1))
	f.Fuzz(func(t *testing.T, xb, lb []byte, dimb, mb uint8) {
		dim := int(dimb%4) + 1
		n := min(len(lb), len(xb)/dim, 60)
		if n == 0 {
			return
		}
		x := make([]float64, n*dim)
		for i := range x {
			x[i] = float64(int(xb[i])-128) / 8
		}
		labels := make([]int, n)
		for i := range labels {
			labels[i] = int(lb[i] % 8)
		}
		r, err := EvaluateInternal(x, dim, labels, InternalOptions{Metric: Metric(mb % 3), Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if !math.IsNaN(r.Silhouette) && !(r.Silhouette >= -1-1e-12 && r.Silhouette <= 1+1e-12) {
			t.Fatalf("silhouette %v", r.Silhouette)
		}
		for _, v := range []float64{r.Silhouette, r.Dunn, r.DaviesBouldin, r.DaviesBouldinAvgPair, r.CalinskiHarabasz} {
			if math.IsNaN(v) && len(r.Warnings) == 0 {
				t.Fatalf("NaN without a warning: %+v", r)
			}
			if math.IsInf(v, 0) {
				t.Fatalf("infinite index: %+v", r)
			}
		}
	})
}
