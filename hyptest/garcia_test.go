package hyptest

import (
	"encoding/csv"
	"os"
	"strconv"
	"testing"
)

// testdata/garcia_herrera_2008.csv: the accuracies of C4.5, 1-NN, Naive
// Bayes, Kernel and CN2 on 30 data sets of García & Herrera's (2008)
// example, as distributed with the R package scmamp (data.gh.2008;
// github.com/b0rxa/scmamp data/data_gh_2008.RData at 3cf4d8b, written out
// with Rscript write.csv).
func readGarciaHerrera(t *testing.T) [][]float64 {
	t.Helper()
	f, err := os.Open("testdata/garcia_herrera_2008.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out [][]float64
	for _, r := range recs[1:] {
		var row []float64
		for _, v := range r[1:] {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			row = append(row, x)
		}
		out = append(out, row)
	}
	return out
}

// The expected numbers are printed (to the digits shown) in scmamp's
// vignette "Statistical assessment of the differences" (vignettes/*.html
// at 3cf4d8b) on data.gh.2008:
// friedmanTest χ² = 39.647, imanDavenportTest 14.309, the average ranks
// 2.1, 3.25, 2.2, 4.333333, 3.116667, and friedmanPost's matrix of
// unadjusted p-values (7 significant digits).
func TestGarciaHerreraFriedman(t *testing.T) {
	scores := readGarciaHerrera(t)
	r, err := Friedman(scores, FriedmanOptions{PostHoc: PostHocHolm})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"χ²", r.ChiSquare, 39.647, 5e-4}, {"Iman–Davenport", r.ImanDavenport, 14.309, 5e-4},
		{"rank C4.5", r.AvgRanks[0], 2.1, 1e-12}, {"rank 1-NN", r.AvgRanks[1], 3.25, 1e-12},
		{"rank NB", r.AvgRanks[2], 2.2, 1e-12}, {"rank Kernel", r.AvgRanks[3], 4.333333, 5e-7},
		{"rank CN2", r.AvgRanks[4], 3.116667, 5e-7},
	} {
		if d := c.got - c.want; d > c.tol || d < -c.tol {
			t.Errorf("%s = %v, scmamp prints %v", c.name, c.got, c.want)
		}
	}
	// friedmanPost(data.gh.2008), pairs in the order of Pairs(5).
	raw := []float64{0.004848763, 8.064959e-01, 4.486991e-08, 0.012763008,
		1.011233e-02, 7.963489e-03, 0.743971478,
		1.736118e-07, 0.024744672,
		0.002880485}
	for i, p := range r.PostHoc.Pairs {
		if !approxEq(p.P, raw[i], 1e-6, 0) {
			t.Errorf("pair %d (%d, %d): p = %v, scmamp %v", i, p.A, p.B, p.P, raw[i])
		}
	}
}

// scmamp's vignette adjusts the p-values of Friedman's aligned-ranks
// post-hoc test on data.gh.2008 (printed to 7 significant digits) with
// adjustShaffer and adjustBergmannHommel; the same inputs must give its
// printed outputs (to the 7 digits, 2e-6 relative).
func TestShafferBergmannScmamp(t *testing.T) {
	// Pairs in the order of Pairs(5): C4.5–1NN, C4.5–NB, C4.5–Kernel,
	// C4.5–CN2, 1NN–NB, 1NN–Kernel, 1NN–CN2, NB–Kernel, NB–CN2, Kernel–CN2.
	raw := []float64{1.174850e-03, 3.341698e-01, 2.843421e-10, 1.845167e-02,
		2.265711e-02, 2.197407e-03, 3.742777e-01,
		9.226472e-08, 1.643229e-01,
		7.793722e-05}
	shaffer := []float64{7.049103e-03, 6.683396e-01, 2.843421e-09, 7.380668e-02,
		9.062842e-02, 1.318444e-02, 6.683396e-01,
		5.535883e-07, 4.929688e-01,
		4.676233e-04}
	bergmann := []float64{7.049103e-03, 6.683396e-01, 2.843421e-09, 5.535501e-02,
		6.797132e-02, 8.789629e-03, 6.683396e-01,
		5.535883e-07, 1.643229e-01,
		3.117489e-04}
	sh, err := ShafferStatic(raw, 5)
	if err != nil {
		t.Fatal(err)
	}
	bh, err := BergmannHommel(raw, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i := range raw {
		if !approxEq(sh[i], shaffer[i], 2e-6, 0) {
			t.Errorf("Shaffer pair %d: %v, scmamp %v", i, sh[i], shaffer[i])
		}
		if !approxEq(bh[i], bergmann[i], 2e-6, 0) {
			t.Errorf("Bergmann–Hommel pair %d: %v, scmamp %v", i, bh[i], bergmann[i])
		}
	}
}
