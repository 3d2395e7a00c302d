package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
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

// buildEvalkit builds the command into a temporary folder.
func buildEvalkit(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "evalkit")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// waitFor polls until glob in dir matches something (at most 20 s).
func waitFor(dir, glob string) bool {
	for range 2000 {
		if m, _ := filepath.Glob(filepath.Join(dir, glob)); len(m) > 0 {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// TestNothingLeftBehind: the copy of Parquet read from standard input is
// removed on a signal (before: left), and the spill folder of a process
// killed outright (SIGKILL, which no handler sees) is removed by the next
// run that creates a temporary file (before: left for ever).
func TestNothingLeftBehind(t *testing.T) {
	bin := buildEvalkit(t)
	t.Run("parquet-stdin-signal", func(t *testing.T) {
		tmp := t.TempDir()
		cmd := exec.Command(bin, "rank", "--format", "json", "-")
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		in, _ := cmd.StdinPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		in.Write([]byte("PAR1 and more bytes of a Parquet file still coming"))
		if !waitFor(tmp, "evalkit-parquet-*") {
			cmd.Process.Kill()
			t.Fatal("no temporary copy appeared")
		}
		cmd.Process.Signal(syscall.SIGTERM)
		err := cmd.Wait()
		in.Close()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 143 {
			t.Errorf("exit: %v, want status 143; stderr %q", err, stderr.String())
		}
		if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
			t.Errorf("left behind: %v", left)
		}
	})
	t.Run("sigkill-then-next-run", func(t *testing.T) {
		tmp := t.TempDir()
		cmd := exec.Command(bin, "rank", "--format", "json", "--memory", "64KiB", "-")
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		in, _ := cmd.StdinPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() {
			fmt.Fprintln(in, "y_true,y_score")
			for k := 0; ; k++ {
				if _, err := fmt.Fprintf(in, "%d,%d\n", k%2, k*7919%1000003); err != nil {
					return
				}
			}
		}()
		if !waitFor(tmp, "evalkit-rank-*/*") {
			cmd.Process.Kill()
			t.Fatal("no spill folder appeared")
		}
		cmd.Process.Kill()
		cmd.Wait()
		in.Close()
		if left, _ := filepath.Glob(filepath.Join(tmp, "evalkit-rank-*")); len(left) == 0 {
			t.Fatal("SIGKILL: the spill folder is gone already?")
		}
		next := exec.Command(bin, "rank", "--format", "json", "-")
		next.Env = append(os.Environ(), "TMPDIR="+tmp)
		next.Stdin = strings.NewReader("PAR1 not really Parquet PAR1")
		next.Run() // an error (not Parquet) after the copy to a temporary file
		if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
			t.Errorf("left behind after the next run: %v", left)
		}
	})
}

// TestWrittenFileMode: --curves-out (and report -o and --plot, which
// write through the same function) keeps an existing file's mode (before:
// an existing 0600 file became 0644) and writes through a symbolic link
// (before: the link was replaced by a file).
func TestWrittenFileMode(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.csv")
	os.WriteFile(data, []byte(streamRows(100)), 0o644)
	out := filepath.Join(dir, "curves.csv")
	os.WriteFile(out, nil, 0o600)
	if _, stderr, code := runCLI([]string{"rank", "--format", "json", "--curves-out", out, data}, ""); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != 0o600 || st.Size() == 0 {
		t.Errorf("existing 0600 file: mode %v, %d bytes after --curves-out", st.Mode().Perm(), st.Size())
	}
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink("curves.csv", link); err != nil {
		t.Skip(err)
	}
	os.WriteFile(out, nil, 0o600)
	if _, stderr, code := runCLI([]string{"rank", "--format", "json", "--curves-out", link, data}, ""); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the symbolic link was replaced")
	}
	if st, _ := os.Stat(out); st.Size() == 0 {
		t.Error("the link's target was not written")
	}
}

// TestClosedStdout: a task whose output would go to a closed standard
// output ("evalkit rank f.csv >&-") fails with exit status 1 saying so
// (before: exit 0, nothing written: the Go runtime puts /dev/null in the
// place of a closed standard file); ">/dev/null" still succeeds.
func TestClosedStdout(t *testing.T) {
	bin := buildEvalkit(t)
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	data := filepath.Join(t.TempDir(), "d.csv")
	os.WriteFile(data, []byte(streamRows(50)), 0o644)
	for _, c := range []struct {
		redirect string
		code     int
	}{{">&-", 1}, {">/dev/null", 0}} {
		for _, task := range [][]string{{"rank", "--format", "json"}, {"classify", "--format", "text", "--pred", "y_true"}} {
			args := append([]string{"-c", `exec "$0" "$@" ` + c.redirect, bin}, task...)
			cmd := exec.Command("sh", append(args, data)...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			}
			if code != c.code || c.code == 1 && !strings.Contains(stderr.String(), "standard output is closed") {
				t.Errorf("%s %s: exit %d (%v), want %d; stderr %q", task[0], c.redirect, code, err, c.code, stderr.String())
			}
		}
	}
}

// TestIsTerminal: /dev/null, a character device, is not a terminal: a
// task whose output goes there does what it does for a file (JSON, with
// the curves), not the shorter work of text for a terminal; a file and a
// pipe are not terminals either.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, f := range map[string]*os.File{"/dev/null": null, "a file": file, "a pipe": w} {
		if isTerminal(f) {
			t.Errorf("%s is taken for a terminal", name)
		}
	}
}

// TestHeaderMaxFieldCLI: --max-field applies to the header: 0 lifts the
// limit there too (before: a header over 1 MiB failed whatever the flag),
// and a long header field is named by its place.
func TestHeaderMaxFieldCLI(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.csv")
	long := strings.Repeat("z", 2<<20)
	os.WriteFile(path, []byte("y_true,y_pred,"+long+"\na,a,1\nb,b,2\n"), 0o644)
	if _, stderr, code := runCLI([]string{"classify", "--format", "json", "--max-field", "0", path}, ""); code != 0 {
		t.Errorf("--max-field 0: exit %d: %s", code, stderr)
	}
	_, stderr, code := runCLI([]string{"classify", "--format", "json", path}, "")
	if code != 1 || !strings.Contains(stderr, "h.csv:1: field too long: field 3 has more than 1048576 bytes") {
		t.Errorf("default limit: exit %d, stderr %q", code, stderr)
	}
}

// TestSpillFloor: rank --memory 1 (a budget of a few bytes) spills in
// parts of at least a few thousand rows, written a few hundred at a time
// (before: a part and a file write for every few rows, and 10⁶ rows took
// more than a minute of system time; rank.TestSpillPartRows checks the
// parts), and prints what it prints in memory.
func TestSpillFloor(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	path := filepath.Join(t.TempDir(), "d.csv")
	os.WriteFile(path, []byte(streamRows(30000)), 0o644)
	want, _, _ := runCLI([]string{"rank", "--format", "json", path}, "")
	for _, w := range [][]string{nil, {"--weight", "w"}} {
		if w != nil {
			want, _, _ = runCLI(append([]string{"rank", "--format", "json", path}, w...), "")
		}
		got, stderr, code := runCLI(append([]string{"rank", "--format", "json", "--memory", "1", path}, w...), "")
		if code != 0 || got != want || got == "" {
			t.Errorf("%v --memory 1: exit %d, stderr %q, same output %v", w, code, stderr, got == want)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(os.Getenv("TMPDIR"), "*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestFlagMemory: sizes set by flags are charged to --memory: past it,
// an error naming the flag (exit status 1) before anything is allocated
// (before: rank --bins 4e6 --memory 64MiB peaked at 1.2 GB, --bins 1e9
// was killed at 24 GB, --ci --bootstrap 1e9 asked for 8 GB at once).
func TestFlagMemory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.csv")
	os.WriteFile(path, []byte(streamRows(50)), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bins", "4000000", "--memory", "64MiB"}, "or lower --bins"},
		{[]string{"--bins", "1000000000"}, "or lower --bins"},
		{[]string{"--bins", "9223372036854775807", "--memory", "1G"}, "or lower --bins"},
		{[]string{"--cal-bins", "10000000", "--memory", "64MiB"}, "or lower --cal-bins"},
		{[]string{"--ci", "--bootstrap", "1000000000"}, "or lower --bootstrap"},
	} {
		out, stderr, code := runCLI(append(append([]string{"rank", "--format", "json"}, c.args...), path), "")
		if code != 1 || out != "" || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "--memory") {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, stderr)
		}
	}
	if _, stderr, code := runCLI([]string{"rank", "--format", "json", "--bins", "1000", "--cal-bins", "100", "--memory", "64MiB", path}, ""); code != 0 {
		t.Errorf("flags within --memory: exit %d, stderr %q", code, stderr)
	}
	// --ci --bootstrap in the other tasks (before: a fatal "out of
	// memory" on an 8 GB allocation, exit status 2).
	hyp, ref := filepath.Join(t.TempDir(), "h.txt"), filepath.Join(t.TempDir(), "r.txt")
	os.WriteFile(hyp, []byte("the cat sat on a mat\nit rained\n"), 0o644)
	os.WriteFile(ref, []byte("the cat sat on the mat\nit rained today\n"), 0o644)
	for _, args := range [][]string{
		{"classify", "--true", "y_true", "--pred", "f2", path},
		{"classify", "--true", "y_true", "--pred", "f2,y_true", path},
		{"regress", "--true", "y_score", "--pred", "y_pred", path},
		{"regress", "--true", "y_score", "--pred", "y_pred,f1", path},
		{"cluster", "--true", "y_true", "--pred", "f2", path},
		{"cluster", "--true", "y_true", "--pred", "f2,y_true", path},
		{"bleu", "--hyp", hyp, "--ref", ref},
		{"chrf", "--hyp", hyp, "--ref", ref},
		{"ter", "--hyp", hyp, "--ref", ref},
	} {
		for _, b := range []string{"1000000000", "200"} {
			out, stderr, code := runCLI(append([]string{args[0], "--format", "json", "--ci", "--bootstrap", b}, args[1:]...), "")
			switch {
			case b == "200" && code != 0:
				t.Errorf("%v --bootstrap 200: exit %d, stderr %q", args, code, stderr)
			case b != "200" && (code != 1 || out != "" || !strings.Contains(stderr, args[0]+"'s bootstrap replicates (--bootstrap 1000000000) would need") || !strings.Contains(stderr, "or lower --bootstrap")):
				t.Errorf("%v --bootstrap %s: exit %d, stderr %q", args, b, code, stderr)
			}
		}
	}
	// The text tasks' own resamples (before: --confidence-n 1e9 asked
	// for 8 GB at once, whatever --memory).
	for _, c := range []struct {
		flags []string
		flag  string
	}{
		{[]string{"--confidence", "--confidence-n"}, "confidence-n"},
		{[]string{"--paired-bs", "--paired-bs-n"}, "paired-bs-n"},
		{[]string{"--paired-ar", "--paired-ar-n"}, "paired-ar-n"},
	} {
		for _, task := range []string{"bleu", "chrf", "ter"} {
			for _, n := range []string{"1000000000", "200"} {
				args := append(append([]string{task, "--format", "json", "--memory", "64MiB", "--hyp", hyp, "--hyp", hyp, "--ref", ref}, c.flags...), n)
				out, stderr, code := runCLI(args, "")
				switch {
				case n == "200" && code != 0:
					t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
				case n != "200" && (code != 1 || out != "" || !strings.Contains(stderr, "(--"+c.flag+" 1000000000) would need") || !strings.Contains(stderr, "or lower --"+c.flag)):
					t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
				}
			}
		}
	}
}

// TestClassifyLongLabelsText: classify's text layout, whose confusion
// matrix prints every label's width on each of its lines, is charged to
// --memory: past it, an error naming --format (before: 20 labels of 1 MB
// printed 465 MB at a 2.3 GB peak, whatever --memory).
func TestClassifyLongLabelsText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.csv")
	var b strings.Builder
	b.WriteString("y_true,y_pred\n")
	label := func(i int) string { return fmt.Sprintf("%02d", i) + strings.Repeat("x", 20000) }
	for i := range 60 {
		b.WriteString(label(i%20) + "," + label(i*7%20) + "\n")
	}
	os.WriteFile(path, []byte(b.String()), 0o644)
	out, stderr, code := runCLI([]string{"classify", "--format", "text", "--memory", "1MiB", path}, "")
	if code != 1 || out != "" || !strings.Contains(stderr, "classify's text layout (--format text, 20 labels of up to 20002 bytes") || !strings.Contains(stderr, "or use --format json") {
		t.Errorf("--memory 1MiB: exit %d, stderr %q", code, stderr)
	}
	out, stderr, code = runCLI([]string{"classify", "--format", "text", "--memory", "1GiB", path}, "")
	if code != 0 || len(out) < 21*20*20000 {
		t.Errorf("--memory 1GiB: exit %d, %d bytes, stderr %q", code, len(out), stderr)
	}
	if _, stderr, code = runCLI([]string{"classify", "--format", "json", "--memory", "1MiB", path}, ""); code != 0 {
		t.Errorf("--format json --memory 1MiB: exit %d, stderr %q", code, stderr)
	}
	// Several models: the layout prints each model's matrix in turn.
	models := filepath.Join(t.TempDir(), "models.csv")
	b.Reset()
	b.WriteString("y_true,a,b\n")
	for i := range 60 {
		b.WriteString(label(i%20) + "," + label(i*7%20) + "," + label(i*3%20) + "\n")
	}
	os.WriteFile(models, []byte(b.String()), 0o644)
	out, stderr, code = runCLI([]string{"classify", "--pred", "a,b", "--format", "text", "--memory", "1MiB", models}, "")
	if code != 1 || out != "" || !strings.Contains(stderr, "classify's text layout") {
		t.Errorf("several models, --memory 1MiB: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code = runCLI([]string{"classify", "--pred", "a,b", "--format", "json", "--memory", "1MiB", models}, ""); code != 0 {
		t.Errorf("several models, --format json --memory 1MiB: exit %d, stderr %q", code, stderr)
	}
}

// TestStrayLabel: a label of another value among labels of value 0 and 1
// (a damaged Parquet page, say) is bad data, exit status 1, at its row,
// whether the rows before it or only those after it hold the 0s and 1s;
// a column of other labels still needs --pos-label (exit status 2).
// Before, both exited 2 with "--pos-label is required".
func TestStrayLabel(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	var b strings.Builder
	b.WriteString("y_true,y_score,s2\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%d,%g,%g\n", []int{1, 0, 1, 1}[i%4], float64(i*37%101)/101, float64(i*31%97)/97)
	}
	src := write("g.csv", b.String())
	good := filepath.Join(dir, "g.parquet")
	csvToParquet(t, src, good, 40, &parquet.Uncompressed)
	data, _ := os.ReadFile(good)
	// The INT64 labels 1, 0, 1, 1 as stored (PLAIN, little-endian).
	var labels []byte
	for _, v := range []byte{1, 0, 1, 1} {
		labels = append(labels, v, 0, 0, 0, 0, 0, 0, 0)
	}
	at := bytes.Index(data, labels)
	if at < 0 {
		t.Fatal("the labels are not stored as expected")
	}
	damaged := func(name string, row int) string {
		d := bytes.Clone(data)
		d[at+8*(row-1)] = 7
		return write(name, string(d))
	}
	for _, c := range []struct {
		file, want string
		code       int
	}{
		{damaged("second.parquet", 2), `second.parquet: row group 1, row 2: label "7" is not of value 0, 1 or -1, as the column's other labels are`, 1},
		{damaged("first.parquet", 1), `first.parquet: row group 1, row 1: label "7" is not of value 0, 1 or -1, as the column's other labels are`, 1},
		{write("third.csv", "y_true,y_score,s2\n1,0.5,0.5\n0,0.2,0.1\n7,0.3,0.3\n"), `third.csv:4: label "7" is not of value 0, 1 or -1, as the column's other labels are`, 1},
		{write("lead.csv", "y_true,y_score,s2\n7,0.5,0.5\n0,0.2,0.1\n1,0.3,0.3\n"), `lead.csv:2: label "7" is not of value 0, 1 or -1, as the column's other labels are`, 1},
		{write("other.csv", "y_true,y_score,s2\n7,0.5,0.5\n8,0.2,0.1\n"), `other.csv:2: label "7": the labels are not {0, 1} or {-1, 1}, so --pos-label is required`, 2},
	} {
		for _, args := range [][]string{
			{"rank", "--format", "json"},
			{"rank", "--format", "json", "--score", "y_score,s2"},
			{"compare", "delong", "--score-a", "y_score", "--score-b", "s2"},
		} {
			out, stderr, code := runCLI(append(args, c.file), "")
			if code != c.code || out != "" || !strings.Contains(stderr, c.want) {
				t.Errorf("%v %s: exit %d, stderr %q; want exit %d and %q", args, filepath.Base(c.file), code, stderr, c.code, c.want)
			}
		}
	}
}

// TestParquetPageWarning: a damaged Parquet page of strings whose header
// or definition levels count other values than it holds, PLAIN or in a
// delta encoding, is evalkit's positioned error, the first and only line
// of standard error (before, parquet-go first printed "parquet: warning:
// column … byte array page has … offsets but numValues is …" there, and
// read on); so is a damaged dictionary-encoded page.
func TestParquetPageWarning(t *testing.T) {
	bin := buildEvalkit(t)
	dir := t.TempDir()
	// DuckDB's page of the optional column "name", its definition levels
	// damaged (all null, where the page holds 7 values).
	duck, err := os.ReadFile("../../table/testdata/parquet/duckdb_uncompressed.parquet")
	if err != nil {
		t.Fatal(err)
	}
	duck[184] ^= 0xff
	levels := filepath.Join(dir, "levels.parquet")
	os.WriteFile(levels, duck, 0o644)
	// parquet-go's PLAIN page of strings, the values its header counts
	// damaged: found by damaging each byte in turn.
	var b strings.Builder
	b.WriteString("y_score,y_true\n")
	for i := range 100 {
		fmt.Fprintf(&b, "%g,%s\n", float64(i*37%101)/101, []string{"ab", "b"}[i*7%2])
	}
	src := filepath.Join(dir, "s.csv")
	os.WriteFile(src, []byte(b.String()), 0o644)
	good := filepath.Join(dir, "s.parquet")
	csvToParquet(t, src, good, 100, &parquet.Uncompressed)
	data, _ := os.ReadFile(good)
	header := filepath.Join(dir, "header.parquet")
	found := false
	for i := range data {
		d := bytes.Clone(data)
		d[i] ^= 1
		os.WriteFile(header, d, 0o644)
		if _, stderr, _ := runCLI([]string{"rank", "--format", "json", "--pos-label", "b", header}, ""); strings.Contains(stderr, "the page headers count") {
			found = true
			break
		}
	}
	if !found {
		t.Fatal("no damaged page header found")
	}
	// Version 2 pages of strings in the delta encodings (parquet-go's
	// default for strings on such pages), the nulls their header counts
	// damaged (0 → 8: 56 values where 64 are stored): before, parquet-go
	// printed "parquet: warning: column 1 byte array page has 65 offsets
	// but numValues is 56 (expected 57 offsets)" first. A damaged
	// dictionary page of strings, found the same way (parquet-go warns on
	// none: its pages of indexes are no pages of byte arrays).
	damaged := func(name string, enc encoding.Encoding, flip byte, want string) string {
		data := stringPages(t, enc)
		p := filepath.Join(dir, name)
		for i := range data {
			d := bytes.Clone(data)
			d[i] ^= flip
			os.WriteFile(p, d, 0o644)
			if _, stderr, _ := runCLI([]string{"rank", "--format", "json", "--pos-label", "b", p}, ""); strings.Contains(stderr, want) {
				return p
			}
		}
		t.Fatalf("%s: no damaged page found", name)
		return ""
	}
	deltaLength := damaged("deltalength.parquet", &parquet.DeltaLengthByteArray, 0x10, "count 56 not null")
	delta := damaged("delta.parquet", &parquet.DeltaByteArray, 0x10, "count 56 not null")
	dict := damaged("dict.parquet", &parquet.RLEDictionary, 0xff, `column "y_true": invalid Parquet file`)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"classify", "--format", "json", "--true", "name", "--pred", "pred", levels}, `levels.parquet: row group 1: column "name": invalid Parquet file: page 1 of the column chunk: 7 values stored, where its header and definition levels count 0 not null`},
		{[]string{"rank", "--format", "json", "--pos-label", "b", header}, `header.parquet: row group 1: column "y_true": invalid Parquet file: the page headers count`},
		{[]string{"rank", "--format", "json", "--pos-label", "b", deltaLength}, `deltalength.parquet: row group 1: column "y_true": invalid Parquet file: page 1 of the column chunk: 64 values stored, where its header and definition levels count 56 not null`},
		{[]string{"classify", "--format", "json", "--pred", "y_true", delta}, `delta.parquet: row group 1: column "y_true": invalid Parquet file: page 1 of the column chunk: 64 values stored, where its header and definition levels count 56 not null`},
		{[]string{"rank", "--format", "json", "--pos-label", "b", dict}, `dict.parquet: row group 1: column "y_true": invalid Parquet file`},
	} {
		cmd := exec.Command(bin, c.args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || stdout.Len() > 0 || len(lines) != 1 || !strings.HasPrefix(lines[0], "evalkit: ") || !strings.Contains(lines[0], c.want) {
			t.Errorf("%v: %v, stderr %q; want exit status 1 and one line with %q", c.args, err, stderr.String(), c.want)
		}
	}
}

// stringPages writes 100 rows of a score (y_score) and a string column
// (y_true: abc, b or abd) of encoding enc, in version 2 data pages of at
// most 256 bytes, uncompressed.
func stringPages(t *testing.T, enc encoding.Encoding) []byte {
	t.Helper()
	schema := parquet.NewSchema("t", parquet.Group{"y_true": parquet.Encoded(parquet.String(), enc), "y_score": parquet.Leaf(parquet.DoubleType)})
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema, parquet.Compression(&parquet.Uncompressed), parquet.DataPageVersion(2), parquet.PageBufferSize(256))
	var rows []parquet.Row
	for i := range 100 {
		rows = append(rows, parquet.Row{
			parquet.ValueOf(float64(i*37%101)/101).Level(0, 0, 0),
			parquet.ValueOf([]string{"abc", "b", "abd"}[i*7%3]).Level(0, 0, 1),
		})
	}
	if _, err := w.WriteRows(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestLabelSpellings: labels spelled several ways ("1", "1.0", " 1",
// "1e0", a pandas float column's 1.0 against an integer column's 1)
// compare as numbers when every label of the task is a number, and as
// strings otherwise, in every task, from CSV and from Parquet (integer
// columns against string columns holding "1.0"), and the result says
// which. Before, classify took 1, 1.0 and " 1" for three classes
// (accuracy 0 on spellings.csv) while rank took them for one number, and
// classify --multilabel compared labels as spelled (subset accuracy 0 on
// multilabel.csv, scikit-learn's on the numbers 0.667).
// Expected numbers: scikit-learn 1.2.1 on the same files read without
// pandas, tools/oracle/label_spellings.py (testdata/labels/oracle.json).
func TestLabelSpellings(t *testing.T) {
	var oracle map[string]any
	b, err := os.ReadFile("testdata/labels/oracle.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &oracle); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	inputs := map[string]string{}
	for _, name := range []string{"spellings", "mixed", "labels", "multilabel"} {
		inputs[name+".csv"] = filepath.Join("testdata/labels", name+".csv")
		pq := filepath.Join(dir, name+".parquet")
		if !csvToParquet(t, inputs[name+".csv"], pq, 5, &parquet.Uncompressed) {
			t.Fatalf("%s: no Parquet copy", name)
		}
		inputs[name+".parquet"] = pq
	}
	get := func(doc any, path string) any {
		for _, k := range strings.Split(path, ".") {
			switch d := doc.(type) {
			case map[string]any:
				doc = d[k]
			case []any:
				i, _ := strconv.Atoi(k)
				if i >= len(d) {
					return nil
				}
				doc = d[i]
			default:
				return nil
			}
		}
		return doc
	}
	ml := map[string]string{"subset_accuracy": "subset_accuracy", "hamming_loss": "hamming_loss", "micro.f1": "micro_f1", "macro.f1": "macro_f1",
		"samples.f1": "samples_f1", "samples.jaccard": "samples_jaccard", "label_comparison": "label_comparison", "labels": "labels"}
	mlWant := func(key string, labels int) map[string]string {
		out := map[string]string{}
		for k, v := range ml {
			out[k] = key + "." + v
		}
		for i := range labels {
			out[fmt.Sprintf("per_class.%d.f1", i)] = fmt.Sprintf("%s.per_class_f1.%d", key, i)
		}
		return out
	}
	cases := []struct {
		input string
		args  []string
		want  map[string]string // JSON path of the output: path in the oracle
	}{
		{"multilabel", []string{"classify", "--multilabel"}, mlWant("multilabel", 3)},
		{"multilabel", []string{"classify", "--multilabel", "--pred", "m_x"}, mlWant("multilabel_x", 6)},
		{"spellings", []string{"classify"}, map[string]string{"accuracy": "spellings.accuracy", "balanced_accuracy": "spellings.balanced_accuracy",
			"macro.f1": "spellings.macro_f1", "cohen_kappa": "spellings.cohen_kappa", "mcc": "spellings.mcc", "label_comparison": "spellings.label_comparison", "labels": "spellings.labels"}},
		{"mixed", []string{"classify"}, map[string]string{"accuracy": "mixed.accuracy", "balanced_accuracy": "mixed.balanced_accuracy",
			"macro.f1": "mixed.macro_f1", "cohen_kappa": "mixed.cohen_kappa", "mcc": "mixed.mcc", "label_comparison": "mixed.label_comparison", "labels": "mixed.labels"}},
		{"labels", []string{"classify"}, map[string]string{"accuracy": "classify.accuracy", "mcc": "classify.mcc", "label_comparison": "classify.label_comparison", "labels": "classify.labels"}},
		{"labels", []string{"classify", "--true", "y_sp", "--labels", "0,1"}, map[string]string{"accuracy": "classify_sp.accuracy", "cohen_kappa": "classify_sp.cohen_kappa", "label_comparison": "classify_sp.label_comparison"}},
		{"labels", []string{"classify", "--true", "y_sp", "--pos-label", "1.0"}, map[string]string{"accuracy": "classify_sp.accuracy", "binary.label": "rank.pos_label_canonical"}},
		{"labels", []string{"classify", "--true", "y_sp", "--pred", "y_pred,m2"}, map[string]string{"models.0.accuracy": "models.y_pred", "models.1.accuracy": "models.m2", "label_comparison": "classify_sp.label_comparison"}},
		{"labels", []string{"rank", "--true", "y_sp"}, map[string]string{"roc_auc": "rank.roc_auc", "average_precision": "rank.average_precision", "label_comparison": "rank.label_comparison", "pos_label": "rank.pos_label_canonical"}},
		{"labels", []string{"rank", "--true", "y_sp", "--pos-label", "1"}, map[string]string{"roc_auc": "rank.roc_auc", "label_comparison": "rank.label_comparison", "pos_label": "rank.pos_label_canonical"}},
		{"labels", []string{"rank", "--true", "y_sp", "--pos-label", "1.0", "--bins", "1000"}, map[string]string{"roc_auc": "rank.roc_auc", "pos_label": "rank.pos_label_canonical"}},
		{"labels", []string{"rank", "--true", "y_sp", "--pos-label", "+1", "--score", "y_score,p1"}, map[string]string{"models.0.roc_auc": "rank.roc_auc", "label_comparison": "rank.label_comparison"}},
		{"labels", []string{"rank", "--true", "y3", "--classes", "0,1,2", "--score", "p0,p1,p2"}, map[string]string{"roc_auc_ovr_macro": "rank_multiclass.roc_auc_ovr_macro", "roc_auc_ovo_macro": "rank_multiclass.roc_auc_ovo_macro", "label_comparison": "rank_multiclass.label_comparison"}},
		{"labels", []string{"rank", "--true", "y3", "--classes", "0.0,1e0,2", "--score", "p0,p1,p2"}, map[string]string{"roc_auc_ovr_macro": "rank_multiclass.roc_auc_ovr_macro"}},
		{"labels", []string{"cluster", "--true", "c_true", "--pred", "c_pred"}, map[string]string{"adjusted_rand_index": "cluster.adjusted_rand_index", "nmi": "cluster.nmi", "ami": "cluster.ami",
			"n_classes": "cluster.classes", "n_clusters": "cluster.clusters", "label_comparison": "cluster.label_comparison"}},
		{"labels", []string{"cluster", "--true", "c_true", "--pred", "c_pred,c_true"}, map[string]string{"models.0.adjusted_rand_index": "cluster.adjusted_rand_index", "models.1.adjusted_rand_index": "one", "label_comparison": "cluster.label_comparison"}},
	}
	oracle["rank"].(map[string]any)["pos_label_canonical"] = "1"
	oracle["one"] = 1.0
	for _, c := range cases {
		for _, ext := range []string{".csv", ".parquet"} {
			name := c.input + ext
			args := append(append(slices.Clone(c.args), "--format", "json"), inputs[name])
			out, stderr, code := runCLI(args, "")
			if code != 0 {
				t.Errorf("%v on %s: exit %d: %s", c.args, name, code, stderr)
				continue
			}
			var doc any
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("%v on %s: %v", c.args, name, err)
			}
			for path, from := range c.want {
				got, want := get(doc, path), get(oracle, from)
				g, gok := got.(float64)
				w, wok := want.(float64)
				switch {
				case gok && wok:
					if math.Abs(g-w) > 1e-12*math.Abs(w) {
						t.Errorf("%v on %s: %s = %v, scikit-learn %v", c.args, name, path, g, w)
					}
				case fmt.Sprint(got) != fmt.Sprint(want):
					t.Errorf("%v on %s: %s = %v, want %v", c.args, name, path, got, want)
				}
			}
		}
	}
	// The text layout says how the labels compared.
	for _, c := range []struct{ file, want string }{
		{"spellings.csv", "labels compared as numbers"}, {"mixed.csv", "labels compared as strings"},
	} {
		out, _, code := runCLI([]string{"classify", "--format", "text", inputs[c.file]}, "")
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("classify %s: exit %d, no %q in\n%s", c.file, code, c.want, out)
		}
	}
}

// TestStrayLabelChunk: a stray label alone in its chunk (the last row,
// with no label of value 0, 1 or −1 after it in that chunk) is bad data,
// exit status 1, whatever the chunks, for one model and several alike
// (before, several-model rank exited 2 with "--pos-label is required"
// when the chunks were small enough).
func TestStrayLabelChunk(t *testing.T) {
	var b strings.Builder
	b.WriteString("y_true,y_score,s2\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%d,%g,%g\n", []int{1, 0, 1, 1}[i%4], float64(i*37%101)/101, float64(i*31%97)/97)
	}
	b.WriteString("7,0.5,0.5\n")
	path := filepath.Join(t.TempDir(), "s.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	want := `s.csv:42: label "7" is not of value 0, 1 or -1, as the column's other labels are`
	for _, cs := range chunkSizes {
		withChunkSize(cs, func() {
			for _, args := range [][]string{
				{"rank", "--format", "json"},
				{"rank", "--format", "json", "--score", "y_score,s2"},
				{"rank", "--format", "json", "--bins", "10"},
				{"compare", "delong", "--score-a", "y_score", "--score-b", "s2"},
			} {
				out, stderr, code := runCLI(append(args, path), "")
				if code != 1 || out != "" || !strings.Contains(stderr, want) {
					t.Errorf("chunk size %d, %v: exit %d, stderr %q; want exit 1 and %q", cs, args, code, stderr, want)
				}
			}
		})
	}
}

// TestClassifyFloatLabels: classify (and report, which infers classify
// from --true and --pred) refuses a label that is a number with a
// fraction — a regression target — naming the file, line and column and
// pointing at evalkit regress and --allow-float-labels; whole numbers
// written as floats (1.0) are labels as before, and --allow-float-labels
// takes fractions as classes.
func TestClassifyFloatLabels(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	target := write("target.csv", "y_true,y_pred\n1,1\n0.37,0\n2.5,2\n")
	pred := write("pred.csv", "y_true,y_pred\n1,1\n0,0\n1,0.75\n")
	models := write("models.csv", "y_true,a,b\n1,1,1\n0,0,0\n1,0,1.5\n")
	whole := write("whole.csv", "y_true,y_pred\n1.0,1\n0.0,0\n1,0.0\n")
	for _, c := range []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"classify", target}, 1, []string{"target.csv:3", `column "y_true"`, `"0.37"`, "evalkit regress", "--allow-float-labels"}},
		{[]string{"classify", "--format", "json", pred}, 1, []string{"pred.csv:4", `column "y_pred"`, `"0.75"`, "evalkit regress"}},
		{[]string{"classify", "--pred", "a,b", models}, 1, []string{"models.csv:4", `column "b"`, `"1.5"`, "evalkit regress", "--allow-float-labels"}},
		{[]string{"report", "-o", filepath.Join(dir, "r.html"), target}, 1, []string{"target.csv:3", `column "y_true"`, "evalkit regress"}},
		{[]string{"classify", "--format", "json", whole}, 0, nil},
		{[]string{"classify", "--format", "json", "--allow-float-labels", target}, 0, nil},
		{[]string{"classify", "--format", "json", "--allow-float-labels", "--pred", "a,b", models}, 0, nil},
	} {
		stdout, stderr, code := runCLI(c.args, "")
		if code != c.code {
			t.Errorf("%q: exit %d, want %d (stderr %q)", c.args, code, c.code, stderr)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%q: stderr %q lacks %q", c.args, stderr, w)
			}
		}
		if c.code != 0 && stdout != "" {
			t.Errorf("%q: wrote %q to stdout", c.args, stdout)
		}
	}
	// --allow-float-labels: each distinct number is a class.
	stdout, _, _ := runCLI([]string{"classify", "--format", "json", "--allow-float-labels", target}, "")
	var rep struct {
		Labels []string `json:"labels"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if want := []string{"0", "0.37", "1", "2", "2.5"}; !slices.Equal(rep.Labels, want) {
		t.Errorf("--allow-float-labels: labels %q, want %q", rep.Labels, want)
	}
}

// TestWholeCountsAsIntegers: counts print as integers in every format,
// however large: rows weighted about 10⁹ each make every count of
// classify, rank and regress (supports, confusion cells, positives,
// negatives, weight sums, the min-cost value, calibration masses) a whole
// number past 10¹⁰, which must never print with an exponent. The summed
// log loss, no count, may; so may a figure's axis ticks.
func TestWholeCountsAsIntegers(t *testing.T) {
	var b strings.Builder
	b.WriteString("y_true,y_pred,y_score,w\n")
	for i := range 60 {
		y := i * 7 % 11 % 2
		p := y
		if i%4 == 0 {
			p = 1 - y
		}
		fmt.Fprintf(&b, "%d,%d,%.3f,%d\n", y, p, 0.4*float64(y)+float64(i*37%50)/100, 1000000007+i%3)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "big.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	exp := regexp.MustCompile(`[0-9]e\+[0-9]`)
	check := func(what, out string) {
		for _, line := range strings.Split(out, "\n") {
			if exp.MatchString(line) && !strings.Contains(line, "log loss") && !strings.Contains(line, "log_loss") {
				t.Errorf("%s: a number with an exponent: %q", what, line)
			}
		}
	}
	for _, args := range [][]string{
		{"classify", "--weight", "w"}, {"classify", "--weight", "w", "--pos-label", "1"}, {"classify", "--weight", "w", "--pred", "y_pred,y_true"},
		{"rank", "--weight", "w"}, {"rank", "--weight", "w", "--score", "y_score,y_pred"}, {"regress", "--weight", "w", "--pred", "y_score"},
	} {
		for _, f := range []string{"text", "markdown", "csv", "json"} {
			a := append(slices.Clone(args), "--format", f, path)
			stdout, stderr, code := runCLI(a, "")
			if code != 0 {
				t.Fatalf("%q: exit %d: %s", a, code, stderr)
			}
			check(strings.Join(a[:len(a)-1], " "), stdout)
		}
		page := filepath.Join(dir, "r.html")
		a := append([]string{"report", "-o", page}, args[1:]...)
		if args[0] == "regress" {
			a = append(a, "--task", "regress")
		}
		if _, stderr, code := runCLI(append(a, path), ""); code != 0 {
			t.Fatalf("%q: exit %d: %s", a, code, stderr)
		}
		html, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		// The page's text, a line a table row, without its figures
		// (whose axis ticks may have exponents) and tags.
		s := regexp.MustCompile(`(?s)<svg.*?</svg>`).ReplaceAllString(string(html), "")
		s = strings.ReplaceAll(strings.ReplaceAll(s, "\n", " "), "<tr", "\n<tr")
		s = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(s, " ")
		check(strings.Join(a, " "), s)
	}
}

// TestLabelsBeyondFloat64: integer labels that one float64 stands for
// (2⁶⁰ and 2⁶⁰ + 1, as int64 identifiers are) are two classes, not one:
// classify counts the mistakes between them, and rank with either as the
// positive label finds both classes.
func TestLabelsBeyondFloat64(t *testing.T) {
	a, b := "1152921504606846976", "1152921504606846977"
	file := filepath.Join(t.TempDir(), "big.csv")
	rows := "y_true,y_pred,y_score\n" + a + "," + a + ",0.1\n" + a + "," + b + ",0.6\n" + b + "," + b + ",0.8\n" + b + "," + a + ",0.3\n"
	if err := os.WriteFile(file, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI([]string{"classify", "--format", "json", file}, "")
	if code != 0 {
		t.Fatalf("classify: exit %d: %s", code, stderr)
	}
	var c struct {
		Accuracy float64  `json:"accuracy"`
		Labels   []string `json:"labels"`
	}
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	if c.Accuracy != 0.5 || len(c.Labels) != 2 {
		t.Errorf("classify: accuracy %v, labels %q; want 0.5 and two labels", c.Accuracy, c.Labels)
	}
	out, stderr, code = runCLI([]string{"rank", "--format", "json", "--curves=false", "--pos-label", b, file}, "")
	if code != 0 {
		t.Fatalf("rank: exit %d: %s", code, stderr)
	}
	var r struct {
		AUC float64 `json:"roc_auc"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.AUC != 0.75 { // 3 of the 4 (positive, negative) pairs ordered
		t.Errorf("rank: roc_auc %v, want 0.75", r.AUC)
	}
}
