package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sliceRows writes n generated rows for every task, with the slicing
// columns g (five values, one rare) and h (two), to a CSV file in dir.
func sliceRows(t *testing.T, dir string, n int, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 24))
	var b strings.Builder
	b.WriteString("g,h,y_true,y_pred,m2,y_score,s2,p_a,p_b,p_c,y,yhat,y2,w,k_true,k_pred,k2\n")
	groups := []string{"de", "fr", "it", "es", "lu"}
	lab := []string{"a", "b", "c"}
	for range n {
		g := groups[rng.IntN(4)]
		if rng.IntN(40) == 0 {
			g = "lu"
		}
		c := rng.IntN(3)
		pred := c
		if rng.IntN(3) == 0 {
			pred = rng.IntN(3)
		}
		pa, pb, pc := rng.Float64(), rng.Float64(), rng.Float64()
		s := pa + pb + pc
		y := rng.NormFloat64() * 10
		fmt.Fprintf(&b, "%s,%v,%s,%s,%s,%.2f,%.3f,%.6f,%.6f,%.6f,%.5f,%.5f,%.5f,%d,k%d,k%d,k%d\n",
			g, rng.IntN(2) == 0, lab[c], lab[pred], lab[rng.IntN(3)],
			float64(c%2)*0.3+rng.Float64(), rng.Float64(), pa/s, pb/s, 1-pa/s-pb/s,
			y, y+rng.NormFloat64()*3, y+rng.NormFloat64()*5, 1+rng.IntN(3), c, pred, rng.IntN(4))
	}
	path := filepath.Join(dir, "slices.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// --by in evalkit-beam: the overall result, every slice's, the
// disparities and the warnings are the bytes evalkit prints for the
// concatenated input, for every task, one model and several, split into
// 1, 3 and 7 files.
func TestSlices(t *testing.T) {
	file := sliceRows(t, t.TempDir(), 400, 1)
	for _, tc := range [][]string{
		{"classify", "--by", "g"},
		{"classify", "--by", "g,h", "--by", "h", "--weight", "w", "--min-slice-rows", "20"},
		{"classify", "--by", "g", "--pred", "y_pred,m2"},
	} {
		for _, parts := range []int{1, 3, 7} {
			t.Run(fmt.Sprintf("%v/%d", tc, parts), func(t *testing.T) {
				same(t, tc[0], file, parts, uint64(parts), tc[1:]...)
			})
		}
	}
}
