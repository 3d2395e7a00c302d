// Package label maps class labels, strings at the edge, to dense int
// indices inside.
//
// Comparison: the labels of a task (its true and predicted columns
// together) compare as numbers when every one of them is a number
// ([Number]: a finite decimal, surrounding spaces trimmed), and as
// strings otherwise ([ComparisonOf]). As numbers, "1", "1.0", " 1" and
// "1e0" are one label, printed in its [Canonical] spelling ("1"); as
// strings, labels are equal only byte for byte, spaces included. A [Set]
// keeps each spelling apart while rows are read, as the comparison is
// known only once every label is; [Set.Classes] then merges the
// spellings of one number.
//
// Order: labels are sorted numerically when every one of them is a
// number, otherwise bytewise. An explicit list overrides the order and may
// name labels absent from the data; a fixed list ([NewSet]) makes any
// other label an error, a listed set ([NewListedSet], as
// classify.Options.Labels makes) puts the list first and any other label
// after it, sorted. A list of numbers takes a label of the same value
// spelled otherwise as the list's.
package label
