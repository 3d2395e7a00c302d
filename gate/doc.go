// Package gate turns a result into a pass or a fail: a gate is an
// expression over the result's JSON, such as
//
//	roc_auc >= 0.8
//	macro.f1 > 0.7
//	models.new.roc_auc >= models.old.roc_auc - 0.01
//	slices.*.recall >= 0.7
//
// and [Evaluate] says whether each one holds, with the values it saw, the
// interval it used and a reason in words. It knows no task: it reads the
// JSON tree that every result writes ([result.JSON]), so a gate works the
// same on every task, one model or several, on the command line, in the
// HTML report and in the Beam pipeline.
//
// # Grammar
//
//	GATE = PATH OP NUMBER | PATH OP PATH [("+" | "-") NUMBER]
//	OP   = "<" | "<=" | ">" | ">="   (also "≤", "≥")
//
// Spaces are optional. A PATH is a flattened JSON path of the result, its
// members joined by dots (the keys of [result.Flatten]): "roc_auc",
// "macro.f1", "per_class.0.recall". Besides the flattened keys a path may
//
//   - name an element of a list by its "name" or "label" member instead
//     of its index: "models.new.roc_auc" is models.1.roc_auc when the
//     second model is named new, "per_class.cat.recall" the recall of
//     class cat;
//   - name a slice (an element of a list with a "by" member) by its
//     values, "country=DE" or "country=DE,device=ios";
//   - skip "result": an element holding a "result" object (a slice) reads
//     a member it does not have itself from its result, so that
//     "slices.0.recall" is slices.0.result.recall;
//   - use "*" for every element of a list (or member of an object):
//     "slices.*.recall" gates every slice's recall and "models.*.roc_auc"
//     every model's. An element without the rest of the path (a slice
//     too small to be measured) is skipped and listed as such.
//
// Only the left side may hold "*". A name followed by a sign and a number
// ("models.m-1.roc_auc") is read as an offset when the number ends the
// expression; write the offset explicitly ("models.m-1.roc_auc + 0") to
// keep such a name whole.
//
// # Decision
//
// A gate PATH OP NUMBER with intervals ([Options].Intervals) holds only
// when the whole interval of the value is on the right side of NUMBER:
// for > and >= its low end, for < and <= its high end. The interval of a
// value at path a.b.c is the member "b.c" of the "intervals" object of a,
// or "c" of the one of a.b, and so on (the deepest wins): where every
// result with intervals puts them. A value with no interval is decided
// by its point estimate, and the reason says so.
//
// A gate comparing two models, models.A.M OP models.B.M ± c, is the
// difference A − B against c; with intervals it is decided by the paired
// test's interval of that difference (the "comparisons" of a
// several-model result, whichever way round it was computed), not by the
// two models' own intervals. When the result compares no such pair on M,
// the point estimates decide and the reason says so. Any other two paths
// are compared by their point estimates.
//
// Without intervals every gate compares point estimates, and its reason
// says so. An undefined value (null in JSON) or interval end fails its
// gate.
package gate
