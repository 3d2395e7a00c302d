package label

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Comparison is how the labels of one task compare: as numbers or as
// strings.
type Comparison int8

const (
	// Strings compares labels byte for byte, surrounding spaces included:
	// "1", "1.0" and " 1" are three labels.
	Strings Comparison = iota
	// Numbers compares labels by value: "1", "1.0", " 1" and "1e0" are
	// one label, spelled [Canonical] in results.
	Numbers
)

// String returns "numeric" or "string", the comparison's name in results.
func (c Comparison) String() string {
	if c == Numbers {
		return "numeric"
	}
	return "string"
}

// Number returns the value of the label s and whether it is a number: a
// finite decimal [+-] digits [. digits] [(e|E) [+-] digits], with at
// least one digit before the exponent, after surrounding white space is
// trimmed — the number syntax of a table's number columns. "inf", "nan",
// "0x1p-3" and "1_0" are not numbers.
//
// A decimal that its float64 does not hold — an integer other than its
// float64's value, as 1152921504606846977 (2⁶⁰ + 1), or a fraction that
// is neither its float64's value nor the shortest decimal of it, as
// 0.10000000000000000001 — is not a number either: comparing it by its
// float64 would make two different labels one.
func Number(s string) (float64, bool) {
	t := strings.TrimSpace(s)
	if !decimalSyntax(t) {
		return 0, false
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsInf(v, 0) || !held(t, v) {
		return 0, false
	}
	return v, true
}

// Exact reports whether the number s, read as v, is a decimal its float64
// holds (see [Number]).
func Exact(s string, v float64) bool { return held(strings.TrimSpace(s), v) }

// held reports whether the decimal t (of decimalSyntax), read as v, is
// held by v: an integer must be v's exact value (2⁶⁰ + 1 is not: its
// float64 is 2⁶⁰); a decimal with a point or an exponent must be v's
// exact value or the value of v's shortest spelling (0.1).
func held(t string, v float64) bool {
	if !strings.ContainsAny(t, ".eE") {
		if len(strings.TrimLeft(strings.TrimLeft(t, "+-"), "0")) <= 15 {
			return true // below 10¹⁵: every integer is a float64
		}
		return sameDecimal(t, strconv.FormatFloat(v, 'f', 0, 64))
	}
	return sameDecimal(t, strconv.FormatFloat(v, 'e', -1, 64)) || sameDecimal(t, strconv.FormatFloat(v, 'e', 767, 64))
}

// sameDecimal reports whether two decimals of decimalSyntax have the same
// value.
func sameDecimal(a, b string) bool {
	na, da, ea, okA := decimalParts(a)
	nb, db, eb, okB := decimalParts(b)
	if !okA || !okB {
		return false
	}
	if da == "" || db == "" { // a zero
		return da == db
	}
	return na == nb && da == db && ea == eb
}

// decimalParts returns a decimal's sign, its significant digits (no
// leading or trailing zeros; "" for zero) and the exponent e of its value
// 0.digits × 10^e. ok is false for an exponent out of int range.
func decimalParts(s string) (neg bool, digits string, exp int, ok bool) {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	mant, e := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		var err error
		if e, err = strconv.Atoi(s[i+1:]); err != nil {
			return false, "", 0, false
		}
		mant = s[:i]
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	d := intPart + frac
	point := len(intPart)
	lead := len(d) - len(strings.TrimLeft(d, "0"))
	d, point = d[lead:], point-lead
	d = strings.TrimRight(d, "0")
	return neg, d, point + e, true
}

// decimalSyntax reports whether s is [+-] digits [. digits] [(e|E) [+-]
// digits], with at least one digit before the exponent.
func decimalSyntax(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		e := i
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		}
		if i == e {
			return false
		}
	}
	return i == len(s)
}

// Canonical returns the spelling of the number v as a label: the
// shortest decimal that reads back as v, without an exponent from 0.0001
// up to 10²¹ ("1", "0.5", "1000000", "-2.25") and with one beyond
// ("1e-05", "1e+21"); −0 is "0". A float column's 1.0 is "1", as an
// integer column's 1.
func Canonical(v float64) string {
	if v == 0 {
		return "0"
	}
	if a := math.Abs(v); a >= 1e-4 && a < 1e21 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// AllNumbers reports whether every name is a number ([Number]).
func AllNumbers(names []string) bool {
	for _, n := range names {
		if _, ok := Number(n); !ok {
			return false
		}
	}
	return true
}

// ComparisonOf returns the comparison of a task's labels, the labels of
// sets (a task's true and predicted labels, say): [Numbers] when every
// label of every set is a number, [Strings] otherwise.
func ComparisonOf(sets ...*Set) Comparison {
	for _, s := range sets {
		if !AllNumbers(s.names) {
			return Strings
		}
	}
	return Numbers
}

// ComparisonOfNames is [ComparisonOf] for lists of labels.
func ComparisonOfNames(lists ...[]string) Comparison {
	for _, l := range lists {
		if !AllNumbers(l) {
			return Strings
		}
	}
	return Numbers
}

// Equal reports whether the labels a and b are one label under c.
func Equal(a, b string, c Comparison) bool {
	if a == b {
		return true
	}
	if c != Numbers {
		return false
	}
	x, ok := Number(a)
	y, ok2 := Number(b)
	return ok && ok2 && x == y
}

// Spelling returns the label name as results print it under c: its
// [Canonical] spelling under Numbers, name itself otherwise.
func Spelling(name string, c Comparison) string {
	if c == Numbers {
		if v, ok := Number(name); ok {
			return Canonical(v)
		}
	}
	return name
}

// Repeated returns the first two names of a list of labels (an explicit
// list of classes) that are one label, under the comparison of the list
// itself ([ComparisonOfNames]); ok is false when none are.
func Repeated(names []string) (a, b string, ok bool) {
	c := ComparisonOfNames(names)
	seen := map[string]string{}
	for _, n := range names {
		key := n
		if c == Numbers {
			v, _ := Number(n)
			key = Canonical(v)
		}
		if first, dup := seen[key]; dup {
			return first, n, true
		}
		seen[key] = n
	}
	return "", "", false
}

// Classes returns the classes of the labels of s under c: their names in
// label order (see the package doc) and, for each label id, the index of
// its class in names. Under [Numbers] the labels of one value are one
// class, named by its [Canonical] spelling; under [Strings] each label
// is a class of its own. A fixed set's classes are its list, in its
// order (its labels matched the list as c compares them); the listed
// labels of [NewListedSet] are its first classes, in their order and
// spelling, and the others follow as in an open set.
func (s *Set) Classes(c Comparison) (names []string, class []int) {
	class = make([]int, len(s.names))
	if s.fixed {
		for i := range class {
			class[i] = i
		}
		return slices.Clone(s.names), class
	}
	if c != Numbers {
		names, perm := s.Sorted()
		for k, i := range perm {
			class[i] = k
		}
		return names, class
	}
	// The listed labels took every label of their value (a list of
	// numbers matches by value), so the others' values are new.
	first := s.listed
	names = slices.Clone(s.names[:first])
	for i := range first {
		class[i] = i
	}
	vals := make([]float64, len(s.names)-first)
	for i, n := range s.names[first:] {
		v, ok := Number(n)
		if !ok {
			panic("label: Classes(Numbers) of a set with the label " + strconv.Quote(n) + ", not a number")
		}
		vals[i] = v
	}
	distinct := slices.Clone(vals)
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	for _, v := range distinct {
		names = append(names, Canonical(v))
	}
	for i, v := range vals {
		k, _ := slices.BinarySearch(distinct, v)
		class[first+i] = first + k
	}
	return names, class
}
