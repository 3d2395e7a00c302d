package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRankGoldenFiles runs testdata/rank/NAME.args (one argument a line)
// and compares standard output and error with NAME.stdout and NAME.stderr
// and the exit status with NAME.exit (absent: 0). RANK_UPDATE=1 rewrites
// the expected files from the current output (review the diff).
func TestRankGoldenFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/rank/*.args")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	update := os.Getenv("RANK_UPDATE") == "1"
	for _, f := range files {
		name := strings.TrimSuffix(f, ".args")
		t.Run(filepath.Base(name), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			args := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
			var stdout, stderr bytes.Buffer
			err = run(args, strings.NewReader(""), &stdout, &stderr)
			code := exitCode(err, &stderr)
			if errors.Is(err, errHelp) {
				code = 0
			}
			exit := []byte{}
			if code != 0 {
				exit = []byte{byte('0' + code), '\n'}
			}
			outs := map[string][]byte{".stdout": stdout.Bytes(), ".stderr": stderr.Bytes(), ".exit": exit}
			for ext, got := range outs {
				if update {
					if len(got) == 0 {
						os.Remove(name + ext)
					} else if err := os.WriteFile(name+ext, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(name + ext)
				if err != nil && !os.IsNotExist(err) {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s%s:\n got: %s\nwant: %s", name, ext, got, want)
				}
			}
		})
	}
}
