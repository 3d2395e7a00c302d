// Package evalbeam runs evalkit's measures as Apache Beam pipelines, so that
// predictions sharded over many files are measured on Flink, Spark, Google
// Dataflow or Beam's local prism runner, with the same result as the
// evalkit command line on the concatenated data.
//
// Conventions:
//
//   - The input is a list of units: a whole CSV, TSV or JSON Lines file
//     (optionally .gz), which is not split by byte range because a quoted
//     CSV field may span lines; or one row group of a Parquet file. Each
//     unit is read by one worker through the core table package, so its
//     errors are the command line's, naming file, line and column.
//   - A worker folds its unit into the core library's mergeable state
//     (classify.Tally, rank.Table, …); states travel between workers in
//     their own binary encoding (MarshalBinary in the core packages) and are
//     merged by a Beam CombineFn in whatever order the runner picks. Every
//     state merged here is commutative: counts exactly, compensated weight
//     sums up to their last bit.
//   - The merged state goes through the same library builder as on the
//     command line (classify.NewReport, …) and is written as the same JSON,
//     whole, to the output file by one worker (a temporary file renamed into
//     place, so a failure leaves nothing half-written).
//   - Exact ranking measures range-partition the rows on the
//     order-preserving bits of the score (rank.Key), with boundaries from
//     Beam's approximate quantiles; one range holds every row of a score, so
//     ties never cross a range, and the exact score tables of the ranges are
//     concatenated in score order.
//   - Slices (Slicing, "--by") are keys: "" for all the rows, and a
//     slice's key for its rows. A worker folds its unit once per key (the
//     unit read once through task.Slices), the task's CombineFn merges per
//     key, and one worker assembles the keys' results as the command line
//     does (task.Slices.Counted, task.SlicedInput.Assemble). Several
//     multiclass models, whose paired tests need every row on the writer,
//     send instead each unit's rows with the indexes of its slices' rows,
//     and the writer picks each slice's rows (RankMultiModels).
package evalbeam
