/* git_chain: a line of commits and their root trees read from one pack, compiled (issue 35).
 *
 * Included by memtui_native.c when zlib's header and library are there (hatch_build.py
 * defines MEMTUI_ZLIB and links -lz; without them the module is built without it and
 * memtui reads every object in Python, as before). The compiled twin of
 * `memtui.core.git.chain.chain_py` (tests/core/test_git_chain.py compares them):
 *
 *   git_chain(pack, index, start, max_commits, max_bytes, out) -> int
 *
 * From the commit ``start`` (40 hex digits) down its first parents while each commit has
 * one parent: each commit, then its root tree, read from the pack ``pack`` (a buffer: the
 * mapped pack) through its version-2 index ``index`` (a buffer, checked by PackFile), is
 * put in the dict ``out`` as ``out[hex id] = (type, offset, header length, size,
 * content)``, only when it is a plain entry (no delta) of the type its place says (commit
 * 1, tree 2), its header told from its first 16 bytes, its size at most 1 MiB (a commit)
 * or 4 MiB (a tree), and its data inflate to exactly that size with the stream's end.
 * Anything else is left out (a commit left out ends the line): memtui's Python reader
 * reads it as it always has, and says why when it cannot. At most ``max_commits``
 * commits, and no object once the contents put in ``out`` would pass ``max_bytes``.
 * Returns the number of commits read. Reads nothing outside the two buffers; every
 * inflate is bounded by the size its header gives.
 *
 * Nothing here decides anything the Python reader does not decide again: an object is
 * found in the index as `PackFile.offset` finds it (a bucket of at most 512 ids searched
 * in order, a larger one by `bisect.bisect_left`'s halving), and `Repo._packed_object`
 * takes a content from ``out`` only where it would have read the very same entry.
 */
#include <zlib.h>

#define CHAIN_NAMES_AT (8 + 1024)
#define CHAIN_SCAN_BUCKET 512
#define CHAIN_MAX_COMMIT (1024 * 1024)
#define CHAIN_MAX_TREE (4 * 1024 * 1024)

static uint32_t chain_be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

/* The offset of the object ``raw`` (20 bytes) in the pack: 1 found, 0 not, -1 the index
 * cannot say (a large offset outside it). */
static int chain_offset(const unsigned char *idx, Py_ssize_t len, const unsigned char *raw,
                        uint64_t *offset)
{
    uint32_t count = chain_be32(idx + 8 + 4 * 255);
    uint64_t offsets_at = CHAIN_NAMES_AT + 24 * (uint64_t)count;
    uint64_t large_at = offsets_at + 4 * (uint64_t)count;
    if ((uint64_t)len < large_at + 40)
        return -1;
    uint32_t lo = raw[0] ? chain_be32(idx + 8 + 4 * (raw[0] - 1)) : 0;
    uint32_t hi = chain_be32(idx + 8 + 4 * raw[0]);
    if (lo > hi || hi > count)
        return -1;
    uint32_t i;
    if (hi - lo <= CHAIN_SCAN_BUCKET) {
        for (i = lo; i < hi; i++)
            if (memcmp(idx + CHAIN_NAMES_AT + 20 * (uint64_t)i, raw, 20) == 0)
                break;
        if (i >= hi)
            return 0;
    }
    else {
        uint32_t a = lo, b = hi;
        while (a < b) {
            uint32_t mid = a + (b - a) / 2;
            if (memcmp(idx + CHAIN_NAMES_AT + 20 * (uint64_t)mid, raw, 20) < 0)
                a = mid + 1;
            else
                b = mid;
        }
        i = a;
        if (i >= hi || memcmp(idx + CHAIN_NAMES_AT + 20 * (uint64_t)i, raw, 20) != 0)
            return 0;
    }
    uint32_t off = chain_be32(idx + offsets_at + 4 * (uint64_t)i);
    if (off & 0x80000000u) {
        uint64_t at = large_at + 8 * (uint64_t)(off & 0x7FFFFFFFu);
        if (at + 8 > (uint64_t)len - 40)
            return -1;
        *offset = ((uint64_t)chain_be32(idx + at) << 32) | chain_be32(idx + at + 4);
    }
    else
        *offset = off;
    return 1;
}

static int chain_hex(const unsigned char *s, unsigned char *raw)
{
    for (int i = 0; i < 40; i++) {
        int c = s[i], v;
        if (c >= '0' && c <= '9')
            v = c - '0';
        else if (c >= 'a' && c <= 'f')
            v = c - 'a' + 10;
        else
            return 0;
        if (i & 1)
            raw[i / 2] |= (unsigned char)v;
        else
            raw[i / 2] = (unsigned char)(v << 4);
    }
    return 1;
}

/* The plain entry of type ``kind`` whose id is ``raw``, inflated: 1 read (``*body`` a new
 * reference, ``*offset`` and ``*used`` its place and header's length), 0 left out, -1 a
 * Python error. ``budget``: the bytes still allowed. */
static int chain_inflate(const unsigned char *pack, Py_ssize_t pack_len,
                         const unsigned char *idx, Py_ssize_t idx_len, const unsigned char *raw,
                         int kind, uint64_t cap, z_stream *zs, uint64_t budget,
                         PyObject **body_out, uint64_t *offset_out, Py_ssize_t *used_out)
{
    uint64_t offset;
    *body_out = NULL;
    if (chain_offset(idx, idx_len, raw, &offset) != 1 || offset < 12 ||
        offset >= (uint64_t)pack_len)
        return 0;
    const unsigned char *p = pack + offset;
    Py_ssize_t avail = pack_len - (Py_ssize_t)offset, i = 1;
    Py_ssize_t head_max = avail < 16 ? avail : 16;
    unsigned char byte = p[0];
    if (((byte >> 4) & 7) != kind)
        return 0;
    uint64_t size = byte & 15;
    int shift = 4;
    while (byte & 0x80) {
        if (i >= head_max)
            return 0;
        byte = p[i++];
        if (byte & 0x7F) {
            if (shift >= 32)
                return 0; /* over any cap */
            size |= (uint64_t)(byte & 0x7F) << shift;
        }
        shift += 7;
    }
    if (size > cap || size > budget)
        return 0;
    PyObject *body = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size);
    if (body == NULL)
        return -1;
    if (inflateReset(zs) != Z_OK) {
        Py_DECREF(body);
        return 0;
    }
    Py_ssize_t left = avail - i;
    zs->next_in = (Bytef *)(p + i);
    zs->avail_in = 0;
    zs->next_out = (Bytef *)PyBytes_AS_STRING(body);
    zs->avail_out = (uInt)size;
    int rc = Z_OK;
    while (rc == Z_OK || (rc == Z_BUF_ERROR && zs->avail_in == 0 && left > 0)) {
        /* the input given in pieces zlib's counters can hold; Z_FINISH: one call inflates
         * a small entry whole, without keeping a window */
        if (zs->avail_in == 0) {
            if (left == 0)
                break;
            uInt piece = left > (1 << 30) ? (1u << 30) : (uInt)left;
            zs->avail_in = piece;
            left -= piece;
        }
        rc = inflate(zs, Z_FINISH);
    }
    if (rc != Z_STREAM_END || zs->total_out != size) {
        Py_DECREF(body);
        return 0;
    }
    *body_out = body;
    *offset_out = offset;
    *used_out = i;
    return 1;
}

static PyObject *chain_hex_str(const unsigned char *raw)
{
    static const char digits[] = "0123456789abcdef";
    char hex[40];
    for (int k = 0; k < 20; k++) {
        hex[2 * k] = digits[raw[k] >> 4];
        hex[2 * k + 1] = digits[raw[k] & 15];
    }
    return PyUnicode_FromStringAndSize(hex, 40);
}

/* ``out[hex id] = (kind, offset, used, size, body)``: 0, or -1 a Python error. */
static int chain_put(PyObject *out, const unsigned char *raw, int kind, uint64_t offset,
                     Py_ssize_t used, PyObject *body)
{
    PyObject *key = chain_hex_str(raw);
    PyObject *item = key == NULL ? NULL
        : Py_BuildValue("(iKnnO)", kind, (unsigned long long)offset, used,
                        PyBytes_GET_SIZE(body), body);
    int bad = item == NULL || PyDict_SetItem(out, key, item) < 0;
    Py_XDECREF(key);
    Py_XDECREF(item);
    return bad ? -1 : 0;
}

/* `chain_inflate`, then `chain_put`; ``*budget`` less its size. */
static int chain_read(const unsigned char *pack, Py_ssize_t pack_len, const unsigned char *idx,
                      Py_ssize_t idx_len, const unsigned char *raw, int kind, uint64_t cap,
                      z_stream *zs, PyObject *out, uint64_t *budget, PyObject **body_out)
{
    uint64_t offset;
    Py_ssize_t used;
    int got = chain_inflate(pack, pack_len, idx, idx_len, raw, kind, cap, zs, *budget,
                            body_out, &offset, &used);
    if (got != 1)
        return got;
    if (chain_put(out, raw, kind, offset, used, *body_out) < 0) {
        Py_CLEAR(*body_out);
        return -1;
    }
    *budget -= (uint64_t)PyBytes_GET_SIZE(*body_out);
    return 1;
}

static PyObject *native_git_chain(PyObject *self, PyObject *args)
{
    Py_buffer pack, idx;
    const char *start;
    Py_ssize_t start_len, max_commits, max_bytes;
    PyObject *out;
    if (!PyArg_ParseTuple(args, "y*y*s#nnO!", &pack, &idx, &start, &start_len, &max_commits,
                          &max_bytes, &PyDict_Type, &out))
        return NULL;
    Py_ssize_t done = 0;
    int failed = 0;
    unsigned char raw[20], tree[20];
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    if (idx.len < CHAIN_NAMES_AT + 40 || start_len != 40 ||
        !chain_hex((const unsigned char *)start, raw) || max_bytes < 0 ||
        inflateInit(&zs) != Z_OK)
        goto end;
    uint64_t budget = (uint64_t)max_bytes;
    while (done < max_commits) {
        PyObject *body;
        int got = chain_read(pack.buf, pack.len, idx.buf, idx.len, raw, 1, CHAIN_MAX_COMMIT,
                             &zs, out, &budget, &body);
        if (got != 1) {
            failed = got < 0;
            break;
        }
        done++;
        const unsigned char *c = (const unsigned char *)PyBytes_AS_STRING(body);
        Py_ssize_t n = PyBytes_GET_SIZE(body);
        /* "tree " HEX "\n" "parent " HEX "\n", and no second parent: the line goes on */
        int tree_ok = n >= 46 && memcmp(c, "tree ", 5) == 0 && c[45] == '\n' &&
            chain_hex(c + 5, tree);
        int one_parent = tree_ok && n >= 94 && memcmp(c + 46, "parent ", 7) == 0 &&
            c[93] == '\n' && chain_hex(c + 53, raw) &&
            !(n >= 101 && memcmp(c + 94, "parent ", 7) == 0);
        Py_DECREF(body);
        if (tree_ok) {
            got = chain_read(pack.buf, pack.len, idx.buf, idx.len, tree, 2, CHAIN_MAX_TREE,
                             &zs, out, &budget, &body);
            if (got < 0) {
                failed = 1;
                break;
            }
            Py_XDECREF(body);
        }
        if (!one_parent)
            break;
    }
    inflateEnd(&zs);
end:
    PyBuffer_Release(&pack);
    PyBuffer_Release(&idx);
    if (failed)
        return NULL;
    return PyLong_FromSsize_t(done);
}
