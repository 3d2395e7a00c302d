package main

import (
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"strconv"

	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/resample"
	"github.com/evalkit-go/evalkit/table"
)

func init() {
	register(&command{name: "split", summary: "write K-fold, hold-out or bootstrap assignments for a data file", run: runSplit})
}

// splitResult is the --emit json output.
type splitResult struct {
	Method string        `json:"method"`
	N      int           `json:"n"`
	Seed   uint64        `json:"seed"`
	Splits []splitRecord `json:"splits"`
}

type splitRecord struct {
	Repeat int   `json:"repeat"` // 1-based repetition (K-fold) or bootstrap/hold-out draw
	Fold   int   `json:"fold"`   // 0-based fold within the repetition (0 for hold-out and bootstrap)
	Train  []int `json:"train"`
	Test   []int `json:"test"`
}

func runSplit(e *env, args []string) error {
	fs := flag.NewFlagSet("split", flag.ContinueOnError)
	kfold := fs.Int("kfold", 0, "K-fold cross-validation with K folds: adds column fold (0…K−1, the fold in which the row is tested)")
	loo := fs.Bool("loo", false, "leave-one-out: K-fold with one row per fold")
	holdout := fs.Float64("holdout", 0, "hold-out split with this fraction of rows (rounded up) in the test set: adds column set (train or test)")
	boot := fs.Int("bootstrap", 0, "B bootstrap samples: adds columns boot_1…boot_B, how many times the row was drawn (0 = out of bag)")
	stratify := fs.String("stratify", "", "keep the class shares of column COL in every fold or in both hold-out sets")
	group := fs.String("group", "", "keep the rows of each value of column COL in one fold (group K-fold; no shuffling)")
	shuffle := fs.Bool("shuffle", false, "shuffle before assigning folds or the hold-out test set (default: data order, as scikit-learn)")
	seed := fs.Uint64("seed", 0, "seed of the random generator (PCG; the same on every platform)")
	repeats := fs.Int("repeats", 1, "repeat K-fold (always shuffled) or hold-out (shuffle split) this many times: adds fold_1…fold_R or set_1…set_R")
	name := fs.String("name", "", "name of the added column(s) (default fold, set or boot)")
	inputFormatFlag(fs, e)
	emit := fs.String("emit", "data", "output: data (every input column plus the new ones, in the input's format), assign (row plus the new columns, CSV) or json (index lists)")
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	file, err := oneFile(fs, pos)
	if err != nil {
		return err
	}
	methods := 0
	for _, on := range []bool{*kfold != 0, *loo, *holdout != 0, *boot != 0} {
		if on {
			methods++
		}
	}
	switch {
	case methods != 1:
		return usagef("split: give exactly one of --kfold K, --loo, --holdout FRAC, --bootstrap B")
	case *kfold != 0 && *kfold < 2:
		return usagef("split: --kfold %d: need at least 2 folds", *kfold)
	case *holdout != 0 && !(*holdout > 0 && *holdout < 1):
		return usagef("split: --holdout %v: the test fraction must be in (0, 1)", *holdout)
	case *boot < 0:
		return usagef("split: --bootstrap %d: need at least 1 sample", *boot)
	case *repeats < 1:
		return usagef("split: --repeats %d: need at least 1", *repeats)
	case *group != "" && (*kfold == 0 || *shuffle || *repeats > 1 || *stratify != ""):
		return usagef("split: --group goes with --kfold only, without --shuffle, --repeats or --stratify")
	case *stratify != "" && *kfold == 0 && *holdout == 0:
		return usagef("split: --stratify goes with --kfold or --holdout")
	case *repeats > 1 && *kfold == 0 && *holdout == 0:
		return usagef("split: --repeats goes with --kfold or --holdout")
	case *emit != "data" && *emit != "assign" && *emit != "json":
		return usagef("split: --emit %q: want data, assign or json", *emit)
	}

	r, err := e.open(file)
	if err != nil {
		return err
	}
	defer r.Close()
	header := append([]string(nil), r.Header()...)
	keyCol := -1
	for _, c := range []string{*stratify, *group} {
		if c != "" {
			if keyCol, err = r.Col(c); err != nil {
				return err
			}
		}
	}
	var rows [][][]byte // every field of every row, for --emit data
	var keys []int      // class or group code per row
	var lines []int
	classes := label.NewSet(nil)
	for r.Next() {
		lines = append(lines, r.Line())
		if keyCol >= 0 {
			v, err := r.Text(keyCol)
			if err != nil {
				return err
			}
			id, _ := classes.ID(v)
			keys = append(keys, id)
		}
		if *emit == "data" {
			row := make([][]byte, len(header))
			for c := range header {
				if r.Format() == table.JSONL {
					row[c] = bytes.Clone(r.RawJSON(c))
				} else if _, isList, _ := r.List(c); isList {
					// Parquet input is written as CSV, which has no lists.
					return r.Errorf(c, fmt.Errorf("%w: a Parquet list, which --emit data cannot write as CSV (use --emit assign or json)", table.ErrColumnType))
				} else {
					row[c] = bytes.Clone(r.Field(c))
				}
			}
			rows = append(rows, row)
		}
	}
	if err := r.Err(); err != nil {
		return err
	}
	n := len(lines)
	if *group != "" {
		// GroupKFold numbers groups by sorted value (numeric when all are
		// numbers), as numpy.unique does
		_, perm := classes.Sorted()
		rank := make([]int, len(perm))
		for k, id := range perm {
			rank[id] = k
		}
		for i, id := range keys {
			keys[i] = rank[id]
		}
	}
	fail := func(err error) error { return fmt.Errorf("%s: %w", r.Name(), err) }

	res := splitResult{N: n, Seed: *seed}
	var cols []string   // added column names
	var vals [][]string // vals[c][row]
	base := *name
	addFolds := func(fl []resample.Folds) {
		if base == "" {
			base = "fold"
		}
		for rep, f := range fl {
			col := make([]string, n)
			for i, k := range f.Fold {
				col[i] = strconv.Itoa(k)
			}
			cols, vals = append(cols, numbered(base, rep, len(fl))), append(vals, col)
			for k, s := range f.Splits() {
				res.Splits = append(res.Splits, splitRecord{Repeat: rep + 1, Fold: k, Train: s.Train, Test: s.Test})
			}
		}
	}
	addSets := func(ss []resample.Split) {
		if base == "" {
			base = "set"
		}
		for rep, s := range ss {
			col := make([]string, n)
			for i := range col {
				col[i] = "train"
			}
			for _, i := range s.Test {
				col[i] = "test"
			}
			cols, vals = append(cols, numbered(base, rep, len(ss))), append(vals, col)
			res.Splits = append(res.Splits, splitRecord{Repeat: rep + 1, Train: s.Train, Test: s.Test})
		}
	}
	switch {
	case *loo:
		res.Method = "leave_one_out"
		f, err := resample.LeaveOneOut(n)
		if err != nil {
			return fail(err)
		}
		addFolds([]resample.Folds{f})
	case *kfold != 0 && *group != "":
		res.Method = "group_kfold"
		f, err := resample.GroupKFold(keys, *kfold)
		if err != nil {
			return fail(err)
		}
		addFolds([]resample.Folds{f})
	case *kfold != 0:
		res.Method = "kfold"
		if *stratify != "" {
			res.Method = "stratified_kfold"
			if err := checkMembers(r, *stratify, keys, lines, classes, *kfold, true); err != nil {
				return err
			}
		}
		var fl []resample.Folds
		var err error
		switch {
		case *repeats > 1 && *stratify != "":
			fl, err = resample.RepeatedStratifiedKFold(keys, *kfold, *repeats, *seed)
		case *repeats > 1:
			fl, err = resample.RepeatedKFold(n, *kfold, *repeats, *seed)
		default:
			var f resample.Folds
			o := resample.Options{Shuffle: *shuffle, Seed: *seed}
			if *stratify != "" {
				f, err = resample.StratifiedKFold(keys, *kfold, o)
			} else {
				f, err = resample.KFold(n, *kfold, o)
			}
			fl = []resample.Folds{f}
		}
		if err != nil {
			return fail(err)
		}
		for _, f := range fl {
			for _, w := range f.Warnings {
				fmt.Fprintf(e.stderr, "evalkit: warning: %s: %s\n", r.Name(), w)
			}
		}
		addFolds(fl)
	case *holdout != 0:
		res.Method = "holdout"
		var ss []resample.Split
		for rep := range *repeats {
			var s resample.Split
			var err error
			// each repetition draws from its own stream, so that repetition
			// 1 equals the single hold-out with the same seed
			sd := *seed + uint64(rep)
			if *stratify != "" {
				res.Method = "stratified_holdout"
				if err := checkMembers(r, *stratify, keys, lines, classes, 2, false); err != nil {
					return err
				}
				s, err = resample.StratifiedHoldOut(keys, *holdout, sd)
			} else {
				s, err = resample.HoldOut(n, *holdout, resample.Options{Shuffle: *shuffle || *repeats > 1, Seed: sd})
			}
			if err != nil {
				return fail(err)
			}
			ss = append(ss, s)
		}
		addSets(ss)
	default:
		res.Method = "bootstrap"
		bs, err := resample.Bootstrap(n, *boot, *seed)
		if err != nil {
			return fail(err)
		}
		if base == "" {
			base = "boot"
		}
		for b, s := range bs {
			col := make([]string, n)
			for i, c := range s.Counts(n) {
				col[i] = strconv.Itoa(c)
			}
			cols, vals = append(cols, fmt.Sprintf("%s_%d", base, b+1)), append(vals, col)
			res.Splits = append(res.Splits, splitRecord{Repeat: b + 1, Train: s.Train, Test: s.Test})
		}
	}

	var out bytes.Buffer
	switch *emit {
	case "json":
		b, err := report.JSON(res, "")
		if err != nil {
			return err
		}
		out.Write(b)
		out.WriteByte('\n')
	case "assign":
		w := csv.NewWriter(&out)
		w.Write(append([]string{"row"}, cols...))
		rec := make([]string, len(cols)+1)
		for i := range n {
			rec[0] = strconv.Itoa(i)
			for c := range cols {
				rec[c+1] = vals[c][i]
			}
			w.Write(rec)
		}
		w.Flush()
	default:
		for _, c := range cols {
			for _, h := range header {
				if h == c {
					return fmt.Errorf("%s: the input already has a column %q; choose another with --name", r.Name(), c)
				}
			}
		}
		if err := writeData(&out, r.Format(), header, rows, cols, vals); err != nil {
			return err
		}
	}
	_, err = e.stdout.Write(out.Bytes())
	return err
}

// numbered returns base for a single assignment, base_1… for several.
func numbered(base string, i, count int) string {
	if count == 1 {
		return base
	}
	return fmt.Sprintf("%s_%d", base, i+1)
}

// checkMembers reports, as a positioned error at the class's first row, a
// class with fewer than need members: for K-fold only when every class is
// that small (scikit-learn refuses that too; otherwise it warns), for a
// hold-out always.
func checkMembers(r *table.Reader, col string, keys, lines []int, classes *label.Set, need int, kfold bool) error {
	count := make([]int, classes.Len())
	first := make([]int, classes.Len())
	for i, k := range keys {
		if count[k] == 0 {
			first[k] = i
		}
		count[k]++
	}
	small := -1
	all := true
	for k, c := range count {
		if c < need {
			if small < 0 {
				small = k
			}
		} else {
			all = false
		}
	}
	if small < 0 || (kfold && !all) {
		return nil
	}
	what := fmt.Sprintf("has %d member(s), fewer than %d", count[small], need)
	if kfold {
		what = fmt.Sprintf("has %d member(s): every class has fewer than the %d folds", count[small], need)
	}
	return r.ErrorAt(lines[first[small]], col, fmt.Errorf("%w: class %q %s", resample.ErrClassTooSmall, classes.Names()[small], what))
}

// writeData writes the input rows with the added columns in the input's
// format: CSV (also for an unknown format), TSV, or JSON Lines.
func writeData(out *bytes.Buffer, f table.Format, header []string, rows [][][]byte, cols []string, vals [][]string) error {
	if f == table.JSONL {
		for i, row := range rows {
			out.WriteByte('{')
			first := true
			for c, h := range header {
				if row[c] == nil {
					continue // key absent in this object
				}
				if !first {
					out.WriteByte(',')
				}
				first = false
				b, _ := report.JSON(h, "")
				out.Write(b)
				out.WriteByte(':')
				out.Write(row[c])
			}
			for c, name := range cols {
				if !first {
					out.WriteByte(',')
				}
				first = false
				b, _ := report.JSON(name, "")
				out.Write(b)
				out.WriteByte(':')
				if v, err := strconv.Atoi(vals[c][i]); err == nil {
					out.WriteString(strconv.Itoa(v))
				} else {
					b, _ := report.JSON(vals[c][i], "")
					out.Write(b)
				}
			}
			out.WriteString("}\n")
		}
		return nil
	}
	w := csv.NewWriter(out)
	if f == table.TSV {
		w.Comma = '\t'
	}
	w.Write(append(append([]string(nil), header...), cols...))
	rec := make([]string, len(header)+len(cols))
	for i, row := range rows {
		for c := range header {
			rec[c] = string(row[c])
		}
		for c := range cols {
			rec[len(header)+c] = vals[c][i]
		}
		w.Write(rec)
	}
	w.Flush()
	return w.Error()
}
