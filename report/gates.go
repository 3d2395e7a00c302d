package report

import (
	"fmt"

	"github.com/evalkit-go/evalkit/gate"
)

// Verdict words with their marks, so that a gate's outcome never rests on
// colour: "✓ passed" and "✗ failed".
const (
	Passed = "✓ passed"
	Failed = "✗ failed"
)

func verdict(holds bool) string {
	if holds {
		return Passed
	}
	return Failed
}

// AddGates puts the table of the gates gs first among d's opening blocks
// (at the top of an HTML page, above its contents): each gate's
// expression, "✓ passed" or "✗ failed", the value it checked (the
// difference, for two paths) with the interval that decided, and the
// reason in words; a gate over several values (a * path) has a row of
// its own and one for each value ("↳ name"). Its numbers are keyed to the "gates"
// of the JSON output. Nothing is added when gs is empty.
func AddGates(d *Doc, gs []gate.Gate) {
	if len(gs) == 0 {
		return
	}
	failed := len(gate.Failed(gs))
	title := fmt.Sprintf("Gates: all %d passed", len(gs))
	if len(gs) == 1 {
		title = "Gate: passed"
		if failed == 1 {
			title = "Gate: failed"
		}
	} else if failed > 0 {
		title = fmt.Sprintf("Gates: %d of %d failed", failed, len(gs))
	}
	t := &Table{Title: title, Header: []string{"gate", "verdict", "value [interval]", "reason"}, RowHeads: true, Class: "gates", LeftLast: true}
	for i, g := range gs {
		if len(g.Checks) == 1 && g.Checks[0].Name == "" && len(g.Skipped) == 0 {
			t.Rows = append(t.Rows, []Cell{T(g.Expression), T(verdict(g.Holds)), checkCell(i, 0, g.Checks[0]), T(g.Reason)})
			continue
		}
		t.Rows = append(t.Rows, []Cell{T(g.Expression), T(verdict(g.Holds)), T(""), T(g.Reason)})
		for j, c := range g.Checks {
			t.Rows = append(t.Rows, []Cell{T("  ↳ " + c.Name), T(verdict(c.Holds)), checkCell(i, j, c), T(c.Reason)})
		}
	}
	d.Blocks = append([]Block{t}, d.Blocks...)
}

// checkCell is a check's value (its difference, for two paths) with the
// interval that decided it.
func checkCell(i, j int, c gate.Check) Cell {
	key, v := Join("gates", i, "checks", j, "value"), float64(c.Value)
	if c.Difference != nil {
		key, v = Join("gates", i, "checks", j, "difference"), float64(*c.Difference)
	}
	cell := N(key, v)
	if c.Interval != nil {
		cell = cell.WithCI(Join("gates", i, "checks", j, "interval", 0), float64(c.Interval[0]), Join("gates", i, "checks", j, "interval", 1), float64(c.Interval[1]))
	}
	return cell
}
