package main

import (
	"errors"
	"fmt"
	"math"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/hyptest"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

func init() {
	registerCompare(&compareTest{"abmeans", "A/B test of two means (Welch), with interval, power and sample size", runABMeans})
}

func runABMeans(e *env, args []string) error {
	fs, format := newCompareFlags("abmeans")
	group := fs.String("group", "", "column naming each row's group (with --value and FILE)")
	value := fs.String("value", "", "column of the observations")
	la := fs.String("a", "", "label of group A (default: the first label in sorted order)")
	lb := fs.String("b", "", "label of group B (default: the second)")
	ma := fs.Float64("mean-a", math.NaN(), "mean of group A (summaries instead of a file)")
	sa := fs.Float64("sd-a", math.NaN(), "standard deviation of group A (n − 1 denominator)")
	na := fs.Int64("n-a", 0, "size of group A")
	mb := fs.Float64("mean-b", math.NaN(), "mean of group B")
	sb := fs.Float64("sd-b", math.NaN(), "standard deviation of group B")
	nb := fs.Int64("n-b", 0, "size of group B")
	altS := fs.String("alternative", "two-sided", "alternative: two-sided, greater (B's mean is larger) or less")
	level := fs.Float64("level", 0.95, "confidence level of the interval of mean_b − mean_a")
	alpha := fs.Float64("alpha", 0.05, "significance level for power and sample size")
	target := fs.Float64("power", 0.8, "target power for the required sample size")
	mde := fs.Float64("mde", 0, "minimum detectable difference mean_b − mean_a for power and sample size (default: the observed difference)")
	memory := cli.MemoryFlag(fs)
	pos, f, err := filesTask(e, fs, args, format)
	if err != nil {
		return err
	}
	alt, err := parseAlternative(fs, *altS)
	if err != nil {
		return err
	}
	if !(*level > 0 && *level < 1) || !(*alpha > 0 && *alpha < 1) || !(*target > 0 && *target < 1) {
		return usagef("%s: --level, --alpha and --power must lie in (0, 1)", fs.Name())
	}
	t := task.ABMeans{Groups: task.Groups{Group: *group, Value: *value, Name: fs.Name(), Budget: memory.Budget()},
		A: *la, B: *lb, Alternative: alt, Level: *level, Alpha: *alpha, Power: *target, MDE: *mde}
	var out *task.ABMeansResult
	if !math.IsNaN(*ma) || !math.IsNaN(*mb) || !math.IsNaN(*sa) || !math.IsNaN(*sb) || *na != 0 || *nb != 0 {
		if len(pos) > 0 || *group != "" || *value != "" {
			return usagef("%s: give either summaries (--mean-a …) or --group COL --value COL FILE, not both", fs.Name())
		}
		if math.IsNaN(*ma) || math.IsNaN(*mb) || math.IsNaN(*sa) || math.IsNaN(*sb) || *na == 0 || *nb == 0 {
			return usagef("%s: summaries need --mean-a, --sd-a, --n-a, --mean-b, --sd-b and --n-b", fs.Name())
		}
		if *na < 2 || *nb < 2 || *sa < 0 || *sb < 0 {
			return usagef("%s: each group needs n ≥ 2 and sd ≥ 0", fs.Name())
		}
		if out, err = t.Summaries(hyptest.Summary{Mean: *ma, SD: *sa, N: *na}, hyptest.Summary{Mean: *mb, SD: *sb, N: *nb}); err != nil {
			if errors.Is(err, hyptest.ErrInvalid) {
				return usagef("%s: %v", fs.Name(), err)
			}
			return fmt.Errorf("<stdin>: %w", err)
		}
	} else {
		if *group == "" || *value == "" {
			return usagef("%s: give --group COL --value COL [FILE], or the summaries --mean-a --sd-a --n-a --mean-b --sd-b --n-b", fs.Name())
		}
		file, err := oneFile(fs, pos)
		if err != nil {
			return err
		}
		if out, err = readFile(e, file, t.Read); err != nil {
			var ge *task.GroupsError
			if errors.As(err, &ge) {
				return fmt.Errorf("%w, or choose them with --a LABEL --b LABEL", err)
			}
			return cli.OptionUsage(err)
		}
	}
	return emit(e, f, out, func() *report.Doc { return report.ABMeans(out, effectSource(*mde)) })
}
