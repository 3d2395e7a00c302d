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
		{"binomial", "binomial test of a test error rate", runBinomial},
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
		memory: cli.MemoryFlag(fs),
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

// ---- mcnemar ---------------------------------------------------------------

// mcnemarOptions is the form of McNemar's test of --method, --exact and
// --no-correction: the exact test by default, as classify's several
// models have it; the χ² with --method chi2 or --no-correction.
func mcnemarOptions(cmd, method string, exact, noCorr bool) (hyptest.McNemarOptions, error) {
	switch method {
	case "":
		if exact && noCorr {
			return hyptest.McNemarOptions{}, usagef("%s: --exact and --no-correction exclude each other (--no-correction is for the χ² statistic, --method chi2)", cmd)
		}
		return hyptest.McNemarOptions{Exact: !noCorr, NoCorrection: noCorr}, nil
	case "exact":
		if noCorr {
			return hyptest.McNemarOptions{}, usagef("%s: --no-correction is for --method chi2, not exact", cmd)
		}
		return hyptest.McNemarOptions{Exact: true}, nil
	case "chi2":
		if exact {
			return hyptest.McNemarOptions{}, usagef("%s: --exact and --method chi2 exclude each other", cmd)
		}
		return hyptest.McNemarOptions{NoCorrection: noCorr}, nil
	}
	return hyptest.McNemarOptions{}, usagef("%s: --method must be exact or chi2, got %q", cmd, method)
}

func runMcNemar(e *env, args []string) error {
	fs, format := newCompareFlags("mcnemar")
	yCol := fs.String("true", "y_true", "column of true labels")
	aCol := fs.String("pred-a", "", "column of model A's predicted labels (required)")
	bCol := fs.String("pred-b", "", "column of model B's predicted labels (required)")
	method := fs.String("method", "", "exact (the default: the exact binomial test, as classify --pred a,b and statsmodels' mcnemar) or chi2 (the χ² statistic, with the continuity correction unless --no-correction)")
	exact := fs.Bool("exact", false, "the exact binomial test (the default; the same as --method exact)")
	noCorr := fs.Bool("no-correction", false, "the χ² statistic without the continuity correction (implies --method chi2)")
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	if *aCol == "" || *bCol == "" {
		return usagef("%s: --pred-a COL and --pred-b COL are required", fs.Name())
	}
	opt, err := mcnemarOptions(fs.Name(), *method, *exact, *noCorr)
	if err != nil {
		return err
	}
	t := task.McNemar{True: *yCol, PredA: *aCol, PredB: *bCol, Options: opt}
	out, err := readFile(e, file, t.Read)
	if err != nil {
		return err
	}
	return emit(e, f, out, func() *report.Doc { return report.McNemar(out) })
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
	return emit(e, f, out, func() *report.Doc { return report.TTest(out, p.A, p.B) })
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
	return emit(e, f, out, func() *report.Doc { return report.Wilcoxon(out, p.A, p.B) })
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
	return emit(e, f, out, func() *report.Doc { return report.CV5x2(out, p.A, p.B) })
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
	return emit(e, f, out, func() *report.Doc { return report.Binomial(out) })
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
	t := task.ABTest{SuccessA: *sa, NA: *na, SuccessB: *sb, NB: *nb, Alternative: alt, Level: *level, Alpha: *alpha, Power: *target, MDE: *mde}
	out, err := t.Result()
	if err != nil {
		if errors.Is(err, hyptest.ErrInvalid) {
			return usagef("%s: %v", fs.Name(), err)
		}
		return cli.OptionUsage(err)
	}
	return emit(e, f, out, func() *report.Doc { return report.ABTest(t, out, effectSource(*mde)) })
}

// effectSource is where the effect size of abtest and abmeans comes from.
func effectSource(mde float64) string {
	if mde != 0 {
		return "--mde"
	}
	return "observed"
}
