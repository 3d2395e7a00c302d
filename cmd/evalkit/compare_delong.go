package main

import (
	"errors"
	"fmt"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	registerCompare(&compareTest{"delong", "DeLong's test of two correlated AUCs (two scores of the same rows)", runDeLong})
}

func runDeLong(e *env, args []string) error {
	fs, format := newCompareFlags("delong")
	yCol := fs.String("true", "y_true", "column of true labels")
	aCol := fs.String("score-a", "", "column of model A's scores, higher = more positive (required)")
	bCol := fs.String("score-b", "", "column of model B's scores (required)")
	posLabel := fs.String("pos-label", "", "positive label; default 1 when the labels are {0, 1} or {-1, 1}")
	conf := fs.Float64("conf", 0.95, "confidence level of the interval of auc_a − auc_b")
	alternative := fs.String("alternative", "two-sided", "alternative of the p-value: two-sided, greater (auc_a > auc_b) or less; the interval stays two-sided, as pROC's")
	unpaired := fs.Bool("unpaired", false, "two independent samples: the files A.csv B.csv, each with --true, A's scores in --score-a and B's in --score-b (pROC's roc.test(paired=FALSE))")
	memory := cli.MemoryFlag(fs)
	maxFieldFlag(fs, e)
	inputFormatFlag(fs, e)
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	var file string
	if *unpaired {
		if len(pos) != 2 {
			return usagef("%s: --unpaired needs two files, A.csv B.csv, got %d", fs.Name(), len(pos))
		}
	} else if file, err = oneFile(fs, pos); err != nil {
		return err
	}
	f, err := outputFormat(e, *format)
	if err != nil {
		return err
	}
	if *aCol == "" || *bCol == "" {
		return usagef("%s: --score-a COL and --score-b COL are required", fs.Name())
	}
	if !(*conf > 0 && *conf < 1) {
		return usagef("%s: --conf must be in (0, 1), got %v", fs.Name(), *conf)
	}
	alt, err := hyptest.ParseAlternative(*alternative)
	if err != nil {
		return usagef("%s: --alternative must be two-sided, greater or less, got %q", fs.Name(), *alternative)
	}
	t := task.DeLong{True: *yCol, ScoreA: *aCol, ScoreB: *bCol, PosLabel: *posLabel, Conf: *conf, Alternative: alt, Name: fs.Name(), Budget: memory.Budget()}
	if *unpaired {
		out, err := readUnpaired(e, pos[0], pos[1], t)
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

// readUnpaired reads the two samples of compare delong --unpaired.
func readUnpaired(e *env, fileA, fileB string, t task.DeLong) (*task.DeLongUnpairedResult, error) {
	a, err := e.open(fileA)
	if err != nil {
		return nil, err
	}
	defer a.Close()
	b, err := e.open(fileB)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	return t.ReadUnpaired(a, b)
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
