package rank

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/evalkit-go/evalkit/internal/fsum"
)

// ErrTooFewLabels: NDCG needs at least two documents (labels) per sample.
var ErrTooFewLabels = errors.New("need at least 2 labels per sample")

// The multilabel ranking measures below take one row per sample: score[i]
// holds the scores of sample i's labels (or documents), and the truth is
// either a relevance (DCG, NDCG) or membership (the others) per label.
// weight is per sample (nil: all 1). They return an error naming the row
// for a NaN or infinite score or relevance (ErrNotFinite), a negative
// weight or relevance, and ErrEmpty for no samples or zero total weight.
// They panic if the rows are ragged or the slices differ in length.

func checkRows[T any](name string, truth [][]T, score [][]float64, weight []float64) (wsum float64, err error) {
	if len(truth) != len(score) || (weight != nil && len(weight) != len(score)) {
		panic("rank: " + name + ": slices of different lengths")
	}
	var s fsum.Sum
	for i := range score {
		if len(truth[i]) != len(score[i]) || len(score[i]) != len(score[0]) {
			panic("rank: " + name + ": ragged rows")
		}
		for j, v := range score[i] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return 0, fmt.Errorf("row %d: score %d: %v: %w", i, j, v, ErrNotFinite)
			}
		}
		w := 1.0
		if weight != nil {
			w = weight[i]
			if math.IsNaN(w) || math.IsInf(w, 0) {
				return 0, fmt.Errorf("row %d: weight %v: %w", i, w, ErrNotFinite)
			}
			if w < 0 {
				return 0, fmt.Errorf("row %d: weight %v: %w", i, w, ErrNegativeWeight)
			}
		}
		s.Add(w)
	}
	if s.Value() == 0 {
		return 0, ErrEmpty
	}
	return s.Value(), nil
}

func average(vals, weight []float64, wsum float64) float64 {
	var s fsum.Sum
	for i, v := range vals {
		if weight != nil {
			v *= weight[i]
		}
		s.Add(v)
	}
	return s.Value() / wsum
}

// discounts returns 1/log2(i+2) for positions i < n, zero from position k
// on (k ≤ 0: no cut-off).
func discounts(n, k int) []float64 {
	d := make([]float64, n)
	for i := range d {
		if k > 0 && i >= k {
			break
		}
		d[i] = 1 / (math.Log(float64(i)+2) / math.Log(2))
	}
	return d
}

// dcgRow returns the DCG of one sample. With ties (ignoreTies false) the
// gain of a group of equal scores is its mean relevance times the sum of
// the discounts of the positions it spans (McSherry & Najork 2008), so the
// result does not depend on the order of tied labels.
func dcgRow(rel, score, disc []float64, ignoreTies bool) float64 {
	n := len(score)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case score[a] > score[b]:
			return -1
		case score[a] < score[b]:
			return 1
		}
		return 0
	})
	var s fsum.Sum
	if ignoreTies {
		for pos, i := range idx {
			s.Add(rel[i] * disc[pos])
		}
		return s.Value()
	}
	for g := 0; g < n; {
		h := g
		var r, d fsum.Sum
		for h < n && score[idx[h]] == score[idx[g]] {
			r.Add(rel[idx[h]])
			d.Add(disc[h])
			h++
		}
		s.Add(r.Value() / float64(h-g) * d.Value())
		g = h
	}
	return s.Value()
}

func checkRel(rel [][]float64) error {
	for i, row := range rel {
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("row %d: relevance %d: %v: %w", i, j, v, ErrNotFinite)
			}
		}
	}
	return nil
}

// DCG returns the mean discounted cumulative gain
//
//	DCG@k = Σ_{r<k} rel_(r) / log₂(r + 2)
//
// with rel_(r) the relevance of the label ranked r-th by score (k ≤ 0: all
// positions), tie groups sharing their discounts unless ignoreTies, as
// scikit-learn's dcg_score. With ignoreTies tied labels are ranked in index
// order (scikit-learn's order among ties is unspecified).
func DCG(rel, score [][]float64, k int, ignoreTies bool, weight []float64) (float64, error) {
	wsum, err := checkRows("DCG", rel, score, weight)
	if err != nil {
		return math.NaN(), err
	}
	if err := checkRel(rel); err != nil {
		return math.NaN(), err
	}
	disc := discounts(len(score[0]), k)
	vals := make([]float64, len(score))
	for i := range score {
		vals[i] = dcgRow(rel[i], score[i], disc, ignoreTies)
	}
	return average(vals, weight, wsum), nil
}

// NDCG returns the mean normalised DCG, each sample's DCG@k divided by the
// DCG@k of its ideal ordering (0 for a sample whose relevances are all
// zero), as scikit-learn's ndcg_score. Relevances must be ≥ 0 (an error
// otherwise) and there must be at least two labels (ErrTooFewLabels).
func NDCG(rel, score [][]float64, k int, ignoreTies bool, weight []float64) (float64, error) {
	wsum, err := checkRows("NDCG", rel, score, weight)
	if err != nil {
		return math.NaN(), err
	}
	if err := checkRel(rel); err != nil {
		return math.NaN(), err
	}
	if len(score[0]) < 2 {
		return math.NaN(), ErrTooFewLabels
	}
	for i, row := range rel {
		for j, v := range row {
			if v < 0 {
				return math.NaN(), fmt.Errorf("row %d: relevance %d: %v is negative: %w", i, j, v, ErrNotProbability)
			}
		}
	}
	disc := discounts(len(score[0]), k)
	vals := make([]float64, len(score))
	for i := range score {
		ideal := dcgRow(rel[i], rel[i], disc, true)
		if ideal == 0 {
			continue
		}
		vals[i] = dcgRow(rel[i], score[i], disc, ignoreTies) / ideal
	}
	return average(vals, weight, wsum), nil
}

// LabelRankingLoss returns the mean over samples of the fraction of
// (relevant, irrelevant) label pairs that the scores order wrongly, a tie
// counting as wrong,
//
//	loss_i = |{(t, f): t relevant, f not, s_f ≥ s_t}| / (n⁺_i n⁻_i)
//
// (0 for a sample whose labels are all relevant or all irrelevant), as
// scikit-learn's label_ranking_loss. Seed 001's rank loss of a binary
// problem counts ties as one half instead: see [Table.RankLoss].
func LabelRankingLoss(truth [][]bool, score [][]float64, weight []float64) (float64, error) {
	wsum, err := checkRows("LabelRankingLoss", truth, score, weight)
	if err != nil {
		return math.NaN(), err
	}
	vals := make([]float64, len(score))
	for i := range score {
		var np, nn, bad int64
		for t, rt := range truth[i] {
			if !rt {
				nn++
				continue
			}
			np++
			for f, rf := range truth[i] {
				if !rf && score[i][f] >= score[i][t] {
					bad++
				}
			}
		}
		if np > 0 && nn > 0 {
			vals[i] = float64(bad) / float64(np*nn)
		}
	}
	return average(vals, weight, wsum), nil
}

// LRAP returns the label ranking average precision: for each relevant
// label j, the fraction of labels scored ≥ s_j that are relevant, averaged
// over relevant labels and then over samples (1 for a sample whose labels
// are all relevant or all irrelevant), as scikit-learn's
// label_ranking_average_precision_score.
func LRAP(truth [][]bool, score [][]float64, weight []float64) (float64, error) {
	wsum, err := checkRows("LRAP", truth, score, weight)
	if err != nil {
		return math.NaN(), err
	}
	vals := make([]float64, len(score))
	for i := range score {
		nrel := 0
		for _, r := range truth[i] {
			if r {
				nrel++
			}
		}
		if nrel == 0 || nrel == len(truth[i]) {
			vals[i] = 1
			continue
		}
		var s fsum.Sum
		for j, rj := range truth[i] {
			if !rj {
				continue
			}
			rank, l := 0, 0
			for k, rk := range truth[i] {
				if score[i][k] >= score[i][j] {
					rank++
					if rk {
						l++
					}
				}
			}
			s.Add(float64(l) / float64(rank))
		}
		vals[i] = s.Value() / float64(nrel)
	}
	return average(vals, weight, wsum), nil
}

// CoverageError returns the mean number of top-scored labels needed to
// cover every relevant label: per sample, the number of labels scored ≥
// the lowest score of a relevant label (0 for a sample with no relevant
// label), as scikit-learn's coverage_error.
func CoverageError(truth [][]bool, score [][]float64, weight []float64) (float64, error) {
	wsum, err := checkRows("CoverageError", truth, score, weight)
	if err != nil {
		return math.NaN(), err
	}
	vals := make([]float64, len(score))
	for i := range score {
		lo, found := math.Inf(1), false
		for j, r := range truth[i] {
			if r {
				lo, found = min(lo, score[i][j]), true
			}
		}
		if !found {
			continue
		}
		c := 0
		for _, s := range score[i] {
			if s >= lo {
				c++
			}
		}
		vals[i] = float64(c)
	}
	return average(vals, weight, wsum), nil
}
