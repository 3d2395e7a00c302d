package main

import "github.com/evalkit-go/evalkit/task"

// modelNames splits a comma list of model columns (task.ModelNames; rank
// still calls it by this name).
var modelNames = task.ModelNames
