package main

import (
	"errors"
	"fmt"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/rank"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	registerCompare(&compareTest{"delong", "DeLong's test of two correlated AUCs (two scores of the same rows)", runDeLong})
}

// deLongOut is the JSON of `compare delong`.
type deLongOut struct {
	N         int        `json:"n"`
	Positives int        `json:"positives"`
	Negatives int        `json:"negatives"`
	PosLabel  string     `json:"pos_label"`
	AUCA      float64    `json:"auc_a"`
	AUCB      float64    `json:"auc_b"`
	VarA      float64    `json:"var_a"`
	VarB      float64    `json:"var_b"`
	Cov       float64    `json:"cov"`
	Diff      float64    `json:"diff"`
	Statistic float64    `json:"statistic"`
	PValue    float64    `json:"p_value"`
	Conf      float64    `json:"conf_level"`
	DiffCI    [2]float64 `json:"diff_ci"`
	Warnings  []string   `json:"warnings"`
}

func runDeLong(e *env, args []string) error {
	fs, format := newCompareFlags("delong")
	yCol := fs.String("true", "y_true", "column of true labels")
	aCol := fs.String("score-a", "", "column of model A's scores, higher = more positive (required)")
	bCol := fs.String("score-b", "", "column of model B's scores (required)")
	posLabel := fs.String("pos-label", "", "positive label; default 1 when the labels are {0, 1} or {-1, 1}")
	conf := fs.Float64("conf", 0.95, "confidence level of the interval of auc_a − auc_b")
	memory := budget.Flag(fs)
	file, f, err := fileTask(e, fs, args, format)
	if err != nil {
		return err
	}
	if *aCol == "" || *bCol == "" {
		return usagef("%s: --score-a COL and --score-b COL are required", fs.Name())
	}
	if !(*conf > 0 && *conf < 1) {
		return usagef("%s: --conf must be in (0, 1), got %v", fs.Name(), *conf)
	}
	r, err := e.open(file)
	if err != nil {
		return err
	}
	defer r.Close()
	cols, err := table.Columns(r, *yCol, *aCol, *bCol)
	if err != nil {
		return err
	}
	rule := task.NewPosRule(*posLabel)
	var first task.FirstLabels
	var pos []bool
	var sa, sb []float64
	// DeLong's test needs every row: a label and two scores, 17 bytes a
	// row held, charged each time the slices grow.
	acct := memory.Budget().Account("compare delong's rows (a label and two scores a row)", "")
	for r.Next() {
		y, err := r.Text(cols[0])
		if err != nil {
			return err
		}
		c, err := rule.Class(r, y)
		if err != nil {
			return cli.TaskError("rank", rule.Stray(err, r, cols[0], &first))
		}
		first.See(r, 0, c, y)
		if _, err := first.Resolve(); err != nil {
			return cli.TaskError("compare delong", err)
		}
		p := c.Pos
		a, err := r.Float(cols[1])
		if err != nil {
			return err
		}
		b, err := r.Float(cols[2])
		if err != nil {
			return err
		}
		grew := len(sa) == cap(sa) || len(pos) == cap(pos)
		pos, sa, sb = append(pos, p), append(sa, a), append(sb, b)
		if grew {
			if err := acct.Set(int64(cap(pos)) + 8*int64(cap(sa)+cap(sb))); err != nil {
				return err
			}
		}
	}
	if err := r.Err(); err != nil {
		return err
	}
	if rule.Given() {
		if _, ok := rule.Labels().Lookup(*posLabel); !ok {
			return fmt.Errorf("%s: --pos-label %q is not among the labels of column %q", r.Name(), *posLabel, *yCol)
		}
	}
	d, err := rank.DeLongTest(pos, sa, sb)
	if err != nil {
		if errors.Is(err, rank.ErrOneClass) || errors.Is(err, rank.ErrTooFew) {
			return dataError(file, fmt.Errorf("column %q: %w", *yCol, err))
		}
		return dataError(file, err)
	}
	out := &deLongOut{N: len(pos), AUCA: d.AUCA, AUCB: d.AUCB, VarA: d.VarA, VarB: d.VarB, Cov: d.Cov,
		Diff: d.AUCA - d.AUCB, Statistic: d.Z, PValue: d.P, Conf: *conf, Warnings: []string{}}
	for _, p := range pos {
		if p {
			out.Positives++
		}
	}
	out.Negatives = out.N - out.Positives
	out.PosLabel = *posLabel
	if !rule.Given() {
		out.PosLabel = first.PosName
	}
	out.DiffCI[0], out.DiffCI[1] = d.DiffCI(*conf)
	return emit(e, f, out, pairsDoc(fmt.Sprintf("DeLong test of two correlated AUCs (n = %d: %d positive, %d negative)", out.N, out.Positives, out.Negatives),
		kv("AUC A", report.Sig(out.AUCA)),
		kv("AUC B", report.Sig(out.AUCB)),
		kv("difference A − B", fmt.Sprintf("%s (%g%% CI %s to %s)", report.Sig(out.Diff), 100*out.Conf, report.Sig(out.DiffCI[0]), report.Sig(out.DiffCI[1]))),
		kv("z", report.Sig(out.Statistic)),
		kv("p-value (two-sided)", report.Sig(out.PValue)),
	))
}
