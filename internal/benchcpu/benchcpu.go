// Package benchcpu reports a benchmark's CPU time per row beside its
// wall-clock rows/s. On a machine shared with other jobs wall time says
// more about the other jobs than about the code; the CPU time the process
// used (user + system, all goroutines, from getrusage) is far steadier.
package benchcpu

import "testing"

// Meter measures the CPU time of a benchmark loop.
type Meter struct{ start int64 }

// Start starts a meter; call it just before the b.Loop loop.
func Start() Meter { return Meter{cpuNanos()} }

// Report adds "rows/s" (wall clock) and "cpu-ns/row" for b.N runs of rows
// rows each; cpu-ns/row is left out where the CPU time is unknown.
func (m Meter) Report(b *testing.B, rows int) {
	total := float64(rows) * float64(b.N)
	b.ReportMetric(total/b.Elapsed().Seconds(), "rows/s")
	if end := cpuNanos(); m.start >= 0 && end >= 0 {
		b.ReportMetric(float64(end-m.start)/total, "cpu-ns/row")
	}
}
