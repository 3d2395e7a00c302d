package task

import (
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// DeLong is DeLong's test of two correlated AUCs: two models' scores
// (columns ScoreA and ScoreB, higher = more positive) of the same rows,
// whose true labels are the column True, positive by the positive-label
// rule of the binary tasks (PosLabel; "" for the default rule). Conf is
// the confidence level of the interval of the difference; Alternative the
// alternative hypothesis of the p-value (the interval stays two-sided,
// as pROC's).
//
// The test needs every row: a label and two scores, 17 bytes a row,
// charged to Budget as the rows are read (a nil Budget is unlimited).
type DeLong struct {
	True, ScoreA, ScoreB string
	PosLabel             string
	Conf                 float64
	Alternative          hyptest.Alternative
	Name                 string // the test, as the budget's messages name it
	Budget               *budget.Budget
}

// DeLongResult is the result of [DeLong]. PosLabel is the positive label
// (the given one, or the default rule's).
type DeLongResult struct {
	N         int     `json:"n"`
	Positives int     `json:"positives"`
	Negatives int     `json:"negatives"`
	PosLabel  string  `json:"pos_label"`
	AUCA      float64 `json:"auc_a"`
	AUCB      float64 `json:"auc_b"`
	VarA      float64 `json:"var_a"`
	VarB      float64 `json:"var_b"`
	Cov       float64 `json:"cov"`
	Diff      float64 `json:"diff"`
	Statistic float64 `json:"statistic"`
	PValue    float64 `json:"p_value"`
	// Alternative is the alternative of PValue: two-sided, greater
	// (auc_a > auc_b) or less.
	Alternative string     `json:"alternative"`
	Conf        float64    `json:"conf_level"`
	DiffCI      [2]float64 `json:"diff_ci"`
	Warnings    []string   `json:"warnings"`
}

// Read reads every row of r and tests. Errors: a label the default rule
// cannot read (*LabelError, Mixed for labels of both 0 and −1); a
// PosLabel not among the labels (*PosLabelError, without Found); the
// errors of [rank.DeLongTest] prefixed by the input's name (and, for
// rank.ErrOneClass and rank.ErrTooFew, the label column).
func (t DeLong) Read(r *table.Reader) (*DeLongResult, error) {
	p, err := t.readTest(r)
	if err != nil {
		return nil, err
	}
	d := p.DeLong
	out := &DeLongResult{N: len(p.pos), Positives: p.positives, Negatives: len(p.pos) - p.positives, PosLabel: p.posName,
		AUCA: d.AUCA, AUCB: d.AUCB, VarA: d.VarA, VarB: d.VarB, Cov: d.Cov,
		Diff: d.AUCA - d.AUCB, Statistic: d.Z, PValue: d.PValue(t.Alternative), Alternative: t.Alternative.String(), Conf: t.Conf, Warnings: []string{}}
	out.DiffCI[0], out.DiffCI[1] = d.DiffCI(t.Conf)
	return out, nil
}

// pairedTest is the rows of a file of two scores and DeLong's test of
// them.
type pairedTest struct {
	rank.DeLong
	pos       []bool
	sa, sb    []float64
	posName   string
	positives int
}

// readTest reads every row of r and runs DeLong's test: the errors of
// [DeLong.Read].
func (t DeLong) readTest(r *table.Reader) (*pairedTest, error) {
	pos, sa, sb, posName, err := t.readPaired(r)
	if err != nil {
		return nil, err
	}
	d, err := rank.DeLongTest(pos, sa, sb)
	if err != nil {
		return nil, named(r, t.labelError(err))
	}
	return &pairedTest{DeLong: d, pos: pos, sa: sa, sb: sb, posName: posName, positives: count(pos)}, nil
}

// readPaired reads every row of r: the classes of the labels and the two
// scores, and the positive label's name.
func (t DeLong) readPaired(r *table.Reader) (pos []bool, sa, sb []float64, posName string, err error) {
	cols, err := table.Columns(r, t.True, t.ScoreA, t.ScoreB)
	if err != nil {
		return nil, nil, nil, "", err
	}
	rule := NewPosRule(t.PosLabel)
	var first FirstLabels
	acct := t.Budget.Account(t.Name+"'s rows (a label and two scores a row)", "")
	for r.Next() {
		y, err := r.Text(cols[0])
		if err != nil {
			return nil, nil, nil, "", err
		}
		c, err := rule.Class(r, y)
		if err != nil {
			return nil, nil, nil, "", rule.Stray(err, r, cols[0], &first)
		}
		first.See(r, 0, c, y)
		if _, err := first.Resolve(); err != nil {
			return nil, nil, nil, "", err
		}
		a, err := r.Float(cols[1])
		if err != nil {
			return nil, nil, nil, "", err
		}
		b, err := r.Float(cols[2])
		if err != nil {
			return nil, nil, nil, "", err
		}
		grew := len(sa) == cap(sa) || len(pos) == cap(pos)
		pos, sa, sb = append(pos, c.Pos), append(sa, a), append(sb, b)
		if grew {
			if err := acct.Set(int64(cap(pos)) + 8*int64(cap(sa)+cap(sb))); err != nil {
				return nil, nil, nil, "", err
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, nil, nil, "", err
	}
	if rule.Given() {
		if _, ok := rule.Labels().Lookup(t.PosLabel); !ok {
			return nil, nil, nil, "", &PosLabelError{File: r.Name(), Label: t.PosLabel, Column: t.True}
		}
	}
	posName = t.PosLabel
	if !rule.Given() {
		posName = first.PosName
	}
	return pos, sa, sb, posName, nil
}
