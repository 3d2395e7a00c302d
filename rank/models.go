package rank

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// pairedMeasures are the measures a paired bootstrap of several score
// columns can compare, each a pass over a score table.
var pairedMeasures = map[string]func(*Table) (float64, error){
	"roc_auc":           (*Table).AUC,
	"rank_loss":         (*Table).RankLoss,
	"average_precision": (*Table).AveragePrecision,
	"pr_auc_trapezoid":  (*Table).PRAUCTrapezoid,
	"bep":               (*Table).BEP,
	"log_loss":          (*Table).LogLoss,
	"brier":             (*Table).Brier,
}

// NewModelsReport evaluates several score columns of the same rows (binary
// labels positive, scores[j] model j's scores, w the weights or nil):
// each model's whole [Report], compared by ROC AUC with DeLong's paired
// test (every pair, or each against mo.Baseline), with three or more
// models DeLong's χ² test that all AUCs are equal, and by every measure of
// mo.Compare with a paired bootstrap of the difference; p-values adjusted
// by mo.Adjust over all comparisons. The leaderboard is by mo.Primary
// (default roc_auc).
//
// DeLong's test of a pair is [DeLongTest] (pROC's roc.test(paired=TRUE,
// method="delong")); its interval is [DeLong.DiffCI] at mo.Level. The
// equality test (DeLong, DeLong & Clarke-Pearson 1988) takes the m AUCs θ
// and their DeLong covariance matrix S and the contrast matrix L of the
// m − 1 successive differences, and refers
//
//	χ² = (Lθ)ᵀ (L S Lᵀ)⁻¹ (Lθ)
//
// to a χ² distribution with m − 1 degrees of freedom. Both need unweighted
// rows; with weights they are left out with a warning.
//
// The paired bootstrap draws, within each class, as many rows as the class
// has, with replacement (the same rows for both models), mo.Bootstrap
// times from PCG(mo.Seed, r); each replicate rebuilds both score tables,
// so it costs O(n log n). Its interval is the percentile interval and its
// p-value [hyptest.BootstrapPValue].
//
// With ci not nil every model's report gets its intervals
// ([Report.AddIntervals]). It returns a *result.OptionError for a bad
// option and the errors of [NewReport]. It panics if the slices differ in length.
func NewModelsReport(positive []bool, scores [][]float64, w []float64, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions) (*board.Models, error) {
	return NewModelsReportCurves(positive, scores, w, names, opt, mo, ci, nil)
}

// NewModelsReportCurves is [NewModelsReport] that also writes every model's
// curves to curves (when not nil) as one CSV: [ModelsCurvesCSVHeader],
// then each model's rows of [Table.WriteCurvesCSV] after its name, the
// models in order.
func NewModelsReportCurves(positive []bool, scores [][]float64, w []float64, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions, curves io.Writer) (*board.Models, error) {
	m := len(scores)
	if len(names) != m {
		panic(fmt.Sprintf("rank: %d names for %d score columns", len(names), m))
	}
	mo = mo.WithDefaults()
	if mo.Primary == "" {
		mo.Primary = "roc_auc"
	}
	if err := mo.Check("rank", names); err != nil {
		return nil, err
	}
	for _, c := range mo.Compare {
		if pairedMeasures[c] == nil {
			keys := make([]string, 0, len(pairedMeasures))
			for k := range pairedMeasures {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			return nil, &result.OptionError{Task: "rank", Option: "board.Options.Compare", Problem: fmt.Sprintf("%q is not a measure a paired bootstrap of scores compares (measures: %s)", c, strings.Join(keys, ", "))}
		}
	}
	tables := make([]*Table, m)
	for j := range scores {
		t, err := NewTable(scores[j], positive, w)
		if err != nil {
			return nil, fmt.Errorf("model %q: %w", names[j], err)
		}
		tables[j] = t
	}
	out, err := modelsReport(tables, names, opt, mo, ci, curves, func(pl *Placements) (*PairedSums, error) { return pl.SumsOf(positive, scores) })
	if err != nil {
		return nil, err
	}
	if len(mo.Compare) > 0 {
		for _, p := range mo.Pairs(names) {
			for _, c := range mo.Compare {
				cmp, dropped, err := pairedBootstrap(positive, scores[p[0]], scores[p[1]], w, pairedMeasures[c], mo)
				if dropped > 0 {
					out.Warnings = append(out.Warnings, fmt.Sprintf("%s − %s, %s: %d of %d bootstrap replicates undefined, left out of the interval", names[p[0]], names[p[1]], c, dropped, mo.Bootstrap))
				}
				if err != nil {
					return nil, fmt.Errorf("%s − %s, %s: %w", names[p[0]], names[p[1]], c, err)
				}
				cmp.A, cmp.B, cmp.Measure = names[p[0]], names[p[1]], c
				out.Comparisons = append(out.Comparisons, cmp)
			}
		}
	}
	finishModels(out, opt, mo, ci, names)
	return out, nil
}

// NewModelsReportTables is [NewModelsReport] from the models' score tables
// (built from the same rows) and, when they are unweighted, the
// [PairedSums] of those rows ([Placements]; nil when weighted): the same
// reports, DeLong's paired tests and χ² test, the same bits. The paired
// bootstrap needs the rows: mo.Compare must be empty (a
// *result.OptionError otherwise).
func NewModelsReportTables(tables []*Table, sums *PairedSums, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions) (*board.Models, error) {
	m := len(tables)
	if len(names) != m {
		panic(fmt.Sprintf("rank: %d names for %d tables", len(names), m))
	}
	mo = mo.WithDefaults()
	if mo.Primary == "" {
		mo.Primary = "roc_auc"
	}
	if err := mo.Check("rank", names); err != nil {
		return nil, err
	}
	if len(mo.Compare) > 0 {
		return nil, &result.OptionError{Task: "rank", Option: "board.Options.Compare", Problem: "the paired bootstrap needs every row's scores, which score tables do not keep"}
	}
	out, err := modelsReport(tables, names, opt, mo, ci, nil, func(*Placements) (*PairedSums, error) {
		if sums == nil {
			return nil, fmt.Errorf("rank: unweighted tables need their paired sums")
		}
		return sums, nil
	})
	if err != nil {
		return nil, err
	}
	finishModels(out, opt, mo, ci, names)
	return out, nil
}

// modelsReport is the part of [NewModelsReport] that tables and paired
// sums give: every model's report (and curves) and DeLong's comparisons,
// from the paired sums that sumsOf returns (unweighted tables only).
func modelsReport(tables []*Table, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions, curves io.Writer, sumsOf func(*Placements) (*PairedSums, error)) (*board.Models, error) {
	m := len(tables)
	out := &board.Models{N: tables[0].Rows, LabelComparison: opt.LabelComparison, Primary: mo.Primary, LowerIsBetter: board.LowerIsBetter(mo.Primary)}
	for j, t := range tables {
		r, err := NewReport(t, opt)
		if err != nil {
			return nil, fmt.Errorf("model %q: %w", names[j], err)
		}
		if j == 0 {
			if mv, err := board.MeasureValues(r); err == nil {
				if _, ok := mv[mo.Primary]; !ok {
					return nil, &result.OptionError{Task: "rank", Option: "board.Options.Primary", Problem: fmt.Sprintf("%q is not a measure of the report", mo.Primary)}
				}
			}
		}
		if ci != nil {
			if err := r.AddIntervals(t, opt, *ci); err != nil {
				return nil, fmt.Errorf("model %q: %w", names[j], err)
			}
		}
		r.Signature, r.LabelComparison = nil, ""
		if curves != nil {
			if j == 0 {
				if _, err := io.WriteString(curves, ModelsCurvesCSVHeader); err != nil {
					return nil, err
				}
			}
			if err := t.writeModelCurves(curves, names[j]); err != nil {
				return nil, err
			}
		}
		out.Models = append(out.Models, board.Model{Name: names[j], Report: r})
	}
	if tables[0].Weighted {
		out.Warnings = append(out.Warnings, "DeLong's tests need unweighted rows: no ROC AUC comparisons")
		return out, nil
	}
	first := mo.Pairs(names)[0]
	pl, err := NewPlacements(tables)
	if err != nil {
		return nil, fmt.Errorf("DeLong's test of %q and %q: %w", names[first[0]], names[first[1]], err)
	}
	sums, err := sumsOf(pl)
	if err != nil {
		return nil, err
	}
	auc, cov, err := pl.Result(sums)
	if err != nil {
		return nil, err
	}
	for _, p := range mo.Pairs(names) {
		a, b := p[0], p[1]
		r := Pair(auc, cov, a, b)
		lo, hi := r.DiffCI(mo.Level)
		d := out.Models[a].Report.(*Report).ROCAUC - out.Models[b].Report.(*Report).ROCAUC
		out.Comparisons = append(out.Comparisons, board.Comparison{A: names[a], B: names[b], Measure: "roc_auc", Diff: d,
			CI: &[2]float64{math.Max(lo, -1), math.Min(hi, 1)}, Test: "delong", Statistic: r.Z, PValue: r.P})
	}
	if m >= 3 {
		eq, err := aucEquality(auc, cov)
		if err != nil {
			out.Warnings = append(out.Warnings, "auc_equality: "+err.Error())
		} else {
			out.AUCEquality = eq
		}
	}
	return out, nil
}

// finishModels adjusts out's p-values and signs it.
func finishModels(out *board.Models, opt Options, mo board.Options, ci *hyptest.CIOptions, names []string) {
	out.Adjusted(mo.Adjust)
	out.Decide(mo.WithDefaults().Level)
	sig := opt.Signature(nil)
	mo.AddTo(sig, names)
	if ci != nil {
		c := ci.WithDefaults()
		sig.CI = &result.SignatureCI{Method: c.Method, Level: c.Level, Bootstrap: c.Bootstrap, Seed: c.Seed}
	}
	out.Signature = sig
}

// aucEquality is DeLong's χ² test that the m AUCs theta are equal, from
// their DeLong covariance matrix cov (row-major m×m).
func aucEquality(theta, cov []float64) (*board.AUCEquality, error) {
	m := len(theta)
	S := mat.NewSymDense(m, slices.Clone(cov))
	L := mat.NewDense(m-1, m, nil)
	for i := range m - 1 {
		L.Set(i, i, 1)
		L.Set(i, i+1, -1)
	}
	var lt mat.VecDense
	lt.MulVec(L, mat.NewVecDense(m, theta))
	var lsl mat.Dense
	lsl.Product(L, S, L.T())
	var x mat.VecDense
	if err := x.SolveVec(&lsl, &lt); err != nil {
		return nil, fmt.Errorf("the covariance of the AUC differences is singular: %v", err)
	}
	chi := mat.Dot(&lt, &x)
	if !(chi >= 0) {
		return nil, fmt.Errorf("the covariance of the AUC differences is not positive definite")
	}
	df := m - 1
	return &board.AUCEquality{Statistic: chi, DF: df, PValue: distuv.ChiSquared{K: float64(df)}.Survival(chi)}, nil
}

// pairedBootstrap compares measure f of two score columns by a paired
// bootstrap of the rows, stratified by class.
func pairedBootstrap(positive []bool, sa, sb, w []float64, f func(*Table) (float64, error), mo board.Options) (board.Comparison, int, error) {
	var pos, neg []int
	for i, p := range positive {
		if p {
			pos = append(pos, i)
		} else {
			neg = append(neg, i)
		}
	}
	diff := func(a, b *Table) float64 {
		va, e1 := f(a)
		vb, e2 := f(b)
		if e1 != nil || e2 != nil {
			return math.NaN()
		}
		return va - vb
	}
	ta, err := NewTable(sa, positive, w)
	if err != nil {
		return board.Comparison{}, 0, err
	}
	tb, err := NewTable(sb, positive, w)
	if err != nil {
		return board.Comparison{}, 0, err
	}
	est := diff(ta, tb)
	if math.IsNaN(est) {
		return board.Comparison{}, 0, fmt.Errorf("the measure is undefined on the data")
	}
	bs := &hyptest.Bootstrap{Estimate: est, Replicates: make([]float64, mo.Bootstrap)}
	type scratch struct {
		cnt  []float64
		a, b Builder
	}
	hyptest.Replicate(mo.Bootstrap, mo.Seed, 0, func() *scratch { return &scratch{cnt: make([]float64, len(positive))} },
		func(r int, rng *rand.Rand, s *scratch) {
			clear(s.cnt)
			for _, class := range [][]int{pos, neg} {
				for range class {
					s.cnt[class[rng.IntN(len(class))]]++
				}
			}
			for i, c := range s.cnt {
				if c == 0 {
					continue
				}
				wi := c
				if w != nil {
					wi *= w[i]
				}
				s.a.Add(sa[i], positive[i], wi)
				s.b.Add(sb[i], positive[i], wi)
			}
			bs.Replicates[r] = diff(s.a.Table(), s.b.Table())
		})
	c := board.Comparison{Diff: est, Test: "paired-bootstrap", Statistic: est, PValue: hyptest.BootstrapPValue(bs)}
	lo, hi, dropped, err := hyptest.FinitePercentile(bs, mo.Level)
	if err == nil {
		c.CI = &[2]float64{lo, hi}
	}
	return c, dropped, nil
}
