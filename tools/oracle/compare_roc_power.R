#!/usr/bin/env Rscript
# Oracle for `compare roc-power` with two ROC curves: pROC's
# power.roc.test in its two-curve forms.
#
#  1. hyptest/testdata/proc_roc_power_binormal.json: the binormal form,
#     power.roc.test(list(A1, B1, A2, B2, rn, ra, delta [, FPR11, FPR12,
#     FPR21, FPR22]), ncases =, ncontrols =, kappa =, sig.level =, power =,
#     alternative =) (Obuchowski & McClish 1997), solving in turn for
#     ncases, power and sig.level over a grid of curves (full and partial
#     AUCs), correlations, kappas, levels, powers and both alternatives;
#     pROC's own test values (tests/testthat/test-power.roc.test.R) first.
#  2. task/testdata/proc_roc_power_data.json: the form from data,
#     power.roc.test(roc1, roc2, sig.level =, power =, kappa =,
#     alternative =, method = "delong" | "obuchowski") and the one-curve
#     power.roc.test(roc1, ...), on pROC's aSAH data (s100b, ndka, wfns) and
#     simulated data (set.seed), with the data; also each pair's per-case
#     variances (pROC's covvar: var1, var2, cov12 times the cases).
#
# Curves are built with direction "<" (higher = positive), as evalkit's.
# Rerun:  Rscript tools/oracle/compare_roc_power.R
suppressMessages(library(pROC))
library(jsonlite)
set.seed(20261127)

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(sub("--file=", "", args[grep("--file=", args)]))
root <- file.path(here, "..", "..")
fix <- function(v) sprintf("%.17g", v)
source <- sprintf("pROC %s, %s (tools/oracle/compare_roc_power.R)", packageVersion("pROC"), R.version.string)

# 1. Binormal parameters.
bcases <- list()
badd <- function(solve, pars, r, kappa, alt) {
  fpr <- if (is.null(pars$FPR11)) NULL else c(pars$FPR11, pars$FPR12)
  bcases[[length(bcases) + 1]] <<- list(solve = solve, alternative = alt, kappa = kappa,
    a1 = fix(pars$A1), b1 = fix(pars$B1), a2 = fix(pars$A2), b2 = fix(pars$B2), rn = fix(pars$rn), ra = fix(pars$ra),
    delta = fix(pars$delta), fpr = if (is.null(fpr)) NULL else fix(fpr),
    ncases = fix(r$ncases), ncontrols = fix(r$ncontrols), sig_level = fix(r$sig.level), power = fix(r$power))
}
ob <- list(A1 = 2.6, B1 = 1, A2 = 1.9, B2 = 1, rn = 0.6, ra = 0.6, FPR11 = 0,
  FPR12 = 0.2, FPR21 = 0, FPR22 = 0.2, delta = 0.037)
badd("ncases", ob, power.roc.test(ob, power = 0.8, sig.level = 0.05), 1, "two.sided")
badd("sig_level", ob, power.roc.test(ob, power = 0.8, sig.level = NULL, ncases = 107), 1, "two.sided")
badd("power", ob, power.roc.test(ob, power = NULL, sig.level = 0.05, ncases = 107), 1, "two.sided")
fromauc <- function(auc, b) qnorm(auc) * sqrt(1 + b^2)
curves <- list(c(0.8, 0.7, 1, 1), c(0.9, 0.85, 0.8, 1.3), c(0.75, 0.6, 1.2, 0.7), c(0.62, 0.7, 1, 0.9))
for (cv in curves) for (rr in list(c(0.6, 0.6), c(0.3, 0.5), c(0, 0))) for (part in c(FALSE, TRUE)) {
  pars <- list(A1 = fromauc(cv[1], cv[3]), B1 = cv[3], A2 = fromauc(cv[2], cv[4]), B2 = cv[4],
    rn = rr[1], ra = rr[2], delta = cv[1] - cv[2])
  if (part) {
    pars$FPR11 <- pars$FPR21 <- 0.05
    pars$FPR12 <- pars$FPR22 <- 0.3
    pars$delta <- pars$delta / 4
  }
  for (alt in c("two.sided", "one.sided")) for (kappa in c(1, 2.5)) {
    for (sig in c(0.05, 0.01)) for (pw in c(0.8, 0.9)) {
      badd("ncases", pars, power.roc.test(pars, kappa = kappa, sig.level = sig, power = pw, alternative = alt), kappa, alt)
    }
    for (n in c(60, 250)) {
      badd("power", pars, power.roc.test(pars, ncases = n, ncontrols = kappa * n, sig.level = 0.05, alternative = alt), kappa, alt)
      badd("sig_level", pars, power.roc.test(pars, ncases = n, ncontrols = kappa * n, sig.level = NULL, power = 0.8, alternative = alt), kappa, alt)
    }
  }
}
out <- file.path(root, "hyptest", "testdata", "proc_roc_power_binormal.json")
writeLines(toJSON(list(source = source, cases = bcases), auto_unbox = TRUE, digits = NA, null = "null"), out)
cat(length(bcases), "cases ->", out, "\n")

# 2. From data.
data(aSAH)
y <- as.integer(aSAH$outcome == "Poor")
sets <- list(list(name = "aSAH", y = y, s100b = aSAH$s100b, ndka = aSAH$ndka, wfns = as.numeric(aSAH$wfns)))
for (n in c(60, 150)) {
  yy <- as.integer(runif(n) < 0.4)
  a <- round(rnorm(n, mean = 1.1 * yy), 1)
  b <- round(0.5 * a + rnorm(n, mean = 0.4 * yy, sd = 0.9), 1)
  c3 <- round(rnorm(n, mean = 0.8 * yy, sd = 1.3), 2)
  sets[[length(sets) + 1]] <- list(name = sprintf("sim%d", n), y = yy, s100b = a, ndka = b, wfns = c3)
}
dcases <- list()
dadd <- function(set, a, b, method, solve, r, args, alt) {
  dcases[[length(dcases) + 1]] <<- c(list(data = set, score_a = a, score_b = b, method = method, solve = solve,
    alternative = alt, ncases = fix(r$ncases), ncontrols = fix(r$ncontrols), sig_level = fix(r$sig.level),
    power = fix(r$power)), args)
}
covs <- list()
for (s in sets) {
  rocs <- lapply(c("s100b", "ndka", "wfns"), function(k) roc(s$y, s[[k]], levels = c(0, 1), direction = "<", quiet = TRUE))
  names(rocs) <- c("s100b", "ndka", "wfns")
  for (pair in list(c("ndka", "wfns"), c("s100b", "ndka"), c("wfns", "s100b"))) {
    r1 <- rocs[[pair[1]]]; r2 <- rocs[[pair[2]]]
    for (method in c("delong", "obuchowski")) {
      cv <- pROC:::covvar(r1, r2, method)
      covs[[length(covs) + 1]] <- list(data = s$name, score_a = pair[1], score_b = pair[2], method = method,
        auc1 = fix(as.numeric(r1$auc)), auc2 = fix(as.numeric(r2$auc)),
        var1 = fix(cv$var1), var2 = fix(cv$var2), cov12 = fix(cv$cov12))
      for (alt in c("two.sided", "one.sided")) {
        dadd(s$name, pair[1], pair[2], method, "power", power.roc.test(r1, r2, method = method, alternative = alt), list(), alt)
        dadd(s$name, pair[1], pair[2], method, "power", power.roc.test(r1, r2, sig.level = 0.01, method = method, alternative = alt), list(sig = 0.01), alt)
        for (pw in c(0.8, 0.9)) {
          dadd(s$name, pair[1], pair[2], method, "ncases", power.roc.test(r1, r2, power = pw, method = method, alternative = alt), list(power_given = pw), alt)
          dadd(s$name, pair[1], pair[2], method, "ncases", power.roc.test(r1, r2, power = pw, kappa = 1, method = method, alternative = alt), list(power_given = pw, kappa = 1), alt)
          dadd(s$name, pair[1], pair[2], method, "sig_level", power.roc.test(r1, r2, power = pw, sig.level = NULL, method = method, alternative = alt), list(power_given = pw), alt)
        }
      }
    }
  }
  # One curve from data (Obuchowski's one-AUC form with the data's AUC and counts).
  for (k in c("s100b", "ndka", "wfns")) {
    r1 <- rocs[[k]]
    if (as.numeric(r1$auc) <= 0.5) next
    for (alt in c("two.sided", "one.sided")) {
      dadd(s$name, k, "", "", "power", power.roc.test(r1, alternative = alt), list(), alt)
      dadd(s$name, k, "", "", "ncases", power.roc.test(r1, power = 0.9, alternative = alt), list(power_given = 0.9), alt)
      dadd(s$name, k, "", "", "ncases", power.roc.test(r1, power = 0.9, kappa = 1, alternative = alt), list(power_given = 0.9, kappa = 1), alt)
      dadd(s$name, k, "", "", "sig_level", power.roc.test(r1, power = 0.9, sig.level = NULL, alternative = alt), list(power_given = 0.9), alt)
    }
  }
}
out <- file.path(root, "task", "testdata", "proc_roc_power_data.json")
writeLines(toJSON(list(source = source, data = sets, covvar = covs, cases = dcases), auto_unbox = TRUE, digits = NA, null = "null"), out)
cat(length(dcases), "cases ->", out, "\n")
