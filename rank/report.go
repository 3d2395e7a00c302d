package rank

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/result"
)

// Options configure [NewReport] and [NewMulticlassReport]. Use
// [DefaultOptions] for the command line's defaults; the zero value
// is not valid (Conf must be in (0, 1), CalBins at least 1).
type Options struct {
	// PosLabel is the name of the positive class, reported as is.
	PosLabel string
	// LabelComparison is how the labels compared, reported as is:
	// "numeric" or "string" (label.Comparison), as the task that read
	// them sets it; "" omits it.
	LabelComparison string
	// Conf is the level of DeLong's AUC interval, in (0, 1).
	Conf float64
	// MaxFPR, when > 0, adds the McClish-standardised partial AUC over
	// FPR ≤ MaxFPR (≤ 1).
	MaxFPR float64
	// CalBins and CalStrategy ("uniform" or "quantile") are the bins of
	// the calibration curve.
	CalBins     int
	CalStrategy string
	// CostFP and CostFN (finite, ≥ 0) are the costs of the min_cost
	// threshold.
	CostFP, CostFN float64
	// Curves adds roc_curve, pr_curve and det_curve to the report.
	Curves bool
	// CurvePoints, when > 0 (at least 2), thins a printed curve of more
	// vertices to that many of its own (see [ROCCurve.Thin]), reporting
	// the bound in CurveThinningError and a warning; 0 prints every
	// vertex. Every measure still comes from the full table.
	CurvePoints int
	// Figures keeps the curves (ROC, P-R, DET, calibration) in
	// Report.Figures for drawing.
	Figures bool
	// FigurePoints, when > 0 (at least 2), thins each curve of Figures to
	// at most that many of its own vertices as soon as it is built (the
	// full curve is not kept), recording the full length and the thinning
	// error in the figure's [Thinning]; 0 keeps every vertex.
	FigurePoints int
	// K is k of the multiclass top_k_accuracy, at least 1.
	K int
	// Weights names the weights column, "" for none; it is only recorded
	// in the signature.
	Weights string
	// Bins is the number of bins asked for of binned scores on the float
	// bits ([NewBinnedBits]), which may use fewer; it is only recorded in
	// the signature.
	Bins int
	// LogLossEps is the clipping bound of the log loss: probabilities are
	// clipped to [LogLossEps, 1 − LogLossEps] (scikit-learn's eps); 0
	// means [Eps] (scikit-learn's "auto"). It must be in [0, ½), and 0
	// with binned scores (their log loss is summed as they are added).
	LogLossEps float64
	// BootBlocks bounds the cells of the score table that the AP, P-R
	// AUC, BEP and partial AUC bootstrap resamples (0 means
	// DefaultBootBlocks, < 0 no bound): a table of more cells is
	// coarsened into at most that many blocks of adjacent cells, each
	// interval saying how far that can have moved it
	// ([hyptest.Coarsening]).
	BootBlocks int
	// PAUCRange, when not [0, 0], adds pROC's partial AUC over the
	// specificities (or sensitivities, PAUCFocus) in [lo, hi], given in
	// either order, 0 ≤ lo < hi ≤ 1 ([Table.PartialAUCRange]).
	PAUCRange [2]float64
	// PAUCFocus is "specificity" (or "") or "sensitivity".
	PAUCFocus string
	// PAUCCorrect applies McClish's correction to the PAUCRange area.
	PAUCCorrect bool
	// AtSpecificity and AtSensitivity, each rate in [0, 1], add the
	// points of the ROC curve at those rates ([Table.CoordsAt]).
	AtSpecificity, AtSensitivity []float64
	// Smooth, when "binormal", adds the ROC curve smoothed by pROC's
	// binormal model with SmoothPoints points ([Table.SmoothBinormal]);
	// when "density", smoothed by kernel density estimates of the two
	// classes' scores ([Table.SmoothDensity]); "" adds none.
	Smooth string
	// SmoothBW is the bandwidth of density smoothing: "nrd0" (the
	// default, also ""), "nrd", or a positive number.
	SmoothBW string
	// SmoothKernel is the kernel of density smoothing, one of Kernels
	// ("" is "gaussian").
	SmoothKernel string
}

// pAUCRange returns PAUCRange in increasing order.
func (o Options) pAUCRange() (lo, hi float64) {
	return min(o.PAUCRange[0], o.PAUCRange[1]), max(o.PAUCRange[0], o.PAUCRange[1])
}

// proc reports whether pROC's partial AUC or coordinates are asked for.
func (o Options) proc() bool {
	return o.PAUCRange != [2]float64{} || len(o.AtSpecificity) > 0 || len(o.AtSensitivity) > 0 || o.Smooth != ""
}

// bootBlocks returns BootBlocks with its default (0: none).
func (o Options) bootBlocks() int {
	switch {
	case o.BootBlocks == 0:
		return DefaultBootBlocks
	case o.BootBlocks < 0:
		return 0
	}
	return o.BootBlocks
}

// DefaultOptions returns the options of "evalkit rank" without flags.
func DefaultOptions() Options {
	return Options{Conf: 0.95, CalBins: 10, CalStrategy: "uniform", CostFP: 1, CostFN: 1, Curves: true, CurvePoints: 10000, K: 2}
}

// Signature returns the signature of a binary report with these options
// (task rank): pos_label, weights, bins (none, or n:lo,hi of the binned
// scores), conf, max_fpr, cal_bins, cal_strategy, cost_fp, cost_fn,
// curve_points (the printed curves' vertices), log_loss_eps (when not 0)
// and the version.
func (o Options) Signature(bn *Binned) *result.Signature {
	s := result.NewSignature("rank").Column("pos_label", o.PosLabel).Column("weights", o.Weights)
	switch {
	case bn != nil && bn.FloatBits():
		s.Add("bins", fmt.Sprintf("%d:float-bits", o.Bins))
	case bn != nil:
		s.Add("bins", fmt.Sprintf("%d:%s,%s", bn.Bins(), result.FormatFloat(bn.Lo), result.FormatFloat(bn.Hi)))
	default:
		s.Add("bins", "none")
	}
	s.Float("conf", o.Conf).Float("max_fpr", o.MaxFPR).Int("cal_bins", o.CalBins).Add("cal_strategy", o.CalStrategy).
		Float("cost_fp", o.CostFP).Float("cost_fn", o.CostFN).Int("curve_points", o.CurvePoints)
	if o.LogLossEps != 0 {
		s.Float("log_loss_eps", o.LogLossEps)
	}
	if o.PAUCRange != [2]float64{} {
		lo, hi := o.pAUCRange()
		focus := o.PAUCFocus
		if focus == "" {
			focus = "specificity"
		}
		s.Add("pauc_range", result.FormatFloat(lo)+","+result.FormatFloat(hi)).Add("pauc_focus", focus).Add("pauc_correct", strconv.FormatBool(o.PAUCCorrect))
	}
	if o.Smooth != "" {
		s.Add("smooth", fmt.Sprintf("%s:%d", o.Smooth, SmoothPoints))
		if o.Smooth == "density" {
			bw, k := o.SmoothBW, o.SmoothKernel
			if bw == "" {
				bw = "nrd0"
			}
			if k == "" {
				k = "gaussian"
			}
			s.Add("smooth_bw", bw).Add("smooth_kernel", k)
		}
	}
	return s
}

// badRate returns the first of v not in [0, 1], nil if none.
func badRate(v []float64) *float64 {
	for i := range v {
		if !(v[i] >= 0 && v[i] <= 1) {
			return &v[i]
		}
	}
	return nil
}

// MulticlassSignature returns the signature of a multiclass report with
// these options (task rank-multiclass): classes, k, weights and the
// version.
func (o Options) MulticlassSignature(classes []string) *result.Signature {
	return result.NewSignature("rank-multiclass").List("classes", classes, "none").Int("k", o.K).Column("weights", o.Weights)
}

// Check returns a *result.OptionError for an option out of its range.
func (o Options) Check() error {
	bad := func(opt, format string, args ...any) error {
		return &result.OptionError{Task: "rank", Option: opt, Problem: fmt.Sprintf(format, args...)}
	}
	switch {
	case !(o.Conf > 0 && o.Conf < 1):
		return bad("rank.Options.Conf", "must be in (0, 1), got %v", o.Conf)
	case !(o.MaxFPR >= 0 && o.MaxFPR <= 1):
		return bad("rank.Options.MaxFPR", "must be in (0, 1], got %v", o.MaxFPR)
	case o.CalBins < 1:
		return bad("rank.Options.CalBins", "must be at least 1, got %d", o.CalBins)
	case o.CalStrategy != "uniform" && o.CalStrategy != "quantile":
		return bad("rank.Options.CalStrategy", "must be uniform or quantile, got %q", o.CalStrategy)
	case !(o.CostFP >= 0) || math.IsInf(o.CostFP, 0):
		return bad("rank.Options.CostFP", "must be finite and ≥ 0, got %v", o.CostFP)
	case !(o.CostFN >= 0) || math.IsInf(o.CostFN, 0):
		return bad("rank.Options.CostFN", "must be finite and ≥ 0, got %v", o.CostFN)
	case o.K < 1:
		return bad("rank.Options.K", "must be at least 1, got %d", o.K)
	case o.CurvePoints < 0 || o.CurvePoints == 1:
		return bad("rank.Options.CurvePoints", "must be 0 (every vertex) or at least 2, got %d", o.CurvePoints)
	case !(o.LogLossEps >= 0 && o.LogLossEps < 0.5):
		return bad("rank.Options.LogLossEps", "must be in (0, 0.5) (0: the machine epsilon), got %v", o.LogLossEps)
	case o.PAUCRange != [2]float64{} && !(min(o.PAUCRange[0], o.PAUCRange[1]) >= 0 && max(o.PAUCRange[0], o.PAUCRange[1]) <= 1 && o.PAUCRange[0] != o.PAUCRange[1]):
		return bad("rank.Options.PAUCRange", "must be two different rates in [0, 1], got %v,%v", o.PAUCRange[0], o.PAUCRange[1])
	case o.PAUCFocus != "" && o.PAUCFocus != "specificity" && o.PAUCFocus != "sensitivity":
		return bad("rank.Options.PAUCFocus", "must be specificity or sensitivity, got %q", o.PAUCFocus)
	case o.PAUCRange == [2]float64{} && o.PAUCFocus != "":
		return bad("rank.Options.PAUCFocus", "needs rank.Options.PAUCRange")
	case o.PAUCRange == [2]float64{} && o.PAUCCorrect:
		return bad("rank.Options.PAUCCorrect", "needs rank.Options.PAUCRange")
	case badRate(o.AtSpecificity) != nil:
		return bad("rank.Options.AtSpecificity", "must be rates in [0, 1], got %v", *badRate(o.AtSpecificity))
	case badRate(o.AtSensitivity) != nil:
		return bad("rank.Options.AtSensitivity", "must be rates in [0, 1], got %v", *badRate(o.AtSensitivity))
	case o.Smooth != "" && o.Smooth != "binormal" && o.Smooth != "density":
		return bad("rank.Options.Smooth", "must be binormal or density, got %q", o.Smooth)
	case o.Smooth != "density" && (o.SmoothBW != "" || o.SmoothKernel != ""):
		name := "rank.Options.SmoothBW"
		if o.SmoothBW == "" {
			name = "rank.Options.SmoothKernel"
		}
		return bad(name, "needs rank.Options.Smooth density")
	case o.SmoothKernel != "" && !slices.Contains(Kernels, o.SmoothKernel):
		return bad("rank.Options.SmoothKernel", "must be one of %s, got %q", strings.Join(Kernels, ", "), o.SmoothKernel)
	case o.SmoothBW != "" && o.SmoothBW != "nrd0" && o.SmoothBW != "nrd" && !positiveNumber(o.SmoothBW):
		return bad("rank.Options.SmoothBW", "must be nrd0, nrd or a positive number, got %q", o.SmoothBW)
	}
	return nil
}

// OperatingPoint is an optimal threshold in a [Report]. Threshold +∞ (JSON
// null) predicts nothing positive.
type OperatingPoint struct {
	Threshold float64 `json:"threshold"`
	Value     float64 `json:"value"`
	TPR       float64 `json:"tpr"`
	FPR       float64 `json:"fpr"`
	Precision float64 `json:"precision"`
}

// ROCPoints is the ROC curve as printed (the first threshold, +∞, is null).
type ROCPoints struct {
	FPR        []float64 `json:"fpr"`
	TPR        []float64 `json:"tpr"`
	Thresholds []float64 `json:"thresholds"`
}

// DETPoints is the DET curve as printed: false-positive and
// false-negative rates in increasing threshold order.
type DETPoints struct {
	FPR        []float64 `json:"fpr"`
	FNR        []float64 `json:"fnr"`
	Thresholds []float64 `json:"thresholds"`
}

// nonNil returns a, or an empty slice for nil (printed [] rather than
// null).
func nonNil(a []float64) []float64 {
	if a == nil {
		return []float64{}
	}
	return a
}

// PRPoints is the precision–recall curve as printed.
type PRPoints struct {
	Precision  []float64 `json:"precision"`
	Recall     []float64 `json:"recall"`
	Thresholds []float64 `json:"thresholds"`
}

// Calibration is the calibration block of a [Report].
type Calibration struct {
	Strategy string    `json:"strategy"`
	Bins     int       `json:"bins"`
	ProbTrue []float64 `json:"prob_true"`
	ProbPred []float64 `json:"prob_pred"`
	Mass     []float64 `json:"mass"`
	ECE      float64   `json:"ece"`
	MCE      float64   `json:"mce"`
}

// Figures are the curves of a binary report, for drawing: each curve is
// thinned to Options.FigurePoints of its own vertices when that is
// set, and its Thinning says by how much.
type Figures struct {
	ROC         ROCCurve
	ROCThinning Thinning
	PR          PRCurve
	PRThinning  Thinning
	DET         DETCurve // thinned in probit units
	DETThinning Thinning
	Calibration *CalibrationCurve // nil when the scores are not probabilities
	Cost        CostCurve         // the cost curve (its area is CostCurveArea)
	Scores      ScoreHistogram    // each class's score distribution, 30 bins
	Prevalence  float64           // Positives / (Positives + Negatives): the P-R baseline
}

// Thinning says how a drawn curve was thinned: Full is the vertex count
// of the full curve, Error the most a dropped vertex lies from the drawn
// curve in the axes' units (0 when none was dropped).
type Thinning struct {
	Full  int
	Error float64
}

// thinFigure thins c to n of its vertices when n > 0, returning the curve
// drawn and its Thinning; full is c's vertex count.
func thinFigure[C any](c C, full, n int, thin func(C, int) (C, float64)) (C, Thinning) {
	if n <= 0 || full <= n {
		return c, Thinning{Full: full}
	}
	d, e := thin(c, n)
	return d, Thinning{Full: full, Error: e}
}

// Report is every measure of binary scores: what "evalkit rank --format
// json" prints. Optional measures are nil (omitted) and Warnings says why
// a measure is missing.
type Report struct {
	// Summary is the headline numbers with their intervals in one
	// sentence (task.Summarize), set for one model with intervals.
	Summary  string `json:"summary,omitempty"`
	N        int64  `json:"n"`
	PosLabel string `json:"pos_label"`
	// LabelComparison is Options.LabelComparison: how the labels
	// compared. Empty inside a several-model result, which says it once
	// for its models.
	LabelComparison  string      `json:"label_comparison,omitempty"`
	Positives        float64     `json:"positives"`
	Negatives        float64     `json:"negatives"`
	ROCAUC           float64     `json:"roc_auc"`
	RankLoss         float64     `json:"rank_loss"`
	AveragePrecision float64     `json:"average_precision"`
	PRAUCTrapezoid   float64     `json:"pr_auc_trapezoid"`
	BEP              float64     `json:"bep"`
	AUCVariance      *float64    `json:"auc_variance_delong"`
	AUCCI            *[2]float64 `json:"auc_ci_delong"`
	ConfLevel        float64     `json:"conf_level"`
	MaxFPR           float64     `json:"max_fpr,omitempty"`
	PartialAUC       *float64    `json:"partial_auc,omitempty"`
	// PartialAUCRange is pROC's partial AUC (Options.PAUCRange).
	PartialAUCRange *PartialAUCRange `json:"partial_auc_range,omitempty"`
	// CoordsAt are the ROC points at Options.AtSpecificity, then
	// Options.AtSensitivity.
	CoordsAt []CoordAt `json:"coords_at,omitempty"`
	// Smooth is the smoothed ROC curve (Options.Smooth).
	Smooth  *Smooth  `json:"smooth,omitempty"`
	LogLoss *float64 `json:"log_loss,omitempty"`
	// LogLossSum is the summed log loss Σ w ℓ (scikit-learn's
	// normalize=False).
	LogLossSum *float64 `json:"log_loss_sum,omitempty"`
	Brier      *float64 `json:"brier,omitempty"`
	// HingeLoss is the binary hinge loss of the scores as decision
	// values ([Table.HingeLoss]); nil from binned scores.
	HingeLoss     *float64       `json:"hinge_loss,omitempty"`
	Calibration   *Calibration   `json:"calibration,omitempty"`
	Youden        OperatingPoint `json:"youden"`
	MaxF1         OperatingPoint `json:"max_f1"`
	MinCost       OperatingPoint `json:"min_cost"`
	CostCurveArea float64        `json:"cost_curve_area"`
	Bins          int            `json:"bins,omitempty"`
	AUCErrorBound *float64       `json:"auc_error_bound,omitempty"`
	// CurveThinning is set when a printed curve was thinned.
	CurveThinning *CurveThinning `json:"curve_thinning_error,omitempty"`
	ROCCurve      *ROCPoints     `json:"roc_curve,omitempty"`
	PRCurve       *PRPoints      `json:"pr_curve,omitempty"`
	// DETCurve is the DET curve ([Table.DET]), in scikit-learn's
	// det_curve order (increasing thresholds), thinned as the other
	// printed curves.
	DETCurve *DETPoints `json:"det_curve,omitempty"`
	// Level and Intervals are set by [Report.AddIntervals]: the
	// confidence level and an interval for each headline number, keyed by
	// its flattened JSON path.
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
	// ROCBand, set by [Report.AddIntervals], is the pointwise band of
	// the ROC curve at Level.
	ROCBand  *ROCBand `json:"roc_band,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	// Signature says how the report was computed (nil inside a
	// several-model result, whose own signature covers its models).
	Signature *result.Signature `json:"signature,omitempty"`
	// Figures holds the full curves when Options.Figures is set.
	Figures *Figures `json:"-"`
}

// CurveThinning bounds what thinning changed in each printed curve: the
// largest distance, in the units of the curve's axes, from a dropped
// vertex to the thinned curve (a bound on the Hausdorff distance between
// the full and the thinned drawing; 0 when the curve was not thinned).
type CurveThinning struct {
	ROCCurve float64 `json:"roc_curve"`
	PRCurve  float64 `json:"pr_curve"`
	DETCurve float64 `json:"det_curve"`
}

func fptr(v float64) *float64 { return &v }

func operating(o Operating) OperatingPoint {
	return OperatingPoint{Threshold: o.Threshold, Value: o.Value, TPR: o.TPR, FPR: o.FPR, Precision: o.Precision}
}

// bothClasses reports a missing class (or no data) before the measures.
func bothClasses(t *Table) error { return massesErr(t.Positives(), t.Negatives()) }

// massesErr reports masses p and n of a report's classes that give no
// measure: a class missing (or no data), or a sum of weights that
// overflowed.
func massesErr(p, n float64) error {
	switch {
	case p == 0 && n == 0:
		return fmt.Errorf("every weight is zero: %w", ErrEmpty)
	case p == 0:
		return fmt.Errorf("no positive samples, ROC needs both classes: %w", ErrOneClass)
	case n == 0:
		return fmt.Errorf("no negative samples, ROC needs both classes: %w", ErrOneClass)
	case !(p <= math.MaxFloat64):
		return errorf(ErrWeightRange, "the positives' weights sum past %g (dividing every weight by one constant changes no measure)", math.MaxFloat64)
	case !(n <= math.MaxFloat64):
		return errorf(ErrWeightRange, "the negatives' weights sum past %g (dividing every weight by one constant changes no measure)", math.MaxFloat64)
	}
	return nil
}

// NewReport computes the report of score table t. It returns the option's
// error for invalid options, and an error wrapping ErrEmpty or ErrOneClass
// when a class is missing.
func NewReport(t *Table, opt Options) (*Report, error) {
	return newReport(t, nil, opt)
}

// Report computes the report of the binned scores, as [NewReport] does
// for b.Table(), with the AUC error bound of the bins; DeLong's variance
// and the calibration curve are not computed from bins.
func (b *Binned) Report(opt Options) (*Report, error) {
	return newReport(b.Table(), b, opt)
}

func newReport(t *Table, bn *Binned, opt Options) (*Report, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if bn != nil && opt.LogLossEps != 0 {
		return nil, &result.OptionError{Task: "rank", Option: "rank.Options.LogLossEps", Problem: "needs unbinned scores: binned scores sum their log loss as they are added (rank.Options.Bins)"}
	}
	rep := &Report{N: t.Rows, PosLabel: opt.PosLabel, LabelComparison: opt.LabelComparison, Positives: t.Positives(), Negatives: t.Negatives(), ConfLevel: opt.Conf,
		Signature: opt.Signature(bn)}
	if err := bothClasses(t); err != nil {
		return nil, err
	}
	if bn == nil {
		// Every measure, the printed curves and the drawn ones in one
		// sweep of the table.
		pc := sweepReport(t, opt)
		if err := rep.assemble(pc, nil, opt); err != nil {
			return nil, err
		}
		if err := rep.addPROC(t, opt); err != nil {
			return nil, err
		}
		return rep, rep.addFigures(t, pc, opt)
	}
	var pc pieces
	var err error
	must := func(v float64, e error) float64 {
		if e != nil && err == nil {
			err = e
		}
		return v
	}
	// Each measure is a pass over the table; they run in four groups on
	// as many goroutines (a Table is safe for concurrent use), and the
	// report is assembled in a fixed order.
	var wg sync.WaitGroup
	var e1, e2, e3, e4 error
	wg.Go(func() {
		pc.y, e1 = t.Youden()
		pc.m, e2 = t.MaxFBeta(1)
		pc.c, e3 = t.MinCost(opt.CostFP, opt.CostFN)
		pc.cc, e4 = t.CostCurve()
	})
	var lle, bre error
	if bn == nil {
		wg.Go(func() {
			if pc.dv, pc.de = t.DeLongVar(); pc.de == nil {
				_, pc.dlo, pc.dhi, _ = t.AUCCI(opt.Conf)
			}
		})
		wg.Go(func() {
			if pc.isProb = t.Probabilities(); !pc.isProb {
				return
			}
			pc.ll, lle = t.LogLoss()
			pc.br, bre = t.Brier()
			strat := Uniform
			if opt.CalStrategy == "quantile" {
				strat = Quantile
			}
			pc.cal, pc.cale = t.Calibration(opt.CalBins, strat)
		})
	}
	defer wg.Wait()
	pc.auc = must(t.AUC())
	pc.rankLoss = must(t.RankLoss())
	pc.ap = must(t.AveragePrecision())
	pc.prTrap = must(t.PRAUCTrapezoid())
	pc.bep = must(t.BEP())
	if opt.MaxFPR > 0 {
		pc.pauc = must(t.PartialAUC(opt.MaxFPR))
	}
	if err != nil {
		return nil, err
	}
	wg.Wait()
	if err := errors.Join(lle, bre, e1, e2, e3, e4); err != nil {
		return nil, err
	}
	// The curves cost memory in proportion to the distinct scores: only
	// when they are printed or drawn.
	if opt.Curves || opt.Figures {
		// The two curves (and their thinning) are built on two goroutines.
		var e5 error
		rows := rowsBound(t.Rows)
		// Printed thinned and not drawn, a curve goes from the table's
		// rows straight to its thinner: the full curve is never built.
		stream := !opt.Figures && opt.CurvePoints > 0
		wg.Go(func() {
			if stream {
				pc.rocThin, pc.rocLen, pc.rocErr, e5 = t.thinROC(opt.CurvePoints, rows)
				return
			}
			if pc.roc, e5 = t.ROC(true); e5 == nil && opt.Curves {
				pc.rocThin, pc.rocErr = pc.roc, 0
				if opt.CurvePoints > 0 {
					pc.rocThin, pc.rocErr = pc.roc.thin(opt.CurvePoints, rows)
				}
			}
			pc.rocLen = len(pc.roc.FPR)
		})
		var e6 error
		var e7 error
		if opt.Curves {
			wg.Go(func() { pc.detThin, pc.detLen, pc.detErr, e7 = t.thinDET(opt.CurvePoints, rows) })
		}
		if stream {
			pc.prThin, pc.prLen, pc.prErr, e6 = t.thinPR(opt.CurvePoints, rows)
		} else {
			pc.pr, e6 = t.PR()
			pc.prThin = pc.pr
			if e6 == nil && opt.Curves && opt.CurvePoints > 0 {
				pc.prThin, pc.prErr = pc.pr.thin(opt.CurvePoints, rows)
			}
			pc.prLen = len(pc.pr.Recall)
		}
		wg.Wait()
		if err := errors.Join(e5, e6, e7); err != nil {
			return nil, err
		}
	}
	if err := rep.assemble(&pc, bn, opt); err != nil {
		return nil, err
	}
	if err := rep.addPROC(t, opt); err != nil {
		return nil, err
	}
	if opt.Figures {
		// The curves drawn are thinned, so that no full curve outlives
		// this function.
		pc.rocFig, pc.rocFigThin = thinFigure(pc.roc, len(pc.roc.FPR), opt.FigurePoints, ROCCurve.Thin)
		pc.prFig, pc.prFigThin = thinFigure(pc.pr, len(pc.pr.Recall), opt.FigurePoints, PRCurve.Thin)
	}
	return rep, rep.addFigures(t, &pc, opt)
}

// addFigures sets rep.Figures when opt.Figures asks for them: the ROC and
// P-R curves drawn from the pieces, the DET curve, the score histogram,
// the cost curve and the calibration curve.
func (rep *Report) addFigures(t *Table, pc *pieces, opt Options) error {
	if !opt.Figures {
		return nil
	}
	// The score histogram while the DET curve is built and thinned.
	var hist ScoreHistogram
	var herr error
	var wg sync.WaitGroup
	wg.Go(func() { hist, herr = t.Histogram(30) })
	det, err := t.DET()
	var detFig DETCurve
	var detFigThin Thinning
	if err == nil {
		detFig, detFigThin = thinFigure(det, len(det.FPR), opt.FigurePoints, DETCurve.Thin)
	}
	wg.Wait()
	if err != nil {
		return err
	}
	if herr != nil {
		return herr
	}
	rep.Figures = &Figures{ROC: pc.rocFig, ROCThinning: pc.rocFigThin, PR: pc.prFig, PRThinning: pc.prFigThin, DET: detFig, DETThinning: detFigThin,
		Cost: pc.cc, Scores: hist, Prevalence: rep.Positives / (rep.Positives + rep.Negatives)}
	if rep.Calibration != nil {
		rep.Figures.Calibration = &pc.cal
	}
	return nil
}

// addPROC adds pROC's partial AUC and the coordinates at given rates
// when opt asks for them.
func (rep *Report) addPROC(t *Table, opt Options) error {
	if opt.PAUCRange != [2]float64{} {
		lo, hi := opt.pAUCRange()
		focus := opt.PAUCFocus
		if focus == "" {
			focus = "specificity"
		}
		v, ok, err := t.PartialAUCRange(lo, hi, focus, opt.PAUCCorrect)
		if err != nil {
			return err
		}
		p := &PartialAUCRange{Range: [2]float64{lo, hi}, Focus: focus, Corrected: opt.PAUCCorrect}
		if ok {
			p.Value = &v
		} else {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("partial_auc_range: null, McClish's correction is not defined for an ROC curve below the diagonal over %s %s–%s (rank.Options.PAUCCorrect)",
				focus, result.FormatFloat(lo), result.FormatFloat(hi)))
		}
		rep.PartialAUCRange = p
	}
	if len(opt.AtSpecificity) > 0 || len(opt.AtSensitivity) > 0 {
		c, err := t.CoordsAt(opt.AtSpecificity, opt.AtSensitivity)
		if err != nil {
			return err
		}
		rep.CoordsAt = c
	}
	if opt.Smooth != "" {
		var sm *Smooth
		var err error
		if opt.Smooth == "density" {
			sm, err = t.SmoothDensity(SmoothPoints, opt.SmoothBW, opt.SmoothKernel)
		} else {
			sm, err = t.SmoothBinormal(SmoothPoints)
		}
		if err != nil {
			return fmt.Errorf("rank.Options.Smooth: %w", err)
		}
		rep.Smooth = sm
	}
	return nil
}

// rowsBound is the bound on a curve's vertices that sets the block size of
// its thinning: the rows of the table, plus one.
func rowsBound(rows int64) int { return int(min(rows, 1<<50)) + 1 }

// pieces are what a binary report is assembled from, computed from a
// whole table ([NewReport]) or from one streamed part by part
// ([Spill.Report]).
type pieces struct {
	auc, rankLoss, ap, prTrap, bep, pauc float64
	hinge, llSum                         float64
	y, m, c                              Operating
	cc                                   CostCurve
	dv, dlo, dhi                         float64
	de                                   error // why DeLong's variance is missing (nil: it is not)
	isProb                               bool
	ll, br                               float64
	cal                                  CalibrationCurve
	cale                                 error
	roc, rocThin                         ROCCurve // the full curve (when kept) and the printed one
	pr, prThin                           PRCurve
	rocErr, prErr                        float64
	rocLen, prLen                        int      // the full curves' vertices
	detThin                              DETCurve // the printed DET curve
	detErr                               float64
	detLen                               int
	rocFig                               ROCCurve // the curves drawn (Options.Figures)
	prFig                                PRCurve
	rocFigThin, prFigThin                Thinning
	top                                  topCell // the largest per-row log loss (unweighted rows)
}

// assemble fills the report from the pieces (and the bins, or nil).
func (rep *Report) assemble(pc *pieces, bn *Binned, opt Options) error {
	var err error
	must := func(v float64, e error) float64 {
		if e != nil && err == nil {
			err = e
		}
		return v
	}
	rep.ROCAUC, rep.RankLoss, rep.AveragePrecision, rep.PRAUCTrapezoid, rep.BEP = pc.auc, pc.rankLoss, pc.ap, pc.prTrap, pc.bep
	if opt.MaxFPR > 0 {
		rep.MaxFPR = opt.MaxFPR
		rep.PartialAUC = fptr(pc.pauc)
	}
	if bn != nil {
		rep.Bins = bn.Bins()
		rep.AUCErrorBound = fptr(must(bn.AUCErrorBound()))
		if o := bn.Outside(); o > 0 {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%d scores fell outside rank.Binned.Lo,Hi %s,%s and were counted in the end bins", o,
				strconv.FormatFloat(bn.Lo, 'g', -1, 64), strconv.FormatFloat(bn.Hi, 'g', -1, 64)))
		}
		rep.Warnings = append(rep.Warnings, "auc_variance_delong, auc_ci_delong, calibration, hinge_loss: not computed from binned scores (rank.Options.Bins)")
		if ll, e := bn.LogLoss(); e == nil {
			rep.LogLoss = fptr(ll)
			rep.LogLossSum = fptr(must(bn.LogLossSum()))
			rep.Brier = fptr(must(bn.Brier()))
		} else {
			rep.Warnings = append(rep.Warnings, "log_loss, brier: omitted, the scores are not all in [0, 1]")
		}
	} else {
		switch {
		case pc.de == nil:
			rep.AUCVariance, rep.AUCCI = &pc.dv, &[2]float64{pc.dlo, pc.dhi}
		case errors.Is(pc.de, ErrWeighted):
			rep.Warnings = append(rep.Warnings, "auc_variance_delong, auc_ci_delong: null, DeLong's variance is for unweighted samples (rank.Report.AddIntervals gives roc_auc the weighted DeLong interval, method delong-weighted)")
		case errors.Is(pc.de, ErrTooFew):
			rep.Warnings = append(rep.Warnings, "auc_variance_delong, auc_ci_delong: null, DeLong's variance needs at least 2 positives and 2 negatives")
		default:
			return pc.de
		}
		rep.HingeLoss = fptr(pc.hinge)
		if pc.isProb {
			rep.LogLoss = fptr(pc.ll)
			rep.LogLossSum = fptr(pc.llSum)
			rep.warnTopLoss(pc.top, pc.llSum)
			rep.Brier = fptr(pc.br)
			switch {
			case pc.cale == nil:
				cal := pc.cal
				rep.Calibration = &Calibration{Strategy: opt.CalStrategy, Bins: opt.CalBins, ProbTrue: cal.ProbTrue, ProbPred: cal.ProbPred, Mass: cal.Mass, ECE: cal.ECE, MCE: cal.MCE}
			case errors.Is(pc.cale, ErrWeighted):
				rep.Warnings = append(rep.Warnings, "calibration: quantile bins need unweighted samples; use rank.Options.CalStrategy uniform")
			default:
				return pc.cale
			}
		} else {
			rep.Warnings = append(rep.Warnings, "log_loss, brier, calibration: omitted, the scores are not all in [0, 1]")
		}
	}
	if err != nil {
		return err
	}
	rep.Youden, rep.MaxF1, rep.MinCost, rep.CostCurveArea = operating(pc.y), operating(pc.m), operating(pc.c), pc.cc.Area
	if opt.Curves {
		rocThin, prThin := pc.rocThin, pc.prThin
		rep.ROCCurve = &ROCPoints{FPR: rocThin.FPR, TPR: rocThin.TPR, Thresholds: rocThin.Thresholds}
		rep.PRCurve = &PRPoints{Precision: prThin.Precision, Recall: prThin.Recall, Thresholds: prThin.Thresholds}
		det := pc.detThin
		rep.DETCurve = &DETPoints{FPR: nonNil(det.FPR), FNR: nonNil(det.FNR), Thresholds: nonNil(det.Thresholds)}
		if len(rocThin.FPR) < pc.rocLen || len(prThin.Recall) < pc.prLen || len(det.FPR) < pc.detLen {
			rep.CurveThinning = &CurveThinning{ROCCurve: pc.rocErr, PRCurve: pc.prErr, DETCurve: pc.detErr}
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("roc_curve, pr_curve, det_curve: %d, %d and %d vertices thinned to %d, %d and %d of them (rank.Options.CurvePoints %d), each curve within curve_thinning_error of the full one; every measure is from the full table, and rank.Table.WriteCurvesCSV writes every ROC and P-R vertex",
				pc.rocLen, pc.prLen, pc.detLen, len(rocThin.FPR), len(prThin.Recall), len(det.FPR), opt.CurvePoints))
		}
	}
	return nil
}

// MulticlassReport is every measure of class probabilities: what "evalkit
// rank --classes … --format json" prints.
type MulticlassReport struct {
	N       int64    `json:"n"`
	Classes []string `json:"classes"`
	// LabelComparison is how the labels compared with the classes:
	// "numeric" when every class is a number (a label 1.0 is the class
	// 1), "string" otherwise (label.ComparisonOfNames).
	LabelComparison   string  `json:"label_comparison,omitempty"`
	ROCAUCOvRMacro    float64 `json:"roc_auc_ovr_macro"`
	ROCAUCOvRWeighted float64 `json:"roc_auc_ovr_weighted"`
	ROCAUCOvRMicro    float64 `json:"roc_auc_ovr_micro"`
	ROCAUCOvOMacro    float64 `json:"roc_auc_ovo_macro"`
	ROCAUCOvOWeighted float64 `json:"roc_auc_ovo_weighted"`
	LogLoss           float64 `json:"log_loss"`
	// HingeLoss is the Crammer–Singer hinge loss of the probabilities
	// as decision values ([Multiclass.HingeLoss]); null, with a warning,
	// for a statistic that does not carry it.
	HingeLoss    *float64 `json:"hinge_loss"`
	K            int      `json:"k"`
	TopKAccuracy float64  `json:"top_k_accuracy"`
	// Accuracy and ConfusionMatrix are those of the arg-max prediction:
	// each row predicts its class of highest probability, the first of
	// equal ones (numpy.argmax); rows are true classes, columns predicted
	// ones, in the order of Classes. Accuracy can differ from top-1
	// accuracy on tied rows, which top_k_accuracy breaks towards the
	// higher class index (scikit-learn's top_k_accuracy_score). Both are
	// nil (omitted) for a statistic without its arg-max prediction
	// (decoded from an encoding that does not carry it).
	Accuracy        *float64    `json:"accuracy,omitempty"`
	ConfusionMatrix [][]float64 `json:"confusion_matrix,omitempty"`
	PerClass        []ClassAUC  `json:"per_class"`
	// Level and Intervals are set by [MulticlassReport.AddIntervals].
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
	Warnings  []string                    `json:"warnings,omitempty"`
	// Signature says how the report was computed.
	Signature *result.Signature `json:"signature,omitempty"`
	// Figures holds each class's one-vs-rest ROC curve when
	// Options.Figures is set (thinned to FigurePoints, as
	// FigureThinning says).
	Figures        []ROCCurve `json:"-"`
	FigureThinning []Thinning `json:"-"`
}

// ClassAUC is one class of a [MulticlassReport]: its support, its
// one-vs-rest AUC and the precision, recall and F1 of the arg-max
// prediction (a ratio with no denominator is 0, as scikit-learn's
// zero_division=0; nil with MulticlassReport.Accuracy).
type ClassAUC struct {
	Label     string   `json:"label"`
	Support   float64  `json:"support"`
	ROCAUC    float64  `json:"roc_auc_ovr"`
	Precision *float64 `json:"precision,omitempty"`
	Recall    *float64 `json:"recall,omitempty"`
	F1        *float64 `json:"f1,omitempty"`
}

// addArgmax adds the measures of the arg-max prediction c (nil: none):
// accuracy, the confusion matrix and each class's precision, recall and
// F1, a warning naming each class no row predicts.
func (rep *MulticlassReport) addArgmax(c *classify.Confusion) {
	if c == nil || c.N() == 0 {
		return
	}
	rep.Accuracy = fptr(c.Accuracy())
	rep.ConfusionMatrix = c.Matrix()
	counts := c.Counts()
	var none []string
	for i, p := range c.PerClass(1, classify.ZeroDivZero) {
		pc := &rep.PerClass[i]
		pc.Precision, pc.Recall, pc.F1 = fptr(p.Precision), fptr(p.Recall), fptr(p.F1)
		if counts[i].Predicted() == 0 {
			none = append(none, strconv.Quote(rep.Classes[i]))
		}
	}
	if len(none) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("per_class precision: 0 for %s, which no row predicts (arg-max prediction; scikit-learn's zero_division=0)", strings.Join(none, ", ")))
	}
}

// NewMulticlassReport computes the report of the class probabilities m
// for classes (one name per class of m). It returns the option's error
// for invalid options (only K and Figures are used), and an error wrapping
// ErrOneClass when a class has no samples. It panics if len(classes) ≠ m.K.
func NewMulticlassReport(m *Multiclass, classes []string, opt Options) (*MulticlassReport, error) {
	if len(classes) != m.K {
		panic(fmt.Sprintf("rank: %d class names for %d classes", len(classes), m.K))
	}
	if opt.K < 1 {
		return nil, &result.OptionError{Task: "rank", Option: "rank.Options.K", Problem: fmt.Sprintf("must be at least 1, got %d", opt.K)}
	}
	sup := m.Support()
	for c, s := range sup {
		if s == 0 {
			return nil, fmt.Errorf("class %q has no samples: %w", classes[c], ErrOneClass)
		}
	}
	a, err := m.AUC()
	if err != nil {
		return nil, err
	}
	ll, _ := m.LogLoss()
	var hinge *float64
	if h, err := m.HingeLoss(); err == nil {
		hinge = &h
	}
	tk, _ := m.TopK(opt.K)
	var n int64
	for _, row := range m.Cell {
		n += row[0].Rows
	}
	rep := &MulticlassReport{N: n, Classes: classes, LabelComparison: label.ComparisonOfNames(classes).String(), ROCAUCOvRMacro: a.OvRMacro, ROCAUCOvRWeighted: a.OvRWeighted, ROCAUCOvRMicro: a.OvRMicro,
		ROCAUCOvOMacro: a.OvOMacro, ROCAUCOvOWeighted: a.OvOWeighted, LogLoss: ll, HingeLoss: hinge, K: opt.K, TopKAccuracy: tk,
		Signature: opt.MulticlassSignature(classes)}
	for c := range classes {
		rep.PerClass = append(rep.PerClass, ClassAUC{Label: classes[c], Support: sup[c], ROCAUC: a.PerClass[c]})
	}
	rep.addArgmax(m.Argmax)
	if opt.Figures {
		for c := range classes {
			roc, err := m.OvR(c).ROC(true)
			if err != nil {
				return nil, err
			}
			d, th := thinFigure(roc, len(roc.FPR), opt.FigurePoints, ROCCurve.Thin)
			rep.Figures, rep.FigureThinning = append(rep.Figures, d), append(rep.FigureThinning, th)
		}
	}
	if m.Top.Row >= 0 {
		if w := topLossWarning(fmt.Sprintf("data row %d (counting from 1)", m.Top.Row+1), m.Top.Weight, m.Top.Loss, m.LogLossSum, m.total()); w != "" {
			rep.Warnings = append(rep.Warnings, w)
		}
	}
	if hinge == nil {
		rep.Warnings = append(rep.Warnings, "hinge_loss: null, the state was encoded by an older evalkit (multiclass encoding version 3 to 6), which did not keep it")
	}
	if opt.K >= len(classes) {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("top_k_accuracy: k = %d ≥ number of classes, so it is 1", opt.K))
	}
	return rep, nil
}

// positiveNumber reports whether s is a finite positive number.
func positiveNumber(s string) bool {
	v, err := strconv.ParseFloat(s, 64)
	return err == nil && v > 0 && !math.IsInf(v, 0)
}
