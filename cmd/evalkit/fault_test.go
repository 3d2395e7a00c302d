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

// TestExtremeWeights: weights of any size give the measures of the same
// weights divided by a constant; --ci says when squared weights leave the
// floating-point range (before: a panic in the ROC band), and a sum past
// the largest float64 is an error saying so (before: nulls, or "the
// weights sum to zero" in classify).
func TestExtremeWeights(t *testing.T) {
	dir := t.TempDir()
	file := func(w string) string {
		path := filepath.Join(dir, "w"+w+".csv")
		var b strings.Builder
		b.WriteString("y_true,y_score,y_pred,w\n")
		for i, r := range []string{"0,0.1,0", "0,0.4,1", "1,0.35,0", "1,0.8,1", "0,0.7,1", "1,0.9,1"} {
			fmt.Fprintf(&b, "%s,%d%s\n", r, 1+i%3, w)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	ref, stderr, code := runCLI([]string{"rank", "--format", "json", "--weight", "w", file("")}, "")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	auc := func(out string) string {
		i := strings.Index(out, `"roc_auc": `)
		if i < 0 {
			return ""
		}
		return out[i : i+strings.IndexByte(out[i:], ',')]
	}
	for _, c := range []string{"e-162", "e-200", "e155", "e200"} {
		out, stderr, code := runCLI([]string{"rank", "--format", "json", "--weight", "w", file(c)}, "")
		if code != 0 || auc(out) == "" || !strings.HasPrefix(auc(out), auc(ref)[:len(auc(ref))-2]) {
			t.Errorf("weights ×1%s: exit %d, %s (want %s); stderr %q", c, code, auc(out), auc(ref), stderr)
		}
		out, stderr, code = runCLI([]string{"rank", "--format", "json", "--ci", "--bootstrap", "50", "--weight", "w", file(c)}, "")
		if code != 0 {
			t.Errorf("weights ×1%s --ci: exit %d, stderr %q", c, code, stderr)
		}
		if (c == "e-200" || c == "e200") && !strings.Contains(out, "squared weights sum") {
			t.Errorf("weights ×1%s --ci: no warning about the squared weights:\n%s", c, out)
		}
		if _, stderr, code := runCLI([]string{"classify", "--format", "json", "--weight", "w", file(c)}, ""); code != 0 {
			t.Errorf("classify, weights ×1%s: exit %d, stderr %q", c, code, stderr)
		}
	}
	big := filepath.Join(dir, "big.csv") // each weight finite, the sums not
	if err := os.WriteFile(big, []byte("y_true,y_score,y_pred,w\n0,0.1,0,1e308\n0,0.4,1,1e308\n1,0.35,0,1e308\n1,0.8,1,1e308\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLI([]string{"rank", "--format", "json", "--weight", "w", big}, ""); code != 1 || !strings.Contains(stderr, "weights sum past") {
		t.Errorf("rank, weights summing past 1.8e308: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := runCLI([]string{"classify", "--format", "json", "--weight", "w", big}, ""); code != 1 || !strings.Contains(stderr, "weights sum past") {
		t.Errorf("classify, weights summing past 1.8e308: exit %d, stderr %q", code, stderr)
	}
}
