package task

import (
	"fmt"
	"math/rand/v2"

	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// ROCTest is pROC's roc.test by resampling: Method "bootstrap" (the
// stratified bootstrap of the difference of the AUCs) or "venkatraman"
// (Venkatraman and Begg's permutation test that the curves are equal;
// two-sided only), with Replicates replicates or permutations drawn from
// a PCG stream seeded by Seed. The columns, positive label, alternative
// and budget are DeLong's (Conf is not used).
type ROCTest struct {
	DeLong
	Method     string
	Replicates int
	Seed       uint64
}

// ROCTestResult is the result of [ROCTest.Read] (paired; N, Positives)
// and [ROCTest.ReadUnpaired] (NA, NB, PositivesA, PositivesB).
type ROCTestResult struct {
	Method     string  `json:"method"`
	Paired     bool    `json:"paired"`
	N          int     `json:"n,omitempty"`
	Positives  int     `json:"positives,omitempty"`
	NA         int     `json:"n_a,omitempty"`
	NB         int     `json:"n_b,omitempty"`
	PositivesA int     `json:"positives_a,omitempty"`
	PositivesB int     `json:"positives_b,omitempty"`
	PosLabel   string  `json:"pos_label"`
	AUCA       float64 `json:"auc_a"`
	AUCB       float64 `json:"auc_b"`
	Diff       float64 `json:"diff"`
	// Statistic is the bootstrap's D or Venkatraman's E.
	Statistic   float64  `json:"statistic"`
	PValue      float64  `json:"p_value"`
	Alternative string   `json:"alternative"`
	Replicates  int      `json:"replicates"`
	Seed        uint64   `json:"seed"`
	Warnings    []string `json:"warnings"`
}

// rng is the test's random stream.
func (t ROCTest) rng() *rand.Rand { return rand.New(rand.NewPCG(t.Seed, 0x243f6a8885a308d3)) }

// test runs the method on the two samples.
func (t ROCTest) test(posA []bool, sa []float64, posB []bool, sb []float64, paired bool) (*rank.ROCTest, error) {
	if t.Method == "venkatraman" {
		return rank.VenkatramanTest(posA, sa, posB, sb, paired, t.Replicates, t.rng())
	}
	return rank.BootstrapTest(posA, sa, posB, sb, paired, t.Replicates, t.rng())
}

// result fills the common fields of a result from the test.
func (t ROCTest) result(d *rank.ROCTest, posName string) *ROCTestResult {
	return &ROCTestResult{Method: d.Method, Paired: d.Paired, PosLabel: posName, AUCA: d.AUCA, AUCB: d.AUCB, Diff: d.AUCA - d.AUCB,
		Statistic: d.Statistic, PValue: d.PValue(t.Alternative), Alternative: t.Alternative.String(), Replicates: d.Replicates, Seed: t.Seed, Warnings: []string{}}
}

// Read reads every row of r (a label and the two scores) and tests the
// paired curves. The errors are those of [DeLong.Read].
func (t ROCTest) Read(r *table.Reader) (*ROCTestResult, error) {
	pos, sa, sb, posName, err := t.readPaired(r)
	if err != nil {
		return nil, err
	}
	d, err := t.test(pos, sa, pos, sb, true)
	if err != nil {
		return nil, named(r, t.labelError(err))
	}
	out := t.result(d, posName)
	out.N = len(pos)
	out.Positives = count(pos)
	return out, nil
}

// ReadUnpaired reads two independent samples, a with t.True and t.ScoreA,
// b with t.True and t.ScoreB, and tests their curves. The errors are
// those of [DeLong.ReadUnpaired].
func (t ROCTest) ReadUnpaired(a, b *table.Reader) (*ROCTestResult, error) {
	sa, sb, err := t.readSamples(a, b)
	if err != nil {
		return nil, err
	}
	d, err := t.test(sa.pos, sa.s, sb.pos, sb.s, false)
	if err != nil {
		return nil, fmt.Errorf("%s, %s: %w", a.Name(), b.Name(), t.labelError(err))
	}
	out := t.result(d, sa.posName)
	out.NA, out.NB = len(sa.pos), len(sb.pos)
	out.PositivesA, out.PositivesB = count(sa.pos), count(sb.pos)
	return out, nil
}

// count is the number of true values of p.
func count(p []bool) (n int) {
	for _, v := range p {
		if v {
			n++
		}
	}
	return n
}
