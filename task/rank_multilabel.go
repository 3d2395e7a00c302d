package task

import (
	"errors"
	"fmt"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// RankMultilabel is the multilabel ranking task: the true columns Trues
// (0 or 1 a cell, or graded relevances with Options.Graded) and the score
// columns Scores, paired in order (Scores[j] scores the label of
// Trues[j]), and an optional column of weights Weight ("" for none). The
// state keeps every value (see [rank.Multilabel]), charged to Budget.
//
// Read merges the chunks' states in input order into the state of one
// read: the report is the same, to the bit, whatever the chunks.
type RankMultilabel struct {
	Trues, Scores []string
	Weight        string
	Options       rank.MultilabelOptions
	Budget        *budget.Budget
}

// Columns returns the columns read: Trues, Scores, then Weight.
func (t *RankMultilabel) Columns() []string {
	return append(append(append([]string{}, t.Trues...), t.Scores...), t.Weight)
}

// Check returns an error for columns that do not pair: Trues and Scores
// of different lengths, or fewer than 2 labels; and for invalid
// Options.
func (t *RankMultilabel) Check() error {
	if len(t.Trues) != len(t.Scores) {
		return fmt.Errorf("task.RankMultilabel.Trues names %d columns but task.RankMultilabel.Scores names %d: one score column for each true column, in the same order", len(t.Trues), len(t.Scores))
	}
	if len(t.Trues) < 2 {
		return fmt.Errorf("task.RankMultilabel.Trues names %d column: the multilabel measures need at least 2 labels: %w", len(t.Trues), rank.ErrTooFewLabels)
	}
	return t.Options.Check()
}

// New returns an empty state.
func (t *RankMultilabel) New() *rank.Multilabel {
	return rank.NewMultilabel(len(t.Trues), t.Options.Graded, t.Weight != "")
}

// Fold adds the rows of one chunk r, of the columns cols (of Columns), to
// st. A true value st refuses ([rank.Multilabel.CheckTruth]), a score
// that is not a finite number or a bad weight is an error naming its line
// and column.
func (t *RankMultilabel) Fold(st *rank.Multilabel, r *table.Reader, cols []int) error {
	L := len(t.Trues)
	tcs, scs, wc := cols[:L], cols[L:2*L], cols[2*L]
	truth, score := make([]float64, L), make([]float64, L)
	var err error
	for r.Next() {
		for j, c := range tcs {
			if truth[j], err = r.Float(c); err != nil {
				return err
			}
			if err := st.CheckTruth(truth[j]); err != nil {
				return r.Errorf(c, err)
			}
		}
		for j, c := range scs {
			if score[j], err = r.Float(c); err != nil {
				return err
			}
		}
		w := 1.0
		if wc >= 0 {
			if w, err = r.Weight(wc); err != nil {
				return err
			}
		}
		if j, err := st.Add(truth, score, w); err != nil {
			col := wc
			if j >= 0 {
				col = scs[j]
			}
			return r.Errorf(col, err)
		}
	}
	return nil
}

// Read reads every row of r, on every core, and returns the merged state.
func (t *RankMultilabel) Read(r *table.Reader) (*rank.Multilabel, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	cols, err := table.Columns(r, t.Columns()...)
	if err != nil {
		return nil, err
	}
	all := t.New()
	acct := t.Budget.Account("rank's multilabel rows (each row's true value and score of every label)", "")
	order := &table.Ordered[*rank.Multilabel]{Fresh: t.New, Merge: all.Merge,
		Reset: func(m *rank.Multilabel) { m.Reset() },
		Check: func() error { return acct.Set(all.Bytes()) }}
	if err := table.Fold(r, order, func(st *rank.Multilabel, sub *table.Reader) error { return t.Fold(st, sub, cols) }); err != nil {
		return nil, err
	}
	return all, nil
}

// Report returns the report of the merged state st of the input called
// name, with its signature. An input without rows is a
// [table.ParseError] wrapping [table.ErrNoRows]; every weight 0, or
// weights whose sum overflows, name the weight column.
func (t *RankMultilabel) Report(st *rank.Multilabel, name string) (*rank.MultilabelReport, error) {
	if st.Rows() == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	rep, err := st.Report(t.Trues, t.Scores, t.Options)
	switch {
	case errors.Is(err, rank.ErrEmpty), errors.Is(err, rank.ErrWeightRange):
		return nil, fmt.Errorf("%s: column %q: %w", name, t.Weight, err)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	o := t.Options
	o.Weights = t.Weight
	rep.Signature = o.Signature(t.Trues, t.Scores)
	return rep, nil
}
