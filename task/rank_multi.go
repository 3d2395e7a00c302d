package task

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// RankMulti is the multiclass ranking task: a column of labels True, each
// one of Classes (by value when the classes are all numbers: the label
// 1.0 is the class 1; see package label), one column of probabilities a class (Scores[i] the
// probability of Classes[i]) and an optional column of weights Weight
// ("" for none). The score tables grow with the rows; they are charged
// to Budget.
//
// Read merges the chunks' states in input order. The log loss is a
// compensated sum merged chunk by chunk: the same run to run and for any
// number of cores; with other chunks it may differ in the rounding of
// the sum.
//
// A row whose probabilities do not sum to 1 (within the tolerance of
// [rank.ProbabilitySum]) is an error, unless Renormalize is set: then
// the row is divided by its sum (as scikit-learn's log_loss rescales its
// rows) before it is added; a row that sums to 0 is still an error.
type RankMulti struct {
	True, Weight    string
	Classes, Scores []string
	Budget          *budget.Budget
	Renormalize     bool
}

// checkSum checks that the probabilities p (each in [0, 1]) sum to 1,
// or, with Renormalize, to more than 0 (the builder then rescales them).
func (t *RankMulti) checkSum(p []float64) error {
	s, ok := rank.ProbabilitySum(p)
	switch {
	case ok:
		return nil
	case !t.Renormalize:
		return fmt.Errorf("the probabilities sum to %v, not 1 (task.RankMulti.Renormalize rescales such rows): %w", s, rank.ErrNotProbability)
	case s == 0:
		return fmt.Errorf("the probabilities sum to 0, so the row cannot be rescaled: %w", rank.ErrNotProbability)
	}
	return nil
}

// Columns returns the columns read: True, Scores, then Weight.
func (t *RankMulti) Columns() []string {
	return append(append([]string{t.True}, t.Scores...), t.Weight)
}

// ClassError is a label that is not one of the classes.
type ClassError struct {
	Label   string
	Classes []string
}

func (e *ClassError) Error() string {
	return fmt.Sprintf("label %q is not among the classes %s", e.Label, strings.Join(e.Classes, ","))
}

// New returns an empty state.
func (t *RankMulti) New() *rank.MultiBuilder {
	b := rank.NewMultiBuilder(len(t.Classes))
	b.Renormalize = t.Renormalize
	return b
}

// Fold adds the rows of one chunk r, of the columns cols (of Columns), to
// st (as FoldRows).
func (t *RankMulti) Fold(st *rank.MultiBuilder, r *table.Reader, cols []int) error {
	return t.FoldRows(st, r, cols, make([]float64, len(t.Classes)))
}

// FoldRows adds the rows of r, of the columns cols (of Columns), to b,
// checking the parts of each row in this order: the label (one of
// Classes), each probability (parsed, in [0, 1]), the weight, the row's
// sum (rescaled with Renormalize), then the row as b checks it. p is scratch of one probability a class.
func (t *RankMulti) FoldRows(b rank.MultiRows, r *table.Reader, cols []int, p []float64) error {
	k := len(t.Classes)
	tc, scs, wc := cols[0], cols[1:1+k], cols[1+k]
	classes := label.NewSet(t.Classes)
	for r.Next() {
		yb, err := r.Text(tc)
		if err != nil {
			return err
		}
		y, ok := classes.ID(yb)
		if !ok {
			return r.Errorf(tc, &ClassError{Label: string(yb), Classes: t.Classes})
		}
		if err := readProbabilities(r, scs, p); err != nil {
			return err
		}
		w := 1.0
		if wc >= 0 {
			if w, err = r.Weight(wc); err != nil {
				return err
			}
		}
		if err := t.checkSum(p); err != nil {
			return r.Errorf(-1, err)
		}
		if err := b.Add(y, p, w); err != nil {
			return r.Errorf(-1, err)
		}
	}
	return nil
}

// Read reads every row of r, on every core, and returns the multiclass
// statistic, checked by Check.
func (t *RankMulti) Read(r *table.Reader) (*rank.Multiclass, error) {
	cols, err := table.Columns(r, t.Columns()...)
	if err != nil {
		return nil, err
	}
	k := len(t.Classes)
	m := t.New()
	acct := t.Budget.Account("rank's multiclass rows (each row's score of every class)", "")
	workers := runtime.GOMAXPROCS(0)
	order := &table.Ordered[*rank.MultiBuilder]{
		Fresh: t.New,
		Merge: func(c *rank.MultiBuilder) { m.Merge(c) },
		Reset: func(c *rank.MultiBuilder) { c.Reset() },
		Check: func() error { return acct.Set(m.Bytes()) },
	}
	probs := make([][]float64, workers)
	for i := range probs {
		probs[i] = make([]float64, k)
	}
	err = r.Parallel(workers, func(worker int, sub *table.Reader) error {
		c := order.Get()
		if err := t.FoldRows(c, sub, cols, probs[worker]); err != nil {
			return err
		}
		return order.Put(sub.Chunk(), c)
	})
	if err != nil {
		return nil, err
	}
	res := m.Result()
	return res, t.Check(r.Name(), res)
}

// Check returns an error for a class without a row in res, of the input
// named name.
func (t *RankMulti) Check(name string, res *rank.Multiclass) error {
	for c, sup := range res.Support() {
		if sup == 0 {
			return fmt.Errorf("%s: class %q has no samples in column %q: %w", name, t.Classes[c], t.True, rank.ErrOneClass)
		}
	}
	return nil
}

// checkProbability returns an error wrapping rank.ErrNotProbability for a
// probability outside [0, 1].
// readProbabilities reads the row's probabilities of the columns cols
// into p, each checked by checkProbability (an error naming its column).
func readProbabilities(r *table.Reader, cols []int, p []float64) error {
	for j, c := range cols {
		var err error
		if p[j], err = r.Float(c); err != nil {
			return err
		}
		if err := checkProbability(p[j]); err != nil {
			return r.Errorf(c, err)
		}
	}
	return nil
}

func checkProbability(p float64) error {
	if !(p >= 0 && p <= 1) {
		return fmt.Errorf("%w: %v is outside [0, 1]", rank.ErrNotProbability, p)
	}
	return nil
}

// classCodes returns, for each label name of y, its index among classes
// (by value when the classes are all numbers), or −1 for a label that is
// none of them.
func classCodes(classes []string, y Labels) []int {
	set := label.NewSet(classes)
	class := make([]int, len(y.Names))
	for i, l := range y.Names {
		if c, ok := set.Lookup(l); ok {
			class[i] = c
		} else {
			class[i] = -1
		}
	}
	return class
}
