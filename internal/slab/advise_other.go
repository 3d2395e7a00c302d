//go:build !linux

package slab

import "unsafe"

func advise(p unsafe.Pointer, n uintptr) {}
