package task

import (
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/table"
)

// ReadArrays folds one model's columns held in memory, of the input named
// name, into one state, charged to Budget: [Cluster.Read] for arrays. y
// is the reference labels (read when True is not ""), pred the clusters,
// weight the frequency weights (nil: 1), features one column per name of
// Features. A row's cells are checked in the order of [Cluster.Fold]:
// cluster, reference, weight, features. It panics for several models or
// columns of different lengths.
func (c *Cluster) ReadArrays(name string, y, pred Labels, weight []float64, features [][]float64) (*ClusterState, error) {
	if len(c.Preds) != 1 {
		panic("task: Cluster.ReadArrays is for one model")
	}
	n := pred.Len()
	external, internal := c.external(), c.internal()
	if (external && y.Len() != n) || (weight != nil && len(weight) != n) || len(features) != len(c.Features) {
		panic("task: Cluster.ReadArrays with columns of different lengths")
	}
	for _, f := range features {
		if len(f) != n {
			panic("task: Cluster.ReadArrays with columns of different lengths")
		}
	}
	if err := checkCodes(name, c.Preds[0], pred); err != nil {
		return nil, err
	}
	if external {
		if err := checkCodes(name, c.True, y); err != nil {
			return nil, err
		}
	}
	if n == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	precomputed := internal && c.Options.Internal.Metric == cluster.Precomputed
	if precomputed && len(features) != n {
		return nil, fmt.Errorf("%s: %w: %d rows and %d task.Cluster.Features: a precomputed distance matrix has one feature column a row (cluster.InternalOptions.Metric precomputed)", name, cluster.ErrDimension, n, len(features))
	}
	st := c.New()
	acct := c.account()
	d := len(features)
	if internal && int64(n)*int64(d+1)*8 <= c.Budget.Available() {
		st.X, st.Pred = make([]float64, 0, n*d), make([]int, 0, n)
	}
	// Label ids in order of first appearance, as a table's rows give them.
	predID, trueID := codeIDs(len(pred.Names)), codeIDs(len(y.Names))
	for i := 0; i < n; i++ {
		pc := pred.Codes[i]
		if predID[pc] < 0 {
			predID[pc], _ = st.Preds[0].ID([]byte(pred.Names[pc]))
		}
		p := predID[pc]
		if external {
			tc := y.Codes[i]
			if trueID[tc] < 0 {
				trueID[tc], _ = st.True.ID([]byte(y.Names[tc]))
			}
			w := int64(1)
			if weight != nil {
				var err error
				if w, err = c.frequency(name, weight, i); err != nil {
					return nil, err
				}
			}
			st.Tabs[0].Add(trueID[tc], p, w)
		}
		if internal {
			for j, f := range features {
				v := f[i]
				if err := checkValue(v); err != nil {
					return nil, &RowError{Name: name, Row: i, Column: c.Features[j], Err: err}
				}
				if !(math.Abs(v) <= cluster.MaxFeature) {
					return nil, &RowError{Name: name, Row: i, Column: c.Features[j], Err: table.BadValue(formatValue(v), errFeatureRange)}
				}
				if precomputed && !(v >= 0) {
					return nil, &RowError{Name: name, Row: i, Column: c.Features[j], Err: table.BadValue(formatValue(v), errNegativeDistance)}
				}
				if precomputed && j == i && v > cluster.DiagonalTolerance {
					return nil, &RowError{Name: name, Row: i, Column: c.Features[j], Err: fmt.Errorf("%w: row %d's distance to itself is %v, not 0 (scikit-learn's tolerance is %.3g)", cluster.ErrDiagonal, i+1, v, cluster.DiagonalTolerance)}
				}
				st.X = append(st.X, v)
			}
			st.Pred = append(st.Pred, p)
		}
		st.Rows++
	}
	if err := acct.Set(st.bytes()); err != nil {
		return nil, err
	}
	return st, nil
}

// codeIDs returns k ids, each -1 (not met yet).
func codeIDs(k int) []int {
	ids := make([]int, k)
	for i := range ids {
		ids[i] = -1
	}
	return ids
}

// ReadModelsArrays folds several models' clusters (preds, one column a
// name of Preds) of the reference labels y, with the frequency weights
// weight (nil: 1), of an input held in memory named name, into one state
// with a joint table per compared pair, charged to Budget: [Cluster.Read]
// of several models, for arrays. A row's cells are checked in the order
// of [Cluster.Fold]: reference, weight, clusters. It panics for one model
// or columns of different lengths.
func (c *Cluster) ReadModelsArrays(name string, y Labels, preds []Labels, weight []float64) (*ClusterState, error) {
	if len(c.Preds) < 2 || len(preds) != len(c.Preds) {
		panic("task: Cluster.ReadModelsArrays is for several models")
	}
	n := y.Len()
	if weight != nil && len(weight) != n {
		panic("task: Cluster.ReadModelsArrays with columns of different lengths")
	}
	if err := checkCodes(name, c.True, y); err != nil {
		return nil, err
	}
	for j, p := range preds {
		if p.Len() != n {
			panic("task: Cluster.ReadModelsArrays with columns of different lengths")
		}
		if err := checkCodes(name, c.Preds[j], p); err != nil {
			return nil, err
		}
	}
	if n == 0 {
		return nil, &table.ParseError{File: name, Err: table.ErrNoRows}
	}
	st := c.New()
	pairs := c.Pairs()
	trueID := codeIDs(len(y.Names))
	predID := make([][]int, len(preds))
	for j, p := range preds {
		predID[j] = codeIDs(len(p.Names))
	}
	for i := 0; i < n; i++ {
		tc := y.Codes[i]
		if trueID[tc] < 0 {
			trueID[tc], _ = st.True.ID([]byte(y.Names[tc]))
		}
		t := trueID[tc]
		w := int64(1)
		if weight != nil {
			var err error
			if w, err = c.frequency(name, weight, i); err != nil {
				return nil, err
			}
		}
		for j, p := range preds {
			pc := p.Codes[i]
			if predID[j][pc] < 0 {
				predID[j][pc], _ = st.Preds[j].ID([]byte(p.Names[pc]))
			}
			id := predID[j][pc]
			st.Tabs[j].Add(t, id, w)
			st.ids[j] = id
		}
		for k, p := range pairs {
			st.Joints[k].Add(t, st.ids[p[0]], st.ids[p[1]], w)
		}
		st.Rows++
	}
	acct := c.account()
	if err := acct.Set(st.bytes()); err != nil {
		return nil, err
	}
	return st, nil
}

// frequency is row i's frequency weight, weight[i] as a whole number.
func (c *Cluster) frequency(name string, weight []float64, i int) (int64, error) {
	v := weight[i]
	if err := checkWeight(v); err != nil {
		return 0, &RowError{Name: name, Row: i, Column: c.Weight, Err: err}
	}
	w, err := cluster.Frequency(v)
	if err != nil {
		return 0, &RowError{Name: name, Row: i, Column: c.Weight, Err: table.BadValue(formatValue(v), err)}
	}
	return w, nil
}
