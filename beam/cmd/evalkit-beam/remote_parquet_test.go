package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
)

// A Parquet file on a remote file system (Beam's in-memory one here,
// which like gs:// and s3:// gives streams, not ranges) is split by row
// group as a local one is: the same units, the same JSON as evalkit on a
// local copy, and errors that name the file, row group, row and column as
// evalkit does.
func TestParquetRemote(t *testing.T) {
	dir := t.TempDir()
	var rows []pqRow
	for i := range 400 {
		y := i % 2
		rows = append(rows, pqRow{True: fmt.Sprint("c", y), Pred: fmt.Sprint("c", (i/3+i/7)%2), Score: float64(i%23+5*y) / 8, Y: int64(y)})
	}
	put := func(name string, rows []pqRow) (local, remote string) {
		local = filepath.Join(dir, name)
		writeParquet(t, local, rows, 37)
		b, err := os.ReadFile(local)
		if err != nil {
			t.Fatal(err)
		}
		remote = "memfs://bucket/" + t.Name() + "/" + name
		memfs.Write(remote, b)
		return local, remote
	}
	local, remote := put("good.parquet", rows)
	units, err := evalbeam.Units(context.Background(), []string{remote})
	if err != nil || len(units) != 11 || units[10].RowGroup != 10 || len(units[3].Footer) == 0 {
		t.Fatalf("units %d, %v; want 11 row groups with the footer", len(units), err)
	}
	for _, args := range [][]string{{"classify"}, {"rank", "--true", "y"}, {"cluster"}} {
		t.Run(args[0], func(t *testing.T) {
			want, stderr, code := runEvalkit(t, append(append(args[:1:1], "--format", "json"), append(args[1:], local)...)...)
			if code != 0 {
				t.Fatal(stderr)
			}
			got, msg, code := runBeam(t, append(args, "--input", "memfs://bucket/"+t.Name()[:strings.Index(t.Name(), "/")]+"/*.parquet")...)
			if code != 0 {
				t.Fatal(msg)
			}
			if got != want {
				t.Errorf("evalkit-beam:\n%.2000s\nevalkit:\n%.2000s", got, want)
			}
		})
	}
	rows[7*37+5].True = "0.5" // a number with a fraction: no class label
	rows[8*37+2].Score = math.NaN()
	badLocal, badRemote := put("bad.parquet", rows)
	for _, args := range [][]string{{"classify"}, {"rank", "--true", "y"}} {
		_, stderr, code := runEvalkit(t, append(append(args[:1:1], "--format", "json"), append(args[1:], badLocal)...)...)
		want := strings.ReplaceAll(strings.TrimPrefix(stderr, "evalkit: "), badLocal, badRemote)
		_, msg, gotCode := runBeam(t, append(args, "--input", badRemote)...)
		if got := strings.TrimPrefix(msg, "evalkit-beam: "); got != want || gotCode != code || !strings.Contains(got, "row group") {
			t.Errorf("%v: exit %d, %q; evalkit: exit %d, %q", args, gotCode, got, code, want)
		}
	}
	// Not Parquet: one unit, and evalkit's error.
	notPQ := "memfs://bucket/" + t.Name() + "/text.parquet"
	memfs.Write(notPQ, []byte("y_true,y_pred\na,b\n"))
	if units, err := evalbeam.Units(context.Background(), []string{notPQ}); err != nil || len(units) != 1 || units[0].RowGroup != -1 {
		t.Fatalf("not Parquet: units %v, %v", units, err)
	}
	p := filepath.Join(dir, "text.parquet")
	os.WriteFile(p, []byte("y_true,y_pred\na,b\n"), 0o644)
	_, stderr, code := runEvalkit(t, "classify", "--format", "json", p)
	want := strings.ReplaceAll(strings.TrimPrefix(stderr, "evalkit: "), p, notPQ)
	if _, msg, gotCode := runBeam(t, "classify", "--input", notPQ); strings.TrimPrefix(msg, "evalkit-beam: ") != want || gotCode != code {
		t.Errorf("not Parquet: exit %d, %q; evalkit: exit %d, %q", gotCode, msg, code, want)
	}
}
