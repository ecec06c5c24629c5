// The ncurses surface TernNcurses uses: the wide-character API, plus one inline function per
// macro Swift cannot import (attributes, KEY_F(n)).
#ifndef TERN_CNCURSES_SHIM_H
#define TERN_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline attr_t tern_attr_bold(void) { return WA_BOLD; }
static inline attr_t tern_attr_dim(void) { return WA_DIM; }
static inline attr_t tern_attr_underline(void) { return WA_UNDERLINE; }
static inline attr_t tern_attr_reverse(void) { return WA_REVERSE; }
static inline attr_t tern_attr_italic(void) { return WA_ITALIC; }
static inline int tern_key_f(int n) { return KEY_F(n); }

/// Writes one cell: a base character plus up to four combining marks, with attributes and a colour pair.
static inline int tern_put_cell(int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cell);
}

/// Asks for left-button presses and wheel turns (reported at once: no click timing).
static inline int tern_mouse_enable(void) {
    mouseinterval(0);
#ifdef BUTTON5_PRESSED
    return mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL) != 0;
#else
    return mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED, NULL) != 0;
#endif
}

/// Reads the pending mouse event into x and y: 1 for a left press, 4 wheel up, 5 wheel down, 0 other.
static inline int tern_mouse_read(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    *x = event.x;
    *y = event.y;
    if (event.bstate & BUTTON1_PRESSED) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 4;
#ifdef BUTTON5_PRESSED
    if (event.bstate & BUTTON5_PRESSED) return 5;
#endif
    return 0;
}
#endif
