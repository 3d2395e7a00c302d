package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestSignatureOptions proves that every option that changes a number
// changes the signature, and that the text output prints the signature of
// the JSON output.
func TestSignatureOptions(t *testing.T) {
	d := "testdata/cli/"
	tasks := []struct {
		base  []string
		vary  [][]string // each adds to base
		wants []string   // fields every signature has
	}{
		{base: []string{"classify", d + "pets.csv"},
			vary: [][]string{{"--labels", "cat,dog,bird,fish"}, {"--beta", "2"}, {"--zero-division", "1"},
				{"--class-weights", "1,2,3"}, {"--class-weights", "inv-log2"}, {"--cost", "0,1,1;1,0,1;5,5,0"},
				{"--pos-label", "cat"}, {"--weight", "w"},
				{"--ci", "--bootstrap", "100"}, {"--ci", "--bootstrap", "100", "--level", "0.9"}, {"--ci", "--bootstrap", "200"},
				{"--ci", "--bootstrap", "100", "--seed", "2"}, {"--ci", "--bootstrap", "100", "--ci-method", "percentile"}},
			wants: []string{"task:classify|", "|version:"}},
		{base: []string{"classify", "--multilabel", d + "pets.csv"},
			vary:  [][]string{{"--sep", ","}, {"--beta", "2"}, {"--zero-division", "nan"}, {"--weight", "w"}},
			wants: []string{"task:classify-multilabel|"}},
		{base: []string{"rank", "--pos-label", "spam", d + "scores.csv"},
			vary: [][]string{{"--pos-label", "ham"}, {"--weight", "w"}, {"--bins", "4"}, {"--bins", "4", "--bin-range", "0,2"},
				{"--level", "0.9"}, {"--max-fpr", "0.5"}, {"--cal-bins", "5"}, {"--cal-strategy", "quantile"},
				{"--cost-fp", "2"}, {"--cost-fn", "2"}, {"--curve-points", "5"}},
			wants: []string{"task:rank|"}},
		{base: []string{"rank", "--true", "label", "--score", "p_cat,p_dog,p_eel", "--classes", "cat,dog,eel", d + "rank_multi.csv"},
			vary:  [][]string{{"--k", "1"}, {"--classes", "dog,cat,eel"}},
			wants: []string{"task:rank-multiclass|"}},
		{base: []string{"regress", d + "sales.csv"},
			vary: [][]string{{"--weight", "w"}, {"--mape-epsilon", "1e-9"}, {"--alpha", "0.9"}, {"--power", "1.5"},
				{"--bounded-memory"}, {"--n-features", "1"}},
			wants: []string{"task:regress|"}},
		{base: []string{"cluster", "--true", "y_true", "--features", "f1,f2", d + "small.csv"},
			vary: [][]string{{"--beta", "2"}, {"--average", "max"}, {"--features", "f1"}, {"--metric", "manhattan"},
				{"--sample", "4"}, {"--sample", "4", "--seed", "2"}, {"--pairwise-limit", "3"}},
			wants: []string{"task:cluster|"}},
		{base: []string{"cluster", d + "small.csv"},
			vary:  [][]string{{"--weight", "w"}},
			wants: []string{"task:cluster|"}},
		{base: []string{"wer", "--hyp", d + "hyp.txt", "--ref", d + "ref.txt"},
			vary:  [][]string{{"--cer"}},
			wants: []string{"task:"}},
	}
	for _, task := range tasks {
		seen := map[string]string{}
		for _, v := range append([][]string{nil}, task.vary...) {
			args := append(append([]string{}, task.base...), v...)
			name := strings.Join(args, " ")
			var out, errb bytes.Buffer
			if err := run(append(args, "--format", "json"), nil, &out, &errb); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var got struct{ Signature string }
			if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Signature == "" {
				t.Fatalf("%s: no signature in %s (%v)", name, out.String(), err)
			}
			if task.wants != nil && !strings.HasPrefix(got.Signature, task.wants[0]) {
				t.Errorf("%s: signature %q does not start with %q", name, got.Signature, task.wants[0])
			}
			if !strings.HasSuffix(got.Signature, "|version:0.1.0") {
				t.Errorf("%s: signature %q does not end with the version", name, got.Signature)
			}
			if prev, dup := seen[got.Signature]; dup {
				t.Errorf("%s and %s have the same signature %q", prev, name, got.Signature)
			}
			seen[got.Signature] = name
			out.Reset()
			if err := run(append(args, "--format", "text"), nil, &out, &errb); err != nil {
				t.Fatalf("%s --format text: %v", name, err)
			}
			if !strings.Contains(out.String(), "signature: "+got.Signature) {
				t.Errorf("%s --format text does not print the signature %q:\n%s", name, got.Signature, out.String())
			}
		}
	}
}

// split --emit json carries a signature, and every option that changes the
// index lists changes it.
func TestSplitSignature(t *testing.T) {
	f := "testdata/cli/split_in.csv"
	seen := map[string]string{}
	for _, v := range [][]string{
		{"--kfold", "3"}, {"--kfold", "4"}, {"--kfold", "3", "--shuffle"}, {"--kfold", "3", "--shuffle", "--seed", "2"},
		{"--kfold", "3", "--stratify", "species"}, {"--kfold", "3", "--repeats", "2"}, {"--kfold", "3", "--group", "species"},
		{"--loo"}, {"--holdout", "0.3"}, {"--holdout", "0.4"}, {"--holdout", "0.3", "--stratify", "species"},
		{"--bootstrap", "2"}, {"--bootstrap", "3"},
	} {
		args := append(append([]string{"split", "--emit", "json"}, v...), f)
		name := strings.Join(v, " ")
		var out, errb bytes.Buffer
		if err := run(args, nil, &out, &errb); err != nil {
			t.Fatalf("%s: %v %s", name, err, errb.String())
		}
		var got struct{ Signature string }
		if err := json.Unmarshal(out.Bytes(), &got); err != nil || !strings.HasPrefix(got.Signature, "task:split|") || !strings.HasSuffix(got.Signature, "|version:0.1.0") {
			t.Fatalf("%s: signature %q (%v)", name, got.Signature, err)
		}
		if prev, dup := seen[got.Signature]; dup {
			t.Errorf("%s and %s have the same signature %q", prev, name, got.Signature)
		}
		seen[got.Signature] = name
	}
}
