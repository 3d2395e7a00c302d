package task

import (
	"fmt"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/table"
)

// ReadArrays folds label sets held in memory as indicator matrices, named
// name, into one state, charged to Budget: [Multilabel.Read] for arrays.
// labels names the k labels; y and pred hold k columns each, column j
// the indicators (0 or 1) of labels[j]; weight holds the rows' weights
// (nil: every weight 1). An indicator other than 0 or 1 is a *RowError
// naming its column (the true or predicted column name with "[j]"), as
// is a bad weight. It panics if the shapes differ.
func (m *Multilabel) ReadArrays(name string, labels []string, y, pred [][]float64, weight []float64) (*classify.Multilabel, error) {
	if len(y) != len(labels) || len(pred) != len(labels) || len(labels) == 0 {
		panic("task: Multilabel.ReadArrays with a number of columns other than that of labels")
	}
	n := len(y[0])
	for j := range labels {
		if len(y[j]) != n || len(pred[j]) != n {
			panic("task: Multilabel.ReadArrays with columns of different lengths")
		}
	}
	if weight != nil && len(weight) != n {
		panic("task: Multilabel.ReadArrays with columns of different lengths")
	}
	if n == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	names := labelBytes(labels)
	st := m.New()
	var ts, ps [][]byte
	for i := 0; i < n; i++ {
		ts, ps = ts[:0], ps[:0]
		for j := range labels {
			switch v := y[j][i]; v {
			case 1:
				ts = append(ts, names[j])
			case 0:
			default:
				return nil, &RowError{Name: name, Row: i, Column: fmt.Sprintf("%s[%d]", m.True, j), Err: fmt.Errorf("indicator %s is not 0 or 1", formatValue(v))}
			}
			switch v := pred[j][i]; v {
			case 1:
				ps = append(ps, names[j])
			case 0:
			default:
				return nil, &RowError{Name: name, Row: i, Column: fmt.Sprintf("%s[%d]", m.Pred, j), Err: fmt.Errorf("indicator %s is not 0 or 1", formatValue(v))}
			}
		}
		w := 1.0
		if weight != nil {
			w = weight[i]
			if err := checkWeight(w); err != nil {
				return nil, &RowError{Name: name, Row: i, Column: m.Weight, Err: err}
			}
		}
		if bad, ok := st.Add(ts, ps, w); !ok {
			return nil, &RowError{Name: name, Row: i, Column: m.True, Err: labelError(string(bad), m.Options.Labels)}
		}
	}
	acct := m.Budget.Account("the multilabel state (labels and per-label counts)", "")
	if err := acct.Set(st.Bytes()); err != nil {
		return nil, err
	}
	return st, nil
}
