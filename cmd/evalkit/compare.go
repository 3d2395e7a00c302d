package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
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

// pairs is the input of the test fs: the columns --a and --b, charged to
// the --memory budget.
func (c twoColumns) pairs(fs *flag.FlagSet) (task.Pairs, error) {
	if *c.a == "" || *c.b == "" {
		return task.Pairs{}, usagef("%s: --a COL and --b COL are required", fs.Name())
	}
	return task.Pairs{A: *c.a, B: *c.b, Name: fs.Name(), Budget: c.memory.Budget()}, nil
}

// readFile opens file and reads it with a task's Read.
func readFile[R any](e *env, file string, read func(*table.Reader) (R, error)) (R, error) {
	r, err := e.open(file)
	if err != nil {
		var zero R
		return zero, err
	}
	defer r.Close()
	return read(r)
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
	t := task.McNemar{True: *yCol, PredA: *aCol, PredB: *bCol, Options: hyptest.McNemarOptions{Exact: *exact, NoCorrection: *noCorr}}
	out, err := readFile(e, file, t.Read)
	if err != nil {
		return err
	}
	items := [][2]string{kv("rows", fmt.Sprint(out.N)), kv("n01 (A wrong, B right)", fmt.Sprint(out.N01)), kv("n10 (A right, B wrong)", fmt.Sprint(out.N10))}
	form := "χ², continuity-corrected (Zhou eq. 2.33)"
	switch {
	case *exact:
		form = "exact binomial"
	case *noCorr:
		form = "χ², no correction"
	}
	items = append(items, kv("test", form))
	if out.Statistic != nil {
		items = append(items, kv("statistic", report.Sig(*out.Statistic)))
	}
	items = append(items, kv("p-value", report.Sig(out.PValue)))
	return emit(e, f, out, pairsDoc("McNemar test", items...))
}

// ---- ttest -----------------------------------------------------------------

func runTTest(e *env, args []string) error {
	fs, format := newCompareFlags("ttest")
	cols := twoColumnFlags(fs)
	altS := alternativeFlag(fs)
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	alt, err := parseAlternative(fs, *altS)
	if err != nil {
		return err
	}
	p, err := cols.pairs(fs)
	if err != nil {
		return err
	}
	out, err := readFile(e, file, task.TTest{Pairs: p, Alternative: alt}.Read)
	if err != nil {
		return err
	}
	return emit(e, f, out, pairsDoc("Paired t-test ("+p.A+" − "+p.B+")",
		kv("folds", fmt.Sprint(out.N)), kv("mean difference", report.Sig(out.MeanDiff)),
		kv("standard error", report.Sig(out.StdErr)), kv("t", report.Sig(out.Statistic)),
		kv("df", report.Sig(out.DF)), kv("p-value ("+out.Alternative+")", report.Sig(out.PValue))))
}

// ---- wilcoxon --------------------------------------------------------------

func runWilcoxon(e *env, args []string) error {
	fs, format := newCompareFlags("wilcoxon")
	cols := twoColumnFlags(fs)
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
	p, err := cols.pairs(fs)
	if err != nil {
		return err
	}
	out, err := readFile(e, file, task.Wilcoxon{Pairs: p, Options: opt, ZeroMethod: *zm}.Read)
	if err != nil {
		return err
	}
	items := [][2]string{kv("pairs used", fmt.Sprint(out.N)), kv("zero differences", fmt.Sprint(out.Zeros)),
		kv("R+", report.Sig(out.RPlus)), kv("R−", report.Sig(out.RMinus)), kv("statistic", report.Sig(out.Statistic))}
	if out.Z != nil {
		items = append(items, kv("z", report.Sig(*out.Z)))
	}
	items = append(items, kv("p-value ("+out.Method+", "+out.Alternative+")", report.Sig(out.PValue)))
	return emit(e, f, out, withWarnings(pairsDoc("Wilcoxon signed-rank test ("+p.A+" − "+p.B+")", items...), out.Warnings))
}

// ---- cv5x2 -----------------------------------------------------------------

func runCV5x2(e *env, args []string) error {
	fs, format := newCompareFlags("cv5x2")
	cols := twoColumnFlags(fs)
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	p, err := cols.pairs(fs)
	if err != nil {
		return err
	}
	out, err := readFile(e, file, task.CV5x2{Pairs: p}.Read)
	if err != nil {
		return err
	}
	return emit(e, f, out, pairsDoc("5×2cv paired t-test ("+p.A+" − "+p.B+")",
		kv("t (Dietterich)", report.Sig(out.Statistic)), kv("p-value", report.Sig(out.PValue)),
		kv("t (Zhou, mean of replication 1)", report.Sig(out.StatisticZhou)), kv("p-value (Zhou)", report.Sig(out.PValueZhou)),
		kv("df", "5")))
}

// ---- binomial --------------------------------------------------------------

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
	out, err := task.Binomial(*k, *n, *eps, *alpha)
	if err != nil {
		return usagef("%s: %v", fs.Name(), err)
	}
	verdict := "not rejected"
	if out.Reject {
		verdict = "rejected"
	}
	return emit(e, f, out, pairsDoc("Binomial test of the error rate (Zhou §2.4.1)",
		kv("test error rate", report.Sig(out.ErrorRate)+" ("+fmt.Sprint(*k)+"/"+fmt.Sprint(*n)+")"),
		kv("H₀", "ε ≤ "+report.Sig(*eps)), kv("p-value P(X ≥ errors)", report.Sig(out.PValue)),
		kv("critical error rate ε̄", report.Sig(out.CriticalError)+" ("+fmt.Sprint(out.CriticalCount)+" errors)"),
		kv(fmt.Sprintf("H₀ at α = %g", *alpha), verdict)))
}

// ---- abtest ----------------------------------------------------------------

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
	out, err := task.ABTest{SuccessA: *sa, NA: *na, SuccessB: *sb, NB: *nb, Alternative: alt, Level: *level, Alpha: *alpha, Power: *target, MDE: *mde}.Result()
	if err != nil {
		if errors.Is(err, hyptest.ErrInvalid) {
			return usagef("%s: %v", fs.Name(), err)
		}
		return cli.OptionUsage(err)
	}
	eff := "observed"
	if *mde != 0 {
		eff = "--mde"
	}
	doc := func() *report.Doc {
		items := [][2]string{
			kv("conversion A", report.Pct(out.PA)+" ("+fmt.Sprint(*sa)+"/"+fmt.Sprint(*na)+")"),
			kv("conversion B", report.Pct(out.PB)+" ("+fmt.Sprint(*sb)+"/"+fmt.Sprint(*nb)+")"),
			kv("difference B − A", report.Sig(out.Diff)),
			kv(report.Pct(*level)+" interval (Wald)", "["+report.Sig(out.CI[0])+", "+report.Sig(out.CI[1])+"]"),
			kv("z (pooled)", report.Sig(out.Statistic)),
			kv("p-value ("+out.Alternative+")", report.Sig(out.PValue)),
			kv("effect size h ("+eff+")", report.Sig(out.EffectSize)),
			kv("power at these sizes", report.Sig(out.Power)),
		}
		return &report.Doc{Title: "A/B test of two proportions", Blocks: []report.Block{&report.Pairs{Items: append(items, requiredN(*target, out.RequiredNA, out.RequiredNB)...)}}}
	}
	return emit(e, f, out, withWarnings(doc, out.Warnings))
}

// requiredN is the line of the sample sizes that reach the target power,
// if there are any.
func requiredN(target float64, nA, nB *float64) [][2]string {
	if nA == nil {
		return nil
	}
	return [][2]string{kv("n for power "+report.Sig(target), fmt.Sprintf("A %s, B %s", report.Sig(*nA), report.Sig(*nB)))}
}
