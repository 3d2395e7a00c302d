package task

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// Friedman is the Friedman test of k ≥ 3 algorithms over data sets, with a
// post-hoc procedure. Its input is a table whose first column names the
// data set and whose every further column holds one algorithm's scores,
// one row a data set. Control, when not empty, is the column of the
// algorithm the others are compared with (Options.VsControl and
// Options.Control are set from it).
//
// Each row's k scores (8 bytes each and a slice header) and the post-hoc
// tables (k×k p-values and verdicts, one record a pair) are charged to
// Budget; a nil Budget is unlimited.
type Friedman struct {
	Options hyptest.FriedmanOptions
	Control string
	Name    string // the test, as the budget's messages name it
	Budget  *budget.Budget
}

// FriedmanResult is the result of [Friedman]. ImanDavenport is NaN (JSON
// null) when every data set ranks the algorithms the same way (a warning
// says so). Test is the test of the whole table, for callers that lay it
// out; Plot the file the caller drew the critical-difference diagram in.
type FriedmanResult struct {
	Test string `json:"test"` // "friedman"
	// Verdict is the algorithm of the best average rank and the pairs the
	// post-hoc procedure tells apart ([FriedmanVerdict]).
	Verdict             *board.Verdict          `json:"verdict"`
	Datasets            int                     `json:"n_datasets"`
	Algorithms          []string                `json:"algorithms"`
	LowerIsBetter       bool                    `json:"lower_is_better"`
	TieCorrection       bool                    `json:"tie_correction"`
	Statistic           float64                 `json:"statistic"`
	PValue              float64                 `json:"p_value"`
	ImanDavenport       float64                 `json:"iman_davenport"`
	ImanDavenportPValue float64                 `json:"iman_davenport_p_value"`
	AvgRanks            map[string]float64      `json:"avg_ranks"`
	Alpha               float64                 `json:"alpha"`
	QAlpha              float64                 `json:"q_alpha"`
	CD                  float64                 `json:"cd"`
	NemenyiP            [][]float64             `json:"nemenyi_p"`
	PostHoc             PostHoc                 `json:"posthoc"`
	Plot                string                  `json:"plot,omitempty"`
	Warnings            []string                `json:"warnings,omitempty"`
	Signature           *result.Signature       `json:"signature"`
	Friedman            *hyptest.FriedmanResult `json:"-"`
}

// PostHoc is the post-hoc procedure of a [FriedmanResult], with the
// algorithms named.
type PostHoc struct {
	Method  string        `json:"method"`  // as [PostHocName]
	Control *string       `json:"control"` // nil for all pairs
	Alpha   float64       `json:"alpha"`
	CD      *float64      `json:"cd"` // nil for procedures without one critical difference
	Pairs   []PostHocPair `json:"pairs"`
	Cliques [][]string    `json:"cliques"`
}

// PostHocPair is the test of two algorithms.
type PostHocPair struct {
	A           string  `json:"a"`
	B           string  `json:"b"`
	Statistic   float64 `json:"statistic"`
	PValue      float64 `json:"p_value"`
	PAdjusted   float64 `json:"p_adjusted"`
	Significant bool    `json:"significant"`
}

// PostHocName is the name of the procedure: Nemenyi against a control is
// Bonferroni–Dunn ("bonferroni-dunn"); the others are their
// [hyptest.PostHocMethod] names.
func PostHocName(ph *hyptest.PostHocResult) string {
	if ph.Method == hyptest.PostHocNemenyi && ph.Control >= 0 {
		return "bonferroni-dunn"
	}
	return ph.Method.String()
}

// NewPostHoc names the algorithms of ph.
func NewPostHoc(ph *hyptest.PostHocResult, algs []string) PostHoc {
	o := PostHoc{Method: PostHocName(ph), Alpha: ph.Alpha, Pairs: []PostHocPair{}, Cliques: [][]string{}}
	if ph.Control >= 0 {
		o.Control = &algs[ph.Control]
	}
	if ph.CD > 0 {
		cd := ph.CD
		o.CD = &cd
	}
	for _, p := range ph.Pairs {
		o.Pairs = append(o.Pairs, PostHocPair{A: algs[p.A], B: algs[p.B], Statistic: p.Statistic, PValue: p.P, PAdjusted: p.PAdjusted, Significant: p.Significant})
	}
	for _, cl := range ph.Cliques {
		var names []string
		for _, j := range cl {
			names = append(names, algs[j])
		}
		o.Cliques = append(o.Cliques, names)
	}
	return o
}

// Read reads the table of r and tests. Errors: a header of fewer than 4
// columns; a Control that is no algorithm column; an algorithm column
// named twice; the errors of [hyptest.Friedman] prefixed by the input's
// name (the error of one pair's Wilcoxon test names the pair).
func (t Friedman) Read(r *table.Reader) (*FriedmanResult, error) {
	header := r.Header()
	if len(header) < 4 {
		return nil, fmt.Errorf("%s: the first column names the data set and each further column is an algorithm; the Friedman test needs at least 3 algorithms, the header has %d columns", r.Name(), len(header))
	}
	algs := append([]string(nil), header[1:]...)
	opt := t.Options
	if t.Control != "" {
		opt.VsControl = true
		if opt.Control = slices.Index(algs, t.Control); opt.Control < 0 {
			return nil, fmt.Errorf("%s: task.Friedman.Control %q is not an algorithm column (the columns after the first: %s)", r.Name(), t.Control, strings.Join(algs, ", "))
		}
	}
	rows := t.Budget.Account(t.Name+"'s rows (a score per algorithm a data set)", "")
	k := int64(len(algs))
	if err := t.Budget.Account(t.Name+"'s post-hoc tables (k×k for k = "+fmt.Sprint(k)+" algorithms)", "").Grow(k*k*9 + k*(k-1)/2*64); err != nil {
		return nil, err
	}
	var scores [][]float64
	for r.Next() {
		if _, err := r.Text(0); err != nil {
			return nil, err
		}
		row := make([]float64, len(algs))
		for j := range algs {
			var err error
			if row[j], err = r.Float(j + 1); err != nil {
				return nil, err
			}
		}
		scores = append(scores, row)
		if err := rows.Grow(8*k + 24); err != nil {
			return nil, err
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	res, err := hyptest.Friedman(scores, opt)
	if err != nil {
		var pe *hyptest.PairError
		if errors.As(err, &pe) {
			err = fmt.Errorf("Wilcoxon test of %s and %s: %w", algs[pe.A], algs[pe.B], pe.Err)
		}
		return nil, named(r, err)
	}
	out := &FriedmanResult{Test: "friedman", Datasets: res.N, Algorithms: algs, LowerIsBetter: opt.LowerIsBetter, TieCorrection: opt.TieCorrection,
		Statistic: res.ChiSquare, PValue: res.PValue, ImanDavenport: res.ImanDavenport, ImanDavenportPValue: res.ImanDavenportP,
		AvgRanks: map[string]float64{}, Alpha: res.Alpha, QAlpha: res.QAlpha, CD: res.CD, NemenyiP: res.NemenyiP, PostHoc: NewPostHoc(res.PostHoc, algs),
		Warnings: append(slices.Clone(res.Warnings), res.PostHoc.Warnings...), Signature: opt.Signature(algs), Friedman: res}
	if math.IsInf(res.ImanDavenport, 1) {
		out.ImanDavenport = math.NaN() // JSON null, explained in warnings
	}
	for j, a := range algs {
		if _, dup := out.AvgRanks[a]; dup {
			return nil, fmt.Errorf("%s: algorithm column %q appears twice", r.Name(), a)
		}
		out.AvgRanks[a] = res.AvgRanks[j]
	}
	out.Verdict = FriedmanVerdict(out)
	return out, nil
}

// FriedmanVerdict is the verdict of a Friedman test: the algorithm of the
// best (lowest) average rank first; the pairs whose post-hoc adjusted
// p-value is below Alpha significant, the better the one of the lower
// average rank (diff: the difference of average ranks); tied with the
// best, the algorithms the post-hoc procedure compared with it and did
// not tell apart (with a control, only the control's pairs are tested).
func FriedmanVerdict(r *FriedmanResult) *board.Verdict {
	const measure = "avg_rank"
	b := &board.Models{Primary: measure, LowerIsBetter: true, PrimaryWords: "average rank", Noun: "algorithms", Adjust: r.PostHoc.Method}
	for _, a := range r.Algorithms {
		b.Models = append(b.Models, board.Model{Name: a, Report: board.ScoreReport(measure, r.AvgRanks[a], nil)})
	}
	for _, p := range r.PostHoc.Pairs {
		b.Comparisons = append(b.Comparisons, board.Comparison{A: p.A, B: p.B, Measure: measure, Diff: r.AvgRanks[p.A] - r.AvgRanks[p.B],
			Test: r.PostHoc.Method, Statistic: p.Statistic, PValue: p.PValue, PAdjusted: p.PAdjusted})
	}
	b.Decide(1 - r.Alpha)
	return b.Verdict
}
