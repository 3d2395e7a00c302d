//go:build cgo

package main

/*
#include <stdint.h>
#include <stdlib.h>

// evalkit_column is one column of a call: n numbers (values), or n labels
// (codes into names, whose UTF-8 bytes are bytes[offsets[i]:offsets[i+1]]).
typedef struct {
	const char *role;       // "true", "pred", "score" or "weight"
	int64_t n;              // rows
	const void *values;     // n values of type dtype, or NULL for labels
	int32_t dtype;          // the values' type: EVALKIT_FLOAT64, …
	const int64_t *codes;   // n label codes, or NULL for values
	int64_t nnames;         // number of names
	const int64_t *offsets; // nnames+1 offsets into bytes
	const char *bytes;      // the names, concatenated
} evalkit_column;

// The types of values: double, float, int64_t, int32_t, and bool (one
// byte, 0 or 1).
enum { EVALKIT_FLOAT64 = 0, EVALKIT_FLOAT32 = 1, EVALKIT_INT64 = 2, EVALKIT_INT32 = 3, EVALKIT_BOOL = 4 };
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/evalkit-go/evalkit/task"
)

// evalkit_abi is the version of the C ABI below; it changes when a
// function's signature or evalkit_column does.
//
//export evalkit_abi
func evalkit_abi() C.int { return 2 }

// evalkit_eval runs the task named task on the ncols columns cols under
// options (a JSON object, or NULL). It sets *out to a buffer of *outlen
// bytes, to be freed with evalkit_free: the output, or the error message.
// It returns the command line's exit status: 0 ok, 1 bad data, 2 bad
// usage. The arrays are read during the call only, and never written.
//
//export evalkit_eval
func evalkit_eval(taskName *C.char, options *C.char, cols *C.evalkit_column, ncols C.int, out **C.char, outlen *C.int64_t) (status C.int) {
	defer func() {
		// A panic would take the caller's process down: it becomes an
		// error instead.
		if v := recover(); v != nil {
			msg := fmt.Sprintf("evalkit: internal error: %v", v)
			*out, *outlen = (*C.char)(C.CBytes([]byte(msg))), C.int64_t(len(msg))
			status = 1
		}
	}()
	var opts []byte
	if options != nil {
		opts = []byte(C.GoString(options))
	}
	in := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{}}
	for _, c := range unsafe.Slice(cols, int(ncols)) {
		role := C.GoString(c.role)
		n := int(c.n)
		switch {
		case c.values != nil:
			v, err := cValues(&c, n)
			if err != nil {
				msg := err.Error()
				*out, *outlen = (*C.char)(C.CBytes([]byte(msg))), C.int64_t(len(msg))
				return 2
			}
			in.Values[role] = append(in.Values[role], v)
		case c.codes != nil || n == 0:
			var codes []int64
			if n > 0 {
				codes = unsafe.Slice((*int64)(unsafe.Pointer(c.codes)), n)
			}
			in.Labels[role] = append(in.Labels[role], task.Labels{Names: cNames(&c), Codes: codes})
		}
	}
	res, err := Evaluate(C.GoString(taskName), opts, in)
	if err != nil {
		res = []byte(ErrorText(err))
	}
	*out, *outlen = (*C.char)(C.CBytes(res)), C.int64_t(len(res))
	return C.int(ExitCode(err))
}

// cValues is the values of a column as float64: the caller's array
// itself when it holds doubles, else its values converted once (every
// int64 and int32 up to 2⁵³ exactly; bool as 0 and 1).
func cValues(c *C.evalkit_column, n int) ([]float64, error) {
	p := unsafe.Pointer(c.values)
	switch c.dtype {
	case C.EVALKIT_FLOAT64:
		return unsafe.Slice((*float64)(p), n), nil
	case C.EVALKIT_FLOAT32:
		return convert(unsafe.Slice((*float32)(p), n)), nil
	case C.EVALKIT_INT64:
		return convert(unsafe.Slice((*int64)(p), n)), nil
	case C.EVALKIT_INT32:
		return convert(unsafe.Slice((*int32)(p), n)), nil
	case C.EVALKIT_BOOL:
		return convert(unsafe.Slice((*uint8)(p), n)), nil
	}
	return nil, fmt.Errorf("evalkit: column %q: unknown value type %d", C.GoString(c.role), int(c.dtype))
}

// convert returns v as float64s.
func convert[T float32 | int64 | int32 | uint8](v []T) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

// cNames copies the names of a label column into Go strings.
func cNames(c *C.evalkit_column) []string {
	k := int(c.nnames)
	if k == 0 {
		return nil
	}
	off := unsafe.Slice((*int64)(unsafe.Pointer(c.offsets)), k+1)
	names := make([]string, k)
	for i := range names {
		names[i] = C.GoStringN((*C.char)(unsafe.Add(unsafe.Pointer(c.bytes), off[i])), C.int(off[i+1]-off[i]))
	}
	return names
}

// evalkit_free frees a buffer that evalkit_eval returned.
//
//export evalkit_free
func evalkit_free(p *C.char) { C.free(unsafe.Pointer(p)) }
