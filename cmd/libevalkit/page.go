package main

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
)

// The option format "html" asks for the page "evalkit report" writes for
// the same data and options: one self-contained HTML document. As in a
// report, intervals are on unless the options say otherwise (ci for
// rank, classify, regress and cluster; confidence for bleu, chrf and
// ter, unless a paired test is asked for); title names the page. The
// data are named InputName where the report names its file.

// pageTasks are the tasks that have a page, and the option that turns
// their intervals on by default.
var pageTasks = map[string]string{
	"rank": "ci", "classify": "ci", "regress": "ci", "cluster": "ci",
	"bleu": "confidence", "chrf": "confidence", "ter": "confidence",
}

// pageOptions returns options with format "html" replaced by the task's
// own format and the report's defaults set, marking in as a page; options
// without format "html" are returned as they are.
func pageOptions(taskName string, options []byte, in *Input) ([]byte, error) {
	if !bytes.Contains(options, []byte(`"html"`)) {
		return options, nil
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(options))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, cli.Usagef("%s: options: %v", taskName, err)
	}
	if m["format"] != "html" {
		return options, nil
	}
	ci, ok := pageTasks[taskName]
	if !ok {
		return nil, cli.Usagef("%s: no HTML page for this task (the report's tasks: rank, classify, regress, cluster, bleu, chrf, ter)", taskName)
	}
	if _, by := m["by"]; by && m["by"] != nil {
		return nil, cli.Usagef("%s: the page of slices (--by) is not in the library yet", taskName)
	}
	delete(m, "format")
	if t, ok := m["title"].(string); ok {
		in.pageTitle = t
	}
	delete(m, "title")
	_, given := m[ci]
	if ci == "confidence" {
		for _, k := range []string{"paired_bs", "paired_ar"} {
			if v, ok := m[k]; ok && v != false {
				given = true
			}
		}
	}
	if !given {
		m[ci] = true
	}
	in.page = true
	return json.Marshal(m)
}

// emitPage is emit, or with format "html" the page that page builds,
// stamped with the version and time as "evalkit report" stamps it.
func (in *Input) emitPage(f report.Format, v any, doc, page func() *report.Doc) ([]byte, error) {
	if !in.page || in.capture != nil {
		return in.emit(f, v, doc)
	}
	cli.FlagWarnings(v)
	p := page()
	if in.pageTitle != "" {
		p.Title = in.pageTitle
	}
	report.Stamp(p, time.Now())
	var b bytes.Buffer
	if err := p.HTML(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
