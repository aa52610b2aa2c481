"""Build the extension module seedbed._native and place it inside src/seedbed/ (in place, as
``setup.py build_ext --inplace`` did): ``python native/build.py [--debug]``.

seedbed itself stays a hatchling project that installs without Rust; this script is the one
step that needs the toolchain (cargo and maturin). The editable install then imports the
module from src/seedbed/, and a wheel built afterwards carries it (hatch ``artifacts``).
Exit status 0 and a note when cargo is missing (seedbed then runs on the Python engines),
unless ``CI=true``, where a missing toolchain is a failure (issue 14).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRATE = ROOT / "native" / "py" / "Cargo.toml"
WHEELS = ROOT / "native" / "target" / "wheels"
DEST = ROOT / "src" / "seedbed"


def main(argv: list[str]) -> int:
    if shutil.which("cargo") is None:
        msg = "native/build.py: no cargo on PATH; seedbed runs on the Python engines only"
        print(msg, file=sys.stderr)
        return 1 if os.environ.get("CI") == "true" else 0
    release = "--debug" not in argv
    shutil.rmtree(WHEELS, ignore_errors=True)
    cmd = [sys.executable, "-m", "maturin", "build", "-m", str(CRATE), "-i", sys.executable]
    cmd += ["--out", str(WHEELS)] + (["--release"] if release else [])
    subprocess.run(cmd, check=True)
    (wheel,) = WHEELS.glob("*.whl")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    for old in DEST.glob("_native.*"):
        old.unlink()
    with zipfile.ZipFile(wheel) as zf:
        # maturin 1.16 lays a pure-Rust module out as ``_native/_native.<suffix>`` whatever
        # ``module-name`` says; the shared library is all seedbed needs.
        (member,) = [n for n in zf.namelist() if Path(n).name.startswith("_native.")]
        target = DEST / Path(member).name
        target.write_bytes(zf.read(member))
    print(f"native/build.py: {target.relative_to(ROOT)} (expected suffix {suffix})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
