package cli

import (
	"flag"
	"strconv"

	"github.com/evalkit-go/evalkit/hyptest"
)

// CIFlags are the interval flags shared by classify, rank, regress,
// cluster, bleu, chrf and ter (docs/ci.md).
type CIFlags struct {
	On     bool
	Level  float64
	Method string
	Boot   int
	// Paired says that several models are compared by a paired bootstrap
	// (ModelFlags.Compares), which takes --bootstrap and --level: without
	// --ci they are then no usage error.
	Paired bool
	seed   *uint64
	// sharedLevel: --level was defined before Define, by a task whose
	// level also serves outside --ci (rank's DeLong interval, auc_ci):
	// it is read from fs, and is no usage error without --ci.
	sharedLevel bool
	fs          *flag.FlagSet
}

// Define adds --ci, --level, --ci-method, --bootstrap and --seed to fs. A
// task that already has --seed (cluster's --sample) or --level (rank's
// DeLong interval, [RankFlags]) keeps it: one flag serves both.
func (c *CIFlags) Define(fs *flag.FlagSet) {
	c.fs = fs
	fs.BoolVar(&c.On, "ci", false, "add a confidence interval to every headline number (\"intervals\" in JSON)")
	if fs.Lookup("level") == nil {
		fs.Float64Var(&c.Level, "level", 0.95, "with --ci: the confidence level")
	} else {
		c.sharedLevel = true
	}
	fs.StringVar(&c.Method, "ci-method", "auto", "with --ci: auto (Wilson for proportions, DeLong for ROC AUC, t for mean losses, BCa bootstrap for the rest), or wilson, clopper-pearson, agresti-coull, jeffreys, wald (proportions), bca, percentile (bootstrapped measures)")
	fs.IntVar(&c.Boot, "bootstrap", 1000, "with --ci: bootstrap replicates")
	if fs.Lookup("seed") == nil {
		c.seed = fs.Uint64("seed", 1, "with --ci: seed of the bootstrap (PCG; the same result on any number of cores)")
	}
}

// Options checks the flags and returns the interval options, or ok false
// without --ci. Interval flags without --ci are a usage error.
func (c *CIFlags) Options() (opt hyptest.CIOptions, ok bool, err error) {
	fs := c.fs
	if !c.On {
		// --bootstrap and --level also serve the paired bootstrap of
		// several models' --compare.
		bad, compare := "", false
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "level", "bootstrap":
				if f.Name == "level" && c.sharedLevel {
					break
				}
				if bad == "" {
					bad = f.Name
				}
			case "ci-method":
				bad = f.Name
			case "compare":
				compare = true
			}
		})
		if (compare || c.Paired) && bad != "ci-method" {
			bad = ""
		}
		if bad != "" {
			return opt, false, Usagef("%s: --%s needs --ci", fs.Name(), bad)
		}
		return opt, false, nil
	}
	seed := uint64(0)
	if c.seed != nil {
		seed = *c.seed
	} else if s, err := strconv.ParseUint(fs.Lookup("seed").Value.String(), 10, 64); err == nil {
		seed = s
	}
	if c.sharedLevel {
		c.Level, _ = strconv.ParseFloat(fs.Lookup("level").Value.String(), 64)
	}
	if !(c.Level > 0 && c.Level < 1) {
		return opt, false, Usagef("%s: --level must be between 0 and 1, got %v", fs.Name(), c.Level)
	}
	if c.Boot < 2 {
		return opt, false, Usagef("%s: --bootstrap must be at least 2, got %d", fs.Name(), c.Boot)
	}
	m, err := hyptest.ParseCIMethod(c.Method)
	if err != nil {
		return opt, false, Usagef("%s: --ci-method: %v", fs.Name(), err)
	}
	return hyptest.CIOptions{Level: c.Level, Method: m, Bootstrap: c.Boot, Seed: seed}, true, nil
}

// CIPtr is the interval options as the library's several-model builders
// take them: nil when --ci is off.
func CIPtr(ci hyptest.CIOptions, on bool) *hyptest.CIOptions {
	if !on {
		return nil
	}
	return &ci
}
