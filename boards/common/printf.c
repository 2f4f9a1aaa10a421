/* SPDX-License-Identifier: MIT */
/*
 * board_printf: a small formatted print on the board console, so that
 * tests and the benchmark do not pull the C library's printf into the
 * image. Conversions: %d %i %u %x %X %c %s %p %% with the l and ll length
 * modifiers, a field width and the 0 and - flags.
 *
 * Output is assembled in a small buffer on the caller's stack and written
 * to the console each time it fills and at the end, so a print of up to
 * PRINTF_CHUNK - 1 characters is one console call (one line, not split by
 * another task's print) and a longer one is several. The stack it needs is
 * BOARD_PRINTF_STACK of board.h, whatever the length of the output.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdbool.h>
#include "board.h"

#define PRINTF_CHUNK 96

struct out {
    char buf[PRINTF_CHUNK];
    unsigned len;     /* characters in buf */
    unsigned total;   /* characters written so far */
};

__attribute__((noinline)) static void flush(struct out *o)
{
    o->buf[o->len] = 0;
    board_console_write(o->buf);
    o->total += o->len;
    o->len = 0;
}

__attribute__((noinline)) static void put(struct out *o, char c)
{
    o->buf[o->len++] = c;
    if (o->len == sizeof o->buf - 1)
        flush(o);
}

static void put_num(struct out *o, uint64_t v, bool neg, unsigned base, bool upper,
                    int width, bool zero, bool left)
{
    char tmp[24];
    int n = 0;
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    do {
        tmp[n++] = digits[v % base];
        v /= base;
    } while (v != 0);
    int len = n + (neg ? 1 : 0);
    if (neg && zero)
        put(o, '-');
    if (!left)
        for (; width > len; width--)
            put(o, zero ? '0' : ' ');
    if (neg && !zero)
        put(o, '-');
    while (n > 0)
        put(o, tmp[--n]);
    if (left)
        for (; width > len; width--)
            put(o, ' ');
}

int board_vprintf(const char *fmt, va_list ap)
{
    struct out o = { .len = 0, .total = 0 };
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            put(&o, *p);
            continue;
        }
        p++;
        bool left = false, zero = false;
        for (;; p++) {
            if (*p == '-') left = true;
            else if (*p == '0') zero = true;
            else break;
        }
        int width = 0;
        while (*p >= '0' && *p <= '9')
            width = width * 10 + (*p++ - '0');
        int lng = 0;
        while (*p == 'l') {
            lng++;
            p++;
        }
        switch (*p) {
        case 'd': case 'i': {
            int64_t v = lng >= 2 ? va_arg(ap, long long) : lng ? va_arg(ap, long) : va_arg(ap, int);
            put_num(&o, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, v < 0, 10, false, width, zero, left);
            break;
        }
        case 'u': case 'x': case 'X': {
            uint64_t v = lng >= 2 ? va_arg(ap, unsigned long long)
                       : lng ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);
            put_num(&o, v, false, *p == 'u' ? 10 : 16, *p == 'X', width, zero, left);
            break;
        }
        case 'p':
            put(&o, '0');
            put(&o, 'x');
            put_num(&o, (uintptr_t)va_arg(ap, void *), false, 16, false, 8, true, false);
            break;
        case 'c':
            put(&o, (char)va_arg(ap, int));
            break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            int len = 0;
            for (const char *q = s ? s : "(null)"; *q; q++)
                len++;
            if (!left)
                for (; width > len; width--)
                    put(&o, ' ');
            for (const char *q = s ? s : "(null)"; *q; q++)
                put(&o, *q);
            if (left)
                for (; width > len; width--)
                    put(&o, ' ');
            break;
        }
        case '%':
            put(&o, '%');
            break;
        default:
            put(&o, '%');
            if (*p)
                put(&o, *p);
            else
                p--;
            break;
        }
    }
    if (o.len > 0)
        flush(&o);
    return (int)o.total;
}

int board_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = board_vprintf(fmt, ap);
    va_end(ap);
    return n;
}

void board_console_line(const char *s)
{
    board_console_write(s);
    board_console_write("\n");
}
