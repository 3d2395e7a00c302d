package evalbeam

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/evalkit-go/evalkit/cli"
	"github.com/evalkit-go/evalkit/gate"
	"github.com/evalkit-go/evalkit/report"
	"github.com/evalkit-go/evalkit/task"
)

// Gate reads the result a pipeline wrote to path, evaluates gates on its
// JSON (eval: cli.GateFlags.EvaluateJSON) and, when there are any,
// writes it again with its last member "gates": the bytes evalkit prints
// for the same result and gates. It returns the verdicts, or eval's error
// with the file left as the pipeline wrote it.
func Gate(ctx context.Context, path string, eval func(doc []byte) ([]gate.Gate, error)) ([]gate.Gate, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("--output: %v", err)
	}
	doc, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		return nil, fmt.Errorf("--output: %v", err)
	}
	gs, err := eval(doc)
	if err != nil || len(gs) == 0 {
		return gs, err
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, doc); err != nil {
		return nil, fmt.Errorf("--output %s: %v", path, err)
	}
	return gs, writeJSON(ctx, path, gate.With{Result: json.RawMessage(compact.Bytes()), Gates: gs})
}

// writeJSON renders v as evalkit's JSON, its warnings naming flags
// (cli.FlagWarnings), and writes it to path whole: to a temporary file
// renamed into place where the file system can rename, so that a failure
// leaves nothing half-written.
func writeJSON(ctx context.Context, path string, v any) error {
	cli.FlagWarnings(v)
	task.Summarize(v)
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
