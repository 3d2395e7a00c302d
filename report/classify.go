package report

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/hyptest"
)

// sigCI formats v as Sig does, followed by its interval in ivs under key
// when there is one.
func sigCI(ivs map[string]hyptest.Interval, key string, v float64) string {
	if iv, ok := ivs[key]; ok {
		return Sig(v) + " " + Interval(iv.Low, iv.High)
	}
	return Sig(v)
}

// textTop is how many classes, cells or confusions a text layout lists in
// place of a matrix too large to read.
const textTop = 20

// Classify lays a classification report out for people; name names the
// data: the per-class table with the averages beneath, the confusion
// matrix (or, above the report's max-matrix, the classes with the most
// errors and the largest confusions), then the single-number measures.
func Classify(r *classify.Report, name string) *Doc {
	d := &Doc{Title: fmt.Sprintf("Classification report: %s (n = %d)", name, r.N), Blocks: summaryLead(r.Summary)}
	fb := "f" + strconv.FormatFloat(r.Beta, 'g', -1, 64)
	head := []string{"class", "precision", "recall", "f1", "support"}
	if r.Beta != 1 {
		head = []string{"class", "precision", "recall", "f1", fb, "support"}
	}
	sig := func(key string, v float64) string { return sigCI(r.Intervals, key, v) }
	row := func(name, key string, p classify.PRF, support string) []string {
		cells := []string{name, sig(key+"precision", p.Precision), sig(key+"recall", p.Recall), sig(key+"f1", p.F1)}
		if r.Beta != 1 {
			cells = append(cells, sig(key+"fbeta", p.FBeta))
		}
		return append(cells, support)
	}
	t := &Table{Header: head}
	for i, c := range r.PerClass {
		t.Rows = append(t.Rows, Row(row(c.Label, "per_class."+strconv.Itoa(i)+".", c.PRF, Int(c.Support))...))
	}
	t.Rows = append(t.Rows, make([]Cell, len(head)))
	total := Int(r.WeightSum)
	if r.LabelSubset != nil {
		// Over the listed labels the averages' support is theirs, as in
		// scikit-learn's classification_report.
		total = Int(r.LabelSubset.Support)
	}
	t.Rows = append(t.Rows, Row(row("micro avg", "micro.", r.Micro, total)...))
	t.Rows = append(t.Rows, Row(row("macro avg", "macro.", r.Macro.PRF, total)...))
	t.Rows = append(t.Rows, Row(row("weighted avg", "weighted.", r.Weighted, total)...))
	if r.ClassWeighted != nil {
		t.Rows = append(t.Rows, Row(row("class-weighted avg", "class_weighted.", *r.ClassWeighted, total)...))
	}
	d.Blocks = append(d.Blocks, t)

	if r.ConfusionMatrix != nil {
		cm := &Table{Title: "Confusion matrix (rows: true, columns: predicted)", Header: append([]string{""}, r.Labels...)}
		for i, l := range r.Labels {
			cells := []string{l}
			for _, v := range r.ConfusionMatrix[i] {
				cells = append(cells, Int(v))
			}
			cm.Rows = append(cm.Rows, Row(cells...))
		}
		d.Blocks = append(d.Blocks, cm)
		if r.ConfusionMatrixNormalized != nil {
			d.Blocks = append(d.Blocks, normalizedMatrix(r))
		}
	} else {
		d.Blocks = append(d.Blocks, worstClasses(r, textTop), largestConfusions(r, textTop))
	}

	p := &Pairs{Title: "Measures"}
	p.Add("accuracy", sig("accuracy", r.Accuracy))
	p.Add("error rate", sig("error_rate", r.ErrorRate))
	p.Add("balanced accuracy", sig("balanced_accuracy", r.BalancedAccuracy))
	p.Add("Cohen's kappa (linear, quadratic)", fmt.Sprintf("%s (%s, %s)", sig("cohen_kappa", r.CohenKappa), sig("cohen_kappa_linear", r.CohenKappaLinear), sig("cohen_kappa_quadratic", r.CohenKappaQuadratic)))
	p.Add("Matthews correlation", sig("mcc", r.MCC))
	p.Add("macro F1 from macro P and R", sig("macro.f1_from_pr", r.Macro.F1FromPR))
	p.Add("micro / macro Jaccard", sig("micro.jaccard", r.Micro.Jaccard)+" / "+sig("macro.jaccard", r.Macro.Jaccard))
	if r.CostSensitiveError != nil {
		p.Add("cost-sensitive error", sig("cost_sensitive_error", *r.CostSensitiveError))
	}
	d.Blocks = append(d.Blocks, p)
	if b := r.Binary; b != nil {
		bp := &Pairs{Title: fmt.Sprintf("Positive class %q against the rest", b.Label)}
		bp.Add("TP / FP / FN / TN", fmt.Sprintf("%s / %s / %s / %s", Int(b.TP), Int(b.FP), Int(b.FN), Int(b.TN)))
		bp.Add("precision, recall, f1", fmt.Sprintf("%s, %s, %s", sig("binary.precision", b.Precision), sig("binary.recall", b.Recall), sig("binary.f1", b.F1)))
		bp.Add("specificity", sig("binary.specificity", b.Specificity))
		bp.Add("likelihood ratios LR+, LR−", sig("binary.positive_likelihood_ratio", b.PositiveLR)+", "+sig("binary.negative_likelihood_ratio", b.NegativeLR))
		d.Blocks = append(d.Blocks, bp)
	}
	d.labelsNote(r.LabelComparison)
	d.closing(r.Level, r.Intervals, r.Warnings, r.Signature)
	return d
}

// normalizedOver says what a normalised confusion matrix is normalised
// over (classify.Report.Normalize).
func normalizedOver(how string) string {
	return map[string]string{"true": "each true row", "pred": "each predicted column", "all": "the total"}[how]
}

// normalizedMatrix is the table of the normalised confusion matrix.
func normalizedMatrix(r *classify.Report) *Table {
	t := &Table{Title: "Confusion matrix normalized over " + normalizedOver(r.Normalize), Header: append([]string{""}, r.Labels...)}
	for i, l := range r.Labels {
		cells := []string{l}
		for _, v := range r.ConfusionMatrixNormalized[i] {
			cells = append(cells, Sig(v))
		}
		t.Rows = append(t.Rows, Row(cells...))
	}
	return t
}

// Multilabel lays a multilabel classification report out for people;
// name names the data.
func Multilabel(r *classify.MultilabelReport, name string) *Doc {
	d := &Doc{Title: fmt.Sprintf("Multilabel classification report: %s (n = %d)", name, r.N)}
	t := &Table{Header: []string{"label", "precision", "recall", "f1", "support", "tp", "fp", "fn", "tn"}}
	iv := func(key string, v float64) string { return sigCI(r.Intervals, key, v) }
	for k, c := range r.PerClass {
		t.Rows = append(t.Rows, Row(c.Label, iv(fmt.Sprintf("per_class.%d.precision", k), c.Precision), iv(fmt.Sprintf("per_class.%d.recall", k), c.Recall), iv(fmt.Sprintf("per_class.%d.f1", k), c.F1),
			Int(c.Support), Int(c.TP), Int(c.FP), Int(c.FN), Int(c.TN)))
	}
	t.Rows = append(t.Rows, make([]Cell, len(t.Header)))
	for _, a := range []struct {
		name, key string
		p         classify.PRF
	}{{"micro avg", "micro", r.Micro}, {"macro avg", "macro", r.Macro.PRF}, {"weighted avg", "weighted", r.Weighted}, {"samples avg", "samples", r.Samples}} {
		t.Rows = append(t.Rows, Row(a.name, iv(a.key+".precision", a.p.Precision), iv(a.key+".recall", a.p.Recall), iv(a.key+".f1", a.p.F1), "", "", "", "", ""))
	}
	d.Blocks = append(d.Blocks, t)
	p := &Pairs{Title: "Measures"}
	p.Add("subset accuracy (exact match)", iv("subset_accuracy", r.SubsetAccuracy))
	p.Add("Hamming loss", iv("hamming_loss", r.HammingLoss))
	p.Add("samples Jaccard", iv("samples.jaccard", r.Samples.Jaccard))
	d.Blocks = append(d.Blocks, p)
	d.labelsNote(r.LabelComparison)
	d.closing(r.Level, r.Intervals, r.Warnings, r.Signature)
	return d
}

// worstClasses lists the n classes with the most errors (false negatives
// plus false positives), most first, ties in label order.
func worstClasses(r *classify.Report, n int) *Table {
	idx := make([]int, len(r.PerClass))
	for i := range idx {
		idx[i] = i
	}
	errs := func(i int) float64 { return r.PerClass[i].FN + r.PerClass[i].FP }
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(errs(b), errs(a)) })
	idx = idx[:min(n, len(idx))]
	t := &Table{Title: fmt.Sprintf("Classes with the most errors (%d of %d classes)", len(idx), len(r.PerClass)),
		Header: []string{"class", "support", "missed (fn)", "wrongly predicted (fp)", "recall", "precision"}}
	for _, i := range idx {
		c := r.PerClass[i]
		t.Rows = append(t.Rows, Row(c.Label, Int(c.Support), Int(c.FN), Int(c.FP), Sig(c.Recall), Sig(c.Precision)))
	}
	return t
}

// largestConfusions lists the n largest off-diagonal cells of the sparse
// confusion matrix, largest first, ties in row-major order.
func largestConfusions(r *classify.Report, n int) *Table {
	var off [][3]float64
	for _, c := range r.ConfusionCells {
		if c[0] != c[1] {
			off = append(off, c)
		}
	}
	slices.SortStableFunc(off, func(a, b [3]float64) int { return cmp.Compare(b[2], a[2]) })
	t := &Table{Title: fmt.Sprintf("Largest confusions (%d of %d off-diagonal cells)", min(n, len(off)), len(off)),
		Header: []string{"true", "predicted", "count"}}
	for _, c := range off[:min(n, len(off))] {
		t.Rows = append(t.Rows, Row(r.Labels[int(c[0])], r.Labels[int(c[1])], Int(c[2])))
	}
	return t
}
