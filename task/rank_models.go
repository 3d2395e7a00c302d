package task

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// RankModels evaluates and compares several binary score columns of the
// same rows, one a model: the labels True, the models' Scores (which name
// them) and an optional column of weights Weight ("" for none). The rows
// are held, in input order (DeLong's paired tests and the paired
// bootstrap need each row's scores in every model), and charged to
// Budget.
type RankModels struct {
	True, Weight string
	Scores       []string
	// PosLabel is the positive label; "" applies the default rule (see
	// PosRule), whose positive label is then "1".
	PosLabel string
	Budget   *budget.Budget
}

// Columns returns the columns read: True, Weight, then Scores.
func (t *RankModels) Columns() []string {
	return append([]string{t.True, t.Weight}, t.Scores...)
}

// RankModelsRows reads the rows of one chunk of several models, checking
// the parts of each row in this order: the label (by the positive-label
// rule), each model's score, the weight.
type RankModelsRows struct {
	r      *table.Reader
	tc, wc int
	scs    []int
	rule   *PosRule
	seen   *FirstLabels
	chunk  int

	Scores []float64 // the current row's score in each model
	Weight float64   // its weight (1 when unweighted)
	Pos    bool      // whether its label is the positive one
}

// NewRankModelsRows returns the reader of r's rows in the columns cols (of
// [RankModels.Columns]), chunk number chunk of the input, under rule; the
// first row of each kind of label is recorded in seen.
func NewRankModelsRows(r *table.Reader, cols []int, rule *PosRule, seen *FirstLabels, chunk int) *RankModelsRows {
	return &RankModelsRows{r: r, tc: cols[0], wc: cols[1], scs: cols[2:], rule: rule, seen: seen, chunk: chunk, Scores: make([]float64, len(cols)-2)}
}

// Next reads the next row; false at the end (see the reader's Err) or on
// an error.
func (mr *RankModelsRows) Next() (bool, error) {
	r := mr.r
	if !r.Next() {
		return false, nil
	}
	y, err := r.Text(mr.tc)
	if err != nil {
		return false, err
	}
	c, err := mr.rule.Class(r, y)
	if err != nil {
		return false, mr.rule.Stray(err, r, mr.tc, mr.seen)
	}
	mr.seen.See(r, mr.chunk, c, y)
	for j, col := range mr.scs {
		if mr.Scores[j], err = r.Float(col); err != nil {
			return false, err
		}
	}
	mr.Weight = 1
	if mr.wc >= 0 {
		if mr.Weight, err = r.Weight(mr.wc); err != nil {
			return false, err
		}
	}
	mr.Pos = c.Pos
	return true, nil
}

// Weighted reports whether the rows have a weight column.
func (mr *RankModelsRows) Weighted() bool { return mr.wc >= 0 }

// Errorf is err at the current row, in model j's score column.
func (mr *RankModelsRows) Errorf(j int, err error) error { return mr.r.Errorf(mr.scs[j], err) }

// Position is the current row's position, for messages.
func (mr *RankModelsRows) Position() string { return mr.r.Position(mr.r.Line()) }

// ModelsRows is the rows of several models: each row's label (positive or
// not), its score in every model and its weight (W nil when unweighted).
type ModelsRows struct {
	Pos    []bool
	Scores [][]float64
	W      []float64
	rule   *PosRule
	seen   FirstLabels
	name   string
	pos    string
	cmp    label.Comparison
}

// New returns an empty state.
func (t *RankModels) New() *ModelsRows {
	return &ModelsRows{Scores: make([][]float64, len(t.Scores)), rule: NewPosRule(t.PosLabel)}
}

// Fold adds the rows of one chunk r, of the columns cols (of Columns), to
// st.
func (t *RankModels) Fold(st *ModelsRows, r *table.Reader, cols []int) error {
	mr := NewRankModelsRows(r, cols, st.rule, &st.seen, r.Chunk())
	for {
		ok, err := mr.Next()
		if !ok {
			return err
		}
		for j, s := range mr.Scores {
			st.Scores[j] = append(st.Scores[j], s)
		}
		if mr.Weighted() {
			st.W = append(st.W, mr.Weight)
		}
		st.Pos = append(st.Pos, mr.Pos)
	}
}

// Read reads every row of r, on every core, in input order.
func (t *RankModels) Read(r *table.Reader) (*ModelsRows, error) {
	cols, err := table.Columns(r, t.Columns()...)
	if err != nil {
		return nil, err
	}
	m := len(t.Scores)
	all := t.New()
	acct := t.account(m)
	defer acct.Close()
	rowBytes := int64(1 + 8*m)
	if cols[1] >= 0 {
		rowBytes += 8
	}
	var memErr error
	order := &table.Ordered[*ModelsRows]{
		Fresh: t.New,
		Merge: func(st *ModelsRows) {
			if memErr != nil {
				return
			}
			if memErr = acct.Set(int64(len(all.Pos)+len(st.Pos)) * rowBytes); memErr != nil {
				return
			}
			all.Pos = append(all.Pos, st.Pos...)
			for j := range all.Scores {
				all.Scores[j] = append(all.Scores[j], st.Scores[j]...)
			}
			all.W = append(all.W, st.W...)
			all.seen.Merge(&st.seen)
			for _, name := range st.rule.Labels().Names() {
				all.rule.Labels().ID([]byte(name))
			}
		},
	}
	// Where each kind of label first occurs in each chunk read, so that a
	// label the default rule cannot read is known for a stray one when
	// the chunks before its own hold labels it reads (its own chunk's
	// rows are checked by PosRule.Stray), as in Rank.Read.
	var mu sync.Mutex
	chunks := map[int]FirstLabels{}
	failed := -1
	err = table.Fold(r, order, func(st *ModelsRows, sub *table.Reader) error {
		err := t.Fold(st, sub, cols)
		mu.Lock()
		chunks[sub.Chunk()] = st.seen
		if err != nil && (failed < 0 || sub.Chunk() < failed) {
			failed = sub.Chunk()
		}
		mu.Unlock()
		return err
	})
	if err != nil {
		var first FirstLabels
		for chunk, c := range chunks {
			if chunk <= failed {
				first.Merge(&c)
			}
		}
		_, err = resolve(&first, err)
		return nil, err
	}
	if memErr != nil {
		return nil, fmt.Errorf("%s: %w", r.Name(), memErr)
	}
	if cols[1] < 0 {
		all.W = nil
	}
	all.name = r.Name()
	if err := t.Resolve(all, &all.seen, all.rule.Labels().Names()); err != nil {
		return nil, err
	}
	return all, nil
}

// Resolve sets the positive label of the rows d read, and how their
// labels compared, from first, where each kind of label first occurs,
// and labels, every label read: the default rule's errors
// ([FirstLabels.Resolve]), then those of [PosLabelOf].
func (t *RankModels) Resolve(d *ModelsRows, first *FirstLabels, labels []string) error {
	var err error
	d.pos, d.cmp, err = t.Positive(d.name, first, labels)
	return err
}

// Positive returns the positive label of the input named name, and how
// its labels compare, from first, where each kind of label first occurs,
// and labels, every label read (as units of a Beam pipeline read them,
// say); under the default rule with no label of value 1 it is "1". Its
// errors are those of [FirstLabels.Resolve], then of [PosLabelOf].
func (t *RankModels) Positive(name string, first *FirstLabels, labels []string) (string, label.Comparison, error) {
	rulePos, err := first.Resolve()
	if err != nil {
		return "", 0, err
	}
	if t.PosLabel == "" && rulePos == "" {
		rulePos = "1"
	}
	cmp, _, pos, err := PosLabelOf(name, t.True, t.PosLabel, rulePos, labels)
	return pos, cmp, err
}

// Options returns opt with the positive label read and how the labels
// compared.
func (d *ModelsRows) Options(opt rank.Options) rank.Options {
	opt.PosLabel, opt.LabelComparison = d.pos, d.cmp.String()
	return opt
}

// Report evaluates and compares the models (rank.NewModelsReport) under
// opt, with the positive label read; if curves is not nil, it also writes
// every model's curves there (rank.NewModelsReportCurves). An option the
// report rejects is a *result.OptionError.
func (d *ModelsRows) Report(names []string, opt rank.Options, mo board.Options, ci *hyptest.CIOptions, curves io.Writer) (*board.Models, error) {
	opt = d.Options(opt)
	var out *board.Models
	var err error
	if curves == nil {
		out, err = rank.NewModelsReport(d.Pos, d.Scores, d.W, names, opt, mo, ci)
	} else {
		out, err = rank.NewModelsReportCurves(d.Pos, d.Scores, d.W, names, opt, mo, ci, curves)
	}
	if err != nil {
		var oe *result.OptionError
		if errors.As(err, &oe) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", d.name, err)
	}
	return out, nil
}

// account is the budget's account of the rows of m models t keeps.
func (t *RankModels) account(m int) *budget.Account {
	return t.Budget.Account(fmt.Sprintf("several-model rank's rows (a label and %d scores a row, which DeLong's paired tests need)", m),
		"or rank one task.RankModels.Scores column at a time (one model spills past task.RankModels.Budget)")
}
