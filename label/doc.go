// Package label maps class labels, strings at the edge, to dense int
// indices inside.
//
// Order: labels are sorted numerically when every one of them
// parses as a number, otherwise bytewise. Labels that are numerically equal
// but spelled differently ("1" and "1.0") are distinct labels, ordered
// bytewise among themselves. An explicit list (classify.Options.Labels) overrides
// the order, may name labels absent from the data, and makes any other label
// an error.
package label
