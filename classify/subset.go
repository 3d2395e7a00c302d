package classify

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/internal/fsum"
	"github.com/evalkit-go/evalkit/label"
)

// LabelSubset describes a report whose Options.Labels leave out labels of
// the data: its per-class table, averages, confusion matrix and Cohen's
// kappa are over the listed labels only, as scikit-learn's labels= makes
// them, while accuracy, error rate, balanced accuracy, MCC and the losses
// are over every row.
type LabelSubset struct {
	// Others are the labels outside Options.Labels, in label order.
	Others []string `json:"other_labels"`
	// Rows is the number of rows whose true or predicted label is one of
	// Others: the rows left out of the confusion matrix.
	Rows int64 `json:"rows_outside"`
	// Weight is their weight sum (Rows without weights).
	Weight float64 `json:"weight_outside"`
	// Support is the true mass of the listed labels, the support of the
	// averages (scikit-learn's classification_report).
	Support float64 `json:"support"`
}

// selection returns, for each label of listed, the index of its class in
// labels (−1: none), matched as spelled or, when listed is all numbers,
// by value; and whether that is other than labels themselves in their
// order (listed nil: never).
func selection(labels, listed []string) (sel []int, subset bool) {
	if listed == nil {
		return nil, false
	}
	byName := make(map[string]int, len(labels))
	for i, l := range labels {
		byName[l] = i
	}
	numbers := label.AllNumbers(listed)
	var byValue map[float64]int
	sel = make([]int, len(listed))
	for a, l := range listed {
		i, ok := byName[l]
		if !ok && numbers {
			if byValue == nil {
				byValue = map[float64]int{}
				for j, n := range labels {
					if v, isNum := label.Number(n); isNum {
						byValue[v] = j
					}
				}
			}
			v, _ := label.Number(l)
			i, ok = byValue[v]
		}
		if !ok {
			i = -1
		}
		sel[a] = i
		subset = subset || i != a
	}
	return sel, subset || len(listed) != len(labels)
}

// sub returns the matrix over the classes sel gives (−1: a class with no
// rows), in that order: the rows of c whose true and predicted classes
// are both selected. Weighted cells keep their compensated sums.
func (c *Confusion) sub(sel []int) *Confusion {
	at := make([]int, c.k)
	for i := range at {
		at[i] = -1
	}
	for a, i := range sel {
		if i >= 0 {
			at[i] = a
		}
	}
	var s *Confusion
	if c.pos != nil || len(sel) > DenseMaxClasses {
		s = newSparse(len(sel))
	} else {
		s = NewConfusion(len(sel))
	}
	if c.weighted {
		s.toWeighted()
	}
	c.each(func(i, j, p int) {
		a, b := at[i], at[j]
		if a < 0 || b < 0 {
			return
		}
		d := s.cell(a, b)
		s.n += c.cnt[p]
		s.cnt[d] = c.cnt[p]
		if c.weighted {
			s.wsum[d] = c.wsum[p]
		}
	})
	return s
}

// outside returns the rows of c, and their mass, whose true or predicted
// class is not selected (in returns whether a class is).
func (c *Confusion) outside(in []bool) (rows int64, mass float64) {
	var m fsum.Sum
	c.each(func(i, j, p int) {
		if !in[i] || !in[j] {
			rows += c.cnt[p]
			m.Add(c.mass(p))
		}
	})
	return rows, m.Value()
}

// selectedCounts returns the one-vs-rest counts of the selected classes,
// from counts (every class of a matrix of total mass total); a class with
// no index (−1) has no rows: TN is the total.
func selectedCounts(counts []ClassCounts, sel []int, total float64) []ClassCounts {
	out := make([]ClassCounts, len(sel))
	for a, i := range sel {
		if i < 0 {
			out[a] = ClassCounts{TN: total}
			continue
		}
		out[a] = counts[i]
	}
	return out
}

// microOf returns the scores of the pooled counts ΣTP, ΣFP, ΣFN: over a
// subset of the classes, a row of another true class predicted as a listed
// one is a false positive of it, and a row of a listed class predicted as
// another a false negative (scikit-learn's micro average with labels=).
func microOf(counts []ClassCounts, beta float64, z ZeroDivision) PRF {
	var tp, fp, fn fsum.Sum
	for _, k := range counts {
		tp.Add(k.TP)
		fp.Add(k.FP)
		fn.Add(k.FN)
	}
	return prfOf(tp.Value(), fp.Value(), fn.Value(), beta, z)
}

// subsetWarning is the warning of a report over a subset of the labels.
func subsetWarning(s *LabelSubset, weighted bool) string {
	names := make([]string, 0, min(len(s.Others), maxIllDefined))
	for _, o := range s.Others[:min(len(s.Others), maxIllDefined)] {
		names = append(names, fmt.Sprintf("%q", o))
	}
	list := strings.Join(names, ", ")
	if len(s.Others) > maxIllDefined {
		list += fmt.Sprintf(" and %d more", len(s.Others)-maxIllDefined)
	}
	rows := fmt.Sprintf("%d rows", s.Rows)
	if weighted {
		rows += fmt.Sprintf(" (weight %v)", s.Weight)
	}
	what := fmt.Sprintf("%d labels", len(s.Others))
	if len(s.Others) == 1 {
		what = "a label"
	}
	return fmt.Sprintf("classify.Options.Labels leaves out %s of the data (%s): the per-class table, the averages, the confusion matrix and cohen_kappa are over the listed labels; %s with a true or predicted label outside them are not in the confusion matrix but count in the other measures and as false positives and negatives of the listed labels", what, list, rows)
}

// zeroSupportWeighted is the weighted average w of listed labels whose
// supports sum to zero, as scikit-learn 1.2's
// precision_recall_fscore_support(average="weighted") gives it: precision,
// F1 and F-beta are the policy's value when no listed label is predicted
// either, else 0; recall is the policy's value; Jaccard stays the plain
// mean (jaccard_score). Any other w is returned as it is.
func zeroSupportWeighted(w PRF, counts []ClassCounts, z ZeroDivision) PRF {
	var sup, pred fsum.Sum
	for _, k := range counts {
		sup.Add(k.Support())
		pred.Add(k.Predicted())
	}
	if sup.Value() != 0 {
		return w
	}
	v := z.value()
	w.Recall = v
	if pred.Value() != 0 {
		v = 0
	}
	w.Precision, w.F1, w.FBeta = v, v, v
	return w
}
