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
}

// Units expands the input patterns (globs as the file system of each
// pattern's scheme understands them: a local path, gs://…) into units, in
// pattern order and, within a pattern, in name order: a unit per file, and
// per row group of a local Parquet file (whose footer is read here to
// count them). A pattern that matches nothing is an error.
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
			if table.FormatOf(n) == table.Parquet && !remote(n) {
				groups := rowGroups(ctx, n)
				for g := range groups {
					units = append(units, Unit{Index: len(units), Path: n, RowGroup: g})
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

// rowGroups returns the number of row groups of a local Parquet file, from
// its footer. A file that cannot be read as Parquet gives 0: it is then one
// unit, and its worker reports the error as the command line would. (A
// remote file is one unit: the table package reads a Parquet stream into a
// temporary file, which at launch would copy the whole file.)
func rowGroups(ctx context.Context, path string) int {
	r, done, err := open(ctx, Unit{Path: path, RowGroup: -1})
	if err != nil {
		return 0
	}
	defer done()
	return r.RowGroups()
}

// open opens a unit for reading rows (of its row group only, for one row
// group of a Parquet file); done closes it.
func open(ctx context.Context, u Unit) (r *table.Reader, done func(), err error) {
	if !remote(u.Path) {
		if r, err = table.Open(u.Path, nil); err != nil {
			return nil, nil, err
		}
		done = func() { r.Close() }
	} else {
		rc, err := openRemote(ctx, u.Path)
		if err != nil {
			return nil, nil, err
		}
		done = func() { rc.Close() }
		if r, err = table.NewReader(rc, u.Path, table.FormatOf(u.Path)); err != nil {
			done()
			return nil, nil, err
		}
	}
	if err := limit(r, u); err != nil {
		done()
		return nil, nil, err
	}
	return r, done, nil
}

// remote reports whether path names a file of a remote file system
// (gs://…, s3://…), which the Beam file systems open.
func remote(path string) bool { return strings.Contains(path, "://") }

// openRemote opens a remote file for reading; closing it closes its file
// system too.
func openRemote(ctx context.Context, path string) (io.ReadCloser, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
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

// limit makes r read the unit's row group only, if it is one.
func limit(r *table.Reader, u Unit) error {
	if u.RowGroup < 0 {
		return nil
	}
	return r.LimitRowGroups(u.RowGroup, u.RowGroup+1)
}
