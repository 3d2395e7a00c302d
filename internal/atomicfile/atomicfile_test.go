package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	var registered []string
	released := 0
	register := func(tmp string) func() {
		registered = append(registered, tmp)
		return func() { released++ }
	}
	if err := Write(path, register, func(w io.Writer) error { _, err := io.WriteString(w, "hello"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "hello" {
		t.Errorf("read %q, %v", b, err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
	if len(registered) != 1 || released != 1 || filepath.Dir(registered[0]) != dir {
		t.Errorf("registered %q, released %d times", registered, released)
	}
	// A failed write leaves the old file and no temporary one.
	bad := errors.New("bad")
	if err := Write(path, nil, func(w io.Writer) error { io.WriteString(w, "half"); return bad }); !errors.Is(err, bad) {
		t.Errorf("error %v, want %v", err, bad)
	}
	if b, _ := os.ReadFile(path); string(b) != "hello" {
		t.Errorf("after a failed write: %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left: %v", ents)
	}
}
