package result

import (
	"bufio"
	"bytes"
	"io"
	"reflect"
)

// Chunked is a value whose compact JSON ([JSON] with indent "") is the
// concatenation of the parts JSONChunks returns, in order: a large
// document (a result with many slices, say) given in the parts it is
// built of, so that [WriteJSON] writes it without copying them into one.
// The parts are not modified.
type Chunked interface {
	JSONChunks() ([][]byte, error)
}

// AppendJSON appends v's compact JSON ([JSON] with indent "") to b and
// returns the extended buffer: a caller encoding many values reuses one
// buffer instead of growing a new one for each.
func AppendJSON(b []byte, v any) ([]byte, error) {
	e := jsonEncoder{buf: *bytes.NewBuffer(b)}
	if err := e.encode(reflect.ValueOf(v)); err != nil {
		return nil, err
	}
	return e.buf.Bytes(), nil
}

// WriteJSON writes to w the bytes JSON(v, indent) returns. The whole
// document is encoded before anything is written, so that an encoding
// error writes nothing; then it is indented as it is written, through a
// small buffer, rather than into a second copy of the document. A
// [Chunked] v is written part by part.
func WriteJSON(w io.Writer, v any, indent string) error {
	var parts [][]byte
	if c, ok := v.(Chunked); ok {
		var err error
		if parts, err = c.JSONChunks(); err != nil {
			return err
		}
	} else {
		b, err := JSON(v, "")
		if err != nil {
			return err
		}
		parts = [][]byte{b}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if indent == "" {
		for _, p := range parts {
			bw.Write(p)
		}
	} else {
		(&indenter{out: bw, indent: indent}).run(parts)
	}
	return bw.Flush()
}

// byteWriter is what the indenter writes to: a *bufio.Writer or a
// *bytes.Buffer.
type byteWriter interface {
	io.Writer
	io.ByteWriter
	io.StringWriter
}

// indentJSON indents compact JSON, object members one a line, but keeps an
// array that holds no object on one line ("confusion_matrix": [[2,1],[0,3]]),
// which is how people read vectors and matrices.
func indentJSON(src []byte, indent string) []byte {
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/4) // the indentation, about
	(&indenter{out: &out, indent: indent}).run([][]byte{src})
	return out.Bytes()
}

// indenter writes compact JSON given in consecutive parts indented, as
// indentJSON describes. A token whose handling looks past the end of a
// part (a string, an array's extent, "{}") joins the rest of that part
// with the next one.
type indenter struct {
	out    byteWriter
	indent string
	depth  int
	line   []byte // a flat array's line, reused
}

func (d *indenter) run(parts [][]byte) {
	var src []byte
	for i := 0; ; {
		if i >= len(src) {
			if len(parts) == 0 {
				return
			}
			src, parts, i = parts[0], parts[1:], 0
			continue
		}
		next, ok := d.token(src, i, len(parts) == 0)
		if !ok {
			// Join what is left of this part with the next (a new
			// slice: the parts are not modified).
			src = append(src[i:len(src):len(src)], parts[0]...)
			parts, i = parts[1:], 0
			continue
		}
		i = next
	}
}

func (d *indenter) newline() {
	d.out.WriteByte('\n')
	for range d.depth {
		d.out.WriteString(d.indent)
	}
}

// token writes the token at src[i] and returns the index past it; ok is
// false, with nothing written, when the token's handling needs bytes past
// the end of src and final is false (more of the document follows).
func (d *indenter) token(src []byte, i int, final bool) (next int, ok bool) {
	switch c := src[i]; c {
	case '"':
		j, closed := skipStringEnd(src, i)
		if !closed && !final {
			return 0, false
		}
		d.out.Write(src[i:j])
		return j, true
	case '{':
		if i+1 >= len(src) && !final {
			return 0, false
		}
		if i+1 < len(src) && src[i+1] == '}' {
			d.out.WriteString("{}")
			return i + 2, true
		}
		d.out.WriteByte('{')
		d.depth++
		d.newline()
	case '}':
		d.depth--
		d.newline()
		d.out.WriteByte('}')
	case '[':
		end, flat, decided := arrayExtent(src, i)
		if !decided && !final {
			return 0, false
		}
		if flat && bytes.IndexByte(src[i:end], '"') < 0 {
			// One line, a space after each comma: with no string in the
			// array, every comma is one, found by IndexByte.
			b := d.line[:0]
			for rest := src[i:end]; ; {
				k := bytes.IndexByte(rest, ',')
				if k < 0 {
					b = append(b, rest...)
					break
				}
				b = append(append(b, rest[:k]...), ", "...)
				rest = rest[k+1:]
			}
			d.out.Write(b)
			d.line = b[:0]
			return end, true
		}
		if flat {
			// One line, a space after each comma outside strings.
			start := i
			for k := i; k < end; k++ {
				switch src[k] {
				case ',':
					d.out.Write(src[start : k+1])
					d.out.WriteByte(' ')
					start = k + 1
				case '"':
					j, _ := skipStringEnd(src, k)
					k = j - 1
				}
			}
			d.out.Write(src[start:end])
			return end, true
		}
		d.out.WriteByte('[')
		d.depth++
		d.newline()
	case ']':
		d.depth--
		d.newline()
		d.out.WriteByte(']')
	case ',':
		d.out.WriteByte(',')
		d.newline()
	case ':':
		d.out.WriteString(": ")
	default:
		// A number or literal: up to the next structural byte.
		j := i + 1
		for j < len(src) && !structural[src[j]] {
			j++
		}
		d.out.Write(src[i:j])
		return j, true
	}
	return i + 1, true
}

// structural are the bytes that end a number or a literal in compact
// JSON.
var structural = [256]bool{'"': true, '{': true, '}': true, '[': true, ']': true, ',': true, ':': true}

// skipStringEnd returns the index just past the string starting at src[i]
// and whether its closing quote is in src (else len(src)).
func skipStringEnd(src []byte, i int) (int, bool) {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return len(src), false
}

// arrayExtent returns, for the array starting at src[i], the index just
// past it and whether it is to be written on one line: it holds no
// object, and either no string or, in all, at most 100 bytes. An array
// that holds an object is known not to be flat at the object's '{'
// (end is then not set). decided is false when src ends first.
func arrayExtent(src []byte, i int) (end int, flat, decided bool) {
	// The common case, an array of numbers: its first ']' closes it, and
	// no '[', '{' or '"' comes before (each looked for by IndexByte).
	if k := bytes.IndexByte(src[i+1:], ']'); k >= 0 {
		in := src[i+1 : i+1+k]
		if bytes.IndexByte(in, '[') < 0 && bytes.IndexByte(in, '{') < 0 && bytes.IndexByte(in, '"') < 0 {
			return i + 2 + k, true, true
		}
	}
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '"':
			k, closed := skipStringEnd(src, j)
			if !closed {
				return len(src), true, false
			}
			j = k - 1
		case '{':
			return 0, false, true
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				flat := !(j+1-i > 100 && bytes.IndexByte(src[i:j], '"') >= 0)
				return j + 1, flat, true
			}
		}
	}
	return len(src), true, false
}
