"""The Zstandard packing of the build's snapshots and runtime files (``live/pack.py``).

The sparse page snapshots round-trip exactly, with exact sizes; a packed file is the
``zstd`` command's frame, its size written in (the worker needs it). The ``zstd``
command is needed (``.ci/run`` installs it), as ``make book`` needs it.
"""

from __future__ import annotations

import gzip
import io
import random
import shutil
import struct
import zipfile

import pytest

from live import pack


def xor_delta(page: bytes, base: bytes) -> bytes:
    """The worker's page snapshot format: "RBD1", the length, every word XOR the base's."""
    common = min(len(page), len(base))
    xor = bytes(a ^ b for a, b in zip(page[:common], base[:common])) + page[common:]
    return struct.pack("<II", pack.XOR_MAGIC, len(page)) + xor


def test_zstd_is_there():
    assert shutil.which("zstd") is not None, "apt-get install zstd (make book packs with it)"


def test_a_packed_frame_gives_its_size_and_its_bytes_back():
    data = bytes(range(256)) * 300 + b"rulebook" * 1000
    packed = pack.compress(data)
    assert packed is not None and packed[:4] == bytes.fromhex("28b52ffd")
    assert len(packed) < len(data) // 10
    assert pack.frame_size(packed) == len(data) == 84_800
    assert pack.decompress(packed) == data


def test_a_frame_size_is_read_from_each_header_width():
    # (magic, descriptor, [window], size): single segment with 1 byte, 2 bytes (+256), 4 bytes
    assert pack.frame_size(bytes.fromhex("28b52ffd") + bytes([0x20, 200])) == 200
    assert (
        pack.frame_size(bytes.fromhex("28b52ffd") + bytes([0x60]) + (1000).to_bytes(2, "little"))
        == 1256
    )
    assert (
        pack.frame_size(bytes.fromhex("28b52ffd") + bytes([0xA0]) + (70_000).to_bytes(4, "little"))
        == 70_000
    )
    assert (
        pack.frame_size(bytes.fromhex("28b52ffd") + bytes([0x00, 0x00])) is None
    )  # size not written
    assert pack.frame_size(b"\x1f\x8b\x08\x00rest") is None  # gzip


def test_a_sparse_page_keeps_only_the_blocks_that_differ():
    base = bytes(range(256)) * 4  # 1024 bytes: 64 blocks of 16
    page = bytearray(base)
    page[20:24] = b"NEW!"  # block 1
    page[1000:1002] = b"zz"  # block 62
    sparse = pack.sparse_from_xor(xor_delta(bytes(page), base), base)
    # header 12, bitmap of 64 blocks 8 bytes, two blocks of 16 bytes
    assert len(sparse) == 12 + 8 + 32
    assert struct.unpack_from("<III", sparse) == (pack.SPARSE_MAGIC, 1024, pack.SPARSE_BLOCK)
    assert sparse[12:20] == bytes([0b10, 0, 0, 0, 0, 0, 0, 0b0100_0000])
    assert sparse[20:36] == bytes(page[16:32])  # the page's own bytes, not their XOR
    assert pack.apply_sparse(sparse, base) == bytes(page)


@pytest.mark.parametrize("block", [1, 2, 4, 16])
def test_a_sparse_page_round_trips_whatever_its_length_and_its_base(block):
    rng = random.Random(block)
    base = rng.randbytes(4000)
    page = bytearray(base + rng.randbytes(96))  # the page grew: its tail is all new
    for at in rng.sample(range(len(base)), 40):
        page[at] ^= 0xFF
    sparse = pack.sparse_from_xor(xor_delta(bytes(page), base), base, block=block)
    assert pack.apply_sparse(sparse, base) == bytes(page)
    shorter = base[:3000]  # (a base shorter than the page)
    sparse = pack.sparse_from_xor(xor_delta(bytes(page), shorter), shorter, block=block)
    assert pack.apply_sparse(sparse, shorter) == bytes(page)


def test_what_is_not_a_page_snapshot_is_refused():
    base = bytes(64)
    with pytest.raises(ValueError, match="not a page snapshot delta"):
        pack.sparse_from_xor(struct.pack("<II", 0x12345678, 8) + bytes(8), base)
    with pytest.raises(ValueError, match="not a page snapshot delta"):
        pack.sparse_from_xor(struct.pack("<II", pack.XOR_MAGIC, 12) + bytes(8), base)  # length
    with pytest.raises(ValueError, match="not a page snapshot delta"):
        pack.sparse_from_xor(struct.pack("<II", pack.XOR_MAGIC, 6) + bytes(6), base)  # words
    with pytest.raises(ValueError, match="not a sparse page snapshot"):
        pack.apply_sparse(struct.pack("<III", pack.XOR_MAGIC, 4, 1) + bytes(8), base)


def test_the_lean_standard_library_keeps_the_unicode_codecs_and_what_calculators_use():
    kept = [
        "encodings/__init__.py",
        "encodings/utf_8.py",
        "encodings/latin_1.py",
        "statistics.py",
        "fractions.py",
        "json/decoder.py",
    ]
    dropped = ["encodings/cp1252.py", "encodings/mac_roman.py", "tarfile.py", "timeit.py"]
    assert [pack.lean_member(n) for n in kept] == [True] * 6
    assert [pack.lean_member(n) for n in dropped] == [False] * 4


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_stored_zip_keeps_what_it_is_told_every_member_stored():
    source = _zip({"a.py": b"a = 1\n" * 50, "tarfile.py": b"x", "encodings/cp1252.py": b"y"})
    out = zipfile.ZipFile(io.BytesIO(pack.stored_zip(source, pack.lean_member)))
    assert [(i.filename, i.compress_type) for i in out.infolist()] == [("a.py", zipfile.ZIP_STORED)]
    assert out.read("a.py") == b"a = 1\n" * 50
    assert len(zipfile.ZipFile(io.BytesIO(pack.stored_zip(source))).infolist()) == 3


def test_the_build_snapshots_and_runtime_files_are_repacked_in_zstandard(tmp_path):
    rng = random.Random(7)
    base = rng.randbytes(2048) * 8  # 16 kB of snapshot
    page = bytearray(base)
    page[100:140] = bytes(40)
    live = tmp_path / "live"
    (live / "pages").mkdir(parents=True)
    (live / "pyodide").mkdir()
    (live / "python-snapshot.bin.gz").write_bytes(gzip.compress(base))
    delta = xor_delta(bytes(page), base)
    (live / "pages" / "book--dice.html.bin.gz").write_bytes(gzip.compress(delta))
    stdlib = _zip({"statistics.py": b"s = 1\n", "encodings/cp1252.py": b"c = 1\n"})
    (live / "pyodide" / "python_stdlib.lean.zip.gz").write_bytes(gzip.compress(stdlib))
    said = pack.repack_snapshots(live)
    assert said.startswith("3 snapshots and runtime files packed in Zstandard: ")
    assert sorted(p.relative_to(live).as_posix() for p in live.rglob("*") if p.is_file()) == [
        "pages/book--dice.html.bin.zst",
        "pyodide/python_stdlib.lean.zip.zst",
        "python-snapshot.bin.zst",
    ]
    assert pack.decompress((live / "python-snapshot.bin.zst").read_bytes()) == base
    sparse = pack.decompress((live / "pages" / "book--dice.html.bin.zst").read_bytes())
    assert sparse[:4] == struct.pack("<I", pack.SPARSE_MAGIC)
    assert len(sparse) == 12 + 128 + 3 * 16  # 1024 blocks; 6, 7 and 8 differ (bytes 96..143)
    assert pack.apply_sparse(sparse, base) == bytes(page)
    lean = zipfile.ZipFile(
        io.BytesIO(pack.decompress((live / "pyodide" / "python_stdlib.lean.zip.zst").read_bytes()))
    )
    assert [(i.filename, i.compress_type) for i in lean.infolist()] == [
        ("statistics.py", zipfile.ZIP_STORED)
    ]
