package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/internal/tempfile"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	register(&command{name: "split", summary: "write K-fold, hold-out or bootstrap assignments for a data file", run: runSplit})
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
	seed := fs.Uint64("seed", 1, "seed of the random generator (PCG; the same on every platform)")
	repeats := fs.Int("repeats", 1, "repeat K-fold (always shuffled) or hold-out (shuffle split) this many times: adds fold_1…fold_R or set_1…set_R")
	name := fs.String("name", "", "name of the added column(s) (default fold, set or boot)")
	maxFieldFlag(fs, e)
	inputFormatFlag(fs, e)
	memory := cli.MemoryFlag(fs)
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
		tf, err := tempfile.CreateTemp("split", "")
		if err != nil {
			return err
		}
		defer tf.Close() // and removes it
		replay = tf.File
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
	res, err := task.Split{KFold: *kfold, LOO: *loo, HoldOut: *holdout, Bootstrap: *boot, Stratify: *stratify, Group: *group,
		Shuffle: *shuffle, Seed: *seed, Repeats: *repeats, Name: *name, IndexLists: *emit == "json", Rewrite: *emit == "data",
		Budget: memory.Budget()}.Read(r)
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(e.stderr, "evalkit: warning: %s\n", cli.FlagText(w))
	}
	switch *emit {
	case "json":
		b, err := result.JSON(res, "")
		if err != nil {
			return err
		}
		_, err = e.stdout.Write(append(b, '\n'))
		return err
	case "assign":
		return res.WriteAssign(e.stdout)
	}
	if err := res.CheckColumns(); err != nil {
		return err
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
	return res.WriteData(e.stdout, r2)
}

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
	opt := e.tableOptions()
	opt.Format = format
	if r, err = table.NewReaderWith(io.TeeReader(in, w), name, opt); err != nil {
		done()
		return nil, nil, err
	}
	return r, done, nil
}
