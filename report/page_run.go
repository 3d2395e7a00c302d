package report

import (
	"fmt"
	"time"

	"github.com/evalkit-go/evalkit/board"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/cluster"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/regress"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/text"
)

// The pages of one task's result. Each is a function of the result, the
// name the data is shown under (data: a file's path, "<stdin>") and the
// columns it was read from, as they were given (comma lists for several):
// a title, a summary (the data, its rows, the task's columns, the
// signature) and the task's sections.

// ClassifyPage is the page of one classifier's report r on data, whose
// true and predicted labels are the columns trueCol and predCol.
func ClassifyPage(r *classify.Report, data, trueCol, predCol string) *Doc {
	p := taskPage("Classification", data, float64(r.N),
		Fact{Name: "classes", Value: T(fmt.Sprint(len(r.Labels)))},
		Fact{Name: "class balance", Value: T(ClassBalance(r))},
		Fact{Name: "task", Value: T("classify, columns " + trueCol + " / " + predCol)})
	p.Summary = append(p.Summary, labelsFact(r.LabelComparison)...)
	p.Summary = append(p.Summary, signatureFact(r.Signature)...)
	p.Blocks = append(p.Blocks, summaryLead(r.Summary)...)
	p.Sections = ClassifySections(r, "", "")
	return p
}

// MultilabelPage is the page of a multilabel report r on data, whose
// label sets are the columns trueCol and predCol.
func MultilabelPage(r *classify.MultilabelReport, data, trueCol, predCol string) *Doc {
	p := taskPage("Multilabel classification", data, float64(r.N),
		Fact{Name: "labels", Value: T(fmt.Sprint(len(r.Labels)))},
		Fact{Name: "task", Value: T("classify --multilabel, columns " + trueCol + " / " + predCol)})
	p.Summary = append(p.Summary, labelsFact(r.LabelComparison)...)
	p.Summary = append(p.Summary, signatureFact(r.Signature)...)
	p.Sections = MultilabelSections(r)
	return p
}

// ClassifyModelsPage is the page of several classifiers (the columns
// predCols) compared on data, with true labels trueCol.
func ClassifyModelsPage(m *board.Models, data, trueCol, predCols string) *Doc {
	return ModelsPage("Classification of several models", data, m, predCols, "classify, true labels "+trueCol,
		func(i int, name string, rep any, prefix string) []*Section {
			if r, ok := rep.(*classify.Report); ok {
				return ClassifySections(r, prefix, name)
			}
			return nil
		})
}

// RankPage is the page of one model's binary scores on data (true labels
// trueCol, scores scoreCol). The report needs its Figures.
func RankPage(r *rank.Report, data, trueCol, scoreCol string) *Doc {
	p := taskPage("Scores", data, float64(r.N),
		Fact{Name: "positives", Value: C("positives", r.Positives)},
		Fact{Name: "negatives", Value: C("negatives", r.Negatives)},
		Fact{Name: "positive class", Value: T(r.PosLabel)},
		Fact{Name: "task", Value: T("rank, columns " + trueCol + " / " + scoreCol)})
	p.Summary = append(p.Summary, labelsFact(r.LabelComparison)...)
	p.Summary = append(p.Summary, signatureFact(r.Signature)...)
	p.Blocks = append(p.Blocks, summaryLead(r.Summary)...)
	p.Sections = RankSections([]RankModel{{Report: r}})
	return p
}

// RankModelsPage is the page of several models' binary scores (the
// columns scoreCols) compared on data, with true labels trueCol: the
// comparison and, when every model's report has its Figures, their
// curves overlaid.
func RankModelsPage(m *board.Models, data, trueCol, scoreCols string) *Doc {
	p := ModelsPage("Scores of several models", data, m, scoreCols, "rank, true labels "+trueCol,
		func(int, string, any, string) []*Section { return nil })
	var models []RankModel
	for i, md := range m.Models {
		if r, ok := md.Report.(*rank.Report); ok && r.Figures != nil {
			models = append(models, RankModel{Name: md.Name, Prefix: Join("models", i), Report: r})
		}
	}
	if len(models) == len(m.Models) {
		p.Sections = append(p.Sections, RankSections(models)...)
	}
	return p
}

// RankMulticlassModelsPage is the page of several models' class
// probabilities (each model's columns named in scoreCols) compared on
// data, with true labels trueCol: the comparison, then each model's
// measures and curves.
func RankMulticlassModelsPage(m *board.Models, data, classes, trueCol, scoreCols string) *Doc {
	p := ModelsPage("Class probabilities of several models", data, m, scoreCols, "rank, classes "+classes+", true labels "+trueCol,
		func(i int, name string, rep any, prefix string) []*Section {
			if r, ok := rep.(*rank.MulticlassReport); ok {
				return RankMulticlassSections(r, prefix, name)
			}
			return nil
		})
	return p
}

// RankMulticlassPage is the page of class probabilities on data: true
// labels trueCol, one score column of scoreCols for each class of
// classes.
func RankMulticlassPage(r *rank.MulticlassReport, data, classes, trueCol, scoreCols string) *Doc {
	p := taskPage("Class probabilities", data, float64(r.N),
		Fact{Name: "classes", Value: T(classes)},
		Fact{Name: "task", Value: T("rank, columns " + trueCol + " / " + scoreCols)})
	p.Summary = append(p.Summary, labelsFact(r.LabelComparison)...)
	p.Sections = RankMulticlassSections(r, "", "")
	return p
}

// RegressPage is the page of a regression result on data: the targets
// trues and predictions preds (given as the columns trueCol and predCol),
// and figs, the figures of output j of a sample of the rows (one per
// output; an output without rows in the sample gets none).
func RegressPage(res *regress.Result, figs []regress.Figures, data, trueCol, predCol string, trues, preds []string) *Doc {
	var n int64
	if res.Single != nil {
		n = res.Single.N
	} else {
		n = res.Multi.Combined.N
	}
	p := taskPage("Regression", data, float64(n), Fact{Name: "task", Value: T("regress, columns " + trueCol + " / " + predCol)})
	p.Summary = append(p.Summary, signatureFact(res.Signature)...)
	if res.Single != nil {
		p.Blocks = append(p.Blocks, summaryLead(res.Single.Summary)...)
		p.Sections = RegressSections(res.Single, res.Signature, &figs[0], "", trues[0], preds[0])
		return p
	}
	p.Sections = RegressMultiSections(res.Multi, res.Multi.How.String(), trues, preds)
	for j := range figs {
		if len(figs[j].Actual) > 0 {
			p.Sections = append(p.Sections, RegressFigures(&figs[j], trues[j], preds[j], trues[j]))
		}
	}
	return p
}

// RegressModelsPage is the page of several models' predictions (the
// columns predCols) of the target column target on data.
func RegressModelsPage(m *board.Models, data, predCols, target string) *Doc {
	return ModelsPage("Regression by several models", data, m, predCols, "",
		func(i int, name string, rep any, prefix string) []*Section {
			if r, ok := rep.(*regress.Report); ok {
				return suffixed(RegressSections(r, nil, nil, prefix, target, name), name)
			}
			return nil
		})
}

// ClusterPage is the page of a clustering report on data.
func ClusterPage(r *cluster.Report, data string) *Doc {
	p := taskPage("Clustering", data, float64(r.N))
	p.Blocks = append(p.Blocks, summaryLead(r.Summary)...)
	if x := r.ExternalReport; x != nil {
		p.Summary = append(p.Summary, Fact{Name: "reference classes", Value: C("n_classes", float64(x.Classes))},
			Fact{Name: "clusters", Value: C("n_clusters", float64(x.Clusters))})
	}
	p.Summary = append(p.Summary, labelsFact(r.LabelComparison)...)
	p.Summary = append(p.Summary, signatureFact(r.Signature)...)
	p.Sections = ClusterSections(r, "")
	return p
}

// ClusterModelsPage is the page of several clusterings (the columns
// predCols) compared on data.
func ClusterModelsPage(m *board.Models, data, predCols string) *Doc {
	return ModelsPage("Clustering by several models", data, m, predCols, "",
		func(i int, name string, rep any, prefix string) []*Section {
			if r, ok := rep.(*cluster.Report); ok {
				return suffixed(ClusterSections(r, prefix), name)
			}
			return nil
		})
}

// ModelsPage is the page of several models' results on data: the summary
// every such page has (data, rows, the model columns models and, when not
// empty, the task line), the leaderboard and comparisons, and perModel's
// sections for each model (see [ModelsSections]).
func ModelsPage(title, data string, m *board.Models, models, task string, perModel func(i int, name string, rep any, prefix string) []*Section) *Doc {
	p := taskPage(title, data, float64(m.N), Fact{Name: "models", Value: T(models)})
	if task != "" {
		p.Summary = append(p.Summary, Fact{Name: "task", Value: T(task)})
	}
	p.Summary = append(p.Summary, labelsFact(m.LabelComparison)...)
	if m.Verdict != nil {
		p.Blocks = append(p.Blocks, Lead("Verdict: "+m.Verdict.Sentence))
	}
	p.Sections = ModelsSections(m, perModel)
	return p
}

// TextPage is the page of a machine-translation result of metric ("bleu",
// "chrf" or "ter"; see [TextSections]) computed by the command task. It
// returns nil for a value TextSections does not lay out.
func TextPage(v any, metric, task string) *Doc {
	secs := TextSections(v)
	if secs == nil {
		return nil
	}
	p := &Doc{Title: map[string]string{"bleu": "BLEU", "chrf": "chrF", "ter": "TER"}[metric] + " of machine translation"}
	p.Summary = []Fact{{Name: "task", Value: T(task)}}
	switch r := v.(type) {
	case text.BLEUResult:
		p.Blocks = summaryLead(r.Summary)
	case text.CHRFResult:
		p.Blocks = summaryLead(r.Summary)
	case text.TERResult:
		p.Blocks = summaryLead(r.Summary)
	case *text.SystemsReport:
		if r.Verdict != nil {
			p.Blocks = append(p.Blocks, Lead("Verdict: "+r.Verdict.Sentence))
		}
	case *text.PairedReport:
		if r.Verdict != nil {
			p.Blocks = append(p.Blocks, Lead("Verdict: "+r.Verdict.Sentence))
		}
	}
	p.Sections = secs
	return p
}

// SentencePage is the page of the scores of each sentence (see
// [SentenceSections]) computed by the command task.
func SentencePage(metric, key, task string, scores []float64) *Doc {
	p := &Doc{Title: metric + " of each sentence"}
	p.Summary = []Fact{{Name: "task", Value: T(task)}, {Name: "sentences", Value: T(fmt.Sprint(len(scores)))}}
	p.Sections = SentenceSections(metric, key, scores)
	return p
}

// Stamp adds to the summary of p the version of evalkit (the one every
// signature carries) and the time at, when the page was written.
func Stamp(p *Doc, at time.Time) {
	p.Summary = append(p.Summary, Fact{Name: "evalkit", Value: T(result.Version)},
		Fact{Name: "written", Value: T(at.UTC().Format("2006-01-02 15:04 UTC"))})
}

// taskPage is a page titled title + the data's name, whose summary starts
// with the data and its rows (JSON key n) and goes on with facts.
func taskPage(title, data string, n float64, facts ...Fact) *Doc {
	p := &Doc{Title: title + ": " + data}
	p.Summary = append([]Fact{{Name: "data", Value: T(data)}, {Name: "rows", Value: C("n", n)}}, facts...)
	return p
}

// suffixed names sections after their model.
func suffixed(secs []*Section, model string) []*Section {
	for _, s := range secs {
		s.ID += "-" + model
		s.Title += " — " + model
	}
	return secs
}

// labelsFact is the fact of how a task's labels compared (cmp, its
// result's label_comparison), none when cmp is "".
func labelsFact(cmp string) []Fact {
	switch cmp {
	case "numeric":
		return []Fact{{Name: "labels compared", Value: T("as numbers (every label is a number: 1 and 1.0 are one)")}}
	case "string":
		return []Fact{{Name: "labels compared", Value: T("as strings, as spelled (1 and 1.0 are two labels)")}}
	}
	return nil
}

// signatureFact is the summary line of a result's signature (none when
// the result has none).
func signatureFact(sig *result.Signature) []Fact {
	if sig == nil {
		return nil
	}
	return []Fact{{Name: "signature", Value: T(sig.String())}}
}

// RankUnivariatePage is the page of the multiclass AUC of the one score
// column scoreCol for the classes (a comma list) of trueCol on data.
func RankUnivariatePage(r *rank.UnivariateReport, data, classes, trueCol, scoreCol string) *Doc {
	p := taskPage("One score for every class", data, float64(r.N),
		Fact{Name: "classes", Value: T(classes)},
		Fact{Name: "task", Value: T("rank, columns " + trueCol + " / " + scoreCol)})
	p.Summary = append(p.Summary, signatureFact(r.Signature)...)
	p.Sections = RankUnivariateSections(r)
	return p
}
