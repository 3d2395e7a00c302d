package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

func TestZZProf(t *testing.T) {
	args := strings.Fields(os.Getenv("ZZARGS"))
	if len(args) == 0 {
		t.Skip()
	}
	if err := run(args, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
}
