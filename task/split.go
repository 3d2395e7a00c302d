package task

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/resample"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// Split assigns the rows of a table to the folds of K-fold
// cross-validation (KFold folds, or one a row with LOO), to the training
// and test sets of a hold-out split (a HoldOut share of the rows tested) or
// to Bootstrap samples; exactly one of the four is set. Stratify keeps the
// class shares of that column in every fold or hold-out set; Group keeps
// the rows of each value of that column in one fold (K-fold only); Repeats
// repeats K-fold (always shuffled) or the hold-out split. Shuffle shuffles
// before assigning folds or the hold-out test set (default: data order,
// as scikit-learn); Seed seeds the PCG generator.
//
// Each assignment is one added column, named Name (default "fold", "set"
// or "boot"), numbered Name_1, Name_2, … when there are several. Split
// holds no row: a code a row for Stratify or Group (8 bytes) and the
// assignments (16 to 24 bytes a row for each set of folds, hold-out split
// or bootstrap sample, and with IndexLists 8 more a row for each split)
// are charged to Budget; a nil Budget is unlimited.
type Split struct {
	KFold     int
	LOO       bool
	HoldOut   float64
	Bootstrap int
	Stratify  string
	Group     string
	Shuffle   bool
	Seed      uint64
	Repeats   int // 0 means 1
	Name      string
	// IndexLists keeps the training and test rows of every split
	// (SplitResult.Splits) for K-fold too.
	IndexLists bool
	// Rewrite says that the rows will be written back as CSV: a Parquet
	// list, which CSV cannot hold, is an error.
	Rewrite bool
	Budget  *budget.Budget
}

// SplitResult is the result of [Split]: the index lists of every split
// (JSON) and the added columns ([SplitResult.WriteAssign],
// [SplitResult.WriteData]).
type SplitResult struct {
	Method string        `json:"method"`
	N      int           `json:"n"`
	Seed   uint64        `json:"seed"`
	Splits []SplitRecord `json:"splits"`
	// Signature names every option that changes the index lists.
	Signature *result.Signature `json:"signature"`

	Header   []string `json:"-"` // the input's columns
	Columns  []string `json:"-"` // the added columns
	Warnings []string `json:"-"` // of the resampling, prefixed by the input's name

	input  string
	vals   [][]int // vals[c][row]
	sets01 bool    // vals are 0 train, 1 test
}

// SplitRecord is one split of the rows.
type SplitRecord struct {
	Repeat int   `json:"repeat"` // 1-based repetition (K-fold) or bootstrap/hold-out draw
	Fold   int   `json:"fold"`   // 0-based fold within the repetition (0 for hold-out and bootstrap)
	Train  []int `json:"train"`
	Test   []int `json:"test"`
}

// classMembers is the size of a class of Stratify and the line of its
// first row.
type classMembers struct{ count, first int }

// Columns returns Stratify and Group.
func (t Split) Columns() []string { return []string{t.Stratify, t.Group} }

// Method is the name of the resampling: leave_one_out, group_kfold,
// kfold, stratified_kfold, holdout, stratified_holdout or bootstrap.
func (t Split) Method() string {
	switch {
	case t.LOO:
		return "leave_one_out"
	case t.KFold != 0 && t.Group != "":
		return "group_kfold"
	case t.KFold != 0 && t.Stratify != "":
		return "stratified_kfold"
	case t.KFold != 0:
		return "kfold"
	case t.HoldOut != 0 && t.Stratify != "":
		return "stratified_holdout"
	case t.HoldOut != 0:
		return "holdout"
	}
	return "bootstrap"
}

// Read reads the rows of r (their number and the Stratify or Group codes)
// and assigns them. Errors: a class of Stratify too small (a positioned
// [resample.ErrClassTooSmall] at its first row: for K-fold when every
// class has fewer members than folds, for a hold-out when one has fewer
// than 2), the errors of package resample prefixed by the input's name,
// and with Rewrite a Parquet list.
func (t Split) Read(r *table.Reader) (*SplitResult, error) {
	repeats := max(t.Repeats, 1)
	header := append([]string(nil), r.Header()...)
	keyCol := -1
	for _, c := range t.Columns() {
		if c != "" {
			var err error
			if keyCol, err = r.Col(c); err != nil {
				return nil, err
			}
		}
	}
	keyAcct := t.Budget.Account("split's class or group codes (8 bytes a row, and the labels)", "")
	var keys []int // class or group code per row
	var members []classMembers
	classes := label.NewSet(nil)
	n := 0
	for r.Next() {
		n++
		if keyCol >= 0 {
			v, err := r.Text(keyCol)
			if err != nil {
				return nil, err
			}
			id, _ := classes.ID(v)
			if id == len(members) {
				members = append(members, classMembers{first: r.Line()})
				if err := keyAcct.Set(classes.Bytes() + 16*int64(cap(members)) + 8*int64(cap(keys))); err != nil {
					return nil, err
				}
			}
			members[id].count++
			was := cap(keys)
			if keys = append(keys, id); cap(keys) != was {
				if err := keyAcct.Set(classes.Bytes() + 16*int64(cap(members)) + 8*int64(cap(keys))); err != nil {
					return nil, err
				}
			}
		}
		if t.Rewrite && r.Format() == table.Parquet {
			for c := range header {
				if _, isList, _ := r.List(c); isList {
					return nil, r.Errorf(c, fmt.Errorf("%w: a Parquet list, which task.SplitResult.WriteData cannot write as CSV (use task.SplitResult.WriteAssign or json)", table.ErrColumnType))
				}
			}
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	// Labels that are all numbers compare as numbers (package label): the
	// classes or groups "1", "1.0" and " 1" are one, as numpy's are.
	if keyCol >= 0 && label.ComparisonOf(classes) == label.Numbers {
		if set, class, same := canonical(classes); !same {
			merged := make([]classMembers, set.Len())
			for id, m := range members {
				c := &merged[class[id]]
				if c.count == 0 || m.first < c.first {
					c.first = m.first
				}
				c.count += m.count
			}
			for i, id := range keys {
				keys[i] = class[id]
			}
			classes, members = set, merged
		}
	}
	if t.Group != "" {
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
	fail := func(err error) error { return named(r, err) }

	// The assignments: 8 bytes a row for each added column and for the
	// resampling's own work (an order or a split of the rows), and with
	// the index lists 8 bytes a row a split.
	work := t.Budget.Account("split's assignments (16 to 24 bytes a row for each fold set, hold-out or bootstrap sample; with task.Split.IndexLists 8 more a row for each split's index lists)", "")
	defer work.Close()
	perSet, sets := int64(16), int64(repeats) // bytes a row a set of folds or hold-out draw
	splitsPerSet := int64(1)
	switch {
	case t.LOO:
		splitsPerSet = int64(n)
	case t.KFold != 0:
		splitsPerSet = int64(t.KFold)
	case t.Bootstrap != 0:
		perSet, sets = 24, int64(t.Bootstrap)
	}
	if t.IndexLists {
		perSet += 8 * splitsPerSet
	}
	if err := work.Grow(int64(n) * perSet * sets); err != nil {
		return nil, err
	}

	res := &SplitResult{Method: t.Method(), N: n, Seed: t.Seed, Header: header, input: r.Name()}
	base := t.Name
	addFolds := func(fl []resample.Folds) {
		if base == "" {
			base = "fold"
		}
		for rep, f := range fl {
			res.Columns, res.vals = append(res.Columns, numbered(base, rep, len(fl))), append(res.vals, f.Fold)
			if t.IndexLists {
				for k, s := range f.Splits() {
					res.Splits = append(res.Splits, SplitRecord{Repeat: rep + 1, Fold: k, Train: s.Train, Test: s.Test})
				}
			}
		}
	}
	switch {
	case t.LOO:
		f, err := resample.LeaveOneOut(n)
		if err != nil {
			return nil, fail(err)
		}
		addFolds([]resample.Folds{f})
	case t.KFold != 0 && t.Group != "":
		f, err := resample.GroupKFold(keys, t.KFold)
		if err != nil {
			return nil, fail(err)
		}
		addFolds([]resample.Folds{f})
	case t.KFold != 0:
		if t.Stratify != "" {
			if err := checkMembers(r, t.Stratify, members, classes, t.KFold, true); err != nil {
				return nil, err
			}
		}
		var fl []resample.Folds
		var err error
		switch {
		case repeats > 1 && t.Stratify != "":
			fl, err = resample.RepeatedStratifiedKFold(keys, t.KFold, repeats, t.Seed)
		case repeats > 1:
			fl, err = resample.RepeatedKFold(n, t.KFold, repeats, t.Seed)
		default:
			var f resample.Folds
			o := resample.Options{Shuffle: t.Shuffle, Seed: t.Seed}
			if t.Stratify != "" {
				f, err = resample.StratifiedKFold(keys, t.KFold, o)
			} else {
				f, err = resample.KFold(n, t.KFold, o)
			}
			fl = []resample.Folds{f}
		}
		if err != nil {
			return nil, fail(err)
		}
		for _, f := range fl {
			for _, w := range f.Warnings {
				res.Warnings = append(res.Warnings, r.Name()+": "+w)
			}
		}
		addFolds(fl)
	case t.HoldOut != 0:
		if base == "" {
			base = "set"
		}
		res.sets01 = true
		for rep := range repeats {
			var s resample.Split
			var err error
			// each repetition draws from its own stream, so that repetition
			// 1 equals the single hold-out with the same seed
			sd := t.Seed + uint64(rep)
			if t.Stratify != "" {
				if err := checkMembers(r, t.Stratify, members, classes, 2, false); err != nil {
					return nil, err
				}
				s, err = resample.StratifiedHoldOut(keys, t.HoldOut, sd)
			} else {
				s, err = resample.HoldOut(n, t.HoldOut, resample.Options{Shuffle: t.Shuffle || repeats > 1, Seed: sd})
			}
			if err != nil {
				return nil, fail(err)
			}
			col := make([]int, n)
			for _, i := range s.Test {
				col[i] = 1
			}
			res.Columns, res.vals = append(res.Columns, numbered(base, rep, repeats)), append(res.vals, col)
			res.Splits = append(res.Splits, SplitRecord{Repeat: rep + 1, Train: s.Train, Test: s.Test})
		}
	default:
		bs, err := resample.Bootstrap(n, t.Bootstrap, t.Seed)
		if err != nil {
			return nil, fail(err)
		}
		if base == "" {
			base = "boot"
		}
		for b, s := range bs {
			res.Columns, res.vals = append(res.Columns, fmt.Sprintf("%s_%d", base, b+1)), append(res.vals, s.Counts(n))
			res.Splits = append(res.Splits, SplitRecord{Repeat: b + 1, Train: s.Train, Test: s.Test})
		}
	}
	res.Signature = t.signature(repeats)
	return res, nil
}

// signature names the method and every option that changes the
// assignments.
func (t Split) signature(repeats int) *result.Signature {
	sig := result.NewSignature("split").Add("method", t.Method())
	switch {
	case t.Bootstrap != 0:
		sig.Int("bootstrap", t.Bootstrap)
	case t.HoldOut != 0:
		sig.Float("holdout", t.HoldOut)
	case t.KFold != 0:
		sig.Int("k", t.KFold)
	}
	return sig.Column("stratify", t.Stratify).Column("group", t.Group).Bool("shuffle", t.Shuffle).
		Int("repeats", repeats).Seed("seed", t.Seed)
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

// Value is added column c of row i: the fold (0…K−1), train or test, or
// the times a bootstrap sample drew the row.
func (s *SplitResult) Value(c, i int) string {
	v := s.vals[c][i]
	if s.sets01 {
		return [2]string{"train", "test"}[v]
	}
	return strconv.Itoa(v)
}

// CheckColumns returns an error when the input already has a column of
// the name of an added one.
func (s *SplitResult) CheckColumns() error {
	for _, c := range s.Columns {
		for _, h := range s.Header {
			if h == c {
				return fmt.Errorf("%s: the input already has a column %q; choose another with task.Split.Name", s.input, c)
			}
		}
	}
	return nil
}

// WriteAssign writes, as CSV, the column row (0, 1, …) and the added
// columns.
func (s *SplitResult) WriteAssign(w io.Writer) error {
	out := bufio.NewWriterSize(w, 1<<16)
	cw := csv.NewWriter(out)
	cw.Write(append([]string{"row"}, s.Columns...))
	rec := make([]string, len(s.Columns)+1)
	for i := range s.N {
		rec[0] = strconv.Itoa(i)
		for c := range s.Columns {
			rec[c+1] = s.Value(c, i)
		}
		cw.Write(rec)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return out.Flush()
}

// WriteData writes the rows of r, the input read a second time, with the
// added columns in the input's format: CSV (also for Parquet), TSV, or
// JSON Lines. A different number of rows than the first time means that
// the input changed in between, an error.
func (s *SplitResult) WriteData(w io.Writer, r *table.Reader) error {
	out := bufio.NewWriterSize(w, 1<<16)
	if err := writeData(out, r, s.Header, s.N, s.Columns, s.Value); err != nil {
		return err
	}
	return out.Flush()
}

// writeData writes the n rows of r with the added columns (value(c, i) is
// column c of row i).
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
