package regress

import (
	"fmt"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/hyptest"
)

// PairedRows are the rows that the paired bootstraps of several models
// read ([NewModelsReport]'s comparisons), given apart from the state: for
// a merged state that keeps no values (a distributed evaluation, whose
// parts send only these columns to one place). Every slice holds the rows
// in input order — the order in which a state keeping its values would
// hold them.
type PairedRows struct {
	// Y is the target of each row; it may be nil when no compared
	// measure reads it (see [ModelsCompared]).
	Y []float64
	// AbsErr[j] is |y − ŷ| of model j for each row, as the state computes
	// it.
	AbsErr [][]float64
	// W is the weight of each row, nil for a state that is not weighted.
	W []float64
}

// modelsOptions is mo with its defaults, the primary measure mse if
// unset, and Compare the measures compared by a paired bootstrap (keep:
// the rows are at hand).
func modelsOptions(mo board.Options, keep bool) board.Options {
	mo = mo.WithDefaults()
	if mo.Primary == "" {
		mo.Primary = "mse"
	}
	mo.Compare = mo.Compared(mo.Primary, func(k string) bool { return keep && rowMeasures[k] != nil })
	mo.ComparePrimary = false
	return mo
}

// ModelsCompared returns the measures that [NewModelsReport] compares by
// a paired bootstrap under mo (keep: the states keep their values, or the
// rows are given to [NewModelsReportRows]), and whether any of them reads
// the targets (PairedRows.Y) besides the absolute errors and weights.
// Measures that no paired bootstrap computes are returned as they are
// (the report refuses them).
func ModelsCompared(mo board.Options, keep bool) (measures []string, targets bool) {
	measures = modelsOptions(mo, keep).Compare
	for _, k := range measures {
		if rowTargets[k] {
			targets = true
		}
	}
	return measures, targets
}

// rowTargets are the measures of rowMeasures that read the targets.
var rowTargets = map[string]bool{"mape": true, "wape": true, "r2": true}

// NewModelsReportRows is [NewModelsReport] with the paired bootstraps'
// rows given by rows instead of kept by m: m is the merged state of every
// row (its order statistics set, for medae and the D² scores, by
// [State.SetSelected] and [State.SetNulls], or its values kept), rows the
// same rows in input order. With rows nil it is NewModelsReport on a state
// that keeps no values (a comparison is then an error). The result equals
// NewModelsReport's on a state that kept the same rows in the same order.
// It panics if rows does not have m's rows, or lacks the targets that a
// compared measure reads.
func NewModelsReportRows(m *Multi, rows *PairedRows, target string, names []string, opt Options, mo board.Options, ci *hyptest.CIOptions) (*board.Models, error) {
	if rows == nil {
		return newModelsReport(m, false, nil, target, names, opt, mo, ci)
	}
	if len(rows.AbsErr) != len(m.outs) {
		panic(fmt.Sprintf("regress: paired rows of %d models for %d", len(rows.AbsErr), len(m.outs)))
	}
	n := m.Output(0).N()
	for j, a := range rows.AbsErr {
		if int64(len(a)) != n {
			panic(fmt.Sprintf("regress: %d paired rows of model %d for %d rows", len(a), j, n))
		}
	}
	if m.Output(0).weighted && int64(len(rows.W)) != n {
		panic(fmt.Sprintf("regress: %d paired weights for %d rows", len(rows.W), n))
	}
	return newModelsReport(m, true, rows, target, names, opt, mo, ci)
}

// draws is the paired bootstrap of measure key of models a and b of m
// over rows (see pairedDraws).
func (rows *PairedRows) draws(m *Multi, a, b int, key string, mo board.Options) (board.Comparison, int) {
	if rowTargets[key] && len(rows.Y) != len(rows.AbsErr[a]) {
		panic(fmt.Sprintf("regress: %s reads the targets, and the paired rows have none", key))
	}
	side := func(j int) pairedSide {
		s := m.outs[j]
		var ws []float64
		if s.weighted {
			ws = rows.W
		}
		return pairedSide{s.opt, rows.Y, rows.AbsErr[j], ws}
	}
	return pairedDraws(side(a), side(b), key, mo)
}
