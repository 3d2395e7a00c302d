package learn

import (
	"cmp"
	"slices"
)

// Tree is a CART decision tree grown greedily to at most MaxDepth levels:
// each split is the feature and threshold of largest impurity decrease —
// Gini impurity for classification, variance (squared error) for
// regression — with thresholds halfway between consecutive distinct values,
// as scikit-learn's DecisionTreeClassifier/Regressor. A split must leave at
// least MinLeaf rows on each side and decrease the impurity. A leaf
// predicts its majority class (the lowest index on a tie; Proba gives its
// class shares) or its mean. Ties between candidate splits go to the lowest
// feature index, then the lowest threshold (scikit-learn breaks them by a
// random feature order, so trees can differ where two splits are equally
// good). Tree{MaxDepth: 1} is a decision stump.
type Tree struct {
	// MaxDepth is the largest number of splits from root to leaf; 0 means 3.
	MaxDepth int
	// MinLeaf is the smallest number of training rows in a leaf; 0 means 1.
	MinLeaf int

	root    *node
	classes int
	width   int
}

type node struct {
	feature   int
	threshold float64
	left      *node // x[feature] <= threshold
	right     *node
	value     []float64 // leaf: class shares, or {mean}
}

// Fit grows the tree on d.
func (m *Tree) Fit(d Data) error {
	if err := d.Check(); err != nil {
		return err
	}
	depth := m.MaxDepth
	if depth == 0 {
		depth = 3
	}
	minLeaf := max(m.MinLeaf, 1)
	m.classes, m.width = d.Classes, d.Features()
	rows := make([]int, len(d.X))
	for i := range rows {
		rows[i] = i
	}
	m.root = m.grow(d, rows, depth, minLeaf)
	return nil
}

// impurity state over a set of rows: class counts or (sum, sum of squares).
type stat struct {
	n      float64
	counts []float64
	sum    float64
	sumSq  float64
}

func (s *stat) add(y float64, classes int, sign float64) {
	s.n += sign
	if classes > 0 {
		s.counts[int(y)] += sign
		return
	}
	s.sum += sign * y
	s.sumSq += sign * y * y
}

// cost is n times the impurity: n·Gini = n − Σ n_c²/n; n·Var = Σy² − (Σy)²/n.
func (s *stat) cost(classes int) float64 {
	if s.n == 0 {
		return 0
	}
	if classes > 0 {
		q := 0.0
		for _, c := range s.counts {
			q += c * c
		}
		return s.n - q/s.n
	}
	return s.sumSq - s.sum*s.sum/s.n
}

func (m *Tree) leaf(d Data, rows []int) *node {
	if m.classes > 0 {
		v := make([]float64, m.classes)
		for _, i := range rows {
			v[int(d.Y[i])]++
		}
		for c := range v {
			v[c] /= float64(len(rows))
		}
		return &node{value: v}
	}
	s := 0.0
	for _, i := range rows {
		s += d.Y[i]
	}
	return &node{value: []float64{s / float64(len(rows))}}
}

func (m *Tree) grow(d Data, rows []int, depth, minLeaf int) *node {
	if depth == 0 || len(rows) < 2*minLeaf {
		return m.leaf(d, rows)
	}
	total := stat{counts: make([]float64, m.classes)}
	for _, i := range rows {
		total.add(d.Y[i], m.classes, 1)
	}
	parent := total.cost(m.classes)
	bestGain, bestF, bestT := 0.0, -1, 0.0
	sorted := slices.Clone(rows)
	for f := range m.width {
		slices.SortFunc(sorted, func(a, b int) int {
			if c := cmp.Compare(d.X[a][f], d.X[b][f]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		left := stat{counts: make([]float64, m.classes)}
		right := total
		right.counts = slices.Clone(total.counts)
		for p := 0; p < len(sorted)-1; p++ {
			i := sorted[p]
			left.add(d.Y[i], m.classes, 1)
			right.add(d.Y[i], m.classes, -1)
			lo, hi := d.X[i][f], d.X[sorted[p+1]][f]
			if lo == hi || p+1 < minLeaf || len(sorted)-p-1 < minLeaf {
				continue
			}
			gain := parent - left.cost(m.classes) - right.cost(m.classes)
			// a relative margin keeps rounding noise from choosing between
			// splits that are equally good
			if gain > bestGain+1e-12*parent {
				bestGain, bestF, bestT = gain, f, lo/2+hi/2
				if bestT == hi { // halfway rounded up to hi: keep lo ≤ t < hi
					bestT = lo
				}
			}
		}
	}
	if bestF < 0 {
		return m.leaf(d, rows)
	}
	var l, r []int
	for _, i := range rows {
		if d.X[i][bestF] <= bestT {
			l = append(l, i)
		} else {
			r = append(r, i)
		}
	}
	return &node{feature: bestF, threshold: bestT,
		left: m.grow(d, l, depth-1, minLeaf), right: m.grow(d, r, depth-1, minLeaf)}
}

func (m *Tree) find(x []float64) *node {
	n := m.root
	for n.value == nil {
		if x[n.feature] <= n.threshold {
			n = n.left
		} else {
			n = n.right
		}
	}
	return n
}

// Proba returns the class shares of the leaf each row of X falls in. It
// panics if the tree was not fitted on classification data or a row has
// the wrong width.
func (m *Tree) Proba(X [][]float64) [][]float64 {
	if m.root == nil || m.classes == 0 {
		panic("learn: Tree.Proba without a fitted classification tree")
	}
	checkWidth("Tree.Proba", X, m.width)
	out := make([][]float64, len(X))
	for i, x := range X {
		out[i] = slices.Clone(m.find(x).value)
	}
	return out
}

// Predict returns the leaf's majority class or mean for each row of X. It
// panics if the tree was not fitted or a row has the wrong width.
func (m *Tree) Predict(X [][]float64) []float64 {
	if m.root == nil {
		panic("learn: Tree.Predict before Fit")
	}
	if m.classes > 0 {
		return predictArgmax(m.Proba(X))
	}
	checkWidth("Tree.Predict", X, m.width)
	out := make([]float64, len(X))
	for i, x := range X {
		out[i] = m.find(x).value[0]
	}
	return out
}

// Root returns the feature and threshold of the root split (-1, 0 when the
// tree is a single leaf).
func (m *Tree) Root() (feature int, threshold float64) {
	if m.root == nil || m.root.value != nil {
		return -1, 0
	}
	return m.root.feature, m.root.threshold
}
