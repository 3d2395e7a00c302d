package task

import (
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/table"
)

// The Friedman verdict: the best average rank first, and significant
// exactly the post-hoc pairs the procedure marks significant.
func TestFriedmanVerdict(t *testing.T) {
	// Zhou (2016) §2.4.3, Table 2.5: A beats C (Nemenyi), no other pair
	// differs.
	in := "data,A,B,C\nD1,1,2,3\nD2,1,2.5,2.5\nD3,1,2,3\nD4,1,2,3\n"
	for _, ph := range []hyptest.PostHocMethod{hyptest.PostHocNemenyi, hyptest.PostHocHolm, hyptest.PostHocShaffer} {
		r, err := table.NewReader(strings.NewReader(in), "zhou.csv", table.CSV)
		if err != nil {
			t.Fatal(err)
		}
		out, err := Friedman{Options: hyptest.FriedmanOptions{LowerIsBetter: true, PostHoc: ph}}.Read(r)
		if err != nil {
			t.Fatal(err)
		}
		v := out.Verdict
		if v.Best != "A" || v.Measure != "avg_rank" || v.Value != 1 {
			t.Fatalf("%v: verdict %+v", ph, v)
		}
		want := 0
		for _, p := range out.PostHoc.Pairs {
			if p.Significant {
				want++
			}
		}
		if len(v.Significant) != want {
			t.Errorf("%v: %d significant findings, post-hoc marks %d", ph, len(v.Significant), want)
		}
	}
}
