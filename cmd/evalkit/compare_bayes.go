package main

import (
	"flag"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
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

func runCorrTTest(e *env, args []string) error {
	fs, format := newCompareFlags("corrttest")
	cols := twoColumnFlags(fs)
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
	p, err := cols.pairs(fs)
	if err != nil {
		return err
	}
	opt := hyptest.CorrelatedTTestOptions{NTrain: *nTrain, NTest: *nTest, Rope: *rope, LowerIsBetter: *lower}
	out, err := readFile(e, file, task.CorrTTest{Pairs: p, Options: opt}.Read)
	if err != nil {
		return err
	}
	return emit(e, f, out, func() *report.Doc { return report.CorrTTest(out, p.A, p.B) })
}

// ---- signedrank ------------------------------------------------------------

func runSignedRank(e *env, args []string) error {
	fs, format := newCompareFlags("signedrank")
	cols := twoColumnFlags(fs)
	rope, lower := ropeFlags(fs)
	samples := fs.Int("samples", 50000, "Monte Carlo samples of the posterior")
	seed := fs.Uint64("seed", 1, "seed of the Monte Carlo sampler (PCG; the same seed gives the same result)")
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
	p, err := cols.pairs(fs)
	if err != nil {
		return err
	}
	opt := hyptest.SignedRankOptions{Rope: *rope, Samples: *samples, Seed: *seed, Prior: *prior,
		LowerIsBetter: *lower, KeepSamples: *plotPath != ""}
	out, err := readFile(e, file, task.SignedRank{Pairs: p, Options: opt}.Read)
	if err != nil {
		return err
	}
	if *plotPath != "" {
		fig, err := report.SignedRankFigure(out, p.A, p.B)
		if err != nil {
			return err
		}
		if err := writeFigure(*plotPath, fig); err != nil {
			return err
		}
		out.Plot = *plotPath
	}
	return emit(e, f, out, func() *report.Doc { return report.SignedRank(out, p.A, p.B) })
}

// figureFormat is "png" for a path ending in .png, else "svg".
func figureFormat(path string) string {
	if strings.HasSuffix(strings.ToLower(path), ".png") {
		return "png"
	}
	return "svg"
}
