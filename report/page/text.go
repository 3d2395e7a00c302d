package page

import (
	"fmt"
	"math"
	"path/filepath"

	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/text"
)

// TextSections lays out a machine-translation result of package text: one
// system's BLEU, chrF or TER (text.BLEUResult, text.CHRFResult,
// text.TERResult), several systems (*text.SystemsReport) or a paired test
// against the first system (*text.PairedReport). It returns nil for any
// other value.
func TextSections(v any) []*Section {
	score := func(name string, mean, ci *float64) *Table {
		t := &Table{Caption: name, Header: []string{"measure", "value"}, RowHeads: true}
		if mean != nil {
			t.Rows = append(t.Rows, []Cell{T("bootstrap mean"), N("mean", *mean)}, []Cell{T("95% interval half-width (mean ± this)"), N("ci", *ci)})
		}
		return t
	}
	sig := func(s string) Block { return Note("sacreBLEU signature: " + s) }
	switch r := v.(type) {
	case text.BLEUResult:
		t := score("BLEU (sacreBLEU)", r.Mean, r.CI)
		t.Rows = append([][]Cell{{T("BLEU"), N("bleu", r.BLEU)}}, t.Rows...)
		for i := range 4 {
			t.Rows = append(t.Rows, []Cell{T(fmt.Sprintf("%d-gram precision (%%)", i+1)), N(Join("precisions", i), r.Precisions[i])},
				[]Cell{T(fmt.Sprintf("%d-gram matches / total", i+1)), T(fmt.Sprintf("%d / %d", r.Counts[i], r.Totals[i]))})
		}
		t.Rows = append(t.Rows, []Cell{T("brevity penalty"), N("bp", r.BP)}, []Cell{T("length ratio"), N("ratio", r.Ratio)},
			[]Cell{T("hypothesis length"), C("hyp_len", float64(r.HypLen))}, []Cell{T("reference length"), C("ref_len", float64(r.RefLen))})
		if r.Sentences > 0 {
			t.Rows = append(t.Rows, []Cell{T("sentences"), C("sentences", float64(r.Sentences))})
		}
		f := &Figure{Title: "Modified n-gram precisions", XLabel: "n-gram order", YLabel: "precision (%)", X: Axis{Min: -0.5, Max: 3.5}, Y: Axis{Min: 0, Max: 100},
			XNames: []string{"1", "2", "3", "4"}, Desc: fmt.Sprintf("Clipped n-gram precisions: %.2f, %.2f, %.2f, %.2f %%; brevity penalty %.4f.", r.Precisions[0], r.Precisions[1], r.Precisions[2], r.Precisions[3], r.BP)}
		b := Bars{Style: 0}
		for i := range 4 {
			b.Left, b.Right, b.Y = append(b.Left, float64(i)-0.35), append(b.Right, float64(i)+0.35), append(b.Y, r.Precisions[i])
		}
		f.Bars = []Bars{b}
		return []*Section{{ID: "score", Title: "BLEU", Blocks: []Block{t, f, sig(r.Signature)}}}
	case text.CHRFResult:
		t := score(r.Name+" (sacreBLEU)", r.Mean, r.CI)
		t.Rows = append([][]Cell{{T(r.Name), N("score", r.Score)}}, t.Rows...)
		t.Rows = append(t.Rows, []Cell{T("character order"), C("char_order", float64(r.CharOrder))}, []Cell{T("word order"), C("word_order", float64(r.WordOrder))},
			[]Cell{T("β"), C("beta", float64(r.Beta))})
		if r.Sentences > 0 {
			t.Rows = append(t.Rows, []Cell{T("sentences"), C("sentences", float64(r.Sentences))})
		}
		return []*Section{{ID: "score", Title: r.Name, Blocks: []Block{t, sig(r.Signature)}}}
	case text.TERResult:
		t := score("TER (sacreBLEU)", r.Mean, r.CI)
		t.Rows = append([][]Cell{{T("TER"), N("score", r.Score)}}, t.Rows...)
		t.Rows = append(t.Rows, []Cell{T("edits"), C("num_edits", float64(r.NumEdits))}, []Cell{T("reference length"), C("ref_length", r.RefLength)},
			[]Cell{T("sentences"), C("sentences", float64(r.Sentences))})
		s := &Section{ID: "score", Title: "TER", Blocks: []Block{t, sig(r.Signature)}}
		for _, w := range r.Warnings {
			s.Add(Note("warning: " + w))
		}
		return []*Section{s}
	case *text.SystemsReport:
		return []*Section{systemsSection(r.Metric, "", r.Systems, fmt.Sprintf("%d sentences.", r.Sentences))}
	case *text.PairedReport:
		test := "paired bootstrap resampling"
		if r.Test == text.PairedAR {
			test = "paired approximate randomisation"
		}
		s := systemsSection(r.Metric, test, r.Systems, fmt.Sprintf("Every system against the baseline (the first) by %s, %d resamples, seed %d, over %d sentences; p < 0.05 means the difference from the baseline is unlikely to be chance.", test, r.N, r.Seed, r.Sentences))
		s.Add(sig(r.Signature))
		return []*Section{s}
	}
	return nil
}

func systemsSection(metric, test string, rows []text.SystemRow, intro string) *Section {
	head := []string{"system", metric, "bootstrap mean ± 95%"}
	if test != "" {
		head = append(head, "p-value against the baseline")
	}
	t := &Table{Caption: metric + " of each system", Header: head, RowHeads: true}
	f := &Figure{Title: metric + " by system", XLabel: "system", YLabel: metric, X: Axis{Min: -0.5, Max: float64(len(rows)) - 0.5}, Y: Axis{Min: 0, Max: 0}}
	b := Bars{Style: 0}
	desc := metric + " of each system:"
	for i, r := range rows {
		k := func(f string) string { return Join("systems", i, f) }
		name := filepath.Base(r.System)
		if r.Baseline {
			name += " (baseline)"
		}
		cells := []Cell{T(name), N(k("score"), r.Score)}
		if r.Mean != nil {
			cells = append(cells, plusMinus(k("mean"), *r.Mean, k("ci"), *r.CI))
			f.Refs = append(f.Refs, Series{X: []float64{float64(i), float64(i)}, Y: []float64{*r.Mean - *r.CI, *r.Mean + *r.CI}})
			f.Y.Max = max(f.Y.Max, *r.Mean+*r.CI)
		} else {
			cells = append(cells, T(""))
		}
		if test != "" {
			if r.PValue != nil {
				cells = append(cells, N(k("p_value"), *r.PValue))
			} else {
				cells = append(cells, T(""))
			}
		}
		t.Rows = append(t.Rows, cells)
		b.Left, b.Right, b.Y = append(b.Left, float64(i)-0.35), append(b.Right, float64(i)+0.35), append(b.Y, r.Score)
		f.Y.Max = max(f.Y.Max, r.Score)
		f.XNames = append(f.XNames, shortName(r.System))
		desc += fmt.Sprintf(" %s %.2f;", r.System, r.Score)
	}
	f.Y.Max *= 1.1
	if f.Y.Max == 0 {
		f.Y.Max = 1
	}
	f.Bars, f.Desc = []Bars{b}, desc+" dashed whiskers: the bootstrap mean ± its 95% half-width, where computed."
	return &Section{ID: "systems", Title: "Systems", Intro: intro, Blocks: []Block{t, f}}
}

// plusMinus is the cell "m ± h" of a bootstrap mean and its half-width.
func plusMinus(mk string, m float64, hk string, h float64) Cell {
	return Cell{Key: mk, Value: m, PMKey: hk, PM: h}
}

// shortName is a system's file name without its folder, cut to 16
// characters, for an axis.
func shortName(s string) string {
	s = filepath.Base(s)
	if r := []rune(s); len(r) > 16 {
		s = string(r[:15]) + "…"
	}
	return s
}

// sentenceTop is how many of the lowest and highest sentences the page of
// --sentence lists.
const sentenceTop = 10

// SentenceSections lays out the scores of --sentence: key is the score's
// JSON key in each line ("bleu" or "score"), scores[i] the score of line
// i + 1, metric its name. The page's keys index the JSON Lines as one
// array: "0.bleu" is the first line's score.
func SentenceSections(metric, key string, scores []float64) []*Section {
	d := text.NewDistribution(scores, 30, sentenceTop)
	s := &Section{ID: "sentences", Title: "Sentence scores",
		Intro: fmt.Sprintf("%s of each of the %d sentences scored alone (--sentence; for BLEU with effective order, as sacreBLEU's sentence_bleu). The summary and the histogram are of those scores (each quartile is a sentence's score, numpy's quantile with method \"lower\"); a corpus score is not their mean (run without --sentence for it).", metric, d.N)}
	if d.N == 0 {
		return []*Section{s.Add(Note("No sentences."))}
	}
	// Each statistic is a sentence's score (quartiles by numpy's "lower"
	// method), keyed to that line of the JSON Lines, as every number of a
	// page is a number of the task's output. The mean is not one.
	sum := &Table{Caption: "The distribution of the sentence scores", Header: []string{"statistic", "line", metric}, RowHeads: true}
	for _, r := range []struct {
		name string
		at   int
	}{{"minimum", d.MinAt}, {"lower quartile", d.Q1At}, {"median", d.MedianAt}, {"upper quartile", d.Q3At}, {"maximum", d.MaxAt}} {
		sum.Rows = append(sum.Rows, []Cell{T(r.name), T(fmt.Sprint(r.at + 1)), N(Join(r.at, key), scores[r.at])})
	}
	sum.Rows = append(sum.Rows, []Cell{T("sentences"), T(""), T(fmt.Sprint(d.N))})
	f := &Figure{Title: metric + " of each sentence", XLabel: metric + " of a sentence", YLabel: "sentences",
		X:    Axis{Min: d.Edges[0], Max: d.Edges[len(d.Edges)-1]},
		Desc: fmt.Sprintf("Histogram of the %d sentence scores in %d equal-width bins from %s to %s; median %s, quartiles %s and %s.", d.N, len(d.Counts), report.Sig(d.Min), report.Sig(d.Max), report.Sig(d.Median), report.Sig(d.Q1), report.Sig(d.Q3))}
	b := Bars{Style: 0}
	for i, c := range d.Counts {
		b.Left, b.Right, b.Y = append(b.Left, d.Edges[i]), append(b.Right, d.Edges[i+1]), append(b.Y, float64(c))
		f.Y.Max = math.Max(f.Y.Max, float64(c)*1.1)
	}
	f.Bars = []Bars{b}
	ends := func(caption string, idx []int) *Table {
		t := &Table{Caption: caption, Header: []string{"line", metric}, RowHeads: true}
		for _, i := range idx {
			t.Rows = append(t.Rows, []Cell{T(fmt.Sprint(i + 1)), N(Join(i, key), scores[i])})
		}
		return t
	}
	s.Add(sum, f, ends(fmt.Sprintf("The %d lowest-scoring sentences", len(d.Lowest)), d.Lowest), ends(fmt.Sprintf("The %d highest-scoring sentences", len(d.Highest)), d.Highest),
		Note("Every score on this page is a line of the JSON Lines output of --sentence (its line number is given); the histogram counts them."))
	return []*Section{s}
}
