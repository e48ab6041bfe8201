"""The package as pip users get it: a fresh virtual environment, `pip install` of the
checkout's capi/python or of an install prefix's share/carcassonne/python, then `import
carcassonne` with no environment variables, from outside the checkout; then `pip
uninstall` removes it. Run by ctest (capi/tests/tests.cmake) with Debian's python3, which
has venv:

    pip_install.py checkout SOURCE_DIR BUILD_DIR LIBRARY VERSION WORK_DIR
    pip_install.py prefix CMAKE BUILD_DIR VERSION WORK_DIR

checkout: the README's command exactly when BUILD_DIR is the checkout's build/release (what
the backend packs by default), else with --config-settings library=LIBRARY. prefix:
`cmake --install` into WORK_DIR/prefix, pip install from there, then the prefix is deleted:
the installed package carries its own library.
"""
import os
import shutil
import subprocess
import sys

CHECK = """
import os, pickle, sys, carcassonne
here = os.path.dirname(carcassonne.__file__)
assert here.startswith(sys.prefix + os.sep), f"the module {here} is not the venv's ({sys.prefix})"
assert os.path.dirname(carcassonne.library_path) == here, f"the library {carcassonne.library_path} is not the wheel's"
assert carcassonne.__version__ == sys.argv[1], f"__version__ {carcassonne.__version__}, expected {sys.argv[1]}"
game = carcassonne.Game(2, seed=7)
game.playout(1)
assert pickle.loads(pickle.dumps(game)).save() == game.save()
print("imported", carcassonne.__version__, "from", carcassonne.library_path, "scores", game.scores)
"""


def run(*args, cwd, env, check=True):
    print("$", " ".join(args), flush=True)
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    print(done.stdout + done.stderr, end="", flush=True)
    if check and done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(args)}")
    return done


def main(argv):
    mode = argv[1]
    if mode == "checkout":
        source, build, library, version, work = argv[2:7]
    elif mode == "prefix":
        cmake, build, version, work = argv[2:6]
    else:
        sys.exit(__doc__)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    # Nothing may point the module at a library: no CARCASSONNE_LIBRARY, no paths. pip may
    # not reach for an index either (there is no network here).
    env = {k: v for k, v in os.environ.items()
           if k not in ("CARCASSONNE_LIBRARY", "PYTHONPATH", "PYTHONHOME", "LD_LIBRARY_PATH", "LD_PRELOAD")}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_CACHE_DIR="1")
    venv = os.path.join(work, "venv")
    if run(sys.executable, "-m", "venv", venv, cwd=work, env=env, check=False).returncode != 0:
        sys.exit(f"{sys.executable} -m venv failed: Debian needs python3-venv")
    pip, python = os.path.join(venv, "bin", "pip"), os.path.join(venv, "bin", "python")

    if mode == "checkout":
        package = os.path.join(source, "capi", "python")
        default = os.path.realpath(build) == os.path.realpath(os.path.join(source, "build", "release"))
        settings = [] if default else ["--config-settings", f"library={library}"]
        run(pip, "install", package, *settings, cwd=work, env=env)
    else:
        prefix = os.path.join(work, "prefix")
        run(cmake, "--install", build, "--prefix", prefix, cwd=work, env=env)
        run(pip, "install", os.path.join(prefix, "share", "carcassonne", "python"), cwd=work, env=env)
        shutil.rmtree(prefix)

    run(python, "-c", CHECK, version, cwd=work, env=env)
    show = run(pip, "show", "carcassonne", cwd=work, env=env).stdout
    if f"Version: {version}\n" not in show:
        sys.exit(f"pip show: expected version {version}")
    run(pip, "uninstall", "-y", "carcassonne", cwd=work, env=env)
    if run(python, "-c", "import carcassonne", cwd=work, env=env, check=False).returncode == 0:
        sys.exit("carcassonne still imports after pip uninstall")
    print(f"pip install ({mode}) works")


if __name__ == "__main__":
    main(sys.argv)
