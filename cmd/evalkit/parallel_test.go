package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// Every command that reads through table.Parallel prints the same bytes
// whatever the chunk size (and so the number and order of chunks), and a
// bad row is named by its line whichever chunk holds it.
func TestChunkSizeDoesNotMatter(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	var b bytes.Buffer
	b.WriteString("y_true,y_pred,f1,f2,w,dw\n")
	for i := range 400 {
		c := rng.IntN(4)
		p := c
		if rng.IntN(3) == 0 {
			p = rng.IntN(5)
		}
		fmt.Fprintf(&b, "c%d,k%d,%.3f,%.3f,%d,%.7f\n", c, p, float64(c)+rng.NormFloat64(), rng.NormFloat64(), 1+rng.IntN(3), rng.Float64()*1e3)
		if i == 300 {
			b.WriteString("\n") // a blank line, skipped
		}
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.csv")
	os.WriteFile(good, b.Bytes(), 0o644)
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, append(append([]byte{}, b.Bytes()...), "c1,k1,x,1,1,1\nc1,k1,1,1,1,-1\n"...), 0o644)

	cases := [][]string{
		{"classify", "--format", "json", "--weight", "dw", good},
		{"classify", "--format", "json", "--multilabel", good},
		{"cluster", "--format", "json", "--weight", "w", good},
		{"cluster", "--format", "json", "--true", "y_true", "--features", "f1,f2", good},
	}
	for _, args := range cases {
		var want []byte
		for _, size := range []int{1 << 20, 7, 64, 1000} {
			restore := setChunkSize(size)
			var stdout, stderr bytes.Buffer
			err := run(args, nil, &stdout, &stderr)
			restore()
			if err != nil {
				t.Fatalf("%v at chunk size %d: %v", args, size, err)
			}
			if want == nil {
				want = stdout.Bytes()
			} else if !bytes.Equal(stdout.Bytes(), want) {
				t.Errorf("%v: output at chunk size %d differs from one chunk's", args[:2], size)
			}
		}
	}
	for _, task := range []string{"classify", "cluster"} {
		for _, size := range []int{1 << 20, 9, 200} {
			restore := setChunkSize(size)
			args := []string{task, "--format", "json", "--weight", "dw", bad}
			if task == "cluster" {
				args = []string{task, "--format", "json", "--true", "y_true", "--features", "f1,f2", bad}
			}
			var stdout, stderr bytes.Buffer
			err := run(args, nil, &stdout, &stderr)
			restore()
			want := fmt.Sprintf("%s:403: column \"f1\": value \"x\" is not a number", bad)
			if task == "classify" {
				want = fmt.Sprintf("%s:404: column \"dw\": value \"-1\" is a negative weight", bad)
			}
			if err == nil || err.Error() != want {
				t.Errorf("%s at chunk size %d: error %v, want %s", task, size, err, want)
			}
		}
	}
}

// setChunkSize makes parallel reading cut chunks of n bytes (a row each
// for n = 1) and returns a function that restores the previous size.
func setChunkSize(n int) (restore func()) {
	old := chunkSize
	chunkSize = n
	return func() { chunkSize = old }
}
