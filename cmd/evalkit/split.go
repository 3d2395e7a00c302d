package main

import (
	"bufio"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/resample"
	"github.com/evalkit-go/evalkit/result"
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
	// Signature names every option that changes the index lists.
	Signature *result.Signature `json:"signature"`
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
	maxFieldFlag(fs, e)
	inputFormatFlag(fs, e)
	memory := budget.Flag(fs)
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

	// Pass 1 reads what the assignment needs: the number of rows and, for
	// --stratify or --group, a code per row. --emit data then reads the
	// input again and writes each row as it comes, so that no row is held;
	// standard input (or another stream that cannot be read twice) is
	// copied to a temporary file on the way.
	var r *table.Reader
	var replay *os.File
	var copyTo *bufio.Writer
	if *emit == "data" && !regularFile(file) {
		if replay, err = os.CreateTemp("", "evalkit-split-*"); err != nil {
			return err
		}
		release := registerTemp(replay.Name())
		defer func() {
			replay.Close()
			os.Remove(replay.Name())
			release()
		}()
		copyTo = bufio.NewWriterSize(replay, 1<<20)
		var done func()
		if r, done, err = e.openCopying(file, copyTo); err != nil {
			return err
		}
		defer done()
	} else if r, err = e.open(file); err != nil {
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
	bud := memory.Budget()
	keyAcct := bud.Account("split's class or group codes (8 bytes a row, and the labels)", "")
	var keys []int // class or group code per row
	var members []classMembers
	classes := label.NewSet(nil)
	n := 0
	for r.Next() {
		n++
		if keyCol >= 0 {
			v, err := r.Text(keyCol)
			if err != nil {
				return err
			}
			id, _ := classes.ID(v)
			if id == len(members) {
				members = append(members, classMembers{first: r.Line()})
				if err := keyAcct.Set(classes.Bytes() + 16*int64(cap(members)) + 8*int64(cap(keys))); err != nil {
					return err
				}
			}
			members[id].count++
			was := cap(keys)
			if keys = append(keys, id); cap(keys) != was {
				if err := keyAcct.Set(classes.Bytes() + 16*int64(cap(members)) + 8*int64(cap(keys))); err != nil {
					return err
				}
			}
		}
		if *emit == "data" && r.Format() == table.Parquet {
			for c := range header {
				if _, isList, _ := r.List(c); isList {
					// Parquet input is written as CSV, which has no lists.
					return r.Errorf(c, fmt.Errorf("%w: a Parquet list, which --emit data cannot write as CSV (use --emit assign or json)", table.ErrColumnType))
				}
			}
		}
	}
	if err := r.Err(); err != nil {
		return err
	}
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

	// The assignments: 8 bytes a row for each added column and for the
	// resampling's own work (an order or a split of the rows), and with
	// --emit json the index lists of every split, 8 bytes a row a split.
	work := bud.Account("split's assignments (16 to 24 bytes a row for each fold set, hold-out or bootstrap sample; with --emit json 8 more a row for each split's index lists)", "")
	defer work.Close()
	perSet, sets := int64(16), int64(*repeats) // bytes a row a set of folds or hold-out draw
	splitsPerSet := int64(1)
	switch {
	case *loo:
		splitsPerSet = int64(n)
	case *kfold != 0:
		splitsPerSet = int64(*kfold)
	case *boot != 0:
		perSet, sets = 24, int64(*boot)
	}
	if *emit == "json" {
		perSet += 8 * splitsPerSet
	}
	if err := work.Grow(int64(n) * perSet * sets); err != nil {
		return err
	}

	res := splitResult{N: n, Seed: *seed}
	var cols []string // added column names
	var vals [][]int  // vals[c][row]
	var sets01 bool   // vals are 0 train, 1 test
	base := *name
	addFolds := func(fl []resample.Folds) {
		if base == "" {
			base = "fold"
		}
		for rep, f := range fl {
			cols, vals = append(cols, numbered(base, rep, len(fl))), append(vals, f.Fold)
			if *emit == "json" {
				for k, s := range f.Splits() {
					res.Splits = append(res.Splits, splitRecord{Repeat: rep + 1, Fold: k, Train: s.Train, Test: s.Test})
				}
			}
		}
	}
	addSets := func(ss []resample.Split) {
		if base == "" {
			base = "set"
		}
		sets01 = true
		for rep, s := range ss {
			col := make([]int, n)
			for _, i := range s.Test {
				col[i] = 1
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
			if err := checkMembers(r, *stratify, members, classes, *kfold, true); err != nil {
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
				if err := checkMembers(r, *stratify, members, classes, 2, false); err != nil {
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
			cols, vals = append(cols, fmt.Sprintf("%s_%d", base, b+1)), append(vals, s.Counts(n))
			res.Splits = append(res.Splits, splitRecord{Repeat: b + 1, Train: s.Train, Test: s.Test})
		}
	}
	value := func(c, i int) string {
		v := vals[c][i]
		if sets01 {
			return [2]string{"train", "test"}[v]
		}
		return strconv.Itoa(v)
	}

	res.Signature = splitSignature(res.Method, *kfold, *holdout, *boot, *stratify, *group, *shuffle, *repeats, *seed)
	switch *emit {
	case "json":
		b, err := result.JSON(res, "")
		if err != nil {
			return err
		}
		_, err = e.stdout.Write(append(b, '\n'))
		return err
	case "assign":
		out := bufio.NewWriterSize(e.stdout, 1<<16)
		w := csv.NewWriter(out)
		w.Write(append([]string{"row"}, cols...))
		rec := make([]string, len(cols)+1)
		for i := range n {
			rec[0] = strconv.Itoa(i)
			for c := range cols {
				rec[c+1] = value(c, i)
			}
			w.Write(rec)
		}
		w.Flush()
		if err := w.Error(); err != nil {
			return err
		}
		return out.Flush()
	}
	for _, c := range cols {
		for _, h := range header {
			if h == c {
				return fmt.Errorf("%s: the input already has a column %q; choose another with --name", r.Name(), c)
			}
		}
	}
	// Pass 2: the same rows again, each written with its added columns.
	var r2 *table.Reader
	if replay != nil {
		if err := copyTo.Flush(); err != nil {
			return err
		}
		if _, err := replay.Seek(0, io.SeekStart); err != nil {
			return err
		}
		r2, err = table.NewReader(bufio.NewReaderSize(replay, 1<<16), r.Name(), r.Format())
	} else {
		r2, err = e.open(file)
	}
	if err != nil {
		return err
	}
	defer r2.Close()
	r2.SetMaxField(e.maxField)
	out := bufio.NewWriterSize(e.stdout, 1<<16)
	if err := writeData(out, r2, header, n, cols, value); err != nil {
		return err
	}
	return out.Flush()
}

// classMembers is the size of a class of --stratify and the line of its
// first row.
type classMembers struct{ count, first int }

// regularFile reports whether path names a regular file, which can be read
// twice (standard input, a pipe or a device cannot).
func regularFile(path string) bool {
	if path == "" || path == "-" {
		return false
	}
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// openCopying opens path ("" or "-": standard input) like e.open, and
// copies every byte read from it to w. done closes the file.
func (e *env) openCopying(path string, w io.Writer) (r *table.Reader, done func(), err error) {
	in, name, format := e.stdin, "<stdin>", e.inputFormat
	done = func() {}
	if path != "" && path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		in, name, done = f, path, func() { f.Close() }
		if format == table.Sniff {
			format = table.FormatOf(path)
		}
	}
	if r, err = table.NewReader(io.TeeReader(in, w), name, format); err != nil {
		done()
		return nil, nil, err
	}
	r.SetMaxField(e.maxField)
	return r, done, nil
}

// splitSignature is the signature of a split: the method and every
// option that changes the assignments.
func splitSignature(method string, k int, holdout float64, boot int, stratify, group string, shuffle bool, repeats int, seed uint64) *result.Signature {
	sig := result.NewSignature("split").Add("method", method)
	switch {
	case boot != 0:
		sig.Int("bootstrap", boot)
	case holdout != 0:
		sig.Float("holdout", holdout)
	case k != 0:
		sig.Int("k", k)
	}
	return sig.Column("stratify", stratify).Column("group", group).Bool("shuffle", shuffle).
		Int("repeats", repeats).Add("seed", strconv.FormatUint(seed, 10))
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
func checkMembers(r *table.Reader, col string, members []classMembers, classes *label.Set, need int, kfold bool) error {
	small := -1
	all := true
	for k, m := range members {
		if m.count < need {
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
	what := fmt.Sprintf("has %d member(s), fewer than %d", members[small].count, need)
	if kfold {
		what = fmt.Sprintf("has %d member(s): every class has fewer than the %d folds", members[small].count, need)
	}
	return r.ErrorAt(members[small].first, col, fmt.Errorf("%w: class %q %s", resample.ErrClassTooSmall, classes.Names()[small], what))
}

// writeData writes the n rows of r with the added columns (value(c, i) is
// column c of row i) in the input's format: CSV (also for Parquet), TSV,
// or JSON Lines. r is the input read a second time: a different number of
// rows means that it changed in between.
func writeData(out *bufio.Writer, r *table.Reader, header []string, n int, cols []string, value func(c, i int) string) error {
	changed := func() error {
		return fmt.Errorf("%s: the input changed while split read it twice: %d rows, then more or fewer", r.Name(), n)
	}
	var w *csv.Writer
	var rec []string
	if r.Format() != table.JSONL {
		w = csv.NewWriter(out)
		if r.Format() == table.TSV {
			w.Comma = '\t'
		}
		w.Write(append(append([]string(nil), header...), cols...))
		rec = make([]string, len(header)+len(cols))
	}
	names := make([][]byte, len(header)+len(cols)) // JSON keys
	for c, h := range append(append([]string(nil), header...), cols...) {
		names[c], _ = result.JSON(h, "")
	}
	i := 0
	for ; r.Next(); i++ {
		if i == n {
			return changed()
		}
		if w != nil {
			for c := range header {
				rec[c] = string(r.Field(c))
			}
			for c := range cols {
				rec[len(header)+c] = value(c, i)
			}
			w.Write(rec)
			continue
		}
		out.WriteByte('{')
		first := true
		for c := range header {
			v := r.RawJSON(c)
			if v == nil {
				continue // key absent in this object
			}
			if !first {
				out.WriteByte(',')
			}
			first = false
			out.Write(names[c])
			out.WriteByte(':')
			out.Write(v)
		}
		for c := range cols {
			if !first {
				out.WriteByte(',')
			}
			first = false
			out.Write(names[len(header)+c])
			out.WriteByte(':')
			if v := value(c, i); v == "train" || v == "test" {
				out.WriteByte('"')
				out.WriteString(v)
				out.WriteByte('"')
			} else {
				out.WriteString(v)
			}
		}
		out.WriteString("}\n")
	}
	if err := r.Err(); err != nil {
		return err
	}
	if i != n {
		return changed()
	}
	if w != nil {
		w.Flush()
		return w.Error()
	}
	return nil
}
