package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/evalkit-go/evalkit/figure"
)

// saveFigures writes each figure as dir/name.svg and dir/name.png,
// creating dir if needed; names and figs pair up.
func saveFigures(dir string, names []string, figs []*figure.Figure) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, f := range figs {
		for _, ext := range []string{".svg", ".png"} {
			if err := writeFigure(filepath.Join(dir, names[i]+ext), f); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeFigure writes f to path, as PNG when its name ends in .png, else as
// SVG.
func writeFigure(path string, f *figure.Figure) error {
	write := f.WriteSVG
	if figureFormat(path) == "png" {
		write = f.WritePNG
	}
	return writeFileAtomic(path, func(w io.Writer) error { return write(w) })
}
