package task

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/table"
)

// Classify is the classification of one model's predicted labels against
// the true labels: a [classify.Tally] of (true, predicted) pairs, and from
// it the confusion matrix and its [classify.Report].
type Classify struct {
	True, Pred, Weight string // column names; Weight "" for none
	Options            classify.Options
	Budget             *budget.Budget // charged with the merged state; nil: no limit
	// FloatLabels takes labels that are numbers with a fraction (0.37,
	// 2.5) as classes; without it such a label is an error wrapping
	// [ErrFloatLabel] (a regression target is no class label). Whole
	// numbers (1, 1.0) are labels either way.
	FloatLabels bool
}

// Columns returns the true, predicted and weight columns.
func (c *Classify) Columns() []string { return []string{c.True, c.Pred, c.Weight} }

// New returns an empty tally: Options.Labels (when given) first, any
// other label of the data after them ([classify.NewTally]); the report is
// over Options.Labels.
func (c *Classify) New() *classify.Tally { return classify.NewTally(c.Options.Labels) }

// Fold adds the rows of r to st; cols are the indexes of [Classify.Columns]
// (-1 for no weight column). Without a weight column each row has weight 1
// and the tally counts rows. A label outside Options.Labels is counted
// too: the report leaves it out where scikit-learn's labels= does. A label
// that is a number with a fraction is a positioned error wrapping
// [ErrFloatLabel] (unless FloatLabels).
func (c *Classify) Fold(st *classify.Tally, r *table.Reader, cols []int) error {
	return c.fold(st, r, cols, nil)
}

// fold is Fold, adding each row to its slices' tallies in sc too (nil:
// none).
func (c *Classify) fold(st *classify.Tally, r *table.Reader, cols []int, sc *sliceChunk[*classify.Tally]) error {
	tc, pc, wc := cols[0], cols[1], cols[2]
	for r.Next() {
		yt, err := r.Text(tc)
		if err != nil {
			return err
		}
		yp, err := r.Text(pc)
		if err != nil {
			return err
		}
		w := -1.0
		if wc >= 0 {
			if w, err = r.Weight(wc); err != nil {
				return err
			}
		}
		t := st
		var more []*classify.Tally
		if sc != nil {
			ts := sc.row(r)
			if wc < 0 {
				// Unweighted: the tally of every row is the merge of the
				// first slicing's, which partition the rows (counts
				// merge exactly, in any order).
				t, ts = ts[0], ts[1:]
			}
			more = ts
		}
		k := t.Labels.Len()
		if ok, bad := t.Add(yt, yp, w); !ok {
			col, v := tc, yt
			if bad == 1 {
				col, v = pc, yp
			}
			return unknownLabel(r, col, v, c.Options.Labels)
		}
		if t.Labels.Len() != k && !c.FloatLabels { // a new label: is it a class?
			if err := floatLabel(yt, "task.Classify.FloatLabels"); err != nil {
				return r.Errorf(tc, err)
			}
			if err := floatLabel(yp, "task.Classify.FloatLabels"); err != nil {
				return r.Errorf(pc, err)
			}
		}
		for _, t := range more {
			t.Add(yt, yp, w) // the labels passed the first one's check
		}
	}
	return nil
}

// ReadSliced reads the rows of r once, on every core, into the tally of
// every row and the tally of each slice of s ([Sliced]): Read's tally,
// and each slice's that of a file holding only its rows. Its errors are
// Read's, a slicing column r lacks (before the task's columns), the
// budget's (charged with the slices' tallies, as the slices of
// task.Slices.By) and ErrTooManySlices.
func (c *Classify) ReadSliced(r *table.Reader, s *Slices) (*Sliced[*classify.Tally], error) {
	f, err := newSliceFold[*classify.Tally, *classify.Tally](s, r)
	if err != nil {
		return nil, err
	}
	cols, err := table.Columns(r, c.Columns()...)
	if err != nil {
		return nil, err
	}
	f.newChunk, f.newGlobal = c.New, c.New
	f.merge = (*classify.Tally).Merge
	f.bytes = (*classify.Tally).Bytes
	tally := c.New()
	acct := c.account()
	in, states, err := foldSliced(r, f, tally, acct, func(st *classify.Tally, sub *table.Reader, sc *sliceChunk[*classify.Tally]) error {
		return c.fold(st, sub, cols, sc)
	})
	if err != nil {
		return nil, err
	}
	if cols[2] < 0 {
		// Weighted sums are compensated, not exact: a weighted tally of
		// every row is folded row by row (above), as Read folds it.
		for i, st := range states {
			if in.Slices[i].Slicing == 0 {
				tally.Merge(st)
			}
		}
		if err := acct.Set(tally.Bytes()); err != nil {
			return nil, err
		}
	}
	return &Sliced[*classify.Tally]{In: in, All: tally, States: states}, nil
}

// Read folds the rows of r, on every core in input order ([table.Fold]),
// into one tally, charged to Budget.
func (c *Classify) Read(r *table.Reader) (*classify.Tally, error) {
	cols, err := table.Columns(r, c.Columns()...)
	if err != nil {
		return nil, err
	}
	tally := c.New()
	acct := c.account()
	order := &table.Ordered[*classify.Tally]{Fresh: c.New, Merge: tally.Merge,
		Check: func() error { return acct.Set(tally.Bytes()) }}
	err = table.Fold(r, order, func(st *classify.Tally, sub *table.Reader) error { return c.Fold(st, sub, cols) })
	if err != nil {
		return nil, err
	}
	return tally, nil
}

// Report returns the report of the merged tally t, its labels compared
// as numbers when every one is a number ([classify.Tally.Sorted]), and
// the confusion matrix it was computed from (whose resampling gives the intervals). Its
// errors are those of [classify.NewReport].
func (c *Classify) Report(t *classify.Tally) (*classify.Report, *classify.Confusion, error) {
	labels, conf := t.Sorted()
	rep, err := classify.NewReport(labels, conf, c.Options)
	if err != nil {
		return nil, nil, err
	}
	rep.LabelComparison = t.Comparison().String()
	return rep, conf, nil
}

// ClassifyModels is the classification of several models' predicted
// labels of the same rows: one joint state ([classify.Models], a cell for
// each distinct tuple of the true and predicted labels), from which each
// model's report and the paired comparisons come.
type ClassifyModels struct {
	True, Weight string   // column names; Weight "" for none
	Preds        []string // the models' columns
	Options      classify.Options
	Models       board.Options
	CI           *hyptest.CIOptions // the intervals, or nil
	Budget       *budget.Budget
	FloatLabels  bool // as Classify.FloatLabels
}

// Columns returns the true and weight columns, then the models' columns.
func (c *ClassifyModels) Columns() []string {
	return append([]string{c.True, c.Weight}, c.Preds...)
}

// New returns an empty joint state.
func (c *ClassifyModels) New() *classify.Models {
	return classify.NewModels(len(c.Preds), c.Options.Labels)
}

// Fold adds the rows of r to st; cols are the indexes of
// [ClassifyModels.Columns]. Errors are those of [Classify.Fold].
func (c *ClassifyModels) Fold(st *classify.Models, r *table.Reader, cols []int) error {
	return c.fold(st, r, cols, nil)
}

// fold is Fold, adding each row to its slices' states in sc too (nil:
// none).
func (c *ClassifyModels) fold(st *classify.Models, r *table.Reader, cols []int, sc *sliceChunk[*classify.Models]) error {
	tc, wc, pcs := cols[0], cols[1], cols[2:]
	preds := make([][]byte, len(pcs))
	for r.Next() {
		yt, err := r.Text(tc)
		if err != nil {
			return err
		}
		for j, pc := range pcs {
			if preds[j], err = r.Text(pc); err != nil {
				return err
			}
		}
		w := -1.0
		if wc >= 0 {
			if w, err = r.Weight(wc); err != nil {
				return err
			}
		}
		k := st.Labels.Len()
		if ok, bad := st.Add(yt, preds, w); !ok {
			col, v := tc, yt
			if bad >= 0 {
				col, v = pcs[bad], preds[bad]
			}
			return unknownLabel(r, col, v, c.Options.Labels)
		}
		if st.Labels.Len() != k && !c.FloatLabels { // a new label: is it a class?
			if err := floatLabel(yt, "task.ClassifyModels.FloatLabels"); err != nil {
				return r.Errorf(tc, err)
			}
			for j, p := range preds {
				if err := floatLabel(p, "task.ClassifyModels.FloatLabels"); err != nil {
					return r.Errorf(pcs[j], err)
				}
			}
		}
		if sc != nil {
			for _, s := range sc.row(r) {
				s.Add(yt, preds, w) // the labels passed st's check
			}
		}
	}
	return nil
}

// ReadSliced reads the rows of r once, on every core, into the joint
// state of every row and that of each slice of s ([Sliced]): Read's
// state, and each slice's that of a file holding only its rows. Its
// errors are Read's, a slicing column r lacks (before the task's
// columns), the budget's (charged with the slices' states, as the slices
// of task.Slices.By) and ErrTooManySlices.
func (c *ClassifyModels) ReadSliced(r *table.Reader, s *Slices) (*Sliced[*classify.Models], error) {
	f, err := newSliceFold[*classify.Models, *classify.Models](s, r)
	if err != nil {
		return nil, err
	}
	cols, err := table.Columns(r, c.Columns()...)
	if err != nil {
		return nil, err
	}
	f.newChunk, f.newGlobal = c.New, c.New
	f.merge = (*classify.Models).Merge
	f.bytes = (*classify.Models).Bytes
	joint := c.New()
	acct := c.account()
	in, states, err := foldSliced(r, f, joint, acct, func(st *classify.Models, sub *table.Reader, sc *sliceChunk[*classify.Models]) error {
		return c.fold(st, sub, cols, sc)
	})
	if err != nil {
		return nil, err
	}
	return &Sliced[*classify.Models]{In: in, All: joint, States: states}, nil
}

// Read folds the rows of r, on every core in input order, into one joint
// state, charged to Budget.
func (c *ClassifyModels) Read(r *table.Reader) (*classify.Models, error) {
	cols, err := table.Columns(r, c.Columns()...)
	if err != nil {
		return nil, err
	}
	joint := c.New()
	acct := c.account()
	order := &table.Ordered[*classify.Models]{Fresh: c.New, Merge: joint.Merge,
		Check: func() error { return acct.Set(joint.Bytes()) }}
	err = table.Fold(r, order, func(st *classify.Models, sub *table.Reader) error { return c.Fold(st, sub, cols) })
	if err != nil {
		return nil, err
	}
	return joint, nil
}

// Report returns the models' leaderboard and comparisons from the merged
// joint state. Its errors are those of [classify.NewModelsReport].
func (c *ClassifyModels) Report(st *classify.Models) (*board.Models, error) {
	return classify.NewModelsReport(st, c.Preds, c.Options, c.Models, c.CI)
}

// ErrFloatLabel is a label of classify that is a number with a fraction
// (0.37, 2.5): a regression target, not a class.
var ErrFloatLabel = errors.New("a number with a fraction as a class label")

// floatLabel returns the error for label v when it is a finite number
// that is not whole, naming option, the option that accepts it; else nil.
func floatLabel(v []byte, option string) error {
	f, err := table.ParseFloat(v)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f == math.Trunc(f) {
		return nil
	}
	return fmt.Errorf("%w: %q (a regression target? evaluate it with task.Regress, or %s takes each distinct number as a class)", ErrFloatLabel, v, option)
}

// unknownLabel is the error for value v in column col of r's row, a label
// that Options.Labels does not give.
func unknownLabel(r *table.Reader, col int, v []byte, labels []string) error {
	return r.Errorf(col, labelError(string(v), labels))
}

// labelError is the error for label v, which labels do not give.
func labelError(v string, labels []string) error {
	return fmt.Errorf("%w: %q (classify.Options.Labels gives %s)", classify.ErrUnknownLabel, v, strings.Join(labels, ","))
}

// account is the budget's account of c's merged state.
func (c *Classify) account() *budget.Account {
	return c.Budget.Account("the classify state (labels and confusion cells)", "or check that task.Classify.True and task.Classify.Pred name label columns")
}

// account is the budget's account of c's joint state.
func (c *ClassifyModels) account() *budget.Account {
	return c.Budget.Account("the classify state of several models (labels, and a cell for each distinct tuple of true and predicted labels)", "or check that task.ClassifyModels.True and task.ClassifyModels.Preds name label columns")
}
