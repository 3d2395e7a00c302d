package regress

import (
	"fmt"
)

// fill returns a state holding the rows (y[i], yhat[i], w[i]); w nil means
// unweighted. It panics if the lengths differ.
func fill(y, yhat, w []float64, opt StateOptions) (*State, error) {
	if len(y) != len(yhat) || (w != nil && len(w) != len(y)) {
		panic(fmt.Sprintf("regress: %d targets, %d predictions and %d weights", len(y), len(yhat), len(w)))
	}
	if err := opt.Check(); err != nil {
		return nil, err
	}
	s := New(opt)
	for i := range y {
		var err error
		if w == nil {
			err = s.Add(y[i], yhat[i])
		} else {
			err = s.AddWeighted(y[i], yhat[i], w[i])
		}
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

func one(y, yhat, w []float64, opt StateOptions, f Measure) (float64, error) {
	s, err := fill(y, yhat, w, opt)
	if err != nil {
		return 0, err
	}
	return f(s)
}

// The one-call functions below take targets y, predictions ŷ and optional
// weights w (nil: all 1), as scikit-learn's functions do, and return the
// [State] method of the same name. They panic if the lengths differ; data
// problems are errors naming the row.

// MSE is [State.MSE] of the rows.
func MSE(y, yhat, w []float64) (float64, error) { return one(y, yhat, w, StateOptions{}, (*State).MSE) }

// RMSE is [State.RMSE] of the rows.
func RMSE(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{}, (*State).RMSE)
}

// MAE is [State.MAE] of the rows.
func MAE(y, yhat, w []float64) (float64, error) { return one(y, yhat, w, StateOptions{}, (*State).MAE) }

// MAPE is [State.MAPE] of the rows with denominator max(|y|, epsilon);
// epsilon 0 makes a zero target an error.
func MAPE(y, yhat, w []float64, epsilon float64) (float64, error) {
	return one(y, yhat, w, StateOptions{MAPEEpsilon: epsilon}, (*State).MAPE)
}

// SMAPE is [State.SMAPE] of the rows.
func SMAPE(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{}, (*State).SMAPE)
}

// WAPE is [State.WAPE] of the rows.
func WAPE(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{}, (*State).WAPE)
}

// MedAE is [State.MedAE] of the rows.
func MedAE(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{KeepValues: true}, (*State).MedAE)
}

// MaxError is [State.MaxError] of the rows.
func MaxError(y, yhat []float64) (float64, error) {
	return one(y, yhat, nil, StateOptions{}, (*State).MaxError)
}

// R2 is [State.R2] of the rows.
func R2(y, yhat, w []float64) (float64, error) { return one(y, yhat, w, StateOptions{}, (*State).R2) }

// AdjustedR2 is [State.AdjustedR2] of the rows for p features.
func AdjustedR2(y, yhat, w []float64, p int) (float64, error) {
	return one(y, yhat, w, StateOptions{}, func(s *State) (float64, error) { return s.AdjustedR2(p) })
}

// ExplainedVariance is [State.ExplainedVariance] of the rows.
func ExplainedVariance(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{}, (*State).ExplainedVariance)
}

// MSLE is [State.MSLE] of the rows.
func MSLE(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{}, (*State).MSLE)
}

// RMSLE is [State.RMSLE] of the rows.
func RMSLE(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{}, (*State).RMSLE)
}

// Pinball is [State.Pinball] of the rows at quantile alpha in (0, 1).
func Pinball(y, yhat, w []float64, alpha float64) (float64, error) {
	if err := checkAlpha(alpha); err != nil {
		return 0, err
	}
	return one(y, yhat, w, StateOptions{Alpha: alpha}, (*State).Pinball)
}

// PoissonDeviance is [State.PoissonDeviance] of the rows.
func PoissonDeviance(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{}, (*State).PoissonDeviance)
}

// GammaDeviance is [State.GammaDeviance] of the rows.
func GammaDeviance(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{}, (*State).GammaDeviance)
}

// TweedieDeviance is [State.TweedieDeviance] of the rows for the power.
func TweedieDeviance(y, yhat, w []float64, power float64) (float64, error) {
	return one(y, yhat, w, StateOptions{Power: power}, (*State).TweedieDeviance)
}

// D2Tweedie is [State.D2Tweedie] of the rows for the power.
func D2Tweedie(y, yhat, w []float64, power float64) (float64, error) {
	return one(y, yhat, w, StateOptions{Power: power, KeepValues: true}, (*State).D2Tweedie)
}

// D2Pinball is [State.D2Pinball] of the rows at quantile alpha in (0, 1).
func D2Pinball(y, yhat, w []float64, alpha float64) (float64, error) {
	if err := checkAlpha(alpha); err != nil {
		return 0, err
	}
	return one(y, yhat, w, StateOptions{Alpha: alpha, KeepValues: true}, (*State).D2Pinball)
}

// D2AbsoluteError is [State.D2AbsoluteError] of the rows.
func D2AbsoluteError(y, yhat, w []float64) (float64, error) {
	return one(y, yhat, w, StateOptions{KeepValues: true}, (*State).D2AbsoluteError)
}

func checkAlpha(a float64) error {
	if !(a > 0 && a < 1) {
		return fmt.Errorf("%w: alpha %v is not in (0, 1)", ErrBadOption, a)
	}
	return nil
}

// ScoreMulti computes measure f of multi-output rows: y[i] and yhat[i] hold
// the k targets and predictions of row i, w the row weights (nil: all 1),
// and how combines the outputs ([Raw] gives k values, else one). For
// example ScoreMulti(y, yhat, nil, StateOptions{}, (*State).R2,
// VarianceWeighted) is scikit-learn's r2_score(y, yhat,
// multioutput="variance_weighted"). It panics if the rows have different
// lengths or there are none.
func ScoreMulti(y, yhat [][]float64, w []float64, opt StateOptions, f Measure, how Multioutput) ([]float64, error) {
	if len(y) != len(yhat) || (w != nil && len(w) != len(y)) {
		panic(fmt.Sprintf("regress: %d target rows, %d prediction rows and %d weights", len(y), len(yhat), len(w)))
	}
	if len(y) == 0 {
		return nil, ErrEmpty
	}
	if err := opt.Check(); err != nil {
		return nil, err
	}
	m := NewMulti(len(y[0]), opt)
	for i := range y {
		var err error
		if w == nil {
			err = m.Add(y[i], yhat[i])
		} else {
			err = m.AddWeighted(y[i], yhat[i], w[i])
		}
		if err != nil {
			return nil, err
		}
	}
	return m.Score(f, how)
}
