package task

import (
	"errors"
	"fmt"

	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// DeLongUnpairedResult is the result of [DeLong.ReadUnpaired]: DeLong's
// test of the AUCs of two independent samples.
type DeLongUnpairedResult struct {
	NA         int     `json:"n_a"`
	NB         int     `json:"n_b"`
	PositivesA int     `json:"positives_a"`
	PositivesB int     `json:"positives_b"`
	PosLabel   string  `json:"pos_label"`
	AUCA       float64 `json:"auc_a"`
	AUCB       float64 `json:"auc_b"`
	VarA       float64 `json:"var_a"`
	VarB       float64 `json:"var_b"`
	Diff       float64 `json:"diff"`
	// Statistic is D = diff/√(var_a + var_b), referred to Student's t
	// with DF degrees of freedom.
	Statistic   float64  `json:"statistic"`
	DF          float64  `json:"df"`
	PValue      float64  `json:"p_value"`
	Alternative string   `json:"alternative"`
	Warnings    []string `json:"warnings"`
}

// ReadUnpaired reads two independent samples, a with t.True and t.ScoreA,
// b with t.True and t.ScoreB, and tests their AUCs with
// [rank.DeLongUnpairedTest] (pROC's roc.test(paired=FALSE)) against
// t.Alternative. Both samples must have the same positive label (t.PosLabel
// or the default rule's). The errors are those of [DeLong.Read], named by
// the input they come from.
func (t DeLong) ReadUnpaired(a, b *table.Reader) (*DeLongUnpairedResult, error) {
	sa, sb, err := t.readSamples(a, b)
	if err != nil {
		return nil, err
	}
	d, err := rank.DeLongUnpairedTest(sa.pos, sa.s, sb.pos, sb.s)
	if err != nil {
		return nil, fmt.Errorf("%s, %s: %w", a.Name(), b.Name(), t.labelError(err))
	}
	return &DeLongUnpairedResult{NA: d.NA, NB: d.NB, PositivesA: count(sa.pos), PositivesB: count(sb.pos), PosLabel: sa.posName,
		AUCA: d.AUCA, AUCB: d.AUCB, VarA: d.VarA, VarB: d.VarB, Diff: d.AUCA - d.AUCB, Statistic: d.D, DF: d.DF,
		PValue: d.PValue(t.Alternative), Alternative: t.Alternative.String(), Warnings: []string{}}, nil
}

// readSamples reads the two samples of an unpaired test, a with t.True
// and t.ScoreA, b with t.True and t.ScoreB, and checks that their
// positive labels agree.
func (t DeLong) readSamples(a, b *table.Reader) (sa, sb sample, err error) {
	if sa, err = t.readSample(a, t.ScoreA); err != nil {
		return sa, sb, err
	}
	if sb, err = t.readSample(b, t.ScoreB); err != nil {
		return sa, sb, err
	}
	if sa.posName != sb.posName {
		return sa, sb, fmt.Errorf("%s and %s: the positive labels differ (%q and %q); give the positive label", a.Name(), b.Name(), sa.posName, sb.posName)
	}
	return sa, sb, nil
}

// labelError names the label column in an error of a class missing or
// too few rows of a class.
func (t DeLong) labelError(err error) error {
	if errors.Is(err, rank.ErrOneClass) || errors.Is(err, rank.ErrTooFew) {
		return fmt.Errorf("column %q: %w", t.True, err)
	}
	return err
}

// sample is one sample of an unpaired test: the classes of its labels,
// its scores and its positive label's name.
type sample struct {
	pos     []bool
	s       []float64
	posName string
}

// readSample reads every row of r: t.True and the scores scoreCol.
func (t DeLong) readSample(r *table.Reader, scoreCol string) (sample, error) {
	var out sample
	cols, err := table.Columns(r, t.True, scoreCol)
	if err != nil {
		return out, err
	}
	rule := NewPosRule(t.PosLabel)
	var first FirstLabels
	acct := t.Budget.Account(t.Name+"'s rows (a label and a score a row)", "")
	for r.Next() {
		y, err := r.Text(cols[0])
		if err != nil {
			return out, err
		}
		c, err := rule.Class(r, y)
		if err != nil {
			return out, rule.Stray(err, r, cols[0], &first)
		}
		first.See(r, 0, c, y)
		if _, err := first.Resolve(); err != nil {
			return out, err
		}
		v, err := r.Float(cols[1])
		if err != nil {
			return out, err
		}
		grew := len(out.s) == cap(out.s) || len(out.pos) == cap(out.pos)
		out.pos, out.s = append(out.pos, c.Pos), append(out.s, v)
		if grew {
			if err := acct.Set(int64(cap(out.pos)) + 8*int64(cap(out.s))); err != nil {
				return out, err
			}
		}
	}
	if err := r.Err(); err != nil {
		return out, err
	}
	out.posName = t.PosLabel
	if rule.Given() {
		if _, ok := rule.Labels().Lookup(t.PosLabel); !ok {
			return out, &PosLabelError{File: r.Name(), Label: t.PosLabel, Column: t.True}
		}
	} else {
		out.posName = first.PosName
	}
	return out, nil
}
