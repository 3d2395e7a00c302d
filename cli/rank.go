package cli

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// RankFlags are the flags of the rank task: the columns, the multiclass
// classes, the bins and rank.Options.
type RankFlags struct {
	True, Score, Weight string
	PosLabel, Classes   string
	K                   int
	Bins                int
	BinRange            string
	MaxFPR              float64
	maxFPRGiven         bool // --max-fpr was given (0 then is an error, not "none")
	CalBins             int
	CalStrategy         string
	Level               LevelFlag // --level (and the deprecated --conf): DeLong's AUC interval, and every interval under --ci
	CostFP, CostFN      float64
	Curves              bool
	CurvePoints         int
	CIBlocks            int
	LogLossEps          float64 // 0: auto
	PAUCRange           [2]float64
	PAUCFocus           string
	PAUCCorrect         bool
	AtSpecificity       []float64
	AtSensitivity       []float64
	Smooth              string
	SmoothBW            string
	SmoothKernel        string
	univariate          bool // UnivariateClasses: one score column for every class
	// ScoreSets holds each --score given, in order; Score is them joined
	// by commas (so that --score a --score b is --score a,b).
	ScoreSets []string
}

// scoreFlag is --score: given again, it adds to ScoreSets.
type scoreFlag struct{ f *RankFlags }

func (s scoreFlag) String() string {
	if s.f == nil {
		return ""
	}
	return s.f.Score
}

func (s scoreFlag) Set(v string) error {
	s.f.ScoreSets = append(s.f.ScoreSets, v)
	s.f.Score = strings.Join(s.f.ScoreSets, ",")
	return nil
}

// MulticlassModels reports whether the flags ask for several multiclass
// models: --classes with --score given more than once.
func (f *RankFlags) MulticlassModels() bool { return f.Classes != "" && len(f.ScoreSets) > 1 }

// rateList parses a comma list of rates for a flag.
func rateList(dst *[]float64) func(string) error {
	return func(s string) error {
		*dst = nil
		for _, f := range strings.Split(s, ",") {
			v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				return fmt.Errorf("want a comma list of rates in [0, 1], got %q", s)
			}
			*dst = append(*dst, v)
		}
		return nil
	}
}

// Define adds the rank flags to fs.
func (f *RankFlags) Define(fs *flag.FlagSet) {
	d := rank.DefaultOptions()
	fs.StringVar(&f.True, "true", "y_true", "column of true labels")
	f.Score = "y_score"
	fs.Var(scoreFlag{f}, "score", "column of scores (binary; higher = more positive); a comma list m1,m2,… without --classes evaluates and compares several models; with --classes, the probability columns, one per class; a glob pattern such as 'lr_p*' gives the matching columns in file order. Given again with --classes, each --score is one model's columns (NAME=COLUMNS names it): several multiclass models compared")
	fs.StringVar(&f.Weight, "weight", "", "column of sample weights (default: every weight 1)")
	fs.StringVar(&f.PosLabel, "pos-label", "", "positive label (binary); default 1 when the labels are {0, 1} or {-1, 1}")
	fs.StringVar(&f.Classes, "classes", "", "comma-separated class labels, one per --score column (multiclass)")
	fs.IntVar(&f.K, "k", d.K, "k of top_k_accuracy (multiclass); with --multilabel, the cut-off of DCG and NDCG (default there: every label)")
	fs.IntVar(&f.Bins, "bins", 0, "constant memory: count scores in at most N bins on the bits of the float (or N equal bins over --bin-range) instead of sorting them (reports auc_error_bound)")
	fs.StringVar(&f.BinRange, "bin-range", "", "score range lo,hi of N equal --bins; scores outside count in the end bins (default: bins on the float bits, fine at every scale)")
	fs.Func("max-fpr", "also report the McClish-standardised partial AUC over FPR ≤ this (0 < x ≤ 1)", func(s string) error {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("want a number in (0, 1], got %q", s)
		}
		f.MaxFPR, f.maxFPRGiven = v, true
		return nil
	})
	fs.IntVar(&f.CalBins, "cal-bins", d.CalBins, "number of calibration bins")
	fs.StringVar(&f.CalStrategy, "cal-strategy", d.CalStrategy, "calibration bins: uniform or quantile")
	f.Level.Define(fs, d.Conf, "the confidence level of DeLong's AUC interval (auc_ci_delong) and, with --ci, of every interval")
	fs.Float64Var(&f.CostFP, "cost-fp", d.CostFP, "cost of a false positive (min_cost threshold)")
	fs.Float64Var(&f.CostFN, "cost-fn", d.CostFN, "cost of a false negative (min_cost threshold)")
	fs.BoolVar(&f.Curves, "curves", d.Curves, "include roc_curve, pr_curve and det_curve in machine output")
	fs.IntVar(&f.CurvePoints, "curve-points", d.CurvePoints, "print a curve of more vertices thinned to this many of its own, with curve_thinning_error (0: every vertex)")
	fs.Func("log-loss-eps", "clip probabilities to [eps, 1 − eps] in log_loss and log_loss_sum, as scikit-learn's eps (binary; default auto, the machine epsilon)", func(s string) error {
		if s == "auto" {
			f.LogLossEps = 0
			return nil
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !(v > 0 && v < 0.5) {
			return fmt.Errorf("want auto or a number in (0, 0.5), got %q", s)
		}
		f.LogLossEps = v
		return nil
	})
	fs.Func("pauc-range", "also report pROC's partial AUC over specificities (or sensitivities, --pauc-focus) A,B in [0, 1], either order", func(s string) error {
		var v []float64
		if err := rateList(&v)(s); err != nil || len(v) != 2 {
			return fmt.Errorf("want two rates A,B, got %q", s)
		}
		f.PAUCRange = [2]float64{v[0], v[1]}
		return nil
	})
	fs.StringVar(&f.PAUCFocus, "pauc-focus", "", "the rate of --pauc-range: specificity (default) or sensitivity")
	fs.BoolVar(&f.PAUCCorrect, "pauc-correct", false, "apply McClish's correction to the --pauc-range partial AUC")
	fs.Func("at-specificity", "also report the ROC point (sensitivity, threshold) at each of these specificities, a comma list", rateList(&f.AtSpecificity))
	fs.Func("at-sensitivity", "also report the ROC point (specificity, threshold) at each of these sensitivities, a comma list", rateList(&f.AtSensitivity))
	fs.StringVar(&f.Smooth, "smooth", "", "also report the ROC curve smoothed as pROC's smooth() (512 points) and its AUC: binormal (the binormal model, its closed-form AUC) or density (kernel density estimates of each class's scores)")
	fs.StringVar(&f.SmoothBW, "smooth-bw", "", "with --smooth density: the bandwidth, nrd0 (default), nrd or a positive number")
	fs.StringVar(&f.SmoothKernel, "smooth-kernel", "", "with --smooth density: the kernel, "+strings.Join(rank.Kernels, ", ")+" (default gaussian)")
	fs.IntVar(&f.CIBlocks, "ci-blocks", rank.DefaultBootBlocks, "with --ci: the bootstrap of AP, the P-R AUC, BEP and the partial AUC resamples at most this many blocks of adjacent score cells, with the bound on what that moves in the JSON (0: every cell, slower on many distinct scores)")
}

// Options returns the report options of the flags (unchecked: see Check).
func (f *RankFlags) Options() rank.Options {
	return rank.Options{PosLabel: f.PosLabel, Conf: f.Level.Level, MaxFPR: f.MaxFPR, CalBins: f.CalBins, CalStrategy: f.CalStrategy,
		CostFP: f.CostFP, CostFN: f.CostFN, Curves: f.Curves, CurvePoints: f.CurvePoints, K: f.K, Weights: f.Weight, Bins: f.Bins, BootBlocks: bootBlocks(f.CIBlocks),
		LogLossEps: f.LogLossEps, PAUCRange: f.PAUCRange, PAUCFocus: f.PAUCFocus, PAUCCorrect: f.PAUCCorrect,
		AtSpecificity: f.AtSpecificity, AtSensitivity: f.AtSensitivity, Smooth: f.Smooth, SmoothBW: f.SmoothBW, SmoothKernel: f.SmoothKernel}
}

// bootBlocks maps --ci-blocks to Options.BootBlocks (0 there is the
// default; a bound of 0 means none, < 0).
func bootBlocks(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// Check checks the report options and --bins; --bin-range is checked by
// Binned.
func (f *RankFlags) Check() error {
	if err := f.Level.Check("rank"); err != nil {
		return err
	}
	if err := f.Options().Check(); err != nil {
		return OptionUsage(err)
	}
	if f.maxFPRGiven && f.MaxFPR == 0 { // the library's "none": not a value to give
		return OptionUsage(&result.OptionError{Task: "rank", Option: "rank.Options.MaxFPR", Problem: "must be in (0, 1], got 0"})
	}
	if f.Bins < 0 {
		return Usagef("rank: --bins must be positive, got %d", f.Bins)
	}
	if f.LogLossEps != 0 && f.Classes != "" {
		return Usagef("rank: --log-loss-eps is for binary scores, not with --classes")
	}
	if f.LogLossEps != 0 && f.Bins > 0 {
		return Usagef("rank: --log-loss-eps needs unbinned scores: --bins sums the log loss as the scores are read")
	}
	if f.Classes != "" && (f.PAUCRange != [2]float64{} || f.PAUCFocus != "" || f.PAUCCorrect || len(f.AtSpecificity) > 0 || len(f.AtSensitivity) > 0 || f.Smooth != "") {
		return Usagef("rank: --pauc-range, --pauc-focus, --pauc-correct, --at-specificity, --at-sensitivity and --smooth are for binary scores, not with --classes")
	}
	if f.CIBlocks < 0 || f.CIBlocks == 1 {
		return Usagef("rank: --ci-blocks must be 0 (every cell) or at least 2, got %d", f.CIBlocks)
	}
	return nil
}

// Binned returns the empty binned scores of --bins and --bin-range, or nil
// without --bins.
func (f *RankFlags) Binned() (*rank.Binned, error) {
	if f.Bins <= 0 {
		return nil, nil
	}
	if f.BinRange == "" {
		return rank.NewBinnedBits(f.Bins), nil
	}
	lohi := strings.Split(f.BinRange, ",")
	var lo, hi float64
	var e1, e2 error
	if len(lohi) == 2 {
		lo, e1 = table.ParseFloat([]byte(lohi[0]))
		hi, e2 = table.ParseFloat([]byte(lohi[1]))
	}
	if len(lohi) != 2 || e1 != nil || e2 != nil || !(lo < hi) {
		return nil, Usagef("rank: --bin-range must be lo,hi with lo < hi, got %q", f.BinRange)
	}
	return rank.NewBinned(f.Bins, lo, hi), nil
}
