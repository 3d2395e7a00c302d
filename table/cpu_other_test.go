//go:build !unix

package table

// cpuNanos is unknown here (see cpu_unix_test.go).
func cpuNanos() int64 { return -1 }
