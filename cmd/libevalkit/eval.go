// Command libevalkit is evalkit as a shared library with a small C ABI
// (built with go build -buildmode=c-shared), which the Python package in
// python/ calls through ctypes. A call hands over a task's columns as
// arrays (numbers by pointer and length, labels as codes into a list of
// names) and its options as a JSON object whose keys are the command
// line's options in snake_case; it returns what the command line prints
// for the same data and options (--format json unless "format" says
// otherwise), or the command line's error message.
//
// The arrays fold into the same states as the command line's rows
// (task.Rank.ReadArrays, task.Classify.ReadArrays,
// task.Regress.ReadArrays) and the same result methods and writers take
// it from there: no measure is computed here. The C functions are in
// export.go (cgo); Evaluate is the same call in Go.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

// main is required of a c-shared build's package; the library has no
// command.
func main() {}

// InputName is the name of an input held in memory, in messages and in
// the text output's titles (where the command line prints the file's).
const InputName = "<arrays>"

// Input is the columns of one call, by role: "true", "pred", "score",
// "weight", "features". A role holds labels or values, a column or
// several (regress's outputs, several models' predictions).
type Input struct {
	Name   string // the input's name in messages and titles ("": InputName)
	Labels map[string][]task.Labels
	Values map[string][][]float64
	// ints are the int64 label columns of a lean call that reads them as
	// they are (intLabels), by role, not in Values.
	ints map[string][]int64
	// capture, when set, receives the task's result and its document
	// instead of their rendering (the runs of a slicing: slices.go).
	capture func(v any, doc func() *report.Doc)
	// rows, for a slice's run, are its rows' indexes in the call's
	// arrays, by which messages name them (nil: their own indexes).
	rows []int32
	// page is set by the format "html": the result as the page of
	// "evalkit report", titled pageTitle when it is set (page.go).
	page      bool
	pageTitle string
	textTask  string // the text task a page names (bleu, chrf, ter)
}

// name is the input's name in messages and titles.
func (in *Input) name() string {
	if in.Name == "" {
		return InputName
	}
	return in.Name
}

// labels returns the one label column of role, or an error naming the
// task when it is missing or there are several.
func (in *Input) labels(taskName, role string) (task.Labels, error) {
	switch ls := in.Labels[role]; len(ls) {
	case 0:
		return task.Labels{}, cli.Usagef("%s: no %s labels given", taskName, role)
	case 1:
		return ls[0], nil
	default:
		return task.Labels{}, cli.Usagef("%s: %d %s label columns given, one expected", taskName, len(ls), role)
	}
}

// values returns the value columns of role (nil when absent).
func (in *Input) values(role string) [][]float64 { return in.Values[role] }

// value1 returns the one value column of role (nil when absent), or an
// error when there are several.
func (in *Input) value1(taskName, role string) ([]float64, error) {
	vs := in.Values[role]
	switch len(vs) {
	case 0:
		return nil, nil
	case 1:
		return vs[0], nil
	}
	return nil, cli.Usagef("%s: %d %s columns given, one expected", taskName, len(vs), role)
}

// tasks are the tasks a call may name.
var tasks = map[string]func(options []byte, in *Input) ([]byte, error){
	"rank":     evalRank,
	"classify": evalClassify,
	"regress":  evalRegress,
	"cluster":  evalCluster,
	"curve":    evalCurve,
	"score":    evalScore,
	"ranking":  evalRanking,
	"bleu":     evalBLEU,
	"chrf":     evalCHRF,
	"ter":      evalTER,
	"wer":      evalWER,
}

// Evaluate runs the task named taskName ("rank", "classify", "regress",
// "cluster")
// on in under the options (a JSON object, or empty) and returns what the
// command line prints. A usage error (a *cli.UsageError in the chain) is
// what the command line exits with status 2 for; any other, status 1.
func Evaluate(taskName string, options []byte, in *Input) ([]byte, error) {
	run, ok := tasks[taskName]
	if !ok {
		names := make([]string, 0, len(tasks))
		for n := range tasks {
			names = append(names, n)
		}
		slices.Sort(names)
		return nil, cli.Usagef("unknown task %q (the library has: %s)", taskName, strings.Join(names, ", "))
	}
	if err := checkLengths(taskName, in); err != nil {
		return nil, err
	}
	options, err := pageOptions(taskName, options, in)
	if err != nil {
		return nil, err
	}
	sl, err := sliceOptions(taskName, options, in)
	if err != nil || sl != nil {
		if err != nil {
			return nil, err
		}
		return evalSliced(sl, run, in)
	}
	return run(options, in)
}

// checkLengths checks that every column has the same number of rows.
func checkLengths(taskName string, in *Input) error {
	n, what := -1, ""
	check := func(role string, m int) error {
		if n < 0 {
			n, what = m, role
			return nil
		}
		if m != n {
			return cli.Usagef("%s: %s has %d rows and %s %d", taskName, what, n, role, m)
		}
		return nil
	}
	roles := []string{"true", "pred", "score", "weight", "features"}
	for role := range in.Labels {
		if strings.HasPrefix(role, byRole) {
			roles = append(roles, role)
		}
	}
	slices.Sort(roles[5:])
	for _, role := range roles {
		for _, l := range in.Labels[role] {
			if err := check(role, l.Len()); err != nil {
				return err
			}
		}
		for _, v := range in.Values[role] {
			if err := check(role, len(v)); err != nil {
				return err
			}
		}
	}
	return nil
}

// ErrorText is the command line's words for err: the library's option
// names given as the flags they are on the command line.
func ErrorText(err error) string { return cli.FlagText(err.Error()) }

// ExitCode is the command line's exit status for err: 0 for nil, 2 for a
// usage error, else 1.
func ExitCode(err error) int {
	return cli.ExitCode("", err, io.Discard)
}

// formatFlag adds --format to fs: what the call returns (json by
// default: a library call is no terminal).
func formatFlag(fs *flag.FlagSet) *string {
	return fs.String("format", "json", "output format: text, json, markdown or csv")
}

// parseOptions sets the flags of fs from options, a JSON object of the
// flags' names in snake_case: a string, number or bool is the flag's
// value, a list a comma list (a list of lists joins its rows with ';', as
// --cost), null the default. An unknown key is a usage error.
func parseOptions(fs *flag.FlagSet, options []byte) error {
	fs.SetOutput(io.Discard)
	if len(bytes.TrimSpace(options)) == 0 {
		return fs.Parse(nil)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(options))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return cli.Usagef("%s: options: %v", fs.Name(), err)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var args []string
	for _, k := range keys {
		name := strings.ReplaceAll(k, "_", "-")
		if fs.Lookup(name) == nil || strings.Contains(k, "-") {
			return cli.Usagef("%s: no option %q", fs.Name(), k)
		}
		if m[k] == nil {
			continue
		}
		v, err := optionValue(m[k])
		if err != nil {
			return cli.Usagef("%s: option %q: %v", fs.Name(), k, err)
		}
		args = append(args, "--"+name+"="+v)
	}
	if err := fs.Parse(args); err != nil {
		return cli.Usagef("%s: %v", fs.Name(), err)
	}
	return nil
}

// optionValue is v as a flag's text: a list is a comma list, a list of
// lists its rows (comma lists) joined by ';'.
func optionValue(v any) (string, error) {
	list, ok := v.([]any)
	if !ok {
		return scalarValue(v)
	}
	sep := ","
	parts := make([]string, len(list))
	for i, e := range list {
		var err error
		if row, ok := e.([]any); ok {
			sep = ";"
			cells := make([]string, len(row))
			for j, c := range row {
				if cells[j], err = scalarValue(c); err != nil {
					return "", err
				}
			}
			parts[i] = strings.Join(cells, ",")
		} else if parts[i], err = scalarValue(e); err != nil {
			return "", err
		}
	}
	return strings.Join(parts, sep), nil
}

// scalarValue is a string, number or bool as a flag's text.
func scalarValue(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case json.Number:
		return v.String(), nil
	case bool:
		if v {
			return "true", nil
		}
		return "false", nil
	}
	return "", fmt.Errorf("a %T is not an option value", v)
}

// outputFormat resolves the format option.
func outputFormat(s string) (report.Format, error) {
	f, err := report.ParseFormat(s)
	if err != nil {
		return 0, cli.Usagef("%v", err)
	}
	return f, nil
}

// weightName is the weight column's name for messages and the signature:
// the weight option, or "sample_weight" when weights are given without
// it. A weight option without weights is a usage error.
func weightName(taskName, option string, weights bool) (string, error) {
	switch {
	case weights && option == "":
		return "sample_weight", nil
	case !weights && option != "":
		return "", cli.Usagef("%s: --weight %q names a weight column, but no weights were given", taskName, option)
	}
	return option, nil
}

// emit renders v in format f (doc for the text layouts), or hands them
// to in.capture.
func (in *Input) emit(f report.Format, v any, doc func() *report.Doc) ([]byte, error) {
	cli.FlagWarnings(v)
	if in.capture != nil {
		in.capture(v, doc)
		return nil, nil
	}
	task.Summarize(v)
	var b bytes.Buffer
	if err := report.Write(&b, f, v, doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// modelNames is the names of m models: the option's value when it was
// given, else prefix_0, prefix_1, ….
func modelNames(fs *flag.FlagSet, value, prefix string, m int) string {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "pred" || f.Name == "score" })
	if given {
		return value
	}
	names := make([]string, m)
	for j := range names {
		names[j] = prefix + "_" + strconv.Itoa(j)
	}
	return strings.Join(names, ",")
}
