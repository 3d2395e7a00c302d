package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/evalkit-go/evalkit/internal/atomicfile"
)

// Temporary files and folders (a file being written before it is renamed
// into place, the spill folder of a score table) are registered while they
// exist, so that an interrupt (SIGINT, SIGTERM) removes them before the
// process exits with status 128 + the signal's number. On success and on
// error their owners remove them and release the registration.
var temps struct {
	sync.Mutex
	paths  map[string]bool
	notify sync.Once
}

// registerTemp records path (a file or a folder) for removal on interrupt.
// The returned function forgets it (it does not remove it).
func registerTemp(path string) (release func()) {
	temps.notify.Do(func() {
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
		go func() {
			sig := <-ch
			temps.Lock() // held until exit: no new registrations
			for p := range temps.paths {
				// Other goroutines may still be creating files in a
				// folder, by its path: renamed first, it takes no new
				// file, and removing it cannot race with them.
				if q := p + ".removed"; os.Rename(p, q) == nil {
					p = q
				}
				for try := 0; try < 100; try++ {
					if os.RemoveAll(p) == nil {
						break
					}
				}
			}
			fmt.Fprintf(os.Stderr, "evalkit: %v: temporary files removed\n", sig)
			code := 130
			if sig == syscall.SIGTERM {
				code = 143
			}
			os.Exit(code)
		}()
	})
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

// writeFileAtomic streams write's output to path through a temporary file
// in the same folder, renamed into place when complete, so that no half
// file is left at path on error or interrupt.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	return atomicfile.Write(path, registerTemp, write)
}
