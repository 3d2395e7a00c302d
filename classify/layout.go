package classify

import (
	"fmt"
	"strconv"

	"github.com/evalkit-go/evalkit/report"
)

// Doc lays the report out for people; name names the data: per-class table with the
// averages beneath, the confusion matrix, then the single-number measures.
func (r *Report) Doc(name string) *report.Doc {
	d := &report.Doc{Title: fmt.Sprintf("Classification report: %s (n = %d)", name, r.N)}
	fb := "f" + strconv.FormatFloat(r.Beta, 'g', -1, 64)
	head := []string{"class", "precision", "recall", "f1", "support"}
	if r.Beta != 1 {
		head = []string{"class", "precision", "recall", "f1", fb, "support"}
	}
	row := func(name string, p PRF, support string) []string {
		cells := []string{name, report.Sig(p.Precision), report.Sig(p.Recall), report.Sig(p.F1)}
		if r.Beta != 1 {
			cells = append(cells, report.Sig(p.FBeta))
		}
		return append(cells, support)
	}
	t := &report.Table{Header: head}
	for _, c := range r.PerClass {
		t.Rows = append(t.Rows, row(c.Label, c.PRF, report.Int(c.Support)))
	}
	t.Rows = append(t.Rows, make([]string, len(head)))
	total := report.Int(r.WeightSum)
	t.Rows = append(t.Rows, row("micro avg", r.Micro, total))
	t.Rows = append(t.Rows, row("macro avg", r.Macro.PRF, total))
	t.Rows = append(t.Rows, row("weighted avg", r.Weighted, total))
	if r.ClassWeighted != nil {
		t.Rows = append(t.Rows, row("class-weighted avg", *r.ClassWeighted, total))
	}
	d.Blocks = append(d.Blocks, t)

	cm := &report.Table{Title: "Confusion matrix (rows: true, columns: predicted)", Header: append([]string{""}, r.Labels...)}
	for i, l := range r.Labels {
		cells := []string{l}
		for _, v := range r.ConfusionMatrix[i] {
			cells = append(cells, report.Int(v))
		}
		cm.Rows = append(cm.Rows, cells)
	}
	d.Blocks = append(d.Blocks, cm)

	p := &report.Pairs{Title: "Measures"}
	p.Add("accuracy", report.Sig(r.Accuracy))
	p.Add("error rate", report.Sig(r.ErrorRate))
	p.Add("balanced accuracy", report.Sig(r.BalancedAccuracy))
	p.Add("Cohen's kappa (linear, quadratic)", fmt.Sprintf("%s (%s, %s)", report.Sig(r.CohenKappa), report.Sig(r.CohenKappaLinear), report.Sig(r.CohenKappaQuadratic)))
	p.Add("Matthews correlation", report.Sig(r.MCC))
	p.Add("macro F1 from macro P and R", report.Sig(r.Macro.F1FromPR))
	p.Add("micro / macro Jaccard", report.Sig(r.Micro.Jaccard)+" / "+report.Sig(r.Macro.Jaccard))
	if r.CostSensitiveError != nil {
		p.Add("cost-sensitive error", report.Sig(*r.CostSensitiveError))
	}
	d.Blocks = append(d.Blocks, p)
	if b := r.Binary; b != nil {
		bp := &report.Pairs{Title: fmt.Sprintf("Positive class %q against the rest", b.Label)}
		bp.Add("TP / FP / FN / TN", fmt.Sprintf("%s / %s / %s / %s", report.Int(b.TP), report.Int(b.FP), report.Int(b.FN), report.Int(b.TN)))
		bp.Add("precision, recall, f1", fmt.Sprintf("%s, %s, %s", report.Sig(b.Precision), report.Sig(b.Recall), report.Sig(b.F1)))
		bp.Add("specificity", report.Sig(b.Specificity))
		bp.Add("likelihood ratios LR+, LR−", report.Sig(b.PositiveLR)+", "+report.Sig(b.NegativeLR))
		d.Blocks = append(d.Blocks, bp)
	}
	for _, w := range r.Warnings {
		d.Blocks = append(d.Blocks, report.Note("warning: "+w))
	}
	if r.Signature != nil {
		d.Blocks = append(d.Blocks, r.Signature.Note())
	}
	return d
}

// Doc lays the report out for people; name names the data.
func (r *MultilabelReport) Doc(name string) *report.Doc {
	d := &report.Doc{Title: fmt.Sprintf("Multilabel classification report: %s (n = %d)", name, r.N)}
	t := &report.Table{Header: []string{"label", "precision", "recall", "f1", "support", "tp", "fp", "fn", "tn"}}
	for _, c := range r.PerClass {
		t.Rows = append(t.Rows, []string{c.Label, report.Sig(c.Precision), report.Sig(c.Recall), report.Sig(c.F1),
			report.Int(c.Support), report.Int(c.TP), report.Int(c.FP), report.Int(c.FN), report.Int(c.TN)})
	}
	t.Rows = append(t.Rows, make([]string, len(t.Header)))
	for _, a := range []struct {
		name string
		p    PRF
	}{{"micro avg", r.Micro}, {"macro avg", r.Macro.PRF}, {"weighted avg", r.Weighted}, {"samples avg", r.Samples}} {
		t.Rows = append(t.Rows, []string{a.name, report.Sig(a.p.Precision), report.Sig(a.p.Recall), report.Sig(a.p.F1), "", "", "", "", ""})
	}
	d.Blocks = append(d.Blocks, t)
	p := &report.Pairs{Title: "Measures"}
	p.Add("subset accuracy (exact match)", report.Sig(r.SubsetAccuracy))
	p.Add("Hamming loss", report.Sig(r.HammingLoss))
	p.Add("samples Jaccard", report.Sig(r.Samples.Jaccard))
	d.Blocks = append(d.Blocks, p)
	for _, w := range r.Warnings {
		d.Blocks = append(d.Blocks, report.Note("warning: "+w))
	}
	if r.Signature != nil {
		d.Blocks = append(d.Blocks, r.Signature.Note())
	}
	return d
}
