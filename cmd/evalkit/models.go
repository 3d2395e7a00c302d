package main

import (
	"flag"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/report"
)

// modelFlags are the flags of several models on the same rows (SPEC §2.8):
// the leaderboard's measure, the baseline, the measures compared by a
// paired bootstrap and the adjustment of the p-values. The paired
// bootstrap takes --bootstrap, --seed and --level of the interval flags.
type modelFlags struct {
	primary, baseline, compare, adjust string
}

func (m *modelFlags) define(fs *flag.FlagSet, primaryDefault string) {
	fs.StringVar(&m.primary, "primary", "", "several models: the measure of the leaderboard, a JSON path of a model's report (default "+primaryDefault+")")
	fs.StringVar(&m.baseline, "baseline", "", "several models: compare each model with this one (default: every pair)")
	fs.StringVar(&m.compare, "compare", "", "several models: comma-separated measures (JSON paths) compared by a paired bootstrap of the difference")
	fs.StringVar(&m.adjust, "adjust", "holm", "several models: adjustment of the p-values over all comparisons: holm, bonferroni or none")
}

// options returns the several-model options; the paired bootstrap's size,
// seed and level come from the interval flags of fs, whatever --ci says.
func (m *modelFlags) options(fs *flag.FlagSet) report.ModelsOptions {
	o := report.ModelsOptions{Primary: m.primary, Baseline: m.baseline, Adjust: m.adjust}
	if m.compare != "" {
		o.Compare = strings.Split(m.compare, ",")
	}
	if f := fs.Lookup("bootstrap"); f != nil {
		o.Bootstrap, _ = strconv.Atoi(f.Value.String())
	}
	if f := fs.Lookup("seed"); f != nil {
		o.Seed, _ = strconv.ParseUint(f.Value.String(), 10, 64)
	}
	if f := fs.Lookup("level"); f != nil {
		o.Level, _ = strconv.ParseFloat(f.Value.String(), 64)
	}
	return o
}

// used reports whether a several-model flag was given.
func (m *modelFlags) used(fs *flag.FlagSet) string {
	name := ""
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "primary", "baseline", "compare", "adjust":
			name = f.Name
		}
	})
	return name
}

// modelNames splits a comma list of model columns.
func modelNames(s string) []string { return strings.Split(s, ",") }
