package text

import "errors"

// Sentinel errors; test with errors.Is. Messages wrapping them name the
// offending value or sentence.
var (
	// ErrUnknownTokenizer: a tokenizer name other than 13a, intl, zh, char
	// or none.
	ErrUnknownTokenizer = errors.New("unknown tokenizer")
	// ErrUnknownSmooth: a smoothing method other than exp, floor, add-k or
	// none.
	ErrUnknownSmooth = errors.New("unknown smoothing method")
	// ErrBadOption: an option out of its range (a negative smoothing
	// value, a chrF order or beta below its minimum, a resample count
	// below 1, …).
	ErrBadOption = errors.New("bad option")
	// ErrEmpty: no sentences, or no references.
	ErrEmpty = errors.New("no sentences")
	// ErrLength: the references (or the compared systems) do not have as
	// many sentences as the hypothesis.
	ErrLength = errors.New("length mismatch")
)
