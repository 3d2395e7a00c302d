package main

import (
	"errors"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/internal/parallel"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// sliceJob is a task run with --by: the rows are read once, either into
// the state of every row and of each slice (onePass), or kept
// (task.Slices) for the task to run, as it would on a file, on all of
// them and on each slice's.
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
	// onePass, when not nil, reads the rows once into the state of every
	// row and of each slice, and builds each result from its state
	// (task's ReadSliced): the path taken when nothing needs the rows
	// again. A comparison of slices (--ci) needs them: the rest of a
	// slice's rows, run as a file of their own, is not a merge of the
	// other slices' states (the merge order differs from the input's).
	onePass func(r *table.Reader, sl *task.Slices) (*slicedRun, error)
}

// slicedRun is what a one-pass read of the slices gives: the slices, the
// overall result with its document, and each slice's result (nil for a
// slice too small) or error.
type slicedRun struct {
	in      *task.SlicedInput
	overall any
	doc     func() *report.Doc
	results []any
	errs    []error
}

// sliceResults builds each evaluated slice's result from its state (slice
// i's) with result, the code that builds a file's result from its state,
// the slices on every core: result must be safe to call concurrently for
// different slices (their states are apart).
func sliceResults[S any](run *slicedRun, states []S, result func(i int, st S) (any, error)) {
	run.results = make([]any, len(states))
	run.errs = make([]error, len(states))
	parallel.For(len(states), runtime.GOMAXPROCS(0), func(i int) {
		if run.in.Slices[i].Rows >= run.in.MinRows {
			run.results[i], run.errs[i] = result(i, states[i])
		}
	})
}

// sliceCompare is the comparison of slices of --ci: nil without it.
// --adjust is checked here for one model (several models check it with
// their other flags).
func sliceCompare(cmd string, withCI bool, level float64, adjust string) (*task.SliceCompare, error) {
	return cli.SliceCompare(cmd, withCI, level, adjust)
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

// runSliced runs job — in one pass when it has one and does not compare
// the slices, else the task on every row, then on each slice's rows — and
// writes the overall result with the slices.
func runSliced(e *env, job sliceJob) error {
	r, err := e.open(job.path)
	if err != nil {
		return err
	}
	if job.onePass != nil && job.compare == nil {
		stop := progress(e, r)
		run, err := job.onePass(r, job.slices)
		stop()
		r.Close()
		if err != nil {
			return err
		}
		for _, err := range run.errs {
			var ue *cli.UsageError
			if errors.As(err, &ue) {
				return err
			}
		}
		// Their warnings name flags, as a file's run prints them (emit).
		cli.FlagWarnings(run.overall)
		for _, v := range run.results {
			if v != nil {
				cli.FlagWarnings(v)
			}
		}
		return finishSliced(e, job, run, nil)
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
	run1 := &slicedRun{in: in, overall: overall, doc: doc, results: make([]any, len(in.Slices)), errs: make([]error, len(in.Slices))}
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
		run1.results[i], run1.errs[i] = v, err
	}
	return finishSliced(e, job, run1, run)
}

// finishSliced writes the overall result with the slices' results, their
// disparities and, with run (the task run on the rows a reader reads) and
// --ci, their comparisons with the rest of the rows.
func finishSliced(e *env, job sliceJob, sr *slicedRun, run func(rd func() *table.Reader) (any, func() *report.Doc, error)) error {
	out, err := cli.SliceResults(job.cmd, job.slices, sr.in, sr.overall, sr.results, sr.errs)
	if err != nil {
		return err
	}
	if job.compare != nil {
		err := cli.CompareSlices(job.cmd, *job.compare, job.primary, job.primaries, sr.in, out, func(i int) (any, error) {
			rd := sr.in.Rest(i)
			first := true
			v, _, err := run(func() *table.Reader {
				if first {
					first = false
					return rd
				}
				return sr.in.Rest(i)
			})
			return v, err
		})
		if err != nil {
			return err
		}
	}
	return emit(e, job.format, out, func() *report.Doc { return slicesDoc(sr.doc(), out) })
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
