package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSplitStreamsRows: --emit data reads the input twice and holds no
// row, so that rows far past --memory are split; what it holds (8 bytes a
// row for a code and for each added column) is charged, and past the
// budget it stops with the budget's error, exit 1, nothing on stdout.
// Standard input (plain or gzip) is copied to a temporary file to be read
// again, and gives the same output as the file.
func TestSplitStreamsRows(t *testing.T) {
	dir := t.TempDir()
	var csvIn, jsonIn bytes.Buffer
	csvIn.WriteString("id,class,text\n")
	pad := strings.Repeat("x", 1000)
	for i := range 3000 {
		fmt.Fprintf(&csvIn, "%d,c%d,\"%s, %d\"\n", i, i%3, pad, i)
		fmt.Fprintf(&jsonIn, `{"id":%d,"class":"c%d","text":"%s","n":[%d]}`+"\n", i, i%3, pad, i)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(csvIn.Bytes())
	zw.Close()
	for _, in := range []struct {
		name string
		data []byte
	}{{"in.csv", csvIn.Bytes()}, {"in.jsonl", jsonIn.Bytes()}, {"in.csv.gz", gz.Bytes()}} {
		path := filepath.Join(dir, in.name)
		if err := os.WriteFile(path, in.data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, method := range [][]string{{"--kfold", "5", "--stratify", "class"}, {"--holdout", "0.2", "--shuffle"}, {"--bootstrap", "1"}} {
			args := append([]string{"split"}, method...)
			var want, stderr bytes.Buffer
			if err := run(append(args, path), nil, &want, &stderr); err != nil {
				t.Fatalf("%s %v: %v", in.name, method, err)
			}
			if n := bytes.Count(want.Bytes(), []byte("\n")); n != 3001 && !(strings.HasSuffix(in.name, ".jsonl") && n == 3000) {
				t.Fatalf("%s %v: %d lines out", in.name, method, n)
			}
			// 3 MB of rows through a 128 KiB budget, from the file and
			// from standard input
			for _, src := range []string{path, "-"} {
				var got bytes.Buffer
				stderr.Reset()
				err := run(append(args, "--memory", "128KiB", src), bytes.NewReader(in.data), &got, &stderr)
				if err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Errorf("%s %v --memory 128KiB %s: %v %s; output equal: %v", in.name, method, src, err, stderr.String(), bytes.Equal(got.Bytes(), want.Bytes()))
				}
			}
			var got bytes.Buffer
			stderr.Reset()
			code := exitCode(run(append(args, "--memory", "16KiB", path), nil, &got, &stderr), &stderr)
			if code != 1 || got.Len() != 0 || !strings.Contains(stderr.String(), "split's") || !strings.Contains(stderr.String(), "--memory") {
				t.Errorf("%s %v --memory 16KiB: exit %d, %d bytes out, stderr %q", in.name, method, code, got.Len(), stderr.String())
			}
		}
	}
	if entries, _ := filepath.Glob(filepath.Join(os.TempDir(), "evalkit-split-*")); len(entries) > 0 {
		t.Errorf("temporary files left: %v", entries)
	}
}
