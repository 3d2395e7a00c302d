package main

import (
	"io"

	"github.com/evalkit-go/evalkit/internal/tempfile"
)

// Temporary files and folders (a file being written before it is renamed
// into place, the spill folder of a score table, the copy of Parquet read
// from standard input) are registered with package tempfile while they
// exist, so that a signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT: main installs
// the handler) removes them before the process exits with status 128 +
// the signal's number. On success and on error their owners remove them
// and release the registration.

// writeFileAtomic streams write's output to path through a temporary file
// in the same folder, renamed into place when complete, so that no half
// file is left at path on error or on a signal. The file gets the mode a
// plain create gives it (0666 less the umask, or the mode of the file it
// replaces), and a symbolic link at path is written through.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	return tempfile.WriteAtomic(path, write)
}
