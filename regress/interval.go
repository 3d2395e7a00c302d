package regress

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// Intervals are the confidence intervals of a [Report]'s headline numbers,
// computed by [State.Intervals] and set by [Report.SetIntervals].
type Intervals struct {
	Level     float64
	Intervals map[string]hyptest.Interval
	Warnings  []string
	ci        hyptest.CIOptions
}

// SetIntervals sets r.Level and r.Intervals from iv, appends iv's warnings
// to r.Warnings, and records the interval options in sig (if not nil).
func (r *Report) SetIntervals(iv *Intervals, sig *result.Signature) {
	r.Level, r.Intervals = iv.Level, iv.Intervals
	r.Warnings = append(r.Warnings, iv.Warnings...)
	if sig != nil {
		sig.CI = &result.SignatureCI{Method: iv.ci.Method, Level: iv.ci.Level, Bootstrap: iv.ci.Bootstrap, Seed: iv.ci.Seed}
	}
}

// ErrReordered is returned by [State.Intervals] after a quantile measure
// (MedAE, the D² pinball and absolute-error scores, and so [State.Report])
// has reordered the kept values.
var ErrReordered = errors.New("regress: Intervals must be computed before the quantile measures, which reorder the kept values")

// DeltaRows is the number of rows above which [State.Intervals] uses the
// delta method rather than the bootstrap for R² and the weighted mean
// losses, when the state has its sums (StateOptions.Moments): at n = 2000 the
// delta method's 95% intervals covered 93–96% of 1000 simulated data sets
// (TestCoverageDelta), at n = 50 only 86–93%, where the bootstrap covers
// 93–94% (TestCoverage).
const DeltaRows = 2000

// Intervals computes the confidence interval of every headline number of
// the state (docs/ci.md). It must be called before [State.Report] or any
// quantile measure (it returns ErrReordered after them):
//
//   - mse, mae, mape: the bootstrap-t interval of the per-row losses d²,
//     |d| and |d|/max(|y|, ε) ([hyptest.StudentizedMeanCI]), from the
//     same row resamples as r2; without kept values (bounded memory) the
//     t-interval ([hyptest.MeanCI]) from their sums and the sums of their
//     squares (Σd⁴, Σd², Σ(|d|/max(|y|, ε))², kept by the state); the
//     lower end clipped at 0; rmse: the square roots of mse's ends.
//     Squared errors are skewed: over 1000 simulated data sets of n = 50
//     with normal residuals the t-interval of MSE covered 92.4% and the
//     bootstrap-t 94.x% (docs/ci.md);
//
//   - r2: a row bootstrap of the kept values (y, |y − ŷ|, w): replicate b
//     resamples the n rows with PCG(ci.Seed, b) and computes R² =
//     1 − Σw d²/Σw (y − ȳ)², the same bits on any number of cores; BCa
//     (the default) needs a jackknife over every row, so above 2000 rows
//     r2 gets the percentile interval (its method says so).
//
//   - with StateOptions.Moments, the delta method (delta.go; hyptest.CIDeltaLog
//     for r2 and explained_variance, CIDelta for the mean losses) for
//     explained_variance always, and for everything the bootstrap would
//     give when there are no kept values or more than DeltaRows rows: no
//     pass over the rows, whatever their number.
//
// With weights the t-intervals do not apply: mse, mae, mape and rmse are
// bootstrapped from the kept values as r2 is, or get the delta method's
// weighted variance (Σ w² IF²/W²). Without StateOptions.Moments, and without
// kept values, those get no interval, and explained variance never does
// (the kept |y − ŷ| has lost the sign of y − ŷ); Warnings says so. It
// returns an error for bad options.
func (s *State) Intervals(ci hyptest.CIOptions) (*Intervals, error) {
	if err := ci.Check(); err != nil {
		return nil, err
	}
	if s.reordered.Load() {
		return nil, ErrReordered
	}
	s.flat()
	ci = ci.WithDefaults()
	r := &Intervals{Level: ci.Level, Intervals: map[string]hyptest.Interval{}, ci: ci}
	value := func(f Measure) float64 {
		v, err := f(s)
		if err != nil {
			return math.NaN()
		}
		return v
	}
	mse, mae, mape := value((*State).MSE), value((*State).MAE), value((*State).MAPE)
	warn := func(format string, args ...any) { r.Warnings = append(r.Warnings, fmt.Sprintf(format, args...)) }
	n := float64(s.n)
	boot := []string{"r2"}
	if !s.weighted {
		for _, m := range []struct {
			key       string
			est       float64
			sum, sum2 float64
		}{{"mse", mse, s.sq.Value(), s.sq2.Value()}, {"mae", mae, s.abs.Value(), s.sq.Value()}, {"mape", mape, s.ape.Value(), s.ape2.Value()}} {
			if math.IsNaN(m.est) {
				continue
			}
			mean := m.sum / n
			v := math.Max(0, (m.sum2-n*mean*mean)/(n-1))
			iv, err := hyptest.MeanCI(n, mean, v, ci.Level)
			if err != nil {
				warn("%s: no interval: %v", m.key, err)
				continue
			}
			r.Intervals[m.key] = iv.Clip(0, math.Inf(1))
		}
		if iv, ok := r.Intervals["mse"]; ok {
			r.Intervals["rmse"] = hyptest.Interval{Low: math.Sqrt(iv.Low), High: math.Sqrt(iv.High), Method: hyptest.CISqrtT}
		}
	} else {
		boot = []string{"mse", "rmse", "mae", "mape", "r2"}
	}
	// The delta method (delta.go): explained variance always, and every
	// bootstrapped measure when the bootstrap cannot run (no kept values)
	// or would be slow and needless (more than DeltaRows rows, where the
	// delta method covers as well: docs/ci.md).
	if s.ci != nil {
		keys := []string{"explained_variance"}
		if !s.opt.KeepValues || s.n > DeltaRows {
			keys, boot = append(keys, boot...), nil
		}
		iv, why := s.deltaIntervals(keys, ci.Level)
		est := map[string]float64{"mse": mse, "rmse": value((*State).RMSE), "mae": mae, "mape": mape, "r2": value((*State).R2), "explained_variance": value((*State).ExplainedVariance)}
		for _, k := range keys {
			switch {
			case math.IsNaN(est[k]):
			case why[k] != "":
				warn("%s: no interval: %s", k, why[k])
			default:
				r.Intervals[k] = iv[k]
			}
		}
		if len(boot) == 0 {
			return r, nil
		}
	} else {
		warn("explained_variance: no interval: it needs the state's delta-method sums (regress.StateOptions.Moments)")
	}
	if !s.opt.KeepValues {
		warn("%v: no interval: the bootstrap needs every row's values (not kept with bounded memory)", boot)
		return r, nil
	}
	if s.n < 2 {
		warn("%v: no interval: fewer than 2 rows", boot)
		return r, nil
	}
	est := map[string]float64{"mse": mse, "rmse": value((*State).RMSE), "mae": mae, "mape": mape, "r2": value((*State).R2)}
	// Unweighted, the mean losses get the bootstrap-t interval from the
	// same resamples: each replicate also gives the loss's mean and
	// standard error ("mse", "mse_se", …).
	var student []string
	keys := slices.Clone(boot)
	if !s.weighted {
		for _, k := range []string{"mse", "mae", "mape"} {
			if _, ok := r.Intervals[k]; ok {
				student = append(student, k)
				keys = append(keys, k, k+"_se")
			}
		}
	}
	reps := make([][]float64, len(keys))
	for i := range reps {
		reps[i] = make([]float64, ci.Bootstrap)
	}
	vals := make([]float64, len(boot))
	hyptest.Replicate(ci.Bootstrap, ci.Seed, ci.Workers, func() []float64 { return make([]float64, len(keys)) },
		func(b int, rng *rand.Rand, out []float64) {
			s.rowStats(rng, nil, keys, out)
			for i, v := range out {
				reps[i][b] = v
			}
		})
	for j, k := range student {
		m, se := reps[len(boot)+2*j], reps[len(boot)+2*j+1]
		tstar := make([]float64, len(m))
		for b := range m {
			tstar[b] = (m[b] - est[k]) / se[b]
		}
		sum := map[string]float64{"mse": s.sq2.Value(), "mae": s.sq.Value(), "mape": s.ape2.Value()}[k]
		v := math.Max(0, (sum-n*est[k]*est[k])/(n-1))
		iv, err := hyptest.StudentizedMeanCI(est[k], math.Sqrt(v/n), tstar, ci.Level)
		if err != nil {
			warn("%s: t-interval instead of bootstrap-t: %v", k, err)
			continue
		}
		r.Intervals[k] = iv.Clip(0, math.Inf(1))
		if k == "mse" {
			r.Intervals["rmse"] = hyptest.Interval{Low: math.Sqrt(r.Intervals[k].Low), High: math.Sqrt(r.Intervals[k].High), Method: hyptest.CISqrtBootT}
		}
	}
	method := ci.BootMethod()
	var jack [][]float64
	if method == hyptest.CIBCa {
		if s.n <= 2000 {
			jack = make([][]float64, len(boot))
			for i := range s.ys {
				s.rowStats(nil, &i, boot, vals)
				for j, v := range vals {
					jack[j] = append(jack[j], v)
				}
			}
		} else {
			method = hyptest.CIPercentile
		}
	}
	bci := ci
	bci.Method = method
	for i, key := range boot {
		if math.IsNaN(est[key]) {
			continue
		}
		bs := &hyptest.Bootstrap{Estimate: est[key], Replicates: reps[i]}
		if jack != nil {
			bs.Jackknife = jack[i]
		}
		iv, w := bs.CI(bci)
		if w != "" {
			warn("%s: %s", key, w)
		}
		if iv.Method != "" {
			r.Intervals[key] = iv
		}
	}
	return r, nil
}

// rowStats computes the measures named by keys (mse, rmse, mae, mape, r2)
// from the kept values of a row bootstrap drawn with rng, or, with rng nil,
// of every row but *leave (the jackknife). R² follows R2's force_finite
// convention.
func (s *State) rowStats(rng *rand.Rand, leave *int, keys []string, out []float64) {
	n := len(s.ys)
	eps := s.opt.MAPEEpsilon
	// Sums about a shift (the first row's y) keep Σw(y − ȳ)² accurate.
	c := s.ys[0]
	var sw, swy, swy2, sq, sq2, sabs, ape, ape2 float64
	row := func(i int) {
		w := 1.0
		if s.weighted {
			w = s.ws[i]
		}
		y, ad := s.ys[i], s.ads[i]
		e := y - c
		sw += w
		swy += w * e
		swy2 += w * e * e
		sq += w * ad * ad
		sq2 += w * ad * ad * ad * ad
		sabs += w * ad
		pe := ad / max(math.Abs(y), eps)
		ape += w * pe
		ape2 += w * pe * pe
	}
	if rng != nil {
		for range n {
			row(rng.IntN(n))
		}
	} else {
		for i := range n {
			if i != *leave {
				row(i)
			}
		}
	}
	for j, k := range keys {
		switch k {
		case "mse":
			out[j] = sq / sw
		case "rmse":
			out[j] = math.Sqrt(sq / sw)
		case "mae":
			out[j] = sabs / sw
		case "mape":
			out[j] = ape / sw
		case "r2":
			out[j] = forceFinite(sq, swy2-swy*swy/sw)
		case "mse_se":
			out[j] = meanSE(sw, sq, sq2)
		case "mae_se":
			out[j] = meanSE(sw, sabs, sq)
		case "mape_se":
			out[j] = meanSE(sw, ape, ape2)
		}
	}
}

// meanSE is the standard error √(s²/n) of the mean of n unweighted values
// with sum sum and sum of squares sum2.
func meanSE(n, sum, sum2 float64) float64 {
	m := sum / n
	return math.Sqrt(math.Max(0, (sum2-n*m*m)/(n-1)) / n)
}

// SetIntervals sets each output's intervals (ivs[j] for output j, from
// [State.Intervals] of the output's state) and records the interval
// options in sig (if not nil). A combined measure (uniform or
// variance-weighted average) gets the same average of its outputs' low
// and high ends, when every output has an interval: the standard error of
// an average is at most the average of the standard errors
// (Cauchy–Schwarz), so this interval is conservative — the state keeps no
// cross-output sums for the covariances (method CIAverageBound). Raw
// combination has no combined values; its outputs carry the intervals.
func (mr *MultiReport) SetIntervals(ivs []*Intervals, sig *result.Signature) {
	if len(ivs) != len(mr.Outputs) {
		panic(fmt.Sprintf("regress: %d intervals for %d outputs", len(ivs), len(mr.Outputs)))
	}
	for j := range mr.Outputs {
		mr.Outputs[j].SetIntervals(ivs[j], sig)
	}
	if mr.How == Raw || len(ivs) == 0 {
		return
	}
	c := &mr.Combined
	c.Level, c.Intervals = ivs[0].Level, map[string]hyptest.Interval{}
	lo, hi := make([]float64, len(ivs)), make([]float64, len(ivs))
	for _, key := range MeasureKeys(c) {
		all := true
		for j := range mr.Outputs {
			iv, ok := mr.Outputs[j].Intervals[key]
			if !ok {
				all = false
				break
			}
			lo[j], hi[j] = iv.Low, iv.High
		}
		if v, _ := c.Get(key); all && !math.IsNaN(v) {
			c.Intervals[key] = hyptest.Interval{Low: Average(lo, mr.weights), High: Average(hi, mr.weights), Method: hyptest.CIAverageBound}
		}
	}
}

// Intervals returns the intervals of every output ([State.Intervals]), or
// nil when on is false. Like State.Intervals it must come before the
// report.
func (m *Multi) Intervals(ci hyptest.CIOptions, on bool) ([]*Intervals, error) {
	if !on {
		return nil, nil
	}
	ivs := make([]*Intervals, len(m.outs))
	for j, s := range m.outs {
		iv, err := s.Intervals(ci)
		if err != nil {
			return nil, err
		}
		ivs[j] = iv
	}
	return ivs, nil
}

// SetIntervals sets the intervals of [Multi.Intervals] (nil: none) on the
// result: the single output's, or each output's and the combined
// measures' (see [MultiReport.SetIntervals]).
func (r *Result) SetIntervals(ivs []*Intervals) {
	switch {
	case ivs == nil:
	case r.Single != nil:
		r.Single.SetIntervals(ivs[0], r.Signature)
	default:
		r.Multi.SetIntervals(ivs, r.Signature)
	}
}
