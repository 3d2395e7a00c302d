//go:build unix

package benchcpu

import "syscall"

// cpuNanos returns the CPU time (user + system) the process has used, in
// nanoseconds, or -1 when it cannot tell.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
