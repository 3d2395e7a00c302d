package gate

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/result"
)

// Options are the options of [Evaluate].
type Options struct {
	// Intervals decides gates by intervals: a value's own, or the paired
	// test's interval of a difference between two models. When it is
	// false, every gate compares point estimates.
	Intervals bool
}

// Gate is the verdict of one expression: whether it holds, why, and each
// value it checked (several for a path with *).
type Gate struct {
	Expression string  `json:"expression"`
	Holds      bool    `json:"holds"`
	Reason     string  `json:"reason"`
	Checks     []Check `json:"checks"`
	// Skipped names the elements a * matched that have no value at the
	// rest of the path (a slice too small to be measured).
	Skipped []string `json:"skipped,omitempty"`
}

// Check is one value a gate checked. For PATH OP NUMBER, Value is the
// value at Path and Bound the number; for PATH OP PATH ± c, Value is the
// left value, AgainstValue the right one, Difference their difference
// (left − right) and Bound c. Interval is the interval that decided (of
// the value, or of the difference), nil when point estimates decided;
// Method is its method or the paired test.
type Check struct {
	Path         string           `json:"path"`
	Name         string           `json:"name,omitempty"`
	Value        result.Float     `json:"value"`
	Against      string           `json:"against,omitempty"`
	AgainstValue *result.Float    `json:"against_value,omitempty"`
	Difference   *result.Float    `json:"difference,omitempty"`
	Bound        float64          `json:"bound"`
	Interval     *[2]result.Float `json:"interval"`
	Method       string           `json:"method,omitempty"`
	Holds        bool             `json:"holds"`
	Reason       string           `json:"reason"`
}

// PathError is a gate naming a path the result does not have, or one
// that is not a number: a mistake in the expression, not a failed gate.
type PathError struct {
	Expr    string
	Path    string
	Problem string // "names no value of the result", "is an object, not a number"
	Nearest string // the nearest path holding a number ("" when none)
}

func (e *PathError) Error() string {
	s := fmt.Sprintf("gate %q: %s %s", e.Expr, e.Path, e.Problem)
	if e.Nearest != "" {
		s += " (nearest: " + e.Nearest + ")"
	}
	return s
}

// Evaluate evaluates every gate on v, a result (anything [result.JSON]
// encodes as an object). It returns a *PathError for an expression whose
// path the result does not have.
func Evaluate(v any, exprs []Expr, opt Options) ([]Gate, error) {
	if len(exprs) == 0 {
		return nil, nil
	}
	doc, err := result.JSON(v, "")
	if err != nil {
		return nil, err
	}
	return EvaluateJSON(doc, exprs, opt)
}

// EvaluateJSON is [Evaluate] on a result's JSON document.
func EvaluateJSON(doc []byte, exprs []Expr, opt Options) ([]Gate, error) {
	root, err := decode(doc)
	if err != nil {
		return nil, err
	}
	e := &evaluator{root: root, opt: opt}
	var out []Gate
	for _, x := range exprs {
		g, err := e.gate(x)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// Failed returns the expressions of the gates that do not hold.
func Failed(gs []Gate) []string {
	var out []string
	for _, g := range gs {
		if !g.Holds {
			out = append(out, g.Expression)
		}
	}
	return out
}

type evaluator struct {
	root  any
	opt   Options
	paths []string // candidate spellings for the nearest path, built once
}

// values resolves path to numbers, or returns a *PathError.
func (e *evaluator) values(x Expr, path string) ([]match, []string, error) {
	found, skipped := resolve(e.root, strings.Split(path, "."))
	if len(found) == 0 {
		return nil, nil, &PathError{Expr: x.Text, Path: path, Problem: "names no value of the result", Nearest: e.nearest(path)}
	}
	for _, m := range found {
		if _, ok := numberOf(m.value); !ok {
			p := path
			if m.name != "" {
				p = strings.Join(m.path, ".")
			}
			return nil, nil, &PathError{Expr: x.Text, Path: p, Problem: "is " + kind(m.value) + ", not a number", Nearest: e.nearestBelow(path)}
		}
	}
	return found, skipped, nil
}

func (e *evaluator) gate(x Expr) (Gate, error) {
	g := Gate{Expression: x.String()}
	left, skipped, err := e.values(x, x.Left)
	if err != nil {
		return g, err
	}
	var right match
	if x.Right != "" {
		rs, _, err := e.values(x, x.Right)
		if err != nil {
			return g, err
		}
		right = rs[0]
	}
	g.Skipped = skipped
	g.Holds = true
	var failed []string
	for _, m := range left {
		var c Check
		if x.Right == "" {
			c = e.bound(x, m)
		} else {
			c = e.compare(x, m, right)
		}
		c.Name = m.name
		if !c.Holds {
			g.Holds = false
			failed = append(failed, m.name)
		}
		g.Checks = append(g.Checks, c)
	}
	switch {
	case len(g.Checks) == 1 && len(skipped) == 0 && g.Checks[0].Name == "":
		g.Reason = g.Checks[0].Reason
	case g.Holds:
		g.Reason = fmt.Sprintf("all %d hold", len(g.Checks))
	default:
		g.Reason = fmt.Sprintf("%d of %d fail: %s", len(failed), len(g.Checks), strings.Join(failed, "; "))
	}
	if len(skipped) > 0 {
		g.Reason += fmt.Sprintf("; %d without a value of %s, not checked: %s", len(skipped), x.Left, strings.Join(skipped, "; "))
	}
	return g, nil
}

// pointNote ends the reason of a gate decided by point estimates because
// no interval was asked for.
const pointNote = " (gate.Options.Intervals unset, point estimates decide)"

// bound checks one value against a number.
func (e *evaluator) bound(x Expr, m match) Check {
	v, _ := numberOf(m.value)
	c := Check{Path: strings.Join(m.path, "."), Value: result.Float(v), Bound: x.Number}
	if math.IsNaN(v) {
		c.Reason = "the value is undefined (null): the gate fails"
		return c
	}
	if !e.opt.Intervals {
		c.Holds = x.Op.holds(v, x.Number)
		c.Reason = pointReason("the point estimate", v, x, c.Holds) + pointNote
		return c
	}
	iv, method, level, ok := e.interval(m.path)
	if !ok {
		c.Holds = x.Op.holds(v, x.Number)
		c.Reason = fmt.Sprintf("the result has no interval for %s: %s", c.Path, pointReason("the point estimate", v, x, c.Holds))
		return c
	}
	c.Interval = &[2]result.Float{result.Float(iv[0]), result.Float(iv[1])}
	c.Method = method
	c.Holds, c.Reason = intervalReason(level+"interval", iv, method, x)
	return c
}

// compare checks the difference of two values against x.Number.
func (e *evaluator) compare(x Expr, l, r match) Check {
	lv, _ := numberOf(l.value)
	rv, _ := numberOf(r.value)
	d := lv - rv
	lp, rp := strings.Join(l.path, "."), strings.Join(r.path, ".")
	c := Check{Path: lp, Value: result.Float(lv), Against: rp, AgainstValue: ptr(rv), Difference: ptr(d), Bound: x.Number}
	what := fmt.Sprintf("the difference %s − %s", lp, rp)
	if ln, rn, measure, _, ok := modelPair(e.root, l.path, r.path); ok {
		what = fmt.Sprintf("the difference %s − %s in %s", ln, rn, measure)
	}
	if lp == rp {
		c.Interval = &[2]result.Float{0, 0}
		c.Holds = x.Op.holds(0, x.Number)
		c.Reason = fmt.Sprintf("both sides are the same value, the difference is 0: it %s %s", holdsWords(x.Op, c.Holds), num4(x.Number))
		return c
	}
	if math.IsNaN(d) {
		c.Reason = "a value is undefined (null): the gate fails"
		return c
	}
	point := func(prefix string) {
		c.Holds = x.Op.holds(d, x.Number)
		c.Reason = prefix + fmt.Sprintf("%s, %s − %s = %s, %s %s", what, num4(lv), num4(rv), num4(d), holdsWords(x.Op, c.Holds), num4(x.Number))
	}
	if !e.opt.Intervals {
		point("")
		c.Reason += pointNote
		return c
	}
	ln, rn, measure, container, ok := modelPair(e.root, l.path, r.path)
	if !ok {
		point("no paired interval for two values that are not one measure of two models: ")
		return c
	}
	iv, test, found, hasCI := comparison(e.root, container, ln, rn, measure)
	switch {
	case !found:
		point(fmt.Sprintf("the result compares %s and %s on %s by no paired test (board.Options.Compare lists the measures compared): ", ln, rn, measure))
		return c
	case !hasCI:
		point(fmt.Sprintf("the paired test (%s) of %s and %s on %s gives no interval: ", hyptest.MethodWords(test), ln, rn, measure))
		return c
	}
	c.Interval = &[2]result.Float{result.Float(iv[0]), result.Float(iv[1])}
	c.Method = test
	c.Holds, c.Reason = intervalReason("paired interval of "+what, iv, test, x)
	return c
}

func ptr(x float64) *result.Float { f := result.Float(x); return &f }

// num4 is a number to 4 significant digits, as text tables print them.
func num4(x float64) string { return strconv.FormatFloat(x, 'g', 4, 64) }

func holdsWords(o Op, holds bool) string {
	if holds {
		return o.words()
	}
	return strings.Replace(o.words(), "is ", "is not ", 1)
}

// pointReason: "the point estimate 0.8 is at least 0.7".
func pointReason(what string, v float64, x Expr, holds bool) string {
	return fmt.Sprintf("%s %s %s %s", what, num4(v), holdsWords(x.Op, holds), num4(x.Number))
}

// intervalReason decides x by interval iv and says why.
func intervalReason(what string, iv [2]float64, method string, x Expr) (bool, string) {
	desc := fmt.Sprintf("%s [%s, %s] (%s)", what, num4(iv[0]), num4(iv[1]), hyptest.MethodWords(method))
	end, endName := iv[0], "low"
	if x.Op.upper() {
		end, endName = iv[1], "high"
	}
	if math.IsNaN(end) {
		return false, fmt.Sprintf("the %s end of the %s is undefined: the gate fails", endName, desc)
	}
	if x.Op.holds(end, x.Number) {
		return true, fmt.Sprintf("the whole %s %s %s", desc, x.Op.words(), num4(x.Number))
	}
	return false, fmt.Sprintf("the %s end %s of the %s %s %s", endName, num4(end), desc, holdsWords(x.Op, false), num4(x.Number))
}

// interval finds the interval of the value at path: the member "b.c" of
// the "intervals" object of a, for path a.b.c, the deepest first. It
// returns the interval, its method and its level as words ("95% ", or "").
func (e *evaluator) interval(path []string) (iv [2]float64, method, level string, ok bool) {
	for k := len(path) - 1; k >= 0; k-- {
		o, isObj := at(e.root, path[:k]).(*object)
		if !isObj {
			continue
		}
		ivs, isObj := o.m["intervals"].(*object)
		if !isObj {
			continue
		}
		one, isObj := ivs.m[strings.Join(path[k:], ".")].(*object)
		if !isObj {
			continue
		}
		lo, ok1 := numberOf(one.m["low"])
		hi, ok2 := numberOf(one.m["high"])
		if !ok1 || !ok2 {
			continue
		}
		method, _ = one.m["method"].(string)
		if l, ok := numberOf(o.m["level"]); ok && !math.IsNaN(l) {
			level = strconv.FormatFloat(100*l, 'g', 4, 64) + "% "
		}
		return [2]float64{lo, hi}, method, level, true
	}
	return iv, "", "", false
}

// modelPair reports whether paths l and r are one measure of two models
// of the same several-model result (…models.i.M and …models.j.M), and
// returns the models' names, the measure M and the path of the object
// holding the models.
func modelPair(root any, l, r []string) (ln, rn, measure string, container []string, ok bool) {
	for k := 0; k+2 < len(l) && k+2 < len(r); k++ {
		if l[k] != "models" || r[k] != "models" || strings.Join(l[:k], ".") != strings.Join(r[:k], ".") {
			continue
		}
		if strings.Join(l[k+2:], ".") != strings.Join(r[k+2:], ".") || l[k+1] == r[k+1] {
			return "", "", "", nil, false
		}
		ln = elementName(at(root, l[:k+2]), -1)
		rn = elementName(at(root, r[:k+2]), -1)
		if ln == "" || rn == "" {
			return "", "", "", nil, false
		}
		return ln, rn, strings.Join(l[k+2:], "."), l[:k], true
	}
	return "", "", "", nil, false
}

// comparison finds the comparison of models a and b on measure in the
// "comparisons" of the object at path: the interval of a − b (flipped
// when it was computed as b − a) and its test.
func comparison(root any, path []string, a, b, measure string) (iv [2]float64, test string, found, hasCI bool) {
	o, isObj := at(root, path).(*object)
	if !isObj {
		return iv, "", false, false
	}
	cs, _ := o.m["comparisons"].([]any)
	for _, el := range cs {
		c, isObj := el.(*object)
		if !isObj || c.m["measure"] != measure {
			continue
		}
		ca, _ := c.m["a"].(string)
		cb, _ := c.m["b"].(string)
		sign := 0.0
		switch {
		case ca == a && cb == b:
			sign = 1
		case ca == b && cb == a:
			sign = -1
		default:
			continue
		}
		test, _ = c.m["test"].(string)
		ci, _ := c.m["ci"].([]any)
		if len(ci) != 2 {
			return iv, test, true, false
		}
		lo, ok1 := numberOf(ci[0])
		hi, ok2 := numberOf(ci[1])
		if !ok1 || !ok2 {
			return iv, test, true, false
		}
		if sign < 0 {
			lo, hi = -hi, -lo
		}
		return [2]float64{lo, hi}, test, true, true
	}
	return iv, "", false, false
}

// With is a result with its gates: its JSON is the result's own object
// with a last member "gates".
type With struct {
	Result any
	Gates  []Gate
}

// MarshalJSON writes the result's members, then "gates".
func (w With) MarshalJSON() ([]byte, error) {
	b, err := result.JSON(w.Result, "")
	if err != nil {
		return nil, err
	}
	if len(b) < 2 || b[0] != '{' {
		return nil, fmt.Errorf("gate: the result is not a JSON object")
	}
	g, err := result.JSON(w.Gates, "")
	if err != nil {
		return nil, err
	}
	out := b[:len(b)-1]
	if len(b) > 2 {
		out = append(out, ',')
	}
	out = append(out, `"gates":`...)
	return append(append(out, g...), '}'), nil
}
