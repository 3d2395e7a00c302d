// Package atomicfile writes a file so that no reader ever sees half of it:
// the content goes to a temporary file in the same folder, which is
// renamed into place when complete and removed on error.
package atomicfile

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
)

// Write streams write's output to path through a temporary file in the
// same folder (named "."+base+".tmp…"), buffered, then renamed into place
// with mode 0644, so that no half file is left at path on error or
// interrupt. register, when not nil, is called with the temporary file's
// path as soon as it exists (for removal on a signal) and returns the
// function that forgets it, called when Write returns. On error the
// temporary file is removed and path is left as it was.
func Write(path string, register func(tmp string) (release func()), write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if register != nil {
		defer register(tmp)()
	}
	w := bufio.NewWriterSize(f, 1<<20)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
