package report

import (
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/regress"
)

// Regress lays a regression result out for people.
func Regress(r *regress.Result) *Doc {
	opt := r.Options()
	var d *Doc
	if r.Single != nil {
		d = regressDoc(r.Single, nil, opt.Trues, opt.Preds, opt.Multioutput)
	} else {
		d = regressDoc(&r.Multi.Combined, r.Multi, opt.Trues, opt.Preds, r.Multi.How)
	}
	if r.Signature != nil {
		d.Blocks = append(d.Blocks, SignatureNote(r.Signature))
	}
	return d
}

// regressDoc lays out the report c of one output, or the multi-output
// report mr whose combined report is c; trues and preds name the columns.
func regressDoc(c *regress.Report, mr *regress.MultiReport, trues, preds []string, how regress.Multioutput) *Doc {
	d := &Doc{Title: "Regression"}
	if mr == nil {
		d.Blocks = summaryLead(c.Summary)
	}
	info := &Pairs{}
	info.Add("rows", fmt.Sprint(c.N))
	if c.WeightSum != float64(c.N) {
		info.Add("weight sum", Int(c.WeightSum))
	}
	info.Add("pinball α", Sig(c.Alpha))
	info.Add("Tweedie power", Sig(c.Power))
	d.Blocks = append(d.Blocks, info)
	label := func(sp regress.Spec) string {
		switch sp.Key {
		case "pinball":
			return fmt.Sprintf("pinball loss (α = %s)", Sig(c.Alpha))
		case "tweedie_deviance":
			return fmt.Sprintf("Tweedie deviance (p = %s)", Sig(c.Power))
		case "d2_tweedie":
			return fmt.Sprintf("D² Tweedie (p = %s)", Sig(c.Power))
		case "d2_pinball":
			return fmt.Sprintf("D² pinball (α = %s)", Sig(c.Alpha))
		}
		return sp.Name
	}
	warnings := c.Warnings
	if mr == nil {
		p := &Pairs{Title: fmt.Sprintf("%s vs %s", preds[0], trues[0])}
		for _, key := range regress.MeasureKeys(c) {
			sp := regress.SpecOf(key)
			v, _ := c.Get(key)
			p.Add(label(sp), withInterval(v, c.Intervals, key))
		}
		d.Blocks = append(d.Blocks, p)
		if n := hyptest.IntervalNote(c.Level, c.Intervals); n != "" {
			d.Blocks = append(d.Blocks, Note(n))
		}
	} else {
		t := &Table{Header: []string{"measure"}}
		for j := range mr.Outputs {
			t.Header = append(t.Header, trues[j])
		}
		if how != regress.Raw {
			t.Header = append(t.Header, how.String())
		}
		for _, key := range regress.MeasureKeys(c) {
			sp := regress.SpecOf(key)
			row := []string{label(sp)}
			for j := range mr.Outputs {
				v, _ := mr.Outputs[j].Get(key)
				row = append(row, withInterval(v, mr.Outputs[j].Intervals, key))
			}
			if how != regress.Raw {
				v, _ := c.Get(key)
				row = append(row, withInterval(v, c.Intervals, key))
			}
			t.Rows = append(t.Rows, Row(row...))
		}
		d.Blocks = append(d.Blocks, t)
		all := map[string]hyptest.Interval{}
		for j := range mr.Outputs {
			for k, iv := range mr.Outputs[j].Intervals {
				all[fmt.Sprintf("%d.%s", j, k)] = iv
			}
		}
		for k, iv := range c.Intervals {
			all["combined."+k] = iv
		}
		if n := hyptest.IntervalNote(mr.Outputs[0].Level, all); n != "" {
			d.Blocks = append(d.Blocks, Note(n))
		}
		warnings = nil
		for j := range mr.Outputs {
			for _, w := range mr.Outputs[j].Warnings {
				warnings = append(warnings, trues[j]+": "+w)
			}
		}
	}
	if len(warnings) > 0 {
		d.Blocks = append(d.Blocks, Note("warnings:\n  "+strings.Join(warnings, "\n  ")))
	}
	return d
}

// withInterval formats v, the measure at key, followed by its interval in
// ivs if it has one. MAPE, sMAPE and WAPE are fractions, as in JSON
// (regress.Spec).
func withInterval(v float64, ivs map[string]hyptest.Interval, key string) string {
	text := Sig(v)
	if iv, ok := ivs[key]; ok {
		text += " " + Interval(iv.Low, iv.High)
	}
	return text
}
