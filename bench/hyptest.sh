# evalkit compare vs scipy/statsmodels on the same generated data.
# Run through bench/compare.sh hyptest. N = rows of the McNemar
# prediction file; D × K = data sets × algorithms of the Friedman table.
source bench/lib.sh
N=${N:-2000000}
D=${D:-200}
K=${K:-30}
$PY - "$N" "$D" "$K" <<'PYEOF'
import sys
import numpy as np
n, d, k = map(int, sys.argv[1:])
rng = np.random.default_rng(1)
y = rng.integers(0, 3, n)
a = np.where(rng.random(n) < 0.8, y, rng.integers(0, 3, n))
b = np.where(rng.random(n) < 0.78, y, rng.integers(0, 3, n))
np.savetxt("bench/out/preds.csv", np.c_[y, a, b], fmt="%d", delimiter=",", header="y_true,a,b", comments="")
s = rng.uniform(0.5, 0.95, (d, k)) + np.linspace(0, 0.05, k)
with open("bench/out/scores.csv", "w") as f:
    f.write("dataset," + ",".join(f"alg{j}" for j in range(k)) + "\n")
    for i, row in enumerate(s):
        f.write(f"d{i}," + ",".join(f"{v:.4f}" for v in row) + "\n")
PYEOF
cat > bench/out/mcnemar.py <<'PYEOF'
import pandas as pd
from statsmodels.stats.contingency_tables import mcnemar
df = pd.read_csv("bench/out/preds.csv")
ra, rb = df.a == df.y_true, df.b == df.y_true
t = [[(ra & rb).sum(), (ra & ~rb).sum()], [(~ra & rb).sum(), (~ra & ~rb).sum()]]
print(mcnemar(t, exact=False, correction=True))
PYEOF
cat > bench/out/friedman.py <<'PYEOF'
import math
import numpy as np
import pandas as pd
from scipy import stats
x = pd.read_csv("bench/out/scores.csv").iloc[:, 1:].to_numpy()
n, k = x.shape
print(stats.friedmanchisquare(*x.T))
r = np.apply_along_axis(stats.rankdata, 1, -x).mean(axis=0)
se = math.sqrt(k * (k + 1) / (6 * n))
cd = stats.studentized_range.isf(0.05, k, np.inf) / math.sqrt(2) * se
p = [[stats.studentized_range.sf(abs(r[i] - r[j]) / se * math.sqrt(2), k, np.inf) for j in range(k)] for i in range(k)]
print(cd)
PYEOF
echo "McNemar on $N rows (CSV in, statistic out)"
measure "evalkit compare mcnemar" "$EVALKIT" compare mcnemar --true y_true --pred-a a --pred-b b bench/out/preds.csv --format json
e=$LAST_MEDIAN
measure "pandas + statsmodels" "$PY" bench/out/mcnemar.py
echo "  ratio (reference / evalkit): $(ratio "$LAST_MEDIAN" "$e")"
echo "Friedman + Nemenyi on $D data sets × $K algorithms"
measure "evalkit compare friedman" "$EVALKIT" compare friedman bench/out/scores.csv --format json
e=$LAST_MEDIAN
measure "scipy (friedman + studentized_range)" "$PY" bench/out/friedman.py
echo "  ratio (reference / evalkit): $(ratio "$LAST_MEDIAN" "$e")"
