package task

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// The significance tests of two models read one of three inputs: two
// numeric columns, one row per fold or data set ([Pairs]: ttest, wilcoxon,
// cv5x2, corrttest, signedrank); a true and two predicted label columns
// ([McNemar]); a group and a value column ([ABMeans]); or a table with one
// column per algorithm ([Friedman]). Test errors of Read are prefixed by
// the input's name; errors of reading (a missing column, a bad number, a
// memory budget exceeded) are the reader's and the budget's.

// Pairs reads the paired scores of models A and B: the numeric columns A
// and B. The columns grow with the rows (8 bytes a value), charged to
// Budget under the account "Name's rows (two scores a row)"; a nil Budget
// is unlimited.
type Pairs struct {
	A, B   string // columns of model A's and model B's scores
	Name   string // the test, as the budget's messages name it
	Budget *budget.Budget
}

// Paired is the state of [Pairs]: the scores of A and B in input order.
type Paired struct {
	A, B []float64
	acct *budget.Account
}

// Columns returns A and B.
func (t Pairs) Columns() []string { return []string{t.A, t.B} }

// New returns an empty state whose growth is charged to t.Budget.
func (t Pairs) New() *Paired {
	return &Paired{acct: t.Budget.Account(t.Name+"'s rows (two scores a row)", "")}
}

// Fold appends the rows of r (columns cols, as [Pairs.Columns]) to st.
func (t Pairs) Fold(st *Paired, r *table.Reader, cols []int) error {
	for r.Next() {
		a, err := r.Float(cols[0])
		if err != nil {
			return err
		}
		grew := len(st.A) == cap(st.A)
		st.A = append(st.A, a)
		b, err := r.Float(cols[1])
		if err != nil {
			return err
		}
		grew = grew || len(st.B) == cap(st.B)
		st.B = append(st.B, b)
		if grew {
			if err := st.acct.Set(8 * int64(cap(st.A)+cap(st.B))); err != nil {
				return err
			}
		}
	}
	return r.Err()
}

// Read reads every row of r in input order.
func (t Pairs) Read(r *table.Reader) (*Paired, error) {
	st, err := readAll(r, t)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// named prefixes a test's error with the input's name.
func named(r *table.Reader, err error) error { return fmt.Errorf("%s: %w", r.Name(), err) }

// testPairs reads the pairs of r with p and returns test's result of them;
// an error of the test is named by the input.
func testPairs[R any](r *table.Reader, p Pairs, test func(*Paired) (R, error)) (R, error) {
	pairs, err := p.Read(r)
	if err != nil {
		var zero R
		return zero, err
	}
	res, err := test(pairs)
	if err != nil {
		var zero R
		return zero, named(r, err)
	}
	return res, nil
}

// ---- mcnemar ---------------------------------------------------------------

// McNemar is McNemar's test of two classifiers on the same rows: the
// column True of true labels and PredA, PredB of the two models'
// predicted labels, compared as text.
type McNemar struct {
	True, PredA, PredB string
	Options            hyptest.McNemarOptions
}

// McNemarResult is the result of [McNemar].
type McNemarResult struct {
	Test       string   `json:"test"` // "mcnemar"
	N          int64    `json:"n"`
	N01        int64    `json:"n01"` // A wrong, B right
	N10        int64    `json:"n10"` // A right, B wrong
	Statistic  *float64 `json:"statistic,omitempty"`
	PValue     float64  `json:"p_value"`
	Exact      bool     `json:"exact"`
	Correction bool     `json:"correction"`
}

// Columns returns True, PredA and PredB.
func (t McNemar) Columns() []string { return []string{t.True, t.PredA, t.PredB} }

// New returns an empty state.
func (t McNemar) New() *hyptest.Agreement { return &hyptest.Agreement{} }

// Fold adds the rows of r (columns cols, as [McNemar.Columns]) to st.
func (t McNemar) Fold(st *hyptest.Agreement, r *table.Reader, cols []int) error {
	var v [3][]byte
	for r.Next() {
		for i, c := range cols {
			var err error
			if v[i], err = r.Text(c); err != nil {
				return err
			}
		}
		st.Add(string(v[1]) == string(v[0]), string(v[2]) == string(v[0]))
	}
	return r.Err()
}

// Read reads every row of r and tests.
func (t McNemar) Read(r *table.Reader) (*McNemarResult, error) {
	st, err := readAll(r, t)
	if err != nil {
		return nil, err
	}
	res, err := t.Result(st)
	if err != nil {
		return nil, named(r, err)
	}
	return res, nil
}

// Result is the test of the merged state.
func (t McNemar) Result(st *hyptest.Agreement) (*McNemarResult, error) {
	res, err := st.McNemar(t.Options)
	if err != nil {
		return nil, err
	}
	out := &McNemarResult{Test: "mcnemar", N: st.BothRight + st.N01 + st.N10 + st.BothWrong, N01: st.N01, N10: st.N10,
		PValue: res.PValue, Exact: t.Options.Exact, Correction: !t.Options.Exact && !t.Options.NoCorrection}
	if !t.Options.Exact {
		s := res.Statistic
		out.Statistic = &s
	}
	return out, nil
}

// ---- ttest -----------------------------------------------------------------

// TTest is the paired t-test of the scores of [Pairs].
type TTest struct {
	Pairs
	Alternative hyptest.Alternative
}

// TTestResult is the result of [TTest].
type TTestResult struct {
	Test        string  `json:"test"` // "ttest"
	N           int     `json:"n"`
	Statistic   float64 `json:"statistic"`
	PValue      float64 `json:"p_value"`
	DF          float64 `json:"df"`
	MeanDiff    float64 `json:"mean_diff"`
	StdErr      float64 `json:"std_err"`
	Alternative string  `json:"alternative"`
}

// Read reads the pairs of r and tests.
func (t TTest) Read(r *table.Reader) (*TTestResult, error) { return testPairs(r, t.Pairs, t.Result) }

// Result is the test of the pairs p.
func (t TTest) Result(p *Paired) (*TTestResult, error) {
	res, err := hyptest.PairedTTest(p.A, p.B, t.Alternative)
	if err != nil {
		return nil, err
	}
	return &TTestResult{Test: "ttest", N: len(p.A), Statistic: res.Statistic, PValue: res.PValue, DF: res.DF,
		MeanDiff: res.Mean, StdErr: res.StdErr, Alternative: t.Alternative.String()}, nil
}

// ---- wilcoxon --------------------------------------------------------------

// Wilcoxon is the Wilcoxon signed-rank test of the scores of [Pairs].
// ZeroMethod is the name of Options.ZeroMethod in the result ("wilcox",
// "pratt" or "zsplit", scipy's names).
type Wilcoxon struct {
	Pairs
	Options    hyptest.WilcoxonOptions
	ZeroMethod string
}

// WilcoxonResult is the result of [Wilcoxon]. Z is nil for an exact
// p-value.
type WilcoxonResult struct {
	Test        string   `json:"test"` // "wilcoxon"
	N           int      `json:"n"`
	Statistic   float64  `json:"statistic"`
	PValue      float64  `json:"p_value"`
	RPlus       float64  `json:"r_plus"`
	RMinus      float64  `json:"r_minus"`
	Z           *float64 `json:"z,omitempty"`
	Method      string   `json:"method"` // "exact" or "approx"
	ZeroMethod  string   `json:"zero_method"`
	Zeros       int      `json:"zeros"`
	Alternative string   `json:"alternative"`
	Warnings    []string `json:"warnings,omitempty"`
}

// Read reads the pairs of r and tests.
func (t Wilcoxon) Read(r *table.Reader) (*WilcoxonResult, error) {
	return testPairs(r, t.Pairs, t.Result)
}

// Result is the test of the pairs p.
func (t Wilcoxon) Result(p *Paired) (*WilcoxonResult, error) {
	res, err := hyptest.Wilcoxon(p.A, p.B, t.Options)
	if err != nil {
		return nil, err
	}
	out := &WilcoxonResult{Test: "wilcoxon", N: res.N, Statistic: res.Statistic, PValue: res.PValue, RPlus: res.RPlus, RMinus: res.RMinus,
		Method: "approx", ZeroMethod: t.ZeroMethod, Zeros: res.Zeros, Alternative: t.Options.Alternative.String(), Warnings: res.Warnings}
	if res.Exact {
		out.Method = "exact"
	} else {
		z := res.Z
		out.Z = &z
	}
	return out, nil
}

// ---- cv5x2 -----------------------------------------------------------------

// CV5x2 is Dietterich's 5×2cv paired t-test of the scores of [Pairs]: 10
// rows, replication 1 fold 1, replication 1 fold 2, ….
type CV5x2 struct{ Pairs }

// CV5x2Result is the result of [CV5x2].
type CV5x2Result struct {
	Test          string  `json:"test"` // "cv5x2"
	Statistic     float64 `json:"statistic"`
	PValue        float64 `json:"p_value"`
	DF            float64 `json:"df"`
	StatisticZhou float64 `json:"statistic_zhou"`
	PValueZhou    float64 `json:"p_value_zhou"`
}

// Read reads the pairs of r and tests.
func (t CV5x2) Read(r *table.Reader) (*CV5x2Result, error) { return testPairs(r, t.Pairs, t.Result) }

// Result is the test of the pairs p; it is an error unless there are 10.
func (t CV5x2) Result(p *Paired) (*CV5x2Result, error) {
	if len(p.A) != 10 {
		return nil, fmt.Errorf("5×2cv needs 10 rows (replication 1 fold 1, replication 1 fold 2, …), got %d", len(p.A))
	}
	res, err := hyptest.CV5x2(p.A, p.B)
	if err != nil {
		return nil, err
	}
	return &CV5x2Result{Test: "cv5x2", Statistic: res.Statistic, PValue: res.PValue, DF: res.DF,
		StatisticZhou: res.StatisticZhou, PValueZhou: res.PValueZhou}, nil
}

// ---- binomial --------------------------------------------------------------

// BinomialResult is Zhou's binomial test of a test error rate (§2.4.1):
// H₀ is ε ≤ Epsilon, given Errors misclassified rows of N.
type BinomialResult struct {
	Test          string  `json:"test"` // "binomial"
	Errors        int64   `json:"errors"`
	N             int64   `json:"n"`
	ErrorRate     float64 `json:"error_rate"`
	Epsilon       float64 `json:"epsilon"`
	Alpha         float64 `json:"alpha"`
	PValue        float64 `json:"p_value"`
	CriticalCount int64   `json:"critical_count"`
	CriticalError float64 `json:"critical_error"`
	Reject        bool    `json:"reject"`
}

// Binomial tests errors misclassified rows of n against the error rate
// epsilon at level alpha. Its errors are those of
// [hyptest.ErrorRateBinomial].
func Binomial(errors, n int64, epsilon, alpha float64) (*BinomialResult, error) {
	res, err := hyptest.ErrorRateBinomial(errors, n, epsilon, alpha)
	if err != nil {
		return nil, err
	}
	return &BinomialResult{Test: "binomial", Errors: errors, N: n, ErrorRate: res.ErrorRate, Epsilon: epsilon, Alpha: alpha,
		PValue: res.PValue, CriticalCount: res.CriticalCount, CriticalError: res.CriticalError, Reject: res.Reject}, nil
}

// ---- abtest ----------------------------------------------------------------

// ABTest is the A/B test of two proportions (SuccessA of NA against
// SuccessB of NB), with the power of the test at these sizes and the sizes
// that reach Power. The effect size is Cohen's h of the observed
// proportions, or of p_a and p_a + MDE when MDE is not 0.
type ABTest struct {
	SuccessA, NA, SuccessB, NB int64
	Alternative                hyptest.Alternative
	Level                      float64 // of the interval of p_b − p_a
	Alpha                      float64 // significance level for power and sample size
	Power                      float64 // target power of the sample size
	MDE                        float64 // minimum detectable effect p_b − p_a; 0: the observed one
}

// ABTestResult is the result of [ABTest]. RequiredNA and RequiredNB are
// nil (JSON null) when the sample size is undefined (a warning says why).
type ABTestResult struct {
	Test        string     `json:"test"` // "abtest"
	PA          float64    `json:"p_a"`
	PB          float64    `json:"p_b"`
	Diff        float64    `json:"diff"`
	Statistic   float64    `json:"statistic"`
	PValue      float64    `json:"p_value"`
	CI          [2]float64 `json:"ci"`
	Level       float64    `json:"level"`
	Alternative string     `json:"alternative"`
	EffectSize  float64    `json:"effect_size_h"`
	Power       float64    `json:"power"`
	TargetPower float64    `json:"target_power"`
	RequiredNA  *float64   `json:"required_n_a"`
	RequiredNB  *float64   `json:"required_n_b"`
	Warnings    []string   `json:"warnings,omitempty"`
}

// Result runs the test. Errors: those of [hyptest.TwoProportions], and a
// *result.OptionError (task "compare abtest") for an MDE that puts p_b
// outside (0, 1) or an Alpha outside (0, 1).
func (t ABTest) Result() (*ABTestResult, error) {
	res, err := hyptest.TwoProportions(t.SuccessA, t.NA, t.SuccessB, t.NB, t.Alternative, t.Level)
	if err != nil {
		return nil, err
	}
	pa := float64(t.SuccessA) / float64(t.NA)
	pb := float64(t.SuccessB) / float64(t.NB)
	out := &ABTestResult{Test: "abtest", PA: pa, PB: pb, Diff: res.Diff, Statistic: res.Statistic, PValue: res.PValue,
		CI: res.CI, Level: t.Level, Alternative: t.Alternative.String(), TargetPower: t.Power}
	effB := pb
	if t.MDE != 0 {
		effB = pa + t.MDE
		if !(effB > 0 && effB < 1) {
			return nil, &result.OptionError{Task: "compare abtest", Option: "task.ABTest.MDE", Problem: fmt.Sprintf("%v puts p_b at %v, outside (0, 1)", t.MDE, effB)}
		}
	}
	h := hyptest.CohenH(pa, effB)
	out.EffectSize = h
	if !(t.Alpha > 0 && t.Alpha < 1) {
		return nil, &result.OptionError{Task: "compare abtest", Option: "task.ABTest.Alpha", Problem: fmt.Sprintf("%v outside (0, 1)", t.Alpha)}
	}
	out.Power = hyptest.PowerZ(h, float64(t.NA), float64(t.NB), t.Alpha, t.Alternative)
	out.RequiredNA, out.RequiredNB, out.Warnings = sampleSize(hyptest.PowerZ, h, t.Alpha, t.Power, float64(t.NB)/float64(t.NA), t.Alternative)
	return out, nil
}

// sampleSize is the sizes of groups A and B (in the ratio nB/nA) that give
// the test of power the power target, or a warning why there are none.
func sampleSize(power func(es, nA, nB, alpha float64, alt hyptest.Alternative) float64, es, alpha, target, ratio float64, alt hyptest.Alternative) (nA, nB *float64, warnings []string) {
	n, err := hyptest.SampleSize(power, es, alpha, target, ratio, alt)
	if err != nil {
		return nil, nil, []string{"required sample size undefined: " + err.Error()}
	}
	m := n * ratio
	return &n, &m, nil
}

// isFinite reports whether x is neither NaN nor ±Inf.
func isFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
