package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"strings"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

// byRole is the prefix of the role of a slicing column: "by:country".
const byRole = "by:"

// sliced is a call with slicings: the options of the task's own runs,
// the slicings and what --ci compares.
type sliced struct {
	task      string
	options   []byte // the call's options without the slicing's
	format    report.Format
	slices    *task.Slices
	compare   *task.SliceCompare
	primary   string
	primaries []string
}

// sliceOptions returns the slicing of a call whose options have "by" (a
// list of slicings, each a list of column names, whose values are the
// label columns of role "by:NAME"), "min_slice_rows" and "max_slices",
// as the command line's --by, --min-slice-rows and --max-slices: nil
// without "by".
func sliceOptions(taskName string, options []byte, in *Input) (*sliced, error) {
	if len(bytes.TrimSpace(options)) == 0 {
		return nil, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(options, &m); err != nil {
		return nil, cli.Usagef("%s: options: %v", taskName, err)
	}
	raw, ok := m["by"]
	if !ok || string(raw) == "null" {
		if _, ok := m["min_slice_rows"]; ok {
			return nil, cli.Usagef("%s: --min-slice-rows needs --by", taskName)
		}
		if _, ok := m["max_slices"]; ok {
			return nil, cli.Usagef("%s: --max-slices needs --by", taskName)
		}
		return nil, nil
	}
	var by [][]string
	if err := json.Unmarshal(raw, &by); err != nil || len(by) == 0 {
		return nil, cli.Usagef("%s: option \"by\": a list of slicings, each a list of column names, expected", taskName)
	}
	// The slicing's own options and those it shares with the task.
	own := map[string]any{}
	opts := map[string]json.RawMessage{}
	for k, v := range m {
		switch k {
		case "by":
		case "min_slice_rows", "max_slices":
			own[k] = v
		default:
			opts[k] = v
			switch k {
			case "memory", "ci", "level", "adjust", "primary", "format":
				own[k] = v
			}
		}
	}
	fs := flag.NewFlagSet(taskName, flag.ContinueOnError)
	var sf cli.SliceFlags
	sf.Define(fs)
	mem := cli.MemoryFlag(fs)
	var ci cli.CIFlags
	ci.Define(fs)
	var models cli.ModelFlags
	models.Define(fs, "")
	format := formatFlag(fs)
	b, _ := json.Marshal(own)
	if err := parseOptions(fs, b); err != nil {
		return nil, err
	}
	for _, cols := range by {
		for _, c := range cols {
			if _, ok := in.Labels[byRole+c]; !ok {
				return nil, cli.Usagef("%s: no slicing column %q given", taskName, c)
			}
		}
		sf.By = append(sf.By, strings.Join(cols, ","))
	}
	sl, err := sf.Options(mem)
	if err != nil {
		return nil, err
	}
	outFmt, err := outputFormat(*format)
	if err != nil {
		return nil, err
	}
	cio, withCI, err := ci.Options()
	if err != nil {
		return nil, err
	}
	cmp, err := cli.SliceCompare(taskName, withCI, cio.Level, models.Adjust)
	if err != nil {
		return nil, err
	}
	several := severalModels(taskName, in, m)
	if cmp != nil && !several {
		// One model: --adjust and --primary serve the comparison of the
		// slices, not the task's runs.
		delete(opts, "adjust")
		delete(opts, "primary")
	}
	if cmp != nil && taskName == "regress" && !several && len(in.Values["weight"]) == 0 && len(in.Values["true"]) == 1 && len(in.Values["pred"]) == 1 {
		y, p := in.Values["true"][0], in.Values["pred"][0]
		cmp.RowLosses = func(path string, rows []int32) ([]float64, bool, error) {
			l, ok := task.RegressLosses(path, y, p, rows)
			return l, ok, nil
		}
	}
	opts["format"] = json.RawMessage(`"json"`)
	b, err = json.Marshal(opts)
	if err != nil {
		return nil, err
	}
	return &sliced{task: taskName, options: b, format: outFmt, slices: sl, compare: cmp, primary: models.Primary,
		primaries: slicePrimaries[taskName]}, nil
}

// slicePrimaries are the measures a slice is compared with the rest of
// the rows on, the first a result has, as the command line's.
var slicePrimaries = map[string][]string{
	"classify": {"accuracy"},
	"rank":     {"roc_auc", "roc_auc_ovr_macro"},
	"regress":  {"mse"},
	"cluster":  {"adjusted_rand_index", "silhouette"},
}

// severalModels reports whether in, with the options m, holds several
// models of the task (rank: several score columns without the classes
// option, or several multiclass models, named by their own option).
func severalModels(taskName string, in *Input, m map[string]json.RawMessage) bool {
	switch taskName {
	case "classify", "cluster":
		return len(in.Labels["pred"]) > 1
	case "rank":
		_, multiclass := m["classes"]
		_, multiModels := m["multiclass_models"]
		return multiModels || len(in.Values["score"]) > 1 && !multiclass
	case "regress":
		return len(in.Values["pred"]) > 1 && len(in.Values["true"]) == 1
	}
	return false
}

// evalSliced runs the task on every row and on each slice's rows (the
// arrays gathered at its rows: task.Slices.Arrays), and returns the
// overall result with the slices', as the command line's --by prints it.
func evalSliced(s *sliced, run func(options []byte, in *Input) ([]byte, error), in *Input) ([]byte, error) {
	cols := map[string]task.Labels{}
	for role, ls := range in.Labels {
		if name, ok := strings.CutPrefix(role, byRole); ok && len(ls) == 1 {
			cols[name] = ls[0]
		}
	}
	si, err := s.slices.Arrays(in.name(), cols)
	if err != nil {
		return nil, err
	}
	// capture runs the task on the rows of sub (all: nil).
	capture := func(rows []int32) (v any, doc func() *report.Doc, err error) {
		sub := in.subset(rows)
		sub.capture = func(x any, d func() *report.Doc) { v, doc = x, d }
		_, err = run(s.options, sub)
		return v, doc, err
	}
	overall, doc, err := capture(nil)
	if err != nil {
		return nil, err
	}
	results := make([]any, len(si.Slices))
	errs := make([]error, len(si.Slices))
	for i, x := range si.Slices {
		if x.Rows < si.MinRows {
			continue
		}
		v, _, err := capture(si.RowsOf(i))
		var ue *cli.UsageError
		if errors.As(err, &ue) {
			return nil, err
		}
		results[i], errs[i] = v, err
	}
	out, err := cli.SliceResults(s.task, s.slices, si, overall, results, errs)
	if err != nil {
		return nil, err
	}
	if s.compare != nil {
		err := cli.CompareSlices(s.task, *s.compare, s.primary, s.primaries, si, out, func(i int) (any, error) {
			v, _, err := capture(si.RestOf(i))
			return v, err
		})
		if err != nil {
			return nil, err
		}
	}
	return in.emit(s.format, out, func() *report.Doc {
		d := doc()
		d.Sections = append(d.Sections, report.SlicesSection(out))
		return d
	})
}

// subset returns in with every column gathered at rows (in itself for
// nil), without the slicing columns.
func (in *Input) subset(rows []int32) *Input {
	out := &Input{Name: in.Name, Labels: map[string][]task.Labels{}, Values: map[string][][]float64{}, rows: rows}
	for role, ls := range in.Labels {
		if strings.HasPrefix(role, byRole) {
			continue
		}
		for _, l := range ls {
			if rows != nil {
				codes := make([]int64, len(rows))
				for j, i := range rows {
					codes[j] = l.Codes[i]
				}
				l = task.Labels{Names: l.Names, Codes: codes}
			}
			out.Labels[role] = append(out.Labels[role], l)
		}
	}
	for role, vs := range in.Values {
		for _, v := range vs {
			if rows != nil {
				g := make([]float64, len(rows))
				for j, i := range rows {
					g[j] = v[i]
				}
				v = g
			}
			out.Values[role] = append(out.Values[role], v)
		}
	}
	return out
}
