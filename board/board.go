package board

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// Models is several models evaluated on the same rows: each model's whole
// single-model report, the comparisons between them with p-values
// adjusted over all comparisons printed, and, for three or more ROC AUCs,
// DeLong's test that they are all equal. Every task that takes several
// models (classify, rank, regress, cluster) returns this one type. A
// model's intervals, when asked for, are part of its report.
type Models struct {
	N int64 `json:"n"`
	// Verdict is the answer in numbers and words ([Models.Decide]).
	Verdict *Verdict `json:"verdict,omitempty"`
	// LabelComparison is how the labels of a task of labels (classify,
	// rank, cluster) compared: "numeric" or "string"; empty for others.
	LabelComparison string       `json:"label_comparison,omitempty"`
	Models          []Model      `json:"models"`
	Comparisons     []Comparison `json:"comparisons"`
	Adjust          string       `json:"adjust"`
	AUCEquality     *AUCEquality `json:"auc_equality,omitempty"`
	// Primary is the measure (a flattened JSON path of a model's report)
	// that orders the leaderboard; LowerIsBetter says which way.
	Primary       string `json:"primary"`
	LowerIsBetter bool   `json:"-"`
	// PrimaryWords names the primary measure in the verdict's sentence
	// ("" for Primary), and Noun what is compared ("" for "models").
	PrimaryWords string `json:"-"`
	Noun         string `json:"-"`
	// Target is the column every model predicts, where the task has one
	// (regress); layouts name it.
	Target string `json:"-"`
	// Level is the level the verdict judged significance at (Decide):
	// significant means an adjusted p-value below 1 − Level.
	Level     float64           `json:"-"`
	Warnings  []string          `json:"warnings,omitempty"`
	Signature *result.Signature `json:"signature,omitempty"`
}

// Model is one model of a [Models]: its name (its column) and its
// single-model report, which JSON prints as one object with "name" first.
type Model struct {
	Name   string
	Report any
}

// MarshalJSON writes {"name": …, the report's members…}.
func (m Model) MarshalJSON() ([]byte, error) {
	b, err := result.JSON(m.Report, "")
	if err != nil {
		return nil, err
	}
	if len(b) < 2 || b[0] != '{' {
		return nil, fmt.Errorf("board: model %q: its report is not a JSON object", m.Name)
	}
	name, _ := result.JSON(m.Name, "")
	out := append([]byte(`{"name":`), name...)
	if !bytes.Equal(b, []byte("{}")) {
		out = append(out, ',')
	}
	return append(out, b[1:]...), nil
}

// Comparison is one comparison of model A with model B on a measure: the
// difference diff = A − B, its interval ci (nil when the test gives none),
// the test's statistic and p-value, and the p-value adjusted over every
// comparison of the result.
type Comparison struct {
	A         string      `json:"a"`
	B         string      `json:"b"`
	Measure   string      `json:"measure"`
	Diff      float64     `json:"diff"`
	CI        *[2]float64 `json:"ci"`
	Test      string      `json:"test"` // "mcnemar-exact", "delong" or "paired-bootstrap"
	Statistic float64     `json:"statistic"`
	PValue    float64     `json:"p_value"`
	PAdjusted float64     `json:"p_adjusted"`
}

// AUCEquality is DeLong's χ² test that three or more correlated AUCs are
// equal.
type AUCEquality struct {
	Statistic float64 `json:"statistic"`
	DF        int     `json:"df"`
	PValue    float64 `json:"p_value"`
}

// Options are the options of a several-model result that every task
// shares.
type Options struct {
	// Primary orders the leaderboard: a flattened JSON path of a model's
	// report ("" for the task's default).
	Primary string
	// Baseline, when not "", compares every other model with it; else
	// every pair is compared.
	Baseline string
	// Compare lists further measures (flattened JSON paths) compared by a
	// paired bootstrap of the difference.
	Compare []string
	// ComparePrimary compares the primary measure by the task's paired
	// bootstrap as well, ahead of Compare, when the task has one for it
	// (see [Options.Compared]); regress and cluster, whose primary
	// measures no other paired test covers, set it by default on the
	// command line.
	ComparePrimary bool
	// Adjust is "holm" (""), "bonferroni" or "none".
	Adjust string
	// Bootstrap is the number of paired-bootstrap replicates (0: 1000),
	// Seed their seed and Level the level of every comparison's interval
	// (0: 0.95).
	Bootstrap int
	Seed      uint64
	Level     float64
}

// WithDefaults fills in the defaults: holm, 1000 replicates, level 0.95.
func (o Options) WithDefaults() Options {
	if o.Adjust == "" {
		o.Adjust = "holm"
	}
	if o.Bootstrap == 0 {
		o.Bootstrap = 1000
	}
	if o.Level == 0 {
		o.Level = 0.95
	}
	return o
}

// Compared returns the measures the paired bootstrap compares: Compare,
// after primary when ComparePrimary is set, pairable(primary) holds and
// Compare does not already name it. The tasks call it with their default
// primary measure filled in.
func (o Options) Compared(primary string, pairable func(string) bool) []string {
	if !o.ComparePrimary || slices.Contains(o.Compare, primary) || !pairable(primary) {
		return o.Compare
	}
	return append([]string{primary}, o.Compare...)
}

// Check returns an *OptionError (task task) for a baseline that names no
// model, an unknown adjustment or a bad count or level.
func (o Options) Check(task string, names []string) error {
	bad := func(opt, format string, args ...any) error {
		return &result.OptionError{Task: task, Option: opt, Problem: fmt.Sprintf(format, args...)}
	}
	o = o.WithDefaults()
	if o.Baseline != "" && !slices.Contains(names, o.Baseline) {
		return bad("board.Options.Baseline", "%q names no model (models: %s)", o.Baseline, strings.Join(names, ", "))
	}
	switch o.Adjust {
	case "holm", "bonferroni", "none":
	default:
		return bad("board.Options.Adjust", "must be holm, bonferroni or none, got %q", o.Adjust)
	}
	if o.Bootstrap < 2 {
		return bad("board.Options.Bootstrap", "must be at least 2, got %d", o.Bootstrap)
	}
	if !(o.Level > 0 && o.Level < 1) {
		return bad("board.Options.Level", "must be between 0 and 1, got %v", o.Level)
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return bad("board.Options.Check(names)", "names model %q twice", n)
		}
		seen[n] = true
	}
	return nil
}

// Pairs returns the (a, b) index pairs to compare among names: every pair
// in listed order, or with a baseline each other model (a) against it (b).
func (o Options) Pairs(names []string) [][2]int {
	var out [][2]int
	if o.Baseline != "" {
		b := slices.Index(names, o.Baseline)
		for i := range names {
			if i != b {
				out = append(out, [2]int{i, b})
			}
		}
		return out
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// MeasureValues returns the flattened JSON paths and numeric values of a
// report (the CSV keys): what Primary and Compare name.
func MeasureValues(rep any) (map[string]float64, error) {
	b, err := result.JSON(rep, "")
	if err != nil {
		return nil, err
	}
	rows, err := result.Flatten(b)
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, r := range rows {
		if v, err := strconv.ParseFloat(r[1], 64); err == nil {
			out[r[0]] = v
		} else if r[1] == "" {
			out[r[0]] = math.NaN()
		}
	}
	return out, nil
}

// Adjusted sets every comparison's PAdjusted by method ("holm",
// "bonferroni" or "none") over all of them, by [hyptest.AdjustPValues]
// (holm: Holm's step-down, as statsmodels multipletests). A NaN p-value
// stays NaN and is left out of the family. It panics for another method
// ([Options.Check] rejects it).
func (m *Models) Adjusted(method string) {
	m.Adjust = method
	var idx []int
	var p []float64
	for i, c := range m.Comparisons {
		if math.IsNaN(c.PValue) {
			m.Comparisons[i].PAdjusted = math.NaN()
			continue
		}
		idx = append(idx, i)
		// A p-value rounded above 1 counts as 1: the adjusted value is 1
		// either way.
		p = append(p, math.Min(c.PValue, 1))
	}
	if method == "none" {
		for _, i := range idx {
			m.Comparisons[i].PAdjusted = m.Comparisons[i].PValue
		}
		return
	}
	how, err := hyptest.ParseAdjustment(method)
	if err != nil {
		panic("board: " + err.Error())
	}
	adj, err := hyptest.AdjustPValues(p, how)
	if err != nil {
		panic("board: " + err.Error())
	}
	for k, i := range idx {
		m.Comparisons[i].PAdjusted = adj[k]
	}
}

// Leaderboard returns the model indices ordered by the primary measure,
// best first (a model without the measure last), with their values.
func (m *Models) Leaderboard() ([]int, []float64) {
	vals := make([]float64, len(m.Models))
	for i, md := range m.Models {
		vals[i] = math.NaN()
		if mv, err := MeasureValues(md.Report); err == nil {
			if v, ok := mv[m.Primary]; ok {
				vals[i] = v
			}
		}
	}
	order := make([]int, len(vals))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		va, vb := vals[a], vals[b]
		switch {
		case math.IsNaN(va) && math.IsNaN(vb):
			return 0
		case math.IsNaN(va):
			return 1
		case math.IsNaN(vb):
			return -1
		case va == vb:
			return 0
		case (va > vb) != m.LowerIsBetter:
			return -1
		}
		return 1
	})
	return order, vals
}

// AddTo appends the several-model fields to a task's signature: models,
// primary, baseline, compare, adjust, and the comparisons' bootstrap,
// seed and level when a paired bootstrap runs.
func (o Options) AddTo(s *result.Signature, names []string) {
	o = o.WithDefaults()
	s.List("models", names, "none").Add("primary", o.Primary).Column("baseline", o.Baseline).
		List("compare", o.Compare, "none").Add("adjust", o.Adjust)
	if len(o.Compare) > 0 {
		s.Int("compare_bootstrap", o.Bootstrap).Seed("compare_seed", o.Seed).Float("compare_level", o.Level)
	}
}

// lowerBetter are the measures (last path segment) for which lower is
// better.
var lowerBetter = []string{"error_rate", "hamming_loss", "zero_one_loss", "cost_sensitive_error", "log_loss", "brier",
	"rank_loss", "mse", "rmse", "mae", "mape", "smape", "wape", "medae", "max_error", "msle", "rmsle", "pinball",
	"poisson_deviance", "gamma_deviance", "tweedie_deviance", "davies_bouldin", "davies_bouldin_avgpair", "ece", "mce",
	"auc_variance_delong", "cost_curve_area", "ter", "wer", "cer"}

// LowerIsBetter reports whether a lower value of the measure at this
// flattened JSON path is better (a loss, an error, a deviance, …).
func LowerIsBetter(path string) bool {
	last := path[strings.LastIndexByte(path, '.')+1:]
	return slices.Contains(lowerBetter, last)
}
