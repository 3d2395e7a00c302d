package task

import (
	"fmt"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// RankUnivariate is the multiclass ranking task of one score for every
// class: a column of labels True, each one of Classes (by value when the
// classes are all numbers; see package label), and one column of scores
// Score ([rank.NewUnivariateReport], pROC's multiclass.roc with one
// predictor). The rows are kept (16 bytes each), charged to Budget.
type RankUnivariate struct {
	True, Score string
	Classes     []string
	Budget      *budget.Budget
}

// Columns returns the columns read: True, then Score.
func (t *RankUnivariate) Columns() []string { return []string{t.True, t.Score} }

// Read reads every row of r and returns the report. A label not among
// Classes, a score that is not a finite number and a class without rows
// are errors naming the file (and line and column).
func (t *RankUnivariate) Read(r *table.Reader) (*rank.UnivariateReport, error) {
	cols, err := table.Columns(r, t.Columns()...)
	if err != nil {
		return nil, err
	}
	acct := t.Budget.Account("rank's rows of one score for every class (16 bytes a row)", "")
	defer acct.Close()
	classes := label.NewSet(t.Classes)
	var s []float64
	var c []int
	for r.Next() {
		yb, err := r.Text(cols[0])
		if err != nil {
			return nil, err
		}
		y, ok := classes.ID(yb)
		if !ok {
			return nil, r.Errorf(cols[0], &ClassError{Label: string(yb), Classes: t.Classes})
		}
		v, err := r.Float(cols[1])
		if err != nil {
			return nil, err
		}
		if v-v != 0 {
			return nil, r.Errorf(cols[1], fmt.Errorf("value %v: %w", v, rank.ErrNotFinite))
		}
		s, c = append(s, v), append(c, y)
		if len(s)&4095 == 0 {
			if err := acct.Set(16 * int64(cap(s))); err != nil {
				return nil, err
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	support := make([]int, len(t.Classes))
	for _, y := range c {
		support[y]++
	}
	for k, n := range support {
		if n == 0 {
			return nil, fmt.Errorf("%s: class %q has no samples in column %q: %w", r.Name(), t.Classes[k], t.True, rank.ErrOneClass)
		}
	}
	return rank.NewUnivariateReport(s, c, t.Classes)
}
