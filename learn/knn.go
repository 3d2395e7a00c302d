package learn

// KNN is k-nearest-neighbours by Euclidean distance over all training rows
// (brute force). A classifier votes: Proba is the share of the K
// neighbours in each class and Predict the class with most votes (the
// lowest index on a tie), as scikit-learn's KNeighborsClassifier with
// uniform weights. A regressor (Classes = 0) predicts the neighbours' mean.
// Neighbours at equal distance are taken in training-row order.
type KNN struct {
	// K is the number of neighbours; 0 means 5. If the training data has
	// fewer rows, all are used.
	K int

	train Data
}

// Fit stores d (keeping references to its rows).
func (m *KNN) Fit(d Data) error {
	if err := d.Check(); err != nil {
		return err
	}
	m.train = d
	return nil
}

func (m *KNN) k() int {
	k := m.K
	if k == 0 {
		k = 5
	}
	return min(k, len(m.train.X))
}

// neighbours returns the k training rows nearest to x, nearest first (ties
// by training-row order), kept in buf by insertion: O(n·k).
func (m *KNN) neighbours(x []float64, buf []nb) []nb {
	k := m.k()
	buf = buf[:0]
	for i, t := range m.train.X {
		d := 0.0
		for j, v := range x {
			e := v - t[j]
			d += e * e
		}
		// rows come in index order, so a later row never displaces an
		// equally distant earlier one
		if len(buf) == k && !(d < buf[k-1].d) {
			continue
		}
		if len(buf) < k {
			buf = append(buf, nb{})
		}
		p := len(buf) - 1
		for p > 0 && d < buf[p-1].d {
			buf[p] = buf[p-1]
			p--
		}
		buf[p] = nb{d, i}
	}
	return buf
}

type nb struct {
	d float64
	i int
}

// Proba returns the neighbours' class shares for each row of X. It panics
// if the model was not fitted on classification data or a row has the
// wrong width.
func (m *KNN) Proba(X [][]float64) [][]float64 {
	if m.train.Classes == 0 {
		panic("learn: KNN.Proba without a fitted classifier")
	}
	checkWidth("KNN.Proba", X, m.train.Features())
	out := make([][]float64, len(X))
	var buf []nb
	for i, x := range X {
		row := make([]float64, m.train.Classes)
		ns := m.neighbours(x, buf)
		for _, n := range ns {
			row[int(m.train.Y[n.i])]++
		}
		for c := range row {
			row[c] /= float64(len(ns))
		}
		out[i] = row
		buf = ns
	}
	return out
}

// Predict returns the majority class (classification) or the neighbours'
// mean (regression) for each row of X. It panics if the model was not
// fitted or a row has the wrong width.
func (m *KNN) Predict(X [][]float64) []float64 {
	if len(m.train.X) == 0 {
		panic("learn: KNN.Predict before Fit")
	}
	if m.train.Classes > 0 {
		return predictArgmax(m.Proba(X))
	}
	checkWidth("KNN.Predict", X, m.train.Features())
	out := make([]float64, len(X))
	var buf []nb
	for i, x := range X {
		ns := m.neighbours(x, buf)
		s := 0.0
		for _, n := range ns {
			s += m.train.Y[n.i]
		}
		out[i] = s / float64(len(ns))
		buf = ns
	}
	return out
}
