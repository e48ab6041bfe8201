# Doxygen's input filter for carcassonne.h (docs/Doxyfile): turns the header's plain C
# comments into doxygen comments, so that the header needs no doxygen markup.
# The comment that opens the file describes the file.
1s|^/\*$|/** @file|
# A comment at the start of a line documents the declaration after it; the section
# rulers (/* ------ name */) document nothing.
s|^/\* \([^-]\)|/** \1|
# A comment after code on the same line (an enum constant, a declaration) documents that
# code; preprocessor lines (#endif /* ... */) are left alone.
/^#/!s|\([^ ]\) *\(/\*\) |\1 /**< |
