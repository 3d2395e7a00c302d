package task

import (
	"errors"
	"fmt"
	"runtime"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// RankMultiModels evaluates and compares several multiclass models scored
// on the same rows: a column of labels True, each one of Classes, and for
// each model (named by Names) its probability columns Models[j], one a
// class in the order of Classes; an optional column of weights Weight (""
// for none). Each model's statistic is built as [RankMulti] builds it
// (the same chunks merged in input order, so each model's report is the
// one a run of that model alone prints), and the rows are kept, in input
// order, for the paired comparisons ([rank.NewMulticlassModelsReport]);
// both are charged to Budget.
type RankMultiModels struct {
	True, Weight string
	Classes      []string
	Models       [][]string
	Names        []string
	Budget       *budget.Budget
	Renormalize  bool
}

// Columns returns the columns read: True, every model's probability
// columns in order, then Weight.
func (t *RankMultiModels) Columns() []string {
	cols := []string{t.True}
	for _, m := range t.Models {
		cols = append(cols, m...)
	}
	return append(cols, t.Weight)
}

// MultiModelsState is the state of several multiclass models over some
// rows: each model's builder and the rows kept.
type MultiModelsState struct {
	B    []*rank.MultiBuilder
	Rows rank.MulticlassRows
}

// New returns an empty state.
func (t *RankMultiModels) New() *MultiModelsState {
	k := len(t.Classes)
	st := &MultiModelsState{B: make([]*rank.MultiBuilder, len(t.Models)), Rows: rank.MulticlassRows{K: k, P: make([][]float64, len(t.Models)), Renormalize: t.Renormalize}}
	for j := range st.B {
		st.B[j] = rank.NewMultiBuilder(k)
		st.B[j].Renormalize = t.Renormalize
	}
	return st
}

// Merge appends the rows of o to st.
func (st *MultiModelsState) Merge(o *MultiModelsState) {
	for j := range st.B {
		st.B[j].Merge(o.B[j])
	}
	if o.Rows.W != nil && st.Rows.W == nil {
		st.Rows.W = make([]float64, len(st.Rows.Y), len(st.Rows.Y)+len(o.Rows.Y))
		for i := range st.Rows.W {
			st.Rows.W[i] = 1
		}
	}
	n := len(o.Rows.Y)
	st.Rows.Append(&o.Rows)
	if st.Rows.W != nil && o.Rows.W == nil {
		for range n {
			st.Rows.W = append(st.Rows.W, 1)
		}
	}
}

// add adds a checked row of true class y, every model's probabilities p
// (model j's at p[j·K:(j+1)·K]) and weight w to each model's builder and
// to the rows kept; the weights are kept once one is not 1. names name the
// models in errors.
func (st *MultiModelsState) add(y int, p []float64, w float64, names []string) error {
	k := st.Rows.K
	for j, b := range st.B {
		if err := b.Add(y, p[j*k:(j+1)*k], w); err != nil {
			return fmt.Errorf("model %q: %w", names[j], err)
		}
		st.Rows.P[j] = append(st.Rows.P[j], p[j*k:(j+1)*k]...)
	}
	if w != 1 && st.Rows.W == nil {
		st.Rows.W = make([]float64, len(st.Rows.Y), cap(st.Rows.Y))
		for i := range st.Rows.W {
			st.Rows.W[i] = 1
		}
	}
	if st.Rows.W != nil {
		st.Rows.W = append(st.Rows.W, w)
	}
	st.Rows.Y = append(st.Rows.Y, int32(y))
	return nil
}

// Bytes returns the memory the state holds.
func (st *MultiModelsState) Bytes() int64 {
	n := st.Rows.Bytes()
	for _, b := range st.B {
		n += b.Bytes()
	}
	return n
}

// Fold adds the rows of one chunk r, of the columns cols (of Columns), to
// st, checking the parts of each row in this order: the label (one of
// Classes), each model's probabilities (parsed, in [0, 1]), the weight,
// then each model's row sum (rescaled with Renormalize) as [RankMulti]
// checks them. Weights of 1 are kept only once a weight other than 1 is
// read.
func (t *RankMultiModels) Fold(st *MultiModelsState, r *table.Reader, cols []int) error {
	k := len(t.Classes)
	m := len(t.Models)
	tc, wc := cols[0], cols[1+m*k]
	classes := label.NewSet(t.Classes)
	p := make([]float64, m*k)
	one := &RankMulti{Classes: t.Classes, Renormalize: t.Renormalize}
	for r.Next() {
		yb, err := r.Text(tc)
		if err != nil {
			return err
		}
		y, ok := classes.ID(yb)
		if !ok {
			return r.Errorf(tc, &ClassError{Label: string(yb), Classes: t.Classes})
		}
		if err := readProbabilities(r, cols[1:1+m*k], p); err != nil {
			return err
		}
		w := 1.0
		if wc >= 0 {
			if w, err = r.Weight(wc); err != nil {
				return err
			}
		}
		for j := range m {
			if err := one.checkSum(p[j*k : (j+1)*k]); err != nil {
				return r.Errorf(-1, fmt.Errorf("model %q: %w", t.Names[j], err))
			}
		}
		if err := st.add(y, p, w, t.Names); err != nil {
			return r.Errorf(-1, err)
		}
	}
	return nil
}

// RowsAccount returns the account of Budget that the rows kept are
// charged to ([MultiModelsState.Bytes]).
func (t *RankMultiModels) RowsAccount() *budget.Account {
	return t.Budget.Account(fmt.Sprintf("several multiclass models' rows (each row's %d probabilities, which the paired tests need)", len(t.Models)*len(t.Classes)),
		"or evaluate one model's columns at a time")
}

// Read reads every row of r, on every core, in input order.
func (t *RankMultiModels) Read(r *table.Reader) (*MultiModelsState, error) {
	cols, err := table.Columns(r, t.Columns()...)
	if err != nil {
		return nil, err
	}
	all := t.New()
	acct := t.RowsAccount()
	defer acct.Close()
	order := &table.Ordered[*MultiModelsState]{
		Fresh: t.New,
		Merge: func(c *MultiModelsState) { all.Merge(c) },
		Check: func() error { return acct.Set(all.Bytes()) },
	}
	err = r.Parallel(runtime.GOMAXPROCS(0), func(worker int, sub *table.Reader) error {
		c := order.Get()
		if err := t.Fold(c, sub, cols); err != nil {
			return err
		}
		return order.Put(sub.Chunk(), c)
	})
	if err != nil {
		return nil, err
	}
	return all, nil
}

// Report evaluates and compares the models read from the input named
// name ([rank.NewMulticlassModelsReport]), after the check of
// [RankMulti.Check] on each.
func (t *RankMultiModels) Report(name string, st *MultiModelsState, opt rank.Options, mo board.Options, ci *hyptest.CIOptions) (*board.Models, error) {
	ms := make([]*rank.Multiclass, len(st.B))
	one := &RankMulti{True: t.True, Classes: t.Classes}
	for j, b := range st.B {
		ms[j] = b.Result()
		if err := one.Check(name, ms[j]); err != nil {
			return nil, err
		}
	}
	out, err := rank.NewMulticlassModelsReport(ms, &st.Rows, t.Classes, t.Names, opt, mo, ci)
	if err != nil {
		var oe *result.OptionError
		if errors.As(err, &oe) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// ReadArrays reads the labels y (each one of Classes), every model's
// class probabilities (scores[j·K + c], model j's probability of class
// c, K the classes) and the weights weight (nil: every weight 1) of an
// input held in memory, named name: [RankMultiModels.Read] for arrays.
// A row's label is checked first, then each probability (in [0, 1]) in
// model order, then the weight, then each model's row sum; the first bad
// row is the error, its column named by Models. It panics if the shapes
// differ.
func (t *RankMultiModels) ReadArrays(name string, y Labels, scores [][]float64, weight []float64) (*MultiModelsState, error) {
	k, m, n := len(t.Classes), len(t.Models), y.Len()
	class, err := probabilityArrays("RankMultiModels", name, t.True, t.Classes, y, scores, m*k, weight)
	if err != nil {
		return nil, err
	}
	st := t.New()
	one := &RankMulti{Classes: t.Classes, Renormalize: t.Renormalize}
	p := make([]float64, m*k)
	for i := 0; i < n; i++ {
		c := class[y.Codes[i]]
		if c < 0 {
			return nil, &RowError{Name: name, Row: i, Column: t.True, Err: &ClassError{Label: y.Names[y.Codes[i]], Classes: t.Classes}}
		}
		for j, s := range scores {
			p[j] = s[i]
			col := t.Models[j/k][j%k]
			if err := checkValue(p[j]); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: col, Err: err}
			}
			if err := checkProbability(p[j]); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: col, Err: err}
			}
		}
		w := 1.0
		if weight != nil {
			if w = weight[i]; checkWeight(w) != nil {
				return nil, &RowError{Name: name, Row: i, Column: t.Weight, Err: checkWeight(w)}
			}
		}
		for j := range m {
			if err := one.checkSum(p[j*k : (j+1)*k]); err != nil {
				return nil, &RowError{Name: name, Row: i, Err: fmt.Errorf("model %q: %w", t.Names[j], err)}
			}
		}
		if err := st.add(c, p, w, t.Names); err != nil {
			return nil, &RowError{Name: name, Row: i, Err: err}
		}
	}
	acct := t.RowsAccount()
	if err := acct.Set(st.Bytes()); err != nil {
		return nil, err
	}
	return st, nil
}
