package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/table"
	"github.com/evalkit-go/evalkit/task"
)

// goldenDir holds the command line's golden cases: NAME.args, NAME.stdout.
const goldenDir = "../evalkit/testdata/cli"

// goldenCase is a golden case of the command line that the library can
// run: its task, options and input columns.
type goldenCase struct {
	name, task, file string
	options          map[string]any
	cols             map[string]string // role → column names (comma list)
	format           string
}

// boolFlags are the flags that take no value on the command line.
var boolFlags = map[string]bool{"ci": true, "curves": true, "bounded-memory": true, "multilabel": true, "renormalize": true}

// goldenCases returns the cases of rank, classify, regress and cluster that
// succeed on a CSV file and use no option of files (--plot, --curves-out,
// …).
func goldenCases(t *testing.T) []goldenCase {
	paths, err := filepath.Glob(filepath.Join(goldenDir, "*.args"))
	if err != nil {
		t.Fatal(err)
	}
	var out []goldenCase
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".args")
		if b, err := os.ReadFile(filepath.Join(goldenDir, name+".stderr")); err != nil || len(b) > 0 {
			continue
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if c, ok := parseGoldenArgs(name, strings.Split(strings.TrimRight(string(raw), "\n"), "\n")); ok {
			out = append(out, c)
		}
	}
	return out
}

func parseGoldenArgs(name string, args []string) (goldenCase, bool) {
	c := goldenCase{name: name, task: args[0], options: map[string]any{}, format: "json"}
	if c.task != "rank" && c.task != "classify" && c.task != "regress" && c.task != "cluster" {
		return c, false
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "--") {
			c.file = a
			continue
		}
		k, v, hasValue := strings.Cut(a[2:], "=")
		if !hasValue {
			if boolFlags[k] {
				v = "true"
			} else {
				i++
				v = args[i]
			}
		}
		switch k {
		case "plot", "curves-out", "input-format", "max-field", "multilabel", "gate", "by", "min-slice-rows", "max-slices", "renormalize":
			return c, false // options of the command line only
		case "score", "pred":
			if strings.ContainsAny(v, "*?[") {
				return c, false // column patterns: the command line's
			}
		case "format":
			c.format = v
		}
		c.options[strings.ReplaceAll(k, "-", "_")] = v
	}
	if !strings.HasSuffix(c.file, ".csv") {
		return c, false
	}
	if sc, _ := c.options["score"].(string); c.task == "rank" && c.options["classes"] != nil && !strings.Contains(sc, ",") {
		return c, false // one score column for every class: the command line's
	}
	def := map[string]map[string]string{
		"rank":     {"true": "y_true", "score": "y_score"},
		"classify": {"true": "y_true", "pred": "y_pred"},
		"regress":  {"true": "y_true", "pred": "y_pred"},
		"cluster":  {"true": "y_true", "pred": "y_pred"},
	}[c.task]
	if _, ok := c.options["features"]; ok && c.task == "cluster" {
		if _, ok := c.options["true"]; !ok {
			delete(def, "true") // internal indices only
		}
	}
	c.cols = map[string]string{}
	for role, col := range def {
		if v, ok := c.options[role].(string); ok {
			col = v
		}
		if strings.Contains(col, ",") && role == "true" && c.task != "regress" {
			return c, false // several reference columns
		}
		c.cols[role] = col
	}
	if w, ok := c.options["weight"].(string); ok {
		c.cols["weight"] = w
	}
	if f, ok := c.options["features"].(string); ok {
		c.cols["features"] = f
	}
	if c.task == "regress" && len(strings.Split(c.cols["true"], ",")) != len(strings.Split(c.cols["pred"], ",")) && strings.Contains(c.cols["true"], ",") {
		return c, false
	}
	return c, true
}

// input reads the case's columns from its CSV file: labels (in the order
// they first occur) for rank's and classify's true and pred, else values.
func (c *goldenCase) input(t *testing.T) *Input {
	f, err := os.Open(filepath.Join(goldenDir, c.file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	index := map[string]int{}
	for i, h := range rows[0] {
		index[h] = i
	}
	in := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{}}
	for role, names := range c.cols {
		for _, col := range strings.Split(names, ",") {
			j, ok := index[col]
			if !ok {
				t.Fatalf("%s: no column %q in %s", c.name, col, c.file)
			}
			if role == "true" && c.task != "regress" || role == "pred" && (c.task == "classify" || c.task == "cluster") {
				var l task.Labels
				ids := map[string]int64{}
				for _, r := range rows[1:] {
					id, ok := ids[r[j]]
					if !ok {
						id = int64(len(l.Names))
						ids[r[j]] = id
						l.Names = append(l.Names, r[j])
					}
					l.Codes = append(l.Codes, id)
				}
				in.Labels[role] = append(in.Labels[role], l)
				continue
			}
			var vs []float64
			for _, r := range rows[1:] {
				v, err := table.ParseFloat([]byte(r[j]))
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				vs = append(vs, v)
			}
			in.Values[role] = append(in.Values[role], vs)
		}
	}
	return in
}

// TestGolden runs the command line's golden cases of rank, classify,
// regress and cluster on their columns as arrays, named as the file: the output is
// the same bytes, but for the rows' positions in warnings (row N of the arrays is line N+2 of the file).
func TestGolden(t *testing.T) {
	cases := goldenCases(t)
	if len(cases) < 10 {
		t.Fatalf("only %d golden cases found", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts, err := json.Marshal(c.options)
			if err != nil {
				t.Fatal(err)
			}
			in := c.input(t)
			in.Name = c.file
			got, err := Evaluate(c.task, opts, in)
			if err != nil {
				t.Fatalf("options %s: %v", opts, err)
			}
			want, err := os.ReadFile(filepath.Join(goldenDir, c.name+".stdout"))
			if err != nil {
				t.Fatal(err)
			}
			atRow := regexp.MustCompile(regexp.QuoteMeta(c.file) + `: row (\d+)`)
			g := atRow.ReplaceAllStringFunc(string(got), func(m string) string {
				n, _ := strconv.Atoi(atRow.FindStringSubmatch(m)[1])
				return c.file + ":" + strconv.Itoa(n+2) // the header is line 1
			})
			if g != string(want) {
				t.Errorf("options %s:\ngot:\n%s\nwant:\n%s", opts, g, want)
			}
		})
	}
}
