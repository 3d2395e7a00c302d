package cli

import (
	"flag"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/board"
)

// ModelFlags are the flags of several models on the same rows
// (docs/models.md): the leaderboard's measure, the baseline, the measures compared by
// a paired bootstrap and the adjustment of the p-values. The paired
// bootstrap takes --bootstrap, --seed and --level of the interval flags.
type ModelFlags struct {
	Primary, Baseline, Compare, Adjust string
	// comparePrimary: without --compare the primary measure is compared
	// (DefineComparing).
	comparePrimary bool
}

// Define adds --primary, --baseline, --compare and --adjust to fs;
// primaryDefault is the task's leaderboard measure, for the help text.
// Without --compare only the task's own paired tests run (classify's
// McNemar test, rank's DeLong test).
func (m *ModelFlags) Define(fs *flag.FlagSet, primaryDefault string) {
	m.define(fs, primaryDefault, "several models: comma-separated measures (JSON paths) compared by a paired bootstrap of the difference (none: no bootstrap)")
}

// DefineComparing is Define for a task whose only paired test is the
// bootstrap (regress, cluster): without --compare the primary measure is
// compared (board.Options.ComparePrimary), so that several models always
// get a verdict; --compare none turns the comparison off.
func (m *ModelFlags) DefineComparing(fs *flag.FlagSet, primaryDefault string) {
	m.comparePrimary = true
	m.define(fs, primaryDefault, "several models: comma-separated measures (JSON paths) compared by a paired bootstrap of the difference (default: the --primary measure; none: no comparison)")
}

func (m *ModelFlags) define(fs *flag.FlagSet, primaryDefault, compareHelp string) {
	fs.StringVar(&m.Primary, "primary", "", "several models: the measure of the leaderboard, a JSON path of a model's report (default "+primaryDefault+")")
	fs.StringVar(&m.Baseline, "baseline", "", "several models: compare each model with this one (default: every pair)")
	fs.StringVar(&m.Compare, "compare", "", compareHelp)
	fs.StringVar(&m.Adjust, "adjust", "holm", "several models: adjustment of the p-values over all comparisons: holm, bonferroni or none")
}

// Options returns the several-model options; the paired bootstrap's size,
// seed and level come from the interval flags of fs, whatever --ci says.
func (m *ModelFlags) Options(fs *flag.FlagSet) board.Options {
	o := board.Options{Primary: m.Primary, Baseline: m.Baseline, Adjust: m.Adjust}
	switch m.Compare {
	case "none":
	case "":
		o.ComparePrimary = m.comparePrimary
	default:
		o.Compare = strings.Split(m.Compare, ",")
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

// Compares reports whether several models of fs are compared by a paired
// bootstrap, which takes --bootstrap and --level without --ci: with
// --compare, or by default for a task defined by DefineComparing.
func (m *ModelFlags) Compares() bool {
	return m.Compare != "none" && (m.Compare != "" || m.comparePrimary)
}

// OneModel is the usage error of a several-model flag given on fs for
// one model ("TASK: --adjust needs several models (SEVERAL)"), or nil.
func (m *ModelFlags) OneModel(fs *flag.FlagSet, task, several string) error {
	if name := m.Used(fs); name != "" {
		return Usagef("%s: --%s needs several models (%s)", task, name, several)
	}
	return nil
}

// Used returns the name of a several-model flag given on fs ("" if none).
func (m *ModelFlags) Used(fs *flag.FlagSet) string {
	name := ""
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "primary", "baseline", "compare", "adjust":
			name = f.Name
		}
	})
	return name
}
