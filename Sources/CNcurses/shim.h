#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// Wide-character ncurses. Swift cannot import function-like macros or variadic functions, so
// the few the terminal layer needs are wrapped in inline functions here; C globals (stdscr,
// LINES, COLS, COLOR_PAIRS) are read through accessors.
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>

/// Opens the terminal on standard output and input; NULL (instead of exiting, as initscr
/// does) when TERM names no known terminal.
static inline SCREEN *cn_newterm_stdio(void) { return newterm(NULL, stdout, stdin); }

static inline int cn_key_f(int n) { return KEY_F(n); }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_colors(void) { return COLORS; }
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_color_pair(short n) { return COLOR_PAIR(n); }
static inline int cn_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cn_getmaxx(WINDOW *w) { return getmaxx(w); }

// Mouse masks (macros built from NCURSES_MOUSE_MASK).
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }

/// Writes one cell: `text` is a NUL-terminated spacing character followed by at most
/// CCHARW_MAX - 2 combining marks. Returns ERR when the cell is off the window.
static inline int cn_put_cell(WINDOW *w, int y, int x, const wchar_t *text, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(w, y, x, &cell);
}

/// The columns the C library (and so ncurses) gives a character: -1 for controls.
extern int wcwidth(wchar_t);
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }

/// The size of the terminal on `fd` (TIOCGWINSZ; ioctl is variadic, so Swift cannot call it).
static inline int cn_window_size(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

#endif
