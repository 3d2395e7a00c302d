// Package wiretest checks the binary encodings of evalkit's states in
// tests: their bytes, pinned by a digest, and their decoders, fed
// arbitrary bytes by fuzz targets.
package wiretest

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"errors"
	"testing"
)

// Pin fails t unless the SHA-256 of the encodings of states, one after
// the other, is the hex digest want; the message gives the digest found.
// A test pins the bytes of an encoding this way so that a change of the
// format is made on purpose (with a new version), never by a refactoring.
func Pin(t testing.TB, want string, states ...encoding.BinaryMarshaler) {
	t.Helper()
	h := sha256.New()
	for _, s := range states {
		enc, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		h.Write(enc)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != want {
		t.Errorf("encodings changed: digest %s, want %s", got, want)
	}
}

// Codec is a pointer to a state with a binary encoding.
type Codec[E any] interface {
	*E
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}

// Redecode decodes data into a new E, the body of a decoder's fuzz
// target: an error must wrap bad (unless bad is nil); a state decoded
// must encode to bytes that decode to a state with the same encoding.
// Decoding must never panic (the fuzzing engine reports a panic).
func Redecode[E any, P Codec[E]](t testing.TB, data []byte, bad error) {
	t.Helper()
	var s E
	if err := P(&s).UnmarshalBinary(data); err != nil {
		if bad != nil && !errors.Is(err, bad) {
			t.Fatalf("error %v does not wrap %v", err, bad)
		}
		return
	}
	enc, err := P(&s).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var again E
	if err := P(&again).UnmarshalBinary(enc); err != nil {
		t.Fatalf("re-encoding does not decode: %v", err)
	}
	if enc2, _ := P(&again).MarshalBinary(); !bytes.Equal(enc, enc2) {
		t.Fatal("re-encoding is not stable")
	}
}
