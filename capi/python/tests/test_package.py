"""The package around the game: its version, pickling and copying games, and how the library
is found (CARCASSONNE_LIBRARY, a wrong library, the build trees that are skipped)."""
import copy
import ctypes.util
import doctest
import os
import pickle
import subprocess
import sys
import tempfile
import unittest

import carcassonne
from carcassonne import Game, Phase, ScoreEvent
from carcassonne import _lib
from test_binding import played_out, snapshot
from test_header_constants import HEADER, header_constants


class Docs(unittest.TestCase):
    def test_the_module_docs_run_as_shown(self):
        for module in (carcassonne, carcassonne.game, carcassonne.types):
            with self.subTest(module=module.__name__):
                self.assertEqual(doctest.testmod(module).failed, 0)
        self.assertGreater(doctest.testmod(carcassonne).attempted, 5)


class Version(unittest.TestCase):
    def test_the_version_is_the_librarys(self):
        self.assertEqual(carcassonne.__version__, _lib.lib.carc_version_string().decode())
        self.assertEqual(carcassonne.__version__, ".".join(map(str, carcassonne.library_version())))
        with open(HEADER) as f:
            h = header_constants(f.read())
        self.assertEqual(carcassonne.__version__,
                         f"{h['CARC_VERSION_MAJOR']}.{h['CARC_VERSION_MINOR']}.{h['CARC_VERSION_PATCH']}")


def games():
    """Games in every kind of state: fresh, mid-game, mid-turn, fixed order with options,
    over, each with unread events where it has any."""
    out = {"fresh": Game(4, seed=2**64 - 1), "order and options":
           Game(2, order="EUVB", farmers=False, first_edition_small_city=True, first_edition_farmers=True)}
    out["order and options"].play("E 0,-1 180 S")
    mid = Game(3, seed=9)
    for _ in range(20):
        mid.place(mid.placements()[-1])
        mid.deploy((mid.meeple_choices() + [None])[0])
    out["mid-game"] = mid
    out["mid-turn"] = mid.clone()
    out["mid-turn"].place(mid.placements()[0])
    over = Game(2, seed=47)
    over.playout(1)
    out["over"] = over
    return out


class PicklingAndCopies(unittest.TestCase):
    def test_a_pickled_game_is_the_same_game_without_its_unread_events(self):
        for name, game in games().items():
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                with self.subTest(game=name, protocol=protocol):
                    back = pickle.loads(pickle.dumps(game, protocol))
                    self.assertIs(type(back), Game)
                    self.assertEqual(back.save(), game.save())
                    self.assertEqual(snapshot(back), snapshot(game))
                    self.assertEqual(back.events(), [])  # the record holds no events
                    other = game.clone()
                    other.events()
                    self.assertEqual(played_out(back), played_out(other))

    def test_pickles_name_the_package_and_hold_values_too(self):
        game = games()["order and options"]
        data = pickle.dumps([game, game, carcassonne.Move("E", 0, -1, 180, "S"), Phase.GAME_OVER])
        self.assertIn(b"carcassonne", data)
        self.assertNotIn(b"carcassonne.game", data)  # the public names, not the file layout
        back = pickle.loads(data)
        self.assertIs(back[0], back[1])
        self.assertEqual(back[2:], [carcassonne.Move("E", 0, -1, 180, "S"), Phase.GAME_OVER])

    def test_copies_are_exact_unread_events_included(self):
        for name, game in games().items():
            for make in (copy.copy, copy.deepcopy, Game.clone):
                with self.subTest(game=name, copy=make.__name__):
                    other = make(game)
                    self.assertIsNot(other, game)
                    self.assertEqual(snapshot(other), snapshot(game))
                    self.assertEqual(other.events(), game.clone().events())
        game = Game(2, order="EU")
        game.play("E 0,-1 180 S")
        self.assertEqual(copy.deepcopy({"g": [game]})["g"][0].events()[0],
                         ScoreEvent(feature="city", points=4, winners=(0,), end_game=False, tile="E", x=0, y=-1,
                                    location="S", tiles=2, meeples=(1, 0)))


def import_with(library, extra_env=None):
    """Imports the module in a fresh Python with CARCASSONNE_LIBRARY set: (returncode, stderr)."""
    env = dict(os.environ, CARCASSONNE_LIBRARY=library, **(extra_env or {}))
    run = subprocess.run([sys.executable, "-c", "import carcassonne; print(carcassonne.library_path)"], env=env,
                         capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


class FindingTheLibrary(unittest.TestCase):
    def test_a_library_that_is_not_ours_is_an_import_error_naming_what_it_lacks(self):
        libc = ctypes.util.find_library("c")
        if not libc:
            self.skipTest("no C library to load")
        rc, out = import_with(libc)
        self.assertNotEqual(rc, 0)
        self.assertIn(f"ImportError: cannot load the carcassonne_c library (CARCASSONNE_LIBRARY={libc}); tried: "
                      f"{libc} is not the carcassonne_c library: it lacks carc_version_number, carc_version_string",
                      out)
        self.assertNotIn("AttributeError", out)

    def test_a_file_that_is_no_library_is_an_import_error(self):
        with tempfile.NamedTemporaryFile(suffix=".so") as f:
            f.write(b"not a library")
            f.flush()
            rc, out = import_with(f.name)
        self.assertNotEqual(rc, 0)
        self.assertIn(f"ImportError: cannot load the carcassonne_c library (CARCASSONNE_LIBRARY={f.name})", out)

    def test_an_empty_carcassonne_library_counts_as_unset(self):
        rc, out = import_with("")
        if rc != 0:  # nothing found by the search is fine here; being taken for a path is not
            self.assertIn("(next to the module, the install or a build tree)", out)
        self.assertNotIn("CARCASSONNE_LIBRARY=", out)

    def test_sanitizer_and_fuzzing_build_trees_are_skipped(self):
        caches = {"CARC_SANITIZE:STRING=address,undefined\n": True, "CARC_SANITIZE:STRING=\nCARC_FUZZ:BOOL=ON\n": True,
                  "CARC_FUZZ:BOOL=OFF\nCARC_SANITIZE:STRING=\n": False, "CMAKE_BUILD_TYPE:STRING=Release\n": False}
        for cache, skipped in caches.items():
            with self.subTest(cache=cache), tempfile.TemporaryDirectory() as build:
                with open(os.path.join(build, "CMakeCache.txt"), "w") as f:
                    f.write("# This is the CMakeCache file.\n" + cache)
                self.assertEqual(_lib._unloadable_build(build), skipped)


if __name__ == "__main__":
    unittest.main()
