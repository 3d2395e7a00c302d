package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/report"
)

// TestIntervalsShownInText: for every golden case with --ci, each interval
// of the JSON output is printed, as [low, high], in the text output: no
// interval is computed and then left out of what people read.
func TestIntervalsShownInText(t *testing.T) {
	files, _ := filepath.Glob("testdata/cli/*.args")
	checked := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var args []string
		for _, l := range strings.Split(strings.TrimRight(string(raw), "\n"), "\n") {
			if l != "" {
				args = append(args, l)
			}
		}
		if !slices.Contains(args, "--ci") || slices.Contains(args, "--plot") || slices.Contains(args, "--curves-out") || args[0] == "report" {
			continue
		}
		// Drop --format and its value; the cases run twice, as JSON and as text.
		var base []string
		for i := 0; i < len(args); i++ {
			if args[i] == "--format" {
				i++
				continue
			}
			base = append(base, args[i])
		}
		stdin, _ := os.ReadFile(strings.TrimSuffix(f, ".args") + ".stdin")
		runIn := func(format string) ([]byte, int) {
			wd, _ := os.Getwd()
			if err := os.Chdir("testdata/cli"); err != nil {
				t.Fatal(err)
			}
			defer os.Chdir(wd)
			var stdout, stderr bytes.Buffer
			a := append([]string{base[0], "--format", format}, base[1:]...)
			code := exitCode(run(a, bytes.NewReader(stdin), &stdout, &stderr), &stderr)
			return stdout.Bytes(), code
		}
		name := strings.TrimSuffix(filepath.Base(f), ".args")
		t.Run(name, func(t *testing.T) {
			js, code := runIn("json")
			if code != 0 {
				t.Skip("fails as JSON")
			}
			text, code := runIn("text")
			if code != 0 {
				t.Fatalf("text exit %d", code)
			}
			var v any
			if err := json.Unmarshal(js, &v); err != nil {
				t.Skipf("not one JSON value: %v", err)
			}
			for key, iv := range intervalsIn(v, "") {
				if jsonOnly.MatchString(key) {
					continue
				}
				// A slice's text is its row of the slices table: its
				// headline numbers with their intervals; the JSON has
				// every interval of its result.
				if strings.HasPrefix(key, "slices.") {
					continue
				}
				// As [low, high] in 4 significant digits (MAPE too: the
				// same fraction as the JSON's), or in 4 decimals
				// (sacreBLEU's scores).
				forms := []string{report.Interval(iv[0], iv[1]),
					fmt.Sprintf("[%.4f, %.4f]", iv[0], iv[1])}
				if !slices.ContainsFunc(forms, func(s string) bool { return bytes.Contains(text, []byte(s)) }) {
					t.Errorf("%s %s is not in the text output", key, forms[0])
				}
			}
			checked++
		})
	}
	if checked < 20 {
		t.Errorf("only %d cases checked", checked)
	}
}

// jsonOnly matches the keys of measures the text reports do not print at
// all (they are in the JSON), of one model or of each of several: per-class and weighted Jaccard, the adjusted
// balanced accuracy, F-beta from P and R, and for multilabel the zero-one
// loss (1 − the printed subset accuracy), the micro and macro Jaccard and
// F1 from P and R.
var jsonOnly = regexp.MustCompile(`^(models\.[0-9]+\.)?(per_class\.[0-9]+\.jaccard|weighted\.jaccard|balanced_accuracy_adjusted|macro\.fbeta_from_pr|zero_one_loss|(micro|macro)\.jaccard|macro\.f1_from_pr)$`)

// intervalsIn returns every interval of a JSON value: the entries of any
// "intervals" object, keyed by their path.
func intervalsIn(v any, path string) map[string][2]float64 {
	out := map[string][2]float64{}
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if k == "intervals" {
				if m, ok := c.(map[string]any); ok {
					for key, e := range m {
						iv, ok := e.(map[string]any)
						lo, ok1 := iv["low"].(float64)
						hi, ok2 := iv["high"].(float64)
						if ok && ok1 && ok2 {
							out[path+key] = [2]float64{lo, hi}
						}
					}
				}
				continue
			}
			for k2, iv := range intervalsIn(c, path+k+".") {
				out[k2] = iv
			}
		}
	case []any:
		for i, c := range x {
			for k2, iv := range intervalsIn(c, path+string(rune('0'+i%10))+".") {
				out[k2] = iv
			}
		}
	}
	return out
}
