package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/rank"
)

// RankMultilabel lays a multilabel ranking report out for people: each
// label's support, ROC AUC and average precision with the four averages
// (binary relevance), then the ranking measures; name names the data.
func RankMultilabel(r *rank.MultilabelReport, name string) *Doc {
	d := &Doc{Title: fmt.Sprintf("Multilabel ranking report: %s (n = %d, %d labels)", name, r.N, len(r.Labels))}
	if ml := r.Multilabel; ml != nil {
		t := &Table{Header: []string{"label", "score", "support", "ROC AUC", "average precision"}}
		for _, l := range ml.PerLabel {
			t.Rows = append(t.Rows, Row(l.Label, l.Score, count(l.Support), Sig(l.ROCAUC), Sig(l.AveragePrecision)))
		}
		t.Rows = append(t.Rows, make([]Cell, len(t.Header)))
		for _, a := range multilabelAverages(ml) {
			t.Rows = append(t.Rows, Row(a.name+" avg", "", "", Sig(a.auc), Sig(a.ap)))
		}
		d.Blocks = append(d.Blocks, t)
	}
	p := &Pairs{Title: "Measures"}
	for _, m := range multilabelMeasures(r) {
		p.Add(m.name, Sig(m.v))
	}
	d.Blocks = append(d.Blocks, p)
	d.closing(0, nil, r.Warnings, r.Signature)
	return d
}

// count formats a support: a whole number as an integer, a weighted
// one to 4 significant digits.
func count(v float64) string {
	if v == math.Trunc(v) {
		return Int(v)
	}
	return Sig(v)
}

// namedAverage is an average row of the per-label table.
type namedAverage struct {
	name, key string
	auc, ap   float64
}

func multilabelAverages(ml *rank.MultilabelAUC) []namedAverage {
	return []namedAverage{
		{"micro", "micro", ml.ROCAUC.Micro, ml.AveragePrecision.Micro},
		{"macro", "macro", ml.ROCAUC.Macro, ml.AveragePrecision.Macro},
		{"weighted", "weighted", ml.ROCAUC.Weighted, ml.AveragePrecision.Weighted},
		{"samples", "samples", ml.ROCAUC.Samples, ml.AveragePrecision.Samples},
	}
}

// namedMeasure is a single-number measure of a multilabel ranking report:
// its name for people, its JSON key and value.
type namedMeasure struct {
	name, key string
	v         float64
}

// multilabelMeasures lists the ranking measures of r that it has.
func multilabelMeasures(r *rank.MultilabelReport) []namedMeasure {
	var out []namedMeasure
	if r.LRAP != nil {
		out = append(out,
			namedMeasure{"label ranking average precision", "label_ranking_average_precision", *r.LRAP},
			namedMeasure{"coverage error", "coverage_error", *r.CoverageError},
			namedMeasure{"label ranking loss", "label_ranking_loss", *r.LabelRankingLoss})
	}
	at := "every label"
	if r.K != nil {
		at = fmt.Sprintf("top %d", *r.K)
	}
	if r.IgnoreTies {
		at += ", ties ignored"
	}
	out = append(out, namedMeasure{"DCG (" + at + ")", "dcg", r.DCG}, namedMeasure{"NDCG (" + at + ")", "ndcg", r.NDCG})
	return out
}

// RankMultilabelSections lays out a multilabel ranking report: the ranking
// measures (LRAP, coverage error, label ranking loss, DCG, NDCG), and each
// label's ROC AUC and average precision with their averages (micro,
// macro, weighted, samples).
func RankMultilabelSections(r *rank.MultilabelReport) []*Section {
	meas := &Table{Title: "Ranking of each sample's labels", Header: []string{"measure", "value"}, RowHeads: true}
	for _, m := range multilabelMeasures(r) {
		meas.Rows = append(meas.Rows, []Cell{T(m.name), N(m.key, m.v)})
	}
	meas.Rows = append(meas.Rows, []Cell{T("labels"), T(fmt.Sprint(len(r.Labels)))}, []Cell{T("rows"), C("n", float64(r.N))})
	if r.WeightSum != float64(r.N) {
		meas.Rows = append(meas.Rows, []Cell{T("weight sum"), C("weight_sum", r.WeightSum)})
	}
	ms := &Section{ID: "measures", Title: "Measures", Blocks: []Block{meas},
		Intro: "Each row scores every label. LRAP, coverage error and label ranking loss ask how well a row's scores put its relevant labels first; DCG and NDCG weigh each label's relevance by the log of its rank."}
	if r.Multilabel == nil {
		ms.Intro += " The true values are graded relevances: only DCG and NDCG apply."
	}
	for _, w := range r.Warnings {
		ms.Add(Note("warning: " + w))
	}
	out := []*Section{ms}
	if ml := r.Multilabel; ml != nil {
		t := &Table{Title: "Per label (samples ranked by the label's score), and the averages", Header: []string{"label", "score column", "support", "ROC AUC", "average precision"}, RowHeads: true}
		for i, l := range ml.PerLabel {
			key := func(k string) string { return Join("multilabel", "per_label", i, k) }
			t.Rows = append(t.Rows, []Cell{T(l.Label), T(l.Score), C(key("support"), l.Support), N(key("roc_auc"), l.ROCAUC), N(key("average_precision"), l.AveragePrecision)})
		}
		for _, a := range multilabelAverages(ml) {
			t.Rows = append(t.Rows, []Cell{T(a.name + " average"), T(""), T(""),
				N(Join("multilabel", "roc_auc", a.key), a.auc), N(Join("multilabel", "average_precision", a.key), a.ap)})
		}
		out = append(out, &Section{ID: "per-label", Title: "Per label", Blocks: []Block{t},
			Intro: "Micro pools every (row, label) pair; macro is the plain mean over labels, weighted the mean weighted by support; samples ranks each row's labels and averages over rows."})
	}
	return out
}

// RankMultilabelPage is the page of a multilabel ranking report r on
// data, whose true and score columns are trueCols and scoreCols (as
// given: comma lists or patterns).
func RankMultilabelPage(r *rank.MultilabelReport, data, trueCols, scoreCols string) *Doc {
	rel := "0 or 1"
	if r.Multilabel == nil {
		rel = "graded"
	}
	p := taskPage("Multilabel ranking", data, float64(r.N),
		Fact{Name: "labels", Value: T(fmt.Sprint(len(r.Labels)) + " (" + strings.Join(r.Labels, ", ") + ")")},
		Fact{Name: "relevance", Value: T(rel)},
		Fact{Name: "task", Value: T("rank --multilabel, columns " + trueCols + " / " + scoreCols)})
	p.Summary = append(p.Summary, signatureFact(r.Signature)...)
	p.Sections = RankMultilabelSections(r)
	return p
}
