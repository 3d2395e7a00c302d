package cli

import (
	"fmt"
	"path"
	"strings"
)

// IsColumnPattern reports whether a column list (a comma list of names)
// holds a glob pattern: an element with *, ? or [.
func IsColumnPattern(list string) bool {
	return strings.ContainsAny(list, "*?[")
}

// ExpandColumns expands the glob patterns (path.Match syntax: *, ?,
// [a-z]) of a comma list of columns against a file's header: each
// pattern becomes the columns it matches, in file order; names that are
// not patterns stay as they are. flag names the option in messages
// ("--score"). A pattern that matches no column, or is malformed, is an
// error naming it and the header's columns.
func ExpandColumns(flag, list string, header []string) (string, error) {
	if !IsColumnPattern(list) {
		return list, nil
	}
	var out []string
	for _, p := range strings.Split(list, ",") {
		if !IsColumnPattern(p) {
			out = append(out, p)
			continue
		}
		if _, err := path.Match(p, ""); err != nil {
			return "", fmt.Errorf("%s pattern %q is malformed: %v", flag, p, err)
		}
		n := len(out)
		for _, h := range header {
			if ok, _ := path.Match(p, h); ok {
				out = append(out, h)
			}
		}
		if len(out) == n {
			return "", fmt.Errorf("%s pattern %q matches no column (the header has: %s)", flag, p, strings.Join(header, ", "))
		}
	}
	return strings.Join(out, ","), nil
}
