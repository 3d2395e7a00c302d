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
	"errors"
	"fmt"
	"unsafe"

	"github.com/evalkit-go/evalkit/task"
)

// evalkit_abi is the version of the C ABI below; it changes when a
// function's signature or evalkit_column does.
//
//export evalkit_abi
func evalkit_abi() C.int { return 3 }

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
	if err := in.addColumns(cols, ncols); err != nil {
		msg := err.Error()
		*out, *outlen = (*C.char)(C.CBytes([]byte(msg))), C.int64_t(len(msg))
		return 2
	}
	res, err := Evaluate(C.GoString(taskName), opts, in)
	if err != nil {
		res = []byte(ErrorText(err))
	}
	*out, *outlen = (*C.char)(C.CBytes(res)), C.int64_t(len(res))
	return C.int(ExitCode(err))
}

// addColumns adds the ncols columns cols to in, by role: values, or
// labels (codes into names).
func (in *Input) addColumns(cols *C.evalkit_column, ncols C.int) error {
	if ncols <= 0 {
		return nil
	}
	for _, c := range unsafe.Slice(cols, int(ncols)) {
		role := C.GoString(c.role)
		n := int(c.n)
		switch {
		case c.values != nil:
			v, err := cValues(role, unsafe.Pointer(c.values), c.dtype, n)
			if err != nil {
				return err
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
	return nil
}

// cValues is the n values at p of type dtype as float64: the caller's
// array itself when it holds doubles, else its values converted once
// (every int64 and int32 up to 2⁵³ exactly; bool as 0 and 1).
func cValues(role string, p unsafe.Pointer, dtype C.int32_t, n int) ([]float64, error) {
	switch dtype {
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
	return nil, fmt.Errorf("evalkit: column %q: unknown value type %d", role, int(dtype))
}

// evalkit_measure computes one measure (or one matrix) named name under
// options ("key=value" pairs separated by the byte 0x1f, or NULL; see
// Measure) of n rows: a and b are k columns each of type adtype and
// bdtype, one after the other (an (n, k) array in column order): the
// truth and the predictions or scores (NULL: none, or given as columns);
// w the weights (NULL: none), of type wdtype; cols further columns as
// evalkit_eval's (labels, by their roles "true" and "pred"). The numbers
// go to out, which holds outcap doubles. It returns how many numbers the
// measure has (those written when that is at most outcap), or on an
// error −(status + 4·len), status the command line's exit status (1 bad
// data, 2 bad usage) or 3 when the call leaves the input to the task
// (the caller then calls evalkit_eval), and len the length of the message, whose UTF-8
// bytes are in out when they fit in its 8·outcap bytes. The arrays are
// read during the call only, and never written.
//
//export evalkit_measure
func evalkit_measure(name, options *C.char, n C.int64_t, k C.int32_t, a unsafe.Pointer, adtype C.int32_t, b unsafe.Pointer, bdtype C.int32_t,
	w unsafe.Pointer, wdtype C.int32_t, cols *C.evalkit_column, ncols C.int, out *C.double, outcap C.int64_t) (ret C.int64_t) {
	fail := func(err error) C.int64_t {
		msg := ErrorText(err)
		if len(msg) <= 8*int(outcap) {
			copy(unsafe.Slice((*byte)(unsafe.Pointer(out)), len(msg)), msg)
		}
		status := ExitCode(err)
		if errors.As(err, new(errDeclined)) {
			status = 3
		}
		return -C.int64_t(status + 4*len(msg))
	}
	defer func() {
		// A panic would take the caller's process down: it becomes an
		// error instead.
		if v := recover(); v != nil {
			ret = fail(fmt.Errorf("evalkit: internal error: %v", v))
		}
	}()
	in := &Input{Labels: map[string][]task.Labels{}, Values: map[string][][]float64{}}
	rows := int(n)
	for _, c := range []struct {
		role  string
		p     unsafe.Pointer
		dtype C.int32_t
		k     int
	}{{"true", a, adtype, int(k)}, {measureRole(C.GoString(name)), b, bdtype, int(k)}, {"weight", w, wdtype, 1}} {
		if c.p == nil {
			continue
		}
		if c.dtype == C.EVALKIT_INT64 && c.k == 1 && (c.role == "true" || c.role == "pred") && intLabels[C.GoString(name)] {
			// labels as they are: no conversion
			if in.ints == nil {
				in.ints = map[string][]int64{}
			}
			in.ints[c.role] = unsafe.Slice((*int64)(c.p), rows)
			continue
		}
		all, err := cValues(c.role, c.p, c.dtype, rows*c.k)
		if err != nil {
			return fail(err)
		}
		for j := range c.k {
			in.Values[c.role] = append(in.Values[c.role], all[j*rows:(j+1)*rows:(j+1)*rows])
		}
	}
	if err := in.addColumns(cols, ncols); err != nil {
		return fail(err)
	}
	var opts string
	if options != nil {
		opts = C.GoString(options)
	}
	vals, err := Measure(C.GoString(name), opts, in)
	if err != nil {
		return fail(err)
	}
	if len(vals) <= int(outcap) {
		copy(unsafe.Slice((*float64)(unsafe.Pointer(out)), len(vals)), vals)
	}
	return C.int64_t(len(vals))
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
