package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the CLI golden files in testdata/cli")

// TestCLIGolden runs every testdata/cli/NAME.args (one argument a line; the
// task first) from inside testdata/cli, with NAME.stdin as standard input if
// present, and compares standard output, standard error and the exit status
// with NAME.stdout, NAME.stderr and NAME.code (absent: 0). Run with -update
// to rewrite them after a deliberate change, and read the diff.
func TestCLIGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/cli/*.args")
	if len(files) == 0 {
		t.Fatal("no golden CLI cases")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".args")
		t.Run(name, func(t *testing.T) {
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
			base := strings.TrimSuffix(f, ".args")
			var stdin []byte
			if b, err := os.ReadFile(base + ".stdin"); err == nil {
				stdin = b
			}
			wd, _ := os.Getwd()
			if err := os.Chdir("testdata/cli"); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := exitCode(run(args, bytes.NewReader(stdin), &stdout, &stderr), &stderr)
			os.Chdir(wd)
			got := map[string][]byte{".stdout": stdout.Bytes(), ".stderr": stderr.Bytes(), ".code": []byte(strconv.Itoa(code) + "\n")}
			for ext, b := range got {
				path := base + ext
				if *update {
					if ext == ".code" && code == 0 {
						os.Remove(path)
						continue
					}
					if err := os.WriteFile(path, b, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					if ext == ".code" && os.IsNotExist(err) {
						want = []byte("0\n")
					} else {
						t.Fatal(err)
					}
				}
				if !bytes.Equal(b, want) {
					t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", path, b, want)
				}
			}
		})
	}
}
