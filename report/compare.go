package report

import (
	"fmt"
	"github.com/evalkit-go/evalkit/hyptest"
	"strings"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/task"
)

// The layouts of the significance tests of package task. Tests of two
// score columns name them a and b, as the result does not.

// McNemar lays out McNemar's test.
func McNemar(r *task.McNemarResult) *Doc {
	form := "χ² with the continuity correction"
	switch {
	case r.Exact:
		form = "exact binomial"
	case !r.Correction:
		form = "χ², no correction"
	}
	p := &Pairs{Items: [][2]string{{"rows", fmt.Sprint(r.N)}, {"n01 (A wrong, B right)", fmt.Sprint(r.N01)}, {"n10 (A right, B wrong)", fmt.Sprint(r.N10)}, {"test", form}}}
	if r.Statistic != nil {
		p.Add("statistic", Sig(*r.Statistic))
	}
	p.Add("p-value", PValue(r.PValue))
	return pairsDoc("McNemar test", p)
}

// TTest lays out the paired t-test of the columns a and b.
func TTest(r *task.TTestResult, a, b string) *Doc {
	return pairsDoc("Paired t-test ("+a+" − "+b+")", &Pairs{Items: [][2]string{
		{"folds", fmt.Sprint(r.N)}, {"mean difference", Sig(r.MeanDiff)},
		{"standard error", Sig(r.StdErr)}, {"t", Sig(r.Statistic)},
		{"df", Sig(r.DF)}, {"p-value (" + r.Alternative + ")", PValue(r.PValue)}}})
}

// Wilcoxon lays out the Wilcoxon signed-rank test of the columns a and b.
func Wilcoxon(r *task.WilcoxonResult, a, b string) *Doc {
	p := &Pairs{Items: [][2]string{{"pairs used", fmt.Sprint(r.N)}, {"zero differences", fmt.Sprint(r.Zeros)},
		{"R+", Sig(r.RPlus)}, {"R−", Sig(r.RMinus)}, {"statistic", Sig(r.Statistic)}}}
	if r.Z != nil {
		p.Add("z", Sig(*r.Z))
	}
	p.Add("p-value ("+r.Method+", "+r.Alternative+")", PValue(r.PValue))
	return warned(pairsDoc("Wilcoxon signed-rank test ("+a+" − "+b+")", p), r.Warnings)
}

// CV5x2 lays out Dietterich's 5×2cv paired t-test of the columns a and b.
func CV5x2(r *task.CV5x2Result, a, b string) *Doc {
	return pairsDoc("5×2cv paired t-test ("+a+" − "+b+")", &Pairs{Items: [][2]string{
		{"t (Dietterich)", Sig(r.Statistic)}, {"p-value", PValue(r.PValue)},
		{"t (mean of replication 1)", Sig(r.StatisticZhou)}, {"p-value (mean of replication 1)", PValue(r.PValueZhou)},
		{"df", "5"}}})
}

// Binomial lays out the binomial test of an error rate.
func Binomial(r *task.BinomialResult) *Doc {
	verdict := "not rejected"
	if r.Reject {
		verdict = "rejected"
	}
	return pairsDoc("Binomial test of the error rate", &Pairs{Items: [][2]string{
		{"test error rate", Sig(r.ErrorRate) + " (" + fmt.Sprint(r.Errors) + "/" + fmt.Sprint(r.N) + ")"},
		{"H₀", "ε ≤ " + Sig(r.Epsilon)}, {"p-value P(X ≥ errors)", PValue(r.PValue)},
		{"critical error rate ε̄", Sig(r.CriticalError) + " (" + fmt.Sprint(r.CriticalCount) + " errors)"},
		{fmt.Sprintf("H₀ at α = %g", r.Alpha), verdict}}})
}

// ABTest lays out the A/B test t of two proportions. effect says where
// the effect size comes from: "observed", or the name the caller gives
// t.MDE.
func ABTest(t task.ABTest, r *task.ABTestResult, effect string) *Doc {
	p := &Pairs{Items: [][2]string{
		{"conversion A", Pct(r.PA) + " (" + fmt.Sprint(t.SuccessA) + "/" + fmt.Sprint(t.NA) + ")"},
		{"conversion B", Pct(r.PB) + " (" + fmt.Sprint(t.SuccessB) + "/" + fmt.Sprint(t.NB) + ")"},
		{"difference B − A", Sig(r.Diff)},
		{Pct(r.Level) + " interval (Wald)", "[" + Sig(r.CI[0]) + ", " + Sig(r.CI[1]) + "]"},
		{"z (pooled)", Sig(r.Statistic)},
		{"p-value (" + r.Alternative + ")", PValue(r.PValue)},
		{"effect size h (" + effect + ")", Sig(r.EffectSize)},
		{"power at these sizes", Sig(r.Power)},
	}}
	requiredN(p, r.TargetPower, r.RequiredNA, r.RequiredNB)
	return warned(pairsDoc("A/B test of two proportions", p), r.Warnings)
}

// ABMeans lays out the A/B test of two means. effect says where the
// effect size comes from, as for [ABTest].
func ABMeans(r *task.ABMeansResult, effect string) *Doc {
	nameA, nameB := "A", "B"
	if r.LabelA != nil {
		nameA, nameB = "A ("+*r.LabelA+")", "B ("+*r.LabelB+")"
	}
	p := &Pairs{Items: [][2]string{
		{"mean " + nameA, fmt.Sprintf("%s (sd %s, n %d)", Sig(r.MeanA), Sig(r.SDA), r.NA)},
		{"mean " + nameB, fmt.Sprintf("%s (sd %s, n %d)", Sig(r.MeanB), Sig(r.SDB), r.NB)},
		{"difference B − A", Sig(r.Diff)},
		{Pct(r.Level) + " interval (Welch)", "[" + Sig(r.CI[0]) + ", " + Sig(r.CI[1]) + "]"},
		{"Welch t", Sig(r.Statistic)}, {"df", Sig(r.DF)},
		{"p-value (" + r.Alternative + ")", PValue(r.PValue)},
		{"effect size d (" + effect + ")", Sig(r.EffectSize)},
		{"power at these sizes", Sig(r.Power)},
	}}
	requiredN(p, r.TargetPower, r.RequiredNA, r.RequiredNB)
	d := warned(pairsDoc("A/B test of two means", p), r.Warnings)
	d.Blocks = append(d.Blocks, SignatureNote(r.Signature))
	return d
}

// CorrTTest lays out the Bayesian correlated t-test of the columns a and
// b, with the Nadeau–Bengio test.
func CorrTTest(r *task.CorrTTestResult, a, b string) *Doc {
	d := pairsDoc("Bayesian correlated t-test ("+a+" − "+b+")", &Pairs{Items: [][2]string{
		{"folds", fmt.Sprint(r.N)}, {"ρ = n_test/(n_train + n_test)", Sig(r.Rho)},
		{"rope", "[" + Sig(-r.Rope) + ", " + Sig(r.Rope) + "]"},
		{"P(" + a + " better)", Sig(r.PABetter)}, {"P(equivalent)", Sig(r.PEquivalent)},
		{"P(" + b + " better)", Sig(r.PBBetter)},
		{"posterior of the mean difference", fmt.Sprintf("Student t: location %s, scale %s, df %s", Sig(r.Mean), Sig(r.Scale), Sig(r.DF))},
		{"Nadeau–Bengio corrected t", Sig(r.NBStatistic)}, {"p-value (two-sided)", PValue(r.NBPValue)}}})
	d.Blocks = append(d.Blocks, SignatureNote(r.Signature))
	return d
}

// SignedRank lays out the Bayesian signed-rank test of the columns a and
// b.
func SignedRank(r *task.SignedRankResult, a, b string) *Doc {
	p := &Pairs{Items: [][2]string{{"data sets", fmt.Sprint(r.N)},
		{"rope", "[" + Sig(-r.Rope) + ", " + Sig(r.Rope) + "]"},
		{"P(" + a + " better)", Sig(r.PABetter)}, {"P(equivalent)", Sig(r.PEquivalent)},
		{"P(" + b + " better)", Sig(r.PBBetter)},
		{"Monte Carlo", fmt.Sprintf("%d samples, seed %d, prior strength %s", r.Samples, r.Seed, Sig(r.Prior))}}}
	if r.Plot != "" {
		p.Add("simplex plot", r.Plot)
	}
	d := pairsDoc("Bayesian signed-rank test ("+a+" − "+b+")", p)
	d.Blocks = append(d.Blocks, SignatureNote(r.Signature))
	return d
}

// SignedRankFigure is the posterior of the signed-rank test of the
// columns a and b in the probability simplex; r needs its samples
// (Theta).
func SignedRankFigure(r *task.SignedRankResult, a, b string) (*figure.Figure, error) {
	title := fmt.Sprintf("P(%s better) %.3f, P(equivalent) %.3f, P(%s better) %.3f", a, r.PABetter, r.PEquivalent, b, r.PBBetter)
	return figure.SimplexFigure(title, [3]string{b + " better", "equivalent", a + " better"}, r.Theta)
}

// DeLong lays out DeLong's test of two correlated AUCs.
func DeLong(r *task.DeLongResult) *Doc {
	return pairsDoc(fmt.Sprintf("DeLong test of two correlated AUCs (n = %d: %d positive, %d negative)", r.N, r.Positives, r.Negatives), &Pairs{Items: [][2]string{
		{"AUC A", Sig(r.AUCA)},
		{"AUC B", Sig(r.AUCB)},
		{"difference A − B", fmt.Sprintf("%s (%g%% CI %s to %s)", Sig(r.Diff), 100*r.Conf, Sig(r.DiffCI[0]), Sig(r.DiffCI[1]))},
		{"z", Sig(r.Statistic)},
		{"p-value (" + r.Alternative + ")", PValue(r.PValue)}}})
}

// DeLongUnpaired lays out DeLong's test of two independent samples' AUCs.
func DeLongUnpaired(r *task.DeLongUnpairedResult) *Doc {
	return pairsDoc(fmt.Sprintf("DeLong test of two independent AUCs (A: n = %d, %d positive; B: n = %d, %d positive)", r.NA, r.PositivesA, r.NB, r.PositivesB), &Pairs{Items: [][2]string{
		{"AUC A", Sig(r.AUCA)},
		{"AUC B", Sig(r.AUCB)},
		{"difference A − B", Sig(r.Diff)},
		{"D (t, df)", fmt.Sprintf("%s (%s)", Sig(r.Statistic), Sig(r.DF))},
		{"p-value (" + r.Alternative + ")", PValue(r.PValue)}}})
}

// postHocTitles are the names of the post-hoc procedures (task.PostHoc's
// Method) in titles.
var postHocTitles = map[string]string{"nemenyi": "Nemenyi", "bonferroni-dunn": "Bonferroni–Dunn", "holm": "Holm",
	"shaffer": "Shaffer (static)", "bergmann": "Bergmann–Hommel", "wilcoxon-holm": "Wilcoxon signed-rank with Holm"}

// Friedman lays out the Friedman test: the tests, the average ranks, the
// Nemenyi p-values, the post-hoc procedure's comparisons (when it is not
// Nemenyi's) and its cliques.
func Friedman(r *task.FriedmanResult) *Doc {
	res, algs := r.Friedman, r.Algorithms
	sum := &Pairs{Items: [][2]string{
		{"data sets × algorithms", fmt.Sprintf("%d × %d", res.N, res.K)},
		{"ranking", map[bool]string{false: "higher score is better", true: "lower score is better"}[r.LowerIsBetter]},
		{"Friedman χ²", Sig(res.ChiSquare)}, {"p-value", PValue(res.PValue)},
		{"Iman–Davenport F", Sig(res.ImanDavenport)}, {"p-value (F)", Sig(res.ImanDavenportP)},
		{fmt.Sprintf("Nemenyi q_α (α = %g)", res.Alpha), Sig(res.QAlpha)},
		{"critical difference", Sig(res.CD)},
	}}
	ranks := &Table{Title: "Average ranks (1 = best)", Header: []string{"algorithm", "rank"}}
	for j, a := range algs {
		ranks.Rows = append(ranks.Rows, Row(a, Sig(res.AvgRanks[j])))
	}
	nem := &Table{Title: "Nemenyi p-values", Header: append([]string{""}, algs...)}
	for i, a := range algs {
		row := []string{a}
		for j := range algs {
			row = append(row, Sig(res.NemenyiP[i][j]))
		}
		nem.Rows = append(nem.Rows, Row(row...))
	}
	d := &Doc{Title: "Friedman test with Nemenyi post-hoc", Blocks: []Block{sum, ranks, nem}}
	if r.Verdict != nil {
		d.Blocks = append([]Block{Lead("Verdict: " + r.Verdict.Sentence)}, d.Blocks...)
	}
	if r.PostHoc.Method != "nemenyi" {
		d.Title = "Friedman test with " + postHocTitles[r.PostHoc.Method] + " post-hoc"
		d.Blocks = append(d.Blocks, PostHoc(r.PostHoc))
	}
	if len(r.PostHoc.Cliques) > 0 {
		var cl []string
		for _, c := range r.PostHoc.Cliques {
			cl = append(cl, "{"+strings.Join(c, ", ")+"}")
		}
		d.Blocks = append(d.Blocks, Note("not significantly different (cliques): "+strings.Join(cl, " ")))
	}
	if r.Plot != "" {
		d.Blocks = append(d.Blocks, Note("CD diagram written to "+r.Plot))
	}
	d = warned(d, r.Warnings)
	d.Blocks = append(d.Blocks, SignatureNote(r.Signature))
	return d
}

// PostHoc lists the comparisons of a post-hoc procedure.
func PostHoc(o task.PostHoc) *Table {
	stat := "z"
	if o.Method == "wilcoxon-holm" {
		stat = "W"
	}
	t := &Table{Title: fmt.Sprintf("%s (α = %g)", postHocTitles[o.Method], o.Alpha),
		Header: []string{"a", "b", stat, "p", "adjusted p", "differ"}}
	for _, p := range o.Pairs {
		v := "no"
		if p.Significant {
			v = "yes"
		}
		t.Rows = append(t.Rows, Row(p.A, p.B, Sig(p.Statistic), PValue(p.PValue), PValue(p.PAdjusted), v))
	}
	return t
}

// FriedmanFigure is the critical-difference diagram of the Friedman test,
// with the cliques of its post-hoc procedure.
func FriedmanFigure(r *task.FriedmanResult) *figure.Figure {
	res, algs := r.Friedman, r.Algorithms
	title := fmt.Sprintf("Critical difference (Nemenyi, α = %g, N = %d)", res.Alpha, res.N)
	if r.PostHoc.Method != "nemenyi" {
		title = fmt.Sprintf("%s, α = %g, N = %d", postHocTitles[r.PostHoc.Method], res.Alpha, res.N)
		if ph := res.PostHoc; ph.Control >= 0 {
			title += ", control " + algs[ph.Control]
		}
	}
	best := map[bool]string{false: "highest", true: "lowest"}[r.LowerIsBetter]
	return figure.CDDiagram(title, algs, res.AvgRanks, res.PostHoc.CD, res.PostHoc.Cliques,
		"Average rank 1 is the "+best+" score; algorithms joined by a thick bar are not told apart by the post-hoc procedure.")
}

// pairsDoc is a document of one list of pairs.
func pairsDoc(title string, p *Pairs) *Doc { return &Doc{Title: title, Blocks: []Block{p}} }

// warned appends a note for each warning to d.
func warned(d *Doc, warnings []string) *Doc {
	for _, w := range warnings {
		d.Blocks = append(d.Blocks, Note("warning: "+w))
	}
	return d
}

// requiredN adds the sample sizes that reach the target power, if there
// are any.
func requiredN(p *Pairs, target float64, nA, nB *float64) {
	if nA != nil {
		p.Add("n for power "+Sig(target), fmt.Sprintf("A %s, B %s", Sig(*nA), Sig(*nB)))
	}
}

// ROCTest lays out pROC's resampling tests of two ROC curves (the
// bootstrap and Venkatraman's).
func ROCTest(r *task.ROCTestResult) *Doc {
	what := "Bootstrap test of two ROC curves' AUCs"
	stat := [2]string{"D = difference / sd of the replicates", Sig(r.Statistic)}
	reps := fmt.Sprintf("%d stratified bootstrap replicates, seed %d", r.Replicates, r.Seed)
	if r.Method == "venkatraman" {
		what = "Venkatraman's permutation test that two ROC curves are equal"
		stat = [2]string{"E (distance between the curves)", Sig(r.Statistic)}
		reps = fmt.Sprintf("%d permutations, seed %d", r.Replicates, r.Seed)
	}
	var title string
	if r.Paired {
		title = fmt.Sprintf("%s, paired (n = %d: %d positive)", what, r.N, r.Positives)
	} else {
		title = fmt.Sprintf("%s, unpaired (A: n = %d, %d positive; B: n = %d, %d positive)", what, r.NA, r.PositivesA, r.NB, r.PositivesB)
	}
	return pairsDoc(title, &Pairs{Items: [][2]string{
		{"AUC A", Sig(r.AUCA)},
		{"AUC B", Sig(r.AUCB)},
		{"difference A − B", Sig(r.Diff)},
		stat,
		{"p-value (" + r.Alternative + ")", PValue(r.PValue)},
		{"resampling", reps}}})
}

// ROCPower lays out the power and sample size of a study of one AUC
// (Obuchowski's method), the solved quantity marked.
func ROCPower(p *hyptest.ROCPower) *Doc {
	mark := func(name, v string) string {
		if name == p.Solved {
			return v + "  (solved)"
		}
		return v
	}
	alt := "two-sided"
	if p.OneSided {
		alt = "one-sided"
	}
	return pairsDoc("Power of a study of one ROC AUC against 0.5 (Obuchowski)", &Pairs{Items: [][2]string{
		{"AUC", mark("auc", Sig(p.AUC))},
		{"cases (positives)", mark("ncases", Sig(p.Cases))},
		{"controls (negatives)", mark("ncases", Sig(p.Controls))},
		{"significance level (" + alt + ")", mark("sig_level", Sig(p.SigLevel))},
		{"power", mark("power", Sig(p.Power))}}})
}

// ROCDiffPower lays out the power and sample size of a study of two
// paired AUCs from binormal parameters, the solved quantity marked.
func ROCDiffPower(p *hyptest.ROCDiffPower) *Doc {
	return rocDiffPowerDoc("Power of a test of two paired ROC AUCs (Obuchowski & McClish, binormal)", p)
}

// ROCPowerData lays out the power and sample size of a study of two
// paired AUCs whose AUCs and variances come from data.
func ROCPowerData(r *task.ROCPowerResult) *Doc {
	how := map[string]string{"delong": "DeLong", "obuchowski": "Obuchowski", "bootstrap": "bootstrap"}[r.Method]
	title := fmt.Sprintf("Power of a test of two paired ROC AUCs (Obuchowski & McClish; %s variances from n = %d: %d positive)", how, r.N, r.Positives)
	d := rocDiffPowerDoc(title, &r.ROCDiffPower)
	if b := r.Bootstrap; b != nil {
		d.Blocks[0].(*Pairs).Add("resampling", fmt.Sprintf("%d stratified bootstrap replicates, seed %d", b.Replicates, b.Seed))
	}
	return warned(d, r.Warnings)
}

// rocDiffPowerDoc is the layout of both two-AUC forms.
func rocDiffPowerDoc(title string, p *hyptest.ROCDiffPower) *Doc {
	mark := func(name, v string) string {
		if name == p.Solved {
			return v + "  (solved)"
		}
		return v
	}
	alt := "two-sided"
	if p.OneSided {
		alt = "one-sided"
	}
	pr := &Pairs{Items: [][2]string{{"AUC 1", Sig(p.AUC1)}, {"AUC 2", Sig(p.AUC2)}}}
	if b := p.Binormal; b != nil {
		pr.Add("binormal A, B of curve 1", Sig(b.A1)+", "+Sig(b.B1))
		pr.Add("binormal A, B of curve 2", Sig(b.A2)+", "+Sig(b.B2))
		pr.Add("correlation among cases, controls", Sig(b.RCases)+", "+Sig(b.RControls))
		if b.FPR != nil {
			pr.Add("partial AUCs over FPR", Sig(b.FPR[0])+" to "+Sig(b.FPR[1]))
		}
	}
	pr.Add("difference to detect", Sig(p.Delta))
	pr.Add("per-case variances 1, 2, covariance", Sig(p.Var1)+", "+Sig(p.Var2)+", "+Sig(p.Cov))
	pr.Add("cases (positives)", mark("ncases", Sig(p.Cases)))
	pr.Add("controls (negatives)", mark("ncases", Sig(p.Controls)))
	pr.Add("significance level ("+alt+")", mark("sig_level", Sig(p.SigLevel)))
	pr.Add("power", mark("power", Sig(p.Power)))
	return pairsDoc(title, pr)
}
