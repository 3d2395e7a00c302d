package rank

import (
	"errors"
	"fmt"
)

// Sentinel errors. Errors returned by this package wrap one of them (test
// with errors.Is); the message names the row or class at fault.
var (
	// ErrEmpty: there is no sample (or every weight is zero).
	ErrEmpty = errors.New("no samples")
	// ErrOneClass: a measure needs both positives and negatives (or every
	// class of a multiclass problem) and one is missing.
	ErrOneClass = errors.New("only one class present")
	// ErrNotFinite: a score or weight is NaN or infinite.
	ErrNotFinite = errors.New("not a finite number")
	// ErrNegativeWeight: a sample weight is negative.
	ErrNegativeWeight = errors.New("negative weight")
	// ErrNotProbability: a probability is outside [0, 1] (log loss, Brier
	// score, calibration, multiclass AUC), or a row of class probabilities
	// does not sum to 1.
	ErrNotProbability = errors.New("not a probability")
	// ErrWeighted: the measure is defined for unweighted samples only
	// (DeLong's variance).
	ErrWeighted = errors.New("sample weights are not supported")
	// ErrWeightRange: a sum of the weights (or of their squares) is
	// beyond what a float64 holds: past 1.8e308, or, for the squares,
	// below 2.2e-308 (weights under about 1.5e-154).
	ErrWeightRange = errors.New("weights beyond the floating-point range")
	// ErrBadClass: a class index is out of range.
	ErrBadClass = errors.New("class index out of range")
)

// errorf wraps err with a prefix: "prefix: err".
func errorf(err error, format string, args ...any) error {
	return fmt.Errorf(format+": %w", append(args, err)...)
}
