package main

import (
	"errors"
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
)

func init() {
	register(&task{
		name:    "rank",
		summary: "exact ROC and P-R curves, AUC, average precision, BEP, log loss, calibration, … from binary scores",
		define:  defineRank,
	})
}

// defineRank adds the flags of binary "evalkit rank" to fs, and --ranges.
func defineRank(fs *flag.FlagSet) func(common) (pipeline, error) {
	d := rank.DefaultReportOptions()
	trueCol := fs.String("true", "y_true", "column of true labels")
	scoreCol := fs.String("score", "y_score", "column of scores (binary; higher = more positive)")
	weightCol := fs.String("weight", "", "column of sample weights (default: every weight 1)")
	posLabel := fs.String("pos-label", "", "positive label (binary); default 1 when the labels are {0, 1} or {-1, 1}")
	maxFPR := fs.Float64("max-fpr", 0, "also report the McClish-standardised partial AUC over FPR ≤ this (0 < x ≤ 1)")
	calBins := fs.Int("cal-bins", d.CalBins, "number of calibration bins")
	calStrategy := fs.String("cal-strategy", d.CalStrategy, "calibration bins: uniform or quantile")
	conf := fs.Float64("conf", d.Conf, "level of DeLong's AUC confidence interval")
	costFP := fs.Float64("cost-fp", d.CostFP, "cost of a false positive (min_cost threshold)")
	costFN := fs.Float64("cost-fn", d.CostFN, "cost of a false negative (min_cost threshold)")
	curves := fs.Bool("curves", d.Curves, "include roc_curve and pr_curve in the output")
	curvePoints := fs.Int("curve-points", d.CurvePoints, "print a curve of more vertices thinned to this many of its own, with curve_thinning_error (0: every vertex)")
	ranges := fs.Int("ranges", 16, "number of score ranges the rows are partitioned into (the parallelism of the sort)")
	return func(c common) (pipeline, error) {
		if strings.Contains(*scoreCol, ",") {
			return nil, usagef("rank: evalkit-beam computes binary ranking only (one --score column)")
		}
		if *ranges < 1 {
			return nil, usagef("rank: --ranges must be at least 1, got %d", *ranges)
		}
		opt := rank.ReportOptions{PosLabel: *posLabel, Conf: *conf, MaxFPR: *maxFPR, CalBins: *calBins, CalStrategy: *calStrategy,
			CostFP: *costFP, CostFN: *costFN, Curves: *curves, CurvePoints: *curvePoints, K: d.K, Weights: *weightCol}
		if err := opt.Validate(); err != nil {
			var oe *report.OptionError
			if errors.As(err, &oe) {
				return nil, usagef("%s: --%s %s", oe.Task, oe.Option, oe.Problem)
			}
			return nil, err
		}
		return &evalbeam.Rank{True: *trueCol, Score: *scoreCol, Weight: *weightCol, Options: opt, Ranges: *ranges, Name: c.Name, Output: c.Output}, nil
	}
}
