package task

import (
	"fmt"
	"slices"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// ReadArrays folds the true labels y, each model's predicted labels
// (preds, one column a name of Preds) and the weights weight (nil: every
// weight 1) of an input held in memory, named name, into one joint
// state, charged to Budget: [ClassifyModels.Read] for arrays. Its errors
// are those of [Classify.ReadArrays]. It panics if the shapes differ.
func (c *ClassifyModels) ReadArrays(name string, y Labels, preds []Labels, weight []float64) (*classify.Models, error) {
	n := y.Len()
	if len(preds) != len(c.Preds) || (weight != nil && len(weight) != n) {
		panic("task: ClassifyModels.ReadArrays with the wrong columns")
	}
	if err := checkCodes(name, c.True, y); err != nil {
		return nil, err
	}
	for j, p := range preds {
		if p.Len() != n {
			panic("task: ClassifyModels.ReadArrays with columns of different lengths")
		}
		if err := checkCodes(name, c.Preds[j], p); err != nil {
			return nil, err
		}
	}
	if n == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	tb := labelBytes(y.Names)
	pbs := make([][][]byte, len(preds))
	for j, p := range preds {
		pbs[j] = labelBytes(p.Names)
	}
	joint := c.New()
	row := make([][]byte, len(preds))
	for i := 0; i < n; i++ {
		yt := tb[y.Codes[i]]
		for j, p := range preds {
			row[j] = pbs[j][p.Codes[i]]
		}
		w := -1.0
		if weight != nil {
			w = weight[i]
			if err := checkWeight(w); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: c.Weight, Err: err}
			}
		}
		k := joint.Labels.Len()
		if ok, bad := joint.Add(yt, row, w); !ok {
			col, v := c.True, yt
			if bad >= 0 {
				col, v = c.Preds[bad], row[bad]
			}
			return nil, &RowError{Name: name, Row: i, Column: col, Err: labelError(string(v), c.Options.Labels)}
		}
		if joint.Labels.Len() != k && !c.FloatLabels {
			if err := floatLabel(yt, "task.ClassifyModels.FloatLabels"); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: c.True, Err: err}
			}
			for j, p := range row {
				if err := floatLabel(p, "task.ClassifyModels.FloatLabels"); err != nil {
					return nil, &RowError{Name: name, Row: i, Column: c.Preds[j], Err: err}
				}
			}
		}
	}
	acct := c.account()
	if err := acct.Set(joint.Bytes()); err != nil {
		return nil, err
	}
	return joint, nil
}

// ReadArrays reads the labels y, each model's scores (one column a name
// of Scores) and the weights weight (nil: every weight 1) of an input
// held in memory, named name: [RankModels.Read] for arrays. A row's label
// is checked first (the positive-label rule), then each model's score,
// then the weight; the first bad row is the error. The scores are
// copied. It panics if the shapes differ.
func (t *RankModels) ReadArrays(name string, y Labels, scores [][]float64, weight []float64) (*ModelsRows, error) {
	n := y.Len()
	if len(scores) != len(t.Scores) || (weight != nil && len(weight) != n) {
		panic("task: RankModels.ReadArrays with the wrong columns")
	}
	for _, s := range scores {
		if len(s) != n {
			panic("task: RankModels.ReadArrays with columns of different lengths")
		}
	}
	if err := checkCodes(name, t.True, y); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	m := len(scores)
	acct := t.account(m)
	defer acct.Close()
	rowBytes := int64(1 + 8*m)
	if weight != nil {
		rowBytes += 8
	}
	if err := acct.Set(int64(n) * rowBytes); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	st := t.New()
	st.Pos = make([]bool, n)
	classes := newLabelCodes(t.PosLabel, name, y)
	var err error
	for i := 0; i < n && err == nil; i++ {
		c, e := classes.class(i, &st.seen)
		if e != nil {
			err = e
			break
		}
		for j, s := range scores {
			if e := checkValue(s[i]); e != nil {
				err = &RowError{Name: name, Row: i, Column: t.Scores[j], Err: e}
				break
			}
		}
		if err == nil && weight != nil {
			if e := checkWeight(weight[i]); e != nil {
				err = &RowError{Name: name, Row: i, Column: t.Weight, Err: e}
			}
		}
		st.Pos[i] = c.Pos
	}
	if _, err := resolve(&st.seen, err); err != nil {
		return nil, err
	}
	for j, s := range scores {
		st.Scores[j] = slices.Clone(s)
	}
	if weight != nil {
		st.W = slices.Clone(weight)
	}
	st.name = name
	if err := t.Resolve(st, &st.seen, usedNames(y)); err != nil {
		return nil, err
	}
	return st, nil
}

// ReadArrays reads the labels y (each one of Classes), each class's
// probabilities (scores, one column a class) and the weights weight (nil:
// every weight 1) of an input held in memory, named name, into the
// multiclass statistic, checked by Check: [RankMulti.Read] for arrays.
// A row's label is checked first, then each probability (in [0, 1]),
// then the weight, then the row as the builder checks it; the first bad
// row is the error. It panics if the shapes differ.
func (t *RankMulti) ReadArrays(name string, y Labels, scores [][]float64, weight []float64) (*rank.Multiclass, error) {
	k, n := len(t.Classes), y.Len()
	class, err := probabilityArrays("RankMulti", name, t.True, t.Classes, y, scores, k, weight)
	if err != nil {
		return nil, err
	}
	b := t.New()
	p := make([]float64, k)
	for i := 0; i < n; i++ {
		c := class[y.Codes[i]]
		if c < 0 {
			return nil, &RowError{Name: name, Row: i, Column: t.True, Err: &ClassError{Label: y.Names[y.Codes[i]], Classes: t.Classes}}
		}
		for j, s := range scores {
			p[j] = s[i]
			if err := checkValue(p[j]); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: t.Scores[j], Err: err}
			}
			if err := checkProbability(p[j]); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: t.Scores[j], Err: err}
			}
		}
		w := 1.0
		if weight != nil {
			if w = weight[i]; checkWeight(w) != nil {
				return nil, &RowError{Name: name, Row: i, Column: t.Weight, Err: checkWeight(w)}
			}
		}
		if err := t.checkSum(p); err != nil {
			return nil, &RowError{Name: name, Row: i, Err: err}
		}
		if err := b.Add(c, p, w); err != nil {
			return nil, &RowError{Name: name, Row: i, Err: err}
		}
	}
	acct := t.Budget.Account("rank's multiclass rows (each row's score of every class)", "")
	if err := acct.Set(b.Bytes()); err != nil {
		return nil, err
	}
	res := b.Result()
	return res, t.Check(name, res)
}

// probabilityArrays checks the shapes of multiclass probability arrays
// (want columns of y.Len() values, weight nil or as long; a panic
// otherwise, naming the task type who), then the labels y (column
// trueCol, of the input named name) and that there are rows, and returns
// each label name's class (classCodes).
func probabilityArrays(who, name, trueCol string, classes []string, y Labels, scores [][]float64, want int, weight []float64) ([]int, error) {
	n := y.Len()
	if len(scores) != want || (weight != nil && len(weight) != n) {
		panic("task: " + who + ".ReadArrays with the wrong columns")
	}
	for _, s := range scores {
		if len(s) != n {
			panic("task: " + who + ".ReadArrays with columns of different lengths")
		}
	}
	if err := checkCodes(name, trueCol, y); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	return classCodes(classes, y), nil
}
