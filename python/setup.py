"""Build step of the evalkit package: the Go core as a shared library.

`pip install ./python` (or `pip wheel ./python`) runs build_py, which
compiles cmd/libevalkit of this checkout with `go build -buildmode=c-shared`
into the package (evalkit/libevalkit.so). The Go command is $GO, else `go` on
PATH, else /usr/local/go/bin/go; the module is the parent folder, or
EVALKIT_GO_ROOT. EVALKIT_LIB names a library built beforehand to copy
instead.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
# The Go module: this package's parent folder, or EVALKIT_GO_ROOT (for a
# copy of the package built elsewhere).
ROOT = Path(os.environ.get("EVALKIT_GO_ROOT") or HERE.parent).resolve()


def library_name():
    if sys.platform == "darwin":
        return "libevalkit.dylib"
    if sys.platform == "win32":
        return "libevalkit.dll"
    return "libevalkit.so"


def go_command():
    for go in (os.environ.get("GO"), shutil.which("go"), "/usr/local/go/bin/go"):
        if go and (shutil.which(go) or Path(go).is_file()):
            return go
    raise SystemExit("evalkit: building the package needs Go (set GO, or put go on PATH)")


class BuildGo(build_py):
    """build_py, then the shared library into the built package."""

    def run(self):
        super().run()
        out = Path(self.build_lib).resolve() / "evalkit" / library_name()
        out.parent.mkdir(parents=True, exist_ok=True)
        prebuilt = os.environ.get("EVALKIT_LIB")
        if prebuilt:
            shutil.copyfile(prebuilt, out)
            return
        if not (ROOT / "go.mod").exists() or not (ROOT / "cmd" / "libevalkit").is_dir():
            raise SystemExit(f"evalkit: no Go module with cmd/libevalkit at {ROOT}")
        env = dict(os.environ, CGO_ENABLED="1")
        subprocess.check_call(
            [go_command(), "build", "-buildmode=c-shared", "-o", str(out), "./cmd/libevalkit"],
            cwd=ROOT,
            env=env,
        )
        header = out.with_suffix(".h")
        if header.exists():
            header.unlink()


class BinaryDistribution(Distribution):
    """A distribution with native code: its wheel is platform-specific."""

    def has_ext_modules(self):
        return True


cmdclass = {"build_py": BuildGo}
try:
    from wheel.bdist_wheel import bdist_wheel
except ImportError:  # no wheel package: pip install still works
    bdist_wheel = None

if bdist_wheel is not None:

    class PlatformWheel(bdist_wheel):
        """A wheel for any Python 3 on this platform: the library is called
        through ctypes, not linked against Python."""

        def get_tag(self):
            _, _, plat = super().get_tag()
            return "py3", "none", plat

    cmdclass["bdist_wheel"] = PlatformWheel

setup(cmdclass=cmdclass, distclass=BinaryDistribution)
