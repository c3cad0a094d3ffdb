/* lspattern: the pattern matcher of the guarded string functions (see lspattern.h). Its
 * results and error messages are those of Lua 5.4's lstrlib.c.
 */
#include "lspattern.h"
#include <ctype.h>
#include <string.h>

static void ls_step(ls_matcher *m) {
    if (++m->steps >= LS_CHARGE_EVERY) {
        long n = m->steps;
        m->steps = 0;
        ls_charge(m->L, n / LS_STEPS_PER_INSTRUCTION);
    }
}

/* Counts n steps at once (a scan of n bytes of the pattern or the subject). */
static void ls_add_steps(ls_matcher *m, ptrdiff_t n) {
    m->steps += (long)n;
    if (m->steps >= LS_CHARGE_EVERY) ls_step(m);
}

void ls_flush_steps(ls_matcher *m) {
    long n = m->steps;
    m->steps = 0;
    if (n > 0) ls_charge(m->L, (n + LS_STEPS_PER_INSTRUCTION - 1) / LS_STEPS_PER_INSTRUCTION);
}


/* The end of the single-character class that starts at p ("x", "%a", ".", "[...]"). */
static const char *ls_class_end(ls_matcher *m, const char *p) {
    const char *start = p;
    char c = *p++;
    if (c == '%') {
        if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (p < m->pattern_end && *p == '^') p++;
        /* The first character of a set may be ']' itself: look for the closing one after it. */
        do {
            if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == '%' && p < m->pattern_end) p++;
        } while (p >= m->pattern_end || *p != ']');
        /* The walk to the closing ']' is work too: a set of megabytes is read at every
         * position of the subject. */
        ls_add_steps(m, p - start);
        return p + 1;
    }
    return p;
}

/* Whether c belongs to the class named by letter ('a', 'D', ...); other letters stand for
 * themselves. */
static int ls_class_has(int c, int letter) {
    int in;
    switch (tolower(letter)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = (c == 0); break; /* deprecated, still in Lua 5.4 */
    default: return letter == c;
    }
    if (isupper(letter)) in = !in;
    return in != 0;
}

/* Whether c belongs to the set [ ... ] that starts at p ('[') and whose ']' is at close. */
static int ls_set_has(ls_matcher *m, int c, const char *p, const char *close) {
    int negate = 0;
    p++;
    if (*p == '^') { negate = 1; p++; }
    while (p < close) {
        ls_step(m);
        if (*p == '%' && p + 1 < close) {
            p++;
            if (ls_class_has(c, (unsigned char)*p)) return !negate;
            p++;
        } else if (p + 2 < close && p[1] == '-') {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return !negate;
            p += 3;
        } else {
            if ((unsigned char)*p == c) return !negate;
            p++;
        }
    }
    return negate;
}

/* Whether the character at s matches the class p .. class_end. */
static int ls_single(ls_matcher *m, const char *s, const char *p, const char *class_end) {
    if (s >= m->subject_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return ls_class_has(c, (unsigned char)p[1]);
    case '[': return ls_set_has(m, c, p, class_end - 1);
    default: return (unsigned char)*p == c;
    }
}

/* x* and x+ (after the first x): the longest run first, then shorter ones. */
static const char *ls_greedy(ls_matcher *m, const char *s, const char *p, const char *class_end) {
    ptrdiff_t n = 0;
    while (ls_single(m, s + n, p, class_end)) { ls_step(m); n++; }
    for (; n >= 0; n--) {
        ls_step(m);
        const char *r = ls_match(m, s + n, class_end + 1);
        if (r != NULL) return r;
    }
    return NULL;
}

/* x-: the shortest run first, then longer ones. */
static const char *ls_lazy(ls_matcher *m, const char *s, const char *p, const char *class_end) {
    for (;;) {
        ls_step(m);
        const char *r = ls_match(m, s, class_end + 1);
        if (r != NULL) return r;
        if (!ls_single(m, s, p, class_end)) return NULL;
        s++;
    }
}

static const char *ls_open_capture(ls_matcher *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->ncaptures >= LS_MAX_CAPTURES) luaL_error(m->L, "too many captures");
    int level = m->ncaptures;
    m->capture[level].start = s;
    m->capture[level].len = what;
    m->ncaptures = level + 1;
    const char *r = ls_match(m, s, p);
    if (r == NULL) m->ncaptures--;
    return r;
}

static const char *ls_close_capture(ls_matcher *m, const char *s, const char *p) {
    int level = m->ncaptures - 1;
    while (level >= 0 && m->capture[level].len != LS_CAP_UNFINISHED) level--;
    if (level < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[level].len = s - m->capture[level].start;
    const char *r = ls_match(m, s, p);
    if (r == NULL) m->capture[level].len = LS_CAP_UNFINISHED;
    return r;
}

/* %bxy: a balanced run from x to the matching y. */
static const char *ls_balance(ls_matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != p[0]) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m->subject_end) {
        ls_step(m);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

/* %1 .. %9: the text of a finished capture again. */
static const char *ls_backref(ls_matcher *m, const char *s, int digit) {
    int level = digit - '1';
    if (level < 0 || level >= m->ncaptures || m->capture[level].len == LS_CAP_UNFINISHED)
        luaL_error(m->L, "invalid capture index %%%d", level + 1);
    ptrdiff_t len = m->capture[level].len;
    if (len < 0) return NULL; /* a position capture has no text */
    if (m->subject_end - s < len) return NULL;
    m->steps += len / 16;
    if (memcmp(m->capture[level].start, s, (size_t)len) != 0) return NULL;
    return s + len;
}

/* Matches the pattern from p against the subject from s; the end of the match or NULL. */
const char *ls_match(ls_matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    const char *r = NULL;
    for (;;) {
        ls_step(m);
        if (p >= m->pattern_end) { r = s; break; }
        if (*p == '(') {
            if (p + 1 < m->pattern_end && p[1] == ')') r = ls_open_capture(m, s, p + 2, LS_CAP_POSITION);
            else r = ls_open_capture(m, s, p + 1, LS_CAP_UNFINISHED);
            break;
        }
        if (*p == ')') { r = ls_close_capture(m, s, p + 1); break; }
        if (*p == '$' && p + 1 == m->pattern_end) { r = (s == m->subject_end) ? s : NULL; break; }
        if (*p == '%' && p + 1 < m->pattern_end) {
            char k = p[1];
            if (k == 'b') {
                s = ls_balance(m, s, p + 2);
                if (s == NULL) break;
                p += 4;
                continue;
            }
            if (k == 'f') {
                p += 2;
                if (p >= m->pattern_end || *p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *end = ls_class_end(m, p);
                int before = (s == m->subject) ? 0 : (unsigned char)s[-1];
                int here = (s < m->subject_end) ? (unsigned char)*s : 0;
                if (!ls_set_has(m, before, p, end - 1) && ls_set_has(m, here, p, end - 1)) {
                    p = end;
                    continue;
                }
                break;
            }
            if (isdigit((unsigned char)k)) {
                s = ls_backref(m, s, (unsigned char)k);
                if (s == NULL) break;
                p += 2;
                continue;
            }
        }
        /* A single-character class, maybe followed by a repetition. */
        const char *end = ls_class_end(m, p);
        char rep = end < m->pattern_end ? *end : 0;
        if (!ls_single(m, s, p, end)) {
            if (rep == '*' || rep == '?' || rep == '-') { p = end + 1; continue; }
            break; /* r stays NULL */
        }
        if (rep == '?') {
            r = ls_match(m, s + 1, end + 1);
            if (r != NULL) break;
            p = end + 1;
            continue;
        }
        if (rep == '+') { r = ls_greedy(m, s + 1, p, end); break; }
        if (rep == '*') { r = ls_greedy(m, s, p, end); break; }
        if (rep == '-') { r = ls_lazy(m, s, p, end); break; }
        s++;
        p = end;
    }
    m->depth++;
    return r;
}

/* ---- captures ----------------------------------------------------------------------------- */

/* Pushes capture i (or the whole match s..e when there are no captures and i is 0). */
void ls_push_capture(ls_matcher *m, int i, const char *s, const char *e) {
    if (i >= m->ncaptures) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t len = m->capture[i].len;
    if (len == LS_CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (len == LS_CAP_POSITION) {
        lua_pushinteger(m->L, (lua_Integer)(m->capture[i].start - m->subject) + 1);
    } else {
        lua_pushlstring(m->L, m->capture[i].start, (size_t)len);
    }
}

/* Pushes every capture (or the whole match when s is not NULL and there are none). */
int ls_push_captures(ls_matcher *m, const char *s, const char *e) {
    int n = (m->ncaptures == 0 && s != NULL) ? 1 : m->ncaptures;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) ls_push_capture(m, i, s, e);
    return n;
}
