package main

import "strings"

// modelNames splits a comma list of model columns.
func modelNames(s string) []string { return strings.Split(s, ",") }
