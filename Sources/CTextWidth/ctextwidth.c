#include "ctextwidth.h"
#include <locale.h>
#include <wchar.h>
#include <string.h>
#include <stdlib.h>
#include <langinfo.h>

extern int wcwidth(wchar_t);

static int ctw_ready = 0;

static void ctw_setup(void) {
    if (ctw_ready) return;
    ctw_ready = 1;
    /* wcwidth needs a UTF-8 LC_CTYPE; C.UTF-8 is always present on glibc. */
    if (setlocale(LC_CTYPE, "") == NULL || strstr(nl_langinfo(CODESET), "UTF-8") == NULL) {
        setlocale(LC_CTYPE, "C.UTF-8");
    }
}

int ctw_width(unsigned int scalar) {
    ctw_setup();
    return wcwidth((wchar_t)scalar);
}

int ctw_locale_is_utf8(void) {
    const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(names[i]);
        if (v != NULL && v[0] != 0) {
            return strstr(v, "UTF-8") != NULL || strstr(v, "utf8") != NULL || strstr(v, "UTF8") != NULL ||
                   strstr(v, "utf-8") != NULL;
        }
    }
    return 1; /* no locale set: assume a modern UTF-8 terminal */
}
