package report

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/task"
)

// flat is a result's flattened JSON: its values by key.
type flat struct {
	vals map[string]string
}

func flatten(v any) flat {
	f := flat{vals: map[string]string{}}
	b, err := result.JSON(v, "")
	if err != nil {
		return f
	}
	kv, err := result.Flatten(b)
	if err != nil {
		return f
	}
	for _, p := range kv {
		f.vals[p[0]] = p[1]
	}
	return f
}

// sliceColumn is a column of the slices table: a key of a slice's
// result and its heading.
type sliceColumn struct{ key, head string }

// sliceColumns are the columns of a slices table for a result like
// overall: its headline measures ([task.HeadlineMeasures]), a model's
// headed by its name.
func sliceColumns(v any, overall flat) []sliceColumn {
	ms, _ := task.HeadlineMeasures(v)
	var cols []sliceColumn
	for _, m := range ms {
		cols = append(cols, sliceColumn{m, headOf(m, overall)})
	}
	return cols
}

// headOf is the heading of measure path m: a model's measure headed by
// the model's name ("m1 accuracy").
func headOf(m string, overall flat) string {
	if strings.HasPrefix(m, "models.") {
		parts := strings.SplitN(m, ".", 3)
		if len(parts) == 3 {
			return overall.vals["models."+parts[1]+".name"] + " " + parts[2]
		}
	}
	return m
}

// SliceName is a slice's name for people: "column=value, …".
func SliceName(by result.Object) string {
	var parts []string
	for _, m := range by {
		parts = append(parts, m.Key+"="+m.Value.(string))
	}
	return strings.Join(parts, ", ")
}

// SlicesSection is the section of a sliced result: a table of each
// slice's rows and headline measures, with the overall row first.
func SlicesSection(out *task.SlicesResult) *Section {
	overall := flatten(out.Result)
	cols := sliceColumns(out.Result, overall)
	var tests []string // the measures compared with the rest
	for _, s := range out.Slices {
		if len(s.VsRest) > len(tests) {
			tests = tests[:0]
			for _, v := range s.VsRest {
				tests = append(tests, v.Measure)
			}
		}
	}
	tested := len(tests) > 0
	t := &Table{Title: "slices", Header: []string{"slice", "rows"}, RowHeads: true}
	for _, c := range cols {
		t.Header = append(t.Header, c.head)
	}
	for _, m := range tests {
		head := "vs rest"
		if len(tests) > 1 {
			head = headOf(m, overall) + " vs rest"
		}
		t.Header = append(t.Header, head, "p (adj.)")
	}
	if tested {
		t.Header = append(t.Header, "")
	}
	row := func(name string, prefix string, rows int, f flat, msg string) []Cell {
		r := []Cell{T(name), C(prefix+"rows", float64(rows))}
		for j, c := range cols {
			if j > 0 && msg != "" {
				msg = " "
			}
			r = append(r, sliceInterval(numberCell(prefix+"result."+c.key, f.vals[c.key], msg), f, prefix+"result.", c.key))
		}
		for range tests {
			r = append(r, T(""), T(""))
		}
		if tested {
			r = append(r, T(""))
		}
		return r
	}
	all := row("(all rows)", "", 0, overall, "")
	all[1] = T("")
	if n, ok := overall.vals["n"]; ok {
		all[1] = T(n)
	}
	for i, c := range cols {
		all[i+2] = sliceInterval(numberCell(c.key, overall.vals[c.key], ""), overall, "", c.key)
	}
	t.Rows = append(t.Rows, all)
	for i, s := range out.Slices {
		p := "slices." + strconv.Itoa(i) + "."
		msg := ""
		switch {
		case s.Error != "":
			msg = "error"
		case s.Result == nil:
			msg = "too few rows"
		}
		r := row(SliceName(s.By), p, s.Rows, flatten(s.Result), msg)
		base := len(r) - 1 - 2*len(tests)
		for j, v := range s.VsRest {
			k := p + "vs_rest." + strconv.Itoa(j) + "."
			r[base+2*j] = N(k+"diff", v.Diff)
			r[base+2*j+1] = N(k+"p_adjusted", v.PAdjusted)
			if v.Worse {
				r[len(r)-1] = T("worse")
			}
		}
		t.Rows = append(t.Rows, r)
	}
	sec := &Section{ID: "slices", Title: "Slices"}
	sec.Add(t)
	if tested {
		v := out.Slices[0].VsRest
		for _, s := range out.Slices {
			if len(s.VsRest) > 0 {
				v = s.VsRest
				break
			}
		}
		msg := fmt.Sprintf("vs rest: the slice's %s minus the rest of the rows' (%s), p-value adjusted over the slices.", headOf(v[0].Measure, overall), v[0].Method)
		if len(v) > 1 {
			msg = fmt.Sprintf("vs rest: each model's slice minus the rest of the rows' (%s), p-values adjusted over the slices and models.", v[0].Method)
		}
		if len(out.Worse) == 0 {
			msg += " No slice is significantly worse than the rest."
		} else {
			var names []string
			for _, w := range out.Worse {
				names = append(names, SliceName(w.By)+" ("+headOf(w.Measure, overall)+")")
			}
			msg += " Significantly worse than the rest: " + strings.Join(names, "; ") + "."
		}
		sec.Add(Note(msg))
	}
	if d := disparityTable(out); d != nil {
		sec.Add(d)
	}
	for i, s := range out.Slices {
		if s.Error != "" {
			sec.Add(Note(SliceName(s.By) + ": " + out.Slices[i].Error))
		}
	}
	for _, w := range out.Warnings {
		sec.Add(Note("warning: " + w))
	}
	return sec
}

// numberCell is the number v (flattened JSON text) at key, or text msg
// when there is none.
func numberCell(key, v, msg string) Cell {
	x, err := strconv.ParseFloat(v, 64)
	if v == "" || err != nil {
		if msg == "" {
			msg = "—"
		}
		return T(msg)
	}
	return N(key, x)
}

// disparityTable is the table of each slicing's disparity: per measure,
// the best and worst slice, their difference and ratio.
func disparityTable(out *task.SlicesResult) *Table {
	t := &Table{Title: "disparity between slices", Header: []string{"measure", "best", "", "worst", "", "difference", "ratio"}, RowHeads: true}
	for i, d := range out.Disparity {
		for _, m := range d.Measures {
			x := m.Value.(task.Disparity)
			k := fmt.Sprintf("disparity.%d.measures.%s.", i, m.Key)
			t.Rows = append(t.Rows, []Cell{T(m.Key), T(SliceName(x.Best.By)), N(k+"best.value", x.Best.Value),
				T(SliceName(x.Worst.By)), N(k+"worst.value", x.Worst.Value), N(k+"difference", x.Difference), N(k+"ratio", x.Ratio)})
		}
	}
	if len(t.Rows) == 0 {
		return nil
	}
	return t
}

// MaxForest is the most slices a forest plot draws; the others are in
// the table.
const MaxForest = 24

// SlicesPageSection is the slices section of an HTML page: the table of
// SlicesSection, preceded by a forest plot of the primary measure (the
// one each slice is compared with the rest on, else the first headline
// measure) per slice with its interval and the value on all rows, the
// worst slices first, at most MaxForest of them.
func SlicesPageSection(out *task.SlicesResult) *Section {
	sec := SlicesSection(out)
	if f := slicesForest(out); f != nil {
		sec.Blocks = append([]Block{Figure(f)}, sec.Blocks...)
	}
	sec.Intro = "Each slice of the rows evaluated on its own, as a file of only its rows would be."
	return sec
}

// slicesForest is the forest plot of SlicesPageSection, nil when no slice
// has the measure.
func slicesForest(out *task.SlicesResult) *figure.Figure {
	m := ""
	for _, s := range out.Slices {
		if len(s.VsRest) > 0 {
			m = s.VsRest[0].Measure
			break
		}
	}
	if m == "" {
		ms, _ := task.HeadlineMeasures(out.Result)
		if len(ms) == 0 {
			return nil
		}
		m = ms[0]
	}
	overall := flatten(out.Result)
	ov, err := strconv.ParseFloat(overall.vals[m], 64)
	if err != nil {
		return nil
	}
	prefix, name := "", m
	if strings.HasPrefix(m, "models.") {
		parts := strings.SplitN(m, ".", 3)
		prefix, name = parts[0]+"."+parts[1]+".", parts[2]
	}
	type pt struct {
		name, key, loKey, hiKey string
		v, lo, hi               float64
	}
	var pts []pt
	for i, s := range out.Slices {
		f := flatten(s.Result)
		v, err := strconv.ParseFloat(f.vals[m], 64)
		if s.Result == nil || err != nil || math.IsNaN(v) {
			continue
		}
		k := "slices." + strconv.Itoa(i) + ".result."
		p := pt{name: SliceName(s.By), key: k + m, v: v, lo: math.NaN(), hi: math.NaN()}
		lo, err1 := strconv.ParseFloat(f.vals[prefix+"intervals."+name+".low"], 64)
		hi, err2 := strconv.ParseFloat(f.vals[prefix+"intervals."+name+".high"], 64)
		if err1 == nil && err2 == nil {
			p.lo, p.hi = lo, hi
			p.loKey, p.hiKey = k+prefix+"intervals."+name+".low", k+prefix+"intervals."+name+".high"
		}
		pts = append(pts, p)
	}
	if len(pts) == 0 {
		return nil
	}
	lower := task.LowerIsBetter(m)
	sort.SliceStable(pts, func(a, b int) bool {
		if lower {
			return pts[a].v > pts[b].v
		}
		return pts[a].v < pts[b].v
	})
	more := 0
	if len(pts) > MaxForest {
		more = len(pts) - MaxForest
		pts = pts[:MaxForest]
	}
	var names, keys, loKeys, hiKeys []string
	var est, lo, hi []float64
	for _, p := range pts {
		names, keys, loKeys, hiKeys = append(names, p.name), append(keys, p.key), append(loKeys, p.loKey), append(hiKeys, p.hiKey)
		est, lo, hi = append(est, p.v), append(lo, p.lo), append(hi, p.hi)
	}
	f := figure.Forest(m+" per slice, worst first", m, names, est, lo, hi, ov, keys, loKeys, hiKeys)
	f.Note = fmt.Sprintf("A dot is a slice's %s, its line the interval; the dashed line is the value on all rows.", m)
	if more > 0 {
		f.Note += fmt.Sprintf(" The %d best slices are not drawn; the table has every slice.", more)
	}
	return f
}

// sliceInterval is number cell c of measure path m with its interval, when
// result f has one (intervals.NAME, under a model's prefix for several
// models); keyPrefix is the prefix of f's keys in the whole result.
func sliceInterval(c Cell, f flat, keyPrefix, m string) Cell {
	if c.Key == "" {
		return c
	}
	prefix, name := "", m
	if strings.HasPrefix(m, "models.") {
		if parts := strings.SplitN(m, ".", 3); len(parts) == 3 {
			prefix, name = parts[0]+"."+parts[1]+".", parts[2]
		}
	}
	lk, hk := prefix+"intervals."+name+".low", prefix+"intervals."+name+".high"
	lo, err1 := strconv.ParseFloat(f.vals[lk], 64)
	hi, err2 := strconv.ParseFloat(f.vals[hk], 64)
	if err1 != nil || err2 != nil {
		return c
	}
	return c.WithCI(keyPrefix+lk, lo, keyPrefix+hk, hi)
}
