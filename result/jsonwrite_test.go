package result

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// chunks is a Chunked document cut at given offsets.
type chunks [][]byte

func (c chunks) JSONChunks() ([][]byte, error) { return c, nil }

// randomValue returns a random JSON value of objects, arrays (of numbers,
// strings, arrays, objects), strings with quotes, commas and brackets,
// numbers and literals.
func randomValue(rng *rand.Rand, depth int) any {
	k := rng.IntN(9)
	if depth > 4 {
		k = rng.IntN(4)
	}
	switch k {
	case 0:
		return rng.NormFloat64() * math.Pow(10, float64(rng.IntN(30)-15))
	case 1:
		return []string{"a", `q"uote`, "com,ma", "[br]", "{x}", `back\slash`, "", strings.Repeat("long ", 30)}[rng.IntN(8)]
	case 2:
		return []any{true, false, nil, math.NaN(), 3}[rng.IntN(5)]
	case 3:
		a := make([]float64, rng.IntN(30))
		for i := range a {
			a[i] = float64(rng.IntN(1000)) / 7
		}
		return a
	case 4, 5:
		var o Object
		for i := range rng.IntN(5) {
			o = append(o, KV(fmt.Sprintf("k%d,:{", i), randomValue(rng, depth+1)))
		}
		return o
	default:
		a := make([]any, rng.IntN(5))
		for i := range a {
			a[i] = randomValue(rng, depth+1)
		}
		return a
	}
}

// The streaming indenter writes what the one-buffer indenter did
// (refIndentJSON, kept here as the reference), and WriteJSON writes a
// document cut into parts anywhere as JSON writes it whole.
func TestWriteJSONParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 1))
	for n := range 2000 {
		v := randomValue(rng, 0)
		compact, err := JSON(v, "")
		if err != nil {
			t.Fatal(err)
		}
		want := refIndentJSON(compact, "  ")
		got, err := JSON(v, "  ")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("value %d: JSON indented\n%s\nwant\n%s", n, got, want)
		}
		app, err := AppendJSON([]byte("prefix"), v)
		if err != nil || string(app) != "prefix"+string(compact) {
			t.Fatalf("value %d: AppendJSON = %s, %v; want prefix%s", n, app, err, compact)
		}
		var parts chunks
		rest := compact
		for len(rest) > 0 {
			k := min(len(rest), 1+rng.IntN(12))
			parts, rest = append(parts, rest[:k]), rest[k:]
		}
		for _, indent := range []string{"", "  "} {
			var b bytes.Buffer
			if err := WriteJSON(&b, parts, indent); err != nil {
				t.Fatal(err)
			}
			w := compact
			if indent != "" {
				w = want
			}
			if !bytes.Equal(b.Bytes(), w) {
				t.Fatalf("value %d in %d parts, indent %q: wrote\n%s\nwant\n%s", n, len(parts), indent, b.Bytes(), w)
			}
		}
		if !bytes.Equal(bytes.Join(parts, nil), compact) {
			t.Fatalf("value %d: WriteJSON modified its parts", n)
		}
	}
}

// refIndentJSON indents compact JSON, object members one a line, but keeps an
// array that holds no object on one line ("confusion_matrix": [[2,1],[0,3]]),
// which is how people read vectors and matrices.
func refIndentJSON(src []byte, indent string) []byte {
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/4) // the indentation, about
	depth := 0
	newline := func() {
		out.WriteByte('\n')
		for range depth {
			out.WriteString(indent)
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			j := refSkipString(src, i)
			out.Write(src[i:j])
			i = j - 1
		case '{':
			if i+1 < len(src) && src[i+1] == '}' {
				out.WriteString("{}")
				i++
				continue
			}
			out.WriteByte('{')
			depth++
			newline()
		case '}':
			depth--
			newline()
			out.WriteByte('}')
		case '[':
			end, flat := refArrayEnd(src, i)
			if flat {
				for k := i; k < end; k++ {
					out.WriteByte(src[k])
					if src[k] == ',' {
						out.WriteByte(' ')
					}
					if src[k] == '"' {
						j := refSkipString(src, k)
						out.Write(src[k+1 : j])
						k = j - 1
					}
				}
				i = end - 1
				continue
			}
			out.WriteByte('[')
			depth++
			newline()
		case ']':
			depth--
			newline()
			out.WriteByte(']')
		case ',':
			out.WriteByte(',')
			newline()
		case ':':
			out.WriteString(": ")
		default:
			out.WriteByte(c)
		}
	}
	return out.Bytes()
}

// skipString returns the index just past the string starting at src[i].
func refSkipString(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(src)
}

// arrayEnd returns the index just past the array starting at src[i] and
// whether it is to be written on one line: it holds no object, and either
// no string or, in all, at most 100 bytes.
func refArrayEnd(src []byte, i int) (int, bool) {
	depth, flat := 0, true
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '"':
			j = refSkipString(src, j) - 1
		case '{':
			flat = false
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				if flat && j+1-i > 100 && bytes.IndexByte(src[i:j], '"') >= 0 {
					flat = false
				}
				return j + 1, flat
			}
		}
	}
	return len(src), flat
}
