/* SPDX-License-Identifier: MIT */
/* common_json.c - see common_json.h. */
#include "common_json.h"

#include <stdint.h>
#include <string.h>

/* See common_json.h. Overlong forms and surrogates are refused so the JSON
 * we write is always valid. */
size_t cli_utf8_length(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len;
    uint32_t cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

/* See common_json.h. */
void cli_json_put_string(FILE *out, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t n = strlen(str);
    putc('"', out);
    for (size_t i = 0; i < n;) {
        unsigned char c = s[i];
        if (c == '"' || c == '\\') {
            putc('\\', out);
            putc(c, out);
            i++;
        } else if (c < 0x20 || c == 0x7f) {
            fprintf(out, "\\u%04x", c);
            i++;
        } else {
            size_t len = cli_utf8_length(s + i, n - i);
            if (len == 0) {
                fputs("\\ufffd", out);
                i++;
            } else {
                fwrite(s + i, 1, len, out);
                i += len;
            }
        }
    }
    putc('"', out);
}

