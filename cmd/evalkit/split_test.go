package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestSplitCLIOracle runs the fold-membership cases of
// resample/testdata/folds.json (scikit-learn 1.2.1 KFold, StratifiedKFold,
// GroupKFold; tools/oracle/resample_folds.py) through "evalkit split".
func TestSplitCLIOracle(t *testing.T) {
	b, err := os.ReadFile("../../resample/testdata/folds.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Name, Splitter string
			K, N           int
			Y, Groups      []int
			Fold           []int
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for i, c := range doc.Cases {
		if i%4 != 0 { // a quarter of the cases keeps the test quick
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			var in bytes.Buffer
			in.WriteString("id,key\n")
			for r := range c.N {
				key := 0
				switch c.Splitter {
				case "stratified":
					key = c.Y[r]
				case "group":
					key = c.Groups[r]
				}
				fmt.Fprintf(&in, "%d,%d\n", r, key)
			}
			path := filepath.Join(dir, c.Name+".csv")
			if err := os.WriteFile(path, in.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"split", "--kfold", strconv.Itoa(c.K), "--emit", "assign", path}
			switch c.Splitter {
			case "stratified":
				args = append(args, "--stratify", "key")
			case "group":
				args = append(args, "--group", "key")
			}
			var stdout, stderr bytes.Buffer
			if err := run(args, nil, &stdout, &stderr); err != nil {
				t.Fatalf("%v\n%s", err, stderr.String())
			}
			recs, err := csv.NewReader(&stdout).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != c.N+1 {
				t.Fatalf("%d records", len(recs))
			}
			for r, rec := range recs[1:] {
				if rec[0] != strconv.Itoa(r) || rec[1] != strconv.Itoa(c.Fold[r]) {
					t.Fatalf("row %d: %v, want fold %d", r, rec, c.Fold[r])
				}
			}
		})
	}
}

// FuzzSplit feeds arbitrary CSV to "evalkit split": it must never panic,
// and on success every row must get a fold.
func FuzzSplit(f *testing.F) {
	f.Add("y,g\na,1\nb,2\na,1\nb,3\n", 2, true)
	f.Add("y,g\n1,1\n", 3, false)
	f.Add("y,g\n\"a\nb\",x\n", 2, true)
	f.Add("", 2, false)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data string, k int, strat bool) {
		k = 2 + (k%5+5)%5
		path := filepath.Join(dir, "in.csv")
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"split", "--kfold", strconv.Itoa(k), "--emit", "assign", path}
		if strat {
			args = append(args, "--stratify", "y")
		} else {
			args = append(args, "--group", "g")
		}
		var stdout, stderr bytes.Buffer
		if err := run(args, nil, &stdout, &stderr); err != nil {
			if stdout.Len() != 0 {
				t.Fatalf("output despite error %v", err)
			}
			return
		}
		recs, err := csv.NewReader(&stdout).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs[1:] {
			if v, err := strconv.Atoi(rec[1]); err != nil || v < 0 || v >= k {
				t.Fatalf("bad fold %q", rec[1])
			}
		}
	})
}
