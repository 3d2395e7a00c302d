package cluster

import "math"

// internalOne runs EvaluateInternal and returns ErrClusterCount when the
// number of clusters is outside scikit-learn's range 2 ≤ k ≤ n−1.
func internalOne(x []float64, dim int, labels []int, opt InternalOptions) (Internal, error) {
	r, err := EvaluateInternal(x, dim, labels, opt)
	if err != nil {
		return r, err
	}
	if k := len(r.Clusters); k < 2 || k > r.N-1 {
		return r, ErrClusterCount
	}
	return r, nil
}

// Silhouette returns the mean silhouette coefficient of the clustering
// labels of the rows of x (row-major, dim columns) under metric m, as
// scikit-learn's silhouette_score (see [Internal.Silhouette]). It returns
// ErrClusterCount unless 2 ≤ k ≤ n−1, and the errors of
// [EvaluateInternal].
func Silhouette(x []float64, dim int, labels []int, m Metric) (float64, error) {
	r, err := internalOne(x, dim, labels, InternalOptions{Metric: m})
	if err != nil {
		return math.NaN(), err
	}
	return r.Silhouette, nil
}

// SilhouetteSamples returns the silhouette of every row, as scikit-learn's
// silhouette_samples. Errors as [Silhouette].
func SilhouetteSamples(x []float64, dim int, labels []int, m Metric) ([]float64, error) {
	r, err := internalOne(x, dim, labels, InternalOptions{Metric: m, KeepSamples: true})
	if err != nil {
		return nil, err
	}
	return r.SilhouetteValues, nil
}

// DaviesBouldin returns scikit-learn's davies_bouldin_score (Euclidean;
// see [Internal.DaviesBouldin]). It does no O(n²) work. Errors as
// [Silhouette].
func DaviesBouldin(x []float64, dim int, labels []int) (float64, error) {
	r, err := internalOne(x, dim, labels, InternalOptions{MaxPairwise: 1})
	if err != nil {
		return math.NaN(), err
	}
	return r.DaviesBouldin, nil
}

// CalinskiHarabasz returns scikit-learn's calinski_harabasz_score (see
// [Internal.CalinskiHarabasz]). It does no O(n²) work. Errors as
// [Silhouette].
func CalinskiHarabasz(x []float64, dim int, labels []int) (float64, error) {
	r, err := internalOne(x, dim, labels, InternalOptions{MaxPairwise: 1})
	if err != nil {
		return math.NaN(), err
	}
	return r.CalinskiHarabasz, nil
}

// Dunn returns seed 002's Dunn index under metric m (see [Internal.Dunn]).
// It is NaN, with a nil error, when every cluster has diameter 0. Errors
// as [Silhouette].
func Dunn(x []float64, dim int, labels []int, m Metric) (float64, error) {
	r, err := internalOne(x, dim, labels, InternalOptions{Metric: m})
	if err != nil {
		return math.NaN(), err
	}
	return r.Dunn, nil
}
