package main

import (
	"flag"
	"fmt"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/plot"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/result"
)

func init() {
	registerCompare(&compareTest{"corrttest", "Bayesian correlated t-test and Nadeau–Bengio test of cross-validation folds", runCorrTTest})
	registerCompare(&compareTest{"signedrank", "Bayesian signed-rank test of two models over data sets (--plot simplex)", runSignedRank})
}

// ropeFlags adds --rope and --lower-is-better.
func ropeFlags(fs *flag.FlagSet) (rope *float64, lower *bool) {
	rope = fs.Float64("rope", 0, "half-width r of the region of practical equivalence [−r, r] of the difference A − B (≥ 0)")
	lower = fs.Bool("lower-is-better", false, "A is better when its score is lower (errors, losses); default: higher is better")
	return rope, lower
}

func checkRopeFlag(name string, rope float64) error {
	if !(rope >= 0) || math.IsInf(rope, 1) {
		return usagef("%s: --rope %v: want a finite value ≥ 0", name, rope)
	}
	return nil
}

// ---- corrttest -------------------------------------------------------------

type corrTTestOut struct {
	Test          string            `json:"test"`
	N             int               `json:"n"`
	NTrain        int               `json:"n_train"`
	NTest         int               `json:"n_test"`
	Rho           float64           `json:"rho"`
	Rope          float64           `json:"rope"`
	LowerIsBetter bool              `json:"lower_is_better"`
	PABetter      float64           `json:"p_a_better"`
	PEquivalent   float64           `json:"p_equivalent"`
	PBBetter      float64           `json:"p_b_better"`
	Mean          float64           `json:"mean"`
	Scale         float64           `json:"scale"`
	DF            float64           `json:"df"`
	NBStatistic   float64           `json:"nb_statistic"`
	NBPValue      float64           `json:"nb_p_value"`
	Signature     *result.Signature `json:"signature"`
}

func runCorrTTest(e *env, args []string) error {
	fs, format := newCompareFlags("corrttest")
	cols := twoColumnFlags(fs)
	a, b := cols.a, cols.b
	nTrain := fs.Int("n-train", 0, "rows in each training fold (required)")
	nTest := fs.Int("n-test", 0, "rows in each test fold (required)")
	rope, lower := ropeFlags(fs)
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	if *nTrain < 1 || *nTest < 1 {
		return usagef("%s: --n-train N and --n-test M (rows of each training and test fold) are required", fs.Name())
	}
	if err := checkRopeFlag(fs.Name(), *rope); err != nil {
		return err
	}
	x, y, _, err := cols.read(e, fs, file)
	if err != nil {
		return err
	}
	opt := hyptest.CorrelatedTTestOptions{NTrain: *nTrain, NTest: *nTest, Rope: *rope, LowerIsBetter: *lower}
	res, err := hyptest.CorrelatedTTest(x, y, opt)
	if err != nil {
		return dataError(file, err)
	}
	out := corrTTestOut{Test: "corrttest", N: res.N, NTrain: *nTrain, NTest: *nTest, Rho: res.Rho, Rope: res.Rope, LowerIsBetter: *lower,
		PABetter: res.PABetter, PEquivalent: res.PEquivalent, PBBetter: res.PBBetter, Mean: res.Mean, Scale: res.Scale, DF: res.DF,
		NBStatistic: res.NBStatistic, NBPValue: res.NBPValue, Signature: opt.Signature()}
	return emit(e, f, out, withSignature(out.Signature, pairsDoc("Bayesian correlated t-test ("+*a+" − "+*b+")",
		kv("folds", fmt.Sprint(res.N)), kv("ρ = n_test/(n_train + n_test)", report.Sig(res.Rho)),
		kv("rope", "["+report.Sig(-res.Rope)+", "+report.Sig(res.Rope)+"]"),
		kv("P("+*a+" better)", report.Sig(res.PABetter)), kv("P(equivalent)", report.Sig(res.PEquivalent)),
		kv("P("+*b+" better)", report.Sig(res.PBBetter)),
		kv("posterior of the mean difference", fmt.Sprintf("Student t: location %s, scale %s, df %s", report.Sig(res.Mean), report.Sig(res.Scale), report.Sig(res.DF))),
		kv("Nadeau–Bengio corrected t", report.Sig(res.NBStatistic)), kv("p-value (two-sided)", report.Sig(res.NBPValue)))))
}

// ---- signedrank ------------------------------------------------------------

type signedRankOut struct {
	Test          string            `json:"test"`
	N             int               `json:"n"`
	Rope          float64           `json:"rope"`
	LowerIsBetter bool              `json:"lower_is_better"`
	Samples       int               `json:"samples"`
	Seed          uint64            `json:"seed"`
	Prior         float64           `json:"prior"`
	PABetter      float64           `json:"p_a_better"`
	PEquivalent   float64           `json:"p_equivalent"`
	PBBetter      float64           `json:"p_b_better"`
	Plot          string            `json:"plot,omitempty"`
	Signature     *result.Signature `json:"signature"`
}

func runSignedRank(e *env, args []string) error {
	fs, format := newCompareFlags("signedrank")
	cols := twoColumnFlags(fs)
	a, b := cols.a, cols.b
	rope, lower := ropeFlags(fs)
	samples := fs.Int("samples", 50000, "Monte Carlo samples of the posterior")
	seed := fs.Uint64("seed", 0, "seed of the Monte Carlo sampler (the same seed gives the same result)")
	prior := fs.Float64("prior", 0.5, "strength of the Dirichlet process prior (a pseudo-observation at 0)")
	plotPath := fs.String("plot", "", "write the posterior in the probability simplex to this file (SVG, or PNG for a .png name)")
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	if err := checkRopeFlag(fs.Name(), *rope); err != nil {
		return err
	}
	if *samples < 1 {
		return usagef("%s: --samples %d: want at least 1", fs.Name(), *samples)
	}
	if !(*prior > 0) || math.IsInf(*prior, 1) {
		return usagef("%s: --prior %v: want a finite value > 0", fs.Name(), *prior)
	}
	x, y, bud, err := cols.read(e, fs, file)
	if err != nil {
		return err
	}
	opt := hyptest.SignedRankOptions{Rope: *rope, Samples: *samples, Seed: *seed, Prior: *prior,
		LowerIsBetter: *lower, KeepSamples: *plotPath != ""}
	// The posterior needs the region of every pair of the n + 1 differences
	// (one byte each) and, for --plot, every sample (24 bytes).
	m := int64(len(x)) + 1
	work := m*m + 16*m
	if opt.KeepSamples {
		work += 24 * int64(*samples)
	}
	acct := bud.Account(fs.Name()+"'s work (the region of each of the (n + 1)² pairs of differences, and for --plot the posterior samples)", "")
	defer acct.Close()
	if err := acct.Grow(work); err != nil {
		return err
	}
	res, err := hyptest.SignedRank(x, y, opt)
	if err != nil {
		return dataError(file, err)
	}
	out := signedRankOut{Test: "signedrank", N: res.N, Rope: res.Rope, LowerIsBetter: *lower, Samples: res.Samples, Seed: res.Seed,
		Prior: res.Prior, PABetter: res.PABetter, PEquivalent: res.PEquivalent, PBBetter: res.PBBetter, Signature: opt.Signature()}
	if *plotPath != "" {
		title := fmt.Sprintf("P(%s better) %.3f, P(equivalent) %.3f, P(%s better) %.3f", *a, res.PABetter, res.PEquivalent, *b, res.PBBetter)
		svg, err := plot.SimplexFormat(figureFormat(*plotPath), title, [3]string{*b + " better", "equivalent", *a + " better"}, res.Theta)
		if err != nil {
			return err
		}
		if err := plot.WriteFileAtomic(*plotPath, svg); err != nil {
			return err
		}
		out.Plot = *plotPath
	}
	items := [][2]string{kv("data sets", fmt.Sprint(res.N)),
		kv("rope", "["+report.Sig(-res.Rope)+", "+report.Sig(res.Rope)+"]"),
		kv("P("+*a+" better)", report.Sig(res.PABetter)), kv("P(equivalent)", report.Sig(res.PEquivalent)),
		kv("P("+*b+" better)", report.Sig(res.PBBetter)),
		kv("Monte Carlo", fmt.Sprintf("%d samples, seed %d, prior strength %s", res.Samples, res.Seed, report.Sig(res.Prior)))}
	if out.Plot != "" {
		items = append(items, kv("simplex plot", out.Plot))
	}
	return emit(e, f, out, withSignature(out.Signature, pairsDoc("Bayesian signed-rank test ("+*a+" − "+*b+")", items...)))
}

// figureFormat is "png" for a path ending in .png, else "svg".
func figureFormat(path string) string {
	if strings.HasSuffix(strings.ToLower(path), ".png") {
		return "png"
	}
	return "svg"
}

// withSignature appends the signature to a document.
func withSignature(sig *result.Signature, doc func() *report.Doc) func() *report.Doc {
	return func() *report.Doc {
		d := doc()
		d.Blocks = append(d.Blocks, report.SignatureNote(sig))
		return d
	}
}
