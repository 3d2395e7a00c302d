package task

import (
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// CorrTTest is the Bayesian correlated t-test and the Nadeau–Bengio test
// of the cross-validation folds of [Pairs].
type CorrTTest struct {
	Pairs
	Options hyptest.CorrelatedTTestOptions
}

// CorrTTestResult is the result of [CorrTTest].
type CorrTTestResult struct {
	Test          string            `json:"test"` // "corrttest"
	N             int               `json:"n"`
	NTrain        int               `json:"n_train"`
	NTest         int               `json:"n_test"`
	Rho           float64           `json:"rho"`
	Rope          float64           `json:"rope"`
	LowerIsBetter bool              `json:"lower_is_better"`
	PABetter      float64           `json:"p_a_better"`
	PEquivalent   float64           `json:"p_equivalent"`
	PBBetter      float64           `json:"p_b_better"`
	Mean          float64           `json:"mean"`
	Scale         float64           `json:"scale"`
	DF            float64           `json:"df"`
	NBStatistic   float64           `json:"nb_statistic"`
	NBPValue      float64           `json:"nb_p_value"`
	Signature     *result.Signature `json:"signature"`
}

// Read reads the pairs of r and tests.
func (t CorrTTest) Read(r *table.Reader) (*CorrTTestResult, error) {
	return testPairs(r, t.Pairs, t.Result)
}

// Result is the test of the pairs p.
func (t CorrTTest) Result(p *Paired) (*CorrTTestResult, error) {
	res, err := hyptest.CorrelatedTTest(p.A, p.B, t.Options)
	if err != nil {
		return nil, err
	}
	return &CorrTTestResult{Test: "corrttest", N: res.N, NTrain: t.Options.NTrain, NTest: t.Options.NTest, Rho: res.Rho, Rope: res.Rope,
		LowerIsBetter: t.Options.LowerIsBetter, PABetter: res.PABetter, PEquivalent: res.PEquivalent, PBBetter: res.PBBetter,
		Mean: res.Mean, Scale: res.Scale, DF: res.DF, NBStatistic: res.NBStatistic, NBPValue: res.NBPValue, Signature: t.Options.Signature()}, nil
}

// SignedRank is the Bayesian signed-rank test of two models over the data
// sets of [Pairs]. Besides the pairs it charges to Budget the region of
// every pair of the n + 1 differences (one byte each, and 16 bytes a
// difference) and, with Options.KeepSamples, every sample (24 bytes).
type SignedRank struct {
	Pairs
	Options hyptest.SignedRankOptions
}

// SignedRankResult is the result of [SignedRank]. Plot is the file the
// caller drew the posterior in, if any; Theta the posterior samples with
// Options.KeepSamples.
type SignedRankResult struct {
	Test          string            `json:"test"` // "signedrank"
	N             int               `json:"n"`
	Rope          float64           `json:"rope"`
	LowerIsBetter bool              `json:"lower_is_better"`
	Samples       int               `json:"samples"`
	Seed          uint64            `json:"seed"`
	Prior         float64           `json:"prior"`
	PABetter      float64           `json:"p_a_better"`
	PEquivalent   float64           `json:"p_equivalent"`
	PBBetter      float64           `json:"p_b_better"`
	Plot          string            `json:"plot,omitempty"`
	Signature     *result.Signature `json:"signature"`
	Theta         [][3]float64      `json:"-"`
}

// Read reads the pairs of r and tests.
func (t SignedRank) Read(r *table.Reader) (*SignedRankResult, error) {
	p, err := t.Pairs.Read(r)
	if err != nil {
		return nil, err
	}
	m := int64(len(p.A)) + 1
	work := m*m + 16*m
	if t.Options.KeepSamples {
		work += 24 * int64(t.Options.Samples)
	}
	acct := t.Budget.Account(t.Name+"'s work (the region of each of the (n + 1)² pairs of differences, and for hyptest.SignedRankOptions.KeepSamples the posterior samples)", "")
	defer acct.Close()
	if err := acct.Grow(work); err != nil {
		return nil, err
	}
	res, err := t.Result(p)
	if err != nil {
		return nil, named(r, err)
	}
	return res, nil
}

// Result is the test of the pairs p.
func (t SignedRank) Result(p *Paired) (*SignedRankResult, error) {
	res, err := hyptest.SignedRank(p.A, p.B, t.Options)
	if err != nil {
		return nil, err
	}
	return &SignedRankResult{Test: "signedrank", N: res.N, Rope: res.Rope, LowerIsBetter: t.Options.LowerIsBetter, Samples: res.Samples,
		Seed: res.Seed, Prior: res.Prior, PABetter: res.PABetter, PEquivalent: res.PEquivalent, PBBetter: res.PBBetter,
		Signature: t.Options.Signature(), Theta: res.Theta}, nil
}
