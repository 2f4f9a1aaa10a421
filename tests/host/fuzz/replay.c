/* SPDX-License-Identifier: MIT */
/*
 * Runs the heap fuzz target without libFuzzer: each file named on the
 * command line (a saved crash or corpus entry) once, or, with no files,
 * a fixed number of inputs generated from fixed xorshift32 seeds. The
 * target aborts on any violation; otherwise this prints one line per
 * batch and "N passed, 0 failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint32_t xorshift32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

int main(int argc, char **argv)
{
    static uint8_t buf[1 << 16];
    int passed = 0;
    if (argc > 1) {
        for (int i = 1; i < argc; i++) {
            FILE *f = fopen(argv[i], "rb");
            if (f == NULL) {
                printf("FAIL %s: cannot open\n", argv[i]);
                printf("%d passed, 1 failed\n", passed);
                return 1;
            }
            size_t n = fread(buf, 1, sizeof buf, f);
            fclose(f);
            LLVMFuzzerTestOneInput(buf, n);
            printf("PASS %s\n", argv[i]);
            passed++;
        }
    } else {
        static const uint32_t seeds[] = {1u, 0xC0FFEEu, 0xBADC0DEu, 0x12345678u};
        for (unsigned k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
            uint32_t s = seeds[k];
            for (int i = 0; i < 300; i++) {
                size_t n = 16u + xorshift32(&s) % 6000u;
                for (size_t j = 0; j < n; j++)
                    buf[j] = (uint8_t)xorshift32(&s);
                LLVMFuzzerTestOneInput(buf, n);
            }
            printf("PASS generated inputs, seed 0x%08x (300 inputs)\n", (unsigned)seeds[k]);
            passed++;
        }
    }
    printf("%d passed, 0 failed\n", passed);
    return 0;
}
