package main

import (
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/learn/datasets"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/resample"
)

// demoCompare holds the statistical comparisons of the demo.
type demoCompare struct{}

// confusion returns the confusion matrix of a split's predictions.
func confusion(p resample.Predictions) (*classify.Confusion, error) {
	yt := make([]int, len(p.Y))
	yp := make([]int, len(p.Y))
	for i := range p.Y {
		yt[i], yp[i] = int(p.Y[i]), int(p.Pred[i])
	}
	return classify.FromIndices(yt, yp, p.Classes, nil)
}

// fromConfusion makes a measure of the confusion matrix.
func fromConfusion(name string, higher bool, f func(c *classify.Confusion) float64) resample.Measure {
	return resample.Measure{Name: name, HigherIsBetter: higher, Func: func(p resample.Predictions) (float64, error) {
		c, err := confusion(p)
		if err != nil {
			return 0, err
		}
		return f(c), nil
	}}
}

// classificationMeasures are the measures reported per fold: package
// classify's, from each fold's confusion matrix.
func classificationMeasures(classes int) []resample.Measure {
	macro := func(c *classify.Confusion) classify.PRF {
		return classify.Averaged(c.PerClass(1, classify.ZeroDivZero), nil)
	}
	return []resample.Measure{
		fromConfusion("accuracy", true, (*classify.Confusion).Accuracy),
		fromConfusion("error_rate", false, (*classify.Confusion).ErrorRate),
		fromConfusion("balanced_accuracy", true, func(c *classify.Confusion) float64 { return c.BalancedAccuracy(false) }),
		fromConfusion("macro_precision", true, func(c *classify.Confusion) float64 { return macro(c).Precision }),
		fromConfusion("macro_recall", true, func(c *classify.Confusion) float64 { return macro(c).Recall }),
		fromConfusion("macro_f1", true, func(c *classify.Confusion) float64 { return macro(c).F1 }),
		fromConfusion("cohen_kappa", true, func(c *classify.Confusion) float64 { return c.CohenKappa(classify.KappaUnweighted) }),
		fromConfusion("mcc", true, func(c *classify.Confusion) float64 { v, _ := c.MCC(); return v }),
	}
}

// fromRegress makes a measure of one of package regress's one-call
// functions.
func fromRegress(name string, higher bool, f func(y, yhat, w []float64) (float64, error)) resample.Measure {
	return resample.Measure{Name: name, HigherIsBetter: higher, Func: func(p resample.Predictions) (float64, error) {
		return f(p.Y, p.Pred, nil)
	}}
}

// regressionMeasures are the regression measures reported per fold:
// package regress's.
func regressionMeasures() []resample.Measure {
	return []resample.Measure{
		fromRegress("mse", false, regress.MSE),
		fromRegress("rmse", false, regress.RMSE),
		fromRegress("mae", false, regress.MAE),
		fromRegress("medae", false, regress.MedAE),
		fromRegress("mape", false, func(y, yhat, w []float64) (float64, error) { return regress.MAPE(y, yhat, w, 0) }),
		fromRegress("r2", true, regress.R2),
		fromRegress("explained_variance", true, regress.ExplainedVariance),
		fromRegress("max_error", false, func(y, yhat, _ []float64) (float64, error) { return regress.MaxError(y, yhat) }),
	}
}

// demoExtras adds the sections that come from the measure and test
// packages.
func demoExtras(rep *demoReport, oof map[string]map[string]*resample.Predictions, cls []datasets.Set, k int, seed uint64, workers int, cfg func(string) resample.Config) error {
	return nil
}
