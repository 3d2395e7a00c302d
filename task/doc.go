// Package task is the layer between the measure packages and the front
// ends (the command line, the HTML report, evalkit-beam and the Python
// package). A task knows which columns it reads, how one chunk of rows (a
// file chunk cut by [table.Reader.Parallel], a Parquet row group, a Beam
// unit, or arrays handed over by a caller) folds into its mergeable state,
// and how the merged state becomes the result. Every front end calls the
// same folds, so none of them has a reading loop or a result of its own.
//
// Each task is a struct of its options (column names included) with the
// same methods:
//
//	Columns() []string                          // the columns read, in order ("" for one not asked for)
//	New() S                                     // an empty state
//	Fold(st S, r *table.Reader, cols []int) error // adds the rows of one chunk
//	Read(r *table.Reader) (R, error)            // the whole input, on every core, in input order
//
// and a way from the merged state S to the result R. Errors name options
// and columns, not command-line flags; the command line maps options to
// flags.
package task
