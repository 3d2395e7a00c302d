package evalbeam

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local files

	"github.com/evalkit-go/evalkit/table"
)

// Unit is one piece of the input that one worker reads whole: a file, or
// one row group of a Parquet file.
type Unit struct {
	Index    int // the unit's place in input order
	Path     string
	RowGroup int // -1: the whole file
	// Footer is, for a row group of a Parquet file on a remote file
	// system, the file's last bytes (the footer, its length and the
	// magic number), read once at launch, so that a worker does not read
	// the file to its end to find them: those file systems read a stream
	// from the start.
	Footer []byte
}

// Units expands the input patterns (globs as the file system of each
// pattern's scheme understands them: a local path, gs://…) into units, in
// pattern order and, within a pattern, in name order: a unit per file, and
// per row group of a Parquet file, local or remote (whose footer is read
// here to count them). A pattern that matches nothing is an error.
func Units(ctx context.Context, patterns []string) ([]Unit, error) {
	var units []Unit
	seen := map[string]bool{}
	for _, pat := range patterns {
		names, err := match(ctx, "--input", pat)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			if seen[n] {
				continue
			}
			seen[n] = true
			if table.FormatOf(n) == table.Parquet {
				groups, footer := rowGroups(ctx, n)
				for g := range groups {
					units = append(units, Unit{Index: len(units), Path: n, RowGroup: g, Footer: footer})
				}
				if groups > 0 {
					continue
				}
			}
			units = append(units, Unit{Index: len(units), Path: n, RowGroup: -1})
		}
	}
	return units, nil
}

// match returns the files that pattern pat of flag matches, in name
// order; none is an error.
func match(ctx context.Context, flag, pat string) ([]string, error) {
	fs, err := filesystem.New(ctx, pat)
	if err != nil {
		return nil, err
	}
	names, err := fs.List(ctx, pat)
	fs.Close()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v", flag, pat, err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s %s: no file matches", flag, pat)
	}
	slices.Sort(names)
	return names, nil
}

// rowGroups returns the number of row groups of a Parquet file, from its
// footer, and for a remote file its last bytes (see Unit.Footer). A file
// that cannot be read as Parquet gives 0: it is then one unit, and its
// worker reports the error as the command line would.
func rowGroups(ctx context.Context, path string) (int, []byte) {
	r, done, ra, err := openAt(ctx, Unit{Path: path, RowGroup: -1})
	if err != nil {
		return 0, nil
	}
	defer done()
	if ra == nil {
		return r.RowGroups(), nil
	}
	footer := ra.footer()
	if len(footer) > maxUnitFooter {
		footer = nil
	}
	return r.RowGroups(), footer
}

// maxUnitFooter bounds the footer a unit carries: every unit of a file
// carries it in the pipeline's description, and a footer grows with the
// row groups, so a file of many row groups would cost their square. A
// worker of a file whose footer is larger reads the file to its end.
const maxUnitFooter = 64 << 10

// open opens a unit for reading rows (of its row group only, for one row
// group of a Parquet file); done closes it.
func open(ctx context.Context, u Unit) (r *table.Reader, done func(), err error) {
	r, done, _, err = openAt(ctx, u)
	return r, done, err
}

// openAt is open, which also returns, for a remote Parquet file, the
// ranged reader it reads through.
func openAt(ctx context.Context, u Unit) (r *table.Reader, done func(), ra *rangeReader, err error) {
	if !remote(u.Path) {
		r, err := table.Open(u.Path, nil)
		if err != nil {
			return nil, nil, nil, err
		}
		if err := limit(r, u); err != nil {
			r.Close()
			return nil, nil, nil, err
		}
		return r, func() { r.Close() }, nil, nil
	}
	fs, err := filesystem.New(ctx, u.Path)
	if err != nil {
		return nil, nil, nil, err
	}
	if table.FormatOf(u.Path) == table.Parquet {
		size, err := fs.Size(ctx, u.Path)
		if err != nil {
			fs.Close()
			return nil, nil, nil, err
		}
		ra = &rangeReader{ctx: ctx, fs: fs, path: u.Path, size: size, tail: u.Footer}
		if r, err = table.OpenParquet(ra, size, u.Path, ra); err != nil {
			ra.Close()
			return nil, nil, nil, err
		}
		if err := limit(r, u); err != nil {
			r.Close()
			return nil, nil, nil, err
		}
		return r, func() { r.Close() }, ra, nil
	}
	rc, err := openRead(ctx, fs, u.Path)
	if err != nil {
		return nil, nil, nil, err
	}
	done = func() { rc.Close() }
	if r, err = table.NewReader(rc, u.Path, table.FormatOf(u.Path)); err != nil {
		done()
		return nil, nil, nil, err
	}
	return r, done, nil, nil
}

// limit makes r read the unit's row group only, if it is one.
func limit(r *table.Reader, u Unit) error {
	if u.RowGroup < 0 {
		return nil
	}
	return r.LimitRowGroups(u.RowGroup, u.RowGroup+1)
}

// remote reports whether path names a file of a remote file system
// (gs://…, s3://…), which Beam's file systems open.
func remote(path string) bool { return strings.Contains(path, "://") }

// openRemote opens a remote file for reading as a stream; closing it
// closes its file system too.
func openRemote(ctx context.Context, path string) (io.ReadCloser, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	return openRead(ctx, fs, path)
}

// openRead opens path on fs for reading; closing the file closes fs too,
// and so does an error.
func openRead(ctx context.Context, fs filesystem.Interface, path string) (io.ReadCloser, error) {
	rc, err := fs.OpenRead(ctx, path)
	if err != nil {
		fs.Close()
		return nil, err
	}
	return closeBoth{rc, fs}, nil
}

// closeBoth is a remote file that closes its file system with it.
type closeBoth struct {
	io.ReadCloser
	fs filesystem.Interface
}

func (c closeBoth) Close() error {
	err := c.ReadCloser.Close()
	c.fs.Close()
	return err
}

// Header returns the columns of the first unit that has a header (as
// table.Reader.Header gives them), for flags that name columns by
// patterns; nil when no unit has one. Its errors are user errors.
func Header(ctx context.Context, units []Unit) ([]string, error) {
	for _, u := range units {
		r, done, err := open(ctx, u)
		if empty(err) {
			continue
		}
		if err != nil {
			return nil, userError(err)
		}
		h := slices.Clone(r.Header())
		done()
		return h, nil
	}
	return nil, nil
}
