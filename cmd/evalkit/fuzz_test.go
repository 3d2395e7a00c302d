package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzClassify feeds arbitrary tables to `evalkit classify`: it must never
// panic; a failure exits 1 or 2 with a message and nothing on stdout; a
// success prints valid JSON in which no number is NaN or infinite.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{
		"y_true,y_pred\na,a\nb,a\n",
		"y_true,y_pred,w\n1,2,0.5\n2,2,0\n",
		"y_true\ty_pred\nx\ty\n",
		"{\"y_true\":\"a\",\"y_pred\":\"b\",\"w\":1}\n",
		"y_true,y_pred\n\"a\nb\",a\n",
		"y_true,y_pred,w\na,a,-1\n",
	} {
		f.Add(s, false, "0")
		f.Add(s, true, "nan")
	}
	f.Fuzz(func(t *testing.T, in string, multilabel bool, zd string) {
		args := []string{"classify", "--format", "json", "--zero-division", zd, "--pos-label", "a"}
		if strings.Contains(in, ",w") || strings.Contains(in, "\"w\"") {
			args = append(args, "--weight", "w")
		}
		if multilabel {
			args = []string{"classify", "--format", "json", "--multilabel", "--zero-division", zd}
		}
		var stdout, stderr bytes.Buffer
		code := exitCode(run(append(args, "-"), strings.NewReader(in), &stdout, &stderr), &stderr)
		switch code {
		case 0:
			var v any
			if err := json.Unmarshal(stdout.Bytes(), &v); err != nil {
				t.Fatalf("invalid JSON: %v\n%s", err, stdout.String())
			}
			if bytes.Contains(stdout.Bytes(), []byte("NaN")) || bytes.Contains(stdout.Bytes(), []byte("Inf")) {
				t.Fatalf("NaN or Inf in output:\n%s", stdout.String())
			}
		case 1, 2:
			if stdout.Len() != 0 || stderr.Len() == 0 {
				t.Fatalf("exit %d with stdout %q, stderr %q", code, stdout.String(), stderr.String())
			}
		default:
			t.Fatalf("exit status %d", code)
		}
	})
}
