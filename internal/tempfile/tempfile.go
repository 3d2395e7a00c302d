// Package tempfile keeps the one list of a process's temporary files and
// folders, so that nothing is left behind: every temporary file (a file
// being written before it is renamed into place, a spill folder, the copy
// of Parquet read from standard input) is created here and registered
// while it exists. Its owner removes it on success and on error; on a
// signal the command's handler ([Notify]) removes whatever is registered
// before the process exits; and a process killed outright (SIGKILL, a
// crash) leaves folders and files whose names carry its process id,
// which the next process to create one removes ([RemoveStale]).
//
// Files written with [WriteAtomic] honour the umask, keep an existing
// file's mode and write through a symbolic link, as a plain create would.
package tempfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"syscall"
)

var temps struct {
	sync.Mutex
	paths map[string]bool
	stale sync.Once
}

// Register records path (a file or a folder) for removal on a signal.
// The returned function forgets it (it does not remove it).
func Register(path string) (release func()) {
	temps.Lock()
	defer temps.Unlock()
	if temps.paths == nil {
		temps.paths = map[string]bool{}
	}
	temps.paths[path] = true
	return func() {
		temps.Lock()
		defer temps.Unlock()
		delete(temps.paths, path)
	}
}

// Signals are the signals on which [Notify] removes the registered files:
// an interrupt, termination, a closed terminal and a quit.
var Signals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}

// Notify installs the handler of [Signals]: it removes every registered
// path and calls exit with 128 + the signal's number (what a shell shows
// for a process a signal ended), having said on stderr, when there were
// any, that temporary files were removed. Only a command calls it, once,
// before it creates temporary files.
func Notify(stderr io.Writer, exit func(code int)) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, Signals...)
	go func() {
		sig := <-ch
		if removeAll() > 0 { // holds the lock until exit: no new registrations
			fmt.Fprintf(stderr, "evalkit: %v: temporary files removed\n", sig)
		}
		code := 128 + 2 // SIGINT's number where there is no syscall.Signal
		if s, ok := sig.(syscall.Signal); ok {
			code = 128 + int(s)
		}
		exit(code)
	}()
}

// removeAll removes every registered path and returns their number. It
// leaves the list locked.
func removeAll() int {
	temps.Lock()
	for p := range temps.paths {
		// Other goroutines may still be creating files in a folder, by
		// its path: renamed first, it takes no new file, and removing it
		// cannot race with them.
		if q := p + ".removed"; os.Rename(p, q) == nil {
			p = q
		}
		for try := 0; try < 100; try++ {
			if os.RemoveAll(p) == nil {
				break
			}
		}
	}
	return len(temps.paths)
}

// prefix is the start of the name of every temporary file and folder in
// the system's temporary folder: evalkit-KIND-PID-…
const prefix = "evalkit-"

var staleName = regexp.MustCompile(`^evalkit-[a-z]+-([0-9]+)-`)

// pattern is the name pattern of a temporary of kind for os.CreateTemp
// and os.MkdirTemp.
func pattern(kind, suffix string) string {
	return prefix + kind + "-" + strconv.Itoa(os.Getpid()) + "-*" + suffix
}

// MkdirTemp creates a folder in the system's temporary folder, named for
// kind and this process, and registers it. release forgets it; the owner
// removes it.
func MkdirTemp(kind string) (dir string, release func(), err error) {
	RemoveStale(os.TempDir())
	dir, err = os.MkdirTemp("", pattern(kind, ""))
	if err != nil {
		return "", nil, err
	}
	return dir, Register(dir), nil
}

// CreateTemp creates a file in the system's temporary folder, named for
// kind and this process (with suffix), and registers it. Close removes it
// and forgets it.
func CreateTemp(kind, suffix string) (*File, error) {
	RemoveStale(os.TempDir())
	f, err := os.CreateTemp("", pattern(kind, suffix))
	if err != nil {
		return nil, err
	}
	return &File{File: f, release: Register(f.Name())}, nil
}

// File is a registered temporary file; Close closes and removes it.
type File struct {
	*os.File
	release func()
}

// Close closes the file, removes it and forgets it.
func (f *File) Close() error {
	err := f.File.Close()
	if rerr := os.Remove(f.Name()); err == nil && !errors.Is(rerr, fs.ErrNotExist) {
		err = rerr
	}
	f.release()
	return err
}

// RemoveStale removes, once per process, the temporary files and folders
// in dir that processes no longer running left (their names carry the
// process id: a process killed by SIGKILL cleans nothing). Those of live
// processes, and anything not named by this package, are kept.
func RemoveStale(dir string) {
	temps.stale.Do(func() { removeStale(dir) })
}

func removeStale(dir string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		m := staleName.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		pid, err := strconv.Atoi(m[1])
		if err != nil || pid == os.Getpid() || alive(pid) {
			continue
		}
		os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}

// alive reports whether a process with that id exists (or may: one of
// another user that we may not signal counts as alive).
func alive(pid int) bool {
	if pid <= 0 {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// WriteAtomic streams write's output to path through a temporary file in
// the same folder, renamed into place when complete, so that no half file
// is left at path on error or on a signal (the temporary is registered).
// The file is created as a plain create would create it: with mode 0666
// less the umask, or the mode of the file it replaces; where path is a
// symbolic link, the file it points to is written and the link kept.
func WriteAtomic(path string, write func(io.Writer) error) error {
	target, mode, keep, err := destination(path)
	if err != nil {
		return err
	}
	f, err := createBeside(target)
	if err != nil {
		return err
	}
	tmp := f.Name()
	release := Register(tmp)
	defer release()
	w := bufio.NewWriterSize(f, 1<<20)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && keep {
		err = os.Chmod(tmp, mode)
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// WriteFile is [WriteAtomic] of data.
func WriteFile(path string, data []byte) error {
	return WriteAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// destination returns the file that writing path replaces (path, or the
// file a symbolic link at path points to, through every link) and, when
// that file exists, its mode to keep.
func destination(path string) (target string, mode fs.FileMode, keep bool, err error) {
	target = path
	for range 40 { // as the kernel's limit on nested links
		st, err := os.Lstat(target)
		if errors.Is(err, fs.ErrNotExist) {
			return target, 0, false, nil
		}
		if err != nil {
			return "", 0, false, err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			if st.IsDir() {
				return "", 0, false, &fs.PathError{Op: "write", Path: path, Err: syscall.EISDIR}
			}
			return target, st.Mode().Perm(), true, nil
		}
		link, err := os.Readlink(target)
		if err != nil {
			return "", 0, false, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(target), link)
		}
		target = link
	}
	return "", 0, false, &fs.PathError{Op: "write", Path: path, Err: syscall.ELOOP}
}

// createBeside creates a new file next to path, hidden, with mode 0666
// less the umask (os.CreateTemp's 0600 would ignore the umask).
func createBeside(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	for try := 0; ; try++ {
		name := filepath.Join(dir, "."+base+".tmp"+strconv.FormatUint(uint64(rand.Uint32()), 10))
		// Not a secret: the file is created with O_EXCL, and a clash
		// takes another name.
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) && try < 10000 {
			continue
		}
		return f, err
	}
}
