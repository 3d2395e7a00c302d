package hyptest

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"
)

// testdata/studentized_range.json: scipy 1.10.1 studentized_range.isf and
// .cdf, from tools/oracle/hyptest_studentized_range.py.
type srFile struct {
	Scipy     string
	Quantiles []struct {
		K     int
		DF    num
		Alpha float64
		Q     float64
	}
	CDF []struct {
		K   int
		DF  num
		Q   float64
		CDF float64
	}
}

func TestStudentizedRangeOracle(t *testing.T) {
	b, err := os.ReadFile("testdata/studentized_range.json")
	if err != nil {
		t.Fatal(err)
	}
	var o srFile
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	for _, c := range o.Quantiles {
		c := c
		t.Run(fmt.Sprintf("q/k=%d/df=%v/alpha=%v", c.K, float64(c.DF), c.Alpha), func(t *testing.T) {
			if testing.Short() && !math.IsInf(float64(c.DF), 1) {
				t.Skip("finite df is slow")
			}
			t.Parallel()
			got := StudentizedRange{K: c.K, DF: float64(c.DF)}.UpperQuantile(c.Alpha)
			// scipy's CDF is accurate to about 1e-11 absolute, which moves
			// its quantile by about 1e-11/pdf: 1e-9 relative is the target.
			if !near(got, c.Q, 1e-9, 0) {
				t.Errorf("q = %.17g, want %.17g (rel %.2g)", got, c.Q, got/c.Q-1)
			}
		})
	}
	for _, c := range o.CDF {
		c := c
		t.Run(fmt.Sprintf("cdf/k=%d/df=%v/q=%v", c.K, float64(c.DF), c.Q), func(t *testing.T) {
			t.Parallel()
			d := StudentizedRange{K: c.K, DF: float64(c.DF)}
			got := d.CDF(c.Q)
			if !near(got, c.CDF, 1e-9, 1e-11) {
				t.Errorf("cdf = %.17g, want %.17g", got, c.CDF)
			}
			if s := d.Survival(c.Q); !near(s, 1-c.CDF, 1e-7, 1e-11) {
				t.Errorf("survival = %.17g, want %.17g", s, 1-c.CDF)
			}
		})
	}
}

// For k = 2 the studentized range is √2·|T| with T Student's t (normal for
// df = ∞), so P(Q > q) = 2·P(T > q/√2): an exact check of the tails far
// beyond what scipy resolves.
func TestStudentizedRangeTwoMeans(t *testing.T) {
	for _, df := range []float64{1, 2, 5, 30, 1000, math.Inf(1)} {
		for _, q := range []float64{0.05, 0.5, 2, 5, 10, 20} {
			want := 2 * tSF(q/math.Sqrt2, df)
			got := StudentizedRange{K: 2, DF: df}.Survival(q)
			if want > 1e-20 && !near(got, want, 1e-9, 0) {
				t.Errorf("df=%v q=%v: sf = %.17g, want %.17g (rel %.2g)", df, q, got, want, got/want-1)
			}
		}
	}
}

func TestStudentizedRangeRoundTrip(t *testing.T) {
	for _, k := range []int{2, 3, 10, 50} {
		d := StudentizedRange{K: k, DF: math.Inf(1)}
		for _, p := range []float64{0.001, 0.1, 0.5, 0.9, 0.999999} {
			q := d.Quantile(p)
			if got := d.CDF(q); !near(got, p, 1e-10, 0) {
				t.Errorf("k=%d: CDF(Quantile(%v)) = %v", k, p, got)
			}
		}
	}
}

func BenchmarkStudentizedRangeQuantile(b *testing.B) {
	for _, df := range []float64{math.Inf(1), 10} {
		for _, k := range []int{3, 20} {
			b.Run(fmt.Sprintf("k=%d/df=%v", k, df), func(b *testing.B) {
				d := StudentizedRange{K: k, DF: df}
				for i := 0; i < b.N; i++ {
					d.UpperQuantile(0.05)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "quantiles/s")
			})
		}
	}
}

// Fewer than 2 degrees of freedom: the density of S is unbounded (ν < 1)
// or positive (ν = 1) at 0. Expected values: scipy 1.10.1
// studentized_range.cdf(3, 3, df) and .isf(0.05, 3, df).
func TestStudentizedRangeSmallDF(t *testing.T) {
	for _, c := range []struct{ df, cdf, q float64 }{
		{0.5, 0.44942256581978685, 381.80009650709076},
		{1, 0.5896670445223818, 26.97552986950002},
		{1.5, 0.6646242689564508, 12.078582695424391},
	} {
		d := StudentizedRange{K: 3, DF: c.df}
		if got := d.CDF(3); !near(got, c.cdf, 1e-9, 0) {
			t.Errorf("df=%v: cdf = %.17g, want %.17g", c.df, got, c.cdf)
		}
		if got := d.UpperQuantile(0.05); !near(got, c.q, 1e-9, 0) {
			t.Errorf("df=%v: q = %.17g, want %.17g", c.df, got, c.q)
		}
	}
}
