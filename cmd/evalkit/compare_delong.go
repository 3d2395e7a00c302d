package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	registerCompare(&compareTest{"delong", "DeLong's test of two correlated AUCs (two scores of the same rows)", runDeLong})
}

func runDeLong(e *env, args []string) error {
	fs, format := newCompareFlags("delong")
	c := defineROCPair(fs, " (pROC's roc.test(paired=FALSE))")
	var level cli.LevelFlag
	level.Define(fs, 0.95, "confidence level of the interval of auc_a − auc_b")
	alternative := fs.String("alternative", "two-sided", "alternative of the p-value: two-sided, greater (auc_a > auc_b) or less; the interval stays two-sided, as pROC's")
	pos, file, f, err := c.parse(e, fs, args, format)
	if err != nil {
		return err
	}
	if err := level.Check(fs.Name()); err != nil {
		return err
	}
	if !(level.Level > 0 && level.Level < 1) {
		return usagef("%s: --level must be in (0, 1), got %v", fs.Name(), level.Level)
	}
	alt, err := hyptest.ParseAlternative(*alternative)
	if err != nil {
		return usagef("%s: --alternative must be two-sided, greater or less, got %q", fs.Name(), *alternative)
	}
	t := c.task(fs)
	t.Conf, t.Alternative = level.Level, alt
	if *c.unpaired {
		out, err := readUnpaired(e, pos[0], pos[1], t.ReadUnpaired)
		if err := delongError(err); err != nil {
			return err
		}
		return emit(e, f, out, func() *report.Doc { return report.DeLongUnpaired(out) })
	}
	out, err := readFile(e, file, t.Read)
	if err := delongError(err); err != nil {
		return err
	}
	return emit(e, f, out, func() *report.Doc { return report.DeLong(out) })
}

// readUnpaired opens the two files of --unpaired (compare delong and
// roc-test) and reads their samples with read.
func readUnpaired[R any](e *env, fileA, fileB string, read func(a, b *table.Reader) (R, error)) (R, error) {
	var zero R
	a, err := e.open(fileA)
	if err != nil {
		return zero, err
	}
	defer a.Close()
	b, err := e.open(fileB)
	if err != nil {
		return zero, err
	}
	defer b.Close()
	return read(a, b)
}

// rocPairFlags are the flags the tests of two ROC curves (compare delong,
// roc-test and roc-power) share: the columns, --unpaired's two files and
// --memory.
type rocPairFlags struct {
	yCol, aCol, bCol, posLabel *string
	unpaired                   *bool
	memory                     *budget.Size
}

// parse parses the arguments of a test of two ROC curves: the flags, the
// file (or with --unpaired the two files, then file is ""), the output
// format, and both score columns named.
func (c rocPairFlags) parse(e *env, fs *flag.FlagSet, args []string, format *string) (pos []string, file string, f report.Format, err error) {
	if pos, f, err = filesTask(e, fs, args, format); err != nil {
		return nil, "", 0, err
	}
	if file, err = c.file(fs, pos); err != nil {
		return nil, "", 0, err
	}
	return pos, file, f, c.needScores(fs)
}

// task is the columns and budget of the flags, as a task.DeLong.
func (c rocPairFlags) task(fs *flag.FlagSet) task.DeLong {
	return task.DeLong{True: *c.yCol, ScoreA: *c.aCol, ScoreB: *c.bCol, PosLabel: *c.posLabel, Name: fs.Name(), Budget: c.memory.Budget()}
}

// defineROCPair defines the shared flags on fs; unpairedRef ends the
// help of --unpaired.
func defineROCPair(fs *flag.FlagSet, unpairedRef string) rocPairFlags {
	return rocPairFlags{
		yCol:     fs.String("true", "y_true", "column of true labels"),
		aCol:     fs.String("score-a", "", "column of model A's scores, higher = more positive (required)"),
		bCol:     fs.String("score-b", "", "column of model B's scores (required)"),
		posLabel: fs.String("pos-label", "", "positive label; default 1 when the labels are {0, 1} or {-1, 1}"),
		unpaired: fs.Bool("unpaired", false, "two independent samples: the files A.csv B.csv, each with --true, A's scores in --score-a and B's in --score-b"+unpairedRef),
		memory:   cli.MemoryFlag(fs),
	}
}

// file checks the positional arguments: the one file (or stdin), or with
// --unpaired two files (then file is "").
func (c rocPairFlags) file(fs *flag.FlagSet, pos []string) (string, error) {
	if !*c.unpaired {
		return oneFile(fs, pos)
	}
	if len(pos) != 2 {
		return "", usagef("%s: --unpaired needs two files, A.csv B.csv, got %d", fs.Name(), len(pos))
	}
	return "", nil
}

// needScores checks that both score columns are named.
func (c rocPairFlags) needScores(fs *flag.FlagSet) error {
	if *c.aCol == "" || *c.bCol == "" {
		return usagef("%s: --score-a COL and --score-b COL are required", fs.Name())
	}
	return nil
}

// delongError words the errors of compare delong's reading for the
// command line.
func delongError(err error) error {
	var le *task.LabelError
	var pe *task.PosLabelError
	switch {
	case errors.As(err, &le) && le.Mixed:
		return cli.TaskError("compare delong", err)
	case errors.As(err, &le):
		return cli.TaskError("rank", err)
	case errors.As(err, &pe):
		return fmt.Errorf("%s: --pos-label %q is not among the labels of column %q", pe.File, pe.Label, pe.Column)
	}
	return err
}
