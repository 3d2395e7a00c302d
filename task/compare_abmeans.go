package task

import (
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// Groups reads the column Value grouped by the labels of the column Group.
// The values (8 bytes each) and the labels (their text and about 64 bytes
// of map entry and slice header) are charged to Budget under the account
// "Name's rows (a value a row, and the group labels)"; a nil Budget is
// unlimited.
type Groups struct {
	Group, Value string
	Name         string // the test, as the budget's messages name it
	Budget       *budget.Budget
}

// Grouped is the state of [Groups]: the values of each label in input
// order.
type Grouped struct {
	Values map[string][]float64
	acct   *budget.Account
}

// Labels returns the labels in sorted order.
func (g *Grouped) Labels() []string {
	labels := make([]string, 0, len(g.Values))
	for l := range g.Values {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	return labels
}

// Columns returns Group and Value.
func (t Groups) Columns() []string { return []string{t.Group, t.Value} }

// New returns an empty state whose growth is charged to t.Budget.
func (t Groups) New() *Grouped {
	return &Grouped{Values: map[string][]float64{}, acct: t.Budget.Account(t.Name+"'s rows (a value a row, and the group labels)", "")}
}

// Fold adds the rows of r (columns cols, as [Groups.Columns]) to st.
func (t Groups) Fold(st *Grouped, r *table.Reader, cols []int) error {
	for r.Next() {
		l, err := r.Text(cols[0])
		if err != nil {
			return err
		}
		v, err := r.Float(cols[1])
		if err != nil {
			return err
		}
		g, ok := st.Values[string(l)]
		if !ok {
			if err := st.acct.Grow(int64(len(l)) + 64); err != nil {
				return err
			}
		}
		was := cap(g)
		g = append(g, v)
		st.Values[string(l)] = g
		if err := st.acct.Grow(8 * int64(cap(g)-was)); err != nil {
			return err
		}
	}
	return r.Err()
}

// Read reads every row of r.
func (t Groups) Read(r *table.Reader) (*Grouped, error) {
	st, err := readAll(r, t)
	if err != nil {
		return nil, err
	}
	return st, nil
}

// GroupsError is a group column without exactly two labels when the
// labels of A and B were not chosen.
type GroupsError struct {
	Input, Column string
	Labels        []string
}

func (e *GroupsError) Error() string {
	return fmt.Sprintf("%s: column %q has %d labels (%v); A/B needs two", e.Input, e.Column, len(e.Labels), e.Labels)
}

// ABMeans is the A/B test of two means (Welch's t-test), with the power of
// the test at these sizes and the sizes that reach Power. The groups are
// either summaries ([ABMeans.Summaries]) or the rows of a file
// ([ABMeans.Read]): the labels A and B of the column Group select them
// (default: the two labels, in sorted order, of a column that has two).
// The effect size is Cohen's d of the observed means, or MDE over the
// pooled standard deviation when MDE is not 0.
type ABMeans struct {
	Groups
	A, B        string // labels of groups A and B
	Alternative hyptest.Alternative
	Level       float64 // of the interval of mean_b − mean_a
	Alpha       float64 // significance level for power and sample size
	Power       float64 // target power of the sample size
	MDE         float64 // minimum detectable difference mean_b − mean_a; 0: the observed one
}

// ABMeansResult is the result of [ABMeans]. LabelA and LabelB are nil for
// summaries.
type ABMeansResult struct {
	Test        string            `json:"test"` // "abmeans"
	LabelA      *string           `json:"label_a,omitempty"`
	LabelB      *string           `json:"label_b,omitempty"`
	NA          int64             `json:"n_a"`
	NB          int64             `json:"n_b"`
	MeanA       float64           `json:"mean_a"`
	MeanB       float64           `json:"mean_b"`
	SDA         float64           `json:"sd_a"`
	SDB         float64           `json:"sd_b"`
	Diff        float64           `json:"diff"`
	Statistic   float64           `json:"statistic"`
	DF          float64           `json:"df"`
	PValue      float64           `json:"p_value"`
	CI          [2]float64        `json:"ci"`
	Level       float64           `json:"level"`
	Alternative string            `json:"alternative"`
	EffectSize  float64           `json:"effect_size_d"`
	Power       float64           `json:"power"`
	TargetPower float64           `json:"target_power"`
	RequiredNA  *float64          `json:"required_n_a"`
	RequiredNB  *float64          `json:"required_n_b"`
	Warnings    []string          `json:"warnings,omitempty"`
	Signature   *result.Signature `json:"signature"`
}

// Read reads the groups of r and tests. Errors: a *GroupsError when A or B
// is empty and the column Group has not two labels; a label A or B that no
// row has; a *result.OptionError when A and B are the same label; the
// errors of [hyptest.TwoMeans], prefixed by the input's name.
func (t ABMeans) Read(r *table.Reader) (*ABMeansResult, error) {
	g, err := t.Groups.Read(r)
	if err != nil {
		return nil, err
	}
	labels := g.Labels()
	a, b := t.A, t.B
	if a == "" || b == "" {
		if len(labels) != 2 {
			return nil, &GroupsError{Input: r.Name(), Column: t.Group, Labels: labels}
		}
		a, b = labels[0], labels[1]
	}
	for _, l := range []string{a, b} {
		if _, ok := g.Values[l]; !ok {
			return nil, fmt.Errorf("%s: no row has %s = %q (labels: %v)", r.Name(), t.Group, l, labels)
		}
	}
	if a == b {
		return nil, &result.OptionError{Task: "compare abmeans", Option: "task.ABMeans.A", Problem: fmt.Sprintf("and task.ABMeans.B name the same label %q", a)}
	}
	out, err := t.result(hyptest.SummaryOf(g.Values[a]), hyptest.SummaryOf(g.Values[b]), "file")
	if err != nil {
		return nil, named(r, err)
	}
	out.LabelA, out.LabelB = &a, &b
	return out, nil
}

// Summaries tests the groups summarised by a and b. Its errors are those
// of [hyptest.TwoMeans].
func (t ABMeans) Summaries(a, b hyptest.Summary) (*ABMeansResult, error) {
	return t.result(a, b, "summaries")
}

func (t ABMeans) result(A, B hyptest.Summary, input string) (*ABMeansResult, error) {
	res, err := hyptest.TwoMeans(A, B, false, t.Alternative, t.Level)
	if err != nil {
		return nil, err
	}
	out := &ABMeansResult{Test: "abmeans", Level: t.Level, Alternative: t.Alternative.String(), TargetPower: t.Power}
	out.NA, out.NB, out.MeanA, out.MeanB, out.SDA, out.SDB = A.N, B.N, A.Mean, B.Mean, A.SD, B.SD
	out.Diff, out.Statistic, out.DF, out.PValue, out.CI = res.Diff, res.Statistic, res.DF, res.PValue, res.CI
	d := hyptest.CohenD(A, B)
	if t.MDE != 0 {
		d = t.MDE / math.Sqrt((float64(A.N-1)*A.SD*A.SD+float64(B.N-1)*B.SD*B.SD)/float64(A.N+B.N-2))
	}
	out.EffectSize = d
	if !isFinite(d) {
		out.Power = math.NaN()
		out.Warnings = append(out.Warnings, "effect size undefined (pooled standard deviation 0): no power or sample size")
	} else {
		out.Power = hyptest.PowerT(d, float64(A.N), float64(B.N), t.Alpha, t.Alternative)
		out.RequiredNA, out.RequiredNB, out.Warnings = sampleSize(hyptest.PowerT, d, t.Alpha, t.Power, float64(B.N)/float64(A.N), t.Alternative)
	}
	out.Signature = result.NewSignature("compare-abmeans").Add("input", input).Add("test", "welch").Add("alternative", t.Alternative.String()).
		Float("level", t.Level).Float("alpha", t.Alpha).Float("power", t.Power).Float("mde", t.MDE)
	return out, nil
}
