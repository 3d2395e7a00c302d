#!/usr/bin/env Rscript
# Oracle for `compare roc-power` (one AUC): writes
# hyptest/testdata/proc_roc_power.json with pROC's power.roc.test(auc =,
# ncases =, ncontrols =, kappa =, sig.level =, power =, alternative =) —
# Obuchowski's method — solving for each of its unknowns in turn (ncases,
# power, sig.level, auc) over a grid of AUCs, kappas, levels, powers and
# both alternatives. pROC solves the AUC with uniroot (tolerance about
# 1.2e-4), the rest in closed form.
#
# Rerun:  Rscript tools/oracle/hyptest_roc_power.R
suppressMessages(library(pROC))
library(jsonlite)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
out <- file.path(here, "..", "..", "hyptest", "testdata", "proc_roc_power.json")
fix <- function(v) sprintf("%.17g", v)
cases <- list()
add <- function(solve, r, kappa, alt) {
  cases[[length(cases) + 1]] <<- list(solve = solve, alternative = alt, kappa = kappa,
    auc = fix(as.numeric(r$auc)), ncases = fix(r$ncases), ncontrols = fix(r$ncontrols),
    sig_level = fix(r$sig.level), power = fix(r$power))
}
for (alt in c("two.sided", "one.sided")) for (kappa in c(1, 2.5)) for (sig in c(0.05, 0.01)) {
  for (auc in c(0.6, 0.75, 0.9)) for (pw in c(0.8, 0.9)) {
    add("ncases", power.roc.test(auc = auc, kappa = kappa, sig.level = sig, power = pw, alternative = alt), kappa, alt)
  }
  for (auc in c(0.6, 0.75, 0.9)) for (n in c(30, 100)) {
    add("power", power.roc.test(auc = auc, ncases = n, ncontrols = kappa * n, sig.level = sig, alternative = alt), kappa, alt)
  }
  for (n in c(30, 100)) for (pw in c(0.8, 0.9)) {
    add("auc", power.roc.test(ncases = n, ncontrols = kappa * n, sig.level = sig, power = pw, alternative = alt), kappa, alt)
  }
}
for (alt in c("two.sided", "one.sided")) for (kappa in c(1, 2.5)) for (auc in c(0.7, 0.85)) for (n in c(40, 120)) {
  add("sig_level", power.roc.test(auc = auc, ncases = n, ncontrols = kappa * n, sig.level = NULL, power = 0.8, alternative = alt), kappa, alt)
}
doc <- list(source = sprintf("pROC %s, %s (tools/oracle/hyptest_roc_power.R)", packageVersion("pROC"), R.version.string), cases = cases)
writeLines(toJSON(doc, auto_unbox = TRUE, digits = NA), out)
cat(length(cases), "cases ->", out, "\n")
