package main

import (
	"fmt"
	"github.com/evalkit-go/evalkit/task"

	"github.com/evalkit-go/evalkit/budget"
)

// The memory that a flag's number makes a task allocate at once, a bin or
// replicate at a time, measured as peak resident bytes over the flag
// (rank on a few rows; the scores' spread fills more of --bins' cells).
const (
	rankBinBytes       = 320 // --bins: a cell's sums, row counts and Σw², its table row and curve points
	rankCalBinBytes    = 48  // --cal-bins: a bin's sums and its curve point
	bootReplicateBytes = 64  // --bootstrap: a replicate of every bootstrapped measure
)

// flagSize is an allocation sized by a flag: n elements of size bytes.
type flagSize struct {
	flag, what string
	n, size    int64
}

// flagFloor is the least budget the allocations sized by flags are
// charged against: below it (--memory 1) they are as small as the
// defaults (--cal-bins 10, --bootstrap 1000) and always allowed.
const flagFloor = task.RankSpillFloor

// chargeFlags charges the allocations sized by flags to the budget of
// mem (at least flagFloor): past it, an error naming the flag (exit
// status 1) before anything is allocated, rather than an out-of-memory
// kill.
func chargeFlags(mem *budget.Size, sizes ...flagSize) error {
	var b *budget.Budget
	if limit := mem.Bytes(); limit > 0 {
		b = budget.New(max(limit, flagFloor))
	}
	for _, s := range sizes {
		if s.n <= 0 {
			continue
		}
		acct := b.Account(fmt.Sprintf("%s (--%s %d)", s.what, s.flag, s.n), "or lower --"+s.flag)
		if err := acct.Grow(budget.Items(s.n, s.size)); err != nil {
			return err
		}
	}
	return nil
}

// rankFlagSizes are the allocations of rank's flags.
func rankFlagSizes(f *rankFlags, withCI bool) []flagSize {
	sizes := []flagSize{
		{"bins", "rank's score bins", int64(f.Bins), rankBinBytes},
		{"cal-bins", "rank's calibration bins", int64(f.CalBins), rankCalBinBytes},
	}
	if withCI {
		sizes = append(sizes, flagSize{"bootstrap", "rank's bootstrap replicates", int64(f.ci.Boot), bootReplicateBytes})
	}
	return sizes
}
