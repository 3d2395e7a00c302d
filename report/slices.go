package report

import (
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/task"
)

// sliceMeasures are the measures a slices table shows, those of them a
// result has, in this order.
var sliceMeasures = []string{
	"accuracy", "balanced_accuracy", "macro.f1",
	"roc_auc", "average_precision", "roc_auc_ovr_macro", "top_k_accuracy", "log_loss",
	"mse", "mae", "r2",
	"adjusted_rand_index", "nmi", "v_measure", "silhouette",
}

// flat is a result's flattened JSON: its keys in order and their values.
type flat struct {
	keys []string
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
		f.keys = append(f.keys, p[0])
		f.vals[p[0]] = p[1]
	}
	return f
}

// sliceColumn is a column of the slices table: a key of a slice's
// result and its heading.
type sliceColumn struct{ key, head string }

// sliceColumns are the columns of a slices table for a result like
// overall: its measures among sliceMeasures, or with several models each
// model's first one.
func sliceColumns(overall flat) []sliceColumn {
	var cols []sliceColumn
	if _, ok := overall.vals["models.0.name"]; ok {
		for i := 0; ; i++ {
			p := "models." + strconv.Itoa(i) + "."
			name, ok := overall.vals[p+"name"]
			if !ok {
				break
			}
			for _, m := range sliceMeasures {
				if _, ok := overall.vals[p+m]; ok {
					cols = append(cols, sliceColumn{p + m, name + " " + m})
					break
				}
			}
		}
		return cols
	}
	for _, m := range sliceMeasures {
		if _, ok := overall.vals[m]; ok {
			cols = append(cols, sliceColumn{m, m})
		}
	}
	return cols
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
	cols := sliceColumns(overall)
	t := &Table{Title: "slices", Header: []string{"slice", "rows"}, RowHeads: true}
	for _, c := range cols {
		t.Header = append(t.Header, c.head)
	}
	row := func(name string, prefix string, rows int, f flat, msg string) []Cell {
		r := []Cell{T(name), C(prefix+"rows", float64(rows))}
		for _, c := range cols {
			r = append(r, numberCell(prefix+"result."+c.key, f.vals[c.key], msg))
		}
		return r
	}
	all := row("(all rows)", "", 0, overall, "")
	all[1] = T("")
	if n, ok := overall.vals["n"]; ok {
		all[1] = T(n)
	}
	for i, c := range cols {
		all[i+2] = numberCell(c.key, overall.vals[c.key], "")
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
		t.Rows = append(t.Rows, row(SliceName(s.By), p, s.Rows, flatten(s.Result), msg))
	}
	sec := &Section{ID: "slices", Title: "Slices"}
	sec.Add(t)
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
