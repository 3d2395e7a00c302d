package task

import "github.com/evalkit-go/evalkit/table"

// RankRows reads the rows of one chunk of a binary rank, checking the
// parts of each row in this order: the label (by the positive-label
// rule), an empty score, the weight, then the score's value. Every front
// end reads rank's rows through it, so that the same row gives the same
// error everywhere.
type RankRows struct {
	r          *table.Reader
	tc, sc, wc int
	rule       *PosRule
	seen       *FirstLabels
	chunk      int

	Score  float64 // the current row's score
	Weight float64 // its weight (1 when unweighted)
	Pos    bool    // whether its label is the positive one
	label  []byte  // its label
	class  LabelClass
}

// NewRankRows returns the reader of r's rows in the columns cols (of
// [Rank.Columns]), chunk number chunk of the input, under rule; the first
// row of each kind of label is recorded in seen.
func NewRankRows(r *table.Reader, cols []int, rule *PosRule, seen *FirstLabels, chunk int) *RankRows {
	return &RankRows{r: r, tc: cols[0], sc: cols[1], wc: cols[2], rule: rule, seen: seen, chunk: chunk}
}

// Next reads the next row; false at the end (see the reader's Err) or on
// an error.
func (rr *RankRows) Next() (bool, error) {
	r := rr.r
	if !r.Next() {
		return false, nil
	}
	y, err := r.Text(rr.tc)
	if err != nil {
		return false, err
	}
	c, err := rr.rule.Class(r, y)
	if err != nil {
		return false, rr.rule.Stray(err, r, rr.tc, rr.seen)
	}
	rr.seen.See(r, rr.chunk, c, y)
	if err := r.CheckValue(rr.sc); err != nil {
		return false, err
	}
	rr.Weight = 1
	if rr.wc >= 0 {
		if rr.Weight, err = r.Weight(rr.wc); err != nil {
			return false, err
		}
	}
	if rr.Score, err = r.Float(rr.sc); err != nil {
		return false, err
	}
	rr.Pos, rr.label, rr.class = c.Pos, y, c
	return true, nil
}

// Weighted reports whether the rows have a weight column.
func (rr *RankRows) Weighted() bool { return rr.wc >= 0 }

// Errorf is err at the current row, in the score column.
func (rr *RankRows) Errorf(err error) error { return rr.r.Errorf(rr.sc, err) }
