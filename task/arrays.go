package task

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/table"
)

// Columns held in memory (the arrays of a caller such as the Python
// package) fold into the same states as the rows of a table, and the
// task's own result methods take it from there. The rows are checked in
// the order a table's rows are (the label, the weight, then the value),
// and the first bad row is the error, named by its index from 0.

// Labels is a column of labels held in memory: row i's label is
// Names[Codes[i]]. Names need not all occur.
type Labels struct {
	Names []string
	Codes []int64
}

// Len returns the number of rows.
func (l Labels) Len() int { return len(l.Codes) }

// RowError is a bad value at row Row (counted from 0) of column Column of
// an input held in memory named Name.
type RowError struct {
	Name   string
	Row    int
	Column string
	Err    error
}

func (e *RowError) Error() string {
	if e.Column == "" {
		return fmt.Sprintf("%s: row %d: %v", e.Name, e.Row, e.Err)
	}
	return fmt.Sprintf("%s: row %d: column %q: %v", e.Name, e.Row, e.Column, e.Err)
}

func (e *RowError) Unwrap() error { return e.Err }

// rowWhere is the position of row i of the input name, as messages print it.
func rowWhere(name string, i int) string { return name + ": row " + strconv.Itoa(i) }

// formatValue is v as a table would hold it, for messages.
func formatValue(v float64) []byte { return strconv.AppendFloat(nil, v, 'g', -1, 64) }

// checkCodes returns a *RowError at the first code of l outside Names
// or of an empty name (a table's empty value).
func checkCodes(name, column string, l Labels) error {
	k := int64(len(l.Names))
	for i, c := range l.Codes {
		if uint64(c) >= uint64(k) {
			return &RowError{Name: name, Row: i, Column: column, Err: fmt.Errorf("label code %d is not among the %d names", c, k)}
		}
		if l.Names[c] == "" {
			return &RowError{Name: name, Row: i, Column: column, Err: table.ErrEmptyValue}
		}
	}
	return nil
}

// checkValue returns the error a table gives for v in a number column:
// one wrapping table.ErrNotFinite for NaN or ±Inf.
func checkValue(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return table.BadValue(formatValue(v), table.ErrNotFinite)
	}
	return nil
}

// checkWeight returns the error a table gives for the weight w: one
// wrapping table.ErrNotFinite or table.ErrNegativeWeight.
func checkWeight(w float64) error {
	if err := checkValue(w); err != nil {
		return err
	}
	if !(w >= 0) {
		return table.BadValue(formatValue(w), table.ErrNegativeWeight)
	}
	return nil
}

// codeCounts returns the number of rows of each name of l, or ok = false
// when a code is outside Names or names an empty name (checkCodes then
// names the first such row).
func codeCounts(l Labels) (counts []int, ok bool) {
	counts = make([]int, len(l.Names))
	for _, c := range l.Codes {
		if uint64(c) >= uint64(len(counts)) {
			return nil, false
		}
		counts[c]++
	}
	for c, k := range counts {
		if k > 0 && l.Names[c] == "" {
			return nil, false
		}
	}
	return counts, true
}

// usedNames returns the names of l that occur, in label order; l's codes
// have been checked (checkCodes).
func usedNames(l Labels) []string {
	counts, _ := codeCounts(l)
	return namesOf(l, counts)
}

// namesOf returns the names of l that occur (counts[code] > 0, counts
// from codeCounts), in label order.
func namesOf(l Labels, counts []int) []string {
	var out []string
	for i, k := range counts {
		if k > 0 {
			out = append(out, l.Names[i])
		}
	}
	label.Sort(out)
	return out
}

// ReadArrays folds the labels y, the scores score and the weights weight
// (nil: every weight 1) of an input held in memory, named name, into the
// score table (spilled past Memory) or the bins: [Rank.Read] for arrays.
// Row i's label is checked first (the positive-label rule), then its
// weight, then its score; the first bad row is the error. Rows, when 0,
// becomes the number of rows. It panics if the lengths differ.
func (t *Rank) ReadArrays(name string, y Labels, score, weight []float64) (*RankScores, error) {
	n := y.Len()
	if len(score) != n || (weight != nil && len(weight) != n) {
		panic("task: Rank.ReadArrays with columns of different lengths")
	}
	used, ok := codeCounts(y)
	if !ok {
		return nil, checkCodes(name, t.True, y)
	}
	if n == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	weighted := weight != nil
	s := &RankScores{name: name, column: t.True, weighted: weighted, bins: t.Bins}
	if t.Rows == 0 {
		t.Rows = n
	}
	if t.Bins == nil {
		s.spill = t.newSpill(weighted)
	}
	classes := newLabelCodes(t.PosLabel, name, y)
	if pos, neg, ok := classes.counts(used); ok && t.Bins == nil {
		s.spill.Grow(pos, neg)
	}
	// The rows go straight into the spill's memory (reserved above),
	// which writes its parts past Memory.
	var first FirstLabels
	var err error
	for i := 0; i < n; i++ {
		c, e := classes.class(i, &first)
		if e != nil {
			err = e
			break
		}
		w := 1.0
		if weighted {
			if w = weight[i]; checkWeight(w) != nil {
				err = &RowError{Name: name, Row: i, Column: t.Weight, Err: checkWeight(w)}
				break
			}
		}
		v := score[i]
		if e := checkValue(v); e != nil {
			err = &RowError{Name: name, Row: i, Column: t.Score, Err: e}
			break
		}
		switch {
		case t.Bins != nil:
			e := t.Bins.Add(v, c.Pos, w)
			if e != nil {
				// finite scores, finite weights ≥ 0: nothing to reject
				panic("task: internal error: " + e.Error())
			}
		case weighted:
			e = s.spill.Add(v, c.Pos, w)
		case c.Pos:
			e = s.spill.AddPositive(v)
		default:
			e = s.spill.AddNegative(v)
		}
		if e != nil {
			if errors.Is(e, rank.ErrNotFinite) || errors.Is(e, rank.ErrNegativeWeight) {
				err = &RowError{Name: name, Row: i, Column: t.Score, Err: e}
			} else {
				err = &SpillError{Err: e}
			}
			break
		}
	}
	pos, err := resolve(&first, err)
	if err != nil {
		s.Close()
		return nil, err
	}
	if err := t.checkPosLabel(s, namesOf(y, used), pos); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// ReadArrays folds the true labels y, the predicted labels pred and the
// weights weight (nil: every weight 1) of an input held in memory, named
// name, into one tally, charged to Budget: [Classify.Read] for arrays. A
// label outside Options.Labels is counted as Fold counts it. It panics if
// the lengths differ.
func (c *Classify) ReadArrays(name string, y, pred Labels, weight []float64) (*classify.Tally, error) {
	n := y.Len()
	if pred.Len() != n || (weight != nil && len(weight) != n) {
		panic("task: Classify.ReadArrays with columns of different lengths")
	}
	if err := checkCodes(name, c.True, y); err != nil {
		return nil, err
	}
	if err := checkCodes(name, c.Pred, pred); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	tb, pb := labelBytes(y.Names), labelBytes(pred.Names)
	tally := c.New()
	for i := 0; i < n; i++ {
		yt, yp := tb[y.Codes[i]], pb[pred.Codes[i]]
		w := -1.0
		if weight != nil {
			w = weight[i]
			if err := checkWeight(w); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: c.Weight, Err: err}
			}
		}
		k := tally.Labels.Len()
		if ok, bad := tally.Add(yt, yp, w); !ok {
			col, v := c.True, yt
			if bad == 1 {
				col, v = c.Pred, yp
			}
			return nil, &RowError{Name: name, Row: i, Column: col, Err: labelError(string(v), c.Options.Labels)}
		}
		if tally.Labels.Len() != k && !c.FloatLabels {
			if err := floatLabel(yt, "task.Classify.FloatLabels"); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: c.True, Err: err}
			}
			if err := floatLabel(yp, "task.Classify.FloatLabels"); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: c.Pred, Err: err}
			}
		}
	}
	acct := c.account()
	if err := acct.Set(tally.Bytes()); err != nil {
		return nil, err
	}
	return tally, nil
}

// labelBytes returns each name as bytes of its own.
func labelBytes(names []string) [][]byte {
	out := make([][]byte, len(names))
	for i, s := range names {
		out[i] = []byte(s)
	}
	return out
}

// ReadArrays folds the targets y and predictions pred (one column of each
// per output, as Options.Trues and Options.Preds name them) and the weights
// weight (nil: every weight 1) of an input held in memory, named name,
// into a state of k outputs, a batch at a time, without copying them:
// [Regress.Read] for arrays. Row i's weight is checked before its values;
// the first bad row is the error. The kept values are charged to Budget.
// A row is named by its index, or by RowIndex. It panics if the shapes
// differ.
func (g *Regress) ReadArrays(name string, y, pred [][]float64, weight []float64) (*regress.Multi, error) {
	k := len(g.Options.Trues)
	if len(y) != k || len(pred) != k {
		panic("task: Regress.ReadArrays with the wrong number of outputs")
	}
	n := len(y[0])
	for j := range k {
		if len(y[j]) != n || len(pred[j]) != n {
			panic("task: Regress.ReadArrays with columns of different lengths")
		}
	}
	if weight != nil && len(weight) != n {
		panic("task: Regress.ReadArrays with weights of the wrong length")
	}
	if g.RowIndex != nil && len(g.RowIndex) != n {
		panic("task: Regress.ReadArrays with a RowIndex of the wrong length")
	}
	if n == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	// The first bad row, checked as a table's reader checks a row: each
	// output's target and prediction, then the weight.
	for i := 0; i < n; i++ {
		for j := range k {
			if err := checkValue(y[j][i]); err != nil {
				return nil, &RowError{Name: name, Row: g.rowOf(i), Column: g.Options.Trues[j], Err: err}
			}
			if err := checkValue(pred[j][i]); err != nil {
				return nil, &RowError{Name: name, Row: g.rowOf(i), Column: g.Options.Preds[j], Err: err}
			}
		}
		if weight != nil {
			if err := checkWeight(weight[i]); err != nil {
				return nil, &RowError{Name: name, Row: g.rowOf(i), Column: g.Options.Weights, Err: err}
			}
		}
	}
	m := g.New()
	// Positions are rows counted from 1 (0 is none), printed from 0.
	m.SetRowName(func(pos int64) string { return rowWhere(name, int(pos-1)) })
	acct := g.account()
	if g.State.KeepValues && int64(n)*24*int64(k) <= g.Budget.Available() {
		for j := range k {
			m.Output(j).Grow(n)
		}
		if err := acct.Set(m.Bytes()); err != nil {
			return nil, err
		}
	}
	pos := make([]int64, 0, regressBatchRows)
	ys, ps := make([][]float64, k), make([][]float64, k)
	for lo := 0; lo < n; lo += regressBatchRows {
		hi := min(n, lo+regressBatchRows)
		pos = pos[:0]
		for i := lo; i < hi; i++ {
			pos = append(pos, int64(g.rowOf(i))+1)
		}
		for j := range k {
			ys[j], ps[j] = y[j][lo:hi], pred[j][lo:hi]
		}
		var w []float64
		if weight != nil {
			w = weight[lo:hi]
		}
		if err := m.AddBatchAt(ys, ps, w, pos); err != nil {
			return nil, err
		}
		if err := acct.Set(m.Bytes()); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// labelCodes applies the positive-label rule to a label column held in
// memory: each distinct name is classified once, at its first row.
type labelCodes struct {
	posLabel, name string
	y              Labels
	classes        []LabelClass
	known          []bool
}

func newLabelCodes(posLabel, name string, y Labels) *labelCodes {
	return &labelCodes{posLabel: posLabel, name: name, y: y,
		classes: make([]LabelClass, len(y.Names)), known: make([]bool, len(y.Names))}
}

// counts returns the number of positive and negative rows, of the
// numbers of rows of each name n (codeCounts), when every label has a
// class (ok false otherwise: class then names the row).
func (l *labelCodes) counts(n []int) (pos, neg int, ok bool) {
	for code, k := range n {
		if k == 0 {
			continue
		}
		c, ok := labelClass(l.posLabel, l.y.Names[code])
		if !ok {
			return 0, 0, false
		}
		if c.Pos {
			pos += k
		} else {
			neg += k
		}
	}
	return pos, neg, true
}

// class returns the class of row i's label and notes in seen the first
// row of each kind of label (and the positive label's name).
func (l *labelCodes) class(i int, seen *FirstLabels) (LabelClass, error) {
	code := l.y.Codes[i]
	if !l.known[code] {
		c, ok := labelClass(l.posLabel, l.y.Names[code])
		if !ok {
			return LabelClass{}, &LabelError{Where: rowWhere(l.name, i), Label: l.y.Names[code]}
		}
		l.classes[code], l.known[code] = c, true
	}
	c := l.classes[code]
	if c.Kind != KindOther && seen.First[c.Kind].Line == 0 {
		seen.First[c.Kind] = LabelAt{Line: i + 1, Where: rowWhere(l.name, i)}
		if c.Kind == KindOne {
			seen.PosName = l.y.Names[code]
		}
	}
	return c, nil
}
