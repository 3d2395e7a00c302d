package table

import "testing"

// cpuMeter reports a benchmark's CPU time per row (user + system, all
// goroutines; "cpu-ns/row"), next to rows/s of wall-clock time.
type cpuMeter struct{ start int64 }

// startCPU starts the meter; call it just before the b.Loop loop.
func startCPU() cpuMeter { return cpuMeter{cpuNanos()} }

// report adds rows/s and cpu-ns/row for b.N runs of rows rows each.
func (m cpuMeter) report(b *testing.B, rows int) {
	total := float64(rows) * float64(b.N)
	b.ReportMetric(total/b.Elapsed().Seconds(), "rows/s")
	if end := cpuNanos(); m.start >= 0 && end >= 0 {
		b.ReportMetric(float64(end-m.start)/total, "cpu-ns/row")
	}
}
