package plot

import (
	"bytes"
	"fmt"
	"image/color"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// canvas is a figure drawn by hand (the CD diagram, the simplex) rather
// than as a gonum plot: a draw.Canvas of width × height over an SVG or PNG
// encoder.
type canvas struct {
	draw.Canvas
	w vg.CanvasWriterTo
}

// newCanvas returns an empty canvas for format "svg" or "png".
func newCanvas(format string, width, height vg.Length) (*canvas, error) {
	var w vg.CanvasWriterTo
	switch format {
	case "svg":
		w = vgsvg.New(width, height)
	case "png":
		w = vgimg.PngCanvas{Canvas: vgimg.New(width, height)}
	default:
		return nil, fmt.Errorf("plot: unknown figure format %q", format)
	}
	return &canvas{Canvas: draw.New(w), w: w}, nil
}

// encode returns the figure encoded in its format.
func (c *canvas) encode() ([]byte, error) {
	var b bytes.Buffer
	if _, err := c.w.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// textStyle is black text of size points in the default font, aligned at
// the point it is drawn at as xa and ya say.
func textStyle(size vg.Length, xa text.XAlignment, ya text.YAlignment) draw.TextStyle {
	return draw.TextStyle{Color: color.Black, Font: font.From(gplot.DefaultFont, size), XAlign: xa, YAlign: ya, Handler: gplot.DefaultTextHandler}
}
