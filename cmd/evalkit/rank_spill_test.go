package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestRankSpillInterrupt runs the evalkit binary on standard input with a
// tiny --memory, so that the score table spills; once the spill folder
// holds files it sends SIGINT (then, in a second run, SIGTERM) while rows
// are still coming, and checks that the process exits with 128 + the
// signal's number, prints nothing on stdout and leaves no temporary file;
// likewise for SIGHUP and SIGQUIT.
func TestRankSpillInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "evalkit")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			tmp := t.TempDir()
			cmd := exec.Command(bin, "rank", "--format", "json", "--memory", "64KiB", "-")
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(in, "y_true,y_score")
			var batch bytes.Buffer
			spilled := false
			for i := 0; i < 3000 && !spilled; i++ {
				batch.Reset()
				for j := range 2000 {
					k := i*2000 + j
					batch.WriteString(strconv.Itoa(k%2) + "," + strconv.Itoa(k*7919%1000003) + "\n")
				}
				if _, err := in.Write(batch.Bytes()); err != nil {
					t.Fatalf("writing rows: %v (%s)", err, stderr.String())
				}
				for try := range 50 {
					if files, _ := filepath.Glob(filepath.Join(tmp, "evalkit-rank-*", "*")); len(files) > 0 {
						spilled = true
						break
					}
					if i < 100 || try > 0 && i%10 != 0 {
						break // wait longer only now and then
					}
					time.Sleep(2 * time.Millisecond)
				}
			}
			if !spilled {
				t.Fatal("no spilled file appeared")
			}
			cmd.Process.Signal(sig)
			err = cmd.Wait()
			in.Close()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
				t.Fatalf("exit: %v, want status %d; stderr %q", err, 128+int(sig), stderr.String())
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout: %q", stdout.String())
			}
			if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// TestRankSpillCleanup: a spilled run leaves no temporary file on success,
// on a bad row found after the spill (exit status 1, the row named) and
// when the table does not fit --memory. Past --memory the report and
// --curves-out are streamed from the parts, the same bytes as in memory;
// what needs the whole table (--ci, every vertex with --curve-points 0)
// stops naming the way out.
func TestRankSpillCleanup(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var b bytes.Buffer
	b.WriteString("y_true,y_score\n")
	for k := range 5000 {
		b.WriteString(strconv.Itoa(k%2) + "," + strconv.Itoa(k*7919%50) + "\n")
	}
	data := filepath.Join(t.TempDir(), "s.csv")
	os.WriteFile(data, b.Bytes(), 0o644)
	var stdout, stderr bytes.Buffer
	if err := run([]string{"rank", "--format", "json", "--memory", "4KiB", data}, nil, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	b.WriteString("1,oops\n")
	os.WriteFile(data, b.Bytes(), 0o644)
	stdout.Reset()
	err := run([]string{"rank", "--format", "json", "--memory", "4KiB", data}, nil, &stdout, &stderr)
	if code := exitCode(err, &stderr); code != 1 || stdout.Len() != 0 || !bytes.Contains(stderr.Bytes(), []byte("s.csv:5002")) {
		t.Errorf("bad row: exit %d, stderr %q", code, stderr.String())
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
	// 5000 distinct scores do not fit a table of 4KiB / 40 bytes: the
	// report is streamed, the same JSON and curves CSV as in memory.
	b.Reset()
	b.WriteString("y_true,y_score\n")
	for k := range 5000 {
		b.WriteString(strconv.Itoa(k%2) + "," + strconv.Itoa(k*7919%10007) + "\n")
	}
	os.WriteFile(data, b.Bytes(), 0o644)
	out := t.TempDir()
	for _, extra := range [][]string{nil, {"--curve-points", "30", "--max-fpr", "0.2"}, {"--cal-strategy", "quantile", "--curve-points", "4999"}} {
		var want, got bytes.Buffer
		args := append([]string{"rank", "--format", "json", "--curves-out", filepath.Join(out, "a.csv")}, extra...)
		if err := run(append(args, data), nil, &want, &stderr); err != nil {
			t.Fatal(err)
		}
		args = append([]string{"rank", "--format", "json", "--memory", "4KiB", "--curves-out", filepath.Join(out, "b.csv")}, extra...)
		if err := run(append(args, data), nil, &got, &stderr); err != nil {
			t.Fatal(err)
		}
		ca, _ := os.ReadFile(filepath.Join(out, "a.csv"))
		cb, _ := os.ReadFile(filepath.Join(out, "b.csv"))
		if !bytes.Equal(want.Bytes(), got.Bytes()) || !bytes.Equal(ca, cb) || len(ca) < 5000*10 {
			t.Errorf("%v: streamed past --memory, JSON or curves CSV differ from in memory", extra)
		}
	}
	for _, c := range []struct{ flag, want string }{{"--curve-points=0", "--curves-out"}, {"--ci", "--bins"}} {
		stdout.Reset()
		stderr.Reset()
		err = run([]string{"rank", "--format", "json", "--memory", "4KiB", c.flag, data}, nil, &stdout, &stderr)
		if code := exitCode(err, &stderr); code != 1 || stdout.Len() != 0 || !bytes.Contains(stderr.Bytes(), []byte(c.want)) {
			t.Errorf("%s past --memory: exit %d, stderr %q", c.flag, code, stderr.String())
		}
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestRankModelsCurvesOut: several models' --curves-out is one CSV with a
// model column, each model's rows those of its single-model --curves-out;
// their rows are charged to --memory, past it an error naming the way out.
func TestRankModelsCurvesOut(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("y_true,a,b\n")
	for k := range 3000 {
		b.WriteString(strconv.Itoa(k%2) + "," + strconv.Itoa(k*7919%1009) + "," + strconv.Itoa((k*31+k%2*500)%997) + "\n")
	}
	dir := t.TempDir()
	data := filepath.Join(dir, "m.csv")
	os.WriteFile(data, b.Bytes(), 0o644)
	var stdout, stderr bytes.Buffer
	if err := run([]string{"rank", "--format", "json", "--score", "a,b", "--curves-out", filepath.Join(dir, "ab.csv"), data}, nil, &stdout, &stderr); err != nil {
		t.Fatal(err, stderr.String())
	}
	want := "model," + "threshold,tp,fp,tpr,fpr,precision,recall\n"
	for _, m := range []string{"a", "b"} {
		if err := run([]string{"rank", "--format", "json", "--score", m, "--curves-out", filepath.Join(dir, m+".csv"), data}, nil, &stdout, &stderr); err != nil {
			t.Fatal(err)
		}
		one, _ := os.ReadFile(filepath.Join(dir, m+".csv"))
		lines := bytes.SplitAfter(one, []byte("\n"))
		for _, l := range lines[1:] {
			if len(l) > 0 {
				want += m + "," + string(l)
			}
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "ab.csv")); string(got) != want {
		t.Errorf("several models' curves CSV: %d bytes, want %d", len(got), len(want))
	}
	stderr.Reset()
	err := run([]string{"rank", "--format", "json", "--score", "a,b", "--memory", "16KiB", data}, nil, &stdout, &stderr)
	if code := exitCode(err, &stderr); code != 1 || !bytes.Contains(stderr.Bytes(), []byte("one --score column at a time")) {
		t.Errorf("several models past --memory: exit %d, stderr %q", code, stderr.String())
	}
}
