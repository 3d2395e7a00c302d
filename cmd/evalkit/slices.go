package main

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// sliceJob is a task run with --by: the rows are read once (task.Slices)
// and the task runs, as it would on a file, on all of them and on each
// slice's.
type sliceJob struct {
	cmd    string   // the task ("classify")
	args   []string // its arguments
	path   string   // its FILE
	format report.Format
	cols   []string // the columns the task reads (a name the file lacks is left to the task's own error)
	memory *budget.Size
	slices *task.Slices
	// drop are flags of the task's run that a slice's run does not take
	// (they serve the comparison of slices).
	drop []string
	// compare, with --ci, compares each slice with the rest of the rows
	// on primary (--primary), or else on the first of primaries the
	// result has.
	compare   *task.SliceCompare
	primary   string
	primaries []string
}

// sliceCompare is the comparison of slices of --ci: nil without it.
// --adjust is checked here for one model (several models check it with
// their other flags).
func sliceCompare(cmd string, withCI bool, level float64, adjust string) (*task.SliceCompare, error) {
	switch adjust {
	case "holm", "bonferroni", "none":
	default:
		return nil, usagef("%s: --adjust must be holm, bonferroni or none, got %q", cmd, adjust)
	}
	if !withCI {
		return nil, nil
	}
	return &task.SliceCompare{Level: level, Adjust: adjust}, nil
}

// sliceColumns returns the column names of comma lists.
func sliceColumns(lists ...string) []string {
	var out []string
	for _, l := range lists {
		if l != "" {
			out = append(out, strings.Split(l, ",")...)
		}
	}
	return out
}

// runSliced runs job: the task on every row, then on each slice's rows,
// and writes the overall result with the slices.
func runSliced(e *env, job sliceJob) error {
	r, err := e.open(job.path)
	if err != nil {
		return err
	}
	in, err := job.slices.Read(r, job.cols)
	r.Close()
	if err != nil {
		return err
	}
	var c *command
	for _, x := range commands {
		if x.name == job.cmd {
			c = x
		}
	}
	args := dropFlags(cli.WithoutSliceFlags(job.args), job.drop)
	if lim := job.memory.Bytes(); lim > 0 {
		// The kept rows are held while each slice runs: the last
		// --memory, before any "--", wins.
		mem := []string{"--memory", strconv.FormatInt(max(1, lim-job.slices.Budget.Used()), 10)}
		end := len(args)
		for i, a := range args {
			if a == "--" {
				end = i
				break
			}
		}
		args = append(append(append([]string{}, args[:end]...), mem...), args[end:]...)
	}
	run := func(rd func() *table.Reader) (any, func() *report.Doc, error) {
		te := *e
		te.reopen = rd
		te.stderrTerm = false
		var v any
		var doc func() *report.Doc
		te.capture = func(x any, d func() *report.Doc) error { v, doc = x, d; return nil }
		if err := c.run(&te, args); err != nil {
			return nil, nil, err
		}
		return v, doc, nil
	}
	overall, doc, err := run(in.All)
	if err != nil {
		return err
	}
	results := make([]any, len(in.Slices))
	errs := make([]error, len(in.Slices))
	for i, s := range in.Slices {
		if s.Reader == nil {
			continue
		}
		first := true
		v, _, err := run(func() *table.Reader {
			if first {
				first = false
				return s.Reader
			}
			return in.Reopen(i)
		})
		var ue *cli.UsageError
		if errors.As(err, &ue) {
			return err
		}
		results[i], errs[i] = v, err
	}
	texts := make([]string, len(errs))
	for i, err := range errs {
		if err != nil {
			texts[i] = cli.FlagText(cli.TaskError(job.cmd, err).Error())
		}
	}
	out, err := in.Assemble(job.slices.By, overall, results, texts)
	if err != nil {
		return err
	}
	if job.compare != nil {
		if err := compareSlices(job, in, out, overall, run); err != nil {
			return err
		}
	}
	return emit(e, job.format, out, func() *report.Doc { return slicesDoc(doc(), out) })
}

// dropFlags returns args without the flags named (and their values, for
// flags other than booleans given alone).
func dropFlags(args []string, names []string) []string {
	if len(names) == 0 {
		return args
	}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		name := strings.TrimLeft(a, "-")
		n, _, hasValue := strings.Cut(name, "=")
		if len(name) == len(a) || !contains(names, n) {
			out = append(out, a)
			continue
		}
		if !hasValue {
			i++
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// slicesDoc is the overall document d with a section of the slices.
func slicesDoc(d *report.Doc, out *task.SlicesResult) *report.Doc {
	d.Sections = append(d.Sections, report.SlicesSection(out))
	return d
}

// oneModelDrops are the flags a slice's run of one model does not take:
// --adjust and --primary, which with one model serve the comparison of
// each slice with the rest of the rows.
func oneModelDrops(several bool) []string {
	if several {
		return nil
	}
	return []string{"adjust", "primary"}
}

// compareSlices compares each slice with the rest of the rows (the task
// run on them) on the primary measure (each model's, for several).
func compareSlices(job sliceJob, in *task.SlicedInput, out *task.SlicesResult, overall any,
	run func(rd func() *table.Reader) (any, func() *report.Doc, error)) error {
	measures, err := task.HeadlineMeasures(overall)
	if err != nil {
		return err
	}
	primary := job.primary
	if primary == "" {
		for _, p := range job.primaries {
			for _, m := range measures {
				if m == p || strings.HasSuffix(m, "."+p) && strings.HasPrefix(m, "models.") {
					primary = p
					break
				}
			}
			if primary != "" {
				break
			}
		}
	}
	if primary == "" {
		return usagef("%s: --by with --ci: the result has none of the measures %s to compare slices on (give --primary)", job.cmd, strings.Join(job.primaries, ", "))
	}
	c := *job.compare
	c.Measures = []string{primary}
	if len(measures) > 0 && strings.HasPrefix(measures[0], "models.") {
		c.Measures = nil
		for i := 0; ; i++ {
			p := "models." + strconv.Itoa(i) + "."
			if !slicesHasModel(overall, i) {
				break
			}
			c.Measures = append(c.Measures, p+primary)
		}
	}
	rest := make([]any, len(in.Slices))
	for i, s := range out.Slices {
		if s.Result == nil {
			continue
		}
		i := i
		rd := in.Rest(i)
		if rd == nil {
			continue
		}
		first := true
		v, _, err := run(func() *table.Reader {
			if first {
				first = false
				return rd
			}
			return in.Rest(i)
		})
		var ue *cli.UsageError
		if errors.As(err, &ue) {
			return err
		}
		rest[i] = v // nil when the task fails on the rest: not compared
	}
	return c.Compare(in, out, rest)
}

// slicesHasModel reports whether the several-model result v has model i.
func slicesHasModel(v any, i int) bool {
	ms, _ := task.HeadlineMeasures(v)
	p := "models." + strconv.Itoa(i) + "."
	for _, m := range ms {
		if strings.HasPrefix(m, p) {
			return true
		}
	}
	return false
}

// regressLosses gives the per-row losses of mse and mae of one model's
// predictions (column pred) of column y, for Welch's test.
func regressLosses(y, pred string) func(path string, r *table.Reader) ([]float64, bool, error) {
	return func(path string, r *table.Reader) ([]float64, bool, error) {
		if path != "mse" && path != "mae" {
			return nil, false, nil
		}
		cols, err := table.Columns(r, y, pred)
		if err != nil {
			return nil, false, err
		}
		var out []float64
		for r.Next() {
			a, err := r.Float(cols[0])
			if err != nil {
				return nil, false, err
			}
			b, err := r.Float(cols[1])
			if err != nil {
				return nil, false, err
			}
			d := a - b
			if path == "mse" {
				out = append(out, d*d)
			} else {
				out = append(out, math.Abs(d))
			}
		}
		return out, true, r.Err()
	}
}
