package main

import (
	"bytes"
	"encoding/json"
	"github.com/evalkit-go/evalkit/text"
	"slices"
	"strings"
	"testing"
)

// TestTextCLIAgainstSacreBLEU checks the headline numbers of the golden
// inputs against sacreBLEU 2.6.0's command line, run as
//
//	python3 -m sacrebleu ref.txt ref2.txt -i hyp.txt -w 6            → 70.235000
//	python3 -m sacrebleu ref.txt ref2.txt -i hyp.txt -tok intl -lc -s floor -w 6 → 69.139693
//	python3 -m sacrebleu ref.txt -i hyp.txt -m chrf --chrf-word-order 2 -w 6 → 56.224298
func TestTextCLIAgainstSacreBLEU(t *testing.T) {
	cases := []struct {
		args []string
		key  string
		want float64
	}{
		{[]string{"bleu", "--hyp", "testdata/cli/hyp.txt", "--ref", "testdata/cli/ref.txt", "--ref", "testdata/cli/ref2.txt"}, "bleu", 70.235000},
		{[]string{"bleu", "--hyp", "testdata/cli/hyp.txt.gz", "--ref", "testdata/cli/ref.txt", "--ref", "testdata/cli/ref2.txt", "--tokenize", "intl", "--lowercase", "--smooth", "floor"}, "bleu", 69.139693},
		{[]string{"chrf", "testdata/cli/hyp.txt", "--ref", "testdata/cli/ref.txt", "--word-order", "2"}, "score", 56.224298},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			if err := run(append(c.args, "--format", "json"), nil, &out, &errb); err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(out.Bytes(), &m); err != nil {
				t.Fatal(err)
			}
			got := m[c.key].(float64)
			if d := got - c.want; d > 5e-7 || d < -5e-7 { // sacreBLEU printed 6 decimals
				t.Errorf("%s = %.9f, sacreBLEU %.6f", c.key, got, c.want)
			}
		})
	}
}

// TestTextCLISentenceSumsToCorpus: the statistics of --sentence lines add
// up to the corpus statistics.
func TestTextCLISentenceSumsToCorpus(t *testing.T) {
	args := []string{"bleu", "--hyp", "testdata/cli/hyp.txt", "--ref", "testdata/cli/ref.txt"}
	var corpus, lines bytes.Buffer
	if err := run(append(args, "--format", "json"), nil, &corpus, &corpus); err != nil {
		t.Fatal(err)
	}
	if err := run(append(args, "--sentence"), nil, &lines, &lines); err != nil {
		t.Fatal(err)
	}
	var c text.BLEUResult
	json.Unmarshal(corpus.Bytes(), &c)
	var sum [4]int64
	var hyp, ref int64
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(lines.String()), "\n") {
		var s text.BLEUResult
		if err := json.Unmarshal([]byte(l), &s); err != nil {
			t.Fatal(err)
		}
		n++
		if s.Line != n {
			t.Errorf("line %d has line number %d", n, s.Line)
		}
		for i := range sum {
			sum[i] += s.Counts[i]
		}
		hyp += s.HypLen
		ref += s.RefLen
	}
	if n != 12 || !slices.Equal(sum[:], c.Counts) || hyp != c.HypLen || ref != c.RefLen {
		t.Errorf("%d lines summing to %v %d %d; corpus %v %d %d", n, sum, hyp, ref, c.Counts, c.HypLen, c.RefLen)
	}
}
