package report

import (
	"fmt"
	"path/filepath"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/text"
)

// TextSections lays out a machine-translation result of package text: one
// system's BLEU, chrF or TER (text.BLEUResult, text.CHRFResult,
// text.TERResult), several systems (*text.SystemsReport) or a paired test
// against the first system (*text.PairedReport). It returns nil for any
// other value.
func TextSections(v any) []*Section {
	score := func(name string, mean, ci *float64) *Table {
		t := &Table{Title: name, Header: []string{"measure", "value"}, RowHeads: true}
		if mean != nil {
			t.Rows = append(t.Rows, []Cell{T("bootstrap mean"), N("mean", *mean)}, []Cell{T("95% interval half-width (mean ± this)"), N("ci", *ci)})
		}
		return t
	}
	sig := func(s string) Block { return Note("sacreBLEU signature: " + s) }
	switch r := v.(type) {
	case text.BLEUResult:
		t := score("BLEU (sacreBLEU)", r.Mean, r.CI)
		t.Rows = append([][]Cell{{T("BLEU"), N("score", r.Score)}}, t.Rows...)
		for i := range r.Precisions {
			t.Rows = append(t.Rows, []Cell{T(fmt.Sprintf("%d-gram precision (%%)", i+1)), N(Join("precisions", i), r.Precisions[i])},
				[]Cell{T(fmt.Sprintf("%d-gram matches / total", i+1)), T(fmt.Sprintf("%d / %d", r.Counts[i], r.Totals[i]))})
		}
		t.Rows = append(t.Rows, []Cell{T("brevity penalty"), N("bp", r.BP)}, []Cell{T("length ratio"), N("ratio", r.Ratio)},
			[]Cell{T("hypothesis length"), C("hyp_len", float64(r.HypLen))}, []Cell{T("reference length"), C("ref_len", float64(r.RefLen))})
		if r.Sentences > 0 {
			t.Rows = append(t.Rows, []Cell{T("sentences"), C("sentences", float64(r.Sentences))})
		}
		return []*Section{{ID: "score", Title: "BLEU", Blocks: []Block{t, Figure(figure.NGramPrecisions(r)), sig(r.Signature)}}}
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
	t := &Table{Title: metric + " of each system", Header: head, RowHeads: true}
	for i, r := range rows {
		k := func(f string) string { return Join("systems", i, f) }
		name := filepath.Base(r.System)
		if r.Baseline {
			name += " (baseline)"
		}
		cells := []Cell{T(name), N(k("score"), r.Score)}
		if r.Mean != nil {
			cells = append(cells, plusMinus(k("mean"), *r.Mean, k("ci"), *r.CI))
		} else {
			cells = append(cells, T(""))
		}
		if test != "" {
			if r.PValue != nil {
				cells = append(cells, P(k("p_value"), *r.PValue))
			} else {
				cells = append(cells, T(""))
			}
		}
		t.Rows = append(t.Rows, cells)
	}
	s := &Section{ID: "systems", Title: "Systems", Intro: intro, Blocks: []Block{t}}
	if d := systemDetails(metric, rows); d != nil {
		s.Add(d)
	}
	return s.Add(Figure(figure.Systems(metric, rows)))
}

// systemDetails is the table of each system's details (BLEU's n-gram
// precisions, brevity penalty, length ratio and lengths; TER's edits and
// reference length), or nil when the metric has none (chrF).
func systemDetails(metric string, rows []text.SystemRow) *Table {
	if len(rows) == 0 || rows[0].BLEUDetails == nil && rows[0].TERDetails == nil {
		return nil
	}
	t := &Table{Title: metric + " details of each system", Header: []string{"system"}, RowHeads: true}
	if b := rows[0].BLEUDetails; b != nil {
		for i := range b.Precisions {
			t.Header = append(t.Header, fmt.Sprintf("%d-gram precision (%%)", i+1))
		}
		t.Header = append(t.Header, "brevity penalty", "length ratio", "hypothesis length", "reference length")
	} else {
		t.Header = append(t.Header, "edits", "reference length")
	}
	for i, r := range rows {
		k := func(f string, at ...any) string { return Join(append([]any{"systems", i, f}, at...)...) }
		cells := []Cell{T(filepath.Base(r.System))}
		if b := r.BLEUDetails; b != nil {
			for n, p := range b.Precisions {
				cells = append(cells, N(k("precisions", n), p))
			}
			cells = append(cells, N(k("bp"), b.BP), N(k("ratio"), b.Ratio), C(k("hyp_len"), float64(b.HypLen)), C(k("ref_len"), float64(b.RefLen)))
		} else if d := r.TERDetails; d != nil {
			cells = append(cells, C(k("num_edits"), float64(d.NumEdits)), C(k("ref_length"), d.RefLength))
		}
		t.Rows = append(t.Rows, cells)
	}
	return t
}

// plusMinus is the cell "m ± h" of a bootstrap mean and its half-width.
func plusMinus(mk string, m float64, hk string, h float64) Cell {
	return Cell{Key: mk, Value: m, PMKey: hk, PM: h}
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
	sum := &Table{Title: "The distribution of the sentence scores", Header: []string{"statistic", "line", metric}, RowHeads: true}
	for _, r := range []struct {
		name string
		at   int
	}{{"minimum", d.MinAt}, {"lower quartile", d.Q1At}, {"median", d.MedianAt}, {"upper quartile", d.Q3At}, {"maximum", d.MaxAt}} {
		sum.Rows = append(sum.Rows, []Cell{T(r.name), T(fmt.Sprint(r.at + 1)), N(Join(r.at, key), scores[r.at])})
	}
	sum.Rows = append(sum.Rows, []Cell{T("sentences"), T(""), T(fmt.Sprint(d.N))})
	ends := func(caption string, idx []int) *Table {
		t := &Table{Title: caption, Header: []string{"line", metric}, RowHeads: true}
		for _, i := range idx {
			t.Rows = append(t.Rows, []Cell{T(fmt.Sprint(i + 1)), N(Join(i, key), scores[i])})
		}
		return t
	}
	s.Add(sum, Figure(figure.Sentences(metric, d)), ends(fmt.Sprintf("The %d lowest-scoring sentences", len(d.Lowest)), d.Lowest), ends(fmt.Sprintf("The %d highest-scoring sentences", len(d.Highest)), d.Highest),
		Note("Every score on this page is a line of the JSON Lines output of --sentence (its line number is given); the histogram counts them."))
	return []*Section{s}
}
