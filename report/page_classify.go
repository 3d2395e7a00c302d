package report

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/figure"
)

// MaxMatrix is the most classes drawn as a confusion heat map and as bars.
const MaxMatrix = 40

// ClassifySections lays out a classification report: the measures, the
// confusion matrix as a heat map and the per-class table with the averages.
// prefix is the JSON path of r in the run's JSON ("" for a single model,
// "models.0" for the first of several).
func ClassifySections(r *classify.Report, prefix, model string) []*Section {
	k := func(parts ...any) string { return Join(append([]any{prefix}, parts...)...) }
	// n is the number at JSON path key (within r), with its interval when
	// r has one.
	n := func(key string, v float64) Cell {
		c := N(k(key), v)
		if iv, ok := r.Intervals[key]; ok {
			c = c.WithCI(k("intervals", key, "low"), iv.Low, k("intervals", key, "high"), iv.High)
		}
		return c
	}
	suffix := ""
	if model != "" {
		suffix = " — " + model
	}
	meas := &Table{Title: "Single-number measures", Header: []string{"measure", "value"}, RowHeads: true}
	add := func(name, key string, v float64) {
		meas.Rows = append(meas.Rows, []Cell{T(name), n(key, v)})
	}
	add("accuracy", "accuracy", r.Accuracy)
	add("error rate", "error_rate", r.ErrorRate)
	add("balanced accuracy", "balanced_accuracy", r.BalancedAccuracy)
	add("Cohen's kappa", "cohen_kappa", r.CohenKappa)
	add("Cohen's kappa, linear weights", "cohen_kappa_linear", r.CohenKappaLinear)
	add("Cohen's kappa, quadratic weights", "cohen_kappa_quadratic", r.CohenKappaQuadratic)
	add("Matthews correlation (MCC)", "mcc", r.MCC)
	add("macro F1 from macro P and R (harmonic mean of the averages)", "macro.f1_from_pr", r.Macro.F1FromPR)
	add("micro Jaccard", "micro.jaccard", r.Micro.Jaccard)
	add("macro Jaccard", "macro.jaccard", r.Macro.Jaccard)
	add("Hamming loss", "hamming_loss", r.HammingLoss)
	if r.CostSensitiveError != nil {
		add("cost-sensitive error", "cost_sensitive_error", *r.CostSensitiveError)
	}
	meas.Rows = append(meas.Rows, []Cell{T("rows"), C(k("n"), float64(r.N))})
	if r.WeightSum != float64(r.N) {
		meas.Rows = append(meas.Rows, []Cell{T("weight sum"), C(k("weight_sum"), r.WeightSum)})
	}
	ms := &Section{ID: "measures" + suffix, Title: "Measures" + suffix, Blocks: []Block{meas}}
	if len(r.Intervals) > 0 {
		ms.Intro, ms.Methods = ciIntro(r.Level, r.Intervals, r.Signature)
	}
	if b := r.Binary; b != nil {
		bt := &Table{Title: fmt.Sprintf("Positive class %q against the rest", b.Label), Header: []string{"measure", "value"}, RowHeads: true}
		for _, it := range []struct {
			name, key string
			v         float64
			count     bool
		}{{"TP", "tp", b.TP, true}, {"FP", "fp", b.FP, true}, {"FN", "fn", b.FN, true}, {"TN", "tn", b.TN, true},
			{"precision", "precision", b.Precision, false}, {"recall", "recall", b.Recall, false}, {"F1", "f1", b.F1, false},
			{"specificity", "specificity", b.Specificity, false},
			{"LR+", "positive_likelihood_ratio", b.PositiveLR, false}, {"LR−", "negative_likelihood_ratio", b.NegativeLR, false}} {
			c := n(Join("binary", it.key), it.v)
			c.Count = it.count
			bt.Rows = append(bt.Rows, []Cell{T(it.name), c})
		}
		ms.Add(bt)
	}
	for _, w := range r.Warnings {
		ms.Add(Note("warning: " + w))
	}

	// Confusion matrix: counts, each cell shaded by its share of the row (the
	// diagonal's share is the class's recall).
	hm := rowShareHeatMap("Confusion matrix (counts; shade: share of the true class's row)", "true", "predicted", r.Labels, r.Labels,
		r.ConfusionMatrix, func(i, j int) string { return k("confusion_matrix", i, j) })
	cs := &Section{ID: "confusion" + suffix, Title: "Confusion matrix" + suffix,
		Intro:  "Rows are the true classes, columns the predicted ones. A cell's shade is its share of its row, so the diagonal shows each class's recall.",
		Blocks: []Block{hm}}
	if r.ConfusionMatrixNormalized != nil && len(r.Labels) <= MaxMatrix {
		cs.Add(rowShareHeatMap("Confusion matrix normalized over "+normalizedOver(r.Normalize)+" (--normalize "+r.Normalize+")",
			"true", "predicted", r.Labels, r.Labels, r.ConfusionMatrixNormalized, func(i, j int) string { return k("confusion_matrix_normalized", i, j) }))
	}
	if r.ConfusionMatrix == nil {
		cs = confusionCells(r, k, suffix)
	} else if len(r.Labels) > MaxMatrix {
		cs.Intro = ""
		cs.Blocks = []Block{Note(fmt.Sprintf("%d classes: more than %d, too many to draw as a matrix; the counts are in the JSON (confusion_matrix), and the per-class table below has each class's precision and recall.", len(r.Labels), MaxMatrix))}
	}

	avgs := []namedPRF{{"micro average", "micro", r.Micro}, {"macro average", "macro", r.Macro.PRF}, {"weighted average", "weighted", r.Weighted}}
	if r.ClassWeighted != nil {
		avgs = append(avgs, namedPRF{"class-weighted average", "class_weighted", *r.ClassWeighted})
	}
	avgSupport := C(k("weight_sum"), r.WeightSum)
	if r.LabelSubset != nil {
		avgSupport = C(k("label_subset", "support"), r.LabelSubset.Support)
	}
	pc := prfTable(n, r.Beta, r.PerClass, avgs, avgSupport)
	ps := &Section{ID: "per-class" + suffix, Title: "Per class" + suffix, Blocks: []Block{pc}}
	if len(r.PerClass) <= MaxMatrix {
		ps.Add(Figure(figure.ClassBars(r.Labels, r.PerClass)))
	}
	return []*Section{ms, cs, ps}
}

// ClassBalance is the support of each class, "bird 2 · cat 3 · dog 2".
func ClassBalance(r *classify.Report) string {
	var parts []string
	for _, c := range r.PerClass {
		parts = append(parts, c.Label+" "+Int(c.Support))
	}
	return strings.Join(parts, " · ")
}

// confusionCells lays out the confusion matrix of a report over more than
// max-matrix classes: its largest off-diagonal cells, largest first.
func confusionCells(r *classify.Report, k func(...any) string, suffix string) *Section {
	var off []int
	for i, c := range r.ConfusionCells {
		if c[0] != c[1] {
			off = append(off, i)
		}
	}
	slices.SortStableFunc(off, func(a, b int) int { return cmp.Compare(r.ConfusionCells[b][2], r.ConfusionCells[a][2]) })
	const top = 50
	t := &Table{Title: fmt.Sprintf("The %d largest of %d off-diagonal cells", min(top, len(off)), len(off)), Header: []string{"true", "predicted", "count"}}
	for _, i := range off[:min(top, len(off))] {
		c := r.ConfusionCells[i]
		t.Rows = append(t.Rows, []Cell{T(r.Labels[int(c[0])]), T(r.Labels[int(c[1])]), C(k("confusion_cells", i, 2), c[2])})
	}
	return &Section{ID: "confusion" + suffix, Title: "Largest confusions" + suffix,
		Intro:  fmt.Sprintf("%d classes are too many for a matrix; the JSON holds every cell that has rows (confusion_cells).", len(r.Labels)),
		Blocks: []Block{t}}
}

// MultilabelSections lays out a multilabel classification report: the
// set measures, each label's precision, recall and F1 with the averages
// (micro, macro, weighted and per-sample), and each label's counts TP,
// FP, FN, TN as a heat map.
func MultilabelSections(r *classify.MultilabelReport) []*Section {
	// n is the number at JSON path key, with its interval when r has one.
	n := func(key string, v float64) Cell { return cellInterval(N(key, v), "", key, r.Intervals) }
	meas := &Table{Title: "Measures over the label sets", Header: []string{"measure", "value"}, RowHeads: true}
	meas.Rows = append(meas.Rows,
		[]Cell{T("subset accuracy (exact match of the whole set)"), n("subset_accuracy", r.SubsetAccuracy)},
		[]Cell{T("zero-one loss"), n("zero_one_loss", r.ZeroOneLoss)},
		[]Cell{T("Hamming loss (share of wrong label decisions)"), n("hamming_loss", r.HammingLoss)},
		[]Cell{T("samples Jaccard"), n("samples.jaccard", r.Samples.Jaccard)},
		[]Cell{T("micro Jaccard"), n("micro.jaccard", r.Micro.Jaccard)},
		[]Cell{T("macro Jaccard"), n("macro.jaccard", r.Macro.Jaccard)},
		[]Cell{T("labels"), T(fmt.Sprint(len(r.Labels)))},
		[]Cell{T("rows"), C("n", float64(r.N))})
	if r.WeightSum != float64(r.N) {
		meas.Rows = append(meas.Rows, []Cell{T("weight sum"), C("weight_sum", r.WeightSum)})
	}
	ms := &Section{ID: "measures", Title: "Measures", Blocks: []Block{meas},
		Intro: "Each row's true and predicted labels are sets. Subset accuracy counts the rows whose whole set is right; the Hamming loss is the share of the row × label decisions that are wrong."}
	if len(r.Intervals) > 0 {
		intro, methods := ciIntro(r.Level, r.Intervals, r.Signature)
		ms.Intro, ms.Methods = ms.Intro+" "+intro, methods
	}
	for _, w := range r.Warnings {
		ms.Add(Note("warning: " + w))
	}
	pc := prfTable(n, r.Beta, r.PerClass,
		[]namedPRF{{"micro average", "micro", r.Micro}, {"macro average", "macro", r.Macro.PRF}, {"weighted average", "weighted", r.Weighted}, {"samples average", "samples", r.Samples}},
		C("weight_sum", r.WeightSum))
	pc.Title, pc.Header[0] = "Per label, and the averages", "label"
	ps := &Section{ID: "per-label", Title: "Per label", Blocks: []Block{pc}}
	if len(r.PerClass) <= MaxMatrix {
		ps.Add(Figure(figure.ClassBars(r.Labels, r.PerClass)))
	}
	m := make([][]float64, len(r.MultilabelConfusion))
	for i, c := range r.MultilabelConfusion {
		m[i] = []float64{c.TP, c.FN, c.FP, c.TN}
	}
	cols := []string{"tp", "fn", "fp", "tn"}
	hm := rowShareHeatMap("Each label's decisions (counts; shade: share of the label's row)", "label", "decision", r.Labels, []string{"TP", "FN", "FP", "TN"},
		m, func(i, j int) string { return Join("multilabel_confusion", i, cols[j]) })
	cs := &Section{ID: "confusion", Title: "Per-label confusion",
		Intro: "For each label, the rows where it is true and predicted (TP), true and missed (FN), predicted but not true (FP), and neither (TN)."}
	if len(r.Labels) <= MaxMatrix {
		cs.Add(hm)
	} else {
		cs.Add(Note(fmt.Sprintf("%d labels: more than %d, too many to draw; the counts are in the JSON (multilabel_confusion).", len(r.Labels), MaxMatrix)))
	}
	return []*Section{ms, ps, cs}
}

// namedPRF is an average row of a per-class table: its name, JSON key and
// values.
type namedPRF struct {
	name, key string
	p         classify.PRF
}

// prfTable is the per-class table of precision, recall, F1 (and F-β when
// beta ≠ 1) and support, with the averages beneath: n gives the cell of
// the number at a JSON key (with its interval, where there is one).
func prfTable(n func(key string, v float64) Cell, beta float64, per []classify.ClassStats, avgs []namedPRF, total Cell) *Table {
	head := []string{"class", "precision", "recall", "F1"}
	if beta != 1 {
		head = append(head, "F"+strconv.FormatFloat(beta, 'g', -1, 64))
	}
	head = append(head, "support")
	t := &Table{Title: "Per class, and the averages", Header: head, RowHeads: true}
	row := func(name string, base string, p classify.PRF, support Cell) []Cell {
		cells := []Cell{T(name), n(Join(base, "precision"), p.Precision), n(Join(base, "recall"), p.Recall), n(Join(base, "f1"), p.F1)}
		if beta != 1 {
			cells = append(cells, n(Join(base, "fbeta"), p.FBeta))
		}
		return append(cells, support)
	}
	for i, c := range per {
		t.Rows = append(t.Rows, row(c.Label, Join("per_class", i), c.PRF, n(Join("per_class", i, "support"), c.Support)))
	}
	for _, a := range avgs {
		t.Rows = append(t.Rows, row(a.name, a.key, a.p, total))
	}
	for i := range per {
		t.Rows[i][len(head)-1].Count = true
	}
	return t
}
