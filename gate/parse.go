package gate

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Op is a comparison operator of a gate.
type Op int

// The operators.
const (
	Less Op = iota
	LessEq
	Greater
	GreaterEq
)

// String returns the operator as written: "<", "<=", ">" or ">=".
func (o Op) String() string {
	switch o {
	case Less:
		return "<"
	case LessEq:
		return "<="
	case Greater:
		return ">"
	}
	return ">="
}

// words returns the operator in words: "is below", "is at most", …
func (o Op) words() string {
	switch o {
	case Less:
		return "is below"
	case LessEq:
		return "is at most"
	case Greater:
		return "is above"
	}
	return "is at least"
}

// upper reports whether the operator bounds the value from above (< and
// <=): the interval's high end decides.
func (o Op) upper() bool { return o == Less || o == LessEq }

// holds reports whether x OP bound. NaN never holds.
func (o Op) holds(x, bound float64) bool {
	switch o {
	case Less:
		return x < bound
	case LessEq:
		return x <= bound
	case Greater:
		return x > bound
	}
	return x >= bound
}

// Expr is one parsed gate: Left Op Number, or Left Op Right + Number when
// Right is not "".
type Expr struct {
	Text   string // the expression as written, trimmed
	Left   string
	Op     Op
	Right  string
	Number float64 // the bound, or the offset added to Right
}

// String returns the expression in its canonical spelling, spaces around
// the operator and the sign.
func (e Expr) String() string {
	if e.Right == "" {
		return e.Left + " " + e.Op.String() + " " + num(e.Number)
	}
	switch {
	case e.Number > 0:
		return e.Left + " " + e.Op.String() + " " + e.Right + " + " + num(e.Number)
	case e.Number < 0:
		return e.Left + " " + e.Op.String() + " " + e.Right + " - " + num(-e.Number)
	}
	if _, _, split := splitRight(e.Right); split {
		return e.Left + " " + e.Op.String() + " " + e.Right + " + 0"
	}
	return e.Left + " " + e.Op.String() + " " + e.Right
}

// splitRight splits the right side of a gate into a path and an offset:
// at the first sign after which the rest is a number and before which
// stands a path. Without such a sign the whole is the path (split false).
func splitRight(right string) (path string, offset float64, split bool) {
	for i := 1; i < len(right); i++ {
		if right[i] != '+' && right[i] != '-' {
			continue
		}
		p := strings.TrimSpace(right[:i])
		x, ok := number(strings.TrimSpace(right[i+1:]))
		if !ok || p == "" || checkPath(p) != "" {
			continue
		}
		if _, isNum := number(p); isNum {
			continue
		}
		if right[i] == '-' {
			x = -x
		}
		return p, x, true
	}
	return right, 0, false
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// SyntaxError is an expression that is not a gate.
type SyntaxError struct {
	Expr    string
	Problem string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("gate %q: %s", e.Expr, e.Problem) }

// Parse parses a gate (see the package documentation for the grammar).
// Its error is a *SyntaxError.
func Parse(s string) (Expr, error) {
	s = strings.TrimSpace(s)
	bad := func(format string, args ...any) (Expr, error) {
		return Expr{}, &SyntaxError{Expr: s, Problem: fmt.Sprintf(format, args...)}
	}
	norm := strings.NewReplacer("≤", "<=", "≥", ">=", "−", "-").Replace(s)
	at := strings.IndexAny(norm, "<>")
	if at < 0 {
		if strings.Contains(norm, "=") {
			return bad("no comparison operator: use <, <=, > or >= (a gate is a bound, not an equality)")
		}
		return bad("no comparison operator: want PATH OP NUMBER or PATH OP PATH ± NUMBER, OP one of <, <=, >, >=")
	}
	e := Expr{Text: s}
	width := 1
	switch {
	case norm[at] == '<' && strings.HasPrefix(norm[at:], "<="):
		e.Op, width = LessEq, 2
	case norm[at] == '<':
		e.Op = Less
	case strings.HasPrefix(norm[at:], ">="):
		e.Op, width = GreaterEq, 2
	default:
		e.Op = Greater
	}
	left, right := strings.TrimSpace(norm[:at]), strings.TrimSpace(norm[at+width:])
	if strings.HasSuffix(left, "=") || strings.HasSuffix(left, "!") || strings.HasPrefix(right, "=") || strings.HasPrefix(right, ">") || strings.HasPrefix(right, "<") {
		return bad("unknown operator: use <, <=, > or >=")
	}
	if strings.ContainsAny(right, "<>") {
		return bad("more than one comparison operator")
	}
	if left == "" {
		return bad("no path before %s", e.Op)
	}
	if _, err := strconv.ParseFloat(left, 64); err == nil {
		return bad("the left side is a number: write the path first (PATH %s NUMBER)", flip(e.Op))
	}
	if err := checkPath(left); err != "" {
		return bad("path %q: %s", left, err)
	}
	e.Left = left
	if right == "" {
		return bad("nothing after %s: want a number or a path", e.Op)
	}
	if x, ok := number(right); ok {
		e.Number = x
		return e, nil
	}
	if strings.IndexAny(right[:1], "0123456789.+-") == 0 {
		return bad("%q is not a number", right)
	}
	e.Right, e.Number, _ = splitRight(right)
	if err := checkPath(e.Right); err != "" {
		return bad("%q is neither a number nor a path (PATH, PATH + NUMBER or PATH - NUMBER): %s", right, err)
	}
	if strings.Contains("."+e.Right+".", ".*.") {
		return bad("only the left side may hold *")
	}
	return e, nil
}

// flip is the operator with its sides swapped.
func flip(o Op) Op {
	switch o {
	case Less:
		return Greater
	case LessEq:
		return GreaterEq
	case Greater:
		return Less
	}
	return LessEq
}

// number parses a finite number.
func number(s string) (float64, bool) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	return x, true
}

// checkPath returns what is wrong with a path, or "".
func checkPath(p string) string {
	if strings.IndexFunc(p, unicode.IsSpace) >= 0 {
		return "holds a space"
	}
	for _, s := range strings.Split(p, ".") {
		if s == "" {
			return "has an empty member (two dots, or a dot at an end)"
		}
	}
	return ""
}
