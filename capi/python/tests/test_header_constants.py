"""The constants the binding reads from the library (carc_constant's table, generated from
carcassonne.h at build time, as carcassonne._lib's CARC_* names) are the header's: every
integer constant, name for name and value for value, and the names the binding derives from
them follow the header."""
import os
import re
import unittest

import carcassonne
from carcassonne import _lib

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "include", "carcassonne",
                      "carcassonne.h")


def header_constants(text):
    """{name: value} of every CARC_* macro and enumerator with an integer value."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    raw = {}
    for name, expr in re.findall(r"^\s*#\s*define\s+(CARC_\w+)[ \t]+([^\n]+)$", text, flags=re.M):
        raw[name] = expr.strip()
    for body in re.findall(r"\benum\s*\{([^}]*)\}", text):
        previous = None
        for item in filter(None, (i.strip() for i in body.split(","))):
            name, _, expr = (part.strip() for part in item.partition("="))
            raw[name] = expr if expr else f"{previous} + 1"
            previous = name
    values = {}

    def value(name):
        if name not in values:
            expr = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b", r"\1", raw[name])
            expr = re.sub(r"\bUINT64_MAX\b", str(2**64 - 1), expr)  # <stdint.h>
            expr = re.sub(r"\bCARC_\w+\b", lambda m: str(value(m.group(0))), expr)
            if not re.fullmatch(r"[0-9a-fA-FxX\s()|+*<-]*", expr):
                raise ValueError(f"{name} = {raw[name]} is not an integer expression")
            values[name] = eval(expr, {"__builtins__": {}})  # digits and operators only, checked above
        return values[name]

    for name in raw:
        try:
            value(name)
        except ValueError:
            values.pop(name, None)  # CARC_API and the like
    return values


class HeaderConstants(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(HEADER) as f:
            cls.header = header_constants(f.read())
        cls.mirrored = {name: getattr(_lib, name) for name in dir(_lib) if name.startswith("CARC_")}

    def test_the_parser_reads_the_header(self):
        self.assertEqual(self.header["CARC_EVENT_FIELDS"], 21)
        self.assertEqual(self.header["CARC_SVG_DEFAULT"], 9)
        self.assertEqual(self.header["CARC_MOVE_INVALID"], 2**64 - 1)
        self.assertEqual(self.header["CARC_NO_TILE"], -1)
        self.assertEqual(self.header["CARC_EINTERNAL"], -6)
        self.assertGreater(len(self.mirrored), 70)

    def test_the_library_table_holds_every_integer_constant_of_the_header(self):
        # CARC_MOVE_INVALID, UINT64_MAX, fits no int64_t: the binding takes it from carc_move_pack.
        self.assertEqual(_lib.CONSTANTS, {n: v for n, v in self.header.items() if n != "CARC_MOVE_INVALID"})
        self.assertEqual(list(_lib.CONSTANTS)[:4], ["CARC_VERSION_MAJOR", "CARC_VERSION_MINOR", "CARC_VERSION_PATCH",
                                                    "CARC_VERSION_NUMBER"])  # header order
        self.assertEqual(_lib.CARC_MOVE_INVALID, self.header["CARC_MOVE_INVALID"])

    def test_every_mirrored_constant_is_the_headers(self):
        for name, value in sorted(self.mirrored.items()):
            with self.subTest(name=name):
                self.assertIn(name, self.header, f"{name} is not in carcassonne.h")
                self.assertEqual(value, self.header[name])

    def test_the_field_indices_are_mirrored_whole(self):
        for prefix in ("CARC_EV_", "CARC_EVENT_", "CARC_CELL_", "CARC_FI_", "CARC_FEATURE_", "CARC_LOC_", "CARC_OPT_",
                       "CARC_PHASE_", "CARC_E", "CARC_FIGURE_", "CARC_GOODS_", "CARC_WHY_", "CARC_LEGAL", "CARC_SET_", "CARC_SVG_COORDINATES", "CARC_SVG_LEGAL", "CARC_SVG_DEAD",
                       "CARC_SVG_LEGEND", "CARC_SVG_TARGETS", "CARC_TEXT_COORDINATES", "CARC_TEXT_LEGAL"):
            names = {n for n in self.header if n.startswith(prefix)}
            with self.subTest(prefix=prefix):
                self.assertTrue(names)
                self.assertEqual(names - set(self.mirrored), set(), "in the header but not in the binding")

    def test_names_and_letters_follow_the_header_order(self):
        for i, name in enumerate(carcassonne.LOCATIONS):
            self.assertEqual(self.header[f"CARC_LOC_{name}"], i)
        for i, kind in enumerate(carcassonne.FEATURES):
            self.assertEqual(self.header[f"CARC_FEATURE_{kind.upper()}"], i)
        for i, figure in enumerate(carcassonne._args.FIGURE_NAMES):
            self.assertEqual(self.header[f"CARC_FIGURE_{figure.upper().replace(' ', '_').replace('LARGE_MEEPLE', 'LARGE')}"], i)
        for value, reason in carcassonne.REASONS.items():
            self.assertEqual(self.header["CARC_LEGAL" if reason == "legal" else f"CARC_WHY_{reason.upper()}"], value)
        self.assertEqual(len(carcassonne.TILES), self.header["CARC_TILE_TYPES"])
        for phase in carcassonne.Phase:
            self.assertEqual(self.header[f"CARC_PHASE_{phase.name}"], phase.value)
        self.assertEqual(set(carcassonne.game.OPTIONS.values()),
                         {v for n, v in self.header.items() if n.startswith("CARC_OPT_")})
        for status, error in carcassonne._errors.BY_STATUS.items():
            self.assertIn(status, [v for n, v in self.header.items() if re.fullmatch(r"CARC_E[A-Z]+", n)], error)

    def test_the_abi_version_is_the_headers(self):
        self.assertEqual(carcassonne.ABI_VERSION,
                         (self.header["CARC_VERSION_MAJOR"], self.header["CARC_VERSION_MINOR"]))


if __name__ == "__main__":
    unittest.main()
