package cli

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/table"
)

// MultiClasses checks --classes against the --score columns of a
// multiclass rank and returns the class labels, the score columns (one
// per class) and each label's index; its errors are usage errors.
func (f *RankFlags) MultiClasses() (classes, scores []string, index map[string]int, err error) {
	classes = strings.Split(f.Classes, ",")
	scores = strings.Split(f.Score, ",")
	if len(classes) != len(scores) {
		return nil, nil, nil, Usagef("rank: --classes names %d classes but --score gives %d columns", len(classes), len(scores))
	}
	if len(classes) < 2 {
		return nil, nil, nil, Usagef("rank: --classes needs at least 2 classes")
	}
	index = map[string]int{}
	for i, c := range classes {
		if c == "" {
			return nil, nil, nil, Usagef("rank: --classes has an empty label")
		}
		if _, dup := index[c]; dup {
			return nil, nil, nil, Usagef("rank: --classes repeats %q", c)
		}
		index[c] = i
	}
	return classes, scores, index, nil
}

// MultiCols are the columns of a multiclass rank read.
type MultiCols struct {
	True, Weight int            // Weight −1: none
	Scores       []int          // the score column of each class
	Index        map[string]int // class label → class
	Classes      string         // --classes, for messages
}

// ReadMultiRows adds the rows of r to b, checking each as evalkit rank
// does, in its order: the label (one of --classes), each probability
// (parsed, in [0, 1]), the weight, then the row as b checks it. p is
// scratch of one probability per class.
func ReadMultiRows(r *table.Reader, cols MultiCols, p []float64, b rank.MultiRows) error {
	for r.Next() {
		yb, err := r.Text(cols.True)
		if err != nil {
			return err
		}
		y, ok := cols.Index[string(yb)]
		if !ok {
			return r.Errorf(cols.True, fmt.Errorf("label %q is not among --classes %s", yb, cols.Classes))
		}
		for j, c := range cols.Scores {
			if p[j], err = r.Float(c); err != nil {
				return err
			}
			if !(p[j] >= 0 && p[j] <= 1) {
				return r.Errorf(c, fmt.Errorf("%w: %v is outside [0, 1]", rank.ErrNotProbability, p[j]))
			}
		}
		w := 1.0
		if wc := cols.Weight; wc >= 0 {
			if w, err = r.Weight(wc); err != nil {
				return err
			}
		}
		if err := b.Add(y, p, w); err != nil {
			return r.Errorf(-1, err)
		}
	}
	return nil
}

// NoSamples is the error for a class of --classes without a row.
func NoSamples(name, class, column string) error {
	return fmt.Errorf("%s: class %q has no samples in column %q: %w", name, class, column, rank.ErrOneClass)
}
