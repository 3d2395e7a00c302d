package slab

import (
	"syscall"
	"unsafe"
)

// madvHugepage is Linux's MADV_HUGEPAGE.
const madvHugepage = 14

// advise asks the kernel to back [p, p+n) with huge pages. Failure (a
// kernel without transparent huge pages) changes nothing but speed.
func advise(p unsafe.Pointer, n uintptr) {
	syscall.Syscall(syscall.SYS_MADVISE, uintptr(p), n, madvHugepage)
}
