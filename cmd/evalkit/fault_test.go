package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// runCLI runs evalkit with args and returns its stdout, stderr and exit
// status.
func runCLI(args []string, stdin string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = exitCode(run(args, strings.NewReader(stdin), &out, &errb), &errb)
	return out.String(), errb.String(), code
}

// streamRows is a table of n rows with columns y_true, y_score, y_pred,
// w, f1, f2, several times the 64 KiB a row-count estimate looks at.
func streamRows(n int) string {
	var b strings.Builder
	b.WriteString("y_true,y_score,y_pred,w,f1,f2\n")
	for i := range n {
		y := i * 7919 % 2
		s := float64(i*7919%100003) / 100003
		fmt.Fprintf(&b, "%d,%.5f,%.5f,%d,%.3f,%d\n", y, s, 1+s+float64(y), 1+i%3, s*3, i%5)
	}
	return b.String()
}

// TestStreamReadOnce: a FILE that is a named pipe or /dev/fd/N (what a
// shell's <(…) gives) is read exactly once: every task gives on it what
// it gives on the same rows in a regular file (before, the row-count
// estimate opened the path again and consumed up to 64 KiB of rows).
func TestStreamReadOnce(t *testing.T) {
	data := streamRows(40000)
	dir := t.TempDir()
	file := filepath.Join(dir, "f.csv")
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	tasks := map[string][]string{
		"rank":     {"rank", "--format", "json"},
		"rank-w":   {"rank", "--format", "json", "--weight", "w"},
		"regress":  {"regress", "--format", "json"},
		"classify": {"classify", "--format", "json", "--pred", "y_true"},
		"cluster":  {"cluster", "--format", "json", "--true", "y_true", "--pred", "f2"},
	}
	for name, args := range tasks {
		t.Run(name, func(t *testing.T) {
			want, stderr, code := runCLI(append(args, file), "")
			if code != 0 {
				t.Fatalf("regular file: exit %d: %s", code, stderr)
			}
			t.Run("fifo", func(t *testing.T) {
				fifo := filepath.Join(t.TempDir(), "p.csv")
				if err := syscall.Mkfifo(fifo, 0o600); err != nil {
					t.Skip("no named pipes:", err)
				}
				go func() {
					f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
					if err != nil {
						return
					}
					f.WriteString(data)
					f.Close()
				}()
				got, stderr, code := runCLI(append(args, fifo), "")
				got = strings.ReplaceAll(got, fifo, file)
				if code != 0 || got != want {
					t.Errorf("named pipe: exit %d, stderr %q; output differs from the regular file's:\n%s", code, stderr, lineDiff([]byte(want), []byte(got)))
				}
			})
			t.Run("dev-fd", func(t *testing.T) {
				pr, pw, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				defer pr.Close()
				go func() {
					pw.WriteString(data)
					pw.Close()
				}()
				path := fmt.Sprintf("/dev/fd/%d", pr.Fd())
				got, stderr, code := runCLI(append(args, path), "")
				got = strings.ReplaceAll(got, path, file)
				if code != 0 || got != want {
					t.Errorf("/dev/fd: exit %d, stderr %q; output differs from the regular file's:\n%s", code, stderr, lineDiff([]byte(want), []byte(got)))
				}
			})
			t.Run("stdin", func(t *testing.T) {
				got, stderr, code := runCLI(append(args, "-"), data)
				got = strings.ReplaceAll(got, "<stdin>", file)
				if code != 0 || got != want {
					t.Errorf("stdin: exit %d, stderr %q; output differs from the regular file's:\n%s", code, stderr, lineDiff([]byte(want), []byte(got)))
				}
			})
		})
	}
}
