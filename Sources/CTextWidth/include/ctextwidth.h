#ifndef CTEXTWIDTH_H
#define CTEXTWIDTH_H
/* Display width of one Unicode scalar in a terminal cell grid: -1 for control characters,
 * 0 for combining marks, 2 for wide (CJK, most emoji), else 1. Sets a UTF-8 LC_CTYPE once. */
int ctw_width(unsigned int scalar);
/* Whether the user's locale (LC_ALL, LC_CTYPE, LANG) uses UTF-8. */
int ctw_locale_is_utf8(void);
#endif
