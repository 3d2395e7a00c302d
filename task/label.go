package task

import (
	"errors"
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/table"
)

// The positive-label rule of the binary tasks (rank, DeLong's test):
// the label equal to the positive label when one is given (by value when
// both are numbers: see [PosLabelOf] for a column that is not all
// numbers); otherwise,
// as scikit-learn's default, labels of value 1 are positive and labels of
// value 0 or −1 negative, any other label is an error, and so is a column
// holding both 0 and −1.

// LabelKind is what a label is under the default rule.
type LabelKind int8

const (
	KindOther  LabelKind = iota // any label, when the positive label is given
	KindZero                    // a label of value 0
	KindMinus1                  // a label of value −1
	KindOne                     // a label of value 1: the positive class
)

// LabelClass is the class of a label: positive or not, and its kind.
type LabelClass struct {
	Pos  bool
	Kind LabelKind
}

// LabelError is a column of labels that the default rule cannot read: a
// label not of value 0, 1 or −1, or labels of both 0 and −1. Either way
// the positive label must be given.
type LabelError struct {
	Where string // the row: "file:line", or a Parquet row's position
	Label string // the label not of value 0, 1 or −1 ("" when Mixed)
	Mixed bool   // labels of value 0 and −1 both occur; Where is the row of the later first one
	// Stray: other labels of the column, in the rows before it or in the
	// rest of its chunk, are of value 0, 1 or −1. The label is then a bad
	// value in a column the rule reads (damaged data, say), not a sign
	// that the column needs the positive label.
	Stray bool
}

func (e *LabelError) Error() string {
	if e.Mixed {
		return e.Where + ": labels include 0 and -1, so the positive label is required"
	}
	if e.Stray {
		return fmt.Sprintf("%s: label %q is not of value 0, 1 or -1, as the column's other labels are", e.Where, e.Label)
	}
	return fmt.Sprintf("%s: label %q: the labels are not {0, 1} or {-1, 1}, so the positive label is required", e.Where, e.Label)
}

// PosLabelError is a positive label that is not among the labels read.
type PosLabelError struct {
	File   string   // the input's name
	Label  string   // the positive label asked for
	Column string   // the label column
	Found  []string // the labels read, sorted
}

func (e *PosLabelError) Error() string {
	return fmt.Sprintf("%s: positive label %q is not among the labels of column %q (found: %s)", e.File, e.Label, e.Column, strings.Join(e.Found, ", "))
}

// PosRule classifies the labels of one goroutine's rows under the rule.
// A label's class depends on the label alone; what depends on the order
// of the rows (which label of value 1 is the positive one, whether 0 and
// −1 meet) is kept by [FirstLabels].
type PosRule struct {
	set      *label.Set
	class    []LabelClass // by label id
	posLabel string
	one      [256]LabelClass // one-byte labels seen, without a map lookup
	oneSeen  [256]bool
}

// NewPosRule returns the rule for the positive label posLabel ("" for
// the default rule).
func NewPosRule(posLabel string) *PosRule {
	return &PosRule{set: label.NewSet(nil), posLabel: posLabel}
}

// Given reports whether the positive label was given.
func (l *PosRule) Given() bool { return l.posLabel != "" }

// Labels returns the set of labels classified so far.
func (l *PosRule) Labels() *label.Set { return l.set }

// Class returns the class of label b of r's current row; a label the
// default rule cannot read is a *LabelError at that row.
func (l *PosRule) Class(r *table.Reader, b []byte) (LabelClass, error) {
	if len(b) == 1 && l.oneSeen[b[0]] {
		return l.one[b[0]], nil
	}
	id, _ := l.set.ID(b)
	if id < len(l.class) {
		return l.class[id], nil
	}
	name := string(b)
	c, ok := labelClass(l.posLabel, name)
	if !ok {
		return c, &LabelError{Where: r.Position(r.Line()), Label: name}
	}
	l.class = append(l.class, c)
	if len(b) == 1 {
		l.one[b[0]], l.oneSeen[b[0]] = c, true
	}
	return c, nil
}

// Stray returns err, a *LabelError at r's current row marked Stray if
// seen records a label of value 0, 1 or −1 in the rows before it, or a
// label of such a value is in column col of a later row of r (which it
// reads to the end, or to its first error). Other errors are returned as
// they are.
func (l *PosRule) Stray(err error, r *table.Reader, col int, seen *FirstLabels) error {
	var le *LabelError
	if !errors.As(err, &le) || le.Mixed || le.Stray {
		return err
	}
	if seen.any() {
		le.Stray = true
		return err
	}
	for r.Next() {
		b, err := r.Text(col)
		if err != nil {
			break
		}
		if v, err := table.ParseFloat(b); err == nil && (v == 0 || v == 1 || v == -1) {
			le.Stray = true
			break
		}
	}
	return err
}

// LabelAt is a row of some chunk (a file chunk, a Beam unit).
type LabelAt struct {
	Chunk, Line int    // Line 0: none
	Where       string // the row's position, for messages
}

// before reports whether a is a row before b (b none: true).
func (a LabelAt) before(b LabelAt) bool {
	return b.Line == 0 || a.Chunk < b.Chunk || a.Chunk == b.Chunk && a.Line < b.Line
}

// FirstLabels is where each kind of label first occurs in some chunks'
// rows, and the first label of value 1 (the positive class under the
// default rule). Records of chunks merge in any order.
type FirstLabels struct {
	First   [4]LabelAt // by LabelKind (KindOther unused)
	PosName string     // the label at First[KindOne]
}

// See records the label name of class c at r's current row, of chunk
// chunk.
func (f *FirstLabels) See(r *table.Reader, chunk int, c LabelClass, name []byte) {
	if c.Kind != KindOther && f.First[c.Kind].Line == 0 {
		line := r.Line()
		f.First[c.Kind] = LabelAt{Chunk: chunk, Line: line, Where: r.Position(line)}
		if c.Kind == KindOne {
			f.PosName = string(name)
		}
	}
}

// any reports whether a label of value 0, 1 or −1 was recorded.
func (f *FirstLabels) any() bool {
	return f.First[KindZero].Line > 0 || f.First[KindOne].Line > 0 || f.First[KindMinus1].Line > 0
}

// Merge adds the records of g.
func (f *FirstLabels) Merge(g *FirstLabels) {
	for k, at := range g.First {
		if at.Line > 0 && at.before(f.First[k]) {
			f.First[k] = at
			if LabelKind(k) == KindOne {
				f.PosName = g.PosName
			}
		}
	}
}

// Resolve returns the positive label of the default rule (the first
// label of value 1; "" if none), or, when labels of value 0 and −1 both
// occur, a *LabelError at the row where the second of them first occurs.
func (f *FirstLabels) Resolve() (string, error) {
	if z, m := f.First[KindZero], f.First[KindMinus1]; z.Line > 0 && m.Line > 0 {
		at := z
		if z.before(m) {
			at = m
		}
		return "", &LabelError{Where: at.Where, Mixed: true}
	}
	return f.PosName, nil
}

// labelClass is the class of the label name under the rule of posLabel
// ("" for the default rule); ok is false for a label the default rule
// cannot read.
func labelClass(posLabel, name string) (c LabelClass, ok bool) {
	if posLabel != "" {
		// By value when both are numbers; PosLabelOf checks, once every
		// label is read, that the column compares as numbers if that
		// made a difference.
		return LabelClass{Pos: label.Equal(name, posLabel, label.Numbers)}, true
	}
	v, err := table.ParseFloat([]byte(name))
	switch {
	case err != nil || (v != 0 && v != 1 && v != -1) || !label.Exact(name, v):
		return c, false
	case v == 1:
		return LabelClass{Pos: true, Kind: KindOne}, true
	case v == 0:
		return LabelClass{Kind: KindZero}, true
	}
	return LabelClass{Kind: KindMinus1}, true
}

// LabelCompareError is a positive label that a label of the column equals
// only as a number, in a column whose labels compare as strings (one of
// them is not a number).
type LabelCompareError struct {
	File, Column string
	PosLabel     string // the positive label asked for
	Label        string // a label of its value spelled otherwise
	Other        string // a label of the column that is not a number
}

func (e *LabelCompareError) Error() string {
	return fmt.Sprintf("%s: column %q: label %q is the positive label %q only as a number, but the labels compare as strings (%q is not a number): spell the positive class one way", e.File, e.Column, e.Label, e.PosLabel, e.Other)
}

// PosLabelOf resolves the positive label of a binary task once every
// label is read: labels are the column's labels (every spelling),
// posLabel the positive label asked for ("" for the default rule, whose
// positive label, the first of value 1, is rulePos). It returns how the
// labels compare ([label.ComparisonOfNames]), the labels' classes in
// label order and the positive label, spelled as results print them
// ([label.Spelling]: "1" for "1.0" when the labels are numbers). Errors:
// a *PosLabelError when posLabel is not among the labels; a
// *LabelCompareError when a label equals posLabel only as a number (the
// rows read took it for positive) but the labels compare as strings.
func PosLabelOf(file, column, posLabel, rulePos string, labels []string) (cmp label.Comparison, classes []string, pos string, err error) {
	cmp = label.ComparisonOfNames(labels)
	set := label.NewSet(nil)
	for _, l := range labels {
		set.ID([]byte(l))
	}
	classes, _ = set.Classes(cmp)
	if posLabel == "" {
		if rulePos == "" {
			return cmp, classes, "", nil
		}
		return cmp, classes, label.Spelling(rulePos, cmp), nil
	}
	found := false
	for _, l := range labels {
		if label.Equal(l, posLabel, cmp) {
			found = true
		}
	}
	if !found {
		return cmp, classes, "", &PosLabelError{File: file, Label: posLabel, Column: column, Found: classes}
	}
	if cmp == label.Strings {
		for _, l := range labels {
			if l != posLabel && label.Equal(l, posLabel, label.Numbers) {
				other := ""
				for _, o := range labels {
					if _, ok := label.Number(o); !ok {
						other = o
						break
					}
				}
				return cmp, classes, "", &LabelCompareError{File: file, Column: column, PosLabel: posLabel, Label: l, Other: other}
			}
		}
	}
	return cmp, classes, label.Spelling(posLabel, cmp), nil
}
