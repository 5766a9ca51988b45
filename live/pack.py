"""Pack the build's Python snapshots in Zstandard, and publish the decoder the worker runs.

The build's snapshot of Python (``live/python-snapshot.bin``, 30 MB of
WebAssembly memory) and its page snapshots (``live/pages/<page>.bin``, XOR
deltas against it) are what a first visit of a chapter downloads most. Gzip,
the only format a browser unpacks natively besides deflate, sees 32 KiB back;
Zstandard at level 19 with a long window (``--long=27``) finds the repeats of a
whole snapshot: 8.0 MB becomes 5.6 MB, a page delta about 13 % less.

The worker unpacks them with ``zstddec`` (npm, pinned with its sha512 under
``"unpack"`` in ``scripts/vendor.json``): its 54 kB WebAssembly build of the
reference decoder, taken from the package and published as
``live/zstddec.wasm``; ``live/unpack.js`` runs it. It decodes 30 MB in about
0.1 s, faster than the browser's own gzip.

Packing uses the ``zstd`` command (Debian's ``zstd`` package). Without it the
snapshots stay gzipped, and the worker reads those (``live/unpack.js`` tries
``.zst``, then ``.gz``).

Example:
    >>> packed = compress(bytes(1000) + b"rulebook" * 100)
    >>> packed is None or decompress(packed) == bytes(1000) + b"rulebook" * 100
    True
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import re
import shutil
import struct
import subprocess
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "SPARSE_BLOCK",
    "SPARSE_MAGIC",
    "XOR_MAGIC",
    "ZSTD_ARGS",
    "apply_sparse",
    "compress",
    "decompress",
    "embedded_wasm",
    "frame_size",
    "lean_member",
    "repack_snapshots",
    "sparse_from_xor",
    "stored_zip",
    "write_unpacker",
]

ROOT = Path(__file__).resolve().parent.parent
#: How the snapshots are packed: level 19, a window of 128 MiB (a whole snapshot).
ZSTD_ARGS = ["-19", "--long=27"]
#: The decoder's WebAssembly, as the npm package embeds it (base64 in its module).
_WASM_B64 = re.compile(r'"(AGFzbQ[A-Za-z0-9+/=]{1000,})"')


def _zstd() -> str | None:
    return shutil.which("zstd")


def compress(data: bytes) -> bytes | None:
    """``data`` packed as one Zstandard frame (its size written in), or None without ``zstd``.

    Example:
        >>> packed = compress(b"abc" * 1000)
        >>> packed is None or packed[:4] == bytes.fromhex("28b52ffd")
        True
    """
    zstd = _zstd()
    if zstd is None:
        return None
    done = subprocess.run(
        # (--stream-size: from a pipe, zstd writes the frame's size only when told it; the
        # frame keeps its checksum, which the decoder verifies: a damaged file is refused)
        [zstd, *ZSTD_ARGS, "-q", "-c", f"--stream-size={len(data)}", "--check"],
        input=data,
        capture_output=True,
        check=True,
    )
    return done.stdout


def decompress(data: bytes) -> bytes:
    """The bytes of a Zstandard frame (with the ``zstd`` command: for the build's own check).

    Example:
        >>> packed = compress(b"xyz" * 10)
        >>> packed is None or decompress(packed) == b"xyz" * 10
        True
    """
    zstd = _zstd()
    if zstd is None:
        raise RuntimeError("the zstd command is missing")
    done = subprocess.run(
        [zstd, "-d", "--long=27", "-q", "-c"], input=data, capture_output=True, check=True
    )
    return done.stdout


def frame_size(packed: bytes) -> int | None:
    """The content size a Zstandard frame's header gives (the worker needs it), or None.

    Example:
        >>> frame_size(bytes.fromhex("28b52ffd2005290000616263"))
        5
    """
    if packed[:4] != bytes.fromhex("28b52ffd"):
        return None
    descriptor = packed[4]
    fcs_flag, single = descriptor >> 6, (descriptor >> 5) & 1
    width = [1 if single else 0, 2, 4, 8][fcs_flag]
    if width == 0:
        return None
    start = 5 + (0 if single else 1) + [0, 1, 2, 4][descriptor & 3]
    size = int.from_bytes(packed[start : start + width], "little")
    return size + 256 if width == 2 else size


def embedded_wasm(text: str, source: str = "module") -> bytes:
    r"""The one WebAssembly module embedded (in base64) in a JavaScript module's ``text``.

    Raises:
        RuntimeError: If ``text`` embeds none or several, or what it embeds is not WebAssembly.

    Example:
        >>> module = "var wasm = " + repr(base64.b64encode(b"\0asm" + bytes(1000)).decode())
        >>> embedded_wasm(module.replace("'", '"'))[1:4]
        b'asm'
        >>> embedded_wasm("var wasm = null;")
        Traceback (most recent call last):
        ...
        RuntimeError: module: no single embedded WebAssembly
    """
    found = _WASM_B64.findall(text)
    if len(found) != 1:
        raise RuntimeError(f"{source}: no single embedded WebAssembly")
    wasm = base64.b64decode(found[0])
    if wasm[:4] != b"\0asm":
        raise RuntimeError(f"{source}: not WebAssembly")
    return wasm


def _decoder_wasm() -> bytes:
    """The WebAssembly of the pinned ``zstddec`` (its npm tarball, integrity checked).

    The tarball comes from the build's npm cache (``npm pack`` fills it once);
    what is read from it is :func:`embedded_wasm`'s.
    """
    from scripts.vendor_js import tarball

    spec = json.loads((ROOT / "scripts" / "vendor.json").read_text())["unpack"]
    with tarfile.open(tarball(spec["name"], spec["version"], spec["integrity"])) as tar:
        member = tar.extractfile(f"package/{spec['module']}")
        assert member is not None
        text = member.read().decode("utf-8")
    return embedded_wasm(text, f"{spec['name']}@{spec['version']}")


def write_unpacker(out: Path) -> str:
    """``live/unpack.js`` and ``live/zstddec.wasm`` beside the worker; returns what was written."""
    # (a snapshot packed by an earlier build would be read before the one this build makes)
    (out / "python-snapshot.bin.zst").unlink(missing_ok=True)
    shutil.copy(Path(__file__).with_name("unpack.js"), out / "unpack.js")
    wasm = _decoder_wasm()
    (out / "zstddec.wasm").write_bytes(wasm)
    return f"zstd decoder zstddec.wasm ({len(wasm) / 1e3:.0f} kB) and unpack.js"


#: What the lean standard library (the one a restored snapshot is given) leaves out
#: besides live/build.py's UNUSED_STDLIB: the text codecs but the Unicode ones, ASCII,
#: Latin-1 and cp437 (the calculators read and write only UTF-8), and modules no
#: calculator imports (tools, file formats, pure-Python fallbacks of C modules).
LEAN_KEEP_CODECS = {
    f"encodings/{name}.py"
    for name in (
        "__init__ aliases utf_8 utf_8_sig utf_16 utf_16_le utf_16_be utf_32 utf_32_le "
        "utf_32_be latin_1 ascii cp437 idna punycode raw_unicode_escape unicode_escape charmap"
    ).split()
}
LEAN_DROP = tuple(
    (
        "tarfile.py _pyio.py _pydatetime.py _pydecimal.py difflib.py optparse.py "
        "configparser.py cgi.py cgitb.py aifc.py bdb.py trace.py pstats.py plistlib.py "
        "profile.py cProfile.py wave.py sunau.py modulefinder.py compileall.py tracemalloc.py "
        "cmd.py fileinput.py mailcap.py chunk.py sndhdr.py imghdr.py pipes.py crypt.py uu.py "
        "xdrlib.py tabnanny.py pyclbr.py py_compile.py symtable.py timeit.py webbrowser.py "
        "netrc.py shelve.py getpass.py zipapp.py pty.py tty.py sched.py"
    ).split()
)


def lean_member(name: str) -> bool:
    """Whether the lean standard library keeps the file ``name`` (see :data:`LEAN_DROP`).

    Example:
        >>> [lean_member(n) for n in ("encodings/cp1252.py", "encodings/utf_8.py", "tarfile.py", "statistics.py")]
        [False, True, False, True]
    """
    if name.startswith("encodings/") and name.endswith(".py") and name not in LEAN_KEEP_CODECS:
        return False
    return not name.startswith(LEAN_DROP)


def stored_zip(data: bytes, keep: Callable[[str], bool] | None = None) -> bytes:
    """A zip archive with every member stored, not deflated (Zstandard packs the whole better).

    Example:
        >>> buffer = io.BytesIO()
        >>> with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        ...     z.writestr("a.py", "x = 1;" * 100)
        >>> out = zipfile.ZipFile(io.BytesIO(stored_zip(buffer.getvalue())))
        >>> out.infolist()[0].compress_type == zipfile.ZIP_STORED, out.read("a.py")[:6]
        (True, b'x = 1;')
    """
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
        for info in source.infolist():
            if keep is not None and not keep(info.filename):
                continue
            data = source.read(info.filename)  # (before its ZipInfo says "stored")
            info.compress_type = zipfile.ZIP_STORED
            out.writestr(info, data)
    return buffer.getvalue()


def _xor(page: bytes, base: bytes) -> bytes:
    """``page`` XOR ``base`` word by word (``base`` shorter: the rest of ``page`` as it is)."""
    common = min(len(base), len(page)) // 4 * 4
    head = int.from_bytes(page[:common], "little") ^ int.from_bytes(base[:common], "little")
    return head.to_bytes(common, "little") + page[common:]


def _repack(path: Path, base: bytes | None = None) -> int | None:
    """``<name>.gz`` -> ``<name>.zst`` (checked, the gzip copy removed); bytes saved or None.

    A page snapshot (with ``base``, the build's snapshot) is made sparse first.
    """
    raw = gzip.decompress(path.read_bytes())
    if path.name.endswith(".zip.gz"):
        raw = stored_zip(raw, lean_member if ".lean." in path.name else None)
    if base is not None:
        sparse = sparse_from_xor(raw, base)
        if _xor(apply_sparse(sparse, base), base) != raw[8:]:
            return None
        raw = sparse
    packed = compress(raw)
    if packed is None or decompress(packed) != raw or frame_size(packed) != len(raw):
        return None
    target = path.with_suffix(".zst")
    target.write_bytes(packed)
    saved = path.stat().st_size - len(packed)
    path.unlink()
    return saved


#: A page snapshot as published: "RBS1", its length in bytes, the words per block, then a
#: bitmap of the blocks that differ from the build's snapshot and those blocks' own words.
SPARSE_MAGIC = 0x31534252  # "RBS1"
#: Words (32-bit) per block of a sparse page snapshot: 16 bytes (measured: the mass-battle
#: delta packs to 0.77 MB in blocks of 4 words, 0.84 MB in blocks of 16, 1.89 MB as XOR).
SPARSE_BLOCK = 4
#: The worker's own page snapshots: "RBD1", the length, every word XOR the base's.
XOR_MAGIC = 0x31444252  # "RBD1"


def sparse_from_xor(delta: bytes, base: bytes, block: int = SPARSE_BLOCK) -> bytes:
    """A page snapshot's XOR delta (the worker's format) as a sparse page snapshot.

    The blocks of the page that differ from ``base`` are kept as they are in the
    page, not XORed with ``base``: where the page put new objects, ``base`` had
    freed memory, and the XOR of the two packs worse than the page's own bytes.

    Example:
        >>> base = bytes(range(32))
        >>> page = base[:16] + b"NEW!" + base[20:]
        >>> xor = bytes(a ^ b for a, b in zip(page, base))
        >>> delta = struct.pack("<II", XOR_MAGIC, 32) + xor
        >>> sparse = sparse_from_xor(delta, base, block=1)
        >>> apply_sparse(sparse, base) == page, len(sparse)
        (True, 20)
    """
    magic, length = struct.unpack_from("<II", delta)
    if magic != XOR_MAGIC or length != len(delta) - 8 or length % 4:
        raise ValueError("not a page snapshot delta")
    xor = delta[8:]
    size = block * 4
    page = _xor(xor, base)
    blocks = (length + size - 1) // size
    bits = bytearray((blocks + 7) // 8 + (-((blocks + 7) // 8) % 4))
    kept = []
    zero = bytes(size)
    for i in range(blocks):
        chunk = xor[i * size : (i + 1) * size]
        if chunk != zero[: len(chunk)]:
            bits[i >> 3] |= 1 << (i & 7)
            kept.append(page[i * size : (i + 1) * size])
    return struct.pack("<III", SPARSE_MAGIC, length, block) + bytes(bits) + b"".join(kept)


def apply_sparse(sparse: bytes, base: bytes) -> bytes:
    """The page snapshot from a sparse one and its base (what ``live/unpack.js`` does).

    Example:
        >>> head = struct.pack("<III", SPARSE_MAGIC, 8, 1) + bytes([2, 0, 0, 0])
        >>> apply_sparse(head + b"abcd", b"wxyzWXYZ")
        b'wxyzabcd'
    """
    magic, length, block = struct.unpack_from("<III", sparse)
    if magic != SPARSE_MAGIC:
        raise ValueError("not a sparse page snapshot")
    size = block * 4
    blocks = (length + size - 1) // size
    at = 12 + (blocks + 7) // 8 + (-((blocks + 7) // 8) % 4)
    out = bytearray(base[:length].ljust(length, b"\0"))
    for i in range(blocks):
        if sparse[12 + (i >> 3)] >> (i & 7) & 1:
            end = min((i + 1) * size, length)
            out[i * size : end] = sparse[at : at + end - i * size]
            at += end - i * size
    return bytes(out)


#: The runtime files published gzipped (live/build.py's GZIPPED) that are packed too.
RUNTIME = [
    "pyodide/pyodide.asm.wasm.gz",
    "pyodide/pyodide.asm.js.gz",
    "pyodide/python_stdlib.lean.zip.gz",
    "pyodide/python_stdlib.zip.gz",
]


def repack_snapshots(live: Path) -> str:
    """The build's snapshots, page snapshots and big runtime files under ``live``: gzip -> zstd.

    The standard library's zip archives are rewritten with their members stored
    (``stored_zip``) before they are packed.

    Returns what happened, for the log.
    """
    if _zstd() is None:
        return "snapshots stay gzipped (no zstd command: apt-get install zstd)"
    files = [
        live / "python-snapshot.bin.gz",
        *sorted((live / "pages").glob("*.bin.gz")),
        *(live / name for name in RUNTIME),
    ]
    files = [f for f in files if f.exists()]
    before = sum(f.stat().st_size for f in files)
    saved = 0
    base_file = live / "python-snapshot.bin.gz"
    base = gzip.decompress(base_file.read_bytes()) if base_file.exists() else None
    for path in files:
        page = path.parent.name == "pages" and base is not None
        got = _repack(path, base if page else None)
        if got is None:
            return f"snapshots stay gzipped from {path.name} on (zstd failed its round trip)"
        saved += got
    return (
        f"{len(files)} snapshots and runtime files packed in Zstandard: {before / 1e6:.1f} MB -> "
        f"{(before - saved) / 1e6:.1f} MB"
    )
