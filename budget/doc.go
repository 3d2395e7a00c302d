// Package budget bounds the memory of evalkit's growing states.
//
// A [Budget] is a limit in bytes shared by every state of one run that grows
// with the data: score tables, per-row values kept for medians and
// bootstraps, sentence statistics, feature rows kept for pairwise indices,
// label sets and sparse confusion cells. Each such state opens an [Account]
// naming what it holds ("rank score table", "cluster feature rows") and
// charges it as it grows. A charge that would take the total past the limit
// fails with an [*ExceededError] naming what grew, the limit and what
// would help; the state is left as it was before the charge, so a caller
// either switches to its bounded path or stops with that message (exit
// status 1), never with an out-of-memory crash.
//
// Charges are estimates of the bytes a state holds (slice capacities times
// element sizes, map entries times a per-entry cost), not measurements of
// the Go heap. The limit therefore bounds the data evalkit keeps; the
// process also holds the reader's buffers, the runtime and garbage not yet
// collected, so its peak resident size is somewhat above what is charged.
//
// A nil *Budget and a nil *Account are valid and unlimited: library callers
// that pass none get today's behaviour.
//
// Sizes are written as on the command line: a number of bytes with an
// optional unit, binary (KiB, MiB, GiB, TiB, and the one-letter K, M, G, T
// as GNU sort -S reads them) or decimal (kB, MB, GB, TB), case-insensitive:
// 512MiB, 2G, 1.5GB, 100000. See [ParseSize].
//
// The default limit, [Default], is a quarter of physical memory (MemTotal in
// /proc/meminfo, or the cgroup limit when lower); where neither can be read
// it is 1 GiB.
package budget
