package cli

import (
	"fmt"

	"github.com/evalkit-go/evalkit/budget"
	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/task"
)

// The memory that a flag's number makes a task allocate at once, a bin or
// replicate at a time, measured as peak resident bytes over the flag
// (rank on a few rows; the scores' spread fills more of --bins' cells).
const (
	rankBinBytes       = 320 // --bins: a cell's sums, row counts and Σw², its table row and curve points
	rankCalBinBytes    = 48  // --cal-bins: a bin's sums and its curve point
	bootReplicateBytes = 64  // --bootstrap: a replicate of every bootstrapped measure (rank, and bleu, chrf and ter: 45 to 55)
	// --bootstrap with --ci in the other tasks: their replicates of every
	// measure and the scratch of the draws (classify: 670 to 700 bytes
	// with 2 and 3 classes, regress 82, cluster 217).
	classifyReplicateBytes = 768
	regressReplicateBytes  = 96
	clusterReplicateBytes  = 256
)

// FlagSize is an allocation sized by a flag: N elements of Size bytes,
// What naming it ("rank's score bins") and Flag the flag that sets N
// ("bins").
type FlagSize struct {
	Flag, What string
	N, Size    int64
}

// flagFloor is the least budget the allocations sized by flags are
// charged against: below it (--memory 1) they are as small as the
// defaults (--cal-bins 10, --bootstrap 1000) and always allowed.
const flagFloor = task.RankSpillFloor

// ChargeFlags charges the allocations sized by flags to the budget of
// mem (at least 1 MiB), each in turn: past it, an error naming the flag
// (an *budget.ExceededError, exit status 1), to be returned before
// anything is allocated, rather than an out-of-memory kill. The budget is
// one process's: evalkit's, or one evalkit-beam worker's.
func ChargeFlags(mem *budget.Size, sizes ...FlagSize) error {
	var b *budget.Budget
	if limit := mem.Bytes(); limit > 0 {
		b = budget.New(max(limit, flagFloor))
	}
	for _, s := range sizes {
		if s.N <= 0 {
			continue
		}
		acct := b.Account(fmt.Sprintf("%s (--%s %d)", s.What, s.Flag, s.N), "or lower --"+s.Flag)
		if err := acct.Grow(budget.Items(s.N, s.Size)); err != nil {
			return err
		}
	}
	return nil
}

// FlagSizes are the allocations of rank's flags: --bins' cells,
// --cal-bins' bins and, with --ci (withCI), ci's bootstrap replicates.
func (f *RankFlags) FlagSizes(ci *CIFlags, withCI bool) []FlagSize {
	return append([]FlagSize{
		{"bins", "rank's score bins", int64(f.Bins), rankBinBytes},
		{"cal-bins", "rank's calibration bins", int64(f.CalBins), rankCalBinBytes},
	}, ci.FlagSizes("rank", withCI)...)
}

// FlagSizes is the allocation of --bootstrap's replicates of the task
// named (classify, rank, regress, cluster, bleu, chrf, ter) with --ci
// (withCI); none without.
func (c *CIFlags) FlagSizes(task string, withCI bool) []FlagSize {
	if !withCI {
		return nil
	}
	size := int64(bootReplicateBytes)
	switch task {
	case "classify":
		size = classifyReplicateBytes
	case "regress":
		size = regressReplicateBytes
	case "cluster":
		size = clusterReplicateBytes
	}
	return []FlagSize{{"bootstrap", task + "'s bootstrap replicates", int64(c.Boot), size}}
}

// ChargeFlags charges --ci's --bootstrap, and the resamples of
// --confidence, --paired-bs and --paired-ar, to --memory (ChargeFlags).
func (t *TextFlags) ChargeFlags() error {
	name := t.fs.Name()
	_, on, _ := t.CI.Options()
	sizes := t.CI.FlagSizes(name, on)
	// A bootstrap resample holds a float64 score of each system and, for
	// --paired-bs, of its difference from the baseline (text's bootstrap
	// and paired tests); a randomisation trial a score of the baseline
	// and of the system tested.
	systems := int64(max(len(t.Hyps), 1))
	if t.Confidence {
		sizes = append(sizes, FlagSize{"confidence-n", name + "'s bootstrap resamples", int64(t.ConfN), 8 * (systems + 1)})
	}
	switch {
	case t.PairedAR:
		sizes = append(sizes, FlagSize{"paired-ar-n", name + "'s randomisation trials", int64(t.PairedARN), 16})
	case t.PairedBS:
		sizes = append(sizes, FlagSize{"paired-bs-n", name + "'s paired bootstrap resamples", int64(t.PairedBSN), 8 * (systems + 1)})
	}
	return ChargeFlags(t.Memory, sizes...)
}

// textLayoutBytes is the peak memory of writing a text layout over the
// bytes it prints (classify --format text with 20 labels of 1 MB: 465 MB
// printed at a 2.25 GB peak).
const textLayoutBytes = 5

// ChargeClassifyText charges the text layout of reps (one model's report,
// or each model's of a several-model run, which the layout prints in
// turn) to the budget of mem (at least 1 MiB): a confusion matrix pads
// every cell to the width of its column's label, so it prints the width of
// every label on each of its lines, and the tables of classes print the
// widest label on each of theirs. Past the budget, an error naming
// --format, rather than hundreds of MB printed at a peak of several times
// that.
func ChargeClassifyText(mem *budget.Size, reps ...*classify.Report) error {
	limit := mem.Bytes()
	if limit <= 0 {
		return nil
	}
	var printed, k, widest int64
	for _, rep := range reps {
		p, kr, wr := classifyTextBytes(rep)
		printed, k, widest = printed+p, max(k, kr), max(widest, wr)
	}
	acct := budget.New(max(limit, flagFloor)).Account(fmt.Sprintf("classify's text layout (--format text, %d labels of up to %d bytes: every label's width on each line of the confusion matrix)", k, widest), "or use --format json")
	return acct.Grow(budget.Items(printed, textLayoutBytes))
}

// classifyTextBytes returns what the text layout of rep prints, about, in
// bytes, and its number of labels and widest label.
func classifyTextBytes(rep *classify.Report) (printed, k, widest int64) {
	var sum int64
	for _, l := range rep.Labels {
		w := int64(len(l))
		sum, widest = sum+w, max(widest, w)
	}
	k = int64(len(rep.Labels))
	lines := k + 8 // the per-class table and its averages
	if rep.ConfusionMatrix == nil {
		lines += 2 * 20 // the worst classes and the largest confusions (two labels a line)
	}
	printed = lines * (2*widest + 128)
	if rep.ConfusionMatrix != nil {
		printed += (k + 1) * (sum + widest + 24*(k+1))
	}
	return printed, k, widest
}
