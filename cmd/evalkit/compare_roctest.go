package main

import (
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	registerCompare(&compareTest{"roc-test", "pROC's bootstrap or Venkatraman test of two ROC curves (paired, or --unpaired A.csv B.csv)", runROCTest})
}

func runROCTest(e *env, args []string) error {
	fs, format := newCompareFlags("roc-test")
	c := defineROCPair(fs, "")
	method := fs.String("method", "bootstrap", "bootstrap (the stratified bootstrap of auc_a − auc_b) or venkatraman (a permutation test that the curves are equal; two-sided only)")
	alternative := fs.String("alternative", "two-sided", "alternative of the bootstrap's p-value: two-sided, greater (auc_a > auc_b) or less")
	boot := fs.Int("bootstrap", 2000, "bootstrap replicates or permutations (at least 100)")
	seed := fs.Uint64("seed", 1, "seed of the replicates (PCG)")
	pos, file, f, err := c.parse(e, fs, args, format)
	if err != nil {
		return err
	}
	if *method != "bootstrap" && *method != "venkatraman" {
		return usagef("%s: --method must be bootstrap or venkatraman, got %q", fs.Name(), *method)
	}
	alt, err := hyptest.ParseAlternative(*alternative)
	if err != nil {
		return usagef("%s: --alternative must be two-sided, greater or less, got %q", fs.Name(), *alternative)
	}
	if *method == "venkatraman" && alt != hyptest.TwoSided {
		return usagef("%s: --method venkatraman is two-sided only (it tests that the curves are equal everywhere)", fs.Name())
	}
	if *boot < 100 {
		return usagef("%s: --bootstrap must be at least 100, got %d", fs.Name(), *boot)
	}
	t := task.ROCTest{DeLong: c.task(fs), Method: *method, Replicates: *boot, Seed: *seed}
	t.Alternative = alt
	var out *task.ROCTestResult
	if *c.unpaired {
		out, err = readUnpaired(e, pos[0], pos[1], t.ReadUnpaired)
	} else {
		out, err = readFile(e, file, t.Read)
	}
	if err := delongError(err); err != nil {
		return err
	}
	return emit(e, f, out, func() *report.Doc { return report.ROCTest(out) })
}
