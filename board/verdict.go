package board

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Verdict is the answer of a several-model run: the model ranked first by
// the primary measure, the differences that survive the adjustment for
// multiple comparisons, the models not shown to be worse than the first,
// and all of it in one sentence.
type Verdict struct {
	// Best is the model ranked first by Measure (the primary measure),
	// with its Value and, when intervals were asked for, its interval CI.
	Best    string      `json:"best"`
	Measure string      `json:"measure"`
	Value   float64     `json:"value"`
	CI      *[2]float64 `json:"ci"`
	// Significant lists the comparisons, on any measure, whose adjusted
	// p-value is below 1 − level, each with the better model first.
	Significant []Finding `json:"significant"`
	// TiedWithBest lists the models that a test on the primary measure
	// compared with Best and did not find significantly worse. Models that
	// no test compared with Best on the primary measure are in neither
	// list: NotCompared names them.
	TiedWithBest []string `json:"tied_with_best"`
	NotCompared  []string `json:"not_compared"`
	Sentence     string   `json:"sentence"`
}

// Finding is a significant difference between two models: Better beats
// Worse on Measure by Test, with the adjusted p-value PAdjusted; Diff is
// Better − Worse.
type Finding struct {
	Better    string  `json:"better"`
	Worse     string  `json:"worse"`
	Measure   string  `json:"measure"`
	Diff      float64 `json:"diff"`
	Test      string  `json:"test"`
	PAdjusted float64 `json:"p_adjusted"`
}

// Decide sets m.Verdict from the leaderboard and the adjusted comparisons
// (call it after [Models.Adjusted]), a difference being significant when
// its adjusted p-value is below 1 − level. Without a model that has the
// primary measure there is no verdict.
func (m *Models) Decide(level float64) {
	m.Verdict, m.Level = nil, level
	order, vals := m.Leaderboard()
	if len(order) == 0 || math.IsNaN(vals[order[0]]) {
		return
	}
	alpha := 1 - level
	best := m.Models[order[0]].Name
	v := &Verdict{Best: best, Measure: m.Primary, Value: vals[order[0]], Significant: []Finding{}, TiedWithBest: []string{}, NotCompared: []string{}}
	if mv, err := MeasureValues(m.Models[order[0]].Report); err == nil {
		lo, okl := mv["intervals."+m.Primary+".low"]
		hi, okh := mv["intervals."+m.Primary+".high"]
		if okl && okh && !math.IsNaN(lo) && !math.IsNaN(hi) {
			v.CI = &[2]float64{lo, hi}
		}
	}
	for _, c := range m.Comparisons {
		if math.IsNaN(c.PAdjusted) || !(c.PAdjusted < alpha) || c.Diff == 0 || math.IsNaN(c.Diff) {
			continue
		}
		f := Finding{Better: c.A, Worse: c.B, Measure: c.Measure, Diff: c.Diff, Test: c.Test, PAdjusted: c.PAdjusted}
		if (c.Diff > 0) == m.lowerIsBetter(c.Measure) {
			f.Better, f.Worse, f.Diff = c.B, c.A, -c.Diff
		}
		v.Significant = append(v.Significant, f)
	}
	// The best model against each other one, on the primary measure.
	type vs struct {
		name string
		p    float64
	}
	var tied, beaten []vs
	for _, i := range order[1:] {
		other := m.Models[i].Name
		c, ok := m.comparison(best, other, m.Primary)
		switch {
		case !ok || math.IsNaN(c.PAdjusted):
			v.NotCompared = append(v.NotCompared, other)
		case c.PAdjusted < alpha && m.betterOf(c) == best:
			beaten = append(beaten, vs{other, c.PAdjusted})
		default:
			v.TiedWithBest = append(v.TiedWithBest, other)
			tied = append(tied, vs{other, c.PAdjusted})
		}
	}
	p := adjustedName(m.Adjust)
	noun := m.Noun
	if noun == "" {
		noun = "models"
	}
	words := m.PrimaryWords
	if words == "" {
		words = m.Primary
	}
	list := func(xs []vs) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = fmt.Sprintf("%s (%s %s)", x.name, p, pText(x.p))
		}
		return joinWords(parts, "and")
	}
	var s strings.Builder
	fmt.Fprintf(&s, "%s ranks first by %s (%s", best, words, sig4(v.Value))
	if v.CI != nil {
		fmt.Fprintf(&s, " [%s, %s]", sig4(v.CI[0]), sig4(v.CI[1]))
	}
	s.WriteString(")")
	if len(tied) > 0 {
		fmt.Fprintf(&s, "; it is not significantly better than %s", strings.Replace(list(tied), " and ", " or ", 1))
	}
	if len(beaten) > 0 {
		fmt.Fprintf(&s, "; it is significantly better than %s", list(beaten))
	}
	if len(v.NotCompared) > 0 {
		if len(v.NotCompared) == len(order)-1 {
			fmt.Fprintf(&s, "; no paired test compared it with the other %s on %s", noun, words)
		} else {
			fmt.Fprintf(&s, "; no paired test compared it with %s on %s", joinWords(v.NotCompared, "or"), words)
		}
	}
	// The other significant differences: between other models, or on
	// other measures.
	var more []string
	for _, f := range v.Significant {
		if f.Measure == m.Primary && f.Better == best {
			continue // said above
		}
		on := ""
		if f.Measure != m.Primary {
			on = " on " + f.Measure
		}
		more = append(more, fmt.Sprintf("%s beats %s%s (%s %s)", f.Better, f.Worse, on, p, pText(f.PAdjusted)))
	}
	if len(more) > 0 {
		s.WriteString("; " + joinWords(more, "and"))
	}
	s.WriteString(".")
	v.Sentence = s.String()
	m.Verdict = v
}

// comparison returns the comparison of models a and b (either way round)
// on measure.
func (m *Models) comparison(a, b, measure string) (Comparison, bool) {
	for _, c := range m.Comparisons {
		if c.Measure == measure && (c.A == a && c.B == b || c.A == b && c.B == a) {
			return c, true
		}
	}
	return Comparison{}, false
}

// betterOf returns the model a comparison's difference favours.
func (m *Models) betterOf(c Comparison) string {
	if (c.Diff > 0) != m.lowerIsBetter(c.Measure) {
		return c.A
	}
	return c.B
}

// lowerIsBetter is m.LowerIsBetter for the primary measure and
// [LowerIsBetter] for the others.
func (m *Models) lowerIsBetter(measure string) bool {
	if measure == m.Primary {
		return m.LowerIsBetter
	}
	return LowerIsBetter(measure)
}

// adjustedName names the adjusted p-value in a sentence: the adjustment
// (Models.Adjust) or the post-hoc procedure that adjusted it.
func adjustedName(method string) string {
	if n, ok := adjustedNames[method]; ok {
		return n + " p"
	}
	return "p"
}

var adjustedNames = map[string]string{"holm": "Holm", "bonferroni": "Bonferroni", "nemenyi": "Nemenyi", "shaffer": "Shaffer",
	"bergmann": "Bergmann–Hommel", "wilcoxon-holm": "Wilcoxon–Holm", "bonferroni-dunn": "Bonferroni–Dunn"}

// ScoreReport is the report of a model known by one number: its value v
// of measure and, when ci is not nil, the interval of it, as [Models.Decide]
// reads them. It serves results that are not a task's several-model
// report (several text systems, the Friedman test's average ranks) but
// state their verdict the same way.
func ScoreReport(measure string, v float64, ci *[2]float64) map[string]any {
	r := map[string]any{measure: v}
	if ci != nil {
		r["intervals"] = map[string]any{measure: map[string]float64{"low": ci[0], "high": ci[1]}}
	}
	return r
}

// pText writes a p-value in a sentence: "< 0.001" below that, else "= "
// and two significant digits.
func pText(p float64) string {
	if p < 0.001 {
		return "< 0.001"
	}
	return "= " + strconv.FormatFloat(p, 'g', 2, 64)
}

// sig4 writes a number to four significant digits, in fixed notation
// from 10⁻³ to 10⁶ (trailing zeros dropped).
func sig4(x float64) string {
	a := math.Abs(x)
	if a == 0 || math.IsNaN(x) || math.IsInf(x, 0) || a < 1e-3 || a >= 1e6 {
		return strconv.FormatFloat(x, 'g', 4, 64)
	}
	d := max(0, 3-int(math.Floor(math.Log10(a))))
	s := strconv.FormatFloat(x, 'f', d, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// joinWords joins "a", "a and b", "a, b and c" (with conjunction and).
func joinWords(xs []string, and string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + and + " " + xs[len(xs)-1]
}

// IntervalSummary is the sentence of one model's headline numbers with
// their intervals: each of keys (flattened JSON paths of rep) that has an
// interval ("intervals.KEY.low", "intervals.KEY.high") as "KEY v [low,
// high]" to four significant digits, and the level, as in "accuracy 0.8625
// [0.7698, 0.9213] and macro.f1 0.8512 [0.7571, 0.9221] (95% confidence
// intervals)." Without such a key it is "".
func IntervalSummary(rep any, keys []string, level float64) string {
	mv, err := MeasureValues(rep)
	if err != nil {
		return ""
	}
	var parts []string
	for _, k := range keys {
		v, ok := mv[k]
		lo, okl := mv["intervals."+k+".low"]
		hi, okh := mv["intervals."+k+".high"]
		if !ok || !okl || !okh || math.IsNaN(lo) || math.IsNaN(hi) {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s [%s, %s]", k, sig4(v), sig4(lo), sig4(hi)))
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("%s (%s%% confidence intervals).", joinWords(parts, "and"), strconv.FormatFloat(100*level, 'g', -1, 64))
}
