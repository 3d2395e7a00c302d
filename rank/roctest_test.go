package rank

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// TestROCTestSize checks the size of BootstrapTest and VenkatramanTest
// under the null, paired and unpaired: on 400 data sets of 60 rows whose
// two scores have the same distribution (paired: exchangeable within a
// row), each tested with 200 replicates, the two-sided test at 5% rejects
// between 2% and 9% of them (the binomial's 99.9% range about 5% is
// 2.0%–8.8%), and each one-sided bootstrap test at most 9%.
func TestROCTestSize(t *testing.T) {
	if testing.Short() {
		t.Skip("simulation")
	}
	const sets, n, reps = 400, 60, 200
	rng := rand.New(rand.NewPCG(11, 12))
	for _, paired := range []bool{true, false} {
		for _, method := range []string{"bootstrap", "venkatraman"} {
			reject, greater, less := 0, 0, 0
			for range sets {
				posA, sa := make([]bool, n), make([]float64, n)
				posB, sb := make([]bool, n), make([]float64, n)
				for i := range n {
					posA[i] = rng.Float64() < 0.4
					mu := 0.0
					if posA[i] {
						mu = 0.8
					}
					common := rng.NormFloat64()
					sa[i] = math.Round(10*(mu+common+rng.NormFloat64())) / 10
					if paired {
						posB[i] = posA[i]
						sb[i] = math.Round(10*(mu+common+rng.NormFloat64())) / 10
					} else {
						posB[i] = rng.Float64() < 0.4
						mu = 0
						if posB[i] {
							mu = 0.8
						}
						sb[i] = math.Round(10*(mu+rng.NormFloat64()*math.Sqrt2)) / 10
					}
				}
				test := BootstrapTest
				if method == "venkatraman" {
					test = VenkatramanTest
				}
				r, err := test(posA, sa, posB, sb, paired, reps, rng)
				if err != nil {
					continue // a sample without a class
				}
				if r.PValue(hyptest.TwoSided) < 0.05 {
					reject++
				}
				if method == "bootstrap" {
					if r.PValue(hyptest.Greater) < 0.05 {
						greater++
					}
					if r.PValue(hyptest.Less) < 0.05 {
						less++
					}
				}
			}
			rate := float64(reject) / sets
			t.Logf("%s paired=%v: size %.3f (greater %.3f, less %.3f)", method, paired, rate, float64(greater)/sets, float64(less)/sets)
			if rate < 0.02 || rate > 0.09 || float64(greater)/sets > 0.09 || float64(less)/sets > 0.09 {
				t.Errorf("%s paired=%v: rejects %.3f of null data sets at 5%% (greater %d, less %d)", method, paired, rate, greater, less)
			}
		}
	}
}

// TestROCTestGolden checks the tests against pROC 1.18.0 roc.test(method =
// "bootstrap" | "venkatraman", paired = …) (testdata/proc_roc_test.json,
// written by tools/oracle/compare_roc_test.R with boot.n = 2000): the AUCs
// and Venkatraman's E exactly (to 1e-12), which are deterministic; the
// bootstrap's D, and the p-values, which are not (R's random stream cannot
// be matched), within Monte Carlo error, here with 20000 replicates: D to
// 5 standard errors of the ratio of two bootstrap sds (√(1/(2·2000) +
// 1/(2·20000)) relative), each p-value to 5 standard errors of the
// difference of two binomial shares (Venkatraman) or the same bound
// carried through the normal density (bootstrap), plus 0.002. It reports
// the largest differences.
func TestROCTestGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("20000 replicates")
	}
	b, err := os.ReadFile("testdata/proc_roc_test.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Source string `json:"source"`
		Cases  []struct {
			Name              string
			Paired            bool
			YA                []int     `json:"ya"`
			SA                []float64 `json:"sa"`
			YB                []int     `json:"yb"`
			SB                []float64 `json:"sb"`
			AUCA              string    `json:"auc_a"`
			AUCB              string    `json:"auc_b"`
			BootN             int       `json:"boot_n"`
			BootstrapD        string    `json:"bootstrap_d"`
			BootstrapP        string    `json:"bootstrap_p"`
			BootstrapPGreater string    `json:"bootstrap_p_greater"`
			BootstrapPLess    string    `json:"bootstrap_p_less"`
			VenkatramanE      string    `json:"venkatraman_e"`
			VenkatramanP      string    `json:"venkatraman_p"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 6 || !strings.HasPrefix(doc.Source, "pROC") {
		t.Fatalf("golden file: %d cases from %q", len(doc.Cases), doc.Source)
	}
	const reps = 20000
	var worstExact, worstD, worstP float64
	for _, c := range doc.Cases {
		pos := func(y []int) []bool {
			p := make([]bool, len(y))
			for i := range y {
				p[i] = y[i] == 1
			}
			return p
		}
		posA, posB := pos(c.YA), pos(c.YB)
		bt, err := BootstrapTest(posA, c.SA, posB, c.SB, c.Paired, reps, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		vk, err := VenkatramanTest(posA, c.SA, posB, c.SB, c.Paired, reps, rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatal(err)
		}
		exact := func(what string, got float64, want string) {
			w := rnum(t, want)
			d := math.Abs(got - w)
			if !(d <= 1e-12*max(1, math.Abs(w))) {
				t.Errorf("%s %s = %.17g, want %.17g", c.Name, what, got, w)
			}
			worstExact = max(worstExact, d)
		}
		exact("AUC A", bt.AUCA, c.AUCA)
		exact("AUC B", bt.AUCB, c.AUCB)
		exact("Venkatraman's E", vk.Statistic, c.VenkatramanE)
		// D: the ratio of the two sds is off by about √(1/2B₁ + 1/2B₂).
		rel := 5 * math.Sqrt(1/(2*float64(c.BootN))+1/(2.0*reps))
		wd := rnum(t, c.BootstrapD)
		if d := math.Abs(bt.Statistic/wd - 1); !(d <= rel) {
			t.Errorf("%s bootstrap D = %.6g, pROC %.6g (relative difference %.3g > %.3g)", c.Name, bt.Statistic, wd, d, rel)
		} else {
			worstD = max(worstD, d)
		}
		// The p-values: Φ moves by at most φ(D)·|ΔD| ≤ 0.4·rel·|D|.
		for _, alt := range []struct {
			a    hyptest.Alternative
			want string
		}{{hyptest.TwoSided, c.BootstrapP}, {hyptest.Greater, c.BootstrapPGreater}, {hyptest.Less, c.BootstrapPLess}} {
			w := rnum(t, alt.want)
			tol := 2*0.4*rel*math.Abs(wd) + 0.002
			if d := math.Abs(bt.PValue(alt.a) - w); !(d <= tol) {
				t.Errorf("%s bootstrap p (%v) = %.4g, pROC %.4g (tolerance %.3g)", c.Name, alt.a, bt.PValue(alt.a), w, tol)
			} else {
				worstP = max(worstP, d)
			}
		}
		w := rnum(t, c.VenkatramanP)
		se := math.Sqrt(max(w*(1-w), 1e-4) * (1/float64(c.BootN) + 1.0/reps))
		if d := math.Abs(vk.PValue(hyptest.TwoSided) - w); !(d <= 5*se+0.002) {
			t.Errorf("%s Venkatraman p = %.4g, pROC %.4g (5 SE %.3g)", c.Name, vk.PValue(hyptest.TwoSided), w, 5*se)
		} else {
			worstP = max(worstP, d)
		}
		t.Logf("%s: D %.4g (pROC %.4g), p %.4g (%.4g); E %.6g, p %.4g (pROC %.4g)", c.Name, bt.Statistic, wd, bt.PValue(hyptest.TwoSided), rnum(t, c.BootstrapP), vk.Statistic, vk.PValue(hyptest.TwoSided), w)
	}
	t.Logf("largest differences from pROC: exact %.3g, D relative %.3g, p %.3g", worstExact, worstD, worstP)
}
