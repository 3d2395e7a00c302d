package task

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/table"
)

// Multilabel is the classification of label sets: each cell of the true
// and predicted columns holds labels separated by Sep, read into a
// [classify.Multilabel] (per-label counts), and from it a
// [classify.MultilabelReport].
type Multilabel struct {
	True, Pred, Weight string // column names; Weight "" for none
	Sep                string // the separator of labels in a cell
	Options            classify.Options
	// CI, if set, adds the intervals; only they need the cross-label
	// moments, which the state keeps only then.
	CI     *hyptest.CIOptions
	Budget *budget.Budget
}

// Columns returns the true, predicted and weight columns.
func (m *Multilabel) Columns() []string { return []string{m.True, m.Pred, m.Weight} }

// New returns an empty state.
func (m *Multilabel) New() *classify.Multilabel {
	st := classify.NewMultilabel(m.Options.Labels, m.Options.Beta)
	if m.CI == nil {
		st.NoCross()
	}
	return st
}

// Fold adds the rows of r to st; cols are the indexes of
// [Multilabel.Columns]. A label outside Options.Labels (when given) is a
// positioned error wrapping [classify.ErrUnknownLabel], in the predicted
// column when the predicted set holds it.
func (m *Multilabel) Fold(st *classify.Multilabel, r *table.Reader, cols []int) error {
	tc, pc, wc := cols[0], cols[1], cols[2]
	var ts, ps [][]byte
	var err error
	for r.Next() {
		if ts, err = r.LabelSet(tc, m.Sep, ts); err != nil {
			return err
		}
		if ps, err = r.LabelSet(pc, m.Sep, ps); err != nil {
			return err
		}
		w := 1.0
		if wc >= 0 {
			if w, err = r.Weight(wc); err != nil {
				return err
			}
		}
		if bad, ok := st.Add(ts, ps, w); !ok {
			col := tc
			for _, p := range ps {
				if bytes.Equal(p, bad) {
					col = pc
				}
			}
			return unknownLabel(r, col, bad, m.Options.Labels)
		}
	}
	return nil
}

// Read folds the rows of r, on every core in input order, into one state,
// charged to Budget.
func (m *Multilabel) Read(r *table.Reader) (*classify.Multilabel, error) {
	cols, err := table.Columns(r, m.Columns()...)
	if err != nil {
		return nil, err
	}
	all := m.New()
	acct := m.Budget.Account("the multilabel state (labels and per-label counts)", "or check that task.Multilabel.True and task.Multilabel.Pred name label columns")
	order := &table.Ordered[*classify.Multilabel]{Fresh: m.New, Merge: all.Merge,
		Check: func() error { return acct.Set(all.Bytes()) }}
	err = table.Fold(r, order, func(st *classify.Multilabel, sub *table.Reader) error { return m.Fold(st, sub, cols) })
	if err != nil {
		return nil, err
	}
	return all, nil
}

// Report returns the report of the merged state st of the input called
// name, with its signature and, with CI, its intervals. An input without
// rows is a [table.ParseError] wrapping [table.ErrNoRows]; every weight 0, or
// weights whose sum overflows, name the weight column.
func (m *Multilabel) Report(st *classify.Multilabel, name string) (*classify.MultilabelReport, error) {
	rep, err := st.Report(m.Options.ZeroDivision)
	switch {
	case errors.Is(err, classify.ErrEmpty):
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	case errors.Is(err, classify.ErrZeroWeight), errors.Is(err, classify.ErrWeightRange):
		return nil, fmt.Errorf("%s: column %q: %w", name, m.Weight, err)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	rep.Signature = m.Options.MultilabelSignature(m.Sep)
	if m.CI != nil {
		if err := rep.AddIntervals(*m.CI); err != nil {
			return nil, err
		}
	}
	return rep, nil
}
