// Package table reads columns of data from CSV, TSV, JSON Lines and Parquet
// files, one row at a time, in bounded memory.
//
// Conventions:
//
//   - The format follows the file's extension (.csv, .tsv/.tab, .jsonl/.ndjson/.json),
//     after a trailing .gz, which is decompressed transparently (gzip data is
//     also recognised by its magic bytes, so compressed standard input works).
//     Standard input, or a file with another extension, is sniffed: a first
//     byte '{' means JSON Lines, a tab in the header and no comma means TSV,
//     anything else CSV.
//   - The first row of CSV and TSV names the columns; names must be unique.
//     Fields may be quoted as RFC 4180 describes ("" inside quotes is one
//     quote; a quoted field may span lines). A quote inside an unquoted field,
//     a ragged row, or a byte that is not UTF-8 is an error. Blank lines are
//     skipped. A leading UTF-8 byte-order mark is ignored.
//   - In JSON Lines each line is one object; the columns are its top-level
//     keys. A string value is taken as is, a number by its literal text, true
//     and false as words; null, an array or an object is an error when the
//     column is read.
//   - Parquet (.parquet, or the magic bytes PAR1 when sniffing) is read a
//     row group at a time, decoding only the columns asked for with
//     [Reader.Col] (a column first met through Field is decoded then).
//     A value reads as the text a CSV export of it prints: strings as they
//     are, integers in decimal, doubles in strconv's shortest form, a FLOAT
//     as the shortest form of the float32, booleans as true and false, so
//     the same data gives the same results as CSV. [Reader.Float] takes
//     numbers without the text. A null is an error when read (as an empty
//     CSV cell is); a list is read by [Reader.List]. [Reader.Parallel]
//     hands whole row groups to its workers, which decode them, so memory
//     is about one row group per worker. Errors name the row group and the
//     row in it, both 1-based, instead of a line; [Reader.Line] is the row's
//     index in the file plus 2, the line the row would have in a CSV file,
//     and [Reader.Position] names it.
//   - Every error about the data is a [*ParseError] naming the file, the line
//     (1-based, the line on which the row starts) and, where one is at fault,
//     the column, and wraps one of the sentinel errors below, so callers can
//     test it with errors.Is.
//
// A field's bytes ([Reader.Field]) are valid only until the next call to
// [Reader.Next]; nothing is retained between rows, so memory does not grow
// with the size of the file.
package table
