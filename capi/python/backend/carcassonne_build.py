"""The build backend (PEP 517) of the carcassonne Python package: standard library only, so
that `pip install` works offline (pyproject.toml: requires = [], backend-path = backend).

It writes a wheel holding the module (the .py files of carcassonne/) and a copy of the
shared library carcassonne_c next to it, where the module looks first: an installed wheel
needs no environment variables and no other files. The library is, in this order:
1. the file given as config setting `library` (pip install --config-settings library=PATH ...);
2. in the install this backend came with: `cmake --install` writes
   _carcassonne_install.py beside it, which says where the installed module and library are;
3. build/release/capi/ of the source checkout this backend lives in (the build of
   scripts/demo.sh, scripts/test.sh and the README).
The wheel's version is the library's own (carc_version_string). It is for this platform and
the system libraries the library links (libstdc++, Debian's libfmt): not a manylinux wheel.
A library built with BUILD_SHARED_LIBS=ON needs libcarcassonne beside it, which is not
packed. Only wheels are built: an sdist would need the C++ build, which pip cannot run.
"""

import base64
import ctypes
import glob
import hashlib
import os
import sysconfig
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "carcassonne"
SUMMARY = "The carcassonne rules engine (base game) from Python: ctypes over its C ABI"


class UnsupportedOperation(Exception):
    """Raised by build_sdist (PEP 517: a frontend then builds the wheel directly)."""


def _paths():
    """(the module's directory, the directory to find the library in)."""
    try:
        import _carcassonne_install as _install  # written by cmake --install next to this file
    except ImportError:
        return os.path.join(HERE, "..", NAME), os.path.join(HERE, "..", "..", "..", "build", "release", "capi")
    return os.path.join(HERE, _install.MODULE_DIR), os.path.join(HERE, _install.LIBRARY_DIR)


def _library(config_settings):
    given = (config_settings or {}).get("library")
    if given:
        if not os.path.isfile(given):
            raise FileNotFoundError(f"config setting library={given}: no such file")
        return os.path.realpath(given)
    directory = os.path.normpath(_paths()[1])
    found = sorted(glob.glob(os.path.join(directory, "libcarcassonne_c.so*"))
                   + glob.glob(os.path.join(directory, "libcarcassonne_c.dylib"))
                   + glob.glob(os.path.join(directory, "carcassonne_c.dll")))
    if not found:
        raise FileNotFoundError(f"no libcarcassonne_c in {directory}: build it first (cmake --build build/release "
                                f"--target carcassonne_c) or name it with pip install --config-settings library=PATH")
    return os.path.realpath(found[0])


def _version(library: str) -> str:
    try:
        lib = ctypes.CDLL(library)
        lib.carc_version_string.restype = ctypes.c_char_p
        return lib.carc_version_string().decode()
    except (OSError, AttributeError) as e:
        raise RuntimeError(f"{library} is not a carcassonne_c library that loads here: {e}") from None


def _tag() -> str:
    # Pure Python over a native library: any Python 3, this platform.
    return "py3-none-" + sysconfig.get_platform().replace("-", "_").replace(".", "_")


def _files(library: str):
    """(name in the wheel, path) of every file of the package."""
    module = os.path.normpath(_paths()[0])
    for name in sorted(os.listdir(module)):
        if name.endswith(".py") and name != "_installed.py":  # _installed.py points into an install
            yield f"{NAME}/{name}", os.path.join(module, name)
    yield f"{NAME}/{os.path.basename(library)}", library


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _add(wheel: zipfile.ZipFile, name: str, data: bytes, mode: int = 0o644) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # the same wheel from the same files
    info.external_attr = (0o100000 | mode) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    wheel.writestr(info, data)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """PEP 517: writes the wheel into wheel_directory and returns its file name."""
    library = _library(config_settings)
    version = _version(library)
    dist_info = f"{NAME}-{version}.dist-info"
    filename = f"{NAME}-{version}-{_tag()}.whl"
    metadata = (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {version}\nSummary: {SUMMARY}\n"
                "License: MIT\nRequires-Python: >=3.8\n")
    wheel_info = f"Wheel-Version: 1.0\nGenerator: carcassonne_build\nRoot-Is-Purelib: false\nTag: {_tag()}\n"
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w") as wheel:
        for name, path in _files(library):
            with open(path, "rb") as f:
                data = f.read()
            _add(wheel, name, data, 0o755 if path == library else 0o644)
            record.append(_record_line(name, data))
        for name, text in (("METADATA", metadata), ("WHEEL", wheel_info)):
            _add(wheel, f"{dist_info}/{name}", text.encode())
            record.append(_record_line(f"{dist_info}/{name}", text.encode()))
        record.append(f"{dist_info}/RECORD,,")
        _add(wheel, f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode())
    return filename


def build_sdist(sdist_directory, config_settings=None):
    """PEP 517: not offered (see the module's notes)."""
    raise UnsupportedOperation("carcassonne ships wheels only: the wheel carries the built library")


def get_requires_for_build_wheel(config_settings=None):
    return []
