package evalbeam

import (
	"bytes"
	"context"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/report"
)

// writeJSON renders v as evalkit's JSON, its warnings naming flags
// (cli.FlagWarnings), and writes it to path whole: to a temporary file
// renamed into place where the file system can rename, so that a failure
// leaves nothing half-written.
func writeJSON(ctx context.Context, path string, v any) error {
	cli.FlagWarnings(v)
	var b bytes.Buffer
	if err := report.Write(&b, report.JSONFormat, v, nil); err != nil {
		return err
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	rn, canRename := fs.(filesystem.Renamer)
	tmp := path
	if canRename {
		tmp = path + ".tmp-evalkit-beam"
	}
	w, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return fmt.Errorf("--output: %v", err)
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		w.Close()
		return fmt.Errorf("--output: %v", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("--output: %v", err)
	}
	if canRename {
		if err := rn.Rename(ctx, tmp, path); err != nil {
			return fmt.Errorf("--output: %v", err)
		}
	}
	return nil
}
