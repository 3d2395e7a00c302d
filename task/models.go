package task

import "strings"

// ModelNames splits a comma list of the columns of several models.
func ModelNames(s string) []string { return strings.Split(s, ",") }
