#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// Wide-character ncurses. Swift cannot import function-like macros, so the
// few the renderer needs are wrapped in inline functions here.
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>

static inline int cn_key_f(int n) { return KEY_F(n); }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_color_pair(short n) { return COLOR_PAIR(n); }
static inline int cn_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cn_getmaxx(WINDOW *w) { return getmaxx(w); }

#endif
