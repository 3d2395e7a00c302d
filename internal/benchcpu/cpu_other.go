//go:build !unix

package benchcpu

// cpuNanos is unknown here (see cpu_unix.go).
func cpuNanos() int64 { return -1 }
