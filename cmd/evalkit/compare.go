package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
)

// compareTest is one statistical test of "evalkit compare". Each lives in
// a small function; a file may add one with registerCompare from its init
// function, e.g. a compare_delong.go with
//
//	func init() { registerCompare(&compareTest{"delong", "…", runDeLong}) }
type compareTest struct {
	name    string
	summary string // one line for "evalkit compare --help"
	run     func(e *env, args []string) error
}

var compareTests = map[string]*compareTest{}

func registerCompare(t *compareTest) {
	if _, dup := compareTests[t.name]; dup {
		panic("evalkit: compare test " + t.name + " registered twice")
	}
	compareTests[t.name] = t
}

func init() {
	register(&command{name: "compare", summary: "significance tests of two or more models (evalkit compare --help lists them)", run: runCompare})
	for _, t := range []*compareTest{
		{"mcnemar", "McNemar's test of two classifiers on the same rows", runMcNemar},
		{"ttest", "paired t-test of two score columns (one row per fold)", runTTest},
		{"wilcoxon", "Wilcoxon signed-rank test of two score columns", runWilcoxon},
		{"cv5x2", "Dietterich's 5×2cv paired t-test (10 rows)", runCV5x2},
		{"friedman", "Friedman test, Nemenyi post-hoc and CD diagram over data sets", runFriedman},
		{"binomial", "Zhou's binomial test of a test error rate", runBinomial},
		{"abtest", "A/B test of two proportions, with power and sample size", runABTest},
	} {
		registerCompare(t)
	}
}

func runCompare(e *env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" || args[0] == "help" {
		w := e.stdout
		if len(args) == 0 {
			w = e.stderr
		}
		fmt.Fprintln(w, "usage: evalkit compare <test> [flags] [FILE]")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "tests:")
		names := make([]string, 0, len(compareTests))
		for n := range compareTests {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			fmt.Fprintf(w, "  %-10s %s\n", n, compareTests[n].summary)
		}
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Run \"evalkit compare <test> --help\" for a test's flags.")
		if len(args) == 0 {
			return usagef("compare: no test given")
		}
		return nil
	}
	t, ok := compareTests[args[0]]
	if !ok {
		return usagef("compare: unknown test %q (run \"evalkit compare --help\" for the list)", args[0])
	}
	return t.run(e, args[1:])
}

// newCompareFlags returns the flag set of "compare NAME" with --format.
func newCompareFlags(name string) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("compare "+name, flag.ContinueOnError)
	return fs, formatFlag(fs)
}

// alternativeFlag adds --alternative.
func alternativeFlag(fs *flag.FlagSet) *string {
	return fs.String("alternative", "two-sided", "alternative hypothesis: two-sided, less or greater (A less/greater than B)")
}

func parseAlternative(fs *flag.FlagSet, s string) (hyptest.Alternative, error) {
	a, err := hyptest.ParseAlternative(s)
	if err != nil {
		return 0, usagef("%s: --alternative %q: want two-sided, less or greater", fs.Name(), s)
	}
	return a, nil
}

// dataError turns a hyptest data error into a CLI error naming the file.
func dataError(file string, err error) error {
	if file == "" || file == "-" {
		file = "<stdin>"
	}
	return fmt.Errorf("%s: %w", file, err)
}

// readNumberColumns reads the named numeric columns of FILE. The columns
// grow with the rows (8 bytes a value), charged to acct.
func readNumberColumns(e *env, file string, acct *budget.Account, names ...string) ([][]float64, error) {
	r, err := e.open(file)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cols := make([]int, len(names))
	for i, n := range names {
		if cols[i], err = r.Col(n); err != nil {
			return nil, err
		}
	}
	out := make([][]float64, len(names))
	for r.Next() {
		grew := false
		for i, c := range cols {
			v, err := r.Float(c)
			if err != nil {
				return nil, err
			}
			grew = grew || len(out[i]) == cap(out[i])
			out[i] = append(out[i], v)
		}
		if grew {
			var held int64
			for _, o := range out {
				held += 8 * int64(cap(o))
			}
			if err := acct.Set(held); err != nil {
				return nil, err
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// twoColumns are the --a, --b and --memory flags of ttest, wilcoxon,
// cv5x2, corrttest and signedrank.
type twoColumns struct {
	a, b   *string
	memory *budget.Size
}

func twoColumnFlags(fs *flag.FlagSet) twoColumns {
	return twoColumns{
		a:      fs.String("a", "", "column with the scores of model A, one row per fold or data set (required)"),
		b:      fs.String("b", "", "column with the scores of model B (required)"),
		memory: budget.Flag(fs),
	}
}

// read reads the numeric columns --a and --b of file, charging them to
// the --memory budget, which it returns for the test's further work.
func (c twoColumns) read(e *env, fs *flag.FlagSet, file string) (x, y []float64, bud *budget.Budget, err error) {
	if *c.a == "" || *c.b == "" {
		return nil, nil, nil, usagef("%s: --a COL and --b COL are required", fs.Name())
	}
	bud = c.memory.Budget()
	cols, err := readNumberColumns(e, file, bud.Account(fs.Name()+"'s rows (two scores a row)", ""), *c.a, *c.b)
	if err != nil {
		return nil, nil, nil, err
	}
	return cols[0], cols[1], bud, nil
}

func pairsDoc(title string, items ...[2]string) func() *report.Doc {
	return func() *report.Doc {
		p := &report.Pairs{Items: items}
		return &report.Doc{Title: title, Blocks: []report.Block{p}}
	}
}

func kv(k, v string) [2]string { return [2]string{k, v} }

// withWarnings appends a note listing warnings to a document.
func withWarnings(doc func() *report.Doc, warnings []string) func() *report.Doc {
	return func() *report.Doc {
		d := doc()
		for _, w := range warnings {
			d.Blocks = append(d.Blocks, report.Note("warning: "+w))
		}
		return d
	}
}

// ---- mcnemar ---------------------------------------------------------------

type mcnemarOut struct {
	Test       string   `json:"test"`
	N          int64    `json:"n"`
	N01        int64    `json:"n01"`
	N10        int64    `json:"n10"`
	Statistic  *float64 `json:"statistic,omitempty"`
	PValue     float64  `json:"p_value"`
	Exact      bool     `json:"exact"`
	Correction bool     `json:"correction"`
}

func runMcNemar(e *env, args []string) error {
	fs, format := newCompareFlags("mcnemar")
	yCol := fs.String("true", "y_true", "column of true labels")
	aCol := fs.String("pred-a", "", "column of model A's predicted labels (required)")
	bCol := fs.String("pred-b", "", "column of model B's predicted labels (required)")
	exact := fs.Bool("exact", false, "exact binomial test instead of χ²")
	noCorr := fs.Bool("no-correction", false, "χ² without the continuity correction (default: with, Zhou eq. 2.33)")
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	if *aCol == "" || *bCol == "" {
		return usagef("%s: --pred-a COL and --pred-b COL are required", fs.Name())
	}
	r, err := e.open(file)
	if err != nil {
		return err
	}
	defer r.Close()
	var cols [3]int
	for i, n := range []string{*yCol, *aCol, *bCol} {
		if cols[i], err = r.Col(n); err != nil {
			return err
		}
	}
	var st hyptest.Agreement
	for r.Next() {
		var v [3][]byte
		for i, c := range cols {
			if v[i], err = r.Text(c); err != nil {
				return err
			}
		}
		st.Add(string(v[1]) == string(v[0]), string(v[2]) == string(v[0]))
	}
	if err := r.Err(); err != nil {
		return err
	}
	n, n01, n10 := st.BothRight+st.N01+st.N10+st.BothWrong, st.N01, st.N10
	res, err := st.McNemar(hyptest.McNemarOptions{Exact: *exact, NoCorrection: *noCorr})
	if err != nil {
		return dataError(file, err)
	}
	out := mcnemarOut{Test: "mcnemar", N: n, N01: n01, N10: n10, PValue: res.PValue, Exact: *exact, Correction: !*exact && !*noCorr}
	items := [][2]string{kv("rows", fmt.Sprint(n)), kv("n01 (A wrong, B right)", fmt.Sprint(n01)), kv("n10 (A right, B wrong)", fmt.Sprint(n10))}
	form := "χ², continuity-corrected (Zhou eq. 2.33)"
	switch {
	case *exact:
		form = "exact binomial"
	case *noCorr:
		form = "χ², no correction"
	}
	items = append(items, kv("test", form))
	if !*exact {
		s := res.Statistic
		out.Statistic = &s
		items = append(items, kv("statistic", report.Sig(s)))
	}
	items = append(items, kv("p-value", report.Sig(res.PValue)))
	return emit(e, f, out, pairsDoc("McNemar test", items...))
}

// ---- ttest -----------------------------------------------------------------

type ttestOut struct {
	Test        string  `json:"test"`
	N           int     `json:"n"`
	Statistic   float64 `json:"statistic"`
	PValue      float64 `json:"p_value"`
	DF          float64 `json:"df"`
	MeanDiff    float64 `json:"mean_diff"`
	StdErr      float64 `json:"std_err"`
	Alternative string  `json:"alternative"`
}

func runTTest(e *env, args []string) error {
	fs, format := newCompareFlags("ttest")
	cols := twoColumnFlags(fs)
	a, b := cols.a, cols.b
	altS := alternativeFlag(fs)
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	alt, err := parseAlternative(fs, *altS)
	if err != nil {
		return err
	}
	x, y, _, err := cols.read(e, fs, file)
	if err != nil {
		return err
	}
	res, err := hyptest.PairedTTest(x, y, alt)
	if err != nil {
		return dataError(file, err)
	}
	out := ttestOut{Test: "ttest", N: len(x), Statistic: res.Statistic, PValue: res.PValue, DF: res.DF, MeanDiff: res.Mean, StdErr: res.StdErr, Alternative: alt.String()}
	return emit(e, f, out, pairsDoc("Paired t-test ("+*a+" − "+*b+")",
		kv("folds", fmt.Sprint(len(x))), kv("mean difference", report.Sig(res.Mean)),
		kv("standard error", report.Sig(res.StdErr)), kv("t", report.Sig(res.Statistic)),
		kv("df", report.Sig(res.DF)), kv("p-value ("+alt.String()+")", report.Sig(res.PValue))))
}

// ---- wilcoxon --------------------------------------------------------------

type wilcoxonOut struct {
	Test        string   `json:"test"`
	N           int      `json:"n"`
	Statistic   float64  `json:"statistic"`
	PValue      float64  `json:"p_value"`
	RPlus       float64  `json:"r_plus"`
	RMinus      float64  `json:"r_minus"`
	Z           *float64 `json:"z,omitempty"`
	Method      string   `json:"method"`
	ZeroMethod  string   `json:"zero_method"`
	Zeros       int      `json:"zeros"`
	Alternative string   `json:"alternative"`
	Warnings    []string `json:"warnings,omitempty"`
}

func runWilcoxon(e *env, args []string) error {
	fs, format := newCompareFlags("wilcoxon")
	cols := twoColumnFlags(fs)
	a, b := cols.a, cols.b
	altS := alternativeFlag(fs)
	zm := fs.String("zero-method", "wilcox", "zero differences: wilcox (drop), pratt or zsplit (scipy's names)")
	corr := fs.Bool("correction", false, "continuity correction in the normal approximation")
	meth := fs.String("method", "auto", "p-value: auto (exact for ≤ 50 pairs without zeros or ties), exact or approx")
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	alt, err := parseAlternative(fs, *altS)
	if err != nil {
		return err
	}
	opt := hyptest.WilcoxonOptions{Alternative: alt, Correction: *corr}
	switch *zm {
	case "wilcox":
	case "pratt":
		opt.ZeroMethod = hyptest.Pratt
	case "zsplit":
		opt.ZeroMethod = hyptest.ZSplit
	default:
		return usagef("%s: --zero-method %q: want wilcox, pratt or zsplit", fs.Name(), *zm)
	}
	switch *meth {
	case "auto":
	case "exact":
		opt.Method = hyptest.Exact
	case "approx":
		opt.Method = hyptest.Approx
	default:
		return usagef("%s: --method %q: want auto, exact or approx", fs.Name(), *meth)
	}
	x, y, _, err := cols.read(e, fs, file)
	if err != nil {
		return err
	}
	res, err := hyptest.Wilcoxon(x, y, opt)
	if err != nil {
		return dataError(file, err)
	}
	out := wilcoxonOut{Test: "wilcoxon", N: res.N, Statistic: res.Statistic, PValue: res.PValue, RPlus: res.RPlus, RMinus: res.RMinus,
		Method: "approx", ZeroMethod: *zm, Zeros: res.Zeros, Alternative: alt.String(), Warnings: res.Warnings}
	items := [][2]string{kv("pairs used", fmt.Sprint(res.N)), kv("zero differences", fmt.Sprint(res.Zeros)),
		kv("R+", report.Sig(res.RPlus)), kv("R−", report.Sig(res.RMinus)), kv("statistic", report.Sig(res.Statistic))}
	if res.Exact {
		out.Method = "exact"
	} else {
		z := res.Z
		out.Z = &z
		items = append(items, kv("z", report.Sig(z)))
	}
	items = append(items, kv("p-value ("+out.Method+", "+alt.String()+")", report.Sig(res.PValue)))
	return emit(e, f, out, withWarnings(pairsDoc("Wilcoxon signed-rank test ("+*a+" − "+*b+")", items...), res.Warnings))
}

// ---- cv5x2 -----------------------------------------------------------------

type cv5x2Out struct {
	Test          string  `json:"test"`
	Statistic     float64 `json:"statistic"`
	PValue        float64 `json:"p_value"`
	DF            float64 `json:"df"`
	StatisticZhou float64 `json:"statistic_zhou"`
	PValueZhou    float64 `json:"p_value_zhou"`
}

func runCV5x2(e *env, args []string) error {
	fs, format := newCompareFlags("cv5x2")
	cols := twoColumnFlags(fs)
	a, b := cols.a, cols.b
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	x, y, _, err := cols.read(e, fs, file)
	if err != nil {
		return err
	}
	if len(x) != 10 {
		return dataError(file, fmt.Errorf("5×2cv needs 10 rows (replication 1 fold 1, replication 1 fold 2, …), got %d", len(x)))
	}
	res, err := hyptest.CV5x2(x, y)
	if err != nil {
		return dataError(file, err)
	}
	out := cv5x2Out{Test: "cv5x2", Statistic: res.Statistic, PValue: res.PValue, DF: res.DF, StatisticZhou: res.StatisticZhou, PValueZhou: res.PValueZhou}
	return emit(e, f, out, pairsDoc("5×2cv paired t-test ("+*a+" − "+*b+")",
		kv("t (Dietterich)", report.Sig(res.Statistic)), kv("p-value", report.Sig(res.PValue)),
		kv("t (Zhou, mean of replication 1)", report.Sig(res.StatisticZhou)), kv("p-value (Zhou)", report.Sig(res.PValueZhou)),
		kv("df", "5")))
}

// ---- binomial --------------------------------------------------------------

type binomialOut struct {
	Test          string  `json:"test"`
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

func runBinomial(e *env, args []string) error {
	fs, format := newCompareFlags("binomial")
	k := fs.Int64("errors", -1, "misclassified test rows (required)")
	n := fs.Int64("n", 0, "test rows (required)")
	eps := fs.Float64("epsilon", -1, "hypothesised error rate ε₀: H₀ is ε ≤ ε₀ (required)")
	alpha := fs.Float64("alpha", 0.05, "significance level")
	f, err := noFileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	if *k < 0 || *n <= 0 || *eps < 0 {
		return usagef("%s: --errors K, --n M and --epsilon E0 are required", fs.Name())
	}
	res, err := hyptest.ErrorRateBinomial(*k, *n, *eps, *alpha)
	if err != nil {
		return usagef("%s: %v", fs.Name(), err)
	}
	out := binomialOut{Test: "binomial", Errors: *k, N: *n, ErrorRate: res.ErrorRate, Epsilon: *eps, Alpha: *alpha,
		PValue: res.PValue, CriticalCount: res.CriticalCount, CriticalError: res.CriticalError, Reject: res.Reject}
	verdict := "not rejected"
	if res.Reject {
		verdict = "rejected"
	}
	return emit(e, f, out, pairsDoc("Binomial test of the error rate (Zhou §2.4.1)",
		kv("test error rate", report.Sig(res.ErrorRate)+" ("+fmt.Sprint(*k)+"/"+fmt.Sprint(*n)+")"),
		kv("H₀", "ε ≤ "+report.Sig(*eps)), kv("p-value P(X ≥ errors)", report.Sig(res.PValue)),
		kv("critical error rate ε̄", report.Sig(res.CriticalError)+" ("+fmt.Sprint(res.CriticalCount)+" errors)"),
		kv(fmt.Sprintf("H₀ at α = %g", *alpha), verdict)))
}

// ---- abtest ----------------------------------------------------------------

type abtestOut struct {
	Test        string     `json:"test"`
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

func runABTest(e *env, args []string) error {
	fs, format := newCompareFlags("abtest")
	sa := fs.Int64("success-a", -1, "successes (conversions) in group A (required)")
	na := fs.Int64("n-a", 0, "trials in group A (required)")
	sb := fs.Int64("success-b", -1, "successes in group B (required)")
	nb := fs.Int64("n-b", 0, "trials in group B (required)")
	altS := fs.String("alternative", "two-sided", "alternative: two-sided, greater (B converts more) or less")
	level := fs.Float64("level", 0.95, "confidence level of the interval of p_b − p_a")
	alpha := fs.Float64("alpha", 0.05, "significance level for power and sample size")
	target := fs.Float64("power", 0.8, "target power for the required sample size")
	mde := fs.Float64("mde", 0, "minimum detectable effect p_b − p_a for power and sample size (default: the observed difference)")
	f, err := noFileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	if *sa < 0 || *sb < 0 || *na <= 0 || *nb <= 0 {
		return usagef("%s: --success-a, --n-a, --success-b and --n-b are required", fs.Name())
	}
	alt, err := parseAlternative(fs, *altS)
	if err != nil {
		return err
	}
	res, err := hyptest.TwoProportions(*sa, *na, *sb, *nb, alt, *level)
	if err != nil {
		if errors.Is(err, hyptest.ErrInvalid) {
			return usagef("%s: %v", fs.Name(), err)
		}
		return err
	}
	pa := float64(*sa) / float64(*na)
	pb := float64(*sb) / float64(*nb)
	out := abtestOut{Test: "abtest", PA: pa, PB: pb, Diff: res.Diff, Statistic: res.Statistic, PValue: res.PValue,
		CI: res.CI, Level: *level, Alternative: alt.String(), TargetPower: *target}
	effB := pb
	if *mde != 0 {
		effB = pa + *mde
		if !(effB > 0 && effB < 1) {
			return usagef("%s: --mde %v puts p_b at %v, outside (0, 1)", fs.Name(), *mde, effB)
		}
	}
	h := hyptest.CohenH(pa, effB)
	out.EffectSize = h
	if !(*alpha > 0 && *alpha < 1) {
		return usagef("%s: --alpha %v outside (0, 1)", fs.Name(), *alpha)
	}
	out.Power = hyptest.PowerZ(h, float64(*na), float64(*nb), *alpha, alt)
	ratio := float64(*nb) / float64(*na)
	n, err := hyptest.SampleSize(hyptest.PowerZ, h, *alpha, *target, ratio, alt)
	if err != nil {
		out.Warnings = append(out.Warnings, "required sample size undefined: "+err.Error())
	} else {
		nB := n * ratio
		out.RequiredNA, out.RequiredNB = &n, &nB
	}
	eff := "observed"
	if *mde != 0 {
		eff = "--mde"
	}
	doc := func() *report.Doc {
		items := [][2]string{
			kv("conversion A", report.Pct(pa)+" ("+fmt.Sprint(*sa)+"/"+fmt.Sprint(*na)+")"),
			kv("conversion B", report.Pct(pb)+" ("+fmt.Sprint(*sb)+"/"+fmt.Sprint(*nb)+")"),
			kv("difference B − A", report.Sig(res.Diff)),
			kv(report.Pct(*level)+" interval (Wald)", "["+report.Sig(res.CI[0])+", "+report.Sig(res.CI[1])+"]"),
			kv("z (pooled)", report.Sig(res.Statistic)),
			kv("p-value ("+alt.String()+")", report.Sig(res.PValue)),
			kv("effect size h ("+eff+")", report.Sig(h)),
			kv("power at these sizes", report.Sig(out.Power)),
		}
		if out.RequiredNA != nil {
			items = append(items, kv("n for power "+report.Sig(*target), fmt.Sprintf("A %s, B %s", report.Sig(*out.RequiredNA), report.Sig(*out.RequiredNB))))
		}
		return &report.Doc{Title: "A/B test of two proportions", Blocks: []report.Block{&report.Pairs{Items: items}}}
	}
	return emit(e, f, out, withWarnings(doc, out.Warnings))
}
