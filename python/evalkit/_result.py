"""The result of a call: the command line's JSON output as a read-only mapping."""

import html
import json
import numbers
from collections.abc import Mapping

# Keys of a result that describe the data or the options, not a measure.
_NOT_MEASURES = frozenset(
    {"n", "weight_sum", "positives", "negatives", "n_classes", "n_clusters", "level", "conf_level",
     "alpha", "power", "beta", "a", "b", "c", "d", "k"}
)
# The measures a result is summed up by, first found first, a task.
_HEADLINE = {
    "rank": ["roc_auc", "roc_auc_ovr_macro", "roc_auc_ovo_macro", "average_precision", "top_k_accuracy", "log_loss", "brier"],
    "classify": ["accuracy", "balanced_accuracy", "macro.f1", "mcc", "cohen_kappa"],
    "regress": ["mse", "rmse", "mae", "r2"],
    "cluster": ["adjusted_rand_index", "nmi", "v_measure", "silhouette", "davies_bouldin"],
}


def _is_number(v):
    return isinstance(v, numbers.Real) and not isinstance(v, bool)


def _measures(d):
    """The measures of one model's result as (name, value) pairs, in the
    output's order: its top-level numbers, and those one level down in an
    object of numbers (macro.f1); None where the output has null."""
    out = []
    for k, v in d.items():
        if k in _NOT_MEASURES or k in ("intervals", "verdict", "signature"):
            continue
        if _is_number(v):
            out.append((k, v))
        elif isinstance(v, dict) and v and all(_is_number(x) or x is None for x in v.values()):
            out += [(f"{k}.{j}", x) for j, x in v.items()]
    return out


def _headline(task, d, limit):
    m = dict(_measures(d))
    names = [k for k in _HEADLINE.get(task, []) if k in m]
    if not names:
        names = list(m)
    return [(k, m[k]) for k in names[:limit]]


def _fmt(v):
    return "null" if v is None else f"{v:.4g}"


class Result(Mapping):
    """The result of a task: a read-only mapping of the command line's JSON output.

    r["roc_auc"] is a measure (None where the command line prints null),
    r.to_dict() the whole output parsed afresh, r.json its exact text,
    r.interval("roc_auc") the (low, high) interval of a measure under ci=True,
    and r.text the command line's text output for the same data and options.
    """

    __slots__ = ("_task", "_json", "_data", "_render", "_text", "_page")

    def __init__(self, task, text, render):
        self._task = task
        self._json = text
        self._data = json.loads(text)
        self._render = render
        self._text = None
        self._page = None

    @property
    def task(self):
        """The task: "rank", "classify" or "regress"."""
        return self._task

    @property
    def json(self):
        """The command line's JSON output, to the byte."""
        return self._json

    def to_dict(self):
        """The command line's JSON output, parsed into a new dict."""
        return json.loads(self._json)

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def interval(self, name):
        """The (low, high) confidence interval of measure name (ci=True)."""
        ivs = self._data.get("intervals")
        if not ivs:
            raise KeyError(f"{name}: no intervals (call with ci=True)")
        if name not in ivs:
            raise KeyError(f"{name}: no interval (the intervals are of: {', '.join(sorted(ivs))})")
        iv = ivs[name]
        return (iv["low"], iv["high"])

    @property
    def text(self):
        """The command line's text output (computed again from the same arrays)."""
        if self._text is None:
            self._text = self._render("text")
        return self._text

    def to_html(self, path=None, *, title=None):
        """The page "evalkit report" writes for the same data and options
        (one self-contained HTML document, with intervals unless ci=False
        or, for text measures, a paired test was asked for), computed again
        from the same arrays: written to path when given, and returned.
        title names the page (default: the task and the data)."""
        page = self._render("html", title=title)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(page)
        return page

    def _models(self):
        m = self._data.get("models")
        return m if isinstance(m, list) else None

    def to_frame(self):
        """The result as a pandas DataFrame (pandas must be installed).

        One model: a row a measure (index "measure"), its column "value",
        and "low" and "high" under ci=True. Several models: the leaderboard,
        a row a model in the output's order (index "model"), a column a
        measure.
        """
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "Result.to_frame needs pandas (pip install pandas; Debian: python3-pandas); "
                "Result.to_dict() gives the same numbers without it"
            ) from None
        models = self._models()
        if models is not None:
            rows = [dict(_measures(m)) for m in models]
            frame = pd.DataFrame(rows, index=pd.Index([m.get("name") for m in models], name="model"))
            return frame
        pairs = _measures(self._data)
        frame = pd.DataFrame({"value": [v for _, v in pairs]}, index=pd.Index([k for k, _ in pairs], name="measure"))
        ivs = self._data.get("intervals") or {}
        if ivs:
            frame["low"] = [ivs[k]["low"] if k in ivs else None for k, _ in pairs]
            frame["high"] = [ivs[k]["high"] if k in ivs else None for k, _ in pairs]
        return frame

    def _repr_html_(self):
        """A small HTML table of the headline measures, with their intervals
        under ci=True (for several models the verdict and the leaderboard),
        then the report page (to_html) in a sandboxed <iframe srcdoc>: the
        page keeps its own Content-Security-Policy, and no script of the
        notebook reaches it."""
        summary = self._summary_html()
        if self._page is None:
            try:
                self._page = self.to_html()
            except ValueError:
                self._page = ""  # a task without a page (wer, …)
        if not self._page:
            return summary
        frame = (
            f'<iframe class="evalkit-report" sandbox="" srcdoc="{html.escape(self._page, quote=True)}" '
            'style="width:100%;height:36rem;border:1px solid #ccc" title="evalkit report"></iframe>'
        )
        return summary[: -len("</div>")] + frame + "</div>"

    def _summary_html(self):
        e = html.escape
        models = self._models()
        parts = [f"<div class=\"evalkit-result\"><p><b>evalkit {e(self._task)}</b>"]
        if "n" in self._data:
            parts.append(f", n = {e(str(self._data['n']))}")
        parts.append("</p>")
        if models is not None:
            verdict = self._data.get("verdict")
            if isinstance(verdict, dict) and verdict.get("sentence"):
                parts.append(f"<p>{e(verdict['sentence'])}</p>")
            names = [k for k, _ in _headline(self._task, models[0], 4)] if models else []
            primary = self._data.get("primary")
            if isinstance(primary, str) and primary not in names and any(k == primary for k, _ in _measures(models[0])):
                names.insert(0, primary)
            parts.append("<table><thead><tr><th>model</th>")
            parts += [f"<th>{e(k)}</th>" for k in names]
            parts.append("</tr></thead><tbody>")
            for m in models:
                ms, ivs = dict(_measures(m)), m.get("intervals") or {}
                parts.append(f"<tr><th>{e(str(m.get('name')))}</th>")
                for k in names:
                    parts.append(f"<td>{e(_cell(ms.get(k), ivs.get(k)))}</td>")
                parts.append("</tr>")
            parts.append("</tbody></table></div>")
            return "".join(parts)
        ivs = self._data.get("intervals") or {}
        parts.append("<table><thead><tr><th>measure</th><th>value</th>")
        if ivs:
            level = self._data.get("level")
            parts.append(f"<th>{e(f'{100 * level:g} % interval' if _is_number(level) else 'interval')}</th>")
        parts.append("</tr></thead><tbody>")
        for k, v in _headline(self._task, self._data, 6):
            parts.append(f"<tr><th>{e(k)}</th><td>{e(_fmt(v))}</td>")
            if ivs:
                iv = ivs.get(k)
                parts.append(f"<td>{e(_interval(iv))}</td>")
            parts.append("</tr>")
        parts.append("</tbody></table></div>")
        return "".join(parts)

    def __repr__(self):
        models = self._models()
        if models is not None:
            primary = self._data.get("primary")
            key = primary if isinstance(primary, str) else (_headline(self._task, models[0], 1) or [("", None)])[0][0]
            body = ", ".join(f"{m.get('name')}={_fmt(dict(_measures(m)).get(key))}" for m in models[:6])
            more = ", …" if len(models) > 6 else ""
            return f"<evalkit.Result {self._task}: {len(models)} models by {key}: {body}{more}>"
        ivs = self._data.get("intervals") or {}
        body = ", ".join(
            f"{k}={_fmt(v)}" + (f" {_interval(ivs[k])}" if k in ivs else "") for k, v in _headline(self._task, self._data, 4)
        )
        n = f" n={self._data['n']}" if "n" in self._data else ""
        return f"<evalkit.Result {self._task}{n}: {body}>"


def _interval(iv):
    if not iv:
        return ""
    return f"[{_fmt(iv.get('low'))}, {_fmt(iv.get('high'))}]"


def _cell(v, iv):
    return _fmt(v) + (f" {_interval(iv)}" if iv else "")
