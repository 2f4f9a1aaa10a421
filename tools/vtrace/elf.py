# SPDX-License-Identifier: MIT
"""Names of addresses from an ELF image's symbol table (vtrace --elf).

A trace record carries a kernel object's or a task's address, never its
name (the dump's name table names tasks only, and only those it had room
for). The image the dump came from names them: its data symbols (STT_OBJECT)
with their sizes. Symbols(path).name(addr) gives "sym" for an address where
a symbol starts, "sym+0xN" for one inside a symbol (an object in an array
or a structure), None elsewhere. Reads ELF32 and ELF64, either byte order,
with the standard library only; a file that is not such an ELF, or that
has no symbol table, raises ElfError.
"""

import bisect
import struct

SHT_SYMTAB = 2
STT_OBJECT = 1


class ElfError(Exception):
    """The file is not an ELF image with a symbol table."""


class Symbols:
    """The data symbols of an ELF image, sorted by address."""

    def __init__(self, path):
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise ElfError("cannot read %s: %s" % (path, e.strerror))
        self.syms = _data_symbols(data, path)
        self.starts = [s[0] for s in self.syms]

    def name(self, addr):
        """The symbol at or containing addr ("sym", "sym+0xN"), or None."""
        if addr == 0:
            return None
        i = bisect.bisect_right(self.starts, addr) - 1
        # Symbols that start at the same address: the first that holds addr.
        while i >= 0 and self.starts[i] == self.starts[bisect.bisect_right(self.starts, addr) - 1]:
            start, size, name = self.syms[i]
            if addr == start:
                return name
            if addr < start + size:
                return "%s+0x%x" % (name, addr - start)
            i -= 1
        return None

def _data_symbols(data, path):
    if len(data) < 52 or data[:4] != b"\x7fELF":
        raise ElfError("%s is not an ELF file" % path)
    cls, order = data[4], data[5]
    if cls not in (1, 2) or order not in (1, 2):
        raise ElfError("%s: unknown ELF class or byte order" % path)
    e = "<" if order == 1 else ">"
    wide = cls == 2
    try:
        if wide:
            shoff, = struct.unpack_from(e + "Q", data, 0x28)
            shentsize, shnum = struct.unpack_from(e + "HH", data, 0x3A)
        else:
            shoff, = struct.unpack_from(e + "I", data, 0x20)
            shentsize, shnum = struct.unpack_from(e + "HH", data, 0x2E)
        sections = []
        for k in range(shnum):
            o = shoff + k * shentsize
            if wide:
                _, typ, _, _, off, size, link, _, _, entsize = struct.unpack_from(
                    e + "IIQQQQIIQQ", data, o)
            else:
                _, typ, _, _, off, size, link, _, _, entsize = struct.unpack_from(
                    e + "IIIIIIIIII", data, o)
            sections.append((typ, off, size, link, entsize))
        out = []
        for typ, off, size, link, entsize in sections:
            if typ != SHT_SYMTAB or not entsize:
                continue
            _, stroff, strsize, _, _ = sections[link]
            for n in range(size // entsize):
                o = off + n * entsize
                if wide:
                    st_name, info, _, shndx, value, ssize = struct.unpack_from(
                        e + "IBBHQQ", data, o)
                else:
                    st_name, value, ssize, info, _, shndx = struct.unpack_from(
                        e + "IIIBBH", data, o)
                if info & 0xF != STT_OBJECT or shndx == 0 or value == 0:
                    continue
                end = data.index(b"\0", stroff + st_name, stroff + strsize)
                name = data[stroff + st_name:end].decode("utf-8", "replace")
                out.append((value, ssize, name))
    except (struct.error, ValueError, IndexError):
        raise ElfError("%s: truncated or corrupt ELF" % path)
    if not out:
        raise ElfError("%s has no data symbols (stripped?)" % path)
    out.sort()
    return out
