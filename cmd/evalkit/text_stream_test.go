package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/evalkit-go/evalkit/text"
)

// writeLines writes n generated sentences to a file in dir: sentence i of
// variant v (hypotheses and references differ in some words).
func writeLines(t *testing.T, dir, name string, n, v int) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		for w := range 16 {
			x := (i*31 + w*17 + v*(w%3)) % 997
			fmt.Fprintf(&b, "w%d ", x)
		}
		b.WriteString("end .\n")
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A line-count mismatch is found while streaming and reported as reading
// the files whole did: the first file (references, then further
// hypotheses) whose count differs from the first hypothesis's, with both
// counts, also when the files end in different batches.
func TestTextStreamLineCountMismatch(t *testing.T) {
	dir := t.TempDir()
	h5000 := writeLines(t, dir, "h5000", 5000, 0)
	r4097 := writeLines(t, dir, "r4097", 4097, 1)
	r5000 := writeLines(t, dir, "r5000", 5000, 1)
	r5001 := writeLines(t, dir, "r5001", 5001, 1)
	h3 := writeLines(t, dir, "h3", 3, 2)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--hyp", h5000, "--ref", r4097}, r4097 + " has 4097 lines but the hypothesis " + h5000 + " has 5000"},
		{[]string{"--hyp", h5000, "--ref", r5001}, r5001 + " has 5001 lines but the hypothesis " + h5000 + " has 5000"},
		{[]string{"--hyp", r4097, "--ref", r5000}, r5000 + " has 5000 lines but the hypothesis " + r4097 + " has 4097"},
		{[]string{"--hyp", h5000, "--hyp", h3, "--ref", r5000, "--paired-bs"}, h3 + " has 3 lines but the hypothesis " + h5000 + " has 5000"},
		{[]string{"--hyp", h5000, "--hyp", h3, "--ref", r5000, "--ref", r5001, "--paired-bs"}, r5001 + " has 5001 lines but the hypothesis " + h5000 + " has 5000"},
	} {
		for _, task := range []string{"bleu", "chrf", "ter", "wer"} {
			if task == "wer" && strings.Count(strings.Join(c.args, " "), "--") > 2 {
				continue // wer takes one hypothesis and one reference
			}
			var o, e bytes.Buffer
			code := exitCode(run(append([]string{task}, c.args...), nil, &o, &e), &e)
			if code != 1 || o.Len() != 0 || e.String() != "evalkit: "+c.want+"\n" {
				t.Errorf("%s %v: exit %d, stdout %q, stderr %q; want %q", task, c.args, code, o.String(), e.String(), c.want)
			}
		}
	}
}

// A bad byte far into a reference (past the first batches) is reported
// with its file and line, as before streaming.
func TestTextStreamBadUTF8Position(t *testing.T) {
	dir := t.TempDir()
	h := writeLines(t, dir, "h", 9000, 0)
	r := writeLines(t, dir, "r", 9000, 1)
	data, _ := os.ReadFile(r)
	lines := strings.SplitAfter(string(data), "\n")
	lines[8499] = "bad \xff byte\n"
	if err := os.WriteFile(r, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	var o, e bytes.Buffer
	code := exitCode(run([]string{"bleu", "--hyp", h, "--ref", r}, nil, &o, &e), &e)
	if code != 1 || o.Len() != 0 || !strings.Contains(e.String(), r+":8500") || !strings.Contains(e.String(), "byte 5") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, o.String(), e.String())
	}
}

// bleu, chrf and wer (ter streams the same way; it is slow for this size)
// hold a bounded amount of memory whatever the length of
// their input: on 2 × 24 MB of generated text, the heap's high-water mark
// (runtime.MemStats.HeapAlloc sampled every millisecond) stays below 16 MB.
// Reading the files whole held their lines (over 48 MB with string
// headers); with --confidence the per-sentence statistics are kept, which
// is not the case here. The collector runs at GOGC=20 during the test, so
// that HeapAlloc tracks what is live rather than garbage the collector has
// not reached yet on a loaded machine (at the default 100 the high-water
// mark reached 17–30 MB under load and 10 MB alone).
func TestTextStreamBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 48 MB of text")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(20))
	dir := t.TempDir()
	const n = 300000
	h := writeLines(t, dir, "h", n, 0)
	r := writeLines(t, dir, "r", n, 1)
	for _, task := range []string{"bleu", "chrf", "wer"} {
		runtime.GC()
		var peak atomic.Uint64
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			var ms runtime.MemStats
			for {
				runtime.ReadMemStats(&ms)
				if ms.HeapAlloc > peak.Load() {
					peak.Store(ms.HeapAlloc)
				}
				select {
				case <-stop:
					return
				case <-time.After(time.Millisecond):
				}
			}
		}()
		var o, e bytes.Buffer
		code := exitCode(run([]string{task, "--hyp", h, "--ref", r}, nil, &o, &e), &e)
		close(stop)
		<-done
		if code != 0 || !strings.Contains(o.String(), fmt.Sprintf(`"sentences": %d`, n)) {
			t.Fatalf("%s: exit %d: %s%s", task, code, o.String(), e.String())
		}
		t.Logf("%s: %d sentences, heap high-water %.1f MB", task, n, float64(peak.Load())/1e6)
		if p := peak.Load(); p > 16<<20 {
			t.Errorf("%s: heap high-water %.1f MB on %d sentences; want < 16 MiB", task, float64(p)/1e6, n)
		}
	}
}

// countWriter counts the writes made to it.
type countWriter struct {
	bytes.Buffer
	writes int
}

func (w *countWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(p)
}

// --sentence streams: the lines of each batch of sentences are written as
// soon as the batch is scored (three writes for three batches), in order,
// one JSON line a sentence.
func TestTextSentenceStreams(t *testing.T) {
	dir := t.TempDir()
	const n = 2*text.Batch + 10
	h := writeLines(t, dir, "h", n, 0)
	r := writeLines(t, dir, "r", n, 1)
	for _, task := range []string{"bleu", "chrf", "ter"} {
		var o countWriter
		var e bytes.Buffer
		if err := run([]string{task, "--sentence", "--hyp", h, "--ref", r}, nil, &o, &e); err != nil {
			t.Fatalf("%s: %v: %s", task, err, e.String())
		}
		lines := strings.Split(strings.TrimSuffix(o.String(), "\n"), "\n")
		if o.writes != 3 || len(lines) != n {
			t.Errorf("%s: %d writes, %d lines; want 3 writes of %d lines", task, o.writes, len(lines), n)
		}
		if task != "ter" && (!strings.Contains(lines[0], `"line":1,`) || !strings.Contains(lines[n-1], fmt.Sprintf(`"line":%d,`, n))) {
			t.Errorf("%s: first and last lines %s … %s", task, lines[0], lines[n-1])
		}
	}
}
