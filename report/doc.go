// Package report renders results for people and for programs.
//
// Results are plain structs with json tags. [JSON] encodes them with every
// float as strconv.FormatFloat(f, 'g', -1, 64) and undefined values (NaN,
// ±Inf) as null, so a result that says "undefined" is never a silent NaN.
// [Flatten] turns the same JSON into "key,value" rows for CSV output, with
// dotted paths (per_class.0.precision). For the human formats a command
// builds a [Doc] of key–value blocks and tables, which [Doc.Text] lays out
// with text/tabwriter and [Doc.Markdown] as pipe tables. Text shows numbers
// to 4 significant digits ([Sig]); machine formats show every digit.
package report
