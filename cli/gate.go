package cli

import (
	"flag"
	"fmt"
	"strings"

	"github.com/evalkit-go/evalkit/gate"
	"github.com/evalkit-go/evalkit/result"
)

// GateFlags is --gate, repeatable: the checks that decide the exit status
// (docs/gates.md). evalkit's tasks and evalkit-beam declare it here.
type GateFlags struct {
	Exprs []gate.Expr
	fs    *flag.FlagSet
}

// Define adds --gate to fs, with g as its flag.Value (so that
// fs.Lookup("gate").Value is g). Each value is parsed as it is given, so
// a malformed expression is a usage error before any data is read.
func (g *GateFlags) Define(fs *flag.FlagSet) {
	g.fs = fs
	fs.Var(g, "gate", "a check the result must pass, repeatable: PATH OP NUMBER or PATH OP PATH ± NUMBER, OP one of <, <=, >, >=, PATH a JSON path of the result (roc_auc, macro.f1, models.new.roc_auc, slices.*.recall); with --ci decided by intervals; exit status 3 when one fails")
}

// Set parses one --gate.
func (g *GateFlags) Set(s string) error {
	x, err := gate.Parse(s)
	if err != nil {
		return err
	}
	g.Exprs = append(g.Exprs, x)
	return nil
}

// String lists the gates given, separated by "; ".
func (g *GateFlags) String() string {
	if g == nil {
		return ""
	}
	var s []string
	for _, x := range g.Exprs {
		s = append(s, x.String())
	}
	return strings.Join(s, "; ")
}

// Gates returns the --gate of fs, or nil when fs has none.
func Gates(fs *flag.FlagSet) *GateFlags {
	if f := fs.Lookup("gate"); f != nil {
		if g, ok := f.Value.(*GateFlags); ok {
			return g
		}
	}
	return nil
}

// Evaluate evaluates the gates on the result v, by intervals when the
// task's --ci is on, their reasons in the command line's terms. It
// returns nil without --gate, and a usage error for a path the result
// does not have (naming the nearest one it has).
func (g *GateFlags) Evaluate(v any) ([]gate.Gate, error) {
	if g == nil || len(g.Exprs) == 0 {
		return nil, nil
	}
	doc, err := result.JSON(v, "")
	if err != nil {
		return nil, err
	}
	return g.EvaluateJSON(doc)
}

// EvaluateJSON is [GateFlags.Evaluate] on a result's JSON document (the
// output evalkit-beam wrote).
func (g *GateFlags) EvaluateJSON(doc []byte) ([]gate.Gate, error) {
	if g == nil || len(g.Exprs) == 0 {
		return nil, nil
	}
	withCI := false
	if g.fs != nil {
		if f := g.fs.Lookup("ci"); f != nil {
			withCI = f.Value.String() == "true"
		}
	}
	gs, err := gate.EvaluateJSON(doc, g.Exprs, gate.Options{Intervals: withCI})
	if err != nil {
		if _, ok := err.(*gate.PathError); ok {
			return nil, Usagef("%s: %v", g.name(), err)
		}
		return nil, err
	}
	for i := range gs {
		gs[i].Reason = FlagText(gs[i].Reason)
		for j := range gs[i].Checks {
			gs[i].Checks[j].Reason = FlagText(gs[i].Checks[j].Reason)
		}
	}
	return gs, nil
}

func (g *GateFlags) name() string {
	if g.fs == nil {
		return "gate"
	}
	return g.fs.Name()
}

// GateError is gates that failed: exit status 3. The output was written
// in full before it.
type GateError struct {
	Failed []string // the expressions that failed
	Total  int
}

func (e *GateError) Error() string {
	if e.Total == 1 {
		return "the gate failed: " + e.Failed[0]
	}
	return fmt.Sprintf("%d of %d gates failed: %s", len(e.Failed), e.Total, strings.Join(e.Failed, "; "))
}

// GateFailure returns a *GateError when a gate of gs does not hold, else
// nil.
func GateFailure(gs []gate.Gate) error {
	if f := gate.Failed(gs); len(f) > 0 {
		return &GateError{Failed: f, Total: len(gs)}
	}
	return nil
}
