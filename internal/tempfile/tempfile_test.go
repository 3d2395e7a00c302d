package tempfile

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestWriteAtomicMode: a new file gets 0666 less the umask (not a forced
// 0644), an existing file keeps its mode, and a symbolic link is written
// through, not replaced.
func TestWriteAtomicMode(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	write := func(path, s string) {
		t.Helper()
		if err := WriteAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, s); return err }); err != nil {
			t.Fatal(err)
		}
	}
	fresh := filepath.Join(dir, "new.html")
	write(fresh, "a")
	if st, _ := os.Stat(fresh); st.Mode().Perm() != 0o600 {
		t.Errorf("new file under umask 077: mode %v, want 0600", st.Mode().Perm())
	}
	syscall.Umask(0o022)
	kept := filepath.Join(dir, "kept.csv")
	os.WriteFile(kept, []byte("old"), 0o600)
	os.Chmod(kept, 0o640)
	write(kept, "new")
	if st, _ := os.Stat(kept); st.Mode().Perm() != 0o640 {
		t.Errorf("existing 0640 file: mode %v after writing", st.Mode().Perm())
	}
	target := filepath.Join(dir, "sub", "target.svg")
	os.Mkdir(filepath.Dir(target), 0o755)
	os.WriteFile(target, []byte("old"), 0o604)
	link := filepath.Join(dir, "link.svg")
	if err := os.Symlink(filepath.Join("sub", "target.svg"), link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	write(link, "through")
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", st.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "through" {
		t.Errorf("target holds %q, want the written text", b)
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o604 {
		t.Errorf("target's mode %v, want 0604 kept", st.Mode().Perm())
	}
	dangling := filepath.Join(dir, "dangling.csv")
	os.Symlink("made.csv", dangling)
	write(dangling, "x")
	if b, _ := os.ReadFile(filepath.Join(dir, "made.csv")); string(b) != "x" {
		t.Errorf("dangling link: its target holds %q", b)
	}
	if err := WriteAtomic(dir, func(io.Writer) error { return nil }); err == nil {
		t.Error("writing over a folder: no error")
	}
	failed := filepath.Join(dir, "failed.html")
	if err := WriteAtomic(failed, func(io.Writer) error { return errors.New("boom") }); err == nil {
		t.Error("a failed write: no error")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if _, err := os.Stat(failed); err == nil || len(left) != 0 {
		t.Errorf("a failed write left %v", left)
	}
}

// TestRegistered: what is being written, the spill folders and the
// copies of standard input are registered while they exist, and
// removeAll (the signal handler's work) removes them.
func TestRegistered(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir, release, err := MkdirTemp("rank")
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	f, err := CreateTemp("parquet", ".parquet")
	if err != nil {
		t.Fatal(err)
	}
	temps.Lock()
	n := len(temps.paths)
	reg := temps.paths[dir] && temps.paths[f.Name()]
	temps.Unlock()
	if !reg {
		t.Fatalf("not registered: %s, %s (%d paths)", dir, f.Name(), n)
	}
	var during string
	err = WriteAtomic(filepath.Join(t.TempDir(), "page.html"), func(io.Writer) error {
		temps.Lock()
		defer temps.Unlock()
		for p := range temps.paths {
			if strings.HasPrefix(filepath.Base(p), ".page.html.tmp") {
				during = p
			}
		}
		return nil
	})
	if err != nil || during == "" {
		t.Errorf("the page being written was not registered (%v)", err)
	}
	if removeAll() != n {
		t.Errorf("removeAll: not every path")
	}
	temps.paths = nil
	temps.Unlock()
	for _, p := range []string{dir, f.Name()} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s not removed: %v", p, err)
		}
	}
}

// TestRemoveStale: the temporaries of a process no longer running (one
// killed by SIGKILL cleans nothing) are removed; those of live processes
// and other files are kept.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no true(1):", err)
	}
	dead := strconv.Itoa(cmd.Process.Pid)
	if alive(cmd.Process.Pid) {
		t.Skip("the process id was reused")
	}
	live := strconv.Itoa(os.Getppid())
	mk := func(name string) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Join(p, "split"), 0o700)
		os.WriteFile(filepath.Join(p, "part-1"), []byte("x"), 0o600)
		return p
	}
	stale := []string{mk("evalkit-rank-" + dead + "-123"), filepath.Join(dir, "evalkit-parquet-"+dead+"-9.parquet")}
	os.WriteFile(stale[1], []byte("PAR1"), 0o600)
	keep := []string{mk("evalkit-rank-" + live + "-5"), mk("evalkit-rank-77"), mk("other-" + dead + "-1")}
	removeStale(dir)
	for _, p := range stale {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s of a dead process kept", filepath.Base(p))
		}
	}
	for _, p := range keep {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed", filepath.Base(p))
		}
	}
}
