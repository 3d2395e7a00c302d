"""The result of a call: the command line's JSON output as a read-only mapping."""

import json
from collections.abc import Mapping


class Result(Mapping):
    """The result of a task: a read-only mapping of the command line's JSON output.

    r["roc_auc"] is a measure (None where the command line prints null),
    r.to_dict() the whole output parsed afresh, r.json its exact text,
    r.interval("roc_auc") the (low, high) interval of a measure under ci=True,
    and r.text the command line's text output for the same data and options.
    """

    __slots__ = ("_task", "_json", "_data", "_render", "_text")

    def __init__(self, task, text, render):
        self._task = task
        self._json = text
        self._data = json.loads(text)
        self._render = render
        self._text = None

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

    def __repr__(self):
        keys = [k for k in self._data if not isinstance(self._data[k], (dict, list))][:6]
        body = ", ".join(f"{k}={self._data[k]!r}" for k in keys)
        return f"<evalkit.Result {self._task}: {body}, …>"
