package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/text"
)

// BLEU lays a BLEU score out for people.
func BLEU(b text.BLEUResult) *Doc {
	p := &Pairs{}
	p.Add("BLEU", fmt.Sprintf("%.4f", b.Score))
	addUncertainty(p, b.Mean, b.CI, b.Level, b.Intervals, "score")
	for i := range b.Precisions {
		p.Add(fmt.Sprintf("%d-gram precision", i+1), fmt.Sprintf("%.4f (%d/%d)", b.Precisions[i], b.Counts[i], b.Totals[i]))
	}
	p.Add("brevity penalty", fmt.Sprintf("%.4f", b.BP))
	p.Add("length ratio", fmt.Sprintf("%.4f", b.Ratio))
	p.Add("hypothesis length", fmt.Sprint(b.HypLen))
	p.Add("reference length", fmt.Sprint(b.RefLen))
	p.Add("sentences", fmt.Sprint(b.Sentences))
	return &Doc{Title: "BLEU", Blocks: append(summaryLead(b.Summary), p, Note(b.Verbose()))}
}

// CHRF lays a chrF score out for people.
func CHRF(c text.CHRFResult) *Doc {
	p := &Pairs{}
	p.Add(c.Name, fmt.Sprintf("%.4f", c.Score))
	addUncertainty(p, c.Mean, c.CI, c.Level, c.Intervals, "score")
	p.Add("sentences", fmt.Sprint(c.Sentences))
	line := fmt.Sprintf("%s|%s = %.2f", c.Name, c.Signature, c.Score)
	if c.Mean != nil {
		line += fmt.Sprintf(" (μ = %.2f ± %.2f)", *c.Mean, *c.CI)
	}
	return &Doc{Title: c.Name, Blocks: append(summaryLead(c.Summary), p, Note(line))}
}

// TER lays a TER score out for people.
func TER(t text.TERResult) *Doc {
	p := &Pairs{}
	p.Add(t.Name, fmt.Sprintf("%.4f", t.Score))
	addUncertainty(p, t.Mean, t.CI, t.Level, t.Intervals, "score")
	p.Add("edits", strconv.FormatInt(t.NumEdits, 10))
	p.Add("reference length", Int(t.RefLength))
	p.Add("sentences", strconv.FormatInt(t.Sentences, 10))
	line := fmt.Sprintf("%s|%s = %.2f", t.Name, t.Signature, t.Score)
	if t.Mean != nil {
		line += fmt.Sprintf(" (μ = %.2f ± %.2f)", *t.Mean, *t.CI)
	}
	d := &Doc{Title: t.Name, Blocks: append(summaryLead(t.Summary), p, Note(line))}
	for _, w := range t.Warnings {
		d.Blocks = append(d.Blocks, Note("warning: "+w))
	}
	return d
}

// WER lays an error rate and its counts out for people.
func WER(r text.WERResult) *Doc {
	name, unit, title := "WER", "words", "Word error rate"
	if r.CER {
		name, unit, title = "CER", "characters", "Character error rate"
	}
	p := &Pairs{}
	p.Add(name, Pct(r.Rate))
	i := func(v int64) string { return strconv.FormatInt(v, 10) }
	p.Add("errors", i(r.Errors))
	p.Add("reference "+unit, i(r.RefTokens))
	p.Add("hypothesis "+unit, i(r.HypTokens))
	p.Add("substitutions", i(r.Substitutions))
	p.Add("deletions", i(r.Deletions))
	p.Add("insertions", i(r.Insertions))
	p.Add("hits", i(r.Hits))
	p.Add("sentences", i(r.Sentences))
	d := &Doc{Title: title, Blocks: []Block{p}}
	for _, w := range r.Warnings {
		d.Blocks = append(d.Blocks, Note("warning: "+w))
	}
	if r.Signature != nil {
		d.Blocks = append(d.Blocks, SignatureNote(r.Signature))
	}
	return d
}

// Paired lays a paired test out for people, sacreBLEU-style: score, (μ ± 95%
// CI) and the p-value, with a note on reading it.
func Paired(p *text.PairedReport) *Doc {
	test := "paired bootstrap resampling"
	unit := "resamples"
	if p.Test == text.PairedAR {
		test, unit = "paired approximate randomisation", "trials"
	}
	d := &Doc{Title: fmt.Sprintf("%s: %s (%d %s, seed %d)", p.Metric, test, p.N, unit, p.Seed)}
	if p.Verdict != nil {
		d.Blocks = append(d.Blocks, Lead("Verdict: "+p.Verdict.Sentence))
	}
	t := &Table{Header: append([]string{"system", p.Metric, "μ ± 95% CI", "p-value"}, detailsHeader(p.Systems)...)}
	for _, r := range p.Systems {
		name := r.System
		if r.Baseline {
			name = "baseline: " + name
		}
		ci, pv := "", ""
		if r.Mean != nil {
			ci = fmt.Sprintf("%.4f ± %.4f", *r.Mean, *r.CI)
		}
		if r.PValue != nil {
			pv = strconv.FormatFloat(*r.PValue, 'f', 4, 64)
			if *r.PValue < 0.05 {
				pv += " *"
			}
		}
		t.Rows = append(t.Rows, Row(append([]string{name, fmt.Sprintf("%.4f", r.Score), ci, pv}, detailsCells(r)...)...))
	}
	d.Blocks = append(d.Blocks, t,
		Note(fmt.Sprintf("* p < 0.05: the difference from the baseline is unlikely to be due to chance. %d sentences.", p.Sentences)),
		Note("signature: "+p.Signature))
	return d
}

// Systems lays several systems' scores out as a table.
func Systems(m *text.SystemsReport) *Doc {
	d := &Doc{Title: m.Metric}
	if m.Verdict != nil {
		d.Blocks = append(d.Blocks, Lead("Verdict: "+m.Verdict.Sentence))
	}
	t := &Table{Header: []string{"system", m.Metric}}
	withCI := len(m.Systems) > 0 && m.Systems[0].Mean != nil
	if withCI {
		t.Header = append(t.Header, "μ ± 95% CI")
	}
	method := ""
	for _, iv := range m.Intervals {
		method = iv.Method
	}
	if method != "" {
		t.Header = append(t.Header, fmt.Sprintf("%s%% CI (%s)", strconv.FormatFloat(100*m.Level, 'g', -1, 64), method))
	}
	t.Header = append(t.Header, detailsHeader(m.Systems)...)
	for k, r := range m.Systems {
		row := []string{r.System, fmt.Sprintf("%.4f", r.Score)}
		if withCI {
			row = append(row, fmt.Sprintf("%.4f ± %.4f", *r.Mean, *r.CI))
		}
		if method != "" {
			cell := "—"
			if iv, ok := m.Intervals[fmt.Sprintf("systems.%d.score", k)]; ok {
				cell = fmt.Sprintf("[%.4f, %.4f]", iv.Low, iv.High)
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, Row(append(row, detailsCells(r)...)...))
	}
	d.Blocks = append(d.Blocks, t)
	if len(m.Systems) > 0 {
		d.Blocks = append(d.Blocks, Note("signature: "+m.Systems[0].Signature))
	}
	return d
}

// summaryLead is the lead paragraph of a one-model result's Summary (its
// headline numbers with their intervals), none without one.
func summaryLead(s string) []Block {
	if s == "" {
		return nil
	}
	return []Block{Lead(s)}
}

// detailsHeader is the header of each system's details in a table of
// several systems: BLEU's n-gram precisions, brevity penalty, length
// ratio and lengths (as sacreBLEU's line of one system), TER's edits and
// reference length.
func detailsHeader(rows []text.SystemRow) []string {
	switch {
	case len(rows) == 0:
	case rows[0].BLEUDetails != nil:
		return []string{"n-gram precisions", "BP", "ratio", "hyp_len", "ref_len"}
	case rows[0].TERDetails != nil:
		return []string{"edits", "reference length"}
	}
	return nil
}

// detailsCells is the cells of r's details under detailsHeader.
func detailsCells(r text.SystemRow) []string {
	switch {
	case r.BLEUDetails != nil:
		d := r.BLEUDetails
		ps := make([]string, len(d.Precisions))
		for i, x := range d.Precisions {
			ps[i] = fmt.Sprintf("%.1f", x)
		}
		return []string{strings.Join(ps, "/"), fmt.Sprintf("%.3f", d.BP), fmt.Sprintf("%.3f", d.Ratio), strconv.FormatInt(d.HypLen, 10), strconv.FormatInt(d.RefLen, 10)}
	case r.TERDetails != nil:
		return []string{strconv.FormatInt(r.NumEdits, 10), Int(r.RefLength)}
	}
	return nil
}

// addUncertainty adds a text score's uncertainty to its text layout: sacreBLEU's
// μ ± 95% CI from --confidence when mean is set, and the --ci interval at
// key when there is one.
func addUncertainty(p *Pairs, mean, ci *float64, level float64, ivs map[string]hyptest.Interval, key string) {
	if mean != nil {
		p.Add("μ ± 95% CI", fmt.Sprintf("%.4f ± %.4f", *mean, *ci))
	}
	if iv, ok := ivs[key]; ok {
		p.Add(fmt.Sprintf("%s%% CI (%s)", strconv.FormatFloat(100*level, 'g', -1, 64), iv.Method), fmt.Sprintf("[%.4f, %.4f]", iv.Low, iv.High))
	}
}

// Corpus lays a corpus-level result out for people, as the layout of its
// type does.
func Corpus(r text.CorpusResult) *Doc {
	switch r := r.(type) {
	case text.BLEUResult:
		return BLEU(r)
	case text.CHRFResult:
		return CHRF(r)
	case text.TERResult:
		return TER(r)
	case text.WERResult:
		return WER(r)
	case *text.SystemsReport:
		return Systems(r)
	case *text.PairedReport:
		return Paired(r)
	}
	panic(fmt.Sprintf("report: no layout for %T", r))
}
