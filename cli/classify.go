package cli

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strings"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/label"
	"github.com/evalkit-go/evalkit/result"
)

// ClassifyFlags are the flags of the classify task: the columns and
// classify.Options.
type ClassifyFlags struct {
	True, Pred, Weight string
	Labels, PosLabel   string
	// LabelsSet says --labels was given (an empty list is bad usage).
	LabelsSet          bool
	Beta               float64
	ZeroDivision       string
	Normalize          string
	ClassWeights, Cost string
	Multilabel         bool
	Sep                string
	MaxMatrix          int
	FloatLabels        bool // --allow-float-labels: task.Classify.FloatLabels
}

// Define adds the classify flags to fs.
func (f *ClassifyFlags) Define(fs *flag.FlagSet) {
	fs.StringVar(&f.True, "true", "y_true", "column of true labels")
	fs.StringVar(&f.Pred, "pred", "y_pred", "column of predicted labels; a comma list m1,m2,… (or a glob pattern such as 'm*', the matching columns in file order) evaluates and compares several models")
	fs.StringVar(&f.Weight, "weight", "", "column of sample weights (default: every weight 1)")
	fs.Var(labelsValue{&f.Labels, &f.LabelsSet}, "labels", "comma-separated `list` of labels, as scikit-learn's labels=: the per-class table, averages, confusion matrix and kappa are over these labels, in this order; they may name absent labels and leave out labels of the data (rows of those still count in accuracy, MCC, … and as false positives and negatives); with --multilabel every label must be listed")
	fs.StringVar(&f.PosLabel, "pos-label", "", "positive label: adds the \"binary\" block (that class against the rest)")
	fs.Float64Var(&f.Beta, "beta", 1, "β of the fbeta fields (> 0; inf: F-beta's limit, the recall)")
	fs.StringVar(&f.Normalize, "normalize", "", "adds confusion_matrix_normalized: the matrix over each true row (true), predicted column (pred) or the total (all)")
	fs.StringVar(&f.ZeroDivision, "zero-division", "0", "value of a ratio with a zero denominator: 0, 1 or nan (null)")
	fs.StringVar(&f.ClassWeights, "class-weights", "", "comma-separated weights, one per label in label order, or inv-log2 for the seeds' 1/log2(n_c): adds \"class_weighted\"")
	fs.StringVar(&f.Cost, "cost", "", "cost matrix in label order, rows separated by ';' (\"0,1;5,0\"): adds \"cost_sensitive_error\"")
	fs.BoolVar(&f.Multilabel, "multilabel", false, "each cell is a set of labels (JSON array, or joined by --sep): per-label confusion, samples averages, subset accuracy, Hamming loss")
	fs.StringVar(&f.Sep, "sep", "|", "with --multilabel: the separator of labels in a cell (an empty cell is the empty set)")
	fs.BoolVar(&f.FloatLabels, "allow-float-labels", false, "take labels that are numbers with a fraction (0.37, 2.5) as classes; without it such a label is an error, as a regression target belongs to evalkit regress (whole numbers such as 1.0 are labels either way)")
	fs.IntVar(&f.MaxMatrix, "max-matrix", classify.DefaultMaxMatrix, "above this many classes print the confusion matrix as its non-zero cells (confusion_cells) and, as text, the classes with most errors and the largest off-diagonal cells (0: never)")
}

// labelsValue is the --labels flag: its text, and whether it was given.
type labelsValue struct {
	s   *string
	set *bool
}

func (v labelsValue) String() string {
	if v.s == nil {
		return ""
	}
	return *v.s
}

func (v labelsValue) Set(s string) error {
	*v.s, *v.set = s, true
	return nil
}

// Options checks the flags and returns classify.Options.
func (f *ClassifyFlags) Options() (classify.Options, error) {
	var opt classify.Options
	if !(f.Beta > 0) || (f.Beta > 1e300 && !math.IsInf(f.Beta, 1)) {
		return opt, Usagef("classify: --beta must be a positive number, got %v", f.Beta)
	}
	if math.IsInf(f.Beta, 1) && f.Multilabel {
		return opt, Usagef("classify: --beta inf is for single-label data, not with --multilabel")
	}
	opt.Beta = f.Beta
	z, err := classify.ParseZeroDivision(f.ZeroDivision)
	if err != nil {
		return opt, Usagef("classify: --zero-division: %v", err)
	}
	opt.ZeroDivision = z
	if opt.Normalize, err = classify.ParseNormalization(f.Normalize); err != nil {
		return opt, Usagef("classify: --normalize: %v", err)
	}
	if opt.Normalize != classify.NoNormalization && f.Multilabel {
		return opt, Usagef("classify: --normalize is for single-label data, not with --multilabel")
	}
	opt.PosLabel = f.PosLabel
	opt.Weights = f.Weight
	switch {
	case f.MaxMatrix < 0:
		return opt, Usagef("classify: --max-matrix must be ≥ 0, got %d", f.MaxMatrix)
	case f.MaxMatrix == 0:
		opt.MaxMatrix = -1
	default:
		opt.MaxMatrix = f.MaxMatrix
	}
	if f.LabelsSet && f.Labels == "" {
		return opt, Usagef("classify: --labels is empty: name at least one label")
	}
	if f.Labels != "" {
		opt.Labels = strings.Split(f.Labels, ",")
		for _, l := range opt.Labels {
			if l == "" {
				return opt, Usagef("classify: --labels has an empty label")
			}
		}
		// Labels that are all numbers compare as numbers: 1 and 1.0 repeat.
		if a, b, dup := label.Repeated(opt.Labels); dup {
			if a == b {
				return opt, Usagef("classify: --labels repeats %q", a)
			}
			return opt, Usagef("classify: --labels repeats %q as %q (labels that are all numbers compare as numbers)", a, b)
		}
	}
	switch f.ClassWeights {
	case "":
	case "inv-log2":
		opt.InvLog2ClassWeights = true
	default:
		ws, err := ParseFloats(f.ClassWeights, ",")
		if err != nil {
			return opt, Usagef("classify: --class-weights: %v", err)
		}
		opt.ClassWeights = ws
	}
	if f.Cost != "" {
		for _, row := range strings.Split(f.Cost, ";") {
			vs, err := ParseFloats(row, ",")
			if err != nil {
				return opt, Usagef("classify: --cost: %v", err)
			}
			opt.Cost = append(opt.Cost, vs)
		}
	}
	return opt, nil
}

// CheckMultilabel rejects, with --multilabel, what does not apply to
// label sets: an empty --sep, --pos-label, --class-weights and --cost.
func (f *ClassifyFlags) CheckMultilabel(opt classify.Options) error {
	if f.Sep == "" {
		return Usagef("classify: --sep must not be empty")
	}
	if opt.PosLabel != "" || opt.ClassWeights != nil || opt.InvLog2ClassWeights || opt.Cost != nil {
		return Usagef("classify: --pos-label, --class-weights and --cost do not apply with --multilabel")
	}
	return nil
}

// ClassifyReportError is the command lines' error for err, an error of
// classify.NewModelsReport (or NewReport) on the input named name: a usage
// error for options the data rejects (--pos-label, --class-weights,
// --cost, …), the weight column named for an all-zero weight, else err
// with the input's name.
func ClassifyReportError(err error, name, weight string) error {
	var oe *result.OptionError
	switch {
	case errors.As(err, &oe):
		return OptionUsage(err)
	case errors.Is(err, classify.ErrZeroWeight), errors.Is(err, classify.ErrWeightRange):
		return fmt.Errorf("%s: column %q: %w", name, weight, err)
	case errors.Is(err, classify.ErrPosLabel):
		return Usagef("classify: --pos-label: %v", err)
	case errors.Is(err, classify.ErrClassWeight), errors.Is(err, classify.ErrCost):
		return Usagef("classify: %v", err)
	}
	return fmt.Errorf("%s: %w", name, err)
}
