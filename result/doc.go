// Package result holds what every result of evalkit needs, whatever its
// task: the [Signature] that says how it was computed and with which
// evalkit [Version], the [OptionError] of an option a task rejects, and
// its machine encodings.
//
// Results are plain structs with json tags. [JSON] encodes them with every
// float as strconv.FormatFloat(f, 'g', -1, 64) and undefined values (NaN,
// ±Inf) as null, so a result that says "undefined" is never a silent NaN;
// a [Float] field does the same under encoding/json. [Flatten] turns the
// same JSON into (path, value) rows with dotted paths
// (per_class.0.precision), which [WriteCSV] writes as "key,value" CSV.
//
// Package result is at the bottom of evalkit's layers: every measure
// package imports it, and it imports none of them. Layouts for people
// (text, Markdown, HTML) are package report's.
package result
