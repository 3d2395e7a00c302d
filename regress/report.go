package regress

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/hyptest"
)

// Spec describes one measure of the all-measures report: its JSON key, its
// name for people and the function computing it. MAPE, sMAPE and WAPE
// are fractions, as scikit-learn's mean_absolute_percentage_error is, in
// every output (0.07062, not 7.062 %).
type Spec struct {
	Key  string
	Name string
	F    Measure
}

// Specs lists the measures of [State.Report] in report order (not the
// adjusted R², which needs the number of features).
var Specs = []Spec{
	{"mse", "MSE", (*State).MSE},
	{"rmse", "RMSE", (*State).RMSE},
	{"mae", "MAE", (*State).MAE},
	{"mape", "MAPE (fraction)", (*State).MAPE},
	{"smape", "sMAPE (fraction)", (*State).SMAPE},
	{"wape", "WAPE (fraction)", (*State).WAPE},
	{"medae", "median absolute error", (*State).MedAE},
	{"max_error", "max error", (*State).MaxError},
	{"r2", "R²", (*State).R2},
	{"explained_variance", "explained variance", (*State).ExplainedVariance},
	{"msle", "MSLE", (*State).MSLE},
	{"rmsle", "RMSLE", (*State).RMSLE},
	{"pinball", "pinball loss", (*State).Pinball},
	{"poisson_deviance", "Poisson deviance", (*State).PoissonDeviance},
	{"gamma_deviance", "Gamma deviance", (*State).GammaDeviance},
	{"tweedie_deviance", "Tweedie deviance", (*State).TweedieDeviance},
	{"d2_tweedie", "D² Tweedie", (*State).D2Tweedie},
	{"d2_pinball", "D² pinball", (*State).D2Pinball},
	{"d2_absolute_error", "D² absolute error", (*State).D2AbsoluteError},
}

// Report holds every measure of one output. An undefined measure is NaN
// (JSON null) with a sentence in Warnings saying why.
type Report struct {
	// Summary is the headline numbers with their intervals in one
	// sentence (task.Summarize), set for one model with intervals.
	Summary           string   `json:"summary,omitempty"`
	N                 int64    `json:"n"`
	WeightSum         float64  `json:"weight_sum"`
	MSE               float64  `json:"mse"`
	RMSE              float64  `json:"rmse"`
	MAE               float64  `json:"mae"`
	MAPE              float64  `json:"mape"`
	SMAPE             float64  `json:"smape"`
	WAPE              float64  `json:"wape"`
	MedAE             float64  `json:"medae"`
	MaxError          float64  `json:"max_error"`
	R2                float64  `json:"r2"`
	AdjustedR2        *float64 `json:"adjusted_r2,omitempty"` // only when the number of features is given
	ExplainedVariance float64  `json:"explained_variance"`
	MSLE              float64  `json:"msle"`
	RMSLE             float64  `json:"rmsle"`
	Alpha             float64  `json:"alpha"`
	Pinball           float64  `json:"pinball"`
	PoissonDeviance   float64  `json:"poisson_deviance"`
	GammaDeviance     float64  `json:"gamma_deviance"`
	Power             float64  `json:"power"`
	TweedieDeviance   float64  `json:"tweedie_deviance"`
	D2Tweedie         float64  `json:"d2_tweedie"`
	D2Pinball         float64  `json:"d2_pinball"`
	D2AbsoluteError   float64  `json:"d2_absolute_error"`
	// Level and Intervals are set by [Report.AddIntervals]: the
	// confidence level and an interval for each headline number, keyed by
	// its JSON key.
	Level     float64                     `json:"level,omitempty"`
	Intervals map[string]hyptest.Interval `json:"intervals,omitempty"`
	Warnings  []string                    `json:"warnings"`
}

// Value returns measure f, or NaN and a warning "key: why" when it is
// undefined.
func Value(s *State, key string, f Measure) (float64, string) {
	v, err := f(s)
	if err != nil {
		return math.NaN(), fmt.Sprintf("%s: %v", key, err)
	}
	return v, ""
}

// Report returns every measure. nFeatures > 0 adds the adjusted R² for a
// model with that many features. An empty state gives NaN everywhere with
// one warning.
func (s *State) Report(nFeatures int) Report {
	r := Report{N: s.n, WeightSum: s.w.Value(), Alpha: s.opt.alpha(), Power: s.opt.Power, Warnings: []string{}}
	if s.n == 0 {
		r.Warnings = append(r.Warnings, "no rows")
	}
	dst := []*float64{&r.MSE, &r.RMSE, &r.MAE, &r.MAPE, &r.SMAPE, &r.WAPE, &r.MedAE, &r.MaxError,
		&r.R2, &r.ExplainedVariance, &r.MSLE, &r.RMSLE, &r.Pinball, &r.PoissonDeviance,
		&r.GammaDeviance, &r.TweedieDeviance, &r.D2Tweedie, &r.D2Pinball, &r.D2AbsoluteError}
	// The median absolute error selects in the kept residuals, which no
	// other measure touches: it runs on another core meanwhile.
	type result struct {
		v float64
		w string
	}
	if s.weighted {
		s.flat() // before the measures that read the kept values at once
	}
	medae := make(chan result, 1)
	go func() {
		v, w := Value(s, "medae", (*State).MedAE)
		medae <- result{v, w}
	}()
	for i, sp := range Specs {
		var v float64
		var w string
		if sp.Key == "medae" {
			r := <-medae
			v, w = r.v, r.w
		} else {
			v, w = Value(s, sp.Key, sp.F)
		}
		*dst[i] = v
		if w != "" && s.n > 0 {
			r.Warnings = append(r.Warnings, w)
		}
	}
	if nFeatures > 0 {
		v, w := Value(s, "adjusted_r2", func(s *State) (float64, error) { return s.AdjustedR2(nFeatures) })
		r.AdjustedR2 = &v
		if w != "" && s.n > 0 {
			r.Warnings = append(r.Warnings, w)
		}
	}
	return r
}
